import { afterEach, describe, expect, it } from 'vitest';
import { Legal } from '../actions';
import { setLanguage } from '../i18n';
import { sheetPanel, whyOf, type Nation } from './warroom-sheet';

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

type Orders = NonNullable<Nation['sheet']['orders']>;

// Germany with `orders` on its sheet, at the sheet's `status`.
const germany = (orders: Orders, status: Nation['sheet']['status'] = 'done'): Nation => ({
  ...ussr,
  id: 'GER',
  seat: 'GER',
  alliance: 'axis',
  sheet: { status, orders, bid: 0, purchases: {}, purchase: null, selected: null },
});

// The panel as `seat` reads it (it acts on nothing), the regions named from `names`.
const readPanel = (nations: Nation[], seat: string, names: Record<string, string>) =>
  sheetPanel(nations, seat, [], legal, { name: (r) => names[r] ?? r, act: async () => {}, select: () => {}, note: () => '' });

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
  const revealed = germany([
    { command: 47, to: 'G7', status: 'executed', stopped: { in: 'G8', why: 'rail' } },
    { command: 40, to: 'G7', status: 'executed' },
    { command: 41, to: 'G7', status: 'cancelled' },
  ]);
  const panel = (language: 'en' | 'it') => {
    setLanguage(language);
    return readPanel([ussr, revealed], 'USSR', { G7: 'Baltic States', G8: 'Belarus' });
  };
  it('says where a Command stopped and why, in words from the catalogues', () => {
    const text = panel('en').querySelector('ul.others')!.textContent!;
    expect(text).toContain('47→G7 (stopped in Belarus: by rail no nearer (ruling 29))');
    expect(text).toContain('40→G7 (executed)');
    expect(text).toContain('41→G7 (cancelled)');
    expect(panel('it').querySelector('ul.others')!.textContent).toContain('47→G7 (fermato in Belarus');
  });
  // Ruling 29: the view keeps what closed the destination when the order was carried out.
  it('says what stopped a rail order, where the view keeps it', () => {
    const stopped = (reason: 'rail_stops_short_enemy' | 'rail_stops_short_closed', language: 'en' | 'ru') => {
      setLanguage(language);
      const sheet = germany([{ command: 47, to: 'G7', status: 'executed', stopped: { in: 'G8', why: 'rail', reason } }]);
      return readPanel([ussr, sheet], 'USSR', { G7: 'Baltic States', G8: 'Belarus' }).querySelector('ul.others')!.textContent!;
    };
    expect(stopped('rail_stops_short_enemy', 'en')).toContain(
      '47→G7 (stopped in Belarus: enemy land units were in the destination (ruling 29))',
    );
    expect(stopped('rail_stops_short_closed', 'en')).toContain(
      "a Bomb Token or its controller's Yellow Zone closed the destination's rails",
    );
    expect(stopped('rail_stops_short_enemy', 'ru')).toContain('в пункте назначения стояли сухопутные части противника');
  });
});

// Issue 34's play-test (finding 3): two German orders out of embattled Moscow read "(cancelled)" alone,
// while the Soviet orders said why they stopped. The view says why an order was cancelled (ruling 24:
// pinned; ruling 22: its owner), and the chart says it in the reader's words.
describe('a cancelled order on the chart says why: pinned (ruling 24), its owner (ruling 22), ...', () => {
  const chart = (n: Nation, seat: string) => readPanel([ussr, n], seat, { R12: 'R12 Smolensk' });
  const orders: Orders = [
    { command: 45, to: 'R12', status: 'cancelled', cancelled: 'pinned' },
    { command: 47, to: 'R12', status: 'cancelled', cancelled: 'owner' },
    { command: 48, to: 'R12', status: 'cancelled' },
  ];
  it("words the view's reason on the player's own sheet and on another nation's", () => {
    const own = chart(germany(orders), 'GER').querySelectorAll('ol.boxes li.box');
    expect(own[0].textContent).toContain('(cancelled: pinned: the enemy units where it stood were as many as the Command');
    expect(own[0].textContent).toContain('(ruling 24))');
    expect(own[1].textContent).toContain('(cancelled: by its owner, who may cancel any order as it is carried out (ruling 22))');
    expect(own[2].textContent).toContain('(cancelled)');
    const other = chart(germany(orders), 'USSR').querySelector('ul.others')!.textContent!;
    expect(other).toContain('45→R12 (cancelled: pinned:');
  });
  it('says it in Italian and Russian', () => {
    setLanguage('it');
    expect(chart(germany(orders), 'GER').querySelector('ol.boxes li.box')!.textContent).toContain('(annullato: bloccato:');
    setLanguage('ru');
    expect(chart(germany(orders), 'GER').querySelector('ol.boxes li.box')!.textContent).toContain('(отменён: сковано:');
  });
});

