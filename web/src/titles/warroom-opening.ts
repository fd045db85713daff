// A newcomer's first round, step by step: a suggested opening for the seat's nation
// (data/warroom/openings.json, the project's, marked reconstructed) -- the Phase 1 shifts in its
// reorganizing window, each order of its sheet, its bid, then "done" -- each step saying what to do
// and why in the reader's language. "Do it" sends the step's legal actions (the page never sends one
// the server did not list); "Skip this step" goes on; the walkthrough may be closed and opened again.
// An order step is taken once the sheet holds it, the bid once the sheet's bid is it; a shift, which
// leaves no mark the view can show, is counted on this browser.
import { escape } from '../api';
import { t } from '../i18n';
import { reconstructedMark } from '../provenance';
import openingsData from '../../../data/warroom/openings.json';
import type { Stack } from './warroom-map';
import type { Nation } from './warroom-sheet';

export interface OpeningStep {
  do: string; // shift, order, bid
  why: string;
  from?: number;
  unit?: string;
  count?: number;
  to?: number | string;
  command?: number;
  oil?: number;
}
interface Opening {
  scenario: string;
  nation: string;
  steps: OpeningStep[];
}
const all = openingsData as { provenance: string; openings: Opening[] };

// Each reason's message (a catalogue key the code names, so that every message is known to be used).
const reasons: Record<string, string> = {
  merge: 'warroom.opening.why.merge',
  attack: 'warroom.opening.why.attack',
  air_attack: 'warroom.opening.why.air_attack',
  move_up: 'warroom.opening.why.move_up',
  reinforce: 'warroom.opening.why.reinforce',
  sea: 'warroom.opening.why.sea',
  sea_battle: 'warroom.opening.why.sea_battle',
  air_sea: 'warroom.opening.why.air_sea',
  air_sea_battle: 'warroom.opening.why.air_sea_battle',
  embark: 'warroom.opening.why.embark',
  neutral: 'warroom.opening.why.neutral',
  ready: 'warroom.opening.why.ready',
  bid: 'warroom.opening.why.bid',
  done: 'warroom.opening.why.done',
};

export interface OpeningView {
  id: string;
  seat?: string | null;
  scenario?: string;
  round: number;
  phase_number?: number;
  legal_actions: string[];
  nations: Nation[];
  commands: Stack[];
  regions: { id: string; controller: string | null }[];
}

const storeKey = (game: string, nation: string, what: string) => `warroom.opening.${game}.${nation}.${what}`;
const stored = (key: string) => Number(localStorage.getItem(key) ?? 0);

// The seat's nation whose opening is due: in round 1, the one reorganizing (Phase 1) or writing its
// sheet (Phase 2), with an opening for the scenario.
export function openingFor(v: OpeningView): Opening | null {
  if (v.round !== 1 || !v.seat || !v.scenario) return null;
  for (const n of v.nations) {
    if (n.seat !== v.seat || !v.legal_actions.includes(`done ${n.id}`)) continue;
    if (v.phase_number !== 1 && v.phase_number !== 2) continue;
    const o = all.openings.find((x) => x.scenario === v.scenario && x.nation === n.id);
    if (o) return o;
  }
  return null;
}

// A step's actions in their text form, in the order they are sent.
export function stepActions(o: Opening, s: OpeningStep, v: OpeningView): string[] {
  const n = o.nation;
  if (s.do === 'shift') return [`shift ${n} ${s.from} ${s.unit}${(s.count ?? 1) > 1 ? `*${s.count}` : ''} ${s.to}`];
  if (s.do === 'bid') return [`bid ${n} ${s.oil}`];
  if (s.do === 'done' || s.do === 'ready') return [`done ${n}`];
  const selected = v.nations.find((x) => x.id === n)?.sheet.selected;
  return [...(selected === s.command ? [] : [`select ${n} ${s.command}`]), `to ${n} ${s.to}`];
}

// Whether the view shows the step taken (orders and the bid on the sheet).
function taken(o: Opening, s: OpeningStep, v: OpeningView): boolean {
  const sheet = v.nations.find((x) => x.id === o.nation)?.sheet;
  if (s.do === 'order') return !!sheet?.orders?.some((x) => x && x.command === s.command && x.to === s.to);
  if (s.do === 'bid') return sheet?.bid === s.oil;
  return s.do === 'ready' && v.phase_number === 2;
}

