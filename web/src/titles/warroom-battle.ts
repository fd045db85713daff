// War Room's execution on the page, step by step: Phase 3's reveal of each nation's O&P Chart and the
// execution or cancellation of each order (Movement Operations › Step 2. Resolve Movement in Turn
// Order), then each battle of Phase 4 on its Battle Status Board (Battle Setup, Resolve Battles,
// Battle Debrief): the rows by unit type with each side's stance and its dice, the dice of each batch
// with their colour and whether they hit, the hits assigned, the casualties and the Commanders. The
// steps are read from the log's structure (the view's `log_events`: each entry's rule, event and
// arguments as data ids, warroom/log_json.cpp); its worded lines are only shown. The battle being
// fought comes with its board from the view (`battle`), the last one fought with its final board
// (`last_battle`). Nothing here decides a rule.
import { escape } from '../api';
import type { WarRoomLogEvent } from '../wire';
import type { WarRoomBoardCounts, WarRoomBoardRow, WarRoomBoardSide, WarRoomLegendColour, WarRoomStanceDice } from '../view-types';
import { has, t } from '../i18n';
import { reconstructedMark } from '../provenance';
import { colour } from './warroom-map';
import { cancelReason } from './warroom-sheet';

// Phase 4's board in the view (Game::battle_json, warroom/view.cpp).
export type StanceDice = WarRoomStanceDice;
export type BoardCounts = WarRoomBoardCounts;
export type BoardRow = WarRoomBoardRow;
export type BoardSide = WarRoomBoardSide;
export type LegendColour = WarRoomLegendColour;
// The board of a battle being fought or of the last one fought (the view's battle and last_battle),
// as the page keeps the boards of the battles it has seen.
export interface BattleBoard {
  region: string;
  commanders?: (string | null)[];
  kind?: string;
  stage?: string;
  waiting_for?: string;
  assigning?: string; // the colour whose hit the Commander assigns now
  sides?: BoardSide[];
  legend?: LegendColour[];
  over?: boolean; // the final board, as the Battle Debrief left it
}

// One entry of the view's `log_events`, typed by schema/warroom-log.schema.json (warroom/log_json.cpp's tables).
export type LogEvent = WarRoomLogEvent;
// An entry as the page keeps it: its structure, and its line worded for the reader (shown, never read).
export interface LogEntry {
  event: LogEvent;
  text: string;
}

interface Die {
  colour: string;
  hit: boolean | null;
} // null: its hit is still to be assigned
interface Batch {
  nation: string;
  dice: Die[];
  hits: string[];
  misses: string[];
  events: string[];
}
interface Stage {
  title: string;
  batches: Batch[];
}
interface Move {
  box: number;
  command: number;
  to: string;
  from?: string;
  end?: string;
  rail?: string; // by rail it could go no nearer than this region (ruling 29): it stops there
  cancelled: boolean;
  why?: string; // cancelled: why (the log's reason id: "owner", "pinned", ...)
}

export type Step =
  | { kind: 'reveal'; at: number; nation: string; moves: Move[]; events: string[] }
  | {
      kind: 'battle';
      at: number;
      region: string;
      chooser: string;
      setup: string[];
      stages: Stage[];
      debrief: string[];
      board?: BattleBoard;
      raid?: boolean;
    }; // a Convoy Raid (Phase 4 > Raids): no Battle Setup, no stages