// Issue 34's play-test (finding 3), "the warning when the order is written": a written order the view
// says would not arrive on the map as it stands (its outlook: the destination list's structure) is
// marked on the sheet itself, before "Done", with where it would stop or that it would be cancelled.
describe('a written order that would not arrive is marked on the sheet before Done', () => {
  const writing = germany(
    [
      {
        command: 45,
        to: 'E9',
        status: 'written',
        outlook: { outcome: 'stops_short', reason: 'rail_stops_short', why: 'Plotting Land Commands by Rail: …', stops: ['G2'] },
      },
      {
        command: 47,
        to: 'R12',
        status: 'written',
        outlook: {
          outcome: 'cancelled',
          reason: 'pinned',
          why: 'Pinning: the enemy units here are as many as the Command’s or more, so it must stay (ruling 24)',
          stops: [],
        },
      },
      { command: 48, to: 'G7', status: 'written' },
    ],
    'writing',
  );
  const boxes = () =>
    readPanel([writing], 'GER', { G2: 'G2 Poland', E9: 'E9 Sweden', R12: 'R12 Smolensk' }).querySelectorAll('ol.boxes li.box');
  it('says where a rail order would stop and why, in the words of the destination list', () => {
    const note = boxes()[0].querySelector('.outlook')!;
    expect(note.textContent).toBe(`would stop in G2 Poland: ${whyOf({ reason: 'rail_stops_short', why: '' })}`);
    expect(note.textContent).toContain('a Nation may not invade by Rail');
    expect(boxes()[0].classList.contains('would-fail')).toBe(true);
  });
  it('says an order would be cancelled, and why', () => {
    expect(boxes()[1].querySelector('.outlook')!.textContent).toBe(
      "would be cancelled: Pinning: the enemy units here are as many as the Command's or more, so it must stay (ruling 24)",
    );
    expect(boxes()[1].querySelector<HTMLElement>('.outlook')!.dataset.reason).toBe('pinned');
  });
  it('leaves an order that would arrive unmarked', () => {
    expect(boxes()[2].querySelector('.outlook')).toBeNull();
    expect(boxes()[2].classList.contains('would-fail')).toBe(false);
  });
  it('says it in Italian', () => {
    setLanguage('it');
    expect(boxes()[0].querySelector('.outlook')!.textContent).toMatch(/^si fermerebbe in G2 Poland: Movimento via ferrovia/);
  });
  // Every reason the outlook can carry is worded from the catalogues, keyed on the view's id (not only
  // the rail stops): a pinned order read the engine's English in Italian and Russian.
  it('says why an order would be cancelled in Italian and Russian', () => {
    setLanguage('it');
    expect(boxes()[1].querySelector('.outlook')!.textContent).toBe(
      'sarebbe annullato: bloccato: le unità nemiche qui sono quante quelle del Comando o più, quindi deve restare (regola 24)',
    );
    setLanguage('ru');
    expect(boxes()[1].querySelector('.outlook')!.textContent).toBe(
      'был бы отменён: сковано: сил противника здесь не меньше, чем у Командования, и оно должно остаться (разъяснение 24)',
    );
  });
  it('words every reason the engine can give from the catalogues, in each language its own', () => {
    const reasons = ['pinned', 'transport_pinned', 'no_command_token', 'no_command', 'impassable', 'air_range', 'no_sea_route'];
    reasons.push('transport_landing', 'china_at_sea', 'no_rail_path', 'rail_stops_short', 'rail_stops_short_path');
    const words = (language: 'en' | 'it' | 'ru') => {
      setLanguage(language);
      return reasons.map((reason) => whyOf({ reason, why: 'engine' }));
    };
    const [en, it, ru] = [words('en'), words('it'), words('ru')];
    reasons.forEach((_, i) => {
      expect(en[i]).not.toBe('engine');
      expect(it[i]).not.toBe(en[i]);
      expect(ru[i]).not.toBe(en[i]);
    });
  });
});

// Play-test 2026-12-05, finding 10: once paid, "Bid for turn order: 2 oil (of 1)" read like a bid
// above the oil held. After Phase 2 › Step 3 ("All bids must be paid") the bid says it is paid.
describe('the bid once paid, and the panel in the reader’s language', () => {
  const paid: Nation = { ...ussr, oil: 1, sheet: { ...ussr.sheet, status: 'idle', bid: 2 } };
  const draw = (n: Nation, bidPaid: boolean, seat: string | null = 'USSR') =>
    sheetPanel([n], seat, [], bidPaid ? new Legal([]) : legal, {
      name: (r) => r,
      act: async () => {},
      select: () => {},
      note: () => '',
      bidPaid,
    });

  it('says a paid bid is paid, not weighed against the oil left', () => {
    expect(draw(paid, true).querySelector('p.bid')!.textContent!.trim()).toBe('Bid for turn order: 2 oil, paid');
    expect(draw(ussr, false).querySelector('p.bid')!.textContent!.trim()).toMatch(/^Bid for turn order: 0 oil \(of 5 held\)/);
  });

  // Every word of the Orders panel comes from the catalogues: its heading, the status, the hints.
  it('words the panel’s headings and hints in Italian and Russian', () => {
    setLanguage('it');
    const it = draw(ussr, false);
    expect(it.querySelector('h2')!.textContent).toBe('Ordini e Acquisti');
    expect(it.querySelector('.sheet-status.writing')!.textContent).toBe('in scrittura');
    expect(it.querySelector('button.done')!.textContent).toBe('Fatto: la scheda di USSR è scritta');
    expect(draw(paid, true).querySelector('p.bid')!.textContent!.trim()).toBe("Offerta per l'ordine di turno: 2 petrolio, pagata");
    setLanguage('ru');
    expect(draw(ussr, false).querySelector('h2')!.textContent).toBe('Приказы и покупки');
    expect(draw(ussr, false, null).querySelector('p.hint')!.textContent).toBe('Зритель видит листы, когда они раскрыты.');
  });
});

