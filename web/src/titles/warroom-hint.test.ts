import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { hintHtml, hintPanel, orderTaken, type HintAnswer, type HintView } from './warroom-hint';
import { monteCarlo as odds, nation } from './warroom-odds.fixture';
import type { Nation } from './warroom-sheet';

afterEach(() => {
  setLanguage('en');
  localStorage.clear();
  vi.unstubAllGlobals();
});

// Germany's sheet as the server's hint proposes it: an attack on Smolensk, a move to Belarus, a bid.
const answer: HintAnswer = {
  version: 7,
  seat: 'GER',
  hints: [{ action: 'select GER 42', win_chance: 0.6, visits: 12 }],
  plan: {
    step: 'sheet',
    level: 'normal',
    value: 0.62,
    weight: 0.55,
    candidates: 5,
    rollouts: 72,
    styles: ['sure_defence'],
    nations: [
      {
        nation: 'GER',
        campaign: 'R12',
        orders: [
          {
            box: 1,
            command: 42,
            from: 'G8',
            to: 'R12',
            proposed: true,
            attack: true,
            reason: 'campaign_strike',
            actions: ['select GER 42', 'to GER R12'],
          },
          {
            box: 2,
            command: 43,
            from: 'G5',
            to: 'G8',
            proposed: true,
            attack: false,
            reason: 'advance',
            actions: ['select GER 43', 'to GER G8'],
          },
        ],
        bid: { bid: 3, proposed: true, reason: 'first_slot', actions: ['bid GER 3'] },
      },
    ],
    attacks: [{ region: 'R12', odds }],
  },
};

const view = (orders: Nation['sheet']['orders'] = [], legal: string[] = ['select GER 42', 'select GER 43', 'bid GER 3']): HintView => ({
  id: 'g1',
  version: 7,
  seat: 'GER',
  active: ['GER'],
  terminal: false,
  round: 1,
  step: 'write-sheets',
  legal_actions: legal,
  nations: [nation('GER', 'axis', 'GER', orders), nation('USSR', 'allied', 'USSR', null)],
});

const name = (id: string) => ({ R12: 'R12 Smolensk', G8: 'G8 Belarus', G5: 'G5 Berlin' })[id] ?? id;

