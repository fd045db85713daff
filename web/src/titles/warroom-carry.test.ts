import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { carryOutPanel, type CarryOut } from './warroom-carry';

afterEach(() => {
  setLanguage('en');
  vi.useRealTimers();
});

// Japan's example sheet in Phase 3 as the view gives it (warroom/view.cpp, "carry_out").
const next = (box: number, left: number, action: string | null, stop: CarryOut['stop'] = 'next'): CarryOut => ({
  nation: 'JPN',
  stop,
  box,
  left,
  action,
  message:
    stop === 'next'
      ? { key: 'warroom.carry_out.next', count: left, args: { nation: { key: 'warroom.nation.JPN' }, box: String(box) } }
      : { key: `warroom.carry_out.${stop}`, args: { nation: { key: 'warroom.nation.JPN' }, box: String(box) } },
});

describe('carry out the rest', () => {
  it('sends the next action, then on each newer view the next one, and stops where the owner must choose', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const act = async (a: string) => void sent.push(a);
    const first = carryOutPanel({ id: 'g1', version: 5, carry_out: next(1, 7, 'cancel JPN 1') }, act)!;
    expect(first.querySelector('.carry-message')!.textContent).toBe(
      'Imperial Japan has 7 orders left, from box 1: carry them out in box order as written',
    );
    first.querySelector<HTMLButtonElement>('button.carry-rest')!.click();
    expect(sent).toEqual(['cancel JPN 1']);
    // The newer view: the next order goes after a pause, once, however often the page is drawn.
    const running = carryOutPanel({ id: 'g1', version: 6, carry_out: next(3, 5, 'move JPN 3 P-2') }, act)!;
    carryOutPanel({ id: 'g1', version: 6, carry_out: next(3, 5, 'move JPN 3 P-2') }, act);
    expect(running.querySelector('button.carry-stop')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['cancel JPN 1', 'move JPN 3 P-2']);
    // A pin: the owner chooses; the panel says so and sends nothing.
    const pinned = carryOutPanel({ id: 'g1', version: 7, carry_out: next(4, 4, null, 'pin') }, act)!;
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
    expect(pinned.querySelector('.carry-message')!.textContent).toContain('Box 4: the Command is pinned');
    expect(pinned.querySelector('button')).toBeNull();
  });

  it("is worded in the reader's language and absent outside Phase 3", () => {
    setLanguage('ru');
    const panel = carryOutPanel({ id: 'g2', version: 1, carry_out: next(2, 3, 'move JPN 2 P-2') }, async () => undefined)!;
    expect(panel.querySelector('button.carry-rest')!.textContent).toBe('Выполнить остальное');
    expect(panel.querySelector('.carry-message')!.textContent).toContain('осталось 3 приказа');
    expect(carryOutPanel({ id: 'g2', version: 2, carry_out: null }, async () => undefined)).toBeNull();
  });
});
