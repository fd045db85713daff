// War Room on the game page: the project's world map in the printed board's polar view
// (warroom-map.ts; not the printed board: its notice is shown with it), the seat's Orders &
// Purchases Chart (warroom-sheet.ts), the round's reveals and battles step by step with the Battle
// Status Board (warroom-battle.ts), the tracks at the pole, and each nation's economy and morale.
// Orders are written by clicking: a stack, then a destination outlined on the map; every click sends
// one of the seat's legal actions as the server lists them.
import { Legal } from '../actions';
import { escape, type WarRoomView } from '../api';
import { has, render, t } from '../i18n';
import { titleEvent, titleFields, type WarRoomActionFields, type WarRoomLogEvent } from '../wire';
import type { TitleUi } from './index';
import type { MapLayout, MapRegion } from './warroom-geo';
import { colour, resourceColour, WarRoomMap, type Arrow, type MapState, type Stack } from './warroom-map';
import { confirmDone, destinationsInOrder, sheetPanel, unitCount, units, whyOf } from './warroom-sheet';
import { executing, executionPanel, roundSteps, stanceGroups, type BattleBoard, type BoardChoice, type LogEntry } from './warroom-battle';
import { victoryPanel } from './warroom-victory';
import { guidePanel, startTour, tourIfDue } from './warroom-guide';
import { oddsPanel } from './warroom-odds';
import { hintPanel } from './warroom-hint';
import { endScreen } from './warroom-end';
import { carryOutPanel } from './warroom-carry';
import { launchPanel } from './warroom-launch';
import { openingPanel } from './warroom-opening';
import { penaltyStepNote, zoneNoteText } from './warroom-zones';
import { exposedRegions } from './warroom-exposed';
import { placementActions, placementPanel } from './warroom-placement';
import { slotActions, slotPanel } from './warroom-slots';
import { forcedFightPanel } from './warroom-forced';
import './warroom.css';

// The page's War Room state that outlives one drawing: the map (and its zoom) and the region whose
// details are open. One game page at a time. The map's geometry (the coastlines with d3) is loaded
// apart from the rest of the client, when a War Room game is first shown: until then a placeholder
// stands in its place.
// It also keeps the log as far as the page has received it (each view carries its last lines), the
// boards of the battles it has seen fought, and the step of the execution shown (null: the latest).
interface Page {
  game: string;
  layout: MapLayout;
  map: WarRoomMap | null;
  holder: HTMLElement;
  focus: string | null;
  click: (id: string, onStack: boolean) => void;
  escape: () => boolean; // Escape: closes the region's details, or puts the selected Command down
  refresh: () => void;
  log: (LogEntry | undefined)[];
  boards: Map<number, BattleBoard>;
  step: number | null;
  steps: number;
  moves: Arrow[]; // the moves of the nation whose reveal the execution panel shows
  legal: Legal; // the legal actions of the view last drawn (a handler may run after a redraw)
  commandsOpen: boolean; // the sheet's list of Commands without an order, as the player left it
  over: boolean; // the end of the war has been drawn
}
let page: Page | null = null;

function pageFor(v: WarRoomView, layout: MapLayout): Page {
  if (page && page.game === v.id && page.layout === layout) return page;
  const holder = document.createElement('section');
  holder.className = 'panel warroom-map loading';
  holder.innerHTML = `<p class="notice">${escape(layout.notice)}</p><p role="status">Drawing the world map…</p>`;
  const p: Page = {
    game: v.id,
    layout,
    map: null,
    holder,
    focus: null,
    click: () => undefined,
    escape: () => false,
    refresh: () => undefined,
    log: [],
    boards: new Map(),
    step: null,
    steps: 0,
    moves: [],
    legal: Legal.of(v),
    commandsOpen: false,
    over: false,
  };
  page = p;
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && page === p && !document.querySelector('.confirm-dialog') && p.escape()) e.preventDefault();
  });
  import('./warroom-geo').then(({ mapGeometry }) => {
    if (page !== p) return;
    p.map = new WarRoomMap(layout, mapGeometry(layout), (id, onStack) => p.click(id, onStack));
    p.holder.replaceWith(p.map.element);
    p.refresh();
  });
  return p;
}

