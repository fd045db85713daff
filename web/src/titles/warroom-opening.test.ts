import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { currentStep, openingFor, openingPanel, stepActions, type OpeningView } from './warroom-opening';
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
