import { describe, expect, it } from 'vitest';
import { fillOf, ringsOf } from './path-fill';

const at = (d: string, x: number, y: number) => fillOf(d)!.has(x, y);

describe('a straight-lined path tested for a point as the browser fills it (nonzero)', () => {
  it('a square holds its inside and not its outside', () => {
    const square = 'M0,0L10,0L10,10L0,10Z';
    expect(at(square, 5, 5)).toBe(true);
    expect(at(square, 0.1, 9.9)).toBe(true);
    expect(at(square, 11, 5)).toBe(false);
    expect(at(square, 5, -1)).toBe(false);
    expect(at(square, -3, 5)).toBe(false);
  });

  it('a ring wound the other way inside a ring is a hole; wound the same way it fills', () => {
    const outer = 'M0,0L10,0L10,10L0,10Z';
    expect(at(`${outer}M3,3L3,7L7,7L7,3Z`, 5, 5)).toBe(false);
    expect(at(`${outer}M3,3L7,3L7,7L3,7Z`, 5, 5)).toBe(true);
    expect(at(`${outer}M3,3L3,7L7,7L7,3Z`, 1, 1)).toBe(true);
  });

  it('two islands are each filled, the sea between them not', () => {
    const islands = 'M0,0L4,0L4,4L0,4ZM6,0L10,0L10,4L6,4Z';
    expect(at(islands, 2, 2)).toBe(true);
    expect(at(islands, 8, 2)).toBe(true);
    expect(at(islands, 5, 2)).toBe(false);
  });

  it('reads relative moves and lines, H and V, pairs after a move, spaces and exponents', () => {
    const triangle = 'm 0 0 10 0 l -5 8 z';
    expect(at(triangle, 5, 2)).toBe(true);
    expect(at(triangle, 1, 7)).toBe(false);
    const hv = 'M0,0H10V10H0Z';
    expect(at(hv, 5, 5)).toBe(true);
    expect(at(hv, 5, 11)).toBe(false);
    const tiny = 'M0,0L1e1,0L10,1e+1L0,10Z';
    expect(at(tiny, 9, 9)).toBe(true);
    const relH = 'M2,2h6v6h-6z';
    expect(at(relH, 5, 5)).toBe(true);
    expect(at(relH, 1, 5)).toBe(false);
  });

  it('a concave outline: the notch is outside', () => {
    const u = 'M0,0L3,0L3,7L7,7L7,0L10,0L10,10L0,10Z';
    expect(at(u, 5, 3)).toBe(false);
    expect(at(u, 5, 9)).toBe(true);
    expect(at(u, 1, 3)).toBe(true);
  });

  it('a path with curves or arcs is left to the browser (null)', () => {
    expect(ringsOf('M0,0C1,1 2,2 3,3Z')).toBeNull();
    expect(ringsOf('M0,0A5,5 0 1,1 10,0Z')).toBeNull();
    expect(ringsOf('M0,0L10,0Q5,5 0,0Z')).toBeNull();
  });

  it('a coastline of thousands of points: its bands answer as every edge would', () => {
    // A star of 4,000 points whose radius swings between 5 and 10: a point at radius 4 is always in,
    // at 11 never, at 7.5 in where the outline reaches beyond it.
    const n = 4000;
    const radius = (a: number) => 7.5 + 2.5 * Math.sin(40 * a);
    const d =
      Array.from({ length: n }, (_, i) => {
        const a = (2 * Math.PI * i) / n;
        return `${i ? 'L' : 'M'}${radius(a) * Math.cos(a)},${radius(a) * Math.sin(a)}`;
      }).join('') + 'Z';
    const fill = fillOf(d)!;
    for (let i = 0; i < 200; i++) {
      const a = (2 * Math.PI * (i + 0.37)) / 200;
      expect(fill.has(4 * Math.cos(a), 4 * Math.sin(a))).toBe(true);
      expect(fill.has(11 * Math.cos(a), 11 * Math.sin(a))).toBe(false);
      const r = radius(a);
      if (r > 8) expect(fill.has(7.5 * Math.cos(a), 7.5 * Math.sin(a))).toBe(true);
      if (r < 7) expect(fill.has(7.5 * Math.cos(a), 7.5 * Math.sin(a))).toBe(false);
    }
  });

  it('an empty path, or one of a point or a line, fills nothing', () => {
    expect(ringsOf('')).toEqual([]);
    expect(at('M1,1', 1, 1)).toBe(false);
    expect(at('M0,0L10,10Z', 5, 5)).toBe(false);
  });
});
