// War Room's Orders & Purchases Chart on the page (Phase 2: Write Orders & Bid): the seat's own
// sheets with their boxes, the selected Command, the bid and "done"; the other nations' sheets only
// as "writing" or "done" until their reveal. Every button sends one of the seat's legal actions in
// its text form; the page never decides what is legal.
import type { Legal } from '../actions';
import { escape } from '../api';
import type { WarRoomNation, WarRoomOutlook, WarRoomSheet } from '../view-types';
import type { Question } from '../confirm';
import { has, render, t, type Message } from '../i18n';
import { CATEGORY_GLYPH, colour } from './warroom-map';
import type { Stack } from './warroom-map';
import { bindPurchases, purchasePanel } from './warroom-purchases';
import type { Exposed } from './warroom-exposed';
import { zoneAhead } from './warroom-zones';
import { reconstructedMark } from '../provenance';

// A nation and its Orders & Purchases Chart as the view gives them (view-types.ts).
export type Sheet = WarRoomSheet;
export type Nation = WarRoomNation;

// The question before a "done" the view marks: the sheet's blank parts in the reader's language, or
// in Phase 6 the Stress a nation could still cancel or the zone it could still relieve.
export function confirmDone(
  v: { action_confirm?: Record<string, { parts: string[]; message: Message }> },
  action: string,
): Question | null {
  const marked = v.action_confirm?.[action];
  if (!marked) return null;
  const morale = marked.parts.some((p) => p === 'stress' || p === 'relief');
  return {
    title: t(morale ? 'warroom.confirm.morale_title' : 'warroom.confirm.title'),
    text: render(marked.message),
    yes: t(morale ? 'warroom.confirm.morale_yes' : 'warroom.confirm.submit'),
    no: t(morale ? 'warroom.confirm.morale_back' : 'warroom.confirm.back'),
  };
}

// A stack's units as the reader names them: "2 Bombers, 2 Fighters".
export const units = (c: Stack) =>
  Object.entries(c.units)
    .map(([u, n]) => t(`warroom.units.${u}`, { count: n }))
    .join(', ') || t('warroom.web.sheet.empty_stack');
export const unitCount = (c: Stack) => Object.values(c.units).reduce((a, b) => a + b, 0);

// Why the order would not reach a destination, in the reader's words from the view's reason id: every
// reason the outlook carries (the rail stops: the newcomer play-test of 5 December, finding 10, where
// German Karelia read as an invasion; pinned, a mistake, ...: Italian and Russian read the engine's
// English until issue 34's follow-up), else, for an id the catalogues lack, as the engine says it.
export const whyOf = (d: { reason: string; why: string }) =>
  has(`warroom.web.destination_why.${d.reason}`) ? t(`warroom.web.destination_why.${d.reason}`) : d.why;

export interface SheetHandlers {
  name: (region: string) => string; // "R12 Smolensk"
  act: (action: string) => Promise<void>;
  select: (nation: string, command: number) => void; // shows the Command on the map, then selects it
  note: (action: string) => string; // what a choice means (the view's action_notes), or ''
  fails?: (action: string) => boolean; // a destination the order would not reach (the view's destinations)
  exposed?: (nation: string) => Exposed[]; // key regions the orders leave empty next to the enemy (warroom-exposed.ts)
  bidPaid?: boolean; // the bids are paid (Phase 2 › Step 3 is over): the bid is no longer weighed against the oil held
  // Whether the list of Commands without an order is open: it stays as the player left it while the
  // orders are written one after another (the panel is drawn anew with every view).
  listOpen?: () => boolean;
  onList?: (open: boolean) => void;
}

// A written order that would not arrive on the map as it stands, marked on the sheet before "Done"
// (issue 34's play-test, finding 3): where it would stop by rail, or that it would be cancelled, and
// the rules' reason, from the view's outlook (the destination list's structure).
export function outlookText(o: WarRoomOutlook, name: (id: string) => string): string {
  if (o.outcome === 'stops_short') return t('warroom.web.sheet.would_stop', { stops: o.stops.map(name).join(', '), why: whyOf(o) });
  return t('warroom.web.sheet.would_cancel', { why: whyOf(o) });
}
const outlookNote = (o: WarRoomOutlook, name: (id: string) => string) =>
  ` <small class="outlook ${escape(o.outcome)}" data-reason="${escape(o.reason)}" role="note">${escape(outlookText(o, name))}</small>`;

