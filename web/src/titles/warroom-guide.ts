// War Room's phase guide and first-round tour. The guide says which of the seven phases it is, what
// the seat decides at the current step and how on this page, with a button that opens the rulebook's
// text under the step's heading (the view's `rule`, from the reader's own copy: the same button as
// the log's rule numbers, game.ts). The tour walks a newcomer through the page's panels once, in the
// first round (kept as done in localStorage; the guide's button starts it again). Every text is from
// the catalogues (data/i18n/warroom, warroom.guide and warroom.tour); which step and phase it is
// comes from the view's `step` and `phase_number`.
import { escape } from '../api';
import { t } from '../i18n';
import { zonesSection, type ZoneNation } from './warroom-zones';

// The guide's text of each phase, by its number.
const PHASES: Record<number, string> = {
  1: 'warroom.guide.phase_1',
  2: 'warroom.guide.phase_2',
  3: 'warroom.guide.phase_3',
  4: 'warroom.guide.phase_4',
  5: 'warroom.guide.phase_5',
  6: 'warroom.guide.phase_6',
  7: 'warroom.guide.phase_7',
};

// What the seat decides at each step where it is asked, by the view's step name.
const STEPS: Record<string, string> = {
  reorganize: 'warroom.guide.step.reorganize',
  'write-sheets': 'warroom.guide.step.write_sheets',
  'choose-slot': 'warroom.guide.step.choose_slot',
  'movement-turn': 'warroom.guide.step.movement_turn',
  'pact-permission': 'warroom.guide.step.pact_permission',
  'carrier-launch': 'warroom.guide.step.carrier_launch',
  'pick-region': 'warroom.guide.step.pick_region',
  'hand-over': 'warroom.guide.step.hand_over',
  'battle-choice': 'warroom.guide.step.battle_choice',
  claim: 'warroom.guide.step.claim',
  medal: 'warroom.guide.step.medal',
  'neutral-defence': 'warroom.guide.step.neutral_defence',
  'land-air': 'warroom.guide.step.land_air',
  'deploy-plans': 'warroom.guide.step.deploy_plans',
  'morale-cancel': 'warroom.guide.step.morale_cancel',
  'morale-relieve': 'warroom.guide.step.morale_relieve',
  'blue-pay': 'warroom.guide.step.blue_pay',
  desert: 'warroom.guide.step.desert',
  trade: 'warroom.guide.step.trade',
  purchases: 'warroom.guide.step.purchases',
  place: 'warroom.guide.step.place',
};

export interface GuideView {
  round: number;
  step?: string;
  phase_number?: number;
  rule?: string;
  seat?: string | null;
  legal_actions: string[];
  terminal?: boolean;
  nations?: (ZoneNation & { seat: string })[];
}

// The guide's lines for a view: the phase, and what the seat decides when it has a choice.
export function guideLines(v: GuideView): { phase: string | null; decide: string | null } {
  const phase = v.phase_number && PHASES[v.phase_number] ? t(PHASES[v.phase_number]) : null;
  const step = v.step ? STEPS[v.step] : undefined;
  const decide = step && v.seat && v.legal_actions.length > 0 ? t(step) : null;
  return { phase, decide };
}

// In Phase 6 (Morale), where Stress bites: the seat's nations on the Homeland Status Track, what
// their zone costs and when the next one comes, and every zone's penalty.
function zones(v: GuideView): string {
  if (v.phase_number !== 6 || v.terminal) return '';
  return `<section class="guide-zones">${zonesSection((v.nations ?? []).filter((n) => v.seat && n.seat === v.seat))}</section>`;
}

// The guide panel: open until the reader folds it, then folded until the reader opens it again (the
// choice kept in localStorage). It never folds by itself (play-test 2026-12-05, finding 14: folded
// from round 2 on without being touched).
const GUIDE_FOLDED = 'warroom.guide.folded';
export function guidePanel(v: GuideView, startTour: () => void, store: Pick<Storage, 'getItem' | 'setItem'> = localStorage): HTMLElement {
  const panel = document.createElement('details');
  panel.className = 'panel wr-guide';
  panel.open = store.getItem(GUIDE_FOLDED) !== '1';
  panel.addEventListener('toggle', () => store.setItem(GUIDE_FOLDED, panel.open ? '0' : '1'));
  const { phase, decide } = guideLines(v);
  const rule = v.rule
    ? `<p><button class="rule" data-rule="${escape(v.rule)}">${escape(t('warroom.guide.rulebook', { heading: v.rule }))}</button></p>`
    : '';
  panel.innerHTML = `<summary><h2>${escape(t('warroom.guide.title'))}</h2></summary>
    ${phase ? `<p class="guide-phase">${escape(phase)}</p>` : ''}
    ${decide ? `<h3>${escape(t('warroom.guide.you_decide'))}</h3><p class="guide-decide">${escape(decide)}</p>` : ''}
    ${zones(v)}${rule}<p><button class="start-tour">${escape(t('warroom.guide.tour'))}</button></p>`;
  panel.querySelector<HTMLButtonElement>('button.start-tour')!.addEventListener('click', startTour);
  return panel;
}

// ---- The tour ----

