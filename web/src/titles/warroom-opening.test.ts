import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { afterShifts, currentStep, openingFor, openingPanel, stepActions, type OpeningView } from './warroom-opening';
import openings from '../../../data/warroom/openings.json';

afterEach(() => {
  setLanguage('en');
  localStorage.clear();
});

const soviet = openings.openings.find((o) => o.scenario === 'eastern-front' && o.nation === 'USSR')!;
const orders = soviet.steps.filter((s) => s.do === 'order');

// The Soviet seat's view in round 1 of Eastern Front (warroom/view.cpp), reduced to what the panel reads.
const at = (phase: number, written: { command: number; to: string }[] = [], legal: string[] = ['done USSR']): OpeningView => ({
  id: 'g1',
  seat: 'USSR',
  scenario: 'eastern-front',
  round: 1,
  phase_number: phase,
  legal_actions: legal,
  nations: [
    {
      id: 'USSR',
      seat: 'USSR',
      sheet: { status: 'writing', orders: written.map((o) => ({ ...o, status: 'written' })), bid: 0, selected: null },
    } as never,
  ],
  commands: [{ nation: 'USSR', number: orders[0].command!, region: 'R1', category: 'land', units: { inf: 3 } } as never],
  regions: [{ id: String(orders[0].to), controller: 'USSR' }],
});