describe("a selected Command's destinations: the ones it would reach first", () => {
  // Command 38 selected with three destinations, the first two by rail to regions it would not reach
  // (play-test 2026-12-05, Global War: 31 such before the 10 real ones, and "one of its 41").
  const to = ['G1', 'G2', 'J4'].map((r) => `to USSR ${r}`);
  const selecting = new Legal(['done USSR', ...to], {
    'done USSR': { kind: 'done', nation: 'USSR' },
    ...Object.fromEntries(['G1', 'G2', 'J4'].map((region) => [`to USSR ${region}`, { kind: 'to', nation: 'USSR', region }])),
  });
  const panel = () =>
    sheetPanel(
      [{ ...ussr, sheet: { ...ussr.sheet, selected: 38 } }],
      'USSR',
      [{ nation: 'USSR', number: 38, category: 'land', region: 'J3', units: { inf: 4 } }],
      selecting,
      { name: (r) => r, act: async () => {}, select: () => {}, note: () => '', fails: (a) => !a.endsWith('J4') },
    );

  it('lists the reachable ones first and counts them apart from the ones it would not reach', () => {
    const p = panel();
    const rows = Array.from(p.querySelectorAll('.destinations li')).map(
      (li) => `${li.className || 'ok'} ${li.querySelector('button')!.textContent}`,
    );
    expect(rows).toEqual(['ok J4', 'cancelled G1', 'cancelled G2']);
    expect(p.querySelector('.destinations summary')!.textContent).toBe('Destinations (1), then 2 it would not reach');
    expect(p.querySelector('.selected')!.textContent).toContain('click its destination outlined on the map');
  });

  // Why a rail order stops short of a friendly destination, by the view's reason id and in the
  // reader's words, for the map's titles and the region's details (the newcomer play-test of 5
  // December, finding 10: German Karelia said "a Nation may not invade by Rail"); a reason the
  // catalogues do not word stays the engine's.
  it("says why one would not be reached, by the view's reason, in the reader's language", () => {
    const why = (reason: string) => whyOf({ reason, why: `engine: ${reason}` });
    expect(why('rail_stops_short_enemy')).toBe(
      'Plotting Land Commands by Rail: enemy land units are in it, and a Nation may not invade by Rail; the Command stops in the friendly territory nearest to it (ruling 29)',
    );
    expect(why('rail_stops_short_path')).toContain('no friendly rail path reaches it');
    expect(why('impassable')).toBe('Impassable Regions: no Command may end its move in the Sahara or the Himalayas (ruling 21)');
    expect(why('not_worded')).toBe('engine: not_worded');
    setLanguage('ru');
    expect(why('rail_stops_short_enemy')).toContain('там стоят сухопутные части противника');
  });

  it('says it in Italian and Russian', () => {
    setLanguage('it');
    expect(panel().querySelector('.destinations summary')!.textContent).toBe('Destinazioni (1), poi 2 che non raggiungerebbe');
    setLanguage('ru');
    expect(panel().querySelector('.destinations summary')!.textContent).toBe('Пункты назначения (1), затем 2 недостижимых');
  });
});

// Play-test 2026-12-06, finding 1: where the Stress track is heading, in the sheet's header while it is written.
describe('the Homeland Status line on the sheet', () => {
  const panel = (status: string) =>
    sheetPanel([{ ...ussr, zone: 'yellow', stress: 4, threshold: 7, sheet: { ...ussr.sheet, status } }], 'USSR', [], legal, {
      name: (r) => r,
      act: async () => {},
      select: () => {},
      note: () => '',
    });
  it('counts the Stress still to go to the next zone while the orders are written, and not afterwards', () => {
    const line = panel('writing').querySelector('h3 + p.zone-ahead')!;
    expect(line.textContent).toMatch(/^Soviet Union is in the Yellow Zone: .* to the Orange Zone: 3 \(now 4 of 7\);/);
    expect(panel('done').querySelector('.zone-ahead')).toBeNull();
  });
});