function orderLine(n: Nation, box: number, o: SheetOrder, stacks: Stack[], legal: Legal, h: SheetHandlers): string {
  const c = stacks.find((s) => s.nation === n.id && s.number === o.command);
  const erase = legal.find({ kind: 'erase', nation: n.id, box: box + 1 });
  const state = o.status === 'written' ? '' : ` <i>(${escape(orderState(o, h.name))})</i>`;
  const warn = o.status === 'written' && o.outlook ? outlookNote(o.outlook, h.name) : '';
  return `<li class="box${warn ? ' would-fail' : ''}" value="${box + 1}"><span class="order-text">${o.command}${c ? ` <small>(${escape(c.region)}: ${escape(units(c))})</small>` : ''} → <b>${escape(h.name(o.to))}</b>${state}${warn}</span>
    ${
      erase
        ? `<span class="box-tools"><button class="change" data-box="${box + 1}" data-action="${escape(erase)}" data-command="${o.command}">${escape(t('warroom.web.sheet.change'))}</button>
      <button class="erase" data-box="${box + 1}" data-action="${escape(erase)}">${escape(t('warroom.web.sheet.erase'))}</button></span>`
        : ''
    }</li>`;
}

// The selected Command's destinations, each with its note: its name, who holds it, the enemy units
// there, a move by rail; the ones the order would reach first, then in red the ones it would not,
// with the rules' reason (play-test 2026-12-05, Global War: Manchuria's 31 rail moves to Europe
// that fail came before its 10 real destinations, and the sheet said "one of its 41").
export function destinationsInOrder(n: Nation, legal: Legal, h: Pick<SheetHandlers, 'fails'>): { reach: string[]; fail: string[] } {
  const all = legal.where({ kind: 'to', nation: n.id });
  const fails = (a: string) => h.fails?.(a) ?? false;
  return { reach: all.filter((a) => !fails(a)), fail: all.filter(fails) };
}

function destinationList(n: Nation, legal: Legal, h: SheetHandlers): string {
  const { reach, fail } = destinationsInOrder(n, legal, h);
  const destinations = [...reach, ...fail];
  if (!destinations.length) return '';
  const row = (action: string) => {
    const r = String(legal.fields[action].region);
    const note = h.note(action);
    const cancelled = h.fails?.(action) ?? false;
    return `<li${cancelled ? ' class="cancelled"' : ''}><button class="to" data-action="${escape(action)}">${escape(r)}</button> <small>${escape(note || h.name(r))}</small></li>`;
  };
  const summary = fail.length
    ? t('warroom.web.sheet.destinations_failing', { count: reach.length, failing: fail.length })
    : t('warroom.web.sheet.destinations', { count: reach.length });
  return `<details class="destinations" open><summary>${escape(summary)}</summary><ul>${destinations.map(row).join('')}</ul></details>`;
}

// The chart in Phase 7 › Step 3: the purchase panel and "done".
function purchaseSheet(n: Nation, legal: Legal): string {
  return `<div class="sheet own" data-nation="${escape(n.id)}">
    <h3><i class="swatch" style="background:${colour[n.id] ?? '#999'}"></i>${escape(n.id)} ${statusTag(n.sheet.status)}</h3>
    ${n.sheet.status === 'done' ? `<p class="hint taken-back">${escape(t('warroom.confirm.until_reveal'))}</p>` : ''}
    ${purchasePanel(n.id, n.sheet.purchase!, legal)}
    ${doneButton(n, legal, t('warroom.purchase.done', { nation: n.id }))}
  </div>`;
}

// The bid's line, its oil in bold: weighed against the oil held while the sheets are written, and
// said paid once Phase 2 › Step 3 has taken it.
function bidLine(bid: number, oil: number, paid: boolean): string {
  const marker = '\u0000';
  const line = paid ? t('warroom.web.sheet.bid_paid', { bid: marker }) : t('warroom.web.sheet.bid', { bid: marker, oil });
  return escape(line).replace(marker, `<b>${bid}</b>`);
}

// Beside "Done": the key regions these orders leave with none of the nation's units, next to enemy
// land units (play-test 2026-12-05, finding 6: Leningrad left so, and taken).
function exposedNote(exposed: Exposed[], name: (id: string) => string): string {
  if (!exposed.length) return '';
  return `<ul class="exposed" role="note">${exposed
    .map(
      (x) =>
        `<li data-region="${escape(x.region)}">${escape(t(x.stay ? 'warroom.web.sheet.exposed_staying' : 'warroom.web.sheet.exposed', { region: name(x.region), why: t(`warroom.web.sheet.exposed_why.${x.why}`), count: x.enemy, stay: x.stay }))}</li>`,
    )
    .join('')}</ul>`;
}

// A sheet's status ("writing", "done", "idle") in the reader's words; its class stays the view's.
const statusTag = (status: string) =>
  `<span class="sheet-status ${escape(status)}">${escape(has(`warroom.web.sheet.status.${status}`) ? t(`warroom.web.sheet.status.${status}`) : status)}</span>`;

