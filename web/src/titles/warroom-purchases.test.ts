import { describe, expect, it } from 'vitest';
import { Legal } from '../actions';
import type { ActionFields } from '../api';
import { sheetPanel, type Nation } from './warroom-sheet';
import { purchasePanel, whyNoMore, type Purchase } from './warroom-purchases';

// The Soviet Union's chart in Phase 7 › Step 3 with 2 Infantry noted, as the engine's view gives it.
const purchase: Purchase = {
  units: [
    { unit: 'inf', category: 'land', cost: { oil: 0, iron: 1, osr: 1 }, provenance: 'reconstructed', bought: 2 },
    { unit: 'arm', category: 'land', cost: { oil: 1, iron: 2, osr: 1 }, provenance: 'reconstructed', bought: 0 },
  ],
  goods: { cost_any: 5, provenance: 'rulebook', count: 0, oil_allowed: true, paid: { oil: 0, iron: 0, osr: 0 } },
  held: { oil: 6, iron: 9, osr: 7 },
  spent: { oil: 0, iron: 2, osr: 2 },
  left: { oil: 6, iron: 7, osr: 5 },
  industries: [{ region: 'R1', sv: 4, bombs: 0, room: 4, port: false }],
  room: { units: 4, naval: 0, mobilization: 0 },
  placing: { naval: 0, other: 0, inf: 2 },
};
const ussr: Nation = {
  id: 'USSR',
  seat: 'USSR',
  alliance: 'allied',
  oil: 6,
  iron: 9,
  osr: 7,
  stress: 0,
  threshold: 10,
  threshold_provenance: 'reconstructed',
  medals: 0,
  goods: 0,
  zone: 'europe',
  slot: 0,
  collapsed: false,
  casualties: {},
  sheet: { status: 'writing', orders: [null], bid: null, purchases: { inf: 2 }, purchase, selected: null },
};
// The seat's actions as the view sends them: each command with its fields (`action_fields`).
const fields: Record<string, ActionFields> = {
  'done USSR': { kind: 'done', nation: 'USSR' },
  'buy USSR inf': { kind: 'buy', nation: 'USSR', unit: 'inf' },
  'buy USSR goods 0/0/5': { kind: 'buy', nation: 'USSR', unit: 'goods', mix: { oil: 0, iron: 0, osr: 5 } },
  'buy USSR goods 1/2/2': { kind: 'buy', nation: 'USSR', unit: 'goods', mix: { oil: 1, iron: 2, osr: 2 } },
  'unbuy USSR inf': { kind: 'unbuy', nation: 'USSR', unit: 'inf' },
  'unbuy USSR goods 0/0/5': { kind: 'unbuy', nation: 'USSR', unit: 'goods', mix: { oil: 0, iron: 0, osr: 5 } },
};
const legal = new Legal(Object.keys(fields), fields);

function panel() {
  const sent: string[] = [];
  const p = sheetPanel([ussr], 'USSR', [], legal, {
    name: (r) => r,
    act: async (a) => void sent.push(a),
    select: () => {},
    note: () => '',
  });
  return { p, sent };
}

describe('Phase 7 › Step 3: the purchase panel', () => {
  it('lists each unit once with its cost, its count and the reconstructed mark, and the totals of the view', () => {
    const { p } = panel();
    const rows = Array.from(p.querySelectorAll<HTMLElement>('.purchase tbody tr')).map((r) => r.dataset.unit);
    expect(rows).toEqual(['inf', 'arm', 'goods']);
    const inf = p.querySelector('tr[data-unit="inf"]')!;
    expect(inf.querySelector<HTMLInputElement>('input.count')!.value).toBe('2');
    expect(Array.from(inf.querySelectorAll('td.res')).map((c) => c.textContent)).toEqual(['0', '1', '1']);
    expect(inf.querySelector('.prov.reconstructed')).not.toBeNull();
    expect(p.querySelector('tr.goods .prov.reconstructed')).toBeNull(); // the rulebook's 5 of any mix
    expect(Array.from(p.querySelectorAll('tfoot tr.left td.res')).map((c) => c.textContent)).toEqual(['6', '7', '5']);
    expect(p.querySelector('ul.industries li')!.textContent).toContain('R1');
  });

  it('sends the legal buy and unbuy, and offers no button the engine does not', () => {
    const { p, sent } = panel();
    p.querySelector<HTMLButtonElement>('tr[data-unit="inf"] button.more')!.click();
    p.querySelector<HTMLButtonElement>('tr[data-unit="inf"] button.fewer')!.click();
    expect(sent).toEqual(['buy USSR inf', 'unbuy USSR inf']);
    expect(p.querySelector<HTMLButtonElement>('tr[data-unit="arm"] button.more')!.disabled).toBe(true);
    expect(p.querySelector<HTMLButtonElement>('tr[data-unit="arm"] button.fewer')!.disabled).toBe(true);
  });

  it('offers the Civilian Goods as one line whose chooser lists the mixes the engine offers', () => {
    const { p, sent } = panel();
    const select = p.querySelector<HTMLSelectElement>('tr.goods select.mix')!;
    expect(Array.from(select.options).map((o) => o.dataset.mix)).toEqual(['0/0/5', '1/2/2']);
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['0 oil, 0 iron, 5 OSR', '1 oil, 2 iron, 2 OSR']);
    select.value = 'buy USSR goods 1/2/2';
    select.dispatchEvent(new Event('change'));
    p.querySelector<HTMLButtonElement>('tr.goods button.more')!.click();
    expect(sent).toEqual(['buy USSR goods 1/2/2']);
  });
});

