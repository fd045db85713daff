import { describe, expect, it } from 'vitest';
import { render, type Message } from '../i18n';
import {
  executing,
  executionPanel,
  roundSteps,
  stanceGroups,
  STEPPER_FROM,
  type LogEntry,
  type LogEvent,
  type Step,
} from './warroom-battle';

// Log entries as the view sends them: each event's structure (`log_events`, warroom/log_json.cpp)
// beside its worded line; the reader uses the structure and only shows the text.
const P3 = 'Phase 3 > Step 2. Resolve Movement in Turn Order';
const P4 = 'Phase 4 > Resolve Battles';
const entry = (rule: string, event: string, args: Record<string, unknown> = {}, text = `${event} (shown)`): LogEntry => ({
  event: { rule, event, ...args } as LogEvent,
  text,
});
const round = (n: number) => entry('Phase 1', 'round_begins', { round: n });
const reveal = (nation: string, orders: number) => entry(P3, 'sheet_revealed', { nation, orders });

const battleOf = (steps: Step[], i: number) => {
  const s = steps[i];
  if (s.kind !== 'battle') throw new Error(`step ${i} is a ${s.kind}`);
  return s;
};

describe("the steps of a War Room round's execution, read from the log's structure", () => {
  it('lists each reveal with its orders: executed, cancelled or not yet', () => {
    const steps = roundSteps([
      round(1),
      reveal('GER', 3),
      entry(P3, 'order_shown', { nation: 'GER', box: 1, command: 4, to: 'poland' }),
      entry(P3, 'order_shown', { nation: 'GER', box: 2, command: 7, to: 'norway' }),
      entry(P3, 'order_shown', { nation: 'GER', box: 3, command: 9, to: 'france' }),
      entry(P3, 'order_cancelled', { nation: 'GER', box: 2, command: 7 }),
      entry(P3, 'moved', { nation: 'GER', command: 4, from: 'germany', to: 'poland' }),
      entry(P3, 'pact_asked', { nation: 'USSR' }, 'the Soviet-Japanese Pact holds'),
      reveal('BC', 1),
      entry(P3, 'order_shown', { nation: 'BC', box: 1, command: 2, to: 'egypt' }),
      entry(P3, 'moved_short', { nation: 'BC', command: 2, from: 'palestine', to: 'sinai' }),
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

  // Issue 33's play-test (finding 3): Germany's Commands 47 and 40 ordered into Baltic States; by
  // rail 47 could go no nearer than Belarus (ruling 29, a line of its own rule between the moves).
  // The reveal goes on past that line, and the order says where the Command stopped and why.
  it('keeps a Command that stopped short by rail in its reveal, with where it stopped', () => {
    const steps = roundSteps([
      round(1),
      reveal('GER', 2),
      entry(P3, 'order_shown', { nation: 'GER', box: 5, command: 47, to: 'G7' }),
      entry(P3, 'order_shown', { nation: 'GER', box: 6, command: 40, to: 'G7' }),
      entry('Phase 2 > Plotting Land Commands by Rail', 'rail_obstructed', { nation: 'GER', command: 47, to: 'G7', stop: 'G8' }),
      entry(P3, 'moved', { nation: 'GER', command: 47, from: 'G4', to: 'G8' }),
      entry(P3, 'moved', { nation: 'GER', command: 40, from: 'G8', to: 'G7' }),
    ]);
    expect(steps.map((s) => s.kind)).toEqual(['reveal']);
    const ger = steps[0];
    if (ger.kind !== 'reveal') throw new Error('a reveal expected');
    expect(ger.moves).toEqual([
      { box: 5, command: 47, to: 'G7', rail: 'G8', from: 'G4', end: 'G8', cancelled: false },
      { box: 6, command: 40, to: 'G7', from: 'G8', end: 'G7', cancelled: false },
    ]);
    expect(ger.events).toEqual([]);
  });

  it('reads only the last round, and no English', () => {
    const steps = roundSteps([round(1), reveal('GER', 1), round(2), reveal('USSR', 0), reveal('USSR', 1)]);
    expect(steps.map((s) => (s.kind === 'reveal' ? s.nation : ''))).toEqual(['USSR', 'USSR']);
    expect(roundSteps([round(1), entry('Phase 2', 'bid_revealed', { nation: 'GER', bid: 3 })])).toEqual([]);
    // A line worded like a reveal is not one: only the structure counts.
    expect(roundSteps([round(1), entry(P3, 'order_drawn', {}, 'GER reveals its O&P Chart: 1 order')])).toEqual([]);
  });

  it('follows a battle through its setup, stages, batches of dice and debrief', () => {
    const steps = roundSteps([
      round(3),
      reveal('GER', 1),
      entry('Phase 4 > Order of Battles', 'battle_begins', { nation: 'GER', region: 'poland' }),
      entry(
        'Phase 4 > Battle Setup',
        'commander_is',
        { nation: 'GER', side: 'axis', region: 'poland' },
        'GER commands the Axis Forces in poland',
      ),
      entry(P4, 'stage', { stage: 'air', allied_dice: 2, axis_dice: 1 }, 'Air Battle Stage: 2 dice against 1'),
      entry(`${P4} > 2. Roll Dice in Batches`, 'batch', { side: 'axis', nation: 'GER', dice: 3 }),
      entry(`${P4} > 2. Roll Dice in Batches`, 'die', { side: 'axis', nation: 'GER', colour: 'blue' }),
      entry(`${P4} > 2. Roll Dice in Batches`, 'die', { side: 'axis', nation: 'GER', colour: 'red' }),
      entry(`${P4} > 2. Roll Dice in Batches`, 'die', { side: 'axis', nation: 'GER', colour: 'blue' }),
      entry(`${P4} > 3. Assign Damage`, 'miss', { colour: 'red', nation: 'GER' }),
      entry(
        `${P4} > 3. Assign Damage`,
        'hit',
        { side: 'allied', row: { unit: 'ftr', stance: 'intercept' }, nation: 'USSR', box: 'damaged' },
        'hit on USSR ftr',
      ),
      entry(`${P4} > 3. Assign Damage`, 'dive', { side: 'allied', nation: 'USSR' }, 'a submarine escapes'),
      entry('Phase 4 > Battle Debrief', 'units_lost', { nation: 'USSR', unit: 'inf', count: 1, where: 0 }, 'USSR loses 1 inf'),
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
    expect(batch.hits).toEqual(['hit on USSR ftr']);
    expect(batch.events).toEqual(['a submarine escapes']);
    expect(b.debrief).toEqual(['USSR loses 1 inf']);
  });

  it('marks a convoy raid and ends a step at an entry of another phase', () => {
    const steps = roundSteps([
      round(1),
      reveal('BC', 0),
      entry('Phase 4 > Order of Battles', 'battle_begins', { nation: 'GER', region: 'north-atlantic' }),
      entry('Phase 4 > Raids > Resolving Convoy Raids', 'convoy', { cluster: 0, resource: 'oil', ships: 1, lost: 1 }, 'a convoy is sunk'),
      entry('Phase 5 > Step 2. Deploy Units', 'deploy_revealed', { nation: 'GER' }),
      entry('Phase 4 > Battle Debrief', 'units_lost', { nation: 'GER' }, 'an entry after the battle'),
    ]);
    const raid = battleOf(steps, 1);
    expect(raid.raid).toBe(true);
    expect(raid.setup).toEqual(['a convoy is sunk']);
    expect(raid.debrief).toEqual([]);
  });
});

describe('Phase 3 and Phase 4: the execution panel shows in every language', () => {
  it('reads the phase from its number, not from the words of the phase line', () => {
    expect(executing({ phase_number: 3, phase: 'Turno 1 · Fase 3, Esecuzione degli ordini' } as never)).toBe(true);
    expect(executing({ phase_number: 4, phase: 'Раунд 1 · фаза 4' } as never)).toBe(true);
    expect(executing({ phase_number: 2, phase: 'Round 1 · Phase 2, Orders' } as never)).toBe(false);
    expect(executing({ phase_number: 6, battle: { region: 'R1' } } as never)).toBe(true);
  });
});

// Play-test of 5 December, evening, finding 14: every stance on the battle board carried its own
// "reconstructed" mark, heavy on a phone. The board marks its stance dice once, under it, saying what.
describe("the battle board's reconstructed stance dice", () => {
  it('are marked once for the whole board', () => {
    const dice = (stance: string) => ({ stance, air: 1, surface: 2, steps: 1, raid: 0, provenance: 'reconstructed' });
    const counts = { fresh: 3, light: 0, damaged: 0, eliminated: 0, escaped: 0 };
    const row = (unit: string, nation: string) => ({
      unit,
      stance: null,
      stances: [dice('assault'), dice('defensive')],
      nations: { [nation]: counts },
    });
    const board = {
      region: 'R12',
      sides: [
        { alliance: 'allied' as const, commander: 'USSR', dice_left: 0, rows: [row('inf', 'USSR'), row('art', 'USSR')] },
        {
          alliance: 'axis' as const,
          commander: 'GER',
          dice_left: 0,
          rows: [{ ...row('arm', 'GER'), stance: 'assault', dice: dice('assault') }],
        },
      ],
    };
    const step: Step = { kind: 'battle', at: 0, region: 'R12', chooser: 'GER', setup: [], stages: [], debrief: [], board };
    const panel = executionPanel([step], null, true, [], { name: (id) => id, go: () => undefined, act: async () => undefined });
    expect(panel.querySelectorAll('.sdice')).toHaveLength(5);
    expect(panel.querySelectorAll('.prov.reconstructed')).toHaveLength(1);
    expect(panel.querySelector('.stance-note')!.textContent).toContain("the dice of every stance on this board are the project's values");
  });
});

// Finding 12 of the same play-test: Germany's "Command 35 → R1 Moscow cancelled" gave no reason.
describe("a reveal's cancelled order", () => {
  // The words of each cancelled order of the execution panel, the nations played by `player`.
  const cancelled = (steps: Step[], player: string) =>
    Array.from(
      executionPanel(steps, null, true, [], {
        name: (id) => id,
        go: () => undefined,
        act: async () => undefined,
        player: () => player,
      }).querySelectorAll('li.cancelled .order-state'),
      (e) => e.textContent!,
    );

  it('says who cancelled it, why a nation may, and when the rules bot does', () => {
    const steps = roundSteps([
      round(1),
      reveal('GER', 1),
      entry(P3, 'order_shown', { nation: 'GER', box: 1, command: 35, to: 'R1' }),
      entry(P3, 'order_cancelled', { nation: 'GER', box: 1, command: 35 }),
    ]);
    const shown = (player: string) => cancelled(steps, player)[0];
    expect(shown('taken')).toBe('cancelled by Germany: a nation may cancel any of its orders as it is carried out (ruling 22)');
    expect(shown('bot:rules')).toContain('; the rules bot cancels an order that would now meet a defence well beyond its strength');
  });

  // Issue 34's play-test (finding 3): "Carry out the rest" cancelled two German orders out of embattled
  // Moscow (ruling 24); the log's order_cancelled says why, and the panel says the rule, not "cancelled
  // by Germany" nor the rules bot's reasons.
  it("says the rule that left it no move (ruling 24: pinned), from the log's reason", () => {
    const steps = roundSteps([
      round(5),
      reveal('GER', 2),
      entry(P3, 'order_shown', { nation: 'GER', box: 1, command: 45, to: 'R12' }),
      entry(P3, 'order_shown', { nation: 'GER', box: 2, command: 47, to: 'R12' }),
      entry(P3, 'order_cancelled', { nation: 'GER', box: 1, command: 45, why: 'pinned' }),
      entry(P3, 'order_cancelled', { nation: 'GER', box: 2, command: 47, why: 'owner' }),
    ]);
    for (const player of ['taken', 'bot:rules']) {
      const [pinned, owner] = cancelled(steps, player);
      expect(pinned).toMatch(
        /^cancelled: pinned: the enemy units where it stood were as many as the Command.s or more, so it had to stay \(ruling 24\)$/,
      );
      expect(owner).toContain('cancelled by Germany');
    }
  });
});

// Finding 11 of the same play-test: after repairs the debrief and the log said "Soviet Union loses 1
// iron, 1 OSR" under "... Pay for Repairs; Strategic Bombing Raids", as if the enemy had bombed
// something. The engine logs a repair payment as its own event (`repairs_paid`, Battle Debrief › 1)
// and what bombing destroyed as a loss under the raid's heading (Raids › Strategic Bombing Raids).
describe("Battle Debrief 1's repair payments and Strategic Bombing Raids' losses", () => {
  const repairs = 'Phase 4 > Battle Debrief > 1. Assess Unit Status and Pay for Repairs';
  const bombing = 'Phase 4 > Raids > Strategic Bombing Raids';
  it('are each their own line of the debrief, the loss to bombing not in the last batch of dice', () => {
    const b = battleOf(
      roundSteps([
        round(1),
        reveal('GER', 0),
        entry('Phase 4 > Order of Battles', 'battle_begins', { nation: 'GER', region: 'R1' }),
        entry('Phase 4 > Resolve Battles > 1. Count Dice', 'stage', { stage: 'surface', allied_dice: 1, axis_dice: 1 }),
        entry(bombing, 'batch', { side: 'axis', nation: 'GER', dice: 4 }),
        entry(bombing, 'die', { side: 'axis', nation: 'GER', colour: 'blue' }),
        entry(bombing, 'bomb', { what: 0, target: 1 }, 'bombing destroys 1 iron'),
        entry(repairs, 'repair', { nation: 'USSR', unit: 'inf', paid: 2 }),
        entry(repairs, 'repairs_paid', { nation: 'USSR', oil: 0, iron: 0, osr: 1 }, 'Soviet Union pays 1 OSR to repair 1 unit'),
        entry(bombing, 'resources_lost', { nation: 'USSR', oil: 0, iron: 1, osr: 0 }, 'Soviet Union loses 1 iron'),
      ]),
      1,
    );
    expect(b.debrief).toEqual(['repair (shown)', 'Soviet Union pays 1 OSR to repair 1 unit', 'Soviet Union loses 1 iron']);
    expect(b.stages[0].batches[0].events).toEqual(['bombing destroys 1 iron']);
  });
  it("word a payment from the catalogue, as the log's message is sent", () => {
    const line = (nation: string, oil: number, iron: number, osr: number) => {
      const counted = (noun: string, count: number) => ({ key: `warroom.count.${noun}`, count });
      const parts = [counted('oil', oil), counted('iron', iron), counted('osr', osr)].filter((p) => p.count);
      // "1 iron, 1 OSR": warroom.phase.list's first and rest, as the engine's `listed` nests them.
      let resources: Message = parts[parts.length - 1];
      for (const first of parts.slice(0, -1).reverse()) resources = { key: 'warroom.phase.list', args: { first, rest: resources } };
      return render({
        key: 'warroom.log.entry',
        args: {
          rule: repairs,
          text: {
            key: 'warroom.log.repairs_paid',
            args: { nation: { key: `warroom.nation.${nation}` }, resources, units: counted('unit', oil + iron + osr) },
          },
        },
      });
    };
    expect(line('USSR', 0, 1, 1)).toBe(`${repairs}: Soviet Union pays 1 iron, 1 OSR to repair 2 units`);
    expect(line('GER', 1, 0, 0)).toBe(`${repairs}: Germany pays 1 oil to repair 1 unit`);
  });
});

// Finding 9 of the same play-test: 18 Infantry were offered as 19 stance buttons ("all 18 in
// Assault", "1 in Defensive, 17 in Assault", ...). From STEPPER_FROM splits on they are one count
// stepper under the board, which sends the split shown.
describe("the battle board's stance count stepper", () => {
  const split = (count: number) => ({
    action: `battle USSR stance inf defensive ${count}`,
    text: count ? `${count} in Defensive, ${18 - count} in Assault` : 'all 18 in Assault',
    note: '',
    stance: { nation: 'USSR', unit: 'inf', stance: 'defensive', rest_stance: 'assault', count },
  });
  const choices = [...Array.from({ length: 19 }, (_, k) => split(k)), { action: 'battle USSR escort 1', text: 'escort', note: '' }];
  const step: Step = {
    kind: 'battle',
    at: 0,
    region: 'R12',
    chooser: 'GER',
    setup: [],
    stages: [],
    debrief: [],
    board: { region: 'R12', sides: [{ alliance: 'allied', commander: 'USSR', dice_left: 0, rows: [] }] },
  };
  it('replaces the splits of one unit type by one stepper that sends the split shown', async () => {
    expect(stanceGroups(choices.slice(0, STEPPER_FROM - 1))).toEqual([]);
    const sent: string[] = [];
    const panel = executionPanel([step], null, true, [], {
      name: (id) => id,
      go: () => undefined,
      act: async (a) => void sent.push(a),
      choices,
    });
    expect(panel.querySelectorAll('.stance-stepper')).toHaveLength(1);
    expect(panel.querySelectorAll('button.board-choice')).toHaveLength(2); // the stepper's, and the escort
    const stepper = panel.querySelector<HTMLElement>('.stance-stepper')!;
    expect(stepper.querySelector('.stepper-what')!.textContent).toBe('all 18 in Assault');
    expect(stepper.querySelector<HTMLButtonElement>('.step-less')!.disabled).toBe(true);
    stepper.querySelector<HTMLButtonElement>('.step-more')!.click();
    stepper.querySelector<HTMLButtonElement>('.step-more')!.click();
    expect(stepper.querySelector('.stepper-what')!.textContent).toBe('2 in Defensive, 16 in Assault');
    expect(stepper.querySelector('output')!.textContent).toBe('2 in Defensive');
    stepper.querySelector<HTMLButtonElement>('.stepper-take')!.click();
    expect(sent).toEqual(['battle USSR stance inf defensive 2']);
  });
});