// "Done", sending the nation's legal `done`, where it has one.
function doneButton(n: Nation, legal: Legal, label: string): string {
  const done = legal.find({ kind: 'done', nation: n.id });
  return done ? `<p><button class="done primary" data-action="${escape(done)}">${escape(label)}</button></p>` : '';
}

function ownSheet(n: Nation, stacks: Stack[], legal: Legal, h: SheetHandlers): string {
  const sh = n.sheet;
  if (sh.purchase) return purchaseSheet(n, legal);
  const selected = sh.selected ? stacks.find((s) => s.nation === n.id && s.number === sh.selected) : undefined;
  const selectable = legal.values<number>({ kind: 'select', nation: n.id }, 'command');
  const bids = legal.values<number>({ kind: 'bid', nation: n.id, thousands: false }, 'bid');
  const maxBid = Math.max(sh.bid ?? 0, ...bids);
  const writing = sh.status === 'writing';
  // While writing every box is shown; afterwards only the orders written.
  const boxes = (sh.orders ?? [])
    .map((o, b) => (o ? orderLine(n, b, o, stacks, legal, h) : writing ? `<li class="box empty">—</li>` : ''))
    .join('');
  return `<div class="sheet own" data-nation="${escape(n.id)}">
    <h3><i class="swatch" style="background:${colour[n.id] ?? '#999'}"></i>${escape(n.id)} ${statusTag(sh.status)}</h3>
    ${writing ? `<p class="zone-ahead zone-${escape(n.zone)}">${escape(zoneAhead(n))} ${reconstructedMark(n.threshold_provenance)}</p>` : ''}
    ${
      selected
        ? `<p class="selected" role="status">${escape(t('warroom.web.sheet.selected', { command: selected.number, region: h.name(selected.region), units: units(selected), count: destinationsInOrder(n, legal, h).reach.length }))}</p>
      ${destinationList(n, legal, h)}`
        : writing && selectable.length
          ? `<p class="hint">${escape(t('warroom.web.sheet.pick_stack'))}</p>`
          : ''
    }
    ${sh.status === 'done' ? `<p class="hint taken-back">${escape(t('warroom.confirm.until_reveal'))}</p>` : ''}
    ${sh.orders ? (boxes ? `<ol class="boxes">${boxes}</ol>` : `<p class="hint">${escape(t('warroom.web.sheet.no_orders_written'))}</p>`) : ''}
    ${
      writing && selectable.length
        ? `<details class="commands"${h.listOpen?.() ? ' open' : ''}><summary>${escape(t('warroom.web.sheet.without_order', { count: selectable.length }))}</summary>
      <div>${selectable
        .map((num) => {
          const c = stacks.find((s) => s.nation === n.id && s.number === num);
          // Land, air or naval at a glance (the map's glyphs); the region's name and the units in the title.
          const title = c ? ` title="${escape(`${h.name(c.region)}: ${units(c)}`)}"` : '';
          return `<button class="select" data-nation="${escape(n.id)}" data-command="${num}"${title}>${num} <small>${c ? `${escape(c.region)} · ${CATEGORY_GLYPH[c.category] ?? ''}${unitCount(c)}` : ''}</small></button>`;
        })
        .join('')}</div></details>`
        : ''
    }
    ${
      sh.bid !== null
        ? `<p class="bid">${bidLine(sh.bid, n.oil, h.bidPaid ?? false)}
      ${
        bids.length
          ? `<label>${escape(t('warroom.web.sheet.new_bid'))} <input type="number" class="bid-input" min="0" max="${maxBid}" value="${sh.bid}" inputmode="numeric"></label>
        <button class="set-bid">${escape(t('warroom.web.sheet.set_bid'))}</button>`
          : ''
      }</p><p class="bid-refused error" role="alert" hidden></p>`
        : ''
    }
    ${writing ? exposedNote(h.exposed?.(n.id) ?? [], h.name) : ''}
    ${writing ? doneButton(n, legal, t('warroom.web.sheet.done', { nation: n.id })) : ''}
  </div>`;
}

type SheetOrder = NonNullable<NonNullable<WarRoomSheet['orders']>[number]>;

// Why an order was cancelled, in the reader's words, from the view's reason id (the log's words for
// it: warroom.cancel_reason.*): by its owner (ruling 22), pinned (ruling 24), a mistake (ruling 21), ...
export const cancelReason = (id: string | undefined) => (id && has(`warroom.cancel_reason.${id}`) ? t(`warroom.cancel_reason.${id}`) : '');

