// War Room's map on the page: the polar world (warroom-geo.ts) with each region coloured by its
// controller, the region ids, Strategic Values and names, the Command stacks, industries, bombs,
// embattled regions, convoys and narrow passages, the orders as arrows; pan and zoom by wheel, drag,
// pinch and buttons. The map element lives as long as the game page: the view changes what it shows,
// not where the player has zoomed.
import { escape } from '../api';
import { t } from '../i18n';
import type { Geometry, MapLayout, MapRegion } from './warroom-geo';
import { ZONE_IDS, zoneNoteText, zoneTitle, type ZoneNation } from './warroom-zones';
import { fillOf, type Fill } from './path-fill';

// The nations' colours, as on the game's pieces where the rulebook names them (reconstructed otherwise).
export const colour: Record<string, string> = {
  CHN: '#c9a227',
  BC: '#8a6d3b',
  USSR: '#b03030',
  US: '#4f7b3a',
  GER: '#555b66',
  ITA: '#3f6f8f',
  JPN: '#d9822b',
};
// The resources' colours (World Map Features › Resources: Red = Oil, Blue = Iron, Yellow = OSR).
export const resourceColour: Record<string, string> = { oil: '#c62828', iron: '#1e5aa8', osr: '#e0b000' };

export interface Stack {
  nation: string;
  number: number;
  category: string;
  region: string;
  units: Record<string, number>;
  landing_tag?: boolean;
}
export interface Arrow {
  from: string;
  to: string;
  nation: string;
  box: number;
  label: string;
}

// What the map shows of one view.
export interface MapState {
  controller: Map<string, string | null>;
  bombs: Map<string, number>;
  embattled: Set<string>;
  hotspots: Set<string>;
  inPlay: Set<string>;
  stacks: Stack[];
  building: Map<string, number>; // units under an Industry token, by region
  arrows: Arrow[];
  destinations: Set<string>; // where the selected Command may be ordered and would arrive
  doomed: Map<string, string>; // destinations the order would not reach, with the rules' reason (the view's `destinations`)
  selectable: Set<string>; // regions holding Commands the seat may select
  selected: string | null; // the region of the selected Command
  marked: Set<string>; // regions named by the actions listed
  focus: string | null; // the region whose details are open
  objectives: Set<string>; // the regions the scenario's victory conditions name: the end's map shows them all
  own: Set<string>; // the seat's nations: the map's first view holds their Commands
  tracks: Tracks; // drawn at the pole, as the printed map has them
}

// The polar area's tracks (Game Components: the Turn Order and Homeland Status tracks sit near the
// polar area), with each nation's resources and the round and phase.
export interface Tracks {
  round: number;
  phase: number | null; // null once the war is over
  order: { nation: string; slot: number }[]; // the Turn Order track: the slots taken, slot 1 first
  nations: (ZoneNation & { oil: number; iron: number; osr: number; collapsed: boolean })[];
}

// The Homeland Status Track's zones, in the data's order (Phase 6: Morale), and their colours.
const ZONE_COLOUR: Record<string, string> = {
  white: '#ffffff',
  blue: '#90caf9',
  yellow: '#fff176',
  orange: '#ffb74d',
  red: '#e57373',
  gray: '#9e9e9e',
};
const ZONES: [string, string][] = ZONE_IDS.map((z) => [z, ZONE_COLOUR[z] ?? '#cccccc']);

export const CATEGORY_GLYPH: Record<string, string> = { land: '\u2694\uFE0E', air: '\u2708\uFE0E', sea: '\u2693\uFE0E' };

interface Label {
  id: string;
  x: number;
  y: number;
  g: SVGGElement;
  name: SVGTextElement | null;
  w: number; // the name's width, estimated from its letters until measured on screen
  measured?: boolean;
  priority: number; // from the region alone (in play, capital, SV): the ids' places never depend on the stacks
  army: number; // the units in the region, every nation's
  own: boolean; // the region holds one of the seat's Commands: what the player acts on, placed first
  capital: boolean;
  id_box: Box; // the id, SV, star and marks, around the anchor
  id_centre: number; // the height of the id's own box's centre (the id is centred across)
  chips: Box[]; // the stacks' chips (and the units under an Industry token), as drawn under the name
  more: Box | null; // the "+N" beside the first chip when the others are folded into it
  stacks: SVGGElement | null; // the group holding them, moved apart from the id when its place is taken
}
type Box = [number, number, number, number]; // left, top, right, bottom

// The box of a region's id and what sits beside it (the capital's star, the SV, ⚙, bombs), around
// its anchor, as drawOverlay draws them.
// `marks`: the embattled marker or bombs, drawn above the id's left end.
function idBox(r: MapRegion, dy: number, marks: boolean): Box {
  // A sea's id with its letters' outline (it reached a pixel past a box a pixel smaller into a stack).
  if (r.type !== 'territory') return [-3.6 * r.id.length - 3, dy - 10, 3.6 * r.id.length + 3, dy + 6];
  const half = (7 * r.id.length + 6) / 2;
  return [-half - (r.capital_of ? 9 : 0) - (marks ? 14 : 2), dy - (marks ? 15 : 8), half + (r.sv ? 12 : 0) + (r.industry ? 12 : 0), dy + 6];
}

// Where a label may sit when its own place is taken, nearest first (screen pixels).
const NUDGES: [number, number][] = [
  [0, 0],
  [0, -18],
  [0, 18],
  [-26, 0],
  [26, 0],
  [-26, -18],
  [26, -18],
  [-26, 18],
  [26, 18],
  [0, -34],
  [0, 34],
  [-48, 0],
  [48, 0],
  [-48, -34],
  [48, -34],
  [-48, 34],
  [48, 34],
  [0, -52],
  [0, 52],
  [-72, 0],
  [72, 0],
];
// Farther places, ring by ring, for a label that must be shown and finds no free place near its
// region: on the phone Smolensk's id and stack found none and were drawn over Moscow's stack
// (play-test 2026-12-05, finding 4); a label set apart reads as nudged, and one set beyond the near
// places is tied to its region by a dashed line. The outer rings keep the end's map, zoomed out to
// show both objectives, free of overlaps round Moscow.
const FAR: [number, number][] = [60, 84, 108, 132, 156, 180, 204].flatMap((r) =>
  Array.from({ length: 16 }, (_, i): [number, number] => [
    Math.round(r * Math.cos((i * Math.PI) / 8)),
    Math.round(r * 0.7 * Math.sin((i * Math.PI) / 8)),
  ]),
);
const shift = (b: Box, x: number, y: number): Box => [b[0] + x, b[1] + y, b[2] + x, b[3] + y];
const scaleBox = (b: Box, ls: number): Box => [b[0] * ls, b[1] * ls, b[2] * ls, b[3] * ls];

function lighter(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `rgb(${mix(n >> 16)},${mix((n >> 8) & 255)},${mix(n & 255)})`;
}

// A path drawn for a region and the coastline that clips it (null: none), each with its bounding box
// (null: none known) and its fill where it is drawn with straight lines only (null: tested by the
// browser).
type Shape = { el: SVGGeometryElement; box: Box | null; fill: Fill | null };
type DrawnPath = { path: Shape; clip: Shape | null };
function shapeOf(el: SVGGeometryElement): Shape {
  const r = typeof el.getBBox === 'function' ? el.getBBox() : null;
  return { el, box: r && r.width ? [r.x, r.y, r.x + r.width, r.y + r.height] : null, fill: fillOf(el.getAttribute('d') ?? '') };
}

// Whether the map outlines a selected Command's destinations (and so not the Commands to select).
const destinationsShown = (s: MapState) => s.destinations.size + s.doomed.size > 0;

export class WarRoomMap {
  readonly element: HTMLElement;
  private readonly svg: SVGSVGElement;
  private readonly geo: SVGGElement;
  private readonly overlay: SVGGElement;
  private readonly info: HTMLElement;
  private readonly regions: Map<string, MapRegion>;
  private k = 1;
  private tx = 0;
  private ty = 0;
  private w = 800;
  private h = 600;
  private fitted = false;
  private moved = false; // the player has panned or zoomed: a resize keeps their view
  private labels: Label[] = [];
  private anchored: { el: SVGGraphicsElement; x: number; y: number }[] = [];
  private state: MapState | null = null;
  private drawn = '';
  private frame = 0;
  private dragged = false;
  private tracksFolded = false; // the tracks at the pole are folded to one line
  private tracksChosen = false; // the player has folded or unfolded them: a resize keeps their choice
  private over = false; // the war's end has been drawn (its map fits the objectives)
  private tracksCorner = 0; // the map's corner the fit left to the tracks (1-4: top left, top right, bottom left, bottom right), 0: none
  private ownsAt = 0; // the zoom of ownsMemo
  private ownsMemo = new Map<string, Map<number, boolean>>(); // owns(), by region and offset
  private shapesOf: Map<string, DrawnPath[]> | null = null; // owns()'s paths, by region

  constructor(
    private readonly layout: MapLayout,
    private readonly g: Geometry,
    private readonly onRegion: (id: string, onStack: boolean) => void, // onStack: the click was on a stack's chip
  ) {
    this.regions = new Map(layout.regions.map((r) => [r.id, r]));
    this.element = document.createElement('section');
    this.element.className = 'panel warroom-map';
    this.element.innerHTML = `
      <div class="map-head"><p class="notice">${escape(layout.notice)}</p>
        <div class="zoom" role="group" aria-label="${escape(t('warroom.web.map_zoom'))}">
          <button data-zoom="in" title="${escape(t('warroom.web.zoom_in'))}" aria-label="${escape(t('warroom.web.zoom_in'))}">+</button>
          <button data-zoom="out" title="${escape(t('warroom.web.zoom_out'))}" aria-label="${escape(t('warroom.web.zoom_out'))}">−</button>
          <button data-zoom="fit" title="${escape(t('warroom.web.zoom_fit_title'))}" aria-label="${escape(t('warroom.web.zoom_fit'))}">⌂</button>
          <button data-zoom="world" title="${escape(t('warroom.web.zoom_world'))}" aria-label="${escape(t('warroom.web.zoom_world'))}">◯</button></div></div>
      <p class="map-status" role="status" hidden></p>
      <div class="map-box"><svg class="world" role="group" aria-label="${escape(t('warroom.web.map_label'))}"></svg>
        <div class="region-info" hidden></div></div>
      <p class="map-more" role="status"></p>
      <p class="legend"></p>`;
    this.svg = this.element.querySelector('svg')!;
    this.info = this.element.querySelector('.region-info')!;
    this.svg.innerHTML = this.staticLayers();
    this.info.addEventListener('scroll', () => this.moreBelow());
    this.geo = this.svg.querySelector('g.geo')!;
    this.overlay = this.svg.querySelector('g.overlay')!;
    this.element
      .querySelectorAll<HTMLButtonElement>('button[data-zoom]')
      .forEach((b) => b.addEventListener('click', () => this.zoomButton(b.dataset.zoom!)));
    this.panZoom();
    this.svg.addEventListener('click', (e) => {
      if (this.dragged) return;
      const id = (e.target as Element).closest<SVGElement>('[data-id]')?.dataset.id;
      if (id) this.onRegion(id.replace(/\+$/, ''), !!(e.target as Element).closest('g.chip:not(.building)'));
    });
    new ResizeObserver(() => this.resize()).observe(this.svg);
  }