// The war's end closes a region's details left open during play (play-test 2026-12-05, finding 16:
// G1's details covered the end screen's map); a click opens them again.
export function closeDetailsAtEnd(p: { focus: string | null; over: boolean }, terminal: boolean): void {
  if (terminal && !p.over) p.focus = null;
  p.over = terminal;
}

const ownNations = (v: WarRoomView) => v.nations.filter((n) => v.seat && n.seat === v.seat);
// The Turn Order track as the view gives it (the nations whose slot is taken, slot 1 first), each
// with its own slot: while the slots are chosen after the bids, a nation in slot 5 may come second.
export const turnOrder = (v: WarRoomView) =>
  (v.turn_order ?? []).map((nation, i) => ({ nation, slot: v.nations.find((n) => n.id === nation)?.slot || i + 1 }));

function mapState(v: WarRoomView, marked: Set<string>, focus: string | null, moves: Arrow[]): MapState {
  const legal = Legal.of(v);
  const commandRegion = (nation: string, number: number) => v.commands.find((c) => c.nation === nation && c.number === number)?.region;
  const selectable = new Set<string>(),
    destinations = new Set<string>(),
    doomed = new Map<string, string>();
  let selected: string | null = null;
  for (const n of ownNations(v)) {
    legal.values<number>({ kind: 'select', nation: n.id }, 'command').forEach((num) => {
      const r = commandRegion(n.id, num);
      if (r) selectable.add(r);
    });
    legal.where({ kind: 'to', nation: n.id }).forEach((to) => {
      const r = String(legal.fields[to].region);
      const fails = v.destinations?.[to];
      if (fails) doomed.set(r, whyOf(fails));
      else destinations.add(r);
    });
    if (n.sheet.selected) selected = commandRegion(n.id, n.sheet.selected) ?? null;
  }
  const arrows: Arrow[] = executing(v) ? [...moves] : [];
  for (const n of v.nations)
    (n.sheet.orders ?? []).forEach((o, box) => {
      const from = o && o.status === 'written' ? commandRegion(n.id, o.command) : undefined;
      if (o && from)
        arrows.push({
          from,
          to: o.to,
          nation: n.id,
          box: box + 1,
          label: `${n.id} box ${box + 1}: Command ${o.command} ${from} → ${o.to}`,
        });
    });
  const building = new Map<string, number>();
  for (const k of v.construction ?? [])
    building.set(
      k.region,
      Object.values(k.units).reduce((a, b) => a + b, 0),
    );
  return {
    controller: new Map(v.regions.map((r) => [r.id, r.controller])),
    bombs: new Map(v.regions.map((r) => [r.id, r.bombs])),
    embattled: new Set(v.regions.filter((r) => r.embattled).map((r) => r.id)),
    hotspots: new Set([...(v.hotspots ?? []), ...(v.battle ? [v.battle.region] : [])]),
    inPlay: new Set([...v.regions.map((r) => r.id), ...(v.seas ?? [])]),
    stacks: v.commands,
    building,
    arrows,
    destinations,
    doomed,
    selectable,
    selected,
    marked,
    focus,
    own: new Set(ownNations(v).map((n) => n.id)),
    objectives: new Set((v.victory?.alliances ?? []).flatMap((a) => a.terms.flatMap((t) => t.regions.map((r) => r.id)))),
    tracks: {
      round: v.round,
      phase: v.terminal ? null : (v.phase_number ?? null), // after the war: no phase ("Phase —" read as a fault)
      order: turnOrder(v),
      nations: v.nations.map((n) => ({
        id: n.id,
        zone: n.zone,
        stress: n.stress,
        threshold: n.threshold,
        threshold_provenance: n.threshold_provenance,
        oil: n.oil,
        iron: n.iron,
        osr: n.osr,
        collapsed: n.collapsed,
      })),
    },
  };
}

function income(r: MapRegion): string {
  if (!r.income) return '';
  return (['oil', 'iron', 'osr'] as const)
    .filter((k) => r.income![k])
    .map((k) => `<b style="color:${resourceColour[k]}">${r.income![k]} ${escape(t(`warroom.resource.${k}`))}</b>`)
    .join(' ');
}

