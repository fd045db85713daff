import { afterEach, describe, expect, it } from 'vitest';
import { Legal } from '../actions';
import type { ActionFields, WarRoomView } from '../api';
import { setLanguage } from '../i18n';
import { bidders, slotActions, slotPanel } from './warroom-slots';
import { warroom } from './warroom';

afterEach(() => setLanguage('en'));

// War in Europe, round 1, Phase 2 › Step 2 as a server gave it: the British Commonwealth, the United
// States and Germany bid 2 oil, the Soviet Union and Italy 0; Germany was drawn first among the three
// and took slot 1, the British Commonwealth (the seat) is drawn next and chooses.
const nations = (slots: Record<string, number>) =>
  [
    ['BC', 2],
    ['USSR', 0],
    ['US', 2],
    ['GER', 2],
    ['ITA', 0],
  ].map(([id, bid]) => ({ id, seat: id === 'GER' || id === 'ITA' ? 'GER+ITA' : id, slot: slots[id] ?? 0, sheet: { bid } }));
const free = [2, 3, 4, 5];
const fields: Record<string, ActionFields> = Object.fromEntries(
  free.map((slot) => [`slot BC ${slot}`, { kind: 'slot', nation: 'BC', slot }]),
);
const view = (step = 'choose-slot', legal = Object.keys(fields)) =>
  ({
    seat: 'BC',
    step,
    terminal: false,
    nations: nations({ GER: 1 }),
    legal_actions: legal,
    action_fields: fields,
  }) as unknown as WarRoomView;

function panel(v = view()) {
  const sent: string[] = [];
  const p = slotPanel(v, new Legal(v.legal_actions, fields), async (a) => void sent.push(a));
  return { p, sent };
}

describe('the turn-order panel', () => {
  it('lists the bids in the order the nations choose, with the slots taken, the one choosing and those after', () => {
    const v = view();
    expect(bidders(v, Legal.of(v)).map((b) => `${b.nation} ${b.bid} ${b.slot || (b.now ? 'now' : '-')}`)).toEqual([
      'GER 2 1',
      'BC 2 now',
      'US 2 -',
      'USSR 0 -',
      'ITA 0 -',
    ]);
    const { p } = panel();
    const rows = Array.from(p!.querySelectorAll('tbody tr'), (tr) => Array.from(tr.children, (c) => c.textContent!.trim()).join(' '));
    expect(rows).toEqual([
      'Germany 2 oil slot 1',
      'British Commonwealth 2 oil chooses now',
      'United States 2 oil chooses later',
      'Soviet Union 0 oil chooses later',
      'Italy 0 oil chooses later',
    ]);
    expect(p!.querySelector('.choose')!.textContent).toBe('British Commonwealth chooses its slot');
  });

  it("offers the seat's free slots as buttons beside the bids, a taken one naming its nation, and sends the engine's action", () => {
    const { p, sent } = panel();
    const buttons = Array.from(p!.querySelectorAll<HTMLButtonElement>('button.take-slot'));
    expect(buttons.map((b) => `${b.textContent}${b.disabled ? ' (off)' : ''}`)).toEqual([
      'Slot 1: GER (off)',
      'Slot 2',
      'Slot 3',
      'Slot 4',
      'Slot 5',
    ]);
    buttons[3].click();
    expect(sent).toEqual(['slot BC 4']);
    // The action list leaves the slots out and points to the panel.
    const v = view();
    expect(slotActions(v, Legal.of(v))).toEqual(['slot BC 2', 'slot BC 3', 'slot BC 4', 'slot BC 5']);
    expect(warroom.elsewhere!(v)!.note).toBe('The turn-order slots are in the panel above, beside the bids.');
  });

  it('shows the bids while another nation chooses, with no buttons, and nothing outside the slot choice', () => {
    const { p } = panel(view('choose-slot', []));
    expect(p!.querySelectorAll('tbody tr')).toHaveLength(5);
    expect(p!.querySelector('button')).toBeNull();
    expect(panel(view('write-sheets', [])).p).toBeNull();
  });

  it("is worded in the reader's language", () => {
    setLanguage('ru');
    const { p } = panel();
    expect(p!.querySelector('h2')!.textContent).toBe('Очерёдность хода: ставки');
    expect(p!.querySelector('tbody tr[data-nation="BC"] td.slot')!.textContent).toBe('выбирает сейчас');
    expect(p!.querySelector('tbody tr[data-nation="USSR"] td.bid')!.textContent).toBe('0 нефти');
    setLanguage('it');
    expect(panel().p!.querySelector('button.take-slot[data-action]')!.textContent).toBe('Casella 2');
  });
});
