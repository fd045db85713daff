// War Room's odds panel (issue 33, item 8): the battle calculator (warroom/calculator.h) for the
// regions where the seat's own written orders go into enemy (or neutral) ground, for the battles of
// Phase 4 about to be fought (the Active Hotspots) and the one being fought. The server computes the
// odds from this seat's observation only, on its workers (GET /api/games/{id}/odds, docs/server.md);
// the panel shows the answer's structure worded from the catalogues (the warroom.odds messages):
// each side's chance to take or hold the region, expected losses, Casualty Points, Stress and
// Medals, the stances assumed, exact or Monte Carlo with its error, and what else is assumed.
import { escape, savedSeat } from '../api';
import { has, language, t } from '../i18n';
import { reconstructedMark } from '../provenance';
import { colour } from './warroom-map';
import type { Nation } from './warroom-sheet';
import './warroom-odds.css';

export interface Estimate {
  mean: number;
  se: number;
}
export interface OddsSide {
  wins: Estimate;
  units_lost: Estimate;
  casualty_points: Estimate;
  stress: Estimate;
  medals: Estimate;
  resources_lost: Estimate;
  stances: { type: string; stance: string }[];
  stance_source: 'none' | 'searched' | 'bot:rules' | 'on-board';
}
export interface Odds {
  region: string;
  land: boolean;
  kind: 'battle' | 'convoy-raid';
  defender: 'allied' | 'axis' | null;
  first_side: 'allied' | 'axis';
  exact: boolean;
  samples: number;
  plans_compared: number;
  in_progress: boolean;
  more_may_come: boolean;
  later_chance: boolean;
  moved_in: { nation: string; command: number }[];
  sides: { allied: OddsSide; axis: OddsSide };
  contested: Estimate;
  battle_decisions: string;
  casualty_points_provenance?: string; // the units' Casualty Points: "reconstructed" where they are the project's
  milliseconds: number;
}
export interface OddsAnswer {
  version: number;
  seat: string | null;
  odds: Odds;
}
// Why there are no odds: the API's error code (no_battle: nothing to fight there as the seat sees it).
export interface OddsRefusal {
  code: string;
}

// What the panel needs of the view.
export interface OddsView {
  id: string;
  version: number;
  round?: number;
  step?: string;
  seat: string | null;
  nations: Nation[];
  regions: { id: string; controller: string | null }[];
  commands: { nation: string; region: string }[];
  hotspots?: string[];
  battle?: { region: string } | null;
}

export type Target = { region: string; why: 'battle' | 'hotspot' | 'order' };