// The last round's steps: from the round's beginning (its last reveal's round), each nation's reveal
// and each battle, in the order the log has them.
export function roundSteps(log: (LogEntry | undefined)[]): Step[] {
  const event = (i: number) => log[i]?.event.event ?? null;
  let last = -1;
  for (let i = log.length - 1; i >= 0 && last < 0; --i) if (event(i) === 'sheet_revealed') last = i;
  if (last < 0) return [];
  let from = last;
  while (from > 0 && event(from - 1) !== 'round_begins') --from;
  const steps: Step[] = [];
  let battle: Extract<Step, { kind: 'battle' }> | null = null;
  let reveal: Extract<Step, { kind: 'reveal' }> | null = null;
  for (let i = from; i < log.length; ++i) {
    const entry = log[i];
    if (!entry) continue;
    const e = entry.event;
    if (e.event === 'sheet_revealed') {
      battle = null;
      steps.push((reveal = { kind: 'reveal', at: i, nation: e.nation ?? '', moves: [], events: [] }));
    } else if (e.event === 'battle_begins') {
      reveal = null;
      steps.push((battle = { kind: 'battle', at: i, region: e.region, chooser: e.nation ?? '', setup: [], stages: [], debrief: [] }));
    } else if (battle && e.rule.startsWith('Phase 4')) {
      battleLine(battle, entry);
    } else if (reveal && (e.rule.startsWith('Phase 3') || e.event === 'rail_obstructed')) {
      revealLine(reveal, entry);
    } else if (!e.rule.startsWith('Reorganizing')) {
      battle = reveal = null;
    }
  }
  return steps;
}

function revealLine(s: Extract<Step, { kind: 'reveal' }>, { event: e, text }: LogEntry) {
  const box = e.event === 'order_cancelled' ? s.moves.find((o) => o.box === e.box) : undefined;
  if (e.event === 'order_shown' && e.nation === s.nation) s.moves.push({ box: e.box, command: e.command, to: e.to, cancelled: false });
  else if (e.event === 'order_cancelled' && e.nation === s.nation && box) Object.assign(box, { cancelled: true, why: e.why });
  else if (e.event === 'rail_obstructed' && e.nation === s.nation) {
    const o = s.moves.find((x) => x.command === e.command && !x.from && !x.cancelled);
    if (o) o.rail = e.stop;
    else s.events.push(text);
  } else if ((e.event === 'moved' || e.event === 'moved_short') && e.nation === s.nation) {
    // Its first leg, or the next leg of a route through another region (the Command goes on).
    const o = s.moves.find((x) => x.command === e.command && !x.cancelled && (!x.from || (x.end === e.from && x.end !== x.to)));
    if (o) {
      o.from ??= e.from;
      o.end = e.to;
    } else s.events.push(text);
  } else s.events.push(text);
}

// What the engine applies at the Battle Debrief from a Strategic Bombing Raid (resources lost, units
// under construction, Bomb Tokens) is logged under the raid's heading, but it belongs with the
// debrief, beside the repairs paid (`repairs_paid`, under Debrief › 1), not in the last batch of dice.
const DEBRIEF_EFFECTS = new Set(['resources_lost', 'units_lost', 'bomb_token']);
const inDebrief = (e: LogEvent) => e.rule.includes('Debrief') || (e.rule.includes('Strategic Bombing') && DEBRIEF_EFFECTS.has(e.event));

function battleLine(b: Extract<Step, { kind: 'battle' }>, { event: e, text }: LogEntry) {
  const stage = b.stages[b.stages.length - 1];
  const batch = stage?.batches[stage.batches.length - 1];
  if (e.rule.includes('Convoy Raids')) b.raid = true;
  if (e.event === 'stage') b.stages.push({ title: text, batches: [] });
  else if (e.rule.includes('Battle Setup') || (!stage && !inDebrief(e))) b.setup.push(text);
  else if (inDebrief(e)) b.debrief.push(text);
  else if (e.event === 'batch') stage.batches.push({ nation: e.nation, dice: [], hits: [], misses: [], events: [] });
  else if (batch && e.event === 'die') batch.dice.push({ colour: e.colour, hit: null });
  else if (batch && e.event === 'miss') batch.misses.push(e.colour);
  else if (batch && (e.event === 'hit' || e.event === 'escort')) batch.hits.push(text);
  else if (batch) batch.events.push(text);
  else b.debrief.push(text);
  if (batch) settle(batch);
}

