// Phase 4 › Setup › Order of Battles: "In turn order, each Nation selects a conflict (including raids)
// to resolve ... The chosen conflict must involve the current Nation's forces." When the seat's nation
// has one conflict left, its selection is no choice, yet it cost a click every round (the Eastern
// Front play-test of 2026-12-05, finding 15: the own fleet's convoy raid). The engine still asks it
// (the selection is an action of the record, and saved games replay it), so the page begins such a
// conflict by itself after a short pause, saying so, unless the player turned that off here; a
// conflict taken back with Undo is not begun by itself again. The page sends the seat's one legal
// action and decides nothing else.
import { escape } from '../api';
import { t } from '../i18n';
import { titleFields, type WarRoomActionFields } from '../wire';
import type { WarRoomView } from '../view-types';

const SETTING = 'warroom.auto_fight';
const PAUSE_MS = 1200; // long enough to read what begins
const begun = new Set<string>(); // game:round:action begun by itself once
let pending: { key: string; timer: ReturnType<typeof setTimeout> } | null = null;
let latest: string | null = null; // the newest view's key: a pause outlived by the game sends nothing

export const autoFight = () => localStorage.getItem(SETTING) !== '0';

// The seat's one legal action when it is the selection of its nation's only conflict left.
export function onlyConflict(v: WarRoomView): string | null {
  if (v.terminal || v.step !== 'pick-region' || !v.seat || !v.active.includes(v.seat) || v.legal_actions.length !== 1) return null;
  const [action] = v.legal_actions;
  return v.action_fields?.[action]?.kind === 'fight' ? action : null;
}

function cancel() {
  if (pending) clearTimeout(pending.timer);
  pending = null;
}

export function forcedFightPanel(v: WarRoomView, name: (id: string) => string, act: (action: string) => Promise<void>): HTMLElement | null {
  const action = onlyConflict(v);
  const key = action ? `${v.id}:${v.round}:${action}` : null;
  latest = key;
  if (pending && pending.key !== key) cancel();
  if (!action || !key) return null;
  const fields = titleFields<WarRoomActionFields>(v.action_fields?.[action]);
  if (fields?.kind !== 'fight' || !fields.region) return null;
  const words = { region: name(fields.region), nation: t(`warroom.nation.${fields.nation}`) };
  const auto = autoFight() && !begun.has(key);
  const panel = document.createElement('section');
  panel.className = 'panel wr-forced';
  panel.dataset.place = 'side';
  panel.innerHTML = `<h2>${escape(t('warroom.forced.title'))}</h2>
    <p class="forced-message" role="status">${escape(t(auto ? 'warroom.forced.begins' : 'warroom.forced.only', words))}</p>
    <p><button class="forced-begin primary" data-action="${escape(action)}">${escape(t('warroom.forced.begin'))}</button></p>
    <label class="forced-setting"><input type="checkbox" ${autoFight() ? 'checked' : ''}> ${escape(t('warroom.forced.setting'))}</label>`;
  const begin = () => {
    cancel();
    begun.add(key);
    act(action);
  };
  panel.querySelector('button.forced-begin')!.addEventListener('click', begin);
  panel.querySelector<HTMLInputElement>('.forced-setting input')!.addEventListener('change', (e) => {
    const on = (e.target as HTMLInputElement).checked;
    localStorage.setItem(SETTING, on ? '1' : '0');
    if (!on) {
      cancel();
      panel.querySelector('.forced-message')!.textContent = t('warroom.forced.only', words);
    }
  });
  if (auto && pending?.key !== key)
    pending = {
      key,
      timer: setTimeout(() => {
        pending = null;
        if (latest === key && autoFight() && !begun.has(key)) begin();
      }, PAUSE_MS),
    };
  return panel;
}
