import { describe, expect, it } from 'vitest';
import { Legal } from '../actions';
import type { WarRoomView } from '../api';
import { mapLine } from './warroom';

// The Soviet Union writing its sheet in the Eastern Front with Command 15 in Moscow, which it may
// select (no Command selected) or has selected (two destinations offered).
const view = (status: 'writing' | 'done', selected: number | null) =>
  ({
    seat: 'USSR',
    nations: [{ id: 'USSR', seat: 'USSR', sheet: { status, orders: [null], bid: 0, purchases: {}, purchase: null, selected } }],
    commands: [{ nation: 'USSR', number: 15, region: 'R1', units: { bmb: 1, ftr: 2 } }],
    destinations: {},
  }) as unknown as WarRoomView;
const selectable = new Legal(['select USSR 15', 'done USSR'], {
  'select USSR 15': { kind: 'select', nation: 'USSR', command: 15 },
  'done USSR': { kind: 'done', nation: 'USSR' },
});
const destinations = new Legal(['to USSR R2', 'to USSR R12'], {
  'to USSR R2': { kind: 'to', nation: 'USSR', region: 'R2' },
  'to USSR R12': { kind: 'to', nation: 'USSR', region: 'R12' },
});
const name = (id: string) => ({ R1: 'R1 Moscow' })[id] ?? id;

// Play-test of 7 December: the line above the map appeared only once a Command was selected and
// pushed the map down under the player's next click; it now stands through the writing of the sheet.
describe('the line above the map while the sheet is written (Phase 2 Step 1)', () => {
  it('says how to select a Command while none is selected', () => {
    expect(mapLine(view('writing', null), selectable, name)).toBe('Click one of your stacks on the map to write its order.');
  });
  it('names the selected Command and its destinations', () => {
    expect(mapLine(view('writing', 15), destinations, name)).toBe(
      'Command 15 in R1 Moscow (1 Bomber, 2 Fighters) selected: click one of its 2 destinations outlined on the map, or one below.',
    );
  });
  it('is gone once the sheet is done or no Command is left to select', () => {
    expect(mapLine(view('done', null), new Legal([], {}), name)).toBeNull();
    expect(mapLine(view('writing', null), new Legal(['done USSR'], { 'done USSR': { kind: 'done', nation: 'USSR' } }), name)).toBeNull();
  });
});
