import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { guideLines, guidePanel, startTour, TOUR, tourDue, tourIfDue, type GuideView } from './warroom-guide';

afterEach(() => {
  setLanguage('en');
  document.body.innerHTML = '';
});

// A seat at Phase 2 Step 1 of round 1, as the view gives it (warroom/view.cpp).
const writing: GuideView = {
  round: 1,
  step: 'write-sheets',
  phase_number: 2,
  rule: 'Phase 2 > Step 1. Write Orders and Turn Order Bids',
  seat: 'USSR',
  legal_actions: ['select USSR 1', 'done USSR'],
};

const memory = (done: string | null) => {
  const items = new Map<string, string>(done === null ? [] : [['warroom.tour.done', done]]);
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
};

describe('the phase guide', () => {
  it('says the phase and, to a seat with a choice, what it decides', () => {
    const { phase, decide } = guideLines(writing);
    expect(phase).toMatch(/^Phase 2, Strategic Planning: /);
    expect(decide).toMatch(/^Click one of your Commands on the map/);
  });

  it('says nothing is to decide to a spectator or a seat without choices', () => {
    expect(guideLines({ ...writing, seat: null }).decide).toBeNull();
    expect(guideLines({ ...writing, legal_actions: [] }).decide).toBeNull();
    expect(guideLines({ ...writing, phase_number: 8 }).phase).toBeNull(); // the end of the round
  });

  it("is worded in the reader's language", () => {
    setLanguage('it');
    expect(guideLines(writing).phase).toMatch(/^Fase 2, Pianificazione strategica/);
    setLanguage('ru');
    expect(guideLines(writing).decide).toMatch(/^Щёлкните своё командование/);
  });

  it("opens the step's rulebook heading with the log's rule button", () => {
    const panel = guidePanel(writing, () => undefined, memory(null));
    expect((panel as HTMLDetailsElement).open).toBe(true);
    expect(panel.querySelector<HTMLButtonElement>('button.rule')!.dataset.rule).toBe(writing.rule);
  });

  // Play-test 2026-12-05, finding 14: open in round 1, it was folded in round 2 untouched.
  it('stays as the reader left it from one round to the next, never folding by itself', async () => {
    const store = memory(null);
    const round2 = () => guidePanel({ ...writing, round: 2 }, () => undefined, store) as HTMLDetailsElement;
    expect(round2().open).toBe(true);
    const folded = round2();
    folded.open = false;
    folded.dispatchEvent(new Event('toggle'));
    expect(round2().open).toBe(false);
    const opened = round2();
    opened.open = true;
    opened.dispatchEvent(new Event('toggle'));
    expect(round2().open).toBe(true);
  });
});

describe('the first-round tour', () => {
  it('is due to a seat in round 1 until done', () => {
    expect(tourDue(writing, memory(null))).toBe(true);
    expect(tourDue(writing, memory('1'))).toBe(false);
    expect(tourDue({ ...writing, round: 2 }, memory(null))).toBe(false);
    expect(tourDue({ ...writing, seat: null }, memory(null))).toBe(false);
  });

  it('walks every stop, outlining its panel, and is done at the end', () => {
    document.body.innerHTML =
      '<section class="warroom-victory"></section><section class="warroom-map"></section><section class="wr-sheet"></section>' +
      '<section id="decide"></section><details class="wr-guide"></details><section id="log-panel"></section>';
    const store = memory(null);
    startTour(store);
    for (let i = 0; i < TOUR.length; ++i) {
      expect(document.querySelector('.wr-tour .tour-count')!.textContent).toBe(`${i + 1} of ${TOUR.length}`);
      expect(document.querySelectorAll('.wr-tour-target')).toHaveLength(1);
      document.querySelector<HTMLButtonElement>('.wr-tour .tour-next')!.click();
    }
    expect(document.querySelector('.wr-tour')).toBeNull();
    expect(document.querySelectorAll('.wr-tour-target')).toHaveLength(0);
    expect(store.items.get('warroom.tour.done')).toBe('1');
  });

  it("brings the stop's panel back on screen after a redraw, until the player scrolls or clicks the page", async () => {
    document.body.innerHTML = '<section class="warroom-victory"></section><section class="warroom-map"></section>';
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const redrawn = () => new Promise((done) => (tourIfDue(writing), setTimeout(done, 0)));
    startTour(memory(null));
    expect(scrolled).toHaveBeenCalledTimes(1);
    await redrawn();
    expect(scrolled).toHaveBeenCalledTimes(2);
    document.querySelector('.warroom-map')!.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
    await redrawn();
    expect(scrolled).toHaveBeenCalledTimes(2);
    expect(document.querySelectorAll('.wr-tour-target')).toHaveLength(1); // still outlined
    document.querySelector<HTMLButtonElement>('.wr-tour .tour-next')!.click(); // the next stop follows again
    expect(scrolled).toHaveBeenCalledTimes(3);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  });

  it("brings the stop's panel back when the page moves it off screen without a redraw (the map drawn above it)", () => {
    document.body.innerHTML = '<section class="warroom-victory"></section><section class="warroom-map"></section>';
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const watchers: { seen: (e: { isIntersecting: boolean }[]) => void; watched: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        watched: Element[] = [];
        constructor(readonly seen: (e: { isIntersecting: boolean }[]) => void) {
          watchers.push(this);
        }
        observe(e: Element) {
          this.watched.push(e);
        }
        disconnect() {
          this.watched = [];
        }
      },
    );
    startTour(memory(null));
    expect(watchers[0].watched).toEqual([document.querySelector('.warroom-victory')]);
    expect(scrolled).toHaveBeenCalledTimes(1);
    watchers[0].seen([{ isIntersecting: false }]); // pushed below the fold
    expect(scrolled).toHaveBeenCalledTimes(2);
    watchers[0].seen([{ isIntersecting: true }]);
    expect(scrolled).toHaveBeenCalledTimes(2);
    document.querySelector<HTMLButtonElement>('.wr-tour .tour-next')!.click(); // the next stop's panel is watched
    expect(watchers[0].watched).toEqual([document.querySelector('.warroom-map')]);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(watchers[0].watched).toEqual([]);
    vi.unstubAllGlobals();
  });

  it('ends on Escape and is not shown by itself again', () => {
    const store = memory(null);
    startTour(store);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(document.querySelector('.wr-tour')).toBeNull();
    expect(tourDue(writing, store)).toBe(false);
  });
});