// An order step whose Command the player has ordered somewhere else: the player's own way, which
// the walkthrough passes over (play-test 2026-12-05, Global War: with Command 38 ordered to Peiping
// by hand, its step to Korea stayed, "Do it" disabled, saying the step comes in Phase 2 -- it was
// Phase 2).
function overruled(o: Opening, s: OpeningStep, v: OpeningView): boolean {
  if (s.do !== 'order') return false;
  const sheet = v.nations.find((x) => x.id === o.nation)?.sheet;
  return !!sheet?.orders?.some((x) => x && x.command === s.command && x.to !== s.to);
}

// The opening's steps -- the shifts, "done" with reorganizing, the orders and the bid, "done" with the
// sheet -- and the one to take now: in Phase 1 the next shift not yet taken on this browser; in
// Phase 2 the first order or bid neither on the sheet nor skipped.
export function currentStep(o: Opening, v: OpeningView, game: string): { steps: OpeningStep[]; at: number } {
  const shiftSteps = o.steps.filter((s) => s.do === 'shift');
  const steps = [...shiftSteps, { do: 'ready', why: 'ready' }, ...o.steps.filter((s) => s.do !== 'shift'), { do: 'done', why: 'done' }];
  const skipped = new Set((localStorage.getItem(storeKey(game, o.nation, 'skipped')) ?? '').split(',').filter(Boolean).map(Number));
  if (v.phase_number === 1) {
    return { steps, at: Math.min(stored(storeKey(game, o.nation, 'shifts')), shiftSteps.length) };
  }
  const at = steps.findIndex((s, i) => s.do !== 'shift' && s.do !== 'ready' && !skipped.has(i) && !taken(o, s, v) && !overruled(o, s, v));
  return { steps, at };
}

function unitsText(units: Record<string, number>): string {
  return Object.entries(units)
    .map(([u, n]) => t(`warroom.units.${u}`, { count: n }))
    .join(', ');
}

// The nation's Commands' units once the opening's shifts still to come are made (in Phase 1, those
// from step `at` on; none after), so that an order step describes its Command as it will be ordered
// (play-test 2026-12-05, finding 12: "4 Infantry" where the walkthrough's first shift made it 5).
export function afterShifts(o: Opening, v: OpeningView, at: number): Map<number, Record<string, number>> {
  const units = new Map(v.commands.filter((c) => c.nation === o.nation).map((c) => [c.number, { ...c.units }]));
  if (v.phase_number !== 1) return units;
  o.steps
    .filter((s) => s.do === 'shift')
    .slice(at)
    .forEach((s) => {
      const from = units.get(s.from!),
        to = typeof s.to === 'number' ? units.get(s.to) : undefined;
      if (!from || !to) return;
      const n = Math.min(s.count ?? 1, from[s.unit!] ?? 0);
      from[s.unit!] -= n;
      if (!from[s.unit!]) delete from[s.unit!];
      to[s.unit!] = (to[s.unit!] ?? 0) + n;
    });
  return units;
}

function whatText(o: Opening, s: OpeningStep, v: OpeningView, name: (id: string) => string, shifted = afterShifts(o, v, 0)): string {
  // A shift says where its Commands stand, as an order step does (play-test of 5 December, evening,
  // finding 10: "from Command 36 into Command 35" named neither's region).
  if (s.do === 'shift') {
    const at = v.commands.find((x) => x.nation === o.nation && x.number === s.from)?.region;
    const units = t(`warroom.units.${s.unit}`, { count: s.count ?? 1 });
    return t('warroom.opening.what.shift', { units, from: s.from!, to: s.to!, region: at ? name(at) : '' });
  }
  if (s.do === 'bid') return t('warroom.opening.what.bid', { oil: s.oil! });
  if (s.do === 'done') return t('warroom.opening.what.done');
  if (s.do === 'ready') return t('warroom.opening.what.ready');
  const c = v.commands.find((x) => x.nation === o.nation && x.number === s.command);
  return t('warroom.opening.what.order', {
    command: s.command!,
    units: c ? unitsText(shifted.get(c.number) ?? c.units) : '',
    from: c ? name(c.region) : '',
    to: name(String(s.to)),
  });
}

// The nations of the other side with units in the step's destination (a battle there in Phase 4).
function enemiesAt(o: Opening, s: OpeningStep, v: OpeningView): string[] {
  const side = v.nations.find((n) => n.id === o.nation)?.alliance;
  const enemy = (id: string) => v.nations.find((n) => n.id === id)?.alliance !== side;
  return [...new Set(v.commands.filter((c) => c.region === s.to && enemy(c.nation)).map((c) => c.nation))];
}