// Which dice of a batch hit: the misses are logged by colour once the hits are assigned; the dice
// neither missed nor yet assigned are pending, of the colour the Commander is assigning first
// (`prefer`, the board's `assigning`) when it is known.
function settle(batch: Batch, prefer: string | null = null) {
  const misses = [...batch.misses];
  const open: Die[] = [];
  for (const d of batch.dice) {
    const miss = misses.indexOf(d.colour);
    if (miss >= 0) {
      misses.splice(miss, 1);
      d.hit = false;
    } else open.push(d);
  }
  let pending = Math.max(0, open.length - batch.hits.length);
  const order = [...open.filter((d) => d.colour === prefer), ...open.filter((d) => d.colour !== prefer).reverse()];
  for (const d of order) d.hit = pending-- > 0 ? null : true;
}

const flag = (nation: string | null) =>
  nation ? `<span class="flag" style="--c:${colour[nation] ?? '#999'}">${escape(nation)}</span>` : '—';

function dieHtml(d: Die): string {
  const state = d.hit === null ? 'unassigned' : d.hit ? 'hit' : 'miss';
  const word = t(`warroom.web.die_${state}`);
  return (
    `<span class="die die-${escape(d.colour)} ${state}" title="${escape(t('warroom.web.die_title', { colour: d.colour, result: word }))}">` +
    `<span class="face">${escape(d.colour)}</span><span class="result">${escape(word)}</span></span>`
  );
}

// The seat's hits to assign on a nation's units of a row (Assign Damage): the board gives each box's
// command ("battle BC hit GER inf defensive fresh"); a button for each the seat may send.
// Each button says the hit as a player would: "hit a fresh German Artillery in Barrage".
function hitButtons(legal: string[], c: BoardCounts, nation: string, r: BoardRow): string {
  const words = (box: string) =>
    t('warroom.web.assign_hit', {
      box: t(`warroom.box.${box}`),
      nationality: t(`warroom.nationality.${nation}`),
      unit: unitName(r.unit),
      stance: stanceName(r.stance ?? ''),
    });
  return Object.entries(c.hit ?? {})
    .filter(([, a]) => a && legal.includes(a))
    .map(([box, a]) => `<button class="assign-hit" data-action="${escape(a!)}" title="${escape(a!)}">${escape(words(box))}</button>`)
    .join('');
}

// A unit type's and a stance's names in the reader's language (the view gives their data ids).
const unitName = (id: string) => (has(`warroom.unit.${id}`) ? t(`warroom.unit.${id}`) : id);
const stanceName = (id: string) => (has(`warroom.stance.${id}`) ? t(`warroom.stance.${id}`) : id);

// A stance with its dice beside it (Battle Setup › 5: each stance's air and surface dice). Where the
// values are the project's, the board says so once, under it (stanceNote): a mark on every stance
// was heavy on a phone (play-test of 5 December, evening, finding 14).
const stanceDice = (d: StanceDice) =>
  `<span class="sdice" title="${escape(t('warroom.web.stance_title', { air: d.air, surface: d.surface, steps: d.steps }))}">${escape(t('warroom.web.stance_dice', { air: d.air, surface: d.surface }))}</span>`;

// The one mark of the board's reconstructed stance dice, with what it marks.
function stanceNote(board: BattleBoard): string {
  const dice = (board.sides ?? []).flatMap((s) => s.rows.flatMap((r) => [...(r.dice ? [r.dice] : []), ...(r.stances ?? [])]));
  const reconstructed = dice.find((d) => d.provenance === 'reconstructed');
  if (!reconstructed) return '';
  return `<p class="hint stance-note">${reconstructedMark(reconstructed.provenance)} ${escape(t('warroom.web.stance_dice_note'))}</p>`;
}

function stanceHtml(r: BoardRow): string {
  if (r.stance !== null) return `${escape(stanceName(r.stance))} ${r.dice ? stanceDice(r.dice) : ''}`;
  const open = (r.stances ?? []).map((d) => `<li>${escape(stanceName(d.stance))} ${stanceDice(d)}</li>`).join('');
  return `<i>${escape(t('warroom.web.to_choose'))}</i><ul class="stances">${open}</ul>`;
}

