import { describe, expect, it } from 'vitest';
import { roundSteps, type Step } from './warroom-battle';

// Log lines as the view sends them: the rulebook heading, ': ', the line.
const P3 = 'Phase 3 > Step 2. Resolve Movement in Turn Order';
const P4 = 'Phase 4 > Resolve Battles';
const round = (n: number) => `Phase 1: round ${n} begins`;

const battleOf = (steps: Step[], i: number) => {
  const s = steps[i];
  if (s.kind !== 'battle') throw new Error(`step ${i} is a ${s.kind}`);
  return s;
};

describe("the steps of a War Room round's execution, read from the log", () => {
  it('lists each reveal with its orders: executed, cancelled or not yet', () => {
    const steps = roundSteps([
      round(1),
      `${P3}: GER reveals its O&P Chart: 3 orders`,
      `${P3}: GER box 1: Command 4 to poland`,
      `${P3}: GER box 2: Command 7 to norway`,
      `${P3}: GER box 3: Command 9 to france`,
      `${P3}: GER cancels box 2 (Command 7)`,
      `${P3}: GER moves Command 4 from germany to poland`,
      `${P3}: the Soviet-Japanese Pact holds`,
      `${P3}: BC reveals its O&P Chart: 1 order`,
      `${P3}: BC box 1: Command 2 to egypt`,
      `${P3}: BC moves Command 2 from palestine and stops in sinai`,
    ]);
    expect(steps.map((s) => s.kind)).toEqual(['reveal', 'reveal']);
    const [ger, bc] = steps;
    if (ger.kind !== 'reveal' || bc.kind !== 'reveal') throw new Error('reveals expected');
    expect(ger.nation).toBe('GER');
    expect(ger.moves).toEqual([
      { box: 1, command: 4, to: 'poland', from: 'germany', end: 'poland', cancelled: false },
      { box: 2, command: 7, to: 'norway', cancelled: true },
      { box: 3, command: 9, to: 'france', cancelled: false },
    ]);
    expect(ger.events).toEqual(['the Soviet-Japanese Pact holds']);
    expect(bc.moves).toEqual([{ box: 1, command: 2, to: 'egypt', from: 'palestine', end: 'sinai', cancelled: false }]);
  });

  it('reads only the last round', () => {
    const steps = roundSteps([
      round(1),
      `${P3}: GER reveals its O&P Chart: 1 order`,
      round(2),
      `${P3}: USSR reveals its O&P Chart: 0 orders`,
      `${P3}: USSR reveals its O&P Chart: 1 order`,
    ]);
    expect(steps.map((s) => (s.kind === 'reveal' ? s.nation : ''))).toEqual(['USSR', 'USSR']);
    expect(roundSteps([round(1), 'Phase 2: GER bid 3 oil'])).toEqual([]);
  });

  it('follows a battle through its setup, stages, batches of dice and debrief', () => {
    const steps = roundSteps([
      round(3),
      `${P3}: GER reveals its O&P Chart: 1 order`,
      `Phase 4: GER selects the Active region poland`,
      `${P4} > Battle Setup: GER commands the Axis Forces in poland`,
      `${P4}: Air Battle Stage: 2 dice against 1`,
      `${P4} > 2. Roll Dice in Batches: GER rolls a batch of 3 dice`,
      `${P4} > 2. Roll Dice in Batches: GER die: blue`,
      `${P4} > 2. Roll Dice in Batches: GER die: red`,
      `${P4} > 2. Roll Dice in Batches: GER die: blue`,
      `${P4} > 3. Assign Damage: red misses`,
      `${P4} > 3. Assign Damage: hit on USSR 0: now damaged`,
      `${P4} > 3. Assign Damage: the Commander decides`,
      `${P4} > Battle Debrief: USSR loses 1 inf to the Casualty List`,
    ]);
    expect(steps.map((s) => s.kind)).toEqual(['reveal', 'battle']);
    const b = battleOf(steps, 1);
    expect([b.chooser, b.region, b.raid]).toEqual(['GER', 'poland', undefined]);
    expect(b.setup).toEqual(['GER commands the Axis Forces in poland']);
    expect(b.stages).toHaveLength(1);
    expect(b.stages[0].title).toBe('Air Battle Stage: 2 dice against 1');
    const [batch] = b.stages[0].batches;
    expect(batch.nation).toBe('GER');
    // The red die missed; of the two blue dice one hit is assigned (the first), the last is still to assign.
    expect(batch.dice).toEqual([
      { colour: 'blue', hit: true },
      { colour: 'red', hit: false },
      { colour: 'blue', hit: null },
    ]);
    expect(batch.misses).toEqual(['red']);
    expect(batch.hits).toEqual(['hit on USSR 0: now damaged']);
    expect(batch.events).toEqual(['the Commander decides']);
    expect(b.debrief).toEqual(['USSR loses 1 inf to the Casualty List']);
  });

  it('marks a convoy raid and ends a step at a line of another phase', () => {
    const steps = roundSteps([
      round(1),
      `${P3}: BC reveals its O&P Chart: 0 orders`,
      `Phase 4: GER selects the Active region north-atlantic`,
      `Phase 4 > Convoy Raids: GER raids the convoys of north-atlantic`,
      `Phase 5: deployment begins`,
      `${P4} > Battle Debrief: a line after the battle's end`,
    ]);
    const raid = battleOf(steps, 1);
    expect(raid.raid).toBe(true);
    expect(raid.setup).toEqual(['GER raids the convoys of north-atlantic']);
    expect(raid.debrief).toEqual([]);
  });
});
