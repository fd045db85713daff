import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import {
  ASK_AFTER_MS,
  assumptions,
  figure,
  keyOf,
  oddsHtml,
  oddsPanel,
  oddsTargets,
  sideNations,
  stanceLine,
  type OddsView,
} from './warroom-odds';
import { colour } from './warroom-map';
import type { Nation } from './warroom-sheet';
import { monteCarlo, nation } from './warroom-odds.fixture';

afterEach(() => setLanguage('en'));

// Germany writes orders into Smolensk (Soviet), Belarus (its own) and the Baltic Sea (a Soviet fleet).
const view = (extra: Partial<OddsView> = {}): OddsView => ({
  id: 'g1',
  version: 7,
  seat: 'GER',
  nations: [
    nation('GER', 'axis', 'GER', [
      { command: 42, to: 'R12', status: 'written' },
      { command: 43, to: 'G8', status: 'written' },
      { command: 90, to: 'S3', status: 'written' },
      { command: 44, to: 'R13', status: 'cancelled' },
    ]),
    nation('USSR', 'allied', 'USSR', null),
  ],
  regions: [
    { id: 'R12', controller: 'USSR' },
    { id: 'G8', controller: 'GER' },
    { id: 'R13', controller: 'USSR' },
  ],
  commands: [{ nation: 'USSR', region: 'S3' }],
  ...extra,
});

