// War Room's execution on the page, step by step: Phase 3's reveal of each nation's O&P Chart and the
// execution or cancellation of each order (Movement Operations › Step 2. Resolve Movement in Turn
// Order), then each battle of Phase 4 on its Battle Status Board (Battle Setup, Resolve Battles,
// Battle Debrief): the rows by unit type with each side's stance, the dice of each batch with their
// colour and whether they hit, the hits assigned, the casualties and the Commanders. The steps are
// read from the log the page has received (the rules' own lines); the battle being fought also
// comes with its board from the view (`battle`). Nothing here decides a rule.
import { escape } from '../api';
import { t } from '../i18n';
import { colour } from './warroom-map';

// Phase 4's board in the view (Game::battle_json).
export interface BoardRow {
  unit: string;
  stance: string;
  nations: Record<string, { fresh: number; light: number; damaged: number; eliminated: number; escaped: number }>;
}
export interface BoardSide {
  alliance: 'allied' | 'axis';
  commander: string | null;
  dice_left: number;
  rows: BoardRow[];
}
export interface BattleBoard {
  region: string;
  commanders: (string | null)[];
  kind?: string;
  stage?: string;
  waiting_for?: string;
  sides?: BoardSide[];
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
  cancelled: boolean;
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

// "Phase 4 > Resolve Battles > 2. Roll Dice in Batches: GER die: blue" -> its rule and its text.
function split(line: string): [string, string] {
  const at = line.indexOf(': ');
  return at < 0 ? ['', line] : [line.slice(0, at), line.slice(at + 2)];
}

const BATTLE = /^(\S+) selects the Active region (\S+)$/;
const REVEAL = /^(\S+) reveals its O&P Chart: \d+ orders?$/;
const BOX = /^(\S+) box (\d+): Command (\d+) to (\S+)$/;
const CANCEL = /^(\S+) cancels box (\d+) \(Command (\d+)\)$/;
const MOVED = /^(\S+) moves Command (\d+) from (\S+) (?:to|and stops in) (\S+)$/;
const STAGE = /^(Air|Surface) Battle Stage: /;
const BATCH = /^(\S+) rolls a batch of \d+ (?:die|dice)$/;
const DIE = /^(\S+) die: (\w+)$/;
const MISS = /^(\w+) misses$/;
const HIT = /^(hit on .*|.* escort cruiser takes the hit)$/;

// The last round's steps: from the round's beginning (its last reveal's round), each nation's reveal
// and each battle, in the order the log has them.
export function roundSteps(log: string[]): Step[] {
  let last = -1;
  for (let i = log.length - 1; i >= 0 && last < 0; --i) if (REVEAL.test(split(log[i] ?? '')[1])) last = i;
  if (last < 0) return [];
  let from = last;
  while (from > 0 && !/^round \d+ begins$/.test(split(log[from - 1] ?? '')[1])) --from;
  const steps: Step[] = [];
  let battle: Extract<Step, { kind: 'battle' }> | null = null;
  let reveal: Extract<Step, { kind: 'reveal' }> | null = null;
  for (let i = from; i < log.length; ++i) {
    const [rule, text] = split(log[i] ?? '');
    let m: RegExpMatchArray | null;
    if ((m = text.match(REVEAL))) {
      battle = null;
      steps.push((reveal = { kind: 'reveal', at: i, nation: m[1], moves: [], events: [] }));
    } else if ((m = text.match(BATTLE))) {
      reveal = null;
      steps.push((battle = { kind: 'battle', at: i, region: m[2], chooser: m[1], setup: [], stages: [], debrief: [] }));
    } else if (battle && rule.startsWith('Phase 4')) {
      battleLine(battle, rule, text);
    } else if (reveal && rule.startsWith('Phase 3')) {
      revealLine(reveal, text);
    } else if (!rule.startsWith('Reorganizing')) {
      battle = reveal = null;
    }
  }
  return steps;
}

function revealLine(s: Extract<Step, { kind: 'reveal' }>, text: string) {
  let m: RegExpMatchArray | null;
  const box = (n: string) => s.moves.find((o) => o.box === Number(n));
  if ((m = text.match(BOX)) && m[1] === s.nation) s.moves.push({ box: Number(m[2]), command: Number(m[3]), to: m[4], cancelled: false });
  else if ((m = text.match(CANCEL)) && box(m[2])) box(m[2])!.cancelled = true;
  else if ((m = text.match(MOVED)) && m[1] === s.nation) {
    const o = s.moves.find((x) => x.command === Number(m![2]) && !x.from && !x.cancelled);
    if (o) {
      o.from = m[3];
      o.end = m[4];
    } else s.events.push(text);
  } else s.events.push(text);
}

function battleLine(b: Extract<Step, { kind: 'battle' }>, rule: string, text: string) {
  let m: RegExpMatchArray | null;
  const stage = b.stages[b.stages.length - 1];
  const batch = stage?.batches[stage.batches.length - 1];
  if (rule.includes('Convoy Raids')) b.raid = true;
  if (STAGE.test(text)) b.stages.push({ title: text, batches: [] });
  else if (rule.includes('Battle Setup') || (!stage && !rule.includes('Debrief'))) b.setup.push(text);
  else if (rule.includes('Debrief')) b.debrief.push(text);
  else if ((m = text.match(BATCH))) stage.batches.push({ nation: m[1], dice: [], hits: [], misses: [], events: [] });
  else if (batch && (m = text.match(DIE))) batch.dice.push({ colour: m[2], hit: null });
  else if (batch && (m = text.match(MISS))) batch.misses.push(m[1]);
  else if (batch && HIT.test(text)) batch.hits.push(text);
  else if (batch) batch.events.push(text);
  else b.debrief.push(text);
  if (batch) settle(batch);
}

// Which dice of a batch hit: the misses are logged by colour once the hits are assigned; the dice
// neither missed nor yet assigned are pending, of the colour the Commander is assigning first
// (`prefer`, from the board's prompt) when it is known.
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

// The seat's hits to assign on a row of the board (Assign Damage): its legal actions
// "battle BC hit GER inf defensive fresh", one per box the hit may strike.
function hitButtons(legal: string[], nation: string, r: BoardRow): string {
  const tail = ` hit ${nation} ${r.unit} ${r.stance} `;
  return legal
    .filter((a) => a.startsWith('battle ') && a.includes(tail) && !a.slice(a.indexOf(tail) + tail.length).includes(' '))
    .map(
      (a) =>
        `<button class="assign-hit" data-action="${escape(a)}" title="${escape(a)}">${escape(t('warroom.web.assign_hit', { box: a.slice(a.indexOf(tail) + tail.length) }))}</button>`,
    )
    .join('');
}

type Box = 'fresh' | 'light' | 'damaged' | 'eliminated' | 'escaped';
const BOXES: Box[] = ['fresh', 'light', 'damaged', 'eliminated', 'escaped'];

// The board's two sides, Allied Forces then Axis: a row per unit type and stance, a line per nation,
// and a column per damage box (the light, damaged and escaped boxes only when a unit is in one).
function boardHtml(board: BattleBoard, legal: string[]): string {
  if (!board.sides) return '';
  const all = board.sides.flatMap((s) => s.rows.flatMap((r) => Object.values(r.nations)));
  const boxes = BOXES.filter((b) => b === 'fresh' || b === 'eliminated' || all.some((c) => c[b]));
  const side = (s: BoardSide) => {
    const rows = s.rows
      .flatMap((r) =>
        Object.entries(r.nations).map(
          ([n, c]) => `<tr><td>${flag(n)}</td><th>${escape(r.unit)}</th>
      <td class="stance">${escape(r.stance)}${hitButtons(legal, n, r)}</td>
      ${boxes.map((b) => `<td class="${b === 'eliminated' && c[b] ? 'lost' : ''}">${c[b] || ''}</td>`).join('')}</tr>`,
        ),
      )
      .join('');
    return `<div class="bside ${s.alliance}"><h4>${escape(t(`warroom.web.${s.alliance}`))} · ${escape(t('warroom.web.commander'))} ${flag(s.commander)}
        <small>${escape(t('warroom.web.dice_left', { n: s.dice_left }))}</small></h4>
      <table class="rows"><tr><th></th><th>${escape(t('warroom.web.unit'))}</th><th>${escape(t('warroom.web.stance'))}</th>
        ${boxes.map((b) => `<th>${escape(t(`warroom.web.${b}`))}</th>`).join('')}</tr>
        ${rows || `<tr><td colspan="${boxes.length + 3}" class="hint">${escape(t('warroom.web.no_units'))}</td></tr>`}</table></div>`;
  };
  return `${board.waiting_for ? `<p class="waiting" role="status">${escape(t('warroom.web.now', { what: board.waiting_for }))}</p>` : ''}
    <div class="bboard">${board.sides.map(side).join('')}</div>`;
}

// "hit on BC row 0: now damaged" with the row's unit and stance when the board is known.
function hitText(line: string, board: BattleBoard | undefined): string {
  const m = line.match(/^hit on (\S+) row (\d+): now (\w+)$/);
  const row = m && board?.sides?.map((s) => s.rows[Number(m[2])]).find((r) => r?.nations[m[1]]);
  return m && row ? t('warroom.web.hit_on', { nation: m[1], unit: row.unit, stance: row.stance, box: m[3] }) : line;
}

function battleHtml(s: Extract<Step, { kind: 'battle' }>, name: (id: string) => string, legal: string[]): string {
  const assigning = s.board?.waiting_for?.match(/assigns an? (\w+) hit/)?.[1] ?? null;
  const last = s.stages[s.stages.length - 1]?.batches.slice(-1)[0];
  if (last && assigning) settle(last, assigning);
  const lines = (l: string[]) => l.map((x) => `<li>${escape(hitText(x, s.board))}</li>`).join('');
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
    ${s.board ? boardHtml(s.board, legal) : ''}
    ${s.setup.length ? `<details class="setup"${s.stages.length ? '' : ' open'}><summary>${escape(t(s.raid ? 'warroom.web.raid' : 'warroom.web.setup'))}</summary><ul>${lines(s.setup)}</ul></details>` : ''}
    ${stages}
    ${s.debrief.length ? `<h4>${escape(t('warroom.web.debrief'))}</h4><ul class="debrief">${lines(s.debrief)}</ul>` : ''}`;
}

function revealHtml(s: Extract<Step, { kind: 'reveal' }>, name: (id: string) => string): string {
  const move = (o: Move) => {
    const state = o.cancelled ? 'cancelled' : o.from ? 'moved' : 'unexecuted';
    return `<li class="${state}" value="${o.box}">${escape(t('warroom.web.command', { number: o.command }))} → <b>${escape(name(o.to))}</b>
      <span class="order-state">${escape(t(`warroom.web.order_${state}`, { from: o.from ?? '', to: o.end ?? '' }))}</span></li>`;
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
}
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
        ${steps.map((x, k) => `<button class="step ${x.kind}${k === i ? ' current' : ''}" data-step="${k}"${k === i ? ' aria-current="step"' : ''}>${escape(label(x))}</button>`).join('')}
        <button class="step-next" ${i < steps.length - 1 ? '' : 'disabled'} aria-label="${escape(t('warroom.web.next'))}">›</button></nav>
      <p class="step-of">${escape(t('warroom.web.step_of', { n: i + 1, total: steps.length }))}</p>
      <div class="step-body">${s.kind === 'battle' ? battleHtml(s, name, i === steps.length - 1 ? legal : []) : revealHtml(s, name)}</div>`
        : `<p class="hint">${escape(t('warroom.web.no_steps'))}</p>`
    }`;
  panel
    .querySelectorAll<HTMLButtonElement>('button.assign-hit')
    .forEach((b) => b.addEventListener('click', () => h.act(b.dataset.action!)));
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