// An order no longer written, in words: executed, stopped short (where, and why), or cancelled (and
// why: issue 34's play-test, finding 3, where two pinned orders read "(cancelled)" alone).
export function orderState(o: SheetOrder, name: (id: string) => string): string {
  if (o.stopped) {
    const region = name(o.stopped.in);
    if (o.stopped.reason) return t(`warroom.web.sheet_stopped_reason.${o.stopped.reason}`, { region }); // what closed it (ruling 29)
    return t(o.stopped.why === 'rail' ? 'warroom.web.sheet_stopped_rail' : 'warroom.web.sheet_stopped', { region });
  }
  if (o.status !== 'cancelled') return t('warroom.web.sheet_executed');
  const why = cancelReason(o.cancelled);
  return why ? t('warroom.web.sheet_cancelled_why', { why }) : t('warroom.web.sheet_cancelled');
}

// A nation's revealed orders, or only whether it is still writing.
function otherSheet(n: Nation, name: (id: string) => string): string {
  const orders = n.sheet.orders?.filter((o) => o) ?? null;
  return `<li${orders ? ' data-revealed="true"' : ''}><i class="swatch" style="background:${colour[n.id] ?? '#999'}"></i><b>${escape(n.id)}</b>
    ${statusTag(n.sheet.status)}
    ${orders ? `: ${orders.map((o) => `${o!.command}→${escape(o!.to)}${o!.status === 'written' ? '' : ` (${escape(orderState(o!, name))})`}`).join(', ') || escape(t('warroom.web.sheet.no_orders'))}` : ''}
    ${n.sheet.bid !== null ? ` · ${escape(t('warroom.web.sheet.other_bid', { bid: n.sheet.bid }))}` : ''}</li>`;
}

export function sheetPanel(nations: Nation[], seat: string | null, stacks: Stack[], legal: Legal, h: SheetHandlers): HTMLElement {
  const panel = document.createElement('section');
  panel.className = 'panel wr-sheet';
  panel.dataset.place = 'side';
  const own = nations.filter((n) => seat && n.seat === seat && n.sheet.orders !== null);
  const others = nations.filter((n) => !own.includes(n));
  panel.innerHTML = `<h2>${escape(t('warroom.web.sheet.title'))}</h2>
    ${own.map((n) => ownSheet(n, stacks, legal, h)).join('') || `<p class="hint">${escape(t(seat ? 'warroom.web.sheet.no_sheet' : 'warroom.web.sheet.spectator'))}</p>`}
    <ul class="others">${others.map((n) => otherSheet(n, h.name)).join('')}</ul>`;
  panel.querySelectorAll<HTMLElement>('.sheet.own').forEach((box) => {
    const nation = box.dataset.nation!;
    box.querySelectorAll<HTMLButtonElement>('button.erase').forEach((b) => b.addEventListener('click', () => h.act(b.dataset.action!)));
    // Changing an order: its box is emptied and its Command selected again; the next destination
    // clicked fills the lowest empty box, which is this one.
    box.querySelectorAll<HTMLButtonElement>('button.change').forEach((b) =>
      b.addEventListener('click', async () => {
        await h.act(b.dataset.action!);
        h.select(nation, Number(b.dataset.command));
      }),
    );
    box
      .querySelectorAll<HTMLButtonElement>('button.select')
      .forEach((b) => b.addEventListener('click', () => h.select(nation, Number(b.dataset.command))));
    const list = box.querySelector<HTMLDetailsElement>('details.commands');
    list?.addEventListener('toggle', () => h.onList?.(list.open));
    box.querySelectorAll<HTMLButtonElement>('button.to').forEach((b) => b.addEventListener('click', () => h.act(b.dataset.action!)));
    box
      .querySelector<HTMLButtonElement>('button.done')
      ?.addEventListener('click', (e) => h.act((e.currentTarget as HTMLButtonElement).dataset.action!));
    const input = box.querySelector<HTMLInputElement>('input.bid-input');
    const refused = box.querySelector<HTMLElement>('.bid-refused');
    // Bidding Oil for Turn Order: at most the oil held; a larger bid is refused in words, not ignored.
    const setBid = async () => {
      const bid = Math.max(0, Math.floor(Number(input!.value) || 0));
      const oil = nations.find((x) => x.id === nation)?.oil ?? 0;
      refused!.hidden = bid <= oil;
      refused!.textContent = bid > oil ? t('warroom.bid.over_oil', { bid, oil, nation: t(`warroom.nation.${nation}`) }) : '';
      const action = legal.find({ kind: 'bid', nation, bid, thousands: false });
      if (action) await h.act(action);
    };
    box.querySelector('button.set-bid')?.addEventListener('click', setBid);
    input?.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') setBid();
    });
  });
  bindPurchases(panel, h.act);
  return panel;
}