  private staticLayers(): string {
    const g = this.g;
    const sea = (r: MapRegion) => `<path data-id="${escape(r.id)}" class="sea-cell" d="${g.shapes.get(r.id)?.d ?? ''}"/>`;
    const land = this.layout.regions
      .filter((r) => r.type !== 'sea')
      .map((r) => {
        const s = g.shapes.get(r.id)!,
          extra = g.shapes.get(`${r.id}+`);
        if (s.dot) return '';
        return (
          `<g data-id="${escape(r.id)}" class="territory${r.type === 'impassable' ? ' impassable' : ''}">` +
          `<path d="${s.d}"${s.clip ? ` clip-path="url(#${s.clip})"` : ''}/>${extra ? `<path d="${extra.d}"/>` : ''}</g>`
        );
      })
      .join('');
    return `<defs>${g.clips.map((c) => `<clipPath id="${c.id}"><path d="${c.d}"/></clipPath>`).join('')}
        <pattern id="wr-stripes" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
          <rect width="3" height="6" fill="#d32f2f" opacity="0.65"/><rect x="3" width="3" height="6" fill="#fff" opacity="0.45"/></pattern>
        <pattern id="wr-sand" patternUnits="userSpaceOnUse" width="5" height="5" patternTransform="rotate(-30)">
          <rect width="5" height="5" fill="#e8dcc0"/><rect width="1.4" height="5" fill="#b8a57a"/></pattern>
</defs>
      <g class="geo"><path class="ocean" d="${g.sphere}"/><path class="graticule" d="${g.graticule}"/>
        <g class="seas">${this.layout.regions
          .filter((r) => r.type === 'sea')
          .map(sea)
          .join('')}</g>
        <path class="land-base" d="${g.land}"/><g class="territories">${land}</g>
        <path class="coast" d="${g.land}"/><g class="embattled-layer"></g></g>
      <g class="leaders"></g><g class="overlay"></g><g class="arrows"></g><g class="pole"></g>`;
  }

  // ---- what the view shows ----

  // A view that changes nothing on the map (another seat's secret entries while sheets are
  // written) leaves the drawing as it is.
  update(state: MapState): void {
    const key = JSON.stringify(Object.entries(state).map(([k, v]) => [k, v instanceof Map || v instanceof Set ? [...v] : v]));
    if (key === this.drawn && this.state) return;
    this.drawn = key;
    this.state = state;
    const fill = (id: string): string => {
      const r = this.regions.get(id)!;
      if (r.type === 'impassable') return 'url(#wr-sand)';
      if (!state.inPlay.has(id)) return '#f4f1ea';
      const c = state.controller.get(id);
      return c ? lighter(colour[c] ?? '#999999', 0.4) : '#ebe4d2';
    };
    this.geo.querySelectorAll<SVGGElement>('g.territory').forEach((t) => {
      const id = t.dataset.id!;
      t.style.fill = fill(id);
      t.classList.toggle('off-play', !state.inPlay.has(id) && this.regions.get(id)!.type !== 'impassable');
      this.mark(t, id, state);
    });
    this.geo.querySelectorAll<SVGPathElement>('path.sea-cell').forEach((p) => {
      const id = p.dataset.id!;
      p.classList.toggle('off-play', !state.inPlay.has(id));
      this.mark(p, id, state);
    });
    // Outlined regions are drawn last, so that their neighbours do not cover half the outline.
    this.geo
      .querySelectorAll<SVGElement>('.doomed, .destination, .selectable, .marked, .focus')
      .forEach((e) => e.parentNode!.appendChild(e));
    this.geo.querySelector('.embattled-layer')!.innerHTML = [...state.embattled]
      .map((id) => {
        const s = this.g.shapes.get(id);
        return s && !s.dot ? `<path d="${s.d}"${s.clip ? ` clip-path="url(#${s.clip})"` : ''} fill="url(#wr-stripes)"/>` : '';
      })
      .join('');
    this.svg.querySelector('g.arrows')!.innerHTML = state.arrows.map((a) => this.arrow(a)).join('');
    this.drawOverlay(state);
    this.foldOnPhone();
    this.drawTracks(state.tracks);
    this.legend(state);
    // The war's end is a new screen: its map fits the Commands and every objective, once.
    const over = state.tracks.phase === null;
    if ((!this.fitted || over !== this.over) && this.w > 0) {
      this.fit();
      this.fitted = true;
      if (over !== this.over) this.moved = false;
    }
    this.over = over;
    this.place();
    if (state.focus) this.showInfo(state.focus);
    // A view drawn while the page is built, off the document, measured no text: the tracks' plate is
    // widened to its text once on it ("oil iron OSR stress" ran past it from Phase 2 on).
    if (!this.svg.isConnected)
      requestAnimationFrame(() => {
        if (this.state !== state || !this.svg.isConnected) return;
        this.drawTracks(state.tracks);
        this.place();
      });
  }

  // On a phone-sized page the tracks are folded to one line (unfolded, they covered the theater's
  // south-east corner: play-test 2026-12-05, finding 4), also when a page opened wide is narrowed;
  // once the player folds or unfolds them, their choice stands. Says whether it changed them.
  private foldOnPhone(): boolean {
    const fold = window.innerWidth < 600;
    if (this.tracksChosen || this.w <= 0 || fold === this.tracksFolded) return false;
    this.tracksFolded = fold;
    return true;
  }

  private mark(el: SVGElement, id: string, s: MapState) {
    const choosing = destinationsShown(s);
    el.classList.toggle('destination', s.destinations.has(id));
    el.classList.toggle('doomed', s.doomed.has(id));
    el.classList.toggle('selectable', s.selectable.has(id) && !choosing);
    el.classList.toggle('marked', s.marked.has(id) && !choosing);
    el.classList.toggle('focus', s.focus === id || s.selected === id);
  }

  // An order: an arrow from the Command's region to its destination, drawn at screen size.
  private arrow(a: Arrow): string {
    const from = this.regions.get(a.from),
      to = this.regions.get(a.to);
    if (!from || !to) return '';
    const [x1, y1] = this.g.project(from.lon, from.lat),
      [x2, y2] = this.g.project(to.lon, to.lat);
    return (
      `<g class="order" data-ends="${x1},${y1},${x2},${y2}" data-from="${escape(a.from)}" data-to="${escape(a.to)}" style="--c:${colour[a.nation] ?? '#000'}"><path class="casing"/><path class="line"/>` +
      `<path class="head"/><circle class="badge" r="7"/><text class="badge">${a.box}</text><title>${escape(a.label)}</title></g>`
    );
  }

  // The arrows' shapes at the current zoom, from the Command's region's id to the destination's as
  // the labels stand (`ids`, the shown ids' boxes on the screen; a region whose id is not shown: its
  // centre): leaving the one id and stopping short of the other, so that neither is covered, with a
  // slight bend, so that orders between the same two regions do not hide each other. Drawn between
  // the regions' centres, J3 Manchuria -> P-1's arrow covered J3's id and ended on Korea's label
  // (play-test of 7 December).
  private placeArrows(ids: Map<string, Box>) {
    const centre = (b: Box) => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
    this.svg.querySelectorAll<SVGGElement>('g.arrows g.order').forEach((g) => {
      const [a, b, c, d] = g.dataset.ends!.split(',').map(Number);
      const anchors = [a * this.k + this.tx, b * this.k + this.ty, c * this.k + this.tx, d * this.k + this.ty];
      // From `from`'s id (else its region's centre) to `to`'s; where the two ids stand too close for
      // an arrow between them, from centre to centre of the regions as the map draws them.
      const path = (from?: Box, to?: Box) => {
        const [x0, y0] = from ? centre(from) : anchors.slice(0, 2),
          [x2, y2] = to ? centre(to) : anchors.slice(2);
        const len = Math.hypot(x2 - x0, y2 - y0) || 1,
          ux = (x2 - x0) / len,
          uy = (y2 - y0) / len;
        // How far a box's edge lies from its centre along the arrow.
        const edge = (box: Box) => Math.min((box[2] - box[0]) / 2 / (Math.abs(ux) || 1e-6), (box[3] - box[1]) / 2 / (Math.abs(uy) || 1e-6));
        const out = from ? edge(from) + 3 : 0,
          short = to ? edge(to) + 6 : Math.min(14, len / 3);
        return {
          x1: x0 + ux * out,
          y1: y0 + uy * out,
          ex: x2 - ux * short,
          ey: y2 - uy * short,
          len,
          ux,
          uy,
          fits: out + short <= len - 8,
        };
      };
      const byIds = path(ids.get(g.dataset.from!), ids.get(g.dataset.to!));
      const { x1, y1, ex, ey, len, ux, uy } = byIds.fits ? byIds : path();
      // The curve bends to one side by a part of its length; of the bends tried, the first whose line
      // and head cross the fewest other ids (on the phone J3 -> P-1's head covered P-13's "3").
      const others = [...ids].filter(([id]) => id !== g.dataset.from && id !== g.dataset.to).map(([, b]) => b);
      const curve = (bend: number) => {
        const mx = (x1 + ex) / 2 - uy * len * bend,
          my = (y1 + ey) / 2 + ux * len * bend;
        // The head points along the curve's last tangent.
        const tl = Math.hypot(ex - mx, ey - my) || 1,
          hx = (ex - mx) / tl,
          hy = (ey - my) / tl;
        const head: [number, number][] = [
          [ex + hx * 4, ey + hy * 4],
          [ex - hx * 9 - hy * 6, ey - hy * 9 + hx * 6],
          [ex - hx * 9 + hy * 6, ey - hy * 9 - hx * 6],
        ];
        const along = Array.from({ length: 19 }, (_, i): [number, number] => {
          const t = (i + 1) / 20;
          return [(1 - t) ** 2 * x1 + 2 * t * (1 - t) * mx + t * t * ex, (1 - t) ** 2 * y1 + 2 * t * (1 - t) * my + t * t * ey];
        });
        const crossed = others.filter((b) =>
          [...along, ...head].some(([x, y]) => x >= b[0] - 2 && x <= b[2] + 2 && y >= b[1] - 2 && y <= b[3] + 2),
        ).length;
        return { mx, my, head, crossed };
      };
      const { mx, my, head: h } = [0.12, -0.12, 0.24, -0.24, 0].map(curve).reduce((best, c) => (c.crossed < best.crossed ? c : best));
      const line = `M${x1.toFixed(1)},${y1.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}`;
      const head = `M${h.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' L')} Z`;
      g.querySelector('.casing')!.setAttribute('d', line);
      g.querySelector('.line')!.setAttribute('d', line);
      g.querySelector('.head')!.setAttribute('d', head);
      const bx = (0.25 * x1 + 0.5 * mx + 0.25 * ex).toFixed(1),
        by = (0.25 * y1 + 0.5 * my + 0.25 * ey).toFixed(1);
      g.querySelector('circle.badge')!.setAttribute('transform', `translate(${bx},${by})`);
      g.querySelector('text.badge')!.setAttribute('transform', `translate(${bx},${+by + 3.5})`);
    });
  }