function whyText(o: Opening, s: OpeningStep, v: OpeningView, name: (id: string) => string): string {
  const holder = v.regions.find((r) => r.id === s.to)?.controller;
  return t(reasons[s.why] ?? reasons.done, {
    to: s.to === undefined ? '' : name(String(s.to)),
    holder: holder ? t(`warroom.nation.${holder}`) : '',
    enemy: enemiesAt(o, s, v)
      .map((n) => t(`warroom.nation.${n}`))
      .join(', '),
  });
}

// The walkthrough's panel, or null when no opening is due (or the player closed it: then a button
// opens it again).
export function openingPanel(v: OpeningView, name: (id: string) => string, act: (action: string) => Promise<void>): HTMLElement | null {
  const o = openingFor(v);
  if (!o) return null;
  const panel = document.createElement('section');
  panel.className = 'panel wr-opening';
  panel.dataset.place = 'side';
  const closedKey = storeKey(v.id, o.nation, 'closed');
  if (localStorage.getItem(closedKey)) {
    panel.classList.add('folded');
    panel.innerHTML = `<button class="opening-show">${escape(t('warroom.opening.show'))}</button>`;
    panel.querySelector('button')!.addEventListener('click', () => {
      localStorage.removeItem(closedKey);
      panel.replaceWith(openingPanel(v, name, act) ?? panel);
    });
    return panel;
  }
  const { steps, at } = currentStep(o, v, v.id);
  const s = steps[at];
  const actions = s ? stepActions(o, s, v) : [];
  const can = actions.length > 0 && v.legal_actions.includes(actions[0]);
  const nation = t(`warroom.nation.${o.nation}`);
  const shifted = afterShifts(o, v, at);
  const list = steps
    .map(
      (x, i) =>
        `<li class="${i === at ? 'now' : i < at || taken(o, x, v) ? 'taken' : ''}"${i === at ? ' aria-current="step"' : ''}>${escape(whatText(o, x, v, name, shifted))}</li>`,
    )
    .join('');
  panel.innerHTML = `<h2>${escape(t('warroom.opening.title'))} ${reconstructedMark(all.provenance)}</h2>
    <p class="hint">${escape(t('warroom.opening.intro', { nation }))}</p>
    ${
      s
        ? `<p class="opening-count">${escape(t('warroom.opening.step', { n: at + 1, total: steps.length }))}</p>
      <p class="opening-what"><b>${escape(whatText(o, s, v, name, shifted))}</b></p>
      <p class="opening-why">${escape(whyText(o, s, v, name))}</p>
      ${can ? '' : `<p class="hint">${escape(t(v.phase_number === 2 && s.do !== 'shift' ? 'warroom.opening.not_offered' : 'warroom.opening.wait', { nation }))}</p>`}
      <p><button class="opening-do primary"${can ? '' : ' disabled'}>${escape(t('warroom.opening.do'))}</button>
      ${s.do === 'done' || s.do === 'ready' ? '' : `<button class="opening-skip">${escape(t('warroom.opening.skip_step'))}</button>`}</p>`
        : `<p>${escape(t('warroom.opening.finished'))}</p>`
    }
    <details class="opening-steps"><summary>${escape(t('warroom.opening.all_steps'))}</summary><ol>${list}</ol></details>
    <p class="hint"><small>${escape(t('warroom.opening.source'))}</small> <button class="opening-close">${escape(t('warroom.opening.close'))}</button></p>`;
  const advance = () => {
    if (s?.do === 'shift') localStorage.setItem(storeKey(v.id, o.nation, 'shifts'), String(at + 1));
  };
  panel.querySelector('button.opening-do')?.addEventListener('click', async () => {
    advance();
    for (const a of actions) await act(a);
  });
  panel.querySelector('button.opening-skip')?.addEventListener('click', () => {
    if (s?.do === 'shift') advance();
    else {
      const key = storeKey(v.id, o.nation, 'skipped');
      localStorage.setItem(key, [localStorage.getItem(key) ?? '', String(at)].filter(Boolean).join(','));
    }
    panel.replaceWith(openingPanel(v, name, act) ?? panel);
  });
  panel.querySelector('button.opening-close')?.addEventListener('click', () => {
    localStorage.setItem(closedKey, '1');
    panel.replaceWith(openingPanel(v, name, act) ?? panel);
  });
  return panel;
}