// Each stop: its text, and the panel it points at (the first of the selectors on the page).
export const TOUR: { key: string; target: string }[] = [
  { key: 'warroom.tour.goal', target: '.warroom-victory' },
  { key: 'warroom.tour.map', target: '.warroom-map' },
  { key: 'warroom.tour.sheet', target: '.wr-sheet' },
  { key: 'warroom.tour.actions', target: '#decide' },
  { key: 'warroom.tour.guide', target: '.wr-guide' },
  { key: 'warroom.tour.log', target: '#log-panel' },
];
const DONE = 'warroom.tour.done';

// Whether the tour is shown by itself: to a seat, in the first round, once per browser.
export function tourDue(v: GuideView, store: Pick<Storage, 'getItem'>): boolean {
  return !!v.seat && !v.terminal && v.round <= 1 && store.getItem(DONE) === null;
}

// The tour being shown: its card, the stop it is at, whether it still brings the stop's panel on
// screen when the page moves (not once the player has scrolled, clicked or typed on the page), and
// what watches the panel leave the screen.
let open: { card: HTMLElement; at: number; follow: boolean; watch: IntersectionObserver | null; watched: Element | null } | null = null;

// Brings the stop's panel on screen unless the player has taken the page in hand since the stop,
// clear of the tour's card at the foot of the screen where it can be.
function follow() {
  const target = outline();
  if (!open?.follow || !target) return;
  target.style.scrollMarginBottom = `${open.card.offsetHeight + 24}px`;
  target.scrollIntoView?.({ block: 'nearest' });
}

// Outlines the panel of the tour's stop (again after the page is redrawn) and watches it; returns it.
function outline(): HTMLElement | null {
  document.querySelectorAll<HTMLElement>('.wr-tour-target').forEach((e) => {
    e.classList.remove('wr-tour-target');
    e.style.scrollMarginBottom = '';
  });
  const target = open ? document.querySelector<HTMLElement>(TOUR[open.at].target) : null;
  target?.classList.add('wr-tour-target');
  if (open && target !== open.watched) {
    open.watch?.disconnect();
    if (target) open.watch?.observe(target);
    open.watched = target;
  }
  return target;
}

// Shows the tour from its first stop: a card beside each panel in turn, the panel outlined and
// scrolled into view. Escape or "Skip the tour" ends it, the page back where it was; either way it
// is not shown by itself again.
export function startTour(store: Pick<Storage, 'setItem'> = localStorage) {
  open?.card.remove();
  const card = document.createElement('div');
  card.className = 'wr-tour';
  card.setAttribute('role', 'dialog');
  card.setAttribute('aria-modal', 'false');
  card.setAttribute('aria-labelledby', 'wr-tour-text');
  document.body.append(card);
  // The page moves under the tour (the map is drawn when its geometry has loaded, pushing the panels
  // under it down without the page growing when the side column is the taller; the page is redrawn
  // as the game moves): the stop's panel is brought back on screen whenever it leaves it, until the
  // player acts.
  const watch =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver((seen) => {
          if (seen.some((e) => !e.isIntersecting)) follow();
        });
  const tour = { card, at: 0, follow: true, watch, watched: null as Element | null };
  open = tour;
  const handsOn = (e: Event) => {
    if (!card.contains(e.target as Node)) tour.follow = false;
  };
  const taking = ['wheel', 'pointerdown', 'touchstart', 'keydown'] as const;
  taking.forEach((type) => document.addEventListener(type, handsOn, { capture: true, passive: true }));
  const [x, y] = [window.scrollX, window.scrollY];
  const finish = () => {
    if (tour.follow) window.scrollTo(x, y); // back where the player was, unless they have moved since
    store.setItem(DONE, '1');
    watch?.disconnect();
    card.remove();
    document.removeEventListener('keydown', onKey);
    taking.forEach((type) => document.removeEventListener(type, handsOn, { capture: true }));
    if (open === tour) {
      open = null;
      outline();
    }
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') finish();
  };
  document.addEventListener('keydown', onKey);
  const show = () => {
    const last = tour.at === TOUR.length - 1;
    card.innerHTML = `<p class="tour-count">${escape(t('warroom.tour.step', { n: tour.at + 1, total: TOUR.length }))}</p>
      <p id="wr-tour-text">${escape(t(TOUR[tour.at].key))}</p>
      <div class="tour-buttons"><button class="tour-back" ${tour.at === 0 ? 'disabled' : ''}>${escape(t('warroom.tour.back'))}</button>
      <button class="tour-next">${escape(t(last ? 'warroom.tour.done' : 'warroom.tour.next'))}</button>
      <button class="tour-skip">${escape(t('warroom.tour.skip'))}</button></div>`;
    card.querySelector('.tour-back')!.addEventListener('click', () => {
      tour.at -= 1;
      show();
    });
    card.querySelector('.tour-next')!.addEventListener('click', () => {
      if (last) return finish();
      tour.at += 1;
      show();
    });
    card.querySelector('.tour-skip')!.addEventListener('click', finish);
    card.querySelector<HTMLButtonElement>('.tour-next')!.focus({ preventScroll: true });
    tour.follow = true;
    follow(); // once the card is written: the panel is brought on screen clear of it
  };
  show();
}

// After the page is drawn: starts the tour where it is due, or outlines the stop's panel again and
// brings it back on screen.
export function tourIfDue(v: GuideView) {
  setTimeout(() => {
    if (open)
      follow(); // a redraw loses the outline and the scroll
    else if (tourDue(v, localStorage)) startTour();
  }, 0);
}