type Box = 'fresh' | 'light' | 'damaged' | 'eliminated' | 'escaped';
const BOXES: Box[] = ['fresh', 'light', 'damaged', 'eliminated', 'escaped'];

// The d12's colours and what each hits (Assign Damage; Assigning White and Black Die Rolls).
function legendHtml(legend: LegendColour[] | undefined): string {
  if (!legend?.length) return '';
  const what = (l: LegendColour) =>
    l.special === 'wild'
      ? t('warroom.web.legend_wild')
      : l.special === 'damaged'
        ? t('warroom.web.legend_damaged')
        : l.hits.map(unitName).join(', ') || '—';
  return `<details class="legend" open><summary>${escape(t('warroom.web.legend'))}</summary><ul>${legend
    .map(
      (l) =>
        `<li><span class="die die-${escape(l.colour)}"><span class="face">${escape(l.colour)}</span></span> <small>${escape(t('warroom.web.legend_faces', { n: l.twelfths }))}</small> ${escape(what(l))}</li>`,
    )
    .join('')}</ul></details>`;
}

// The board's two sides, Allied Forces then Axis: a row per unit type and stance, a line per nation,
// and a column per damage box (the light, damaged and escaped boxes only when a unit is in one).
function boardHtml(board: BattleBoard, legal: string[]): string {
  if (!board.sides || board.kind === 'convoy-raid') return ''; // a raid has no rows: its dice and losses are the steps below
  const all = board.sides.flatMap((s) => s.rows.flatMap((r) => Object.values(r.nations)));
  const boxes = BOXES.filter((b) => b === 'fresh' || b === 'eliminated' || all.some((c) => c[b]));
  const side = (s: BoardSide) => {
    const rows = s.rows
      .flatMap((r) =>
        Object.entries(r.nations).map(
          ([n, c]) => `<tr data-nation="${escape(n)}" data-unit="${escape(r.unit)}"><td>${flag(n)}</td><th>${escape(unitName(r.unit))}</th>
      <td class="stance">${stanceHtml(r)}${hitButtons(legal, c, n, r)}</td>
      ${boxes.map((b) => `<td data-box="${b}" class="${b === 'eliminated' && c[b] ? 'lost' : ''}">${c[b] || ''}</td>`).join('')}</tr>`,
        ),
      )
      .join('');
    return `<div class="bside ${s.alliance}"><h4>${escape(t(`warroom.web.${s.alliance}`))} · ${escape(t('warroom.web.commander'))} ${flag(s.commander)}
        <small>${escape(t('warroom.web.dice_left', { n: s.dice_left }))}</small></h4>
      <table class="rows"><tr><th></th><th>${escape(t('warroom.web.unit'))}</th><th>${escape(t('warroom.web.stance'))}</th>
        ${boxes.map((b) => `<th>${escape(t(`warroom.web.${b}`))}</th>`).join('')}</tr>
        ${rows || `<tr><td colspan="${boxes.length + 3}" class="hint">${escape(t('warroom.web.no_units'))}</td></tr>`}</table></div>`;
  };
  const status = board.over ? t('warroom.web.board_final') : board.waiting_for ? t('warroom.web.now', { what: board.waiting_for }) : '';
  return `${status ? `<p class="waiting" role="status">${escape(status)}</p>` : ''}
    <div class="bboard">${board.sides.map(side).join('')}</div>${stanceNote(board)}`;
}

// The seat's battle decision right under the board (a stance, an escort, a garrison...: each as
// the action list words it), so that on a phone the choice is read and made beside the board, not
// below the odds. A hit is not repeated here: its buttons are in the board's rows.
export interface BoardChoice {
  action: string;
  text: string;
  note: string;
  stance?: { nation: string; unit: string; stance: string; rest_stance: string | null; count: number }; // a stance's split
}

