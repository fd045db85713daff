import { describe, expect, it } from 'vitest';
import { exposedRegions, type ExposedView } from './warroom-exposed';
import type { MapRegion } from './warroom-geo';

// Play-test 2026-12-05, finding 6: round 2, the Soviet Union ordered Leningrad's last Command into
// Baltic States; nothing said that Leningrad (Industry) was left empty next to 16 German units, and
// Germany walked in (+4 Stress).
const region = (id: string, adjacent: string[], extra: Partial<MapRegion> = {}): MapRegion =>
  ({ id, name: id, type: 'territory', lon: 0, lat: 0, sv: 1, adjacent, ...extra }) as MapRegion;
const layout = new Map(
  [
    region('R1', ['R2', 'R12'], { capital_of: 'USSR', industry: true }),
    region('R2', ['R1', 'G7', 'G10'], { industry: true }),
    region('R12', ['R1', 'G8']),
    region('G7', ['R2', 'G8']),
    region('G8', ['G7', 'R12']),
    region('G10', ['R2']),
  ].map((r) => [r.id, r]),
);
const view = (orders: { command: number; to: string }[]): ExposedView => ({
  nations: [
    { id: 'USSR', alliance: 'allied', sheet: { status: 'writing', orders: orders.map((o) => ({ ...o, status: 'written' })) } },
    { id: 'GER', alliance: 'axis', sheet: { status: 'writing', orders: null } },
  ],
  commands: [
    { nation: 'USSR', number: 40, category: 'land', region: 'R2', units: { inf: 3 } },
    { nation: 'USSR', number: 50, category: 'land', region: 'R1', units: { inf: 6 } },
    { nation: 'GER', number: 47, category: 'land', region: 'G7', units: { inf: 12, art: 4 } },
    { nation: 'GER', number: 12, category: 'air', region: 'G10', units: { ftr: 2 } },
  ],
  regions: ['R1', 'R2', 'R12', 'G7', 'G8', 'G10'].map((id) => ({ id, controller: id.startsWith('R') ? 'USSR' : 'GER' })),
});

describe('key regions the orders leave empty next to the enemy', () => {
  it('names Leningrad once its last Command is ordered out, with the enemy land units next to it', () => {
    expect(exposedRegions(view([]), 'USSR', layout)).toEqual([]);
    expect(exposedRegions(view([{ command: 40, to: 'G7' }]), 'USSR', layout)).toEqual([
      { region: 'R2', why: 'industry', enemy: 16, stay: 0 },
    ]);
  });
  it('says nothing where a Command is ordered in, where no enemy land unit is near, or once the sheet is done', () => {
    expect(
      exposedRegions(
        view([
          { command: 40, to: 'G7' },
          { command: 50, to: 'R2' },
        ]),
        'USSR',
        layout,
      ),
    ).toEqual([]);
    expect(exposedRegions(view([{ command: 50, to: 'R12' }]), 'USSR', layout)).toEqual([]); // Moscow: nothing next to it
    const done = view([{ command: 40, to: 'G7' }]);
    done.nations[0].sheet.status = 'done';
    expect(exposedRegions(done, 'USSR', layout)).toEqual([]);
  });
});

// Play-test 2026-12-06, finding 3: Eastern Front, round 4: Germany kept 2 new Armor in Greater Germany
// with 8 Soviet land units next to it in Hungary; no warning came (only "none stay" was warned), and
// the Soviets took G1 and the game.
describe('the capital weighed against the enemy next to it', () => {
  const g1 = new Map(
    [region('G1', ['G5'], { capital_of: 'GER', industry: true }), region('G5', ['G1']), region('G2', ['G1'])].map((r) => [r.id, r]),
  );
  const capital = (orders: { command: number; to: string }[], armor = 2): ExposedView => ({
    nations: [
      { id: 'GER', alliance: 'axis', sheet: { status: 'writing', orders: orders.map((o) => ({ ...o, status: 'written' })) } },
      { id: 'USSR', alliance: 'allied', sheet: { status: 'writing', orders: null } },
    ],
    commands: [
      { nation: 'GER', number: 3, category: 'land', region: 'G1', units: { arm: armor } },
      { nation: 'GER', number: 7, category: 'land', region: 'G2', units: { inf: 4 } },
      { nation: 'USSR', number: 31, category: 'land', region: 'G5', units: { inf: 5, arm: 3 } },
    ],
    regions: [
      { id: 'G1', controller: 'GER' },
      { id: 'G2', controller: 'GER' },
      { id: 'G5', controller: 'USSR' },
    ],
  });
  it('warns when fewer units stay than the enemy land units next door, counting those ordered in', () => {
    expect(exposedRegions(capital([]), 'GER', g1)).toEqual([{ region: 'G1', why: 'capital', enemy: 8, stay: 2 }]);
    expect(exposedRegions(capital([{ command: 7, to: 'G1' }]), 'GER', g1)).toEqual([{ region: 'G1', why: 'capital', enemy: 8, stay: 6 }]);
    expect(exposedRegions(capital([{ command: 3, to: 'G2' }]), 'GER', g1)).toEqual([{ region: 'G1', why: 'capital', enemy: 8, stay: 0 }]);
    expect(exposedRegions(capital([], 8), 'GER', g1)).toEqual([]);
  });
});

describe('the note beside "Done"', () => {
  it('is worded from the catalogues above the sheet’s Done', async () => {
    const { sheetPanel } = await import('./warroom-sheet');
    const { Legal } = await import('../actions');
    const ussr = {
      id: 'USSR',
      seat: 'USSR',
      alliance: 'allied',
      oil: 5,
      sheet: { status: 'writing', orders: [null], bid: 0, purchases: {}, purchase: null, selected: null },
    } as never;
    const legal = new Legal(['done USSR'], { 'done USSR': { kind: 'done', nation: 'USSR' } });
    const panel = sheetPanel([ussr], 'USSR', [], legal, {
      name: (r) => (r === 'R2' ? 'R2 Leningrad' : r),
      act: async () => {},
      select: () => {},
      note: () => '',
      exposed: () => [{ region: 'R2', why: 'industry', enemy: 16, stay: 0 }],
    });
    const note = panel.querySelector('ul.exposed li')!;
    expect(note.textContent).toBe(
      'R2 Leningrad (Industry): none of your units stay there after these orders; enemy land units next to it: 16.',
    );
    expect(panel.querySelector('ul.exposed + p button.done')).not.toBeNull();
  });
  it('says how many units stay when some do', async () => {
    const { sheetPanel } = await import('./warroom-sheet');
    const { Legal } = await import('../actions');
    const ger = {
      id: 'GER',
      seat: 'GER',
      alliance: 'axis',
      zone: 'white',
      stress: 0,
      threshold: 8,
      sheet: { status: 'writing', orders: [null], bid: 0, purchases: {}, purchase: null, selected: null },
    } as never;
    const panel = sheetPanel([ger], 'GER', [], new Legal([]), {
      name: (r) => (r === 'G1' ? 'G1 Greater Germany' : r),
      act: async () => {},
      select: () => {},
      note: () => '',
      exposed: () => [{ region: 'G1', why: 'capital', enemy: 8, stay: 2 }],
    });
    expect(panel.querySelector('ul.exposed li')!.textContent).toBe(
      'G1 Greater Germany (capital): units of yours staying there after these orders: 2; enemy land units next to it: 8.',
    );
  });
});
