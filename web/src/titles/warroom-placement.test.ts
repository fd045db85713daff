import { afterEach, describe, expect, it } from 'vitest';
import { Legal } from '../actions';
import type { ActionFields, WarRoomView } from '../api';
import { setLanguage } from '../i18n';
import { placementActions, placementPanel } from './warroom-placement';
import { warroom } from './warroom';

afterEach(() => setLanguage('en'));

// The Soviet Union at Phase 7 › Step 5 with 3 Infantry and 1 Armor to place, as the engine's view
// gives it: Moscow takes 3 more units, Leningrad 1 (the counts are the engine's).
const fields: Record<string, ActionFields> = {
  'place USSR R1 inf': { kind: 'place', nation: 'USSR', region: 'R1', unit: 'inf', count: 1 },
  'place USSR R1 inf*2': { kind: 'place', nation: 'USSR', region: 'R1', unit: 'inf', count: 2 },
  'place USSR R1 inf*3': { kind: 'place', nation: 'USSR', region: 'R1', unit: 'inf', count: 3 },
  'place USSR R1 arm': { kind: 'place', nation: 'USSR', region: 'R1', unit: 'arm', count: 1 },
  'place USSR R2 inf': { kind: 'place', nation: 'USSR', region: 'R2', unit: 'inf', count: 1 },
};
const view = (legal: string[]) =>
  ({
    seat: 'USSR',
    nations: [{ id: 'USSR', seat: 'USSR', sheet: { purchases: { inf: 3, arm: 1 } } }],
    legal_actions: legal,
    action_fields: fields,
  }) as unknown as WarRoomView;

function panel(legal = Object.keys(fields)) {
  const sent: string[] = [];
  const p = placementPanel(
    view(legal),
    new Legal(legal, fields),
    (id) => `${id} name`,
    async (a) => void sent.push(a),
  )!;
  return { p, sent };
}

describe('the placement panel', () => {
  it('offers each type in each territory with the largest count the engine allows, and sends one action for them', () => {
    const { p, sent } = panel();
    expect(p.querySelector('.left')!.textContent).toBe('Soviet Union has 4 new units left to place');
    expect(Array.from(p.querySelectorAll('table.placement caption'), (c) => c.textContent)).toEqual(['R1 name', 'R2 name']);
    const row = p.querySelector<HTMLElement>('table[data-region="R1"] tr[data-unit="inf"]')!;
    expect(row.querySelector<HTMLInputElement>('input.count')!.value).toBe('3');
    expect(row.querySelector('button.place')!.textContent).toBe('Place 3');
    row.querySelector<HTMLButtonElement>('button.place')!.click();
    expect(sent).toEqual(['place USSR R1 inf*3']);
  });

  it('sends the engine action for a typed count, and none for a count it does not offer', () => {
    const { p, sent } = panel();
    const row = p.querySelector<HTMLElement>('table[data-region="R1"] tr[data-unit="inf"]')!;
    const input = row.querySelector<HTMLInputElement>('input.count')!;
    const button = row.querySelector<HTMLButtonElement>('button.place')!;
    input.value = '2';
    input.dispatchEvent(new Event('input'));
    expect(button.textContent).toBe('Place 2');
    button.click();
    input.value = '5';
    input.dispatchEvent(new Event('input'));
    expect(button.disabled).toBe(true);
    button.click();
    expect(sent).toEqual(['place USSR R1 inf*2']);
  });

  it("is worded in the reader's language and absent when the seat places nothing", () => {
    setLanguage('ru');
    const { p } = panel();
    expect(p.querySelector('.left')!.textContent).toBe('Советский Союз: осталось разместить 4 новых подразделения');
    expect(p.querySelector('button.place')!.textContent).toBe('Разместить 3');
    expect(panel(['done USSR']).p).toBeNull();
  });

  it('can send every placement the action list leaves out to it, and the list says where they are', () => {
    const { p, sent } = panel();
    const apart = placementActions(view(Object.keys(fields)), new Legal(Object.keys(fields), fields));
    expect(apart).toEqual(Object.keys(fields));
    for (const a of apart) {
      const f = fields[a] as unknown as { region: string; unit: string; count: number };
      const row = p.querySelector<HTMLElement>(`table[data-region="${f.region}"] tr[data-unit="${f.unit}"]`)!;
      const input = row.querySelector<HTMLInputElement>('input.count')!;
      input.value = String(f.count);
      input.dispatchEvent(new Event('input'));
      row.querySelector<HTMLButtonElement>('button.place')!.click();
    }
    expect(sent).toEqual(apart);
    const listed = warroom.elsewhere!(view([...apart, 'done USSR']))!;
    expect([...listed.actions]).toEqual(apart);
    expect(listed.note).toMatch(/“New units” panel/);
    setLanguage('it');
    expect(warroom.elsewhere!(view(apart))!.note).toMatch(/^Le nuove unità si piazzano/);
    expect(warroom.elsewhere!(view(['done USSR']))).toBeNull();
    expect(warroom.elsewhere!({ ...view(apart), seat: 'GER' } as WarRoomView)).toBeNull();
  });
});