// The regions to offer odds for, the battle being fought first, then the Active Hotspots, then the
// destinations of the seat's written orders where the enemy (or a neutral) holds the ground or
// has Commands.
export function oddsTargets(v: OddsView): Target[] {
  const out: Target[] = [];
  const add = (region: string, why: Target['why']) => {
    if (!out.some((x) => x.region === region)) out.push({ region, why });
  };
  if (v.battle) add(v.battle.region, 'battle');
  for (const r of v.hotspots ?? []) add(r, 'hotspot');
  const alliance = new Map(v.nations.map((n) => [n.id, n.alliance]));
  for (const n of v.nations.filter((x) => v.seat && x.seat === v.seat)) {
    for (const o of n.sheet.orders ?? []) {
      if (!o || o.status !== 'written') continue;
      const held = v.regions.find((r) => r.id === o.to);
      const hostile = held ? held.controller === null || alliance.get(held.controller) !== n.alliance : false;
      const enemies = v.commands.some((c) => c.region === o.to && alliance.get(c.nation) !== n.alliance);
      if (hostile || enemies) add(o.to, 'order');
    }
  }
  return out;
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
const number = (x: number) => x.toFixed(2);

// A figure as shown: the mean, and with Monte Carlo "± one standard error".
export function figure(e: Estimate, exact: boolean, asPercent: boolean): string {
  const mean = asPercent ? percent(e.mean) : number(e.mean);
  if (exact) return mean;
  return `${mean} ± ${asPercent ? (100 * e.se).toFixed(1) : number(e.se)}`;
}

// The same as HTML: the error under the mean.
const figureHtml = (e: Estimate, exact: boolean, asPercent: boolean) => {
  const [mean, error] = figure(e, exact, asPercent).split(' ± ');
  return error === undefined ? escape(mean) : `${escape(mean)} <small class="se">± ${escape(error)}</small>`;
};

const nationName = (id: string) => (has(`warroom.nation.${id}`) ? t(`warroom.nation.${id}`) : id);
const word = (key: string, fallback: string) => (has(key) ? t(key) : fallback);

// Where a side's stances come from, and why a region is offered: their messages.
const SOURCE: Record<string, string> = {
  none: 'warroom.odds.source.none',
  searched: 'warroom.odds.source.searched',
  'bot:rules': 'warroom.odds.source.rules',
  'on-board': 'warroom.odds.source.on-board',
};
const WHY: Record<Target['why'], string> = {
  battle: 'warroom.odds.why.battle',
  hotspot: 'warroom.odds.why.hotspot',
  order: 'warroom.odds.why.order',
};
// An Active Hotspot whose conflict is a convoy raid is named so once the answer says it: "to be
// fought" every round, then resolved with no decision, read as a battle that never came (play-test
// of 5 December, evening, finding 14: M-4 Black Sea).
const raidNote = (o: Odds) => (o.kind === 'convoy-raid' ? `<p class="hint raid-note">${escape(t('warroom.odds.raid_note'))}</p>` : '');

// A side's stances in words: "Infantry Assault, Armor Breakthrough (its best)".
export function stanceLine(s: OddsSide): string {
  const list = s.stances.map((u) => `${word(`warroom.unit.${u.type}`, u.type)} ${word(`warroom.stance.${u.stance}`, u.stance)}`).join(', ');
  if (!list) return t('warroom.odds.no_units');
  return `${list} (${t(SOURCE[s.stance_source] ?? 'warroom.odds.source.none')})`;
}

// The assumptions stated with the odds, in words.
export function assumptions(o: Odds): string[] {
  const out: string[] = [];
  if (o.in_progress) out.push(t('warroom.odds.assume.in_progress'));
  if (o.moved_in.length)
    out.push(
      t('warroom.odds.assume.moved_in', {
        commands: new Intl.ListFormat(language(), { type: 'conjunction' }).format(
          o.moved_in.map((c) => `${nationName(c.nation)} ${c.command}`),
        ),
        count: o.moved_in.length,
      }),
    );
  if (o.more_may_come) out.push(t('warroom.odds.assume.unknown_reinforcements'));
  out.push(t('warroom.odds.assume.stances', { first: t(`warroom.alliance.${o.first_side}`) }));
  out.push(t('warroom.odds.assume.decisions'));
  if (o.later_chance) out.push(t('warroom.odds.assume.later_chance'));
  if (o.plans_compared > 1) out.push(t('warroom.odds.assume.plans', { count: o.plans_compared }));
  return out;
}

const sides = ['allied', 'axis'] as const;

// Who is on each side of a battle, for the table's headings: the nations there, each with its colour
// on the map, and the reader's own side. The columns were blue for the Allies and red for the Axis
// while the map draws the Soviet Union red and Germany grey (play-test of 5 December, evening,
// finding 4): the figures are in the page's ink, each side named by its nations' swatches.
export interface SideNations {
  allied: string[];
  axis: string[];
  own?: 'allied' | 'axis';
}

// The nations of each side in a region as the view shows it (its Commands there, the region's holder
// and the Commands the seat's orders move in), else every nation of that side in the game.
export function sideNations(v: OddsView, o: Pick<Odds, 'region' | 'moved_in'>): SideNations {
  const there = new Set([
    ...v.commands.filter((c) => c.region === o.region).map((c) => c.nation),
    ...o.moved_in.map((c) => c.nation),
    ...v.regions.filter((r) => r.id === o.region && r.controller).map((r) => r.controller!),
  ]);
  const of = (side: 'allied' | 'axis') => {
    const all = v.nations.filter((n) => n.alliance === side).map((n) => n.id);
    const here = all.filter((n) => there.has(n));
    return here.length ? here : all;
  };
  const own = v.nations.find((n) => v.seat && n.seat === v.seat)?.alliance;
  return { allied: of('allied'), axis: of('axis'), ...(own === 'allied' || own === 'axis' ? { own } : {}) };
}

// The odds as HTML: the table of figures by side, the stances, the method and the assumptions.
export function oddsHtml(o: Odds, name: (id: string) => string, who?: SideNations): string {
  const swatches = (side: 'allied' | 'axis') =>
    (who?.[side] ?? [])
      .map(
        (n) =>
          `<i class="swatch" style="background:${colour[n] ?? '#999'}" title="${escape(nationName(n))}" data-nation="${escape(n)}"></i>`,
      )
      .join('');
  const heading = (side: 'allied' | 'axis') => {
    const role =
      !o.land || !o.defender
        ? ''
        : ` <small>(${escape(t(side === o.defender ? 'warroom.odds.defending' : 'warroom.odds.attacking'))})</small>`;
    const you = who?.own === side ? ` <small class="you">(${escape(t('warroom.odds.you'))})</small>` : '';
    return `<th scope="col" class="side-${side}">${swatches(side)}${escape(t(`warroom.alliance.${side}`))}${you}${role}</th>`;
  };
  const winLabel = o.land
    ? t('warroom.odds.row.wins_land', { region: name(o.region) })
    : t('warroom.odds.row.wins_sea', { region: name(o.region) });
  const row = (cls: string, label: string, key: keyof Omit<OddsSide, 'stances' | 'stance_source'>, asPercent: boolean, mark = '') =>
    `<tr class="${cls}"><th scope="row">${escape(label)}${mark}</th>${sides
      .map((s) => `<td class="side-${s}">${figureHtml(o.sides[s][key], o.exact, asPercent)}</td>`)
      .join('')}</tr>`;
  const method = o.exact ? t('warroom.odds.exact') : t('warroom.odds.monte_carlo', { count: o.samples });
  return `${raidNote(o)}<p class="odds-method ${o.exact ? 'exact' : 'monte-carlo'}">${escape(method)}</p>
    <div class="wide" tabindex="0"><table class="odds-table">
      <tr><th></th>${sides.map(heading).join('')}</tr>
      ${row('wins', winLabel, 'wins', true)}
      ${row('units-lost', t('warroom.odds.row.units_lost'), 'units_lost', false)}
      ${row('casualty-points', t('warroom.odds.row.casualty_points'), 'casualty_points', false, reconstructedMark(o.casualty_points_provenance))}
      ${row('stress', t('warroom.odds.row.stress'), 'stress', false)}
      ${row('medals', t('warroom.odds.row.medals'), 'medals', false)}
      ${row('resources-lost', t('warroom.odds.row.resources_lost'), 'resources_lost', false)}
    </table></div>
    <p class="contested">${escape(t(o.land ? 'warroom.odds.contested_land' : 'warroom.odds.contested_sea'))}: <b>${escape(figure(o.contested, o.exact, true))}</b></p>
    ${o.land ? `<p class="hint holds-note">${escape(t('warroom.odds.holds_note'))}</p>` : ''}
    <dl class="odds-stances">${sides
      .map(
        (s) =>
          `<dt class="side-${s}">${swatches(s)}${escape(t(`warroom.alliance.${s}`))}</dt><dd class="stances-${s}">${escape(stanceLine(o.sides[s]))}</dd>`,
      )
      .join('')}</dl>
    <p class="hint">${escape(t('warroom.odds.assumed'))}</p>
    <ul class="odds-assumptions">${assumptions(o)
      .map((a) => `<li>${escape(a)}</li>`)
      .join('')}</ul>`;
}

// The answers of this page, by what they depend on (keyOf): a redraw asks nothing again.
const answers = new Map<string, Promise<OddsAnswer | OddsRefusal>>();

async function fetchOdds(id: string, region: string, token: string | undefined, signal: AbortSignal): Promise<OddsAnswer | OddsRefusal> {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}/odds?region=${encodeURIComponent(region)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  const json = await res.json();
  if (!res.ok) return { code: String(json.code ?? 'internal') };
  return json as OddsAnswer;
}

// What the odds of a region depend on as the seat sees it: the round and step, where every Command
// stands with its units, the battle being fought and the Active Hotspots, and the seat's written
// orders into the region. A new view that changes none of them (an order written elsewhere, a bid,
// a selection: each a version of its own) asks the server nothing again.
export function keyOf(v: OddsView, region: string): string {
  const mine = v.nations.filter((n) => v.seat && n.seat === v.seat);
  const into = mine.flatMap((n) => (n.sheet.orders ?? []).filter((o) => o && o.to === region).map((o) => [n.id, o!.command, o!.status]));
  return JSON.stringify([v.id, v.seat ?? '', region, v.round ?? 0, v.step ?? '', v.commands, v.battle ?? null, v.hotspots ?? [], into]);
}

// The one request in flight: a newer question (another region, or the game moved on) abandons it,
// so the page never holds answers nobody will read (each a connection of the browser and a Monte
// Carlo run on the server's odds lane).
let pending: { key: string; abort: AbortController } | null = null;

function oddsOf(v: OddsView, region: string): Promise<OddsAnswer | OddsRefusal> {
  const key = keyOf(v, region);
  if (!answers.has(key)) {
    if (pending && pending.key !== key) {
      pending.abort.abort();
      answers.delete(pending.key);
    }
    if (answers.size > 64) answers.clear();
    const held = savedSeat(v.id);
    const asked = (pending = { key, abort: new AbortController() });
    const answer = fetchOdds(v.id, region, held && held.seat === v.seat ? held.token : undefined, asked.abort.signal);
    answers.set(key, answer);
    const settled = () => {
      if (pending === asked) pending = null;
    };
    answer.then(settled, settled);
  }
  return answers.get(key)!;
}

// How long a drawn panel waits before it asks the server: a seat writing its sheet redraws the page
// at every entry, and only the panel still shown when the writing pauses asks.
export const ASK_AFTER_MS = 350;

// The answer already asked for (this version, seat and region), else one asked for after the pause
// when the panel's box is still on the page; null when the page has moved on.
function askWhenStill(v: OddsView, region: string, box: HTMLElement): Promise<OddsAnswer | OddsRefusal | null> {
  const key = keyOf(v, region);
  if (answers.has(key)) return answers.get(key)!;
  return new Promise((done) => setTimeout(() => done(box.isConnected ? oddsOf(v, region) : null), ASK_AFTER_MS));
}

// The region whose odds the page shows (one game page at a time): kept across redraws.
const chosen: { game: string; region: string | null } = { game: '', region: null };

// The panel: a button per region to ask about (the region chosen before, else the first, is asked
// at once), and the answer.
export function oddsPanel(v: OddsView, name: (id: string) => string): HTMLElement | null {
  if (chosen.game !== v.id) Object.assign(chosen, { game: v.id, region: null });
  const targets = oddsTargets(v);
  if (!targets.length) return null;
  const panel = document.createElement('section');
  panel.className = 'panel wr-odds';
  panel.dataset.place = 'side';
  panel.setAttribute('aria-labelledby', 'odds-title');
  const current = targets.find((x) => x.region === chosen.region) ?? targets[0];
  panel.innerHTML = `<h2 id="odds-title">${escape(t('warroom.odds.title'))}</h2>
    <div class="odds-targets" role="group">${targets
      .map(
        (x) =>
          `<button type="button" class="odds-target${x.region === current.region ? ' chosen' : ''}" data-region="${escape(x.region)}" aria-pressed="${x.region === current.region}">${escape(name(x.region))} <small>${escape(t(WHY[x.why]))}</small></button>`,
      )
      .join('')}</div>
    <div class="odds-answer" aria-live="polite" data-region="${escape(current.region)}"><p role="status">${escape(t('warroom.odds.computing'))}</p></div>`;
  const box = panel.querySelector<HTMLElement>('.odds-answer')!;
  const show = (region: string) => {
    chosen.region = region;
    box.dataset.region = region;
    box.removeAttribute('data-state');
    box.innerHTML = `<p role="status">${escape(t('warroom.odds.computing'))}</p>`;
    panel.querySelectorAll<HTMLButtonElement>('button.odds-target').forEach((b) => {
      b.classList.toggle('chosen', b.dataset.region === region);
      b.setAttribute('aria-pressed', String(b.dataset.region === region));
    });
    askWhenStill(v, region, box)
      .then((a) => {
        if (!a || box.dataset.region !== region) return;
        if ('odds' in a) {
          box.innerHTML = `<h3>${escape(name(region))}</h3>${oddsHtml(a.odds, name, sideNations(v, a.odds))}`;
          const tab = Array.from(panel.querySelectorAll<HTMLElement>('button.odds-target')).find((b) => b.dataset.region === region);
          if (tab && a.odds.kind === 'convoy-raid') tab.querySelector('small')!.textContent = t('warroom.odds.why.raid');
          box.dataset.state = 'shown';
        } else {
          box.innerHTML = `<p class="hint">${escape(t(a.code === 'no_battle' ? 'warroom.odds.no_battle' : 'warroom.odds.failed'))}</p>`;
          box.dataset.state = 'none';
        }
      })
      .catch(() => {
        if (!box.isConnected || box.dataset.region !== region) return; // abandoned for a newer question
        box.innerHTML = `<p class="error">${escape(t('warroom.odds.failed'))}</p>`;
        box.dataset.state = 'none';
      });
  };
  panel
    .querySelectorAll<HTMLButtonElement>('button.odds-target')
    .forEach((b) => b.addEventListener('click', () => show(b.dataset.region!)));
  show(current.region);
  return panel;
}