  private drawOverlay(s: MapState) {
    const byRegion = new Map<string, Map<string, Stack[]>>();
    for (const c of s.stacks) {
      const m = byRegion.get(c.region) ?? new Map<string, Stack[]>();
      m.set(c.nation, [...(m.get(c.nation) ?? []), c]);
      byRegion.set(c.region, m);
    }
    const parts: string[] = [];
    const chipBoxes = new Map<string, Box[]>();
    const moreBoxes = new Map<string, Box>(); // the "+N" of stacks folded into the first
    const armies = new Map<string, number>(); // the units in each region, every nation's
    for (const r of this.layout.regions) {
      const [x, y] = this.g.project(r.lon, r.lat);
      const shape = this.g.shapes.get(r.id)!;
      const inPlay = s.inPlay.has(r.id);
      const owner = s.controller.get(r.id);
      const classes = ['label', `label-${r.type}`, inPlay ? '' : 'off-play', shape.dot ? 'dot-island' : ''].filter(Boolean).join(' ');
      let body = '';
      if (shape.circle)
        body += `<circle r="${shape.dot ? 7 : 9}" class="${shape.dot ? 'island-dot' : 'island-circle'}" style="fill:${inPlay && owner ? lighter(colour[owner] ?? '#999999', 0.3) : '#d8d3c6'}"/>`;
      // The id and what sits beside it, left out together where only the region's stacks have room.
      body += '<g class="tag">';
      if (r.type === 'sea') {
        body += `<text class="sea-id" y="${shape.circle ? 18 : 0}">${escape(r.id)}</text>`;
      } else if (r.type === 'territory') {
        const id = escape(r.id),
          wid = 7 * r.id.length + 6;
        const capital = r.capital_of ? `<text class="capital" x="${-wid / 2 - 7}" y="4">★</text>` : '';
        const sv = r.sv
          ? `<rect class="sv" x="${wid / 2}" y="-7" width="12" height="13"/><text class="sv" x="${wid / 2 + 6}" y="3">${r.sv}</text>`
          : '';
        const industry = r.industry ? `<text class="industry" x="${wid / 2 + (r.sv ? 14 : 2)}" y="4" >⚙\uFE0E</text>` : '';
        const dy = shape.circle ? 17 : 0;
        body += `<g transform="translate(0,${dy})">${capital}<rect class="tid" x="${-wid / 2}" y="-7" width="${wid}" height="13"/><text class="tid" y="3">${id}</text>${sv}${industry}</g>`;
      }
      const bombs = s.bombs.get(r.id) ?? 0;
      if (bombs) body += `<text class="bombs" x="-14" y="-10">✹${bombs}</text>`;
      if (s.hotspots.has(r.id)) body += `<circle class="hotspot" r="12"/>`;
      if (s.embattled.has(r.id))
        body += `<g class="embattled-mark" transform="translate(${(-7 * r.id.length) / 2 - 14},-10)"><circle r="5" fill="#1e5aa8"/><path d="M0,-5 A5,5 0 0 1 0,5 z" fill="#c62828"/></g>`;
      body += '</g>';
      const under = s.building.get(r.id);
      const nameY = (shape.circle ? 17 : 0) + (r.type === 'sea' ? 11 : 17);
      let chipY = nameY + 6;
      const chips: string[] = [];
      const boxes: Box[] = [];
      for (const [nation, stacks] of byRegion.get(r.id) ?? []) {
        const counts: Record<string, number> = {};
        for (const c of stacks) counts[c.category] = (counts[c.category] ?? 0) + Object.values(c.units).reduce((a, b) => a + b, 0);
        armies.set(r.id, (armies.get(r.id) ?? 0) + Object.values(counts).reduce((a, b) => a + b, 0));
        const text = ['land', 'air', 'sea']
          .filter((k) => counts[k])
          .map((k) => `${CATEGORY_GLYPH[k]}${counts[k]}`)
          .join(' ');
        const width = 10 + text.length * 6.2;
        boxes.push([-width / 2, chipY, width / 2, chipY + 14]);
        chips.push(
          `<g class="chip" transform="translate(0,${chipY})"><rect x="${-width / 2}" y="0" width="${width}" height="14" rx="3" style="fill:${colour[nation] ?? '#555'}"/>` +
            `<text y="11">${text}</text><title>${escape(t('warroom.web.stack_commands', { nation, count: stacks.length }))}</title></g>`,
        );
        chipY += 16;
      }
      // The units under the Industry token take room too (Smolensk's label was drawn over Moscow's).
      if (under) boxes.push([-16, chipY, 16, chipY + 13]);
      if (under)
        chips.push(
          `<g class="chip building" transform="translate(0,${chipY})"><rect x="-16" y="0" width="32" height="13" rx="2"/><text y="10">⚙\uFE0E${under}</text><title>${escape(t('warroom.web.under_industry'))}</title></g>`,
        );
      const name = inPlay || r.type === 'impassable' ? `<text class="name ${r.type}" y="${nameY}">${escape(r.name)}</text>` : '';
      if (s.doomed.has(r.id)) body += `<title>${escape(s.doomed.get(r.id)!)}</title>`;
      chipBoxes.set(r.id, boxes);
      // Where only the first stack has room, the others are folded into it: "+N" beside it.
      const folded = boxes.length > 1 ? `+${boxes.length - 1}` : '';
      if (folded) {
        const [, top, right] = boxes[0];
        moreBoxes.set(r.id, [right + 1, top, right + 5 + 6.5 * folded.length, top + 14]);
        chips.push(`<text class="more" x="${right + 3}" y="${top + 11}">${folded}</text>`);
      }
      const stacks = chips.length ? `<g class="stacks">${chips.join('')}</g>` : '';
      parts.push(`<g class="${classes}" data-id="${escape(r.id)}" data-x="${x}" data-y="${y}">${body}${name}${stacks}</g>`);
    }
    // The convoys and passages under the labels: a convoy drawn over Great Britain's stack took the
    // click meant for it once the first view held the seat's own Commands.
    this.overlay.innerHTML = [...this.passages(s), ...this.convoys(s), ...parts].join('');
    this.anchored = Array.from(this.overlay.querySelectorAll<SVGGElement>('[data-x]')).map((el) => ({
      el,
      x: +el.dataset.x!,
      y: +el.dataset.y!,
    }));
    this.labels = Array.from(this.overlay.querySelectorAll<SVGGElement>('g.label'))
      .map((g) => {
        const r = this.regions.get(g.dataset.id!)!;
        const name = g.querySelector<SVGTextElement>('text.name');
        return {
          id: r.id,
          x: +g.dataset.x!,
          y: +g.dataset.y!,
          g,
          name,
          w: r.name.length * (r.type === 'sea' ? 5.6 : 6.4),
          id_box: idBox(r, this.g.shapes.get(r.id)?.circle ? 17 : 0, s.embattled.has(r.id) || !!s.bombs.get(r.id)),
          id_centre: (this.g.shapes.get(r.id)?.circle ? 17 : 0) + (r.type === 'territory' ? -0.5 : -3.5),
          chips: chipBoxes.get(r.id) ?? [],
          more: moreBoxes.get(r.id) ?? null,
          army: armies.get(r.id) ?? 0,
          own: [...(byRegion.get(r.id)?.keys() ?? [])].some((n) => s.own.has(n)),
          capital: !!r.capital_of,
          stacks: g.querySelector<SVGGElement>('g.stacks'),
          // The ids are placed by what the region is, never by what stands in it this phase: a label
          // placed by its units jumped from phase to phase (newcomer play-test of 5 December, evening,
          // finding 1). Capitals and the regions the victory conditions name first, then by Strategic
          // Value: where the map has room for few labels, theirs are shown. The regions holding the
          // seat's own Commands come before all (`own`): at a zoom with room for few labels, the
          // player's own stacks are the ones shown (Japan's first view in Global War left 13 of 29 out).
          priority:
            (s.inPlay.has(r.id) ? 100 : 0) +
            (r.capital_of ? 60 : 0) +
            (s.objectives.has(r.id) ? 40 : 0) +
            (r.type === 'territory' ? 10 + r.sv : 5),
        };
      })
      .sort((a, b) => Number(b.own) - Number(a.own) || b.priority - a.priority);
  }

