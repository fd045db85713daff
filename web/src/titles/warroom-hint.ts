// War Room's hint panel (issue 34, item 4; docs/warroom/ai.md "Hints"): a "Hint" button beside the
// decision of the seat this browser holds. The server searches from that seat's observation only, on
// its search workers (GET /api/games/{id}/hint with the seat's token), and answers the whole entry
// the AI would write as structure: each order with the planner's reason code, the bid with its own,
// the purchases with the mix they lean to, and the battle calculator's odds of every attack (the
// figures of the odds panel). The panel words the codes from the catalogues (warroom.hint.*), and
// a "Take" button sends an entry's actions, one after another, while they are legal; nothing is
// sent until the player takes it.
import { escape, savedSeat, type WarRoomView } from '../api';
import type { Resources } from '../view-types';
import { has, render, t, type Message } from '../i18n';
import { figure, oddsHtml, type Odds } from './warroom-odds';
import { colour } from './warroom-map';
import './warroom-hint.css';

export interface HintOrder {
  box: number;
  command: number;
  from: string | null;
  to: string;
  proposed: boolean;
  attack: boolean;
  reason: string;
  actions: string[];
}
export interface HintPurchase {
  unit?: string;
  goods?: number;
  count?: number;
  cost?: Resources; // the resources it costs (a unit type's count at its cost; Civilian Goods as paid)
  reason: string;
  actions: string[];
}
export interface HintNation {
  nation: string;
  campaign?: string | null;
  orders?: HintOrder[];
  bid?: { bid: number; proposed: boolean; reason: string; actions: string[] };
  purchases?: HintPurchase[];
}
export interface HintPlan {
  step: 'sheet' | 'purchases' | 'deploy-plans' | 'decision';
  level: string;
  value: number;
  weight?: number;
  candidates?: number;
  rollouts?: number;
  styles?: string[];
  nations?: HintNation[];
  actions?: { action: string; reason: string; message?: Message }[]; // message: the action worded where it is taken
  attacks: { region: string; odds: Odds }[];
}
export interface HintAnswer {
  version: number;
  seat: string;
  hints: { action: string; win_chance: number; visits: number }[];
  plan?: HintPlan;
}
interface Refusal {
  message: string;
}

// What the panel needs of the view.
export type HintView = Pick<WarRoomView, 'id' | 'seat' | 'active' | 'terminal' | 'round' | 'step' | 'nations' | 'legal_actions'> & {
  version: number;
  action_messages?: Record<string, Message>;
};

// The answer shown, kept across the page's redraws while the seat is at the same step of the
// same round (a "Take" redraws the page at every action it sends).
const shown: { key: string; answer: HintAnswer | Refusal | null; asking: boolean } = { key: '', answer: null, asking: false };
// The newest view drawn: a "Take" sends its next action only while that view offers it.
let latest: HintView | null = null;

export const stepKey = (v: HintView) => JSON.stringify([v.id, v.seat, v.round, v.step]);

