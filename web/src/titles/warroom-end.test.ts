import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { closeDetailsAtEnd, warroom } from './warroom';
import { firstStepAt, placeInHash, placeOf } from '../replay-jump';
import type { View } from '../api';
import { endScreen, reason, roundLines, type Chronicle, type EndView } from './warroom-end';
import type { Nation } from './warroom-sheet';

afterEach(() => setLanguage('en'));

const nation = (id: string, alliance: Nation['alliance'], stress: number, medals: number): Nation => ({
  id,
  seat: id,
  alliance,
  oil: 0,
  iron: 0,
  osr: 0,
  stress,
  threshold: 20,
  threshold_provenance: 'reconstructed',
  medals,
  goods: 0,
  zone: 'yellow',
  slot: 0,
  collapsed: false,
  casualties: {},
  sheet: { status: 'done', orders: null, bid: null, purchases: null, purchase: null, selected: null },
});

// An Eastern Front war the Axis won in round 5 (the view's "chronicle", warroom/chronicle.cpp).
const chronicle: Chronicle = {
  end: { kind: 'victory', alliance: 'axis', round: 5 },
  rounds: [
    { round: 1, battles: [], captured: [], units_captured: [], collapsed: [], nations: {} },
    {
      round: 4,
      battles: ['R12', 'R1'],
      captured: [{ nation: 'GER', region: 'R1', from: 'USSR' }],
      units_captured: [{ nation: 'GER', region: 'R1', units: 3, from: 'USSR' }],
      collapsed: [],
      nations: {
        GER: { units_lost: 4, casualty_points: 9, stress: 2, medals: 1, captured_units: 3 },
        USSR: { units_lost: 7, casualty_points: 12, stress: 6, medals: 0, captured_units: 0 },
      },
    },
  ],
  totals: {
    GER: { units_lost: 4, casualty_points: 9, stress: 2, medals: 1, captured_units: 3 },
    USSR: { units_lost: 7, casualty_points: 12, stress: 6, medals: 0, captured_units: 0 },
  },
};
const view: EndView = { id: 'abc1', round: 5, nations: [nation('USSR', 'allied', 14, 2), nation('GER', 'axis', 3, 1)], chronicle };
const name = (id: string) => ({ R1: 'R1 Moscow', R12: 'R12 Smolensk' })[id] ?? id;

describe('the War Room end screen', () => {
  it('says which condition ended the war, and in which round', () => {
    expect(reason(chronicle, 5)).toBe('The Axis win in round 5: at the Victory Check they held their objectives.');
    expect(reason({ ...chronicle, end: { kind: 'stopped', round: 10 } }, 10)).toContain('after round 10 at its round limit');
    expect(reason({ ...chronicle, end: { kind: 'both-lose', round: 3 } }, 3)).toContain('Both alliances lose in round 3');
  });

  it('sums up a round, the units captured under an Industry Token too', () => {
    expect(roundLines(chronicle.rounds[1], name)).toEqual([
      '2 battles: R12 Smolensk and R1 Moscow',
      'Germany takes R1 Moscow from Soviet Union',
      'Germany captures 3 units under the Industry Token in R1 Moscow from Soviet Union',
      'Germany lost 4 units and Soviet Union lost 7 units',
    ]);
  });

  it("shows each nation's losses, Stress and Medals and the replay's jumps", () => {
    const div = document.createElement('div');
    div.innerHTML = endScreen(view, name);
    const ussr = div.querySelector('tr[data-nation="USSR"]')!;
    expect(ussr.querySelector('.units-lost')!.textContent).toBe('7');
    expect(ussr.querySelector('.stress')!.textContent).toBe('6');
    expect(div.querySelector('tr[data-nation="GER"] .medals')!.textContent).toBe('1');
    expect(div.querySelector<HTMLAnchorElement>('#end-replay')!.getAttribute('href')).toBe('#/game/abc1/replay');
    const jumps = Array.from(div.querySelectorAll('details[data-round="4"] a.jump'), (a) => a.getAttribute('href'));
    expect(jumps).toEqual(['#/game/abc1/replay/4/1', '#/game/abc1/replay/4/4']);
    expect(div.querySelector('details[data-round="1"]')!.textContent).toContain('No battle');
    // The Casualty Points are the project's where the chronicle says so, marked as the map is.
    expect(div.querySelector('.end-nations th .prov.reconstructed')).toBeNull();
    div.innerHTML = endScreen({ ...view, chronicle: { ...chronicle, casualty_points_provenance: 'reconstructed' } }, name);
    const marked = Array.from(div.querySelectorAll('.end-nations th'), (th) => th.querySelector('.prov.reconstructed') !== null);
    expect(marked.filter(Boolean)).toHaveLength(1);
    expect(div.querySelectorAll('.end-nations th')[2].textContent).toContain('reconstructed');
    // Play-test 2026-12-05, finding 16: "Casualty" over "Points reconstructed" read as two headings;
    // the mark has a line of its own under the column's name.
    const casualty = div.querySelectorAll('.end-nations th')[2];
    expect(casualty.querySelector('br + .prov.reconstructed')).not.toBeNull();
  });

  it("speaks the reader's language", () => {
    setLanguage('it');
    expect(reason(chronicle, 5)).toContain('round 5');
    expect(reason(chronicle, 5)).not.toContain('win in');
  });
});