describe('the War Room odds panel', () => {
  it('asks the server once the writing pauses: a panel redrawn before then asks nothing', async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve({ ok: false, json: () => Promise.resolve({ code: 'no_battle' }) });
    });
    try {
      for (let version = 100; version < 105; ++version) {
        document.body.replaceChildren(oddsPanel(view({ version }), (id) => id)!); // an entry written: the page redrawn
        await vi.advanceTimersByTimeAsync(ASK_AFTER_MS / 2);
      }
      expect(asked).toEqual([]);
      await vi.advanceTimersByTimeAsync(ASK_AFTER_MS);
      expect(asked).toEqual(['/api/games/g1/odds?region=R12']);
      document.body.replaceChildren(oddsPanel(view({ version: 104 }), (id) => id)!); // the same version again: the answer kept
      await vi.advanceTimersByTimeAsync(ASK_AFTER_MS * 2);
      expect(asked).toHaveLength(1);
      expect(document.querySelector('.odds-answer')!.getAttribute('data-state')).toBe('none');
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
      document.body.replaceChildren();
    }
  });

  // The play-test of 5 December (docs/warroom/playtest.md, finding 8): every entry of the sheet is a
  // version of its own, and each asked the same question again while the earlier answers were still
  // being computed ("Computing the odds..." for minutes on a busy machine, up to 9 requests held).
  it('asks again only when what the odds depend on changes, and abandons a question no panel shows', async () => {
    vi.useFakeTimers();
    const asked: { url: string; signal: AbortSignal }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      asked.push({ url, signal: init.signal! });
      return new Promise(() => undefined); // a busy odds lane: no answer yet
    });
    const ger = (orders: Nation['sheet']['orders']) => [nation('GER', 'axis', 'GER', orders), nation('USSR', 'allied', 'USSR', null)];
    const base = view().nations[0].sheet.orders!;
    try {
      const show = async (v: OddsView) => {
        document.body.replaceChildren(oddsPanel(v, (id) => id)!);
        await vi.advanceTimersByTimeAsync(ASK_AFTER_MS * 2);
      };
      await show(view({ id: 'g9', version: 200 }));
      // An order written elsewhere (Belarus's cancelled), then a bid: new versions, the same question.
      await show(view({ id: 'g9', version: 201, nations: ger([...base.slice(0, 3), { command: 44, to: 'G8', status: 'written' }]) }));
      await show(view({ id: 'g9', version: 202 }));
      expect(keyOf(view({ id: 'g9', version: 202 }), 'R12')).toBe(keyOf(view({ id: 'g9', version: 200 }), 'R12'));
      expect(asked.map((a) => a.url)).toEqual(['/api/games/g9/odds?region=R12']);
      // A second order into Smolensk: the question changes, and the one before is abandoned.
      await show(view({ id: 'g9', version: 203, nations: ger([...base, { command: 45, to: 'R12', status: 'written' }]) }));
      expect(asked).toHaveLength(2);
      expect(asked[0].signal.aborted).toBe(true);
      expect(asked[1].signal.aborted).toBe(false);
      expect(document.querySelector('.odds-answer')!.textContent).toContain('Computing');
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
      document.body.replaceChildren();
    }
  });

  it('offers the battle being fought, the hotspots, then the written orders into hostile ground', () => {
    expect(oddsTargets(view())).toEqual([
      { region: 'R12', why: 'order' },
      { region: 'S3', why: 'order' },
    ]);
    expect(oddsTargets(view({ battle: { region: 'R13' }, hotspots: ['R13', 'R12'] }))).toEqual([
      { region: 'R13', why: 'battle' },
      { region: 'R12', why: 'hotspot' },
      { region: 'S3', why: 'order' },
    ]);
    expect(oddsTargets(view({ seat: null }))).toEqual([]); // a spectator writes no orders
  });

  it('shows Monte Carlo figures with their standard error, exact ones without', () => {
    expect(figure({ mean: 0.75, se: 0.0097 }, false, true)).toBe('75.0% ± 1.0');
    expect(figure({ mean: 3.25, se: 0.04 }, false, false)).toBe('3.25 ± 0.04');
    expect(figure({ mean: 0.5, se: 0 }, true, true)).toBe('50.0%');
  });

  it('reads the answer as structure: sides, roles, stances, method and assumptions', () => {
    const div = document.createElement('div');
    div.innerHTML = oddsHtml(monteCarlo, (id) => (id === 'R12' ? 'R12 Smolensk' : id));
    expect(div.querySelector('.odds-method')!.textContent).toBe('Monte Carlo, 2000 battles: each figure ± one standard error.');
    expect(div.querySelector('tr.wins th')!.textContent).toBe('takes or holds R12 Smolensk');
    expect(div.querySelector('tr.wins td.side-axis')!.textContent).toBe('75.0% ± 1.0');
    expect(div.querySelector('tr.casualty-points td.side-allied')!.textContent).toBe('9.00 ± 0.10');
    expect(div.querySelector('tr.casualty-points th .prov.reconstructed')).toBeNull();
    div.innerHTML = oddsHtml({ ...monteCarlo, casualty_points_provenance: 'reconstructed' }, (id) => id);
    expect(div.querySelector('tr.casualty-points th .prov.reconstructed')).not.toBeNull();
    expect(div.querySelector('tr.wins th .prov')).toBeNull();
    div.innerHTML = oddsHtml(monteCarlo, (id) => (id === 'R12' ? 'R12 Smolensk' : id));
    expect(div.querySelector('th.side-axis')!.textContent).toBe('Axis (attacking)');
    expect(div.querySelector('.stances-axis')!.textContent).toBe('Infantry Assault, Armor Breakthrough (its best)');
    const assumed = Array.from(div.querySelectorAll('.odds-assumptions li'), (li) => li.textContent);
    expect(assumed).toContain('Germany 42 and Germany 43 move in first (their orders carried out now).');
    expect(assumed.some((a) => a!.includes('reinforcements you cannot see'))).toBe(true);
    expect(assumed).toContain('6 pairs of stance plans compared.');
  });

  // Play-test of 5 December, evening, finding 4: the Allied column was blue and the Axis red while
  // the map draws the Soviet Union red and Germany grey. Each side's heading carries the swatches of
  // its nations there, in the map's colours, and says which side is the reader's.
  it("names each side by its nations' map colours, the reader's side marked", () => {
    const v = view();
    const who = sideNations(v, monteCarlo);
    expect(who).toEqual({ allied: ['USSR'], axis: ['GER'], own: 'axis' });
    const div = document.createElement('div');
    div.innerHTML = oddsHtml(monteCarlo, (id) => id, who);
    const swatch = (side: string) =>
      Array.from(div.querySelectorAll<HTMLElement>(`th.side-${side} .swatch`), (e) => [e.dataset.nation, e.style.background]);
    expect(swatch('allied')).toEqual([['USSR', colour.USSR]]);
    expect(swatch('axis')).toEqual([['GER', colour.GER]]);
    expect(div.querySelector('th.side-axis .you')!.textContent).toBe('(you)');
    expect(div.querySelector('th.side-allied .you')).toBeNull();
  });

  // Finding 5: "takes or holds R12: 100%" beside "Embattled after it: 100%" read as a contradiction.
  it('says under a land battle that "holds" includes staying embattled', () => {
    const div = document.createElement('div');
    div.innerHTML = oddsHtml(monteCarlo, (id) => id);
    expect(div.querySelector('.holds-note')!.textContent).toContain('one battle may not clear a region');
    div.innerHTML = oddsHtml({ ...monteCarlo, land: false }, (id) => id);
    expect(div.querySelector('.holds-note')).toBeNull();
    setLanguage('ru');
    div.innerHTML = oddsHtml(monteCarlo, (id) => id);
    expect(div.querySelector('.holds-note')!.textContent).toContain('спорным');
  });

  // Finding 14: "M-4 Black Sea" was "to be fought" every round and resolved with no decision: a raid.
  it('names an Active Hotspot a convoy raid once the answer says it is one, and says what a raid is', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () =>
      Promise.resolve({
        ok: true,
        json: () => Promise.resolve({ version: 7, seat: 'GER', odds: { ...monteCarlo, region: 'M-4', land: false, kind: 'convoy-raid' } }),
      }),
    );
    try {
      const panel = oddsPanel(view({ hotspots: ['M-4'], nations: [view().nations[1]] }), (id) => id)!;
      document.body.replaceChildren(panel);
      expect(panel.querySelector('button.odds-target small')!.textContent).toBe('to be fought');
      await vi.advanceTimersByTimeAsync(ASK_AFTER_MS * 2);
      expect(panel.querySelector('button.odds-target small')!.textContent).toBe('convoy raid');
      expect(panel.querySelector('.raid-note')!.textContent).toContain('A convoy raid, not a battle: nobody chooses a stance');
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
      document.body.replaceChildren();
    }
  });

  it('words everything from the catalogues', () => {
    setLanguage('it');
    expect(stanceLine(monteCarlo.sides.allied)).not.toContain('its best');
    expect(assumptions({ ...monteCarlo, exact: true, in_progress: true, more_may_come: false }).join(' ')).toContain('in corso');
  });
});
