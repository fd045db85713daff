// Whether a point lies in the fill of an SVG path drawn with straight lines only (the War Room map's
// regions and coastlines, d3-geo's M, L and Z), as the browser's `isPointInFill` answers for SVG's
// default fill rule (nonzero), without a call into the page's layout engine for each point: the map's
// labels test a hundred points a region at every zoom (141,719 calls of `isPointInFill` in one War
// Room browser test, 35 µs each).

// A path's closed rings, each a flat list of x, y pairs.
export type Rings = Float64Array[];

// The rings of path data `d`; null where it has a command other than M, L, H, V and Z (absolute or
// relative), which the caller then tests the browser's way.
export function ringsOf(d: string): Rings | null {
  const tokens = d.match(/[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  const rings: Rings = [];
  let ring: number[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let command = '';
  const close = () => {
    if (ring.length >= 6) rings.push(Float64Array.from(ring));
    ring = [];
  };
  for (let i = 0; i < tokens.length;) {
    if (/[A-Za-z]/.test(tokens[i])) command = tokens[i++];
    if (!/^[MmLlHhVvZz]$/.test(command)) return null;
    const relative = command === command.toLowerCase();
    const next = () => {
      const n = Number(tokens[i++]);
      if (!Number.isFinite(n)) throw new Error(`path data: a number expected in "${d.slice(0, 40)}"`);
      return n;
    };
    switch (command.toUpperCase()) {
      case 'Z':
        close();
        [x, y] = [startX, startY];
        command = '';
        continue;
      case 'M':
        close();
        [x, y] = relative ? [x + next(), y + next()] : [next(), next()];
        [startX, startY] = [x, y];
        command = relative ? 'l' : 'L'; // pairs after a move are lines
        break;
      case 'L':
        [x, y] = relative ? [x + next(), y + next()] : [next(), next()];
        break;
      case 'H':
        x = relative ? x + next() : next();
        break;
      case 'V':
        y = relative ? y + next() : next();
        break;
    }
    ring.push(x, y);
  }
  close();
  return rings;
}

// A path's fill, its edges sorted into horizontal bands of its box so that a point meets only the
// edges of its own band (a continent's coastline has thousands).
export class Fill {
  private readonly edges: Float64Array; // x0, y0, x1, y1 of each edge, band by band
  private readonly starts: Int32Array; // band b's edges: edges [starts[b], starts[b + 1]) (in fours)
  private readonly top: number;
  private readonly band: number;

  constructor(rings: Rings) {
    const all: number[][] = [];
    for (const r of rings)
      for (let i = 0; i < r.length; i += 2) {
        const j = i + 2 < r.length ? i + 2 : 0; // each ring is closed back to its first point
        if (r[i + 1] !== r[j + 1]) all.push([r[i], r[i + 1], r[j], r[j + 1]]); // a level edge crosses no ray
      }
    let [top, bottom] = [Infinity, -Infinity];
    for (const e of all) [top, bottom] = [Math.min(top, e[1], e[3]), Math.max(bottom, e[1], e[3])];
    this.top = all.length ? top : 0;
    const bands = Math.max(1, Math.min(256, Math.ceil(all.length / 8)));
    this.band = (all.length ? bottom - top : 0) / bands || 1;
    const lists: number[][] = Array.from({ length: bands }, () => []);
    const bandOf = (y: number) => Math.min(bands - 1, Math.max(0, Math.floor((y - this.top) / this.band)));
    all.forEach((e, k) => {
      for (let b = bandOf(Math.min(e[1], e[3])); b <= bandOf(Math.max(e[1], e[3])); b++) lists[b].push(k);
    });
    this.starts = new Int32Array(bands + 1);
    lists.forEach((l, b) => (this.starts[b + 1] = this.starts[b] + l.length));
    this.edges = Float64Array.from(lists.flatMap((l) => l.flatMap((k) => all[k])));
  }

  // Whether (px, py) is in the fill by the nonzero rule: the edges wind about it.
  has(px: number, py: number): boolean {
    const b = Math.floor((py - this.top) / this.band);
    if (b < 0 || b >= this.starts.length - 1) return false;
    const e = this.edges;
    let winding = 0;
    for (let i = this.starts[b] * 4, end = this.starts[b + 1] * 4; i < end; i += 4) {
      const x0 = e[i],
        y0 = e[i + 1],
        x1 = e[i + 2],
        y1 = e[i + 3];
      const side = (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0); // > 0: the point is left of the edge
      if (y0 <= py) {
        if (y1 > py && side > 0) winding++;
      } else if (y1 <= py && side < 0) winding--;
    }
    return winding !== 0;
  }
}

// The fill of path data `d` (null: a command other than straight lines, left to the browser).
export function fillOf(d: string): Fill | null {
  const rings = ringsOf(d);
  return rings && new Fill(rings);
}
