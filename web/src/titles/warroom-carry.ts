// "Carry out the rest" (Phase 3 › Step 2): while one of the seat's nations resolves its orders, one
// button carries out its remaining orders in box order as written. The view's `carry_out` gives the
// next order's legal action (warroom/movement.cpp, carry_out_next); the page sends it, and on each
// newer view the next one, until no order is left or the owner must choose (a pin, a choice of
// routes), which the panel then says. The page decides nothing itself.
import { escape } from '../api';
import { render, t } from '../i18n';
import type { WarRoomCarryOut } from '../view-types';

// The view's carry_out (view-types.ts).
export type CarryOut = WarRoomCarryOut;

// The nation whose orders are being carried out, in which game, and the last view version acted on.
let carrying: { game: string; nation: string; version: number } | null = null;

const paceMs = 350; // long enough to see each move drawn on the map

export function carryOutPanel(
  v: { id: string; version: number; carry_out?: CarryOut | null },
  act: (action: string) => Promise<void>,
): HTMLElement | null {
  const c = v.carry_out;
  if (carrying && (carrying.game !== v.id || c?.nation !== carrying.nation || !c.action)) carrying = null;
  if (!c) return null;
  const panel = document.createElement('section');
  panel.className = 'panel wr-carry';
  panel.dataset.place = 'side';
  const running = carrying !== null;
  panel.innerHTML = `<h2>${escape(t('warroom.carry_out.title'))}</h2>
    <p class="carry-message" role="status">${escape(running ? t('warroom.carry_out.running', { nation: t(`warroom.nation.${c.nation}`) }) : render(c.message))}</p>
    ${
      running
        ? `<button class="carry-stop">${escape(t('warroom.carry_out.stop'))}</button>`
        : c.action
          ? `<button class="carry-rest primary">${escape(t('warroom.carry_out.button'))}</button>`
          : ''
    }`;
  const next = (action: string) => {
    carrying = { game: v.id, nation: c.nation, version: v.version };
    act(action).catch(() => (carrying = null));
  };
  panel.querySelector('button.carry-rest')?.addEventListener('click', () => next(c.action!));
  panel.querySelector('button.carry-stop')?.addEventListener('click', () => {
    carrying = null;
    panel.querySelector('.carry-message')!.textContent = render(c.message);
  });
  // A newer view while carrying out: its next order after a pause.
  if (carrying && c.action && v.version !== carrying.version) {
    const at = carrying;
    setTimeout(() => {
      if (carrying === at) next(c.action!);
    }, paceMs);
  }
  return panel;
}
