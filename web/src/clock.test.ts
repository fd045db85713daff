import { describe, expect, it } from 'vitest';
import { duration, left, paceFromForm, SeatClock } from './clock';

describe('a clock shows the time left', () => {
  it('in days and hours, hours and minutes, or minutes and seconds', () => {
    expect(duration(2 * 86400 + 4 * 3600 + 59)).toBe('2 d 4 h');
    expect(duration(3 * 3600 + 5 * 60 + 30)).toBe('3 h 05 min');
    expect(duration(4 * 60 + 7)).toBe('4:07');
    expect(duration(-30)).toBe('0:00'); // a clock past its deadline shows nothing below zero
  });
  it('counts down from its deadline while it runs, and shows its bank while it stands', () => {
    const running: SeatClock = { bank: 3600, running: true, deadline: 10_000, out: false, away_until: 0, stand_in: null };
    expect(left(running, 9_000)).toBe(1_000);
    expect(left({ ...running, running: false, deadline: null }, 9_000)).toBe(3600);
  });
});

describe('the lobby sends the pace chosen', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return data;
  };
  it('nothing for no clock, a preset by name with its stand-in', () => {
    expect(paceFromForm(form({ pace: 'none', stand_in: 'bot:rulebook' }))).toEqual({});
    expect(paceFromForm(form({ pace: 'fast', stand_in: 'bot:rulebook' }))).toEqual({ pace: 'fast', stand_in: 'bot:rulebook' });
  });
  it('a custom pace in seconds from hours', () => {
    expect(
      paceFromForm(form({ pace: 'custom', pace_initial: '24', pace_per_move: '0.5', pace_most: '72', stand_in: 'bot:rules' })),
    ).toEqual({
      pace: { initial: 86400, per_move: 1800, most: 259200 },
      stand_in: 'bot:rules',
    });
  });
});