async function fetchHint(id: string, token: string): Promise<HintAnswer | Refusal> {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}/hint`, { headers: { Authorization: `Bearer ${token}` } });
  const json = await res.json();
  if (!res.ok) return { message: render(json.message as Message) || t('warroom.hint.failed') };
  return json as HintAnswer;
}

// The server's reason codes (warroom/ai_hint.cpp) and the candidate's style codes, and their words.
const WHY: Record<string, string> = {
  sink_transports: 'warroom.hint.why.sink_transports',
  ferry_home: 'warroom.hint.why.ferry_home',
  ferry_garrison: 'warroom.hint.why.ferry_garrison',
  campaign_strike: 'warroom.hint.why.campaign_strike',
  defend: 'warroom.hint.why.defend',
  attack: 'warroom.hint.why.attack',
  calculated_attack: 'warroom.hint.why.calculated_attack',
  air_support: 'warroom.hint.why.air_support',
  strike_fleet: 'warroom.hint.why.strike_fleet',
  escort: 'warroom.hint.why.escort',
  gather: 'warroom.hint.why.gather',
  advance: 'warroom.hint.why.advance',
  air_defence: 'warroom.hint.why.air_defence',
  as_written: 'warroom.hint.why.as_written',
  yours: 'warroom.hint.why.yours',
  first_slot: 'warroom.hint.why.first_slot',
  rail_defence: 'warroom.hint.why.rail_defence',
  short_of_defence: 'warroom.hint.why.short_of_defence',
  none: 'warroom.hint.why.none',
  goods: 'warroom.hint.why.goods',
  mix_rules: 'warroom.hint.why.mix_rules',
  mix_armor: 'warroom.hint.why.mix_armor',
  mix_infantry: 'warroom.hint.why.mix_infantry',
  mix_air: 'warroom.hint.why.mix_air',
  mix_fleet: 'warroom.hint.why.mix_fleet',
  deploy: 'warroom.hint.why.deploy',
  rules: 'warroom.hint.why.rules',
  best_stance: 'warroom.hint.why.best_stance',
};
const STYLE: Record<string, string> = {
  sure_defence: 'warroom.hint.style.sure_defence',
  sea_watch: 'warroom.hint.style.sea_watch',
  home_guard: 'warroom.hint.style.home_guard',
  calculated_attacks: 'warroom.hint.style.calculated_attacks',
  sea_garrison: 'warroom.hint.style.sea_garrison',
  daring_strikes: 'warroom.hint.style.daring_strikes',
  cautious_strikes: 'warroom.hint.style.cautious_strikes',
  daring_attacks: 'warroom.hint.style.daring_attacks',
  cautious_attacks: 'warroom.hint.style.cautious_attacks',
  stalled_war: 'warroom.hint.style.stalled_war',
  bid_more: 'warroom.hint.style.bid_more',
  bid_less: 'warroom.hint.style.bid_less',
};
const word = (key: string, fallback: string) => (has(key) ? t(key) : fallback);
const why = (code: string) => (WHY[code] ? t(WHY[code]) : code);
const nationName = (id: string) => word(`warroom.nation.${id}`, id);
const percent = (x: number) => `${Math.round(100 * x)}%`;

// An order is taken once the nation's sheet holds that Command bound there.
export function orderTaken(v: HintView, nation: string, o: HintOrder): boolean {
  const sheet = v.nations.find((n) => n.id === nation)?.sheet;
  return !!sheet?.orders?.some((x) => x && x.command === o.command && x.to === o.to);
}
function bidTaken(v: HintView, nation: string, bid: number): boolean {
  return v.nations.find((n) => n.id === nation)?.sheet.bid === bid;
}
// The action's words as the view gives them (action_messages), else its command.
const actionText = (v: HintView, a: string) => render(v.action_messages?.[a]) || a;

function takeButton(actions: string[], taken: boolean, label = t('warroom.hint.take')): string {
  if (taken) return ` <small class="taken">${escape(t('warroom.hint.taken'))}</small>`;
  if (!actions.length) return '';
  return ` <button type="button" class="hint-take" data-actions="${escape(JSON.stringify(actions))}">${escape(label)}</button>`;
}

// The odds of an attack: the seat's side's chance in one line, the odds panel's table under it.
function attackOdds(plan: HintPlan, region: string, side: 'allied' | 'axis' | undefined, name: (id: string) => string): string {
  const a = plan.attacks.find((x) => x.region === region);
  if (!a || !side) return '';
  const o = a.odds;
  return `<details class="hint-odds" data-region="${escape(region)}"><summary>${escape(
    t('warroom.hint.odds', { region: name(region), percent: figure(o.sides[side].wins, o.exact, true) }),
  )}</summary>${oddsHtml(o, name)}</details>`;
}

function ordersHtml(v: HintView, plan: HintPlan, n: HintNation, name: (id: string) => string): string {
  const side = v.nations.find((x) => x.id === n.nation)?.alliance as 'allied' | 'axis' | undefined;
  const weighed = new Set<string>(); // each attack's odds once, under the first order into it
  const rows = (n.orders ?? [])
    .map((o) => {
      const taken = o.proposed && orderTaken(v, n.nation, o);
      const odds = o.attack && !weighed.has(o.to) ? attackOdds(plan, o.to, side, name) : '';
      weighed.add(o.to);
      return `<li class="hint-order${o.attack ? ' attack' : ''}" data-command="${o.command}" data-to="${escape(o.to)}">
        <span class="hint-what">${escape(t('warroom.hint.order', { command: o.command, from: o.from ? name(o.from) : '—', to: name(o.to) }))}</span>${
          o.proposed
            ? `${takeButton(o.actions, taken)}<small class="hint-why" data-reason="${escape(o.reason)}">${escape(why(o.reason))}</small>`
            : ` <small class="hint-why yours" data-reason="${escape(o.reason)}">${escape(t('warroom.hint.yours'))}</small>`
        }
        ${odds}</li>`;
    })
    .join('');
  const bid = n.bid
    ? `<p class="hint-bid"><span class="hint-what">${escape(t('warroom.hint.bid', { bid: n.bid.bid }))}</span>${
        n.bid.proposed ? takeButton(n.bid.actions, bidTaken(v, n.nation, n.bid.bid)) : ''
      } <small class="hint-why" data-reason="${escape(n.bid.reason)}">${escape(why(n.bid.reason))}</small></p>`
    : '';
  const campaign = n.campaign ? `<p class="hint-campaign">${escape(t('warroom.hint.campaign', { region: name(n.campaign) }))}</p>` : '';
  return `${campaign}${rows ? `<ol class="hint-orders">${rows}</ol>` : `<p class="hint">${escape(t('warroom.hint.no_orders'))}</p>`}${bid}`;
}

const mixText = (m: Resources) => t('warroom.purchase.mix', { ...m });

// Each purchase with what it costs, and what they cost together (Phase 7 › Step 3).
function purchasesHtml(n: HintNation): string {
  const bought = n.purchases ?? [];
  const rows = bought
    .map((p) => {
      const what = p.unit
        ? t('warroom.hint.unit', { unit: word(`warroom.unit.${p.unit}`, p.unit), n: p.count ?? 0 })
        : t('warroom.hint.goods', { n: p.goods ?? 0 });
      const cost = p.cost ? ` <span class="hint-cost">(${escape(mixText(p.cost))})</span>` : '';
      return `<li class="hint-purchase"><span class="hint-what">${escape(what)}</span>${cost}${takeButton(p.actions, false)}
        <small class="hint-why" data-reason="${escape(p.reason)}">${escape(why(p.reason))}</small></li>`;
    })
    .join('');
  if (!rows) return `<p class="hint">${escape(t('warroom.hint.nothing'))}</p>`;
  const total = bought.reduce(
    (sum, p) => ({ oil: sum.oil + (p.cost?.oil ?? 0), iron: sum.iron + (p.cost?.iron ?? 0), osr: sum.osr + (p.cost?.osr ?? 0) }),
    { oil: 0, iron: 0, osr: 0 },
  );
  return `<ul class="hint-purchases">${rows}</ul><p class="hint-spent">${escape(t('warroom.purchase.spent'))}: ${escape(mixText(total))}</p>`;
}

// Every proposed action not yet taken, in order: "Take all".
function untaken(v: HintView, plan: HintPlan): string[] {
  const out: string[] = [];
  for (const n of plan.nations ?? []) {
    for (const o of n.orders ?? []) if (o.proposed && !orderTaken(v, n.nation, o)) out.push(...o.actions);
    if (n.bid?.proposed && !bidTaken(v, n.nation, n.bid.bid)) out.push(...n.bid.actions);
    if (plan.step === 'purchases') for (const p of n.purchases ?? []) out.push(...p.actions);
  }
  return out;
}

// The answer as HTML.
export function hintHtml(v: HintView, a: HintAnswer, name: (id: string) => string): string {
  const plan = a.plan;
  if (!plan) return `<p class="hint">${escape(t('warroom.hint.nothing'))}</p>`;
  const styles = (plan.styles ?? []).map((s) => (STYLE[s] ? t(STYLE[s]) : why(s)));
  const search =
    plan.candidates !== undefined
      ? `<small>${escape(t('warroom.hint.search', { weight: percent(plan.weight ?? 0), candidates: plan.candidates, rollouts: plan.rollouts ?? 0 }))}</small>`
      : '';
  const head = `<p class="hint-chance"><b>${escape(t('warroom.hint.chance', { percent: percent(plan.value) }))}</b> ${search}</p>
    ${plan.step === 'sheet' || plan.step === 'purchases' ? `<p class="hint-style">${escape(t('warroom.hint.styles', { styles: styles.length ? styles.join(', ') : t('warroom.hint.style.rules') }))}</p>` : ''}`;
  let body = '';
  if (plan.step === 'sheet' || plan.step === 'purchases') {
    body = (plan.nations ?? [])
      .map(
        (
          n,
        ) => `<section class="hint-nation" data-nation="${escape(n.nation)}"><h3><i class="swatch" style="background:${colour[n.nation] ?? '#999'}"></i>${escape(nationName(n.nation))}</h3>
        ${plan.step === 'sheet' ? ordersHtml(v, plan, n, name) : purchasesHtml(n)}</section>`,
      )
      .join('');
    const all = untaken(v, plan);
    if (all.length) body += `<p class="hint-all">${takeButton(all, false, t('warroom.hint.take_all'))}</p>`;
  } else {
    const rows = (plan.actions ?? [])
      .map(
        (x) =>
          `<li><span class="hint-what">${escape(render(x.message) || actionText(v, x.action))}</span>
          <small class="hint-why" data-reason="${escape(x.reason)}">${escape(why(x.reason))}</small></li>`,
      )
      .join('');
    const actions = (plan.actions ?? []).map((x) => x.action);
    body = `<ol class="hint-actions">${rows}</ol>${actions.length ? `<p class="hint-all">${takeButton(actions, false)}</p>` : ''}`;
    const side = v.nations.find((x) => x.seat === v.seat)?.alliance as 'allied' | 'axis' | undefined;
    for (const at of plan.attacks) body += attackOdds(plan, at.region, side, name);
  }
  return head + body;
}

// Sends the actions one after another while the newest view offers each; stops at the first it
// does not (the page moved on, or the player wrote something else meanwhile).
async function take(actions: string[], send: (action: string) => Promise<void>) {
  for (const action of actions) {
    if (!latest || !latest.legal_actions.includes(action)) return;
    await send(action);
  }
}

// The panel for the seat this browser holds when it may act; null otherwise.
export function hintPanel(v: HintView, name: (id: string) => string, send: (action: string) => Promise<void>): HTMLElement | null {
  const held = savedSeat(v.id);
  if (!held || v.seat !== held.seat || !v.active.includes(held.seat) || v.terminal) return null;
  latest = v;
  const key = stepKey(v);
  if (shown.key !== key) Object.assign(shown, { key, answer: null, asking: false });
  const panel = document.createElement('section');
  panel.className = 'panel wr-hint';
  panel.dataset.place = 'side';
  panel.setAttribute('aria-labelledby', 'wr-hint-title');
  const draw = () => {
    const a = shown.answer;
    const answer = !a ? '' : 'message' in a ? `<p class="error">${escape(a.message)}</p>` : hintHtml(v, a, name);
    panel.innerHTML = `<h2 id="wr-hint-title">${escape(t('warroom.hint.title'))}</h2>
      <p class="hint">${escape(t('warroom.hint.intro'))}</p>
      <button type="button" class="hint-ask" title="${escape(t('warroom.hint.ask_title'))}"${shown.asking ? ' disabled' : ''}>${escape(
        t(shown.asking ? 'warroom.hint.thinking' : a ? 'warroom.hint.again' : 'warroom.hint.ask'),
      )}</button>
      <div class="hint-answer" aria-live="polite"${a ? ' data-state="shown"' : ''}>${answer}</div>`;
    panel.querySelector('button.hint-ask')!.addEventListener('click', ask);
    panel.querySelectorAll<HTMLButtonElement>('button.hint-take').forEach((b) =>
      b.addEventListener('click', () => {
        panel.querySelectorAll<HTMLButtonElement>('button.hint-take').forEach((x) => (x.disabled = true));
        take(JSON.parse(b.dataset.actions!) as string[], send);
      }),
    );
  };
  const ask = async () => {
    shown.asking = true;
    draw();
    const answer = await fetchHint(v.id, held.token).catch(() => ({ message: t('warroom.hint.failed') }));
    if (shown.key !== key) return; // the page moved on to another step meanwhile
    Object.assign(shown, { answer, asking: false });
    // The panel drawn last (the page may have been redrawn meanwhile) shows the answer.
    const current = document.querySelector<HTMLElement>('section.wr-hint');
    if (current && current !== panel) current.dispatchEvent(new Event('hint-answer'));
    else draw();
  };
  panel.addEventListener('hint-answer', draw);
  draw();
  return panel;
}