describe('the opening walkthrough', () => {
  it('walks the shifts in Phase 1, then the orders not yet on the sheet, then the bid and "done"', () => {
    const o = openingFor(at(1))!;
    expect(o.nation).toBe('USSR');
    const first = currentStep(o, at(1), 'g1');
    expect(first.steps[first.at].do).toBe('shift');
    expect(first.steps).toHaveLength(soviet.steps.length + 2);
    const two = currentStep(o, at(2, [{ command: orders[0].command!, to: String(orders[0].to) }]), 'g1');
    expect(two.steps[two.at]).toEqual(orders[1]);
    expect(stepActions(o, orders[1], at(2))).toEqual([`select USSR ${orders[1].command}`, `to USSR ${orders[1].to}`]);
    const shift = soviet.steps[0];
    expect(stepActions(o, shift, at(1))[0]).toMatch(new RegExp(`^shift USSR ${shift.from} ${shift.unit}(\\*\\d)? ${shift.to}$`));
  });

  it('passes over an order step whose Command the player has ordered elsewhere', () => {
    // Play-test 2026-12-05 (Global War): the step stayed, "Do it" disabled, saying it comes in Phase 2.
    const o = openingFor(at(2))!;
    const elsewhere = at(2, [{ command: orders[0].command!, to: 'NOWHERE' }], ['done USSR']);
    const now = currentStep(o, elsewhere, 'g1');
    expect(now.steps[now.at]).toEqual(orders[1]);
    const stuck = openingPanel(
      at(2, [], ['done USSR']),
      (id) => id,
      async () => undefined,
    )!;
    expect(stuck.querySelector<HTMLButtonElement>('button.opening-do')!.disabled).toBe(true);
    expect(stuck.textContent).toContain('The game does not offer this step now');
    expect(stuck.textContent).not.toContain('This step comes when');
  });

  it("is worded in the reader's language, and is not shown after round 1 or to a spectator", () => {
    setLanguage('it');
    const legal = ['done USSR', `select USSR ${orders[0].command}`];
    const panel = openingPanel(
      at(2, [], legal),
      (id) => id,
      async () => undefined,
    )!;
    expect(panel.querySelector('.opening-what')!.textContent).toContain(`Ordina al Comando ${orders[0].command} (3 Fanterie, in R1)`);
    expect(panel.querySelector('.opening-why')!.textContent).not.toMatch(/\{\{|warroom\./);
    expect(panel.querySelector<HTMLButtonElement>('button.opening-do')!.disabled).toBe(false);
    expect(openingFor({ ...at(2), round: 2 })).toBeNull();
    expect(openingFor({ ...at(2), seat: null })).toBeNull();
  });
});

// The play-test of 5 December (docs/warroom/playtest.md, finding 6): War in Europe's British steps 4
// and 5 said "Ships to ..." for 2 Bombers and 3 Fighters, and nothing of the German fleet in A-3.
describe("the opening's reasons at sea", () => {
  const british = openings.openings.find((o) => o.scenario === 'war-in-europe' && o.nation === 'BC')!;
  const step = (command: number) => british.steps.find((s) => s.do === 'order' && s.command === command)!;
  const view = (command: number): OpeningView => ({
    id: 'g2',
    seat: 'BC',
    scenario: 'war-in-europe',
    round: 1,
    phase_number: 2,
    legal_actions: ['done BC', `select BC ${command}`],
    nations: [
      { id: 'BC', seat: 'BC', alliance: 'allied', sheet: { status: 'writing', orders: [], bid: 0, selected: null } } as never,
      { id: 'GER', seat: 'GER+ITA', alliance: 'axis', sheet: { status: 'writing', orders: [], bid: 0, selected: null } } as never,
    ],
    commands: [
      { nation: 'BC', number: 1, region: 'A-6', category: 'sea', units: { bb: 2 } } as never,
      { nation: 'BC', number: 15, region: 'B1', category: 'air', units: { bmb: 2, ftr: 3 } } as never,
      { nation: 'GER', number: 1, region: 'A-3', category: 'sea', units: { bb: 1, ca: 1 } } as never,
      { nation: 'GER', number: 2, region: 'A-9', category: 'sea', units: { sub: 3 } } as never,
    ],
    regions: [],
  });
  const why = (command: number) => {
    // Every order before this one is on the sheet: the walkthrough is at this step.
    const orders = british.steps.filter((s) => s.do === 'order');
    const v = view(command);
    v.nations[0].sheet.orders = orders
      .slice(0, orders.indexOf(step(command)))
      .map((s) => ({ command: s.command!, to: String(s.to), status: 'written' }));
    return openingPanel(
      v,
      (id) => id,
      async () => undefined,
    )!.querySelector('.opening-why')!.textContent!;
  };

  it('says a battle waits where the enemy has units, and that air units land again', () => {
    expect(step(1).why).toBe('sea_battle');
    expect(why(1)).toBe(
      'Ships to A-3, where units of Germany wait: a battle at sea there in Phase 4; the side left alone there guards its convoys.',
    );
    expect(step(15).why).toBe('air_sea_battle'); // three German submarines in A-9
    expect(why(15)).toBe(
      'Air units over A-9, where units of Germany wait: they fight the battle at sea there in Phase 4 and land again in Phase 5.',
    );
    setLanguage('ru');
    expect(why(15)).toMatch(/^Авиация над A-9, где ждут подразделения противника \(Германия\)/);
  });
});

// Play-test 2026-12-05, finding 12: read in Phase 1, the order of Command 35 said "4 Infantry",
// though the walkthrough's first shift moves an Infantry of Command 36 into it.
describe("the walkthrough's orders describe their Commands as the shifts leave them", () => {
  const phase1 = (): OpeningView => ({
    ...at(1),
    commands: [
      { nation: 'USSR', number: 35, region: 'R1', category: 'land', units: { arm: 1, art: 2, inf: 4 } } as never,
      { nation: 'USSR', number: 36, region: 'R1', category: 'land', units: { inf: 4, art: 1 } } as never,
    ],
  });
  it('counts the shifts still to come in Phase 1, and the Commands as they are in Phase 2', () => {
    const o = openingFor(phase1())!;
    expect(afterShifts(o, phase1(), 0).get(35)).toEqual({ arm: 1, art: 2, inf: 5 });
    expect(afterShifts(o, phase1(), 1).get(35)).toEqual({ arm: 1, art: 2, inf: 4 }); // the first shift made: the view has it
    expect(afterShifts(o, { ...phase1(), phase_number: 2 }, 0).get(35)).toEqual({ arm: 1, art: 2, inf: 4 });
    const panel = openingPanel(
      phase1(),
      (id) => id,
      async () => undefined,
    )!;
    const line = Array.from(panel.querySelectorAll('.opening-steps li'))
      .map((li) => li.textContent!)
      .find((x) => x.startsWith('Order Command 35'));
    expect(line).toContain('1 Armor, 2 Artillery, 5 Infantry');
  });
});

// Play-test of 5 December, evening, finding 10: "Reorganize: move 1 Infantry from Command 36 into
// Command 35" did not say where these Commands are; the order steps did ("in R1 Moscow").
describe("the walkthrough's shifts say where their Commands stand", () => {
  it('names the region of the Commands a shift reorganizes', () => {
    const shift = soviet.steps.find((s) => s.do === 'shift')!;
    const v = at(1, [], [`shift USSR ${shift.from} ${shift.unit} ${shift.to}`, 'done USSR']);
    v.commands.push({ nation: 'USSR', number: shift.from, region: 'R1', category: 'land', units: { inf: 3 } } as never);
    const panel = openingPanel(
      v,
      (id) => (id === 'R1' ? 'R1 Moscow' : id),
      async () => undefined,
    )!;
    expect(panel.querySelector('.opening-what')!.textContent).toBe(
      `Reorganize in R1 Moscow: move 1 Infantry from Command ${shift.from} into Command ${shift.to}.`,
    );
  });
});
