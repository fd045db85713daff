import { describe, expect, it } from 'vitest';
import { stepForKey, stepTo } from './replay';

describe('stepping through a replay', () => {
  it('goes to the start, one back, one forward or to the end, never past either end', () => {
    expect(['start', 'back', 'forward', 'end'].map((b) => stepTo(b as 'start', 5, 9))).toEqual([0, 4, 6, 9]);
    expect(stepTo('back', 0, 9)).toBe(0);
    expect(stepTo('forward', 9, 9)).toBe(9);
  });

  it('steps with the arrow keys and jumps with Home and End; other keys and the ends do nothing', () => {
    expect(stepForKey('ArrowLeft', 3, 9)).toBe(2);
    expect(stepForKey('ArrowRight', 3, 9)).toBe(4);
    expect(stepForKey('Home', 3, 9)).toBe(0);
    expect(stepForKey('End', 3, 9)).toBe(9);
    expect(stepForKey('ArrowLeft', 0, 9)).toBeUndefined();
    expect(stepForKey('ArrowRight', 9, 9)).toBeUndefined();
    expect(stepForKey('a', 3, 9)).toBeUndefined();
    expect(stepForKey('toString', 3, 9)).toBeUndefined();
  });
});