describe("War Room's hint panel", () => {
  it('shows the sheet the AI would write: each order with why, the attack with its odds, the bid with why', () => {
    document.body.innerHTML = hintHtml(view(), answer, name);
    const orders = Array.from(document.querySelectorAll('li.hint-order'));
    expect(orders.map((li) => li.querySelector('.hint-what')!.textContent)).toEqual([
      '42 from G8 Belarus → R12 Smolensk',
      '43 from G5 Berlin → G8 Belarus',
    ]);
    expect(orders[0].querySelector('.hint-why')!.textContent).toBe("the campaign's strike on its target");
    expect(orders[0].querySelector('details.hint-odds summary')!.textContent).toBe('R12 Smolensk: your side takes or holds it 75.0% ± 1.0');
    expect(orders[0].querySelector('table.odds-table')).not.toBeNull();
    expect(orders[1].querySelector('details.hint-odds')).toBeNull();
    expect(document.querySelector('.hint-bid .hint-why')!.textContent).toContain('first slot');
    expect(document.querySelector('.hint-chance')!.textContent).toContain('62%');
    expect(document.querySelector('.hint-style')!.textContent).toBe('Style: sure defence');
    const take = document.querySelector<HTMLButtonElement>('li.hint-order button.hint-take')!;
    expect(JSON.parse(take.dataset.actions!)).toEqual(['select GER 42', 'to GER R12']);
    const all = document.querySelector<HTMLButtonElement>('.hint-all button.hint-take')!;
    expect(JSON.parse(all.dataset.actions!)).toEqual(['select GER 42', 'to GER R12', 'select GER 43', 'to GER G8', 'bid GER 3']);
  });

  it('marks an order taken once the sheet holds it, and leaves it out of "Take all"', () => {
    const v = view([{ command: 42, to: 'R12', status: 'written' }]);
    expect(orderTaken(v, 'GER', answer.plan!.nations![0].orders![0])).toBe(true);
    document.body.innerHTML = hintHtml(v, answer, name);
    expect(document.querySelector('li.hint-order .taken')!.textContent).toBe('taken');
    const all = document.querySelector<HTMLButtonElement>('.hint-all button.hint-take')!;
    expect(JSON.parse(all.dataset.actions!)).toEqual(['select GER 43', 'to GER G8', 'bid GER 3']);
  });

  it('shows what each purchase costs and what they cost together (Phase 7 › Step 3)', () => {
    // Germany's purchases as the server's hint proposes them: 4 Infantry and 1 Armor at their costs
    // (data/warroom/units.json), 2 Civilian Goods paid in oil.
    const purchases: HintAnswer = {
      ...answer,
      plan: {
        ...answer.plan!,
        step: 'purchases',
        attacks: [],
        nations: [
          {
            nation: 'GER',
            purchases: [
              { goods: 2, cost: { oil: 2, iron: 0, osr: 0 }, reason: 'goods', actions: ['goods GER oil', 'goods GER oil'] },
              { unit: 'inf', count: 4, cost: { oil: 0, iron: 4, osr: 4 }, reason: 'mix_infantry', actions: ['buy GER inf'] },
              { unit: 'arm', count: 1, cost: { oil: 1, iron: 2, osr: 1 }, reason: 'mix_infantry', actions: ['buy GER arm'] },
            ],
          },
        ],
      },
    };
    document.body.innerHTML = hintHtml({ ...view(), step: 'purchases' }, purchases, name);
    const rows = Array.from(document.querySelectorAll('li.hint-purchase'), (li) =>
      [li.querySelector('.hint-what')!.textContent, li.querySelector('.hint-cost')!.textContent].join(' '),
    );
    expect(rows).toEqual([
      'Civilian Goods: 2 (2 oil, 0 iron, 0 OSR)',
      'Infantry: 4 (0 oil, 4 iron, 4 OSR)',
      'Armor: 1 (1 oil, 2 iron, 1 OSR)',
    ]);
    expect(document.querySelector('.hint-spent')!.textContent).toBe('Spent: 3 oil, 6 iron, 5 OSR');
  });

  it('words the reasons in Italian and Russian', () => {
    for (const [lang, text] of [
      ['it', "l'attacco della campagna sul suo obiettivo"],
      ['ru', 'удар кампании по её цели'],
    ] as const) {
      setLanguage(lang);
      document.body.innerHTML = hintHtml(view(), answer, name);
      expect(document.querySelector('li.hint-order .hint-why')!.textContent).toBe(text);
      expect(document.querySelector('button.hint-take')!.textContent).not.toBe('Take');
    }
  });

  it('is offered only to the seat this browser holds, when it may act; "Take" sends the actions while legal', async () => {
    expect(hintPanel(view(), name, async () => undefined)).toBeNull(); // no seat held here
    localStorage.setItem('game.g1', JSON.stringify({ seat: 'GER', token: 'tok' }));
    expect(hintPanel({ ...view(), active: ['USSR'] }, name, async () => undefined)).toBeNull();
    const asked: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      asked.push([url, init]);
      return Promise.resolve({ ok: true, json: () => Promise.resolve(answer) });
    });
    const sent: string[] = [];
    const panel = hintPanel(view(), name, async (a) => {
      sent.push(a);
    })!;
    document.body.replaceChildren(panel);
    expect(panel.querySelector('.hint-answer')!.textContent!.trim()).toBe('');
    panel.querySelector<HTMLButtonElement>('button.hint-ask')!.click();
    await vi.waitFor(() => expect(panel.querySelector('.hint-answer')!.getAttribute('data-state')).toBe('shown'));
    expect(asked[0][0]).toBe('/api/games/g1/hint');
    expect((asked[0][1].headers as Record<string, string>).Authorization).toBe('Bearer tok');
    // The first action is legal in the newest view, the next is not yet (the page has not moved):
    // one sent, then it stops.
    panel.querySelector<HTMLButtonElement>('li.hint-order button.hint-take')!.click();
    await vi.waitFor(() => expect(sent).toEqual(['select GER 42']));
    // Redrawn at the same step, the answer stays without asking again.
    const again = hintPanel(view([], ['to GER R12']), name, async (a) => {
      sent.push(a);
    })!;
    expect(again.querySelectorAll('li.hint-order').length).toBe(2);
    expect(asked.length).toBe(1);
  });
});

// Play-test of 5 December, evening, finding 3: a within-round hint read "shift GER 44 arm 55". Each
// action of a decision's plan is worded by the message the server sends with it (the action as the
// decision panel words it, where it is taken), the view's own words next, the command last.
describe("a decision's hint words its actions", () => {
  it('as the action list words them, even an action not yet legal in the view', () => {
    const decision: HintAnswer = {
      version: 7,
      seat: 'GER',
      hints: [],
      plan: {
        step: 'deploy-plans',
        level: 'normal',
        value: 0.3,
        attacks: [],
        actions: [
          {
            action: 'shift GER 44 arm 55',
            reason: 'deploy',
            message: { key: 'warroom.action.shift', args: { nation: 'Germany', units: '1 Armor', from: '44', to: '55' } },
          },
          { action: 'done GER', reason: 'deploy' },
        ],
      },
    };
    const div = document.createElement('div');
    div.innerHTML = hintHtml(view(), decision, name);
    const shown = Array.from(div.querySelectorAll('.hint-actions .hint-what'), (e) => e.textContent);
    expect(shown[0]).toBe('Germany: move 1 Armor from Command 44 to Command 55');
    expect(shown[1]).toBe('done GER'); // no message, none in the view: the command
  });
});