// Play-test 2026-12-05, finding 9: with 3 Infantry noted and 1 iron left, 1 typed in Armor (2 iron)
// went back to 0 without a word. The panel now says why, and so does the disabled +.
describe('Phase 7 › Step 3: a count the engine does not allow', () => {
  const short: Purchase = {
    ...purchase,
    units: purchase.units.map((u) => (u.unit === 'inf' ? { ...u, bought: 3 } : u)),
    spent: { oil: 0, iron: 3, osr: 3 },
    held: { oil: 6, iron: 4, osr: 7 },
    left: { oil: 6, iron: 1, osr: 4 },
    room: { units: 8, naval: 0, mobilization: 0 },
    placing: { naval: 0, other: 0, inf: 3 },
  };
  const shortOf = { ...ussr, sheet: { ...ussr.sheet, purchases: { inf: 3 }, purchase: short } };

  it('says which resource one more would overdraw, else the room it would need', () => {
    expect(whyNoMore(short, 'arm')).toBe('one more costs 2 iron, 1 left');
    const full = { ...purchase, room: { units: 2, naval: 0, mobilization: 0 }, placing: { naval: 0, other: 0, inf: 2 } };
    expect(whyNoMore(full, 'inf')).toBe('no room to place one more under the Industry tokens (2 noted, room for 2; ruling 79)');
  });

  it('says on the panel why a typed count was not reached, and on the disabled +', async () => {
    const sent: string[] = [];
    const p = sheetPanel([shortOf], 'USSR', [], legal, {
      name: (r) => r,
      act: async (a) => void sent.push(a),
      select: () => {},
      note: () => '',
    });
    document.body.append(p);
    const arm = p.querySelector<HTMLElement>('tr[data-unit="arm"]')!;
    expect(arm.querySelector<HTMLButtonElement>('button.more')!.title).toBe('one more costs 2 iron, 1 left');
    const input = arm.querySelector<HTMLInputElement>('input.count')!;
    input.value = '1';
    input.dispatchEvent(new Event('change'));
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([]);
    expect(input.value).toBe('0');
    const said = p.querySelector<HTMLElement>('.purchase-refused')!;
    expect(said.hidden).toBe(false);
    expect(said.textContent).toBe('Armor: 0 noted, not 1: one more costs 2 iron, 1 left.');
    p.remove();
  });
});

// Playtest 2026-12-06 (later), finding 5: in War in Europe Germany's and Italy's charts are shown
// together, and their buttons and counts had the same names ("One Armor more").
describe('two nations’ purchase charts', () => {
  const both = ['GER', 'ITA'].flatMap((n) => [`buy ${n} inf`, `unbuy ${n} inf`, `buy ${n} arm`, `unbuy ${n} arm`]);
  const legal2 = new Legal(
    both,
    Object.fromEntries(both.map((a) => [a, { kind: a.split(' ')[0], nation: a.split(' ')[1], unit: a.split(' ')[2] } as ActionFields])),
  );
  const names = (nation: string) => {
    const box = document.createElement('div');
    box.innerHTML = purchasePanel(nation, purchase, legal2);
    return Array.from(box.querySelectorAll('.counter [aria-label]')).map((e) => e.getAttribute('aria-label')!);
  };

  it('name each button and count after its nation', () => {
    const ger = names('GER'),
      ita = names('ITA');
    expect(ger).toContain('Germany: one Armor more');
    expect(ita).toContain('Italy: one Armor more');
    expect(ita).toContain('Italy: one Infantry fewer');
    expect(ita).toContain('Italy: how many Armor');
    expect(new Set([...ger, ...ita]).size).toBe(ger.length + ita.length);
  });
});