// A unit type's stance splits ("all 18 in Assault", "1 in Defensive, 17 in Assault", ...), one
// action per count: from this many on they are one count stepper, not a button each (18 Infantry
// were 19 buttons, several screens on a phone: play-test of 5 December, evening, finding 9).
export const STEPPER_FROM = 5;
export function stanceGroups(choices: BoardChoice[]): BoardChoice[][] {
  const groups = new Map<string, BoardChoice[]>();
  for (const c of choices) {
    if (!c.stance) continue;
    const k = JSON.stringify([c.stance.nation, c.stance.unit, c.stance.stance, c.stance.rest_stance]);
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  return [...groups.values()].filter((g) => g.length >= STEPPER_FROM).map((g) => [...g].sort((a, b) => a.stance!.count - b.stance!.count));
}

const countLabel = (c: BoardChoice) => t('warroom.web.stepper_count', { count: c.stance!.count, stance: stanceName(c.stance!.stance) });

// One group as a stepper: the split's words as the action list words them, − and + to change the
// count in the first stance, and the button that sends it; it starts at the split listed first.
function stepperHtml(group: BoardChoice[], first: BoardChoice): string {
  const c = group.indexOf(first);
  const s = group[c].stance!;
  return `<div class="stance-stepper" role="group" data-choices="${escape(JSON.stringify(group.map((x) => ({ action: x.action, text: x.text, note: x.note, label: countLabel(x) }))))}" data-at="${c}">
    <p class="stepper-what">${escape(group[c].text)}${group[c].note ? `<small>${escape(group[c].note)}</small>` : ''}</p>
    <p class="stepper-count"><button type="button" class="step-less" aria-label="${escape(t('warroom.web.stepper_less', { stance: stanceName(s.stance) }))}"${c === 0 ? ' disabled' : ''}>−</button>
    <output>${escape(countLabel(group[c]))}</output>
    <button type="button" class="step-more" aria-label="${escape(t('warroom.web.stepper_more', { stance: stanceName(s.stance) }))}"${c === group.length - 1 ? ' disabled' : ''}>+</button>
    <button class="board-choice stepper-take primary" data-action="${escape(group[c].action)}">${escape(t('warroom.web.stepper_take'))}</button></p></div>`;
}

// A stepper's − and +: the split shown, its count and the action sent move together.
function bindStepper(box: HTMLElement) {
  const list = JSON.parse(box.dataset.choices!) as { action: string; text: string; note: string; label: string }[];
  const go = (step: number) => {
    const at = Math.max(0, Math.min(list.length - 1, Number(box.dataset.at) + step));
    box.dataset.at = String(at);
    const x = list[at];
    const what = box.querySelector('.stepper-what')!;
    what.textContent = x.text;
    if (x.note) what.insertAdjacentHTML('beforeend', `<small>${escape(x.note)}</small>`);
    box.querySelector('output')!.textContent = x.label;
    box.querySelector<HTMLButtonElement>('.stepper-take')!.dataset.action = x.action;
    box.querySelector<HTMLButtonElement>('.step-less')!.disabled = at === 0;
    box.querySelector<HTMLButtonElement>('.step-more')!.disabled = at === list.length - 1;
  };
  box.querySelector('.step-less')!.addEventListener('click', () => go(-1));
  box.querySelector('.step-more')!.addEventListener('click', () => go(1));
}

function choicesHtml(board: BattleBoard | undefined, choices: BoardChoice[]): string {
  const onBoard = new Set(
    (board?.sides ?? []).flatMap((sd) => sd.rows.flatMap((r) => Object.values(r.nations).flatMap((c) => Object.values(c.hit ?? {})))),
  );
  const here = choices.filter((c) => !onBoard.has(c.action));
  if (!here.length) return '';
  const grouped = new Map(stanceGroups(here).flatMap((g) => g.map((c) => [c, g] as const)));
  const drawn = new Set<BoardChoice[]>();
  const html = here
    .map((c) => {
      const group = grouped.get(c);
      if (!group)
        return `<button class="board-choice" data-action="${escape(c.action)}" title="${escape(c.action)}">${escape(c.text)}${c.note ? `<small>${escape(c.note)}</small>` : ''}</button>`;
      if (drawn.has(group)) return '';
      drawn.add(group);
      return stepperHtml(group, c);
    })
    .join('');
  return `<div class="board-decision" role="group" aria-label="${escape(t('ui.web.your_decision'))}"><h4>${escape(t('ui.web.your_decision'))}</h4>${html}</div>`;
}

function battleHtml(
  s: Extract<Step, { kind: 'battle' }>,
  name: (id: string) => string,
  legal: string[],
  choices: BoardChoice[] = [],
): string {
  const last = s.stages[s.stages.length - 1]?.batches.slice(-1)[0];
  if (last && s.board?.assigning) settle(last, s.board.assigning);
  const lines = (l: string[]) => l.map((x) => `<li>${escape(x)}</li>`).join('');
  const stages = s.stages
    .map(
      (st) =>
        `<h4>${escape(st.title)}</h4>${st.batches
          .map(
            (b) => `<div class="batch">
      <p>${flag(b.nation)} ${escape(t('warroom.web.rolls', { count: b.dice.length }))}</p>
      <p class="dice">${b.dice.map(dieHtml).join('')}</p>
      ${b.hits.length || b.events.length ? `<ul class="hits">${lines([...b.hits, ...b.events])}</ul>` : ''}</div>`,
          )
          .join('')}`,
    )
    .join('');
  return `<h3 class="step-title">${escape(t(s.raid ? 'warroom.web.raid_in' : 'warroom.web.battle_in', { region: name(s.region) }))}</h3>
    ${s.board ? boardHtml(s.board, legal) : ''}${choicesHtml(s.board, choices)}${s.board && s.board.sides && s.board.kind !== 'convoy-raid' ? legendHtml(s.board.legend) : ''}
    ${s.setup.length ? `<details class="setup"${s.stages.length ? '' : ' open'}><summary>${escape(t(s.raid ? 'warroom.web.raid' : 'warroom.web.setup'))}</summary><ul>${lines(s.setup)}</ul></details>` : ''}
    ${stages}
    ${s.debrief.length ? `<h4>${escape(t('warroom.web.debrief'))}</h4><ul class="debrief">${lines(s.debrief)}</ul>` : ''}`;
}

// A cancelled order says who cancelled it and why a nation may (ruling 22), and for a nation the
// rules bot plays, when that bot cancels (docs/warroom/bots.md, Phase 3 Step 2): "cancelled" alone
// read as a fault (play-test of 5 December, evening, finding 12). One the rules left no move says
// the rule instead (pinned, ruling 24; ...: issue 34's play-test, finding 3), never its owner.
function cancelledWhy(nation: string, player: string | undefined, why: string | undefined): string {
  if (why && why !== 'owner' && cancelReason(why)) return t('warroom.web.sheet_cancelled_why', { why: cancelReason(why) });
  const who = t('warroom.web.order_cancelled', { nation: has(`warroom.nation.${nation}`) ? t(`warroom.nation.${nation}`) : nation });
  return player === 'bot:rules' ? `${who}; ${t('warroom.web.order_cancelled_rules_bot')}` : who;
}

function revealHtml(
  s: Extract<Step, { kind: 'reveal' }>,
  name: (id: string) => string,
  player?: (nation: string) => string | undefined,
): string {
  const move = (o: Move) => {
    // Where it went: its destination, or where it stopped short (by rail no nearer, ruling 29).
    const state = o.cancelled ? 'cancelled' : !o.from ? 'unexecuted' : o.end === o.to ? 'moved' : o.rail ? 'stopped_rail' : 'stopped';
    const where = { from: o.from ? name(o.from) : '', to: o.end ? name(o.end) : '' };
    const words = state === 'cancelled' ? cancelledWhy(s.nation, player?.(s.nation), o.why) : t(`warroom.web.order_${state}`, where);
    return `<li class="${state}" value="${o.box}"${o.end ? ` data-end="${escape(o.end)}"` : ''}>${escape(t('warroom.web.command', { number: o.command }))} → <b>${escape(name(o.to))}</b>
      <span class="order-state">${escape(words)}</span></li>`;
  };
  return `<h3 class="step-title">${flag(s.nation)} ${escape(t('warroom.web.reveals'))}</h3>
    ${s.moves.length ? `<ol class="moves">${s.moves.map(move).join('')}</ol>` : `<p class="hint">${escape(t('warroom.web.no_orders'))}</p>`}
    ${s.events.length ? `<ul class="events">${s.events.map((e) => `<li>${escape(e)}</li>`).join('')}</ul>` : ''}`;
}

// The panel: one step at a time, with the steps' list to go back and forth; `at` is the step
// shown (the last when null: the page follows the game).
// A hit is assigned by clicking the row it strikes (the seat's legal actions only, sent by `act`).
export interface ExecutionHandlers {
  name: (id: string) => string;
  go: (step: number | null) => void;
  act: (action: string) => Promise<void>;
  choices?: BoardChoice[]; // the seat's battle decisions now, worded
  player?: (nation: string) => string | undefined; // who plays a nation: "human", "bot:rules", ...
}
// Phases 3 and 4: the orders are revealed and executed, the battles fought. Read from the phase's
// number, never its words ("Fase 3" in Italian, "фаза 3" in Russian).
export const executing = (v: { battle?: unknown; phase_number: number }): boolean =>
  !!v.battle || v.phase_number === 3 || v.phase_number === 4;

export function executionPanel(steps: Step[], at: number | null, live: boolean, legal: string[], h: ExecutionHandlers): HTMLElement {
  const { name, go } = h;
  const panel = document.createElement('section');
  panel.className = 'panel wr-battle';
  if (live) panel.dataset.place = 'side'; // beside the decision the battle asks for
  const i = at === null || at >= steps.length ? steps.length - 1 : at;
  const s = steps[i];
  const label = (x: Step) => (x.kind === 'reveal' ? x.nation : `⚔\uFE0E ${x.region}`);
  panel.innerHTML = `<h2>${escape(t('warroom.web.execution'))}</h2>
    ${
      s
        ? `<nav class="steps" aria-label="${escape(t('warroom.web.steps'))}">
        <button class="step-prev" ${i > 0 ? '' : 'disabled'} aria-label="${escape(t('warroom.web.previous'))}">‹</button>
        ${steps.map((x, k) => `<button class="step ${x.kind}${k === i ? ' current' : ''}" data-step="${k}"${x.kind === 'battle' ? ` data-region="${escape(x.region)}"` : ''}${k === i ? ' aria-current="step"' : ''}>${escape(label(x))}</button>`).join('')}
        <button class="step-next" ${i < steps.length - 1 ? '' : 'disabled'} aria-label="${escape(t('warroom.web.next'))}">›</button></nav>
      <p class="step-of">${escape(t('warroom.web.step_of', { n: i + 1, total: steps.length }))}</p>
      <div class="step-body">${s.kind === 'battle' ? battleHtml(s, name, i === steps.length - 1 ? legal : [], i === steps.length - 1 ? (h.choices ?? []) : []) : revealHtml(s, name, h.player)}</div>`
        : `<p class="hint">${escape(t('warroom.web.no_steps'))}</p>`
    }`;
  panel
    .querySelectorAll<HTMLButtonElement>('button.assign-hit, button.board-choice')
    .forEach((b) => b.addEventListener('click', () => h.act(b.dataset.action!)));
  panel.querySelectorAll<HTMLElement>('.stance-stepper').forEach(bindStepper);
  panel.querySelector('.step-prev')?.addEventListener('click', () => go(i - 1));
  panel.querySelector('.step-next')?.addEventListener('click', () => go(i + 1 >= steps.length - 1 ? null : i + 1));
  panel.querySelectorAll<HTMLButtonElement>('button.step').forEach((b) =>
    b.addEventListener('click', () => {
      const k = Number(b.dataset.step);
      go(k === steps.length - 1 ? null : k);
    }),
  );
  return panel;
}