describe('the replay jumps to a round and phase', () => {
  it('reads the place of a view with numbers only', () => {
    expect(placeOf({ round: 3, phase_number: 4, phase: 'Round 3 · Phase 4', pass: 0 } as unknown as View)).toEqual({
      round: 3,
      phase: 4,
      pass: 0,
    });
    expect(placeOf({ phase: 'Conference 8' } as unknown as View)).toBeNull();
    expect(placeInHash('#/game/ab12/replay/4/4')).toEqual({ round: 4, phase: 4 });
    expect(placeInHash('#/game/ab12/replay/4')).toEqual({ round: 4, phase: 1 });
    expect(placeInHash('#/game/ab12/replay')).toBeNull();
  });

  it('finds the first step at or after the place by bisection', async () => {
    // 100 steps: rounds 1..5 of 20 steps, phases 1..7 spread over each round.
    const at = (s: number) => ({ round: Math.floor(s / 20) + 1, phase: Math.min(7, Math.floor((s % 20) / 3) + 1), pass: 0 });
    let asked = 0;
    const placeAt = async (s: number) => (++asked, at(s));
    expect(await firstStepAt({ round: 3, phase: 4 }, 99, placeAt)).toBe(49);
    expect(asked).toBeLessThanOrEqual(7);
    expect(await firstStepAt({ round: 1, phase: 1 }, 99, placeAt)).toBe(0);
    expect(await firstStepAt({ round: 9, phase: 1 }, 99, placeAt)).toBe(99); // after the last: the end
  });
});

// Play-test 2026-12-05, finding 16: G1's details, opened during the war, covered the end's map.
describe("a region's details at the end of the war", () => {
  it('are closed when the end is first drawn, and open again on a click', () => {
    const p = { focus: 'G1' as string | null, over: false };
    closeDetailsAtEnd(p, false);
    expect(p.focus).toBe('G1');
    closeDetailsAtEnd(p, true);
    expect(p.focus).toBeNull();
    p.focus = 'R1'; // a click on the end's map
    closeDetailsAtEnd(p, true);
    expect(p.focus).toBe('R1');
  });
});

// Newcomer play-test of 5 December (afternoon), finding 9: the state panel's headings and the
// game's result were English in every language.
describe("the state panel and the result in the reader's language", () => {
  const view = {
    round: 3,
    rule: '',
    nations: [{ id: 'GER', oil: 1, iron: 2, osr: 3, stress: 2, threshold: 8, medals: 1, zone: 'white', collapsed: false }],
    commands: [],
    turn_order: [],
    winner: 'axis',
  } as never;
  it('words the headings, the zone and the result in Russian and Italian', () => {
    setLanguage('ru');
    const html = warroom.status(view, null);
    expect(html).toContain('Раунд 3');
    expect(html).toContain('<th>страна</th>');
    expect(html).toContain('Белая');
    expect(html).not.toMatch(/>(nation|stress|medals|units)</);
    setLanguage('it');
    expect(warroom.result(view)).toBe("Partita finita: vince l'Asse");
    setLanguage('en');
    expect(warroom.result(view)).toBe('Game over: the Axis win');
  });
});
