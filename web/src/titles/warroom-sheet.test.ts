import { afterEach, describe, expect, it } from 'vitest';
import { Legal } from '../actions';
import { setLanguage } from '../i18n';
import { sheetPanel, type Nation } from './warroom-sheet';

afterEach(() => setLanguage('en'));

// The Soviet Union writing its sheet with 5 oil: the engine offers bids 0 to 5 only.
const ussr: Nation = {
  id: 'USSR',
  seat: 'USSR',
  alliance: 'allied',
  oil: 5,
  iron: 3,
  osr: 2,
  stress: 0,
  threshold: 10,
  threshold_provenance: 'reconstructed',
  medals: 0,
  goods: 0,
  zone: 'europe',
  slot: 0,
  collapsed: false,
  casualties: {},
  sheet: { status: 'writing', orders: [null, null], bid: 0, purchases: {}, purchase: null, selected: null },
};
// The seat's actions as the view sends them: each command with its fields (`action_fields`).
const legal = new Legal(['done USSR', ...[1, 2, 3, 4, 5].map((b) => `bid USSR ${b}`)], {
  'done USSR': { kind: 'done', nation: 'USSR' },
  ...Object.fromEntries([1, 2, 3, 4, 5].map((bid) => [`bid USSR ${bid}`, { kind: 'bid', nation: 'USSR', bid, thousands: false }])),
});

function bidWith(typed: string) {
  const sent: string[] = [];
  const panel = sheetPanel([ussr], 'USSR', [], legal, {
    name: (r) => r,
    act: async (a) => void sent.push(a),
    select: () => {},
    note: () => '',
  });
  panel.querySelector<HTMLInputElement>('input.bid-input')!.value = typed;
  panel.querySelector<HTMLButtonElement>('button.set-bid')!.click();
  return { sent, refused: panel.querySelector<HTMLElement>('.bid-refused')! };
}

describe('Bidding Oil for Turn Order: a bid is at most the oil held', () => {
  it('refuses a bid above the oil held with a message, and sends nothing', () => {
    const { sent, refused } = bidWith('99');
    expect(sent).toEqual([]);
    expect(refused.hidden).toBe(false);
    expect(refused.textContent).toBe('A bid of 99 oil is more than the 5 Soviet Union holds.');
  });
  it('says it in the reader language', () => {
    setLanguage('it');
    expect(bidWith('6').refused.textContent).toBe("Un'offerta di 6 petrolio supera i 5 che Unione Sovietica possiede.");
  });
  it('sends a bid of all the oil held, with no message', () => {
    const { sent, refused } = bidWith('5');
    expect(sent).toEqual(['bid USSR 5']);
    expect(refused.hidden).toBe(true);
  });
});

// Issue 33's play-test (finding 3): Germany's revealed orders into Baltic States said "(executed)"
// for Commands that had stopped in Belarus. The view says where an order stopped short and why.
describe("a revealed sheet's orders: executed, cancelled, or stopped short", () => {
  const germany: Nation = {
    ...ussr,
    id: 'GER',
    seat: 'GER',
    alliance: 'axis',
    sheet: {
      status: 'done',
      orders: [
        { command: 47, to: 'G7', status: 'executed', stopped: { in: 'G8', why: 'rail' } },
        { command: 40, to: 'G7', status: 'executed' },
        { command: 41, to: 'G7', status: 'cancelled' },
      ],
      bid: 0,
      purchases: {},
      purchase: null,
      selected: null,
    },
  };
  const names: Record<string, string> = { G7: 'Baltic States', G8: 'Belarus' };
  const panel = (language: 'en' | 'it') => {
    setLanguage(language);
    return sheetPanel([ussr, germany], 'USSR', [], legal, {
      name: (r) => names[r] ?? r,
      act: async () => {},
      select: () => {},
      note: () => '',
    });
  };
  it('says where a Command stopped and why, in words from the catalogues', () => {
    const text = panel('en').querySelector('ul.others')!.textContent!;
    expect(text).toContain('47→G7 (stopped in Belarus: by rail no nearer (ruling 29))');
    expect(text).toContain('40→G7 (executed)');
    expect(text).toContain('41→G7 (cancelled)');
    expect(panel('it').querySelector('ul.others')!.textContent).toContain('47→G7 (fermato in Belarus');
  });
});
