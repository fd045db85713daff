// War Room's turn-order panel (Phase 2 › Step 2. Reveal Bids and Establish Turn Order): while the
// slots are chosen, every nation's revealed bid in the order they choose (the highest bid first, ties
// drawn), the slot each has taken, and the seat's free slots as buttons beside them (play-test
// 2026-12-05, afternoon, finding 8: "take turn-order slot 1 ... 5" stood in the action list with the
// bids far from it, in the sheets' panel). Each button sends one of the seat's legal `slot` actions;
// the page decides nothing itself.
import type { Legal } from '../actions';
import { escape } from '../api';
import { t } from '../i18n';
import type { WarRoomView } from '../view-types';
import { colour } from './warroom-map';

export interface Bidder {
  nation: string;
  bid: number;
  slot: number; // 0 while not taken
  now: boolean; // the seat's nation choosing now
}

// The nation of the seat choosing a slot now, if any.
const chooser = (v: WarRoomView, legal: Legal) =>
  v.terminal ? undefined : v.nations.find((n) => v.seat && n.seat === v.seat && legal.find({ kind: 'slot', nation: n.id }))?.id;

// The nations whose bids are revealed, in the order they choose: the highest bid first; among equal
// bids those that have a slot, then the one choosing, then the rest (their order is drawn).
export function bidders(v: WarRoomView, legal: Legal): Bidder[] {
  const now = chooser(v, legal);
  const rank = (b: Bidder) => (b.slot ? 0 : b.now ? 1 : 2);
  return v.nations
    .filter((n) => n.sheet.bid !== null)
    .map((n) => ({ nation: n.id, bid: n.sheet.bid ?? 0, slot: n.slot, now: n.id === now }))
    .sort((a, b) => b.bid - a.bid || rank(a) - rank(b));
}

// The slot actions the panel offers: the page's action list leaves them out and points here.
export function slotActions(v: WarRoomView, legal: Legal): string[] {
  const nation = chooser(v, legal);
  return nation ? legal.where({ kind: 'slot', nation }) : [];
}

const nationName = (id: string) => t(`warroom.nation.${id}`);

function row(b: Bidder): string {
  const state = b.slot
    ? t('warroom.web.slots.has_slot', { slot: b.slot })
    : b.now
      ? t('warroom.web.slots.choosing')
      : t('warroom.web.slots.later');
  return `<tr data-nation="${escape(b.nation)}"${b.now ? ' class="now"' : ''}><th scope="row"><i class="swatch" style="background:${colour[b.nation] ?? '#999'}"></i>${escape(nationName(b.nation))}</th>
    <td class="bid">${escape(t('warroom.web.slots.bid', { count: b.bid }))}</td><td class="slot">${escape(state)}</td></tr>`;
}

// The slots 1..N: a free one the seat may take is a button, a taken one names its nation.
function slotButtons(v: WarRoomView, legal: Legal, nation: string, count: number): string {
  const holder = new Map(v.nations.filter((n) => n.slot && n.sheet.bid !== null).map((n) => [n.slot, n.id]));
  const buttons = [];
  for (let slot = 1; slot <= count; ++slot) {
    const action = legal.find({ kind: 'slot', nation, slot });
    const taken = holder.get(slot);
    buttons.push(
      action
        ? `<button class="take-slot${slot === 1 ? ' primary' : ''}" data-action="${escape(action)}">${escape(t('warroom.web.slots.take', { slot }))}</button>`
        : `<button class="take-slot" disabled>${escape(taken ? t('warroom.web.slots.taken', { slot, nation: taken }) : t('warroom.web.slots.take', { slot }))}</button>`,
    );
  }
  return `<p class="slots" role="group" aria-label="${escape(t('warroom.web.slots.choose', { nation: nationName(nation) }))}">${buttons.join('')}</p>`;
}

export function slotPanel(v: WarRoomView, legal: Legal, act: (action: string) => Promise<void>): HTMLElement | null {
  if (v.terminal || v.step !== 'choose-slot') return null;
  const list = bidders(v, legal);
  if (!list.length) return null;
  const now = list.find((b) => b.now)?.nation;
  const panel = document.createElement('section');
  panel.className = 'panel wr-slots';
  panel.dataset.place = 'side';
  panel.innerHTML = `<h2>${escape(t('warroom.web.slots.title'))}</h2>
    <p class="hint">${escape(t('warroom.web.slots.how'))}</p>
    ${now ? `<p class="choose" role="status"><b>${escape(t('warroom.web.slots.choose', { nation: nationName(now) }))}</b></p>` : ''}
    <table class="bids"><thead><tr><th scope="col">${escape(t('warroom.web.state.nation'))}</th><th scope="col">${escape(t('warroom.web.slots.bid_heading'))}</th><th scope="col">${escape(t('warroom.web.slots.slot_heading'))}</th></tr></thead>
    <tbody>${list.map(row).join('')}</tbody></table>
    ${now ? slotButtons(v, legal, now, list.length) : ''}`;
  panel
    .querySelectorAll<HTMLButtonElement>('button.take-slot[data-action]')
    .forEach((b) => b.addEventListener('click', () => act(b.dataset.action!)));
  return panel;
}
