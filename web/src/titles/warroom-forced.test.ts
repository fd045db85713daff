import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WarRoomView } from '../api';
import { setLanguage } from '../i18n';
import { forcedFightPanel, onlyConflict } from './warroom-forced';

afterEach(() => {
  setLanguage('en');
  localStorage.clear();
  vi.useRealTimers();
});

// Phase 4's Order of Battles as a server gave it to the British Commonwealth in War in Europe: the
// convoy raid in M-1 is the only conflict left with British forces.
const view = (legal = ['fight BC M-1'], version = 40, round = 1, id = 'g1') =>
  ({
    id,
    version,
    round,
    seat: 'BC',
    active: ['BC'],
    step: 'pick-region',
    terminal: false,
    legal_actions: legal,
    action_fields: {
      'fight BC M-1': { kind: 'fight', nation: 'BC', region: 'M-1' },
      'fight BC A-6': { kind: 'fight', nation: 'BC', region: 'A-6' },
    },
  }) as unknown as WarRoomView;
const name = (id: string) => `${id} Western Mediterranean`;

describe('the only conflict left', () => {
  it('begins by itself after a pause, saying so, once: taken back with Undo, it waits for a click', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const act = async (a: string) => void sent.push(a);
    const p = forcedFightPanel(view(), name, act)!;
    expect(p.querySelector('.forced-message')!.textContent).toBe(
      'M-1 Western Mediterranean is the only conflict left with forces of British Commonwealth: it begins by itself.',
    );
    forcedFightPanel(view(), name, act); // drawn again before the pause is over: still one action
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual(['fight BC M-1']);
    // Undo: the same conflict offered again in the same round is not begun by itself.
    const again = forcedFightPanel(view(['fight BC M-1'], 42), name, act)!;
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
    expect(again.querySelector('.forced-message')!.textContent).toBe(
      'M-1 Western Mediterranean is the only conflict left with forces of British Commonwealth.',
    );
    again.querySelector<HTMLButtonElement>('button.forced-begin')!.click();
    expect(sent).toEqual(['fight BC M-1', 'fight BC M-1']);
  });

  it('asks as before when there is a choice, when the setting is off, or when a newer view came first', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const act = async (a: string) => void sent.push(a);
    expect(onlyConflict(view(['fight BC M-1', 'fight BC A-6']))).toBeNull();
    expect(forcedFightPanel(view(['fight BC M-1', 'fight BC A-6'], 40, 2), name, act)).toBeNull();
    // A newer view without the selection before the pause is over: nothing is sent.
    forcedFightPanel(view(['fight BC M-1'], 50, 3), name, act);
    forcedFightPanel(view(['fight BC M-1', 'fight BC A-6'], 51, 3), name, act);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([]);
    // The setting turned off on the panel: the pause sends nothing.
    const p = forcedFightPanel(view(['fight BC M-1'], 60, 4), name, act)!;
    const box = p.querySelector<HTMLInputElement>('.forced-setting input')!;
    box.checked = false;
    box.dispatchEvent(new Event('change'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([]);
    expect(localStorage.getItem('warroom.auto_fight')).toBe('0');
    forcedFightPanel(view(['fight BC M-1'], 61, 5), name, act);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([]);
  });

  it("is worded in the reader's language", () => {
    setLanguage('it');
    localStorage.setItem('warroom.auto_fight', '0');
    const p = forcedFightPanel(view(['fight BC M-1'], 70, 6), name, async () => undefined)!;
    expect(p.querySelector('h2')!.textContent).toBe('Ordine delle battaglie');
    expect(p.querySelector('button.forced-begin')!.textContent).toBe('Comincia ora');
  });
});