// The details of a region: what the printed map shows of it, its controller and its stacks, with
// the seat's Commands there to select; in the reader's language (warroom.web.info.*).
const nationName = (id: string) => (has(`warroom.nation.${id}`) ? t(`warroom.nation.${id}`) : id);
const MARK = '\u0001'; // where a name goes in bold into a message escaped as a whole
const withBold = (key: string, arg: string, value: string) => escape(t(key, { [arg]: MARK })).replace(MARK, `<b>${escape(value)}</b>`);

function regionFacts(v: WarRoomView, r: MapRegion): string {
  const state = v.regions.find((x) => x.id === r.id);
  const kind = r.type === 'sea' ? 'sea' : r.type === 'impassable' ? 'impassable' : r.island ? 'island' : 'territory';
  const held = state
    ? state.controller
      ? withBold('warroom.web.info.controlled', 'nation', nationName(state.controller))
      : escape(t('warroom.web.info.neutral'))
    : r.type === 'territory'
      ? escape(t('warroom.web.info.not_in_play'))
      : '';
  return [
    escape(t(`warroom.web.info.${kind}`)),
    r.capital_of ? escape(t('warroom.web.info.capital', { nation: nationName(r.capital_of) })) : '',
    r.sv ? escape(t('warroom.web.info.sv', { sv: r.sv })) : '',
    income(r),
    r.industry ? escape(t('warroom.web.info.industry')) : '',
    r.port?.length ? escape(t('warroom.web.info.port', { seas: r.port.join(', ') })) : '',
    r.rail ? escape(t('warroom.web.info.rail')) : '',
    held,
    state?.bombs ? escape(t('warroom.web.info.bombs', { count: state.bombs })) : '',
    state?.embattled ? `<b class="embattled-text">${escape(t('warroom.web.info.embattled'))}</b>` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function regionInfo(v: WarRoomView, r: MapRegion, legal: Legal): string {
  const here = v.commands.filter((c) => c.region === r.id);
  const own = new Set(ownNations(v).map((n) => n.id));
  const ordered = (c: Stack) => {
    const n = v.nations.find((x) => x.id === c.nation);
    const box = n?.sheet.orders?.findIndex((o) => o && o.command === c.number && o.status === 'written') ?? -1;
    return box >= 0 ? ` <i>${escape(t('warroom.web.info.ordered', { box: box + 1, to: n!.sheet.orders![box]!.to }))}</i>` : '';
  };
  const rows = here
    .map((c) => {
      const can = own.has(c.nation) && legal.find({ kind: 'select', nation: c.nation, command: c.number });
      const tag = c.landing_tag ? ` ${escape(t('warroom.web.info.landing_tag'))}` : '';
      return `<li><span><i class="swatch" style="background:${colour[c.nation] ?? '#999'}"></i>${escape(c.nation)} ${c.number} <small>${escape(t(`warroom.web.info.category_${c.category}`))}</small>: ${escape(units(c))}${tag}${ordered(c)}</span>
      ${can ? `<button class="select" data-nation="${escape(c.nation)}" data-command="${c.number}">${escape(t('warroom.web.info.select'))}</button>` : ''}</li>`;
    })
    .join('');
  // The action list's actions naming it (placements are in their panel, not in the list).
  const apart = new Set(placementActions(v, legal));
  const named = new Legal(
    legal.actions.filter((a) => !apart.has(a)),
    legal.fields,
  ).names(r.id);
  return `<button class="close-info" aria-label="${escape(t('warroom.web.info.close'))}">×</button><h3>${escape(r.id)} ${escape(r.name)}</h3><p>${regionFacts(v, r)}</p>
    ${here.length ? `<ul class="stacks">${rows}</ul>` : `<p class="hint">${escape(t('warroom.web.info.no_command'))}</p>`}${orderHere(v, legal, r.id)}
    ${named ? `<p><button class="actions-here" data-id="${escape(r.id)}">${escape(t('warroom.web.info.actions_here', { region: r.id }))}</button></p>` : ''}`;
}

// The selected Command's order to this region, when it is one of its destinations: what the rules say
// of it (a destination it would not reach, and why) and the button that writes it.
function orderHere(v: WarRoomView, legal: Legal, id: string): string {
  const to = ownNations(v)
    .map((n) => legal.find({ kind: 'to', nation: n.id, region: id }))
    .find(Boolean);
  if (!to) return '';
  const fails = v.destinations?.[to];
  const label = t(fails ? 'warroom.web.info.order_anyway' : 'warroom.web.info.order_here');
  return `<p${fails ? ' class="doomed-why"' : ''}>${fails ? `${escape(whyOf(fails))}<br/>` : ''}<button class="order-here" data-action="${escape(to)}">${escape(label)}</button></p>`;
}

// The line right above the map while the seat writes its sheet: the selected Command and what to
// click next, else how to select one. It stands through the whole step, so that selecting a Command
// does not push the map down under the player's next click (play-test of 7 December: 45 px at
// 1280x800, 62 px on a phone). Null: no Command of the seat's to select.
export function mapLine(v: WarRoomView, legal: Legal, name: (id: string) => string): string | null {
  for (const n of ownNations(v)) {
    const c = v.commands.find((x) => x.nation === n.id && x.number === n.sheet.selected);
    if (!c) continue;
    const { reach } = destinationsInOrder(n, legal, { fails: (a) => !!v.destinations?.[a] });
    return t('warroom.web.sheet.selected', { command: c.number, region: name(c.region), units: units(c), count: reach.length });
  }
  const picking = ownNations(v).some(
    (n) => n.sheet.status === 'writing' && legal.values<number>({ kind: 'select', nation: n.id }, 'command').length > 0,
  );
  return picking ? t('warroom.web.sheet.pick_stack_map') : null;
}

// The view's last log entries put in their place in the page's log (an undo shortens it), as the
// execution panel reads them: each entry's structure (`log_events`) and its line worded in the
// reader's language, without the rulebook heading (shown only).
function keepLog(p: Page, v: WarRoomView) {
  const size = Number(v.log_size ?? v.log.length),
    base = size - v.log.length;
  const text = (i: number) => {
    const m = v.log_messages?.[i];
    return m && typeof m !== 'string' && m.args?.text ? render(m.args.text) : v.log[i];
  };
  p.log.length = Math.min(p.log.length, size);
  v.log.forEach((_, i) => {
    const event = titleEvent<WarRoomLogEvent>(v.log_events?.[i]); // none for the server's clock notes
    p.log[base + i] = event ? { event, text: text(i) } : undefined;
  });
  if (p.log.length < size) p.log.length = size;
}

// An action's stance split, as its structure gives it (a battle's stance choice), else undefined.
function stanceOf(v: WarRoomView, action: string): BoardChoice['stance'] {
  const f = titleFields<WarRoomActionFields>(v.action_fields?.[action]);
  if (f?.kind !== 'battle' || f.choice.choice !== 'stance') return undefined;
  const c = f.choice;
  return { nation: c.nation, unit: c.unit, stance: c.stance, rest_stance: c.rest_stance, count: c.count };
}

// The battle's stance splits the board offers with a count stepper: not listed again in the list.
const steppedStances = (v: WarRoomView) =>
  stanceGroups(
    v.legal_actions
      .filter((a) => v.action_fields?.[a]?.kind === 'battle')
      .map((a) => ({ action: a, text: '', note: '', stance: stanceOf(v, a) })),
  ).flatMap((g) => g.map((c) => c.action));

// The execution panel: the round's reveals and battles, the battle being fought with its board.
function execution(p: Page, v: WarRoomView, name: (id: string) => string, act: (action: string) => Promise<void>): HTMLElement {
  keepLog(p, v);
  const steps = roundSteps(p.log);
  if (steps.length !== p.steps) {
    // a new step is shown as it comes
    p.step = null;
    p.steps = steps.length;
  }
  // The board of the battle being fought, or of the last one as its debrief left it.
  const board = v.battle ?? v.last_battle;
  if (board) {
    const fought = steps.filter((s) => s.kind === 'battle' && s.region === board.region).pop();
    if (fought) p.boards.set(fought.at, board);
  }
  for (const s of steps) if (s.kind === 'battle') s.board = p.boards.get(s.at);
  let panel: HTMLElement;
  // The step's moves go on the map as arrows: where each Command of the nation shown went.
  const showMoves = () => {
    const s = steps[p.step === null ? steps.length - 1 : p.step];
    p.moves =
      s?.kind === 'reveal'
        ? s.moves
            .filter((o) => o.from && o.end)
            .map((o) => ({
              from: o.from!,
              to: o.end!,
              nation: s.nation,
              box: o.box,
              label: `${s.nation} box ${o.box}: Command ${o.command} ${o.from} → ${o.end}`,
            }))
        : [];
  };
  const go = (k: number | null) => {
    p.step = k;
    const next = draw();
    panel.replaceWith(next);
    panel = next;
    showMoves();
    p.refresh();
  };
  showMoves();
  // The seat's battle decisions, worded as the action list words them, for right under the board.
  const choices = v.legal_actions
    .filter((a) => v.action_fields?.[a]?.kind === 'battle')
    .map((a) => ({ action: a, text: render(v.action_messages?.[a]) || a, note: v.action_notes?.[a] ?? '', stance: stanceOf(v, a) }));
  // Who plays each nation (a reveal's cancelled order says when the rules bot cancels).
  const player = (nation: string) => {
    const seat = v.nations.find((n) => n.id === nation)?.seat;
    return seat ? v.seats?.[seat] : undefined;
  };
  const draw = () => executionPanel(steps, p.step, executing(v), v.legal_actions, { name, go, act, choices, player });
  panel = draw();
  return panel;
}

// After a Command is selected in a region's details the map, where its destinations are outlined, is
// kept on the screen with the line above it: on the phone the page was left with the map half off
// the screen (newcomer play-test of 5 December, evening, finding 6).
function keepMapInView(map: HTMLElement | undefined) {
  const box = map?.querySelector('.map-box')?.getBoundingClientRect();
  if (!map || !box || (box.top >= 0 && box.bottom <= window.innerHeight)) return;
  const line = map.querySelector<HTMLElement>('.map-status:not([hidden])');
  (line ?? map.querySelector<HTMLElement>('.map-box'))?.scrollIntoView?.({ block: 'start' });
}

export const warroom: TitleUi<WarRoomView> = {
  board(view, layoutData, marked, pick, _previous, act) {
    const v = view;
    const layout = layoutData as MapLayout;
    const p = pageFor(v, layout);
    closeDetailsAtEnd(p, !!v.terminal);
    const legal = Legal.of(v);
    p.legal = legal;
    const send = act ?? (async () => undefined);
    // The replay draws a past step with no way to act: what asks the server about the game now (the
    // odds, the hint) is left out (the replay's odds were asked of the live game: a battle of the past
    // is none now, and the server answered 422 into the console).
    const live = !!act && !v.terminal;
    const regions = new Map(layout.regions.map((r) => [r.id, r]));
    // Selecting reads the newest view's actions: "Change" selects a Command only once its order is
    // erased, in the view that answer drew.
    const select = async (nation: string, command: number) => {
      p.focus = null;
      const action = p.legal.find({ kind: 'select', nation, command });
      if (action) await send(action);
    };
    const openInfo = (id: string | null) => {
      p.focus = id;
      const map = p.map;
      if (!map) return;
      const r = id ? regions.get(id) : undefined;
      if (!r) return map.showInfo(null);
      map.showInfo(id, regionInfo(v, r, legal));
      const info = map.regionInfoPanel();
      info.querySelector('.close-info')?.addEventListener('click', () => openInfo(null));
      info.querySelectorAll<HTMLButtonElement>('button.select').forEach((b) =>
        b.addEventListener('click', async () => {
          await select(b.dataset.nation!, Number(b.dataset.command));
          keepMapInView(p.map?.element);
        }),
      );
      info.querySelector<HTMLButtonElement>('button.actions-here')?.addEventListener('click', () => pick(id!));
      info.querySelector<HTMLButtonElement>('button.order-here')?.addEventListener('click', (e) => {
        openInfo(null);
        send((e.currentTarget as HTMLButtonElement).dataset.action!);
      });
    };
    // A click on the map: the selected Command's own region puts it down again; a destination the
    // order would reach writes it, unless the click is on a stack's chip there (play-test 2026-12-05,
    // finding 5: a tap on Baltic States' name selected the Command standing there instead); a region
    // with one Command of the seat to select selects it; otherwise the region's details open (a
    // destination the order would not reach says why there, with a button to write it all the same).
    const chosen = ownNations(v)
      .map((n) => v.commands.find((c) => c.nation === n.id && c.number === n.sheet.selected))
      .find(Boolean);
    const deselect = () => {
      const action = ownNations(v)
        .map((x) => legal.find({ kind: 'deselect', nation: x.id }))
        .find(Boolean);
      if (action) send(action);
      return !!action;
    };
    p.escape = () => (p.focus ? (openInfo(null), true) : deselect());
    p.click = (id: string, onStack: boolean) => {
      if (chosen?.region === id && deselect()) return openInfo(null);
      const mine = v.commands.filter((c) => c.region === id && legal.find({ kind: 'select', nation: c.nation, command: c.number }));
      const order = ownNations(v)
        .map((n) => legal.find({ kind: 'to', nation: n.id, region: id }))
        .find((a) => a && !v.destinations?.[a]);
      if (mine.length === 1 && (onStack || !order)) return select(mine[0].nation, mine[0].number);
      if (order && !(onStack && mine.length)) {
        openInfo(null);
        send(order);
        return;
      }
      openInfo(p.focus === id ? null : id);
      // The details open beside the region clicked: the map is brought into view with them (on a
      // phone its foot was below the screen, and the details with it).
      if (p.focus) {
        p.map?.element.querySelector('.map-box')?.scrollIntoView?.({ block: 'nearest' });
        p.map?.regionInfoPanel().scrollIntoView?.({ block: 'nearest' });
      }
    };
    const name = (id: string) => `${id} ${regions.get(id)?.name ?? ''}`.trim();
    p.refresh = () => {
      p.map?.update(mapState(v, marked, p.focus, p.moves));
      p.map?.setStatus(mapLine(v, legal, name));
      openInfo(p.focus);
    };
    const battle = execution(p, v, name, send);
    p.refresh();
    const note = (action: string) => v.action_notes?.[action] ?? '';
    const fails = (action: string) => !!v.destinations?.[action];
    const sheet = sheetPanel(v.nations, v.seat, v.commands, legal, {
      act: send,
      select,
      name,
      note,
      fails,
      exposed: (nation) => exposedRegions(v, nation, regions),
      bidPaid: (v.phase_number ?? 0) > 2, // Phase 2 › Step 3: "All bids must be paid - win or lose."
      listOpen: () => p.commandsOpen,
      onList: (open) => (p.commandsOpen = open),
    });
    // While orders are executed and battles fought, the execution goes beside the decision and the
    // sheets under the map.
    if (executing(v)) delete sheet.dataset.place;
    const victory = v.victory ? [victoryPanel(v.victory, (nation) => v.nations.find((n) => n.id === nation)?.alliance)] : [];
    const guide = guidePanel(v, () => startTour());
    tourIfDue(v);
    // Phase 2 › Step 2: the revealed bids beside the seat's slot choice, right above it (the odds of
    // the revealed orders' battles, when there are any, above them).
    const slots = slotPanel(v, legal, send);
    if (slots) victory.unshift(slots);
    // The odds of the battles the seat's orders would start, are about to be fought or are fought.
    const odds = live ? oddsPanel(v, name) : null;
    if (odds) victory.unshift(odds);
    // Phase 3: "carry out the rest" of the seat's orders, beside the decision.
    const carry = v.terminal ? null : carryOutPanel(v, send);
    if (carry) victory.unshift(carry);
    // Phase 3 › Step 3: every carrier's fighter kept aboard in one click.
    const launch = v.terminal ? null : launchPanel(v, send);
    if (launch) victory.unshift(launch);
    // Phase 7 › Step 5: the seat's new units placed several of a type at a time.
    const placing = placementPanel(v, legal, name, send);
    if (placing) victory.unshift(placing);
    // Phase 4's Order of Battles: the nation's only conflict left begins by itself.
    const forced = v.terminal ? null : forcedFightPanel(v, name, send);
    if (forced) victory.unshift(forced);
    // The AI's advice for the seat's decision (the sheet it would write, with odds and why), above the
    // panels of the step, which stay right above the decision they serve.
    const advice = live ? hintPanel(v, name, send) : null;
    if (advice) victory.unshift(advice);
    // Round 1: a suggested opening for the seat's nation, step by step.
    const opening = v.terminal ? null : openingPanel(v, name, send);
    if (opening) victory.unshift(opening);
    // Between executions the Victory panel comes before the (empty) execution panel.
    return executing(v)
      ? [p.map?.element ?? p.holder, battle, sheet, guide, ...victory]
      : [p.map?.element ?? p.holder, sheet, guide, ...victory, battle];
  },
  // Under the phase line: a Stress Zone Penalties step paid by a nation further up the track says
  // that the penalty is cumulative (the nation is the one the seat's legal actions name).
  prompt(view) {
    const nation = Legal.of(view).values<string>({}, 'nation')[0];
    const note = penaltyStepNote(
      view.step,
      view.nations.find((n) => n.id === nation),
    );
    return note ? `<p class="wr-penalty-step">${escape(note)}</p>` : '';
  },
  // Beside each choice of the action list: who holds a destination, a rail invasion that will be
  // cancelled, a unit's cost, a stance's dice and steps (the view's action_notes, as the terminal's).
  note(view, _layout, action) {
    return escape(view.action_notes?.[action] ?? '');
  },
  confirm: (view, action) => confirmDone(view, action),
  // Every count of a placement is in the placement panel, and the turn-order slots in theirs beside
  // the bids, next to the decision: not in the list too.
  elsewhere(view) {
    const legal = Legal.of(view);
    const placing = placementActions(view, legal);
    if (placing.length) return { actions: new Set(placing), note: t('warroom.placement.in_panel') };
    const slots = slotActions(view, legal);
    if (slots.length) return { actions: new Set(slots), note: t('warroom.web.slots.elsewhere') };
    const stepped = steppedStances(view);
    return stepped.length ? { actions: new Set(stepped), note: t('warroom.web.stepper_elsewhere') } : null;
  },
  filterExample: () => t('warroom.guide.filter_example'),
  // Why the war ended, each nation's war, the replay's jumps and each round's summary.
  end(view, layout) {
    const regions = new Map((layout as MapLayout).regions.map((r) => [r.id, r.name]));
    return endScreen(view, (id) => `${id} ${regions.get(id) ?? ''}`.trim());
  },
  status(view) {
    const v = view;
    const slots = turnOrder(v);
    const order = slots.length
      ? `<p class="turn-order">${escape(t('warroom.web.turn_order'))}: ${slots.map(({ nation: n, slot }) => `<b style="color:${colour[n] ?? 'inherit'}" data-slot="${slot}">${slot}. ${escape(n)}</b>`).join(' ')}</p>`
      : '';
    const rows = v.nations
      .map(
        (
          n,
        ) => `<tr><td><i class="swatch" style="background:${colour[n.id] ?? '#999'}"></i><b>${escape(n.id)}</b>${n.collapsed ? ` <small class="collapsed">${escape(t('warroom.web.state.collapsed'))}</small>` : ''}</td>
      <td><span style="color:${resourceColour.oil}">${n.oil}</span>/<span style="color:${resourceColour.iron}">${n.iron}</span>/<span style="color:${resourceColour.osr}">${n.osr}</span></td>
      <td>${n.stress}/${n.threshold}</td><td>${n.medals}</td><td class="zone zone-${escape(n.zone)}" title="${escape(zoneNoteText(n))}">${escape(t(`warroom.zone.${n.zone}`))}</td>
      <td>${v.commands.filter((c) => c.nation === n.id).reduce((t, c) => t + unitCount(c), 0)}</td></tr>`,
      )
      .join('');
    // The headings in the reader's language (they were English in every language), free to break
    // after a slash ("petrolio/ferro/OSR") so that every column fits a phone's width.
    const th = (key: string) =>
      `<th${has(`warroom.web.state.${key}_title`) ? ` title="${escape(t(`warroom.web.state.${key}_title`))}"` : ''}>${escape(t(`warroom.web.state.${key}`)).replaceAll('/', '/<wbr>')}</th>`;
    return `<p>${escape(t('warroom.web.state.round', { round: v.round }))} · ${escape(v.rule ?? '')}</p>${order}<div class="wide"><table class="nations wr-nations"><tr>${['nation', 'resources', 'stress', 'medals', 'zone', 'units'].map(th).join('')}</tr>${rows}</table></div>`;
  },
  result(view) {
    const v = view;
    return t(`warroom.web.state.over_${v.winner === 'both-lose' ? 'both_lose' : (v.winner ?? 'stopped')}`);
  },
};