  // The tracks at the pole: the round and phase, the Turn Order track (slot by slot), and the Homeland
  // Status Track with one row per nation (its marker in its zone) and the nation's resources.
  private drawTracks(tr: Tracks) {
    const pole = this.svg.querySelector<SVGGElement>('g.pole')!;
    const row = 15,
      zoneW = 17,
      left = 40,
      top = 66;
    // As wide as every nation's slot, taken or not: the plate keeps its size, and its place, from phase to phase.
    const width = Math.max(left + ZONES.length * zoneW + 96, 12 + Math.max(tr.order.length, tr.nations.length) * 42);
    // Each nation's own slot: while the slots are chosen, the lower bidders' are not yet taken (a
    // nation in slot 5 is not the second).
    const slots = tr.order
      .map(
        ({ nation: n, slot }, i) =>
          `<g transform="translate(${8 + i * 42},31)"><rect class="slot" width="40" height="14" rx="2" style="fill:${colour[n] ?? '#999'}"/>` +
          `<text class="slot" x="20" y="11">${slot} ${escape(n)}</text><title>${escape(t('warroom.web.slot', { n: slot, nation: n }))}</title></g>`,
      )
      .join('');
    const zones = ZONES.map(
      ([z, c], i) =>
        `<rect x="${left + i * zoneW}" y="${top}" width="${zoneW}" height="${tr.nations.length * row + 2}" style="fill:${c}"><title>${escape(zoneTitle(z))}</title></rect>`,
    ).join('');
    const nations = tr.nations
      .map((n, r) => {
        const zi = Math.max(
            0,
            ZONES.findIndex(([z]) => z === n.zone),
          ),
          y = top + 1 + r * row;
        // Its zone, Stress and Threshold, what the zone costs and at what Stress the next one comes.
        const tip = `${t('warroom.web.homeland_tip', { nation: n.id, zone: t(`warroom.zone.${n.zone}`), stress: n.stress, threshold: n.threshold })}\n${zoneNoteText(n)}`;
        return (
          `<g class="hs-row"><text class="nation" x="${left - 4}" y="${y + 11}">${escape(n.id)}</text>` +
          `<circle cx="${left + zi * zoneW + zoneW / 2}" cy="${y + 7}" r="5.5" style="fill:${colour[n.id] ?? '#999'}"${n.collapsed ? ' class="collapsed"' : ''}><title>${escape(tip)}</title></circle>` +
          `<text class="res" x="${left + ZONES.length * zoneW + 6}" y="${y + 11}"><tspan style="fill:${resourceColour.oil}">${n.oil}</tspan> ` +
          `<tspan style="fill:${resourceColour.iron}">${n.iron}</tspan> <tspan class="osr">${n.osr}</tspan> <tspan class="stress">${n.stress}/${n.threshold}</tspan></text></g>`
        );
      })
      .join('');
    const height = this.tracksFolded ? 22 : top + tr.nations.length * row + 6;
    pole.innerHTML = `<g class="tracks${this.tracksFolded ? ' folded' : ''}" role="group" aria-label="${escape(t('warroom.web.tracks'))}">
      <rect class="plate" x="0" y="0" width="${width}" height="${height}" rx="6"/>
      <text class="round" x="8" y="15">${escape(tr.phase === null ? t('warroom.web.round_over', { round: tr.round }) : t('warroom.web.round_phase', { round: tr.round, phase: tr.phase }))}</text>
      <g class="fold" role="button" tabindex="0" aria-label="${escape(t(this.tracksFolded ? 'warroom.web.show_tracks' : 'warroom.web.hide_tracks'))}" transform="translate(${width - 18},3)">
        <rect width="15" height="15" rx="3"/><text x="7.5" y="11.5">${this.tracksFolded ? '+' : '−'}</text></g>
      ${
        this.tracksFolded
          ? ''
          : `<text class="track" x="8" y="28">${escape(t('warroom.web.turn_order'))}</text>${
              slots || `<text class="hint" x="8" y="42">${escape(t('warroom.web.no_turn_order'))}</text>`
            }
      <text class="track" x="8" y="${top - 4}">${escape(t('warroom.web.homeland'))}</text>
      <text class="track res-head" x="${left + ZONES.length * zoneW + 6}" y="${top - 4}">${escape(t('warroom.web.resources'))}</text>
      ${zones}${nations}`
      }</g>`;
    const wide = this.widenTracks(pole, width);
    pole.dataset.w = String(wide);
    pole.dataset.h = String(height);
    const fold = pole.querySelector<SVGGElement>('g.fold')!;
    const toggle = () => {
      this.tracksFolded = !this.tracksFolded;
      this.drawTracks(tr);
      if (!this.moved) this.fit();
      this.place();
    };
    fold.addEventListener('click', (e) => (e.stopPropagation(), (this.tracksChosen = true), toggle()));
    fold.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.tracksChosen = true;
        toggle();
      }
    });
  }

  // The plate as wide as its widest line: the resources' heading ("oil iron OSR stress", longer in
  // other languages) and the rows' figures ran past it (play-test 2026-12-05 afternoon, finding 11).
  // The fold button moves to the new edge. Where text is not measured (no layout), the width stays.
  private widenTracks(pole: SVGGElement, width: number): number {
    const right = (selector: string) =>
      Array.from(pole.querySelectorAll<SVGTextElement>(selector)).reduce((m, el) => {
        const b = typeof el.getBBox === 'function' ? el.getBBox() : null;
        return b && b.width > 0 ? Math.max(m, b.x + b.width) : m;
      }, 0);
    // 6 px of margin; the round's line keeps clear of the fold button (15 px, 3 from the edge).
    const need = Math.ceil(Math.max(right('text.res, text.res-head') + 6, right('text.round') + 24));
    if (need <= width) return width;
    pole.querySelector('rect.plate')?.setAttribute('width', String(need));
    pole.querySelector('g.fold')?.setAttribute('transform', `translate(${need - 18},3)`);
    return need;
  }

  // The tracks sit over the pole, as on the printed map, unless they would cover regions in play
  // there: then in the corner of the map that covers the fewest (the theater in play stays in
  // view). Returns the screen box they take.
  private placeTracks(): Box {
    const pole = this.svg.querySelector<SVGGElement>('g.pole')!;
    const [px, py] = this.g.project(0, 90);
    const scale = this.w < 600 ? 0.75 : 1;
    const [w, h] = this.tracksSize();
    const clampX = (x: number) => Math.max(4, Math.min(this.w - w - 4, x)),
      clampY = (y: number) => Math.max(4, Math.min(this.h - h - 4, y));
    const anchors = this.labels
      .filter((l) => this.state?.inPlay.has(l.id))
      .map((l) => [l.x * this.k + this.tx, l.y * this.k + this.ty] as const);
    const covered = ([x, y]: [number, number]) =>
      anchors.filter(([ax, ay]) => ax > x - 24 && ax < x + w + 24 && ay > y - 16 && ay < y + h + 40).length;
    const places: [number, number][] = [
      [clampX(px * this.k + this.tx - w / 2), clampY(py * this.k + this.ty - h / 2)],
      [4, 4],
      [this.w - w - 4, 4],
      [4, this.h - h - 4],
      [this.w - w - 4, this.h - h - 4],
    ];
    // The corner the fit left to them, until the player pans or zooms.
    const [x, y] =
      !this.moved && this.tracksCorner ? places[this.tracksCorner] : places.reduce((best, p) => (covered(p) < covered(best) ? p : best));
    pole.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${scale})`);
    return [x, y, x + w, y + h];
  }

  // A narrow passage is drawn between its two seas, drawn towards the territories that key it.
  private passages(s: MapState): string[] {
    return (this.layout.passages ?? []).map((p) => {
      const pts = [...p.seas, ...p.keys]
        .map((id) => this.regions.get(id))
        .filter((r): r is MapRegion => !!r)
        .map((r) => this.g.project(r.lon, r.lat));
      const [a, b] = p.seas.map((id) => this.regions.get(id)!).map((r) => this.g.project(r.lon, r.lat));
      const x = pts.reduce((t, q) => t + q[0], 0) / pts.length,
        y = pts.reduce((t, q) => t + q[1], 0) / pts.length;
      const angle = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
      const keys = p.keys.map((k) => `${k}${s.controller.get(k) ? ` (${s.controller.get(k)})` : ''}`).join(', ');
      return (
        `<g class="passage" data-x="${x}" data-y="${y}"><g transform="rotate(${angle})"><path d="M-9,0 H9 M-5,-4 L-9,0 L-5,4 M5,-4 L9,0 L5,4"/></g>` +
        `<title>${escape(t('warroom.web.passage_title', { name: p.name, seas: p.seas.join(' ↔ '), keys }))}</title></g>`
      );
    });
  }

  // Convoys: transport silhouettes, one per resource, coloured by resource; a Trans-Ocean Convoy
  // carries its National Flag; a Coastal Convoy follows its linked territory's controller.
  private convoys(s: MapState): string[] {
    const perSea = new Map<string, number>();
    return (this.layout.convoys ?? []).map((c) => {
      const sea = this.regions.get(c.sea);
      if (!sea) return '';
      const [x, y] = this.g.project(sea.lon, sea.lat);
      const n = perSea.get(c.sea) ?? 0;
      perSea.set(c.sea, n + 1);
      const ships = (['oil', 'iron', 'osr'] as const).flatMap((k) => Array(c.silhouettes[k]).fill(resourceColour[k]));
      const flag = c.kind === 'trans-ocean' ? c.flag : c.linked ? (s.controller.get(c.linked) ?? null) : null;
      const body = ships
        .map(
          (fillColour, i) =>
            `<path transform="translate(${i * 9},0)" d="M-4,0 H4 L2.5,3 H-2.5 Z M-1,0 V-4 H2 Z" style="fill:${fillColour}"/>`,
        )
        .join('');
      const who =
        c.kind === 'trans-ocean'
          ? t('warroom.web.convoy_ocean', { from: c.from ?? '', to: c.to ?? '', flag: c.flag ?? '' })
          : flag
            ? t('warroom.web.convoy_coastal_held', { linked: c.linked ?? '', flag })
            : t('warroom.web.convoy_coastal', { linked: c.linked ?? '' });
      return (
        `<g class="convoy${s.inPlay.has(c.sea) ? '' : ' off-play'}" data-x="${x}" data-y="${y}"><g transform="translate(${-ships.length * 4.5 + 18},${-14 - n * 9})">` +
        `${flag ? `<rect x="-14" y="-5" width="8" height="6" style="fill:${colour[flag] ?? '#999'}"/>` : ''}${body}</g>` +
        `<title>${escape(t('warroom.web.convoy_carries', { who, count: ships.length }))}</title></g>`
      );
    });
  }

  private legend(s: MapState) {
    const nations = [...new Set([...s.controller.values()].filter((c): c is string => !!c))];
    const w = (key: string) => escape(t(`warroom.web.${key}`));
    // The outlines the map draws now (mark()): the seat's Commands to select, else the selected one's
    // destinations (play-test of 7 December: the blue outline was in no legend).
    const choosing = destinationsShown(s);
    const outline = (kind: string, shown: boolean) =>
      shown ? `<span><i class="outline-key ${kind}"></i>${w(`legend_${kind}`)}</span> ` : '';
    this.element.querySelector('.legend')!.innerHTML =
      `${nations.map((n) => `<span><i style="background:${colour[n] ?? '#999'}"></i>${escape(n)}</span>`).join(' ')}
      <span><i class="neutral-key"></i>${w('legend_neutral')}</span> <span><i class="stripes-key"></i>${w('legend_embattled')}</span> <span><i class="hotspot-key"></i>${w('legend_hotspot')}</span>
      ${outline('selectable', s.selectable.size > 0 && !choosing)}${outline('destination', s.destinations.size > 0)}
      <span>★ ${w('legend_capital')} · <b class="sv-key">5</b> ${w('legend_sv')} · ⚙\uFE0E ${w('legend_industry')} · ✹ ${w('legend_bombs')} · ⇄ ${w('legend_passage')}</span>
      <span>${escape(t('warroom.web.legend_units', { land: CATEGORY_GLYPH.land, air: CATEGORY_GLYPH.air, sea: CATEGORY_GLYPH.sea }))}</span>`;
  }

  // ---- the region's details, on click ----

  showInfo(id: string | null, html?: string) {
    if (!id) {
      this.info.hidden = true;
      return;
    }
    if (html !== undefined) this.info.innerHTML = html;
    this.info.hidden = false;
    this.placeInfo(id);
  }

  // The details sit under or above the region clicked, on the side of the map with more room, so
  // that they never cover it: on the phone they stood at the map's foot, over G1 Greater Germany
  // when G1 was tapped (play-test 2026-12-05, finding 4).
  private placeInfo(id: string) {
    const st = this.info.style;
    st.top = st.bottom = st.maxHeight = '';
    const label = this.labels.find((l) => l.id === id);
    if (!label || label.g.style.display === 'none') return;
    // Clear of the region's id: its stacks may stand apart from it, elsewhere in the region.
    const map = this.svg.getBoundingClientRect(),
      b = (label.g.querySelector('rect.tid, text.sea-id') ?? label.g).getBoundingClientRect();
    if (!map.height || !b.height) return;
    const gap = 6,
      above = Math.max(0, b.top - map.top),
      below = Math.max(0, map.bottom - b.bottom);
    // At that side's edge of the map, as far from the region as they can be.
    st.top = below >= above ? 'auto' : `${gap}px`;
    st.bottom = below >= above ? `${gap}px` : 'auto';
    st.maxHeight = `${(Math.max(above, below) - 2 * gap).toFixed(0)}px`;
    this.moreBelow();
  }

  // Details taller than their room scroll: a shadow and ▾ at their foot say that more is below, until
  // the reader has scrolled to it (on the phone Smolensk's fourth Command was cut off with no cue:
  // newcomer play-test of 5 December, evening, finding 7).
  private moreBelow() {
    const i = this.info;
    i.classList.toggle('more', !i.hidden && i.scrollTop + i.clientHeight < i.scrollHeight - 2);
  }

  // A line right above the map saying what the seat has in hand (the selected Command and what to
  // click next): on a phone the sheet that says it is far below the map (newcomer play-test of 5
  // December, afternoon). Null hides it.
  setStatus(text: string | null) {
    const line = this.element.querySelector<HTMLElement>('.map-status')!;
    line.textContent = text ?? '';
    line.hidden = !text;
  }

  regionInfoPanel(): HTMLElement {
    return this.info;
  }

  // ---- pan and zoom ----

  private resize() {
    const box = this.svg.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const cx = (this.w / 2 - this.tx) / this.k,
      cy = (this.h / 2 - this.ty) / this.k;
    this.w = box.width;
    this.h = box.height;
    this.svg.setAttribute('viewBox', `0 0 ${this.w} ${this.h}`);
    // Drawn again once on the screen: the plate is widened to its text as measured, and a map drawn
    // before it was on the page measured none ("oil iron OSR stress" ran past the plate: play-test
    // 2026-12-05 afternoon, finding 11, seen again in the evening's War in Europe at 1280x800).
    if (this.state) {
      this.foldOnPhone();
      this.drawTracks(this.state.tracks);
    }
    if (!this.moved && this.state) {
      this.fit();
      this.fitted = true;
    } else {
      this.tx = this.w / 2 - cx * this.k;
      this.ty = this.h / 2 - cy * this.k;
    }
    this.place();
  }

  // Fits the regions where the war is: those holding Commands, but for the farthest fifth on each
  // side (a lone fleet in the Indian Ocean); the whole game's regions when no Command is on the map.
  // Once the war is over, the regions its victory conditions name too: the end's map cut G1 Greater
  // Germany off, the Allies' objective (play-test 2026-12-05, finding 16).
  private fit() {
    const s = this.state;
    if (!s) return this.world();
    const held = new Set(s.stacks.map((c) => c.region));
    const ids = held.size ? held : s.inPlay;
    const at = (keep: Set<string>) => this.layout.regions.filter((r) => keep.has(r.id)).map((r) => this.g.project(r.lon, r.lat));
    const pts = at(ids);
    if (!pts.length) return this.world();
    const trim = (v: number[], part: number) => {
      v.sort((a, b) => a - b);
      const cut = Math.floor(v.length * part);
      return [v[cut], v[v.length - 1 - cut]];
    };
    const xs = trim(
        pts.map((p) => p[0]),
        0.2,
      ),
      ys = trim(
        pts.map((p) => p[1]),
        0.2,
      );
    const widen = (x: number, y: number) => {
      xs.splice(0, 2, Math.min(xs[0], x), Math.max(xs[1], x));
      ys.splice(0, 2, Math.min(ys[0], y), Math.max(ys[1], y));
    };
    // A seat's page fits the seat's theatre: its own Commands, but for the farthest tenth on each
    // side, and what lies about them (an eighth of the box again each side, at least a twelfth of the
    // globe across), not the whole war's: in Global War and on a phone Europe was one crowd in a
    // corner of the world (play-tests 2026-12-05; Japan's page had shown Europe, its fleets and
    // the Pacific islands cut off). Counted by Command: a region holding several (Great Britain's)
    // is never the one dropped. A spectator's page fits the war's Commands.
    const where = new Map(this.layout.regions.map((r) => [r.id, r]));
    const own = s.stacks
      .filter((c) => s.own.has(c.nation) && where.has(c.region))
      .map((c) => this.g.project(where.get(c.region)!.lon, where.get(c.region)!.lat));
    if (own.length) {
      const around = ([lo, hi]: number[]) => {
        const pad = Math.max((hi - lo) / 8, (this.g.size / 12 - (hi - lo)) / 2);
        return [lo - pad, hi + pad];
      };
      const ox = around(
          trim(
            own.map((p) => p[0]),
            0.1,
          ),
        ),
        oy = around(
          trim(
            own.map((p) => p[1]),
            0.1,
          ),
        );
      xs.splice(0, 2, ...ox);
      ys.splice(0, 2, ...oy);
    }
    if (s.tracks.phase === null)
      for (const r of this.layout.regions.filter((r) => s.objectives.has(r.id))) widen(...this.g.project(r.lon, r.lat));
    const [x0, x1] = xs.map((v, i) => v + (i ? 25 : -25));
    const [y0, y1] = ys.map((v, i) => v + (i ? 40 : -25));
    this.fitBeside([x0, y0, x1, y1]);
  }

  // Fits a box of the drawing (its units) to the map, leaving one corner of the map to the tracks:
  // at 1280x800 the tracks covered the east of the front, Volga to Kazakhstan, from Phase 2 on
  // (newcomer play-test of 5 December, evening, finding 2). Of the corners, and of a band above or
  // under the box or a strip beside it, the one that keeps the largest zoom, unless another within a
  // tenth of it leaves fewer regions in play under the tracks (Global War as Japan at 1280x800: the
  // tracks covered Palmyra, U9, beside the box; play-test of 7 December); the tracks stay in that
  // corner until the player pans or zooms.
  private fitBeside([x0, y0, x1, y1]: Box) {
    const [tw, th] = this.tracksSize().map((v) => v + 8);
    const [bw, bh] = [x1 - x0, y1 - y0];
    const inPlay = this.layout.regions.filter((r) => this.state?.inPlay.has(r.id)).map((r) => this.g.project(r.lon, r.lat));
    const fits: { k: number; tx: number; ty: number; corner: number; covered: number }[] = [];
    for (let corner = 0; corner < 4; ++corner) {
      const right = corner % 2 === 1,
        bottom = corner >= 2;
      // [left, top, right, bottom] of the map's room for the box: the whole map when the tracks in
      // that corner clear the box fitted to it, else the map less a band or less a strip.
      const rooms: Box[] = [
        [0, 0, this.w, this.h],
        [0, bottom ? 0 : th, this.w, bottom ? this.h - th : this.h],
        [right ? 0 : tw, 0, right ? this.w - tw : this.w, this.h],
      ];
      for (const [l, t, r, b] of rooms) {
        const k = Math.min((r - l) / bw, (b - t) / bh);
        const tx = (l + r) / 2 - ((x0 + x1) / 2) * k,
          ty = (t + b) / 2 - ((y0 + y1) / 2) * k;
        const sx0 = x0 * k + tx,
          sy0 = y0 * k + ty,
          sx1 = x1 * k + tx,
          sy1 = y1 * k + ty;
        const cx = right ? this.w - tw : tw,
          cy = bottom ? this.h - th : th;
        const clear = (right ? sx1 <= cx : sx0 >= cx) || (bottom ? sy1 <= cy : sy0 >= cy);
        const under = ([x, y]: [number, number]) => {
          const [sx, sy] = [x * k + tx, y * k + ty];
          return (right ? sx >= cx && sx <= this.w : sx >= 0 && sx <= cx) && (bottom ? sy >= cy && sy <= this.h : sy >= 0 && sy <= cy);
        };
        if (clear) fits.push({ k, tx, ty, corner: corner + 1, covered: inPlay.filter(under).length });
      }
    }
    const widest = Math.max(0, ...fits.map((f) => f.k));
    const best = fits
      .filter((f) => f.k >= widest * 0.9)
      .reduce((a, f) => (f.covered < a.covered || (f.covered === a.covered && f.k > a.k) ? f : a), {
        k: 0,
        tx: 0,
        ty: 0,
        corner: 0,
        covered: Infinity,
      });
    if (!best.k) {
      this.k = Math.min(this.w / bw, this.h / bh);
      [this.tx, this.ty, this.tracksCorner] = [this.w / 2 - ((x0 + x1) / 2) * this.k, this.h / 2 - ((y0 + y1) / 2) * this.k, 0];
      return;
    }
    [this.k, this.tx, this.ty, this.tracksCorner] = [best.k, best.tx, best.ty, best.corner];
  }

  // The tracks' size on the screen (smaller on a phone).
  private tracksSize(): [number, number] {
    const pole = this.svg.querySelector<SVGGElement>('g.pole')!;
    const scale = this.w < 600 ? 0.75 : 1;
    return [Number(pole.dataset.w ?? 0) * scale, Number(pole.dataset.h ?? 0) * scale];
  }

  private world() {
    this.k = Math.min(this.w, this.h) / this.g.size;
    this.tx = (this.w - this.g.size * this.k) / 2;
    this.ty = (this.h - this.g.size * this.k) / 2;
  }

  private zoomAt(factor: number, sx: number, sy: number) {
    const min = (Math.min(this.w, this.h) / this.g.size) * 0.8,
      max = min * 24;
    const k = Math.max(min, Math.min(max, this.k * factor));
    this.tx = sx - ((sx - this.tx) * k) / this.k;
    this.ty = sy - ((sy - this.ty) * k) / this.k;
    this.k = k;
    this.moved = true;
    this.schedule();
  }

  private zoomButton(which: string) {
    if (which === 'in') this.zoomAt(1.5, this.w / 2, this.h / 2);
    else if (which === 'out') this.zoomAt(1 / 1.5, this.w / 2, this.h / 2);
    else if (which === 'fit') {
      this.fit();
      this.moved = false;
      this.place();
    } else {
      this.world();
      this.moved = true;
      this.place();
    }
  }

  private panZoom() {
    const svg = this.svg;
    const point = (e: { clientX: number; clientY: number }) => {
      const b = svg.getBoundingClientRect();
      return [e.clientX - b.left, e.clientY - b.top] as [number, number];
    };
    svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const [x, y] = point(e);
        this.zoomAt(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), x, y);
      },
      { passive: false },
    );
    const pointers = new Map<number, [number, number]>();
    let start: [number, number] | null = null,
      moved = 0,
      pinch = 0;
    svg.addEventListener('pointerdown', (e) => {
      pointers.set(e.pointerId, point(e));
      if (pointers.size === 1) {
        start = point(e);
        moved = 0;
        this.dragged = false;
      }
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = Math.hypot(a[0] - b[0], a[1] - b[1]);
      }
    });
    svg.addEventListener('pointermove', (e) => {
      const last = pointers.get(e.pointerId);
      if (!last) return;
      const now = point(e);
      pointers.set(e.pointerId, now);
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (pinch > 0) this.zoomAt(d / pinch, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        pinch = d;
        this.dragged = true;
        return;
      }
      moved += Math.hypot(now[0] - last[0], now[1] - last[1]);
      if (moved > 5 && start) {
        if (!this.dragged) svg.setPointerCapture(e.pointerId);
        this.dragged = true;
        this.moved = true;
        this.tx += now[0] - last[0];
        this.ty += now[1] - last[1];
        this.schedule();
      }
    });
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = 0;
      if (!pointers.size) start = null;
    };
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
    // A click ending a drag is not a click on a region.
    svg.addEventListener(
      'click',
      (e) => {
        if (this.dragged) e.stopImmediatePropagation();
        this.dragged = false;
      },
      true,
    );
  }

  private schedule() {
    if (!this.frame)
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.place();
      });
  }

  // The line under the id where an objective's name stands at the war's end (0: not kept).
  private keepsName(l: Label): number {
    if (!this.over || !l.name || !this.state?.objectives.has(l.id)) return 0;
    return Number((l.name.dataset.below ??= l.name.getAttribute('y') ?? '0'));
  }

  // Whether a point of the screen (the map's own pixels) lies in region `id` as drawn: its cell, within
  // the coastline that clips it, or one of its other islands. A region drawn as a dot owns the few
  // pixels about it. Remembered for the zoom: the labels' offsets are screen pixels from the anchor.
  private owns(l: Label, dx: number, dy: number): boolean {
    if (this.ownsAt !== this.k) [this.ownsAt, this.ownsMemo] = [this.k, new Map()];
    let memo = this.ownsMemo.get(l.id);
    if (!memo) this.ownsMemo.set(l.id, (memo = new Map()));
    const key = Math.round(dx) * 65536 + Math.round(dy); // the offsets are a few hundred pixels at most
    let yes = memo.get(key);
    if (yes === undefined) {
      const at = { x: l.x + dx / this.k, y: l.y + dy / this.k };
      const paths = this.regionShapes().get(l.id) ?? [];
      // A point outside a shape's box is not in it: most points tried about a region are, and the box
      // is a few comparisons where the shape's own test walks the edges of the point's band.
      const inBox = (b: Box | null) => !b || (at.x >= b[0] && at.x <= b[2] && at.y >= b[1] && at.y <= b[3]);
      const fills = ({ el, box, fill }: Shape) =>
        typeof el.isPointInFill !== 'function' || (inBox(box) && (fill ? fill.has(at.x, at.y) : el.isPointInFill(at)));
      yes =
        this.g.shapes.get(l.id)?.dot || !paths.length
          ? Math.hypot(dx, dy) <= 12
          : paths.some((p) => fills(p.path) && (!p.clip || fills(p.clip)));
      memo.set(key, yes);
    }
    return yes;
  }

  // Each region's drawn paths with the coastline that clips each, found once: the drawing never
  // changes, and a search of the map's elements took 56 µs where a point's test takes 1-3.
  private regionShapes() {
    if (this.shapesOf) return this.shapesOf;
    const shapes = new Map<string, DrawnPath[]>();
    const coasts = new Map<SVGGeometryElement, Shape>(); // a land mass's coastline clips all its regions: read once
    const coast = (el: SVGGeometryElement) => coasts.get(el) ?? coasts.set(el, shapeOf(el)).get(el)!;
    for (const path of Array.from(this.geo.querySelectorAll<SVGGeometryElement>('g.territory path, path.sea-cell'))) {
      const id = (path.closest('[data-id]') as SVGElement).dataset.id!;
      const clipId = path.getAttribute('clip-path')?.match(/#([^)]+)\)/)?.[1];
      const clip = clipId ? this.svg.querySelector<SVGGeometryElement>(`clipPath[id="${clipId}"] path`) : null;
      shapes.set(id, [...(shapes.get(id) ?? []), { path: shapeOf(path), clip: clip && coast(clip) }]);
    }
    return (this.shapesOf = shapes);
  }

  // A label the player must act on or read now: the selected Command's region, its destinations, the
  // region whose details are open, an Active Hotspot or the region fought over, an objective's at the
  // war's end. It is shown at every zoom, beside its region with a line where there is no room in it,
  // taking the place of other labels where no place is free.
  private kept(l: Label): boolean {
    const s = this.state;
    if (!s) return false;
    return s.selected === l.id || s.focus === l.id || s.destinations.has(l.id) || s.hotspots.has(l.id) || this.keepsName(l) > 0;
  }

  // Whether a region is smaller than a stack on the screen: less than a third of the 60x40 px about
  // its centre lie in it. Its stacks stand by its id, within about 70 px of its centre.
  private small(l: Label): boolean {
    let n = 0;
    for (let dx = -30; dx <= 30; dx += 6) for (let dy = -20; dy <= 20; dy += 5) n += this.owns(l, dx, dy) ? 1 : 0;
    return n < 33;
  }

  // Moves the drawing to the zoom, and the labels with it at their own size, never one over another:
  // the map shows at each zoom what has room (docs/warroom/browser.md, "What the map shows at each
  // zoom"). Every label stays in its own region (newcomer play-test of 5 December, evening, finding 1:
  // Smolensk's id and army were drawn by the Black Sea, Denmark's stack in Smolensk): first the ids of
  // the regions in play, by what the region is (capitals, then Strategic Value), each at the nearest
  // free place within its region, so that they keep their places from phase to phase. An id with no
  // free place there is left out; where stacks stand in the region, they are shown alone, without
  // their id. Then the stacks, the capitals' first, then the largest armies: under their id, else
  // beside or above it, else elsewhere in the region; stacks with no free place in their region are
  // left out with their id. Then the names where there is room. Labels the player must act on
  // (`kept`) are shown all the same. In Global War's world view labels overlapped in 334 pairs and
  // Europe was a smear; on a phone War in Europe set 9 of 52 beside their regions (play-test of 5
  // December, findings 1 and 5).
  private place() {
    this.geo.setAttribute('transform', `translate(${this.tx},${this.ty}) scale(${this.k})`);
    for (const a of this.anchored)
      a.el.setAttribute('transform', `translate(${(a.x * this.k + this.tx).toFixed(1)},${(a.y * this.k + this.ty).toFixed(1)})`);
    const room = new Room(this.placeTracks(), this.w, this.h);
    const shown: Shown[] = [];
    // A thin line from a region's centre to its label or stack set beside the region.
    const leaders: string[] = [];
    const leader = (x0: number, y0: number, [left, top, right, bottom]: Box) =>
      `<path d="M${x0.toFixed(1)},${y0.toFixed(1)} L${Math.max(left, Math.min(right, x0)).toFixed(1)},${Math.max(top, Math.min(bottom, y0)).toFixed(1)}"/><circle cx="${x0.toFixed(1)}" cy="${y0.toFixed(1)}" r="2.5"/>`;
    // On a phone the labels are drawn smaller, as the tracks are: at their full size the ids and stacks
    // of Eastern Front's centre (Moscow, Smolensk, Belarus) had no room in their own regions.
    const ls = this.w < 600 ? 0.85 : 1;
    const S = (b: Box): Box => scaleBox(b, ls);
    const scaled = ls === 1 ? '' : ` scale(${ls})`;
    for (const l of this.labels) {
      const idBox = S(l.id_box),
        chips = l.chips.map(S);
      const x0 = l.x * this.k + this.tx,
        y0 = l.y * this.k + this.ty;
      const offscreen = x0 < -50 || y0 < -50 || x0 > this.w + 50 || y0 > this.h + 50;
      // At the war's end an objective's name is placed with its id: the end's map must name them.
      const named = this.keepsName(l);
      const keep = this.kept(l);
      // A capital's stacks are placed with its id, under it (the issue's "the capital's stack first");
      // where they have no room together, its id is placed as another region's.
      // At a zoom where the region has no room for its id with its first stack under it, a capital's
      // id, or that of a region the player must act on, is placed alone.
      const modes: Mode[] =
        offscreen || !l.chips.length ? ['under'] : l.capital ? ['together', 'under', 'alone'] : keep ? ['under', 'alone'] : ['under'];
      let spot: Spot = { nudge: undefined, apart: false, boxes: () => [], first: null, together: false };
      for (const [i, mode] of modes.entries()) {
        spot = this.idPlace(l, room, { x0, y0, ls, named, keep, mode, last: i === modes.length - 1, offscreen });
        if (spot.nudge) break;
      }
      const { nudge, apart, boxes, first, together } = spot;
      // Else the region's stacks alone, placed with the others'.
      const bare = !nudge && !offscreen && l.chips.length > 0 && !!this.state?.inPlay.has(l.id);
      l.g.classList.toggle('bare', bare);
      l.g.classList.remove('folded', 'unstacked');
      l.g.style.display = nudge || bare ? '' : 'none';
      l.stacks?.setAttribute('transform', 'translate(0,0)');
      l.stacks?.classList.remove('beside');
      if (bare) {
        l.g.setAttribute('transform', `translate(${x0.toFixed(1)},${y0.toFixed(1)})${scaled}`);
        l.g.classList.remove('nudged', 'beside');
        shown.push({ l, x: x0, y: y0, x0, y0, together: false, idBox, chips, ls, bare, keep });
        continue;
      }
      if (!nudge) continue;
      const x = x0 + nudge[0],
        y = y0 + nudge[1];
      l.g.setAttribute('transform', `translate(${x.toFixed(1)},${y.toFixed(1)})${scaled}`);
      l.g.classList.toggle('nudged', nudge[0] !== 0 || nudge[1] !== 0);
      l.g.classList.toggle('beside', apart);
      const placed = boxes(nudge);
      room.claim(placed, l, { empty: !l.chips.length && !keep, held: first ? placed[placed.length - 1] : null, keep });
      if (apart) leaders.push(leader(x0, y0, placed[0]));
      shown.push({ l, x, y, x0, y0, together, idBox, chips, ls, bare, keep });
    }
    this.placeStacks(shown, room, (x0, y0, b) => leaders.push(leader(x0, y0, b)));
    this.svg.querySelector('g.leaders')!.innerHTML = leaders.join('');
    for (const { l, x, y, bare } of shown) {
      if (!l.name || bare || room.evicted.has(l)) continue;
      if (this.keepsName(l)) {
        l.name.setAttribute('x', '0');
        l.name.setAttribute('y', l.name.dataset.below!);
        l.name.style.display = '';
        continue;
      }
      // A name by the map's edge slides along its line into the map ("Greater Germany" was cut).
      if (!l.measured) {
        l.name.style.display = '';
        const measured = l.name.getComputedTextLength();
        if (measured > 0) [l.w, l.measured] = [measured + 2, true];
      }
      const half = (l.w / 2) * ls,
        slide = Math.max(0, 2 + half - x) + Math.min(0, this.w - 2 - half - x);
      l.name.setAttribute('x', (slide / ls).toFixed(1));
      // Under the id, else above it (Moscow's name had no room under it on the end's map).
      const below = Number((l.name.dataset.below ??= l.name.getAttribute('y') ?? '0'));
      const boxAt = (dy: number): Box => [x + slide - half, y + (dy - 9) * ls, x + slide + half, y + (dy + 2) * ls];
      const dy = [below, l.id_box[1] - 3].find((d) => !room.cost([boxAt(d)], true));
      l.name.style.display = dy === undefined ? 'none' : '';
      if (dy === undefined) continue;
      l.name.setAttribute('y', String(dy));
      room.claim([boxAt(dy)], l);
    }
    this.leftOut(shown, room);
    const ids = new Map<string, Box>();
    for (const { l, x, y, idBox, bare } of shown)
      if (!bare && !room.evicted.has(l) && l.g.style.display !== 'none') ids.set(l.id, shift(idBox, x, y));
    this.placeArrows(ids);
  }

  // Where a region's id goes (with its capital's stacks when `together`, and the place kept under it
  // for its first stack): the nearest free place within the region; for a region with stacks, one
  // taking the place of ids of regions without stacks; for a label the player must act on, in the
  // `last` try, the least covered place in its region or, where every place there would cover
  // another label (a crowded war's Moscow and Smolensk on the phone), a free place just beside the
  // region, tied to it by a line (`apart`). No place: `nudge` undefined.
  private idPlace(
    l: Label,
    room: Room,
    o: { x0: number; y0: number; ls: number; named: number; keep: boolean; mode: Mode; last: boolean; offscreen: boolean },
  ): Spot {
    const { x0, y0, ls, named, keep } = o;
    const together = o.mode === 'together';
    const S = (b: Box): Box => scaleBox(b, ls);
    const idBox = S(l.id_box),
      chips = l.chips.map(S);
    const nameRel: Box[] = named ? [S([-l.w / 2, named - 9, l.w / 2, named + 2])] : [];
    // A region's other stacks keep the place right under its id for their first chip: placed after
    // every id, they found those of neighbours on their ground (Smolensk's by Moscow on the phone).
    const first = chips.length && o.mode === 'under' ? shift(chips[0], 0, idBox[3] + 2 - chips[0][1]) : null;
    const boxes = ([dx, dy]: [number, number]) =>
      [idBox, ...nameRel, ...(together ? chips : []), ...(first ? [first] : [])].map((b) => shift(b, x0 + dx, y0 + dy));
    const spot: Spot = { nudge: undefined, apart: false, boxes, first, together };
    if (o.offscreen) return spot;
    const must = !!this.state?.inPlay.has(l.id) || this.regions.get(l.id)!.type === 'impassable';
    // The id's centre within the region (the region's centre as the data give it may lie just
    // outside its drawn shape, by a coast or a lake: then the anchor is used only where nothing is).
    const cy = l.id_centre * ls;
    const centre = (b: Box, [dx, dy]: [number, number]) => this.owns(l, dx + (b[0] + b[2]) / 2, dy + (b[1] + b[3]) / 2);
    // With a capital's stacks: every chip's centre in the region too (a column longer than the region
    // is placed apart from the id, as another region's).
    // An island drawn as a circle: its id by the circle, within 30 px of its centre.
    const near = (dx: number, dy: number) => !this.g.shapes.get(l.id)?.circle || Math.hypot(dx, dy) <= 30;
    const idIn = (n: [number, number]) => near(n[0], n[1] + cy) && this.owns(l, n[0], n[1] + cy);
    const tests = together ? [(n: [number, number]) => idIn(n) && chips.every((b) => centre(b, n))] : [idIn];
    const places = must ? [...NUDGES, ...FAR] : NUDGES.slice(0, 1);
    spot.nudge = tests.map((mine) => places.find((n) => !room.cost(boxes(n)) && mine(n))).find(Boolean);
    if (spot.nudge || !must || !(l.chips.length || keep)) return spot;
    // No place in the region: the centre of a region smaller than its id (a capital's stacks too long
    // for it go apart).
    const tiny = !together && (!!this.g.shapes.get(l.id)?.circle || this.small(l));
    const own = tests.map((mine) => places.filter(mine)).find((p) => p.length) ?? (tiny ? NUDGES.slice(0, 1) : []);
    spot.nudge = own.find((n) => room.fits(boxes(n)));
    if (spot.nudge || !keep || !o.last) return spot;
    // A label the player must act on: in its region in the place of labels the player need not act
    // on; else the nearest place beside the region clear of other such labels, tied to the region by
    // a line; only where there is none, over one of them.
    const clear = (n: [number, number]) => !room.keptCost(boxes(n));
    spot.nudge = own.find(clear);
    if (spot.nudge) return spot;
    const around = [...NUDGES, ...FAR];
    spot.nudge = around.find(clear) ?? around.reduce((best, n) => (room.keptCost(boxes(n)) < room.keptCost(boxes(best)) ? n : best));
    spot.apart = true;
    return spot;
  }

  // The stacks of the regions shown, those the player must act on first, then the seat's own, then the
  // capitals', then the largest armies: each under its region's id where that is free, else right under the id, beside
  // it, above it, or farther within the region (stacks without their id: about the region's centre).
  // Where no place there is free, a stack takes the place of the ids of regions without stacks (they
  // are left out; the others keep their places); the seat's own stacks and a kept label's else take
  // a free place just beside the region; else the first stack alone is shown, the others folded into
  // it; else they are left out (with their id, but for a capital's and a kept label's).
  private placeStacks(shown: Shown[], room: Room, beside: (x0: number, y0: number, b: Box) => void) {
    const order = shown
      .filter((s) => s.l.chips.length && s.l.stacks && !s.together)
      .sort((a, b) => Number(b.keep) - Number(a.keep) || Number(b.l.own) - Number(a.l.own) || b.l.army - a.l.army);
    for (const { l, x, y, x0, y0, idBox, chips, ls, bare, keep } of order) {
      if (room.evicted.has(l)) continue;
      const col = chips.reduce((u, b) => [Math.min(u[0], b[0]), Math.min(u[1], b[1]), Math.max(u[2], b[2]), Math.max(u[3], b[3])]);
      const [idL, idT, idR, idB] = idBox;
      const near: [number, number][] = bare
        ? [[0, -(col[1] + col[3]) / 2]]
        : [
            [0, 0],
            [0, idB + 2 - col[1]],
            [idR + 4 - col[0], idT - col[1]],
            [idL - 4 - col[2], idT - col[1]],
            [0, idT - 3 - col[3]],
          ];
      const places = [...near, ...NUDGES.slice(1).map(([dx, dy]): [number, number] => [near[0][0] + dx, near[0][1] + dy]), ...FAR];
      const at = ([dx, dy]: [number, number]) => chips.map((b) => shift(b, x + dx, y + dy));
      // Every chip's centre within the region, else the first's (a column longer than a small region).
      // A chip's centre in the region; for an island drawn as a circle, within 70 px of its centre, and
      // so for a region smaller than a stack (less than a third of the 60x40 px about its centre).
      const circle = !!this.g.shapes.get(l.id)?.circle,
        tiny = circle || this.small(l);
      const inRegion = (b: Box, [dx, dy]: [number, number]) => {
        const [cx, cy] = [x - x0 + dx + (b[0] + b[2]) / 2, y - y0 + dy + (b[1] + b[3]) / 2];
        const near = tiny && Math.hypot(cx, cy) <= 70;
        return circle ? near : near || this.owns(l, cx, cy);
      };
      const within = places.filter((p) => chips.every((b) => inRegion(b, p)));
      const cost = (p: [number, number]) => room.cost(at(p), false, l);
      const pick = within.find((p) => !cost(p)) ?? within.find((p) => room.fits(at(p), l));
      const put = (p: [number, number], apart: boolean) => {
        l.stacks!.classList.toggle('beside', apart);
        if (apart) beside(x0, y0, at(p)[0]);
        l.stacks!.setAttribute('transform', `translate(${(p[0] / ls).toFixed(1)},${(p[1] / ls).toFixed(1)})`);
        room.claim(at(p), l, { keep });
      };
      if (pick) {
        put(pick, false);
        continue;
      }
      // Where no place in the region is free: the seat's own stacks, and those the player must act on,
      // at a free place just beside it, tied to the region by a line.
      const free = keep || l.own ? [...near, ...NUDGES.slice(1)].find((p) => !cost(p)) : undefined;
      if (free) {
        put(free, true);
        continue;
      }
      // Else its first stack alone, the others folded into it ("+N"), until the reader zooms in: in
      // the place kept for it under a shown id, else where it has room in the region.
      const one = (p: [number, number]) => shift(chips[0], x + p[0], y + p[1]);
      const fold = places.find((p) => inRegion(chips[0], p) && room.fits([one(p)], l));
      if (fold) {
        const more = l.more ? shift(scaleBox(l.more, ls), x + fold[0], y + fold[1]) : null;
        const marked = more && room.fits([more], l) ? [more] : [];
        l.g.classList.add('folded');
        l.g.classList.toggle('unmarked', !marked.length);
        l.stacks!.classList.remove('beside');
        l.stacks!.setAttribute('transform', `translate(${(fold[0] / ls).toFixed(1)},${(fold[1] / ls).toFixed(1)})`);
        room.claim([one(fold), ...marked], l, { keep });
        continue;
      }
      // Else a kept label's stacks farther beside the region, clear of other kept labels; a capital
      // and a kept label keep their id, their stacks left out until the reader zooms in; other
      // regions' stacks are left out, and their id with them.
      const far = keep ? [...NUDGES, ...FAR].find((p) => !room.keptCost(at(p))) : undefined;
      if (far) put(far, true);
      else if ((l.capital || keep) && !bare) l.g.classList.add('unstacked');
      else room.leaveOut(l);
    }
  }

  // Says how many regions in view have labels left out at this zoom (zoom in to see them).
  private leftOut(shown: Shown[], room: Room) {
    const whole = (s: Shown) =>
      !room.evicted.has(s.l) && s.l.g.style.display !== 'none' && !s.bare && !s.l.g.matches('.folded, .unstacked');
    const seen = new Set(shown.filter(whole).map((s) => s.l));
    let out = 0;
    for (const l of this.labels) {
      if (!this.state?.inPlay.has(l.id) || seen.has(l)) continue;
      const x = l.x * this.k + this.tx,
        y = l.y * this.k + this.ty;
      if (x >= 0 && y >= 0 && x <= this.w && y <= this.h) out += 1;
    }
    const note = this.element.querySelector<HTMLElement>('.map-more')!;
    note.textContent = out ? t('warroom.web.labels_left_out', { count: out }) : '';
  }
}

// Where an id is placed (undefined: nowhere), whether beside its region, its boxes at each place,
// the place kept under it for its first stack and whether its capital's stacks are placed with it.
// How a region's id is placed: with its capital's stacks under it, with the place under it kept for
// its first stack, or alone.
type Mode = 'together' | 'under' | 'alone';
interface Spot {
  nudge: [number, number] | undefined;
  apart: boolean;
  boxes: (n: [number, number]) => Box[];
  first: Box | null;
  together: boolean;
}

// A label placed: where, its anchor, whether its stacks were placed with its id, its id's and stacks'
// boxes at the scale `ls` it is drawn at, whether only its stacks are shown (`bare`) and whether the
// player must act on it (`keep`).
type Shown = {
  l: Label;
  x: number;
  y: number;
  x0: number;
  y0: number;
  together: boolean;
  idBox: Box;
  chips: Box[];
  ls: number;
  bare: boolean;
  keep: boolean;
};

// The map's room for labels while they are placed: the boxes taken, each with its label, the tracks'
// box, and the ids of regions without stacks, which a stack (or the id of a region with stacks) may
// take the place of: those are left out. A label the player must act on takes the place of any other.
interface Taken {
  box: Box;
  of: Label;
  empty: boolean; // an id of a region without stacks
  held: boolean; // a stack's first place, kept for it under its id
  kept: boolean; // a label the player must act on
}
class Room {
  private taken: Taken[] = [];
  readonly evicted = new Set<Label>();

  constructor(
    private readonly tracks: Box,
    private readonly w: number,
    private readonly h: number,
  ) {}

  private static meet = (b: Box, t: Box) => !(b[0] > t[2] || b[2] < t[0] || b[1] > t[3] || b[3] < t[1]);
  private inside = (b: Box) => b[0] >= 2 && b[1] >= 2 && b[2] <= this.w - 2 && b[3] <= this.h - 2;
  // What `self` may cover of its own: its stack's kept place.
  private mine = (t: Taken, self: Label | null) => t.held && t.of === self;

  // 0 where the boxes are free and within the map (with the 2 pixels a letter's outline may reach
  // past its estimated box); more the more they cover: the tracks most, then another label, then an
  // id of a region without stacks (unless `strict`, which counts those as any label), then the map's edge.
  // `self`: the label whose own kept place is free to it.
  cost(boxes: Box[], strict = false, self: Label | null = null): number {
    let k = 0;
    for (const b of boxes) {
      let over = 0; // 1: over a label; 0.2: only over ids of regions without stacks
      for (const t of this.taken) {
        if (!Room.meet(b, t.box) || this.mine(t, self)) continue;
        over = strict || !t.empty ? 1 : 0.2;
        if (over === 1) break;
      }
      k += (Room.meet(b, this.tracks) ? 100 : over) + (this.inside(b) ? 0 : 0.5);
    }
    return k;
  }

  // What the boxes cover of labels the player must act on (1 each), the tracks (100) and beyond the
  // map's edge (0.5): the other labels they would take the place of.
  keptCost(boxes: Box[]): number {
    return boxes.reduce(
      (k, b) =>
        k +
        (Room.meet(b, this.tracks) ? 100 : 0) +
        (this.inside(b) ? 0 : 0.5) +
        this.taken.reduce((n, t) => n + (t.kept && Room.meet(b, t.box) ? 1 : 0), 0),
      0,
    );
  }

  // Whether the boxes lie within the map, clear of the tracks and of every label but ids of regions
  // without stacks (which they would take the place of).
  fits(boxes: Box[], self: Label | null = null): boolean {
    return boxes.every(
      (b) => this.inside(b) && !Room.meet(b, this.tracks) && this.taken.every((t) => t.empty || this.mine(t, self) || !Room.meet(b, t.box)),
    );
  }

  // Takes the boxes for label `of`, leaving out the ids of regions without stacks they cover (and,
  // for a label the player must act on, every other label but kept ones); `empty`: the boxes of an
  // id of a region without stacks, which may be taken in turn; `held`: the box kept for its stack.
  claim(boxes: Box[], of: Label, { empty = false, held = null as Box | null, keep = false } = {}) {
    for (const t of [...this.taken])
      if (t.of !== of && !t.kept && (t.empty || keep) && !this.evicted.has(t.of) && boxes.some((c) => Room.meet(c, t.box)))
        this.leaveOut(t.of);
    this.taken.push(...boxes.map((box) => ({ box, of, empty, held: box === held, kept: keep })));
  }

  // Leaves a label out, giving back its boxes.
  leaveOut(of: Label) {
    this.evicted.add(of);
    of.g.style.display = 'none';
    this.taken = this.taken.filter((t) => t.of !== of);
  }
}
