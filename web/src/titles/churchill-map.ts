// The military display drawn on a map (3.22-3.26): the European and the Pacific Theaters, each
// Front's track through its real places from its theater box toward Germany or Japan, the Front
// marker where it stands with its support and the Axis reserves against it, its entry space, the
// Normandy and Manchuria blocks (6.21, 6.22), surrendered Axis powers (7.8), naval support in each
// theater box, the countries and colonies with their markers, and the A-Bomb track (3.24).
// The land is Natural Earth (world-atlas, bundled); where each space sits is the project's own
// placement (data/churchill/map-coordinates.json, provenance "reconstructed"), not the printed board.
import { geoMercator, geoPath, type GeoProjection } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import coordinates from '../../../data/churchill/map-coordinates.json';
import { nameOf, t } from '../i18n';
import type { Board, ChurchillView, Power } from './churchill-board';

const COLOR: Record<Power, string> = { UK: '#2e7d32', US: '#1565c0', USSR: '#c62828' };
const svgNs = 'http://www.w3.org/2000/svg';

// The words the map shows, in one place, in the reader's language (looked up when used).
const TEXT = {
  mapOf: (region: string) => t('ui.web.map_of', { region }),
  get europe() {
    return t('ui.web.map_europe');
  },
  get pacific() {
    return t('ui.web.map_pacific');
  },
  get surrendered() {
    return t('ui.web.map_surrendered');
  },
  surrenderedList: (axis: string[]) => t('ui.web.map_surrendered_list', { axis: axis.join(` ${t('ui.play.and')} `), count: axis.length }),
  get blocked(): Record<string, string> {
    return { '6.21': t('ui.web.map_blocked_second_front'), '6.22': t('ui.web.map_blocked_ussr_declares_war') };
  },
  get entry() {
    return t('ui.web.map_entry');
  },
  get amphibious() {
    return t('ui.web.map_amphibious');
  },
  get aBomb() {
    return t('ui.web.map_a_bomb');
  },
  get aBombReady() {
    return t('ui.web.map_a_bomb_ready');
  },
  get spy() {
    return t('ui.web.map_spy');
  },
  get usMarker() {
    return t('ui.web.map_us_marker');
  },
  leadership: (europe: string, pacific: string) => t('ui.web.map_leadership', { europe, pacific }),
  get source() {
    return t('ui.web.map_source');
  },
  get legend() {
    return t('ui.web.map_legend');
  },
  frontsAria: (region: string) => t('ui.web.map_fronts_aria', { region }),
  colony: (name: string) => t('ui.web.map_colony', { name }),
  theaterBox: (name: string, naval: number) => t('ui.web.map_theater_box', { name, naval }),
  frontAt: (front: string, position: string) => t('ui.web.map_front_at', { front, position }),
};

type Place = { id: string; lon: number; lat: number; label?: string };
const spaces = new Map<string, Place>((coordinates.spaces as Place[]).map((p) => [p.id, p]));
const theaters = new Map<string, Place>((coordinates.theaters as Place[]).map((p) => [p.id, p]));
const locations = new Map<string, Place>((coordinates.locations as Place[]).map((p) => [p.id, p]));

const topology = world as unknown as Topology<{ countries: GeometryCollection }>;
const land = feature(topology, topology.objects.countries);
const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);

// The two halves of the military display, by their theater boxes' region.
const REGIONS = [
  {
    id: 'europe',
    get title() {
      return TEXT.europe;
    },
    theaters: ['western', 'eastern', 'mediterranean', 'arctic'],
    west: -14,
    east: 49,
    south: 31.5,
    north: 66.5,
  },
  {
    id: 'pacific',
    get title() {
      return TEXT.pacific;
    },
    theaters: ['cbi', 'far-east', 'central-pacific', 'sw-pacific'],
    west: 76,
    east: 172,
    south: -24,
    north: 54,
  },
];

function el(name: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(svgNs, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

// Labels placed after everything else is drawn, most important first: each on the side its
// coordinates ask for (n, s, e, w), else on the first free side; a label that must be shown (a space's
// name) goes on its own side when no side is free, one that may be left out (a country's) is left out.
type Box = [number, number, number, number]; // x0, y0, x1, y1
class Labels {
  private taken: Box[] = [];
  private wanted: {
    x: number;
    y: number;
    side: string;
    text: string;
    cls: string;
    size: number;
    rank: number;
    must: boolean;
    into: SVGElement;
    gap: number;
  }[] = [];
  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {}
  block(box: Box) {
    this.taken.push(box);
  }
  // `gap`: from the point to the label (half the symbol drawn there, and a little).
  add(
    into: SVGElement,
    x: number,
    y: number,
    side: string | undefined,
    text: string,
    cls: string,
    size: number,
    rank: number,
    must: boolean,
    gap = 8,
  ) {
    this.wanted.push({ x, y, side: side ?? 'e', text, cls, size, rank, must, into, gap });
  }
  place() {
    for (const w of [...this.wanted].sort((a, b) => a.rank - b.rank)) {
      const sides = [w.side, ...['e', 'w', 'n', 's'].filter((x) => x !== w.side)];
      const fits = (b: Box) =>
        b[0] >= 0 &&
        b[2] <= this.width &&
        b[1] >= 0 &&
        b[3] <= this.height &&
        !this.taken.some((t) => b[0] < t[2] && t[0] < b[2] && b[1] < t[3] && t[1] < b[3]);
      let side = sides.find((x) => fits(this.box(w, x)));
      if (side === undefined && w.must) {
        // a little further out, else where it asked to be
        w.gap += 10;
        side = sides.find((x) => fits(this.box(w, x)));
        if (side === undefined) w.gap -= 10;
      }
      side ??= w.must ? w.side : undefined;
      if (side === undefined) continue;
      this.taken.push(this.box(w, side));
      const d = w.gap;
      const [dx, dy, anchor] =
        side === 'n'
          ? [0, -d, 'middle']
          : side === 's'
            ? [0, d + w.size * 0.8, 'middle']
            : side === 'w'
              ? [-d, w.size * 0.35, 'end']
              : [d, w.size * 0.35, 'start'];
      w.into.append(el('text', { x: w.x + dx, y: w.y + dy, 'text-anchor': anchor, class: w.cls }, w.text));
    }
  }
  private box(w: { x: number; y: number; text: string; size: number; gap: number }, side: string): Box {
    const len = w.text.length * w.size * 0.58,
      d = w.gap,
      h = w.size;
    if (side === 'n') return [w.x - len / 2, w.y - d - h, w.x + len / 2, w.y - d + 2];
    if (side === 's') return [w.x - len / 2, w.y + d - 2, w.x + len / 2, w.y + d + h];
    if (side === 'w') return [w.x - d - len, w.y - h / 2, w.x - d, w.y + h / 2];
    return [w.x + d, w.y - h / 2, w.x + d + len, w.y + h / 2];
  }
}

// Where a Front stands, in the reader's language: its space's name, or its theater box.
function positionName(state: { position: string; position_id?: string | null }): string {
  return state.position_id ? nameOf(`space.${state.position_id}`, state.position) : t('ui.web.map_in_theater_box');
}

// The index of the space a Front stands on (-1: its theater box).
function positionIndex(view: ChurchillView, front: Board['fronts'][number]): number {
  const position = view.fronts[front.id].position;
  return front.track.findIndex((t) => t.name === position); // -1: the Theater box (3.22)
}

function drawRegion(
  region: (typeof REGIONS)[number],
  width: number,
  view: ChurchillView,
  board: Board,
  marked: Set<string>,
  onPick: (id: string) => void,
): SVGSVGElement {
  const corners = {
    type: 'MultiPoint' as const,
    coordinates: [
      [region.west, region.south],
      [region.east, region.north],
    ],
  };
  const probe: GeoProjection = geoMercator().fitWidth(width, corners);
  const [[, y0], [, y1]] = geoPath(probe).bounds(corners);
  const height = Math.round(y1 - y0);
  const projection = geoMercator().fitSize([width, height], corners);
  const path = geoPath(projection);
  const at = (p: Place) => projection([p.lon, p.lat]) as [number, number];
  const svg = el('svg', {
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    class: `fronts map ${region.id}`,
    role: 'img',
    'aria-label': TEXT.frontsAria(region.title),
  }) as SVGSVGElement;
  svg.append(el('rect', { x: 0, y: 0, width, height, class: 'sea' }));
  svg.append(el('path', { d: path(land) ?? '', class: 'land' }), el('path', { d: path(borders) ?? '', class: 'borders' }));
  svg.append(el('text', { x: 8, y: 18, class: 'region-title' }, region.title));
  const surrendered = view.tracks.surrendered as Record<string, boolean>;
  const labels = new Labels(width, height);
  labels.block([0, 0, 150, 24]); // the title

  // Countries and colonies (3.23), with their networks and alignment markers.
  for (const l of board.locations.filter((x) => region.theaters.includes(x.theater))) {
    const p = locations.get(l.id);
    if (!p) continue;
    const [x, y] = at(p);
    const s = view.locations[l.id];
    const g = el('g', { class: `place${marked.has(l.id) ? ' marked' : ''}`, 'data-id': l.id });
    g.append(el('path', { d: `M${x},${y - 5} L${x + 5},${y} L${x},${y + 5} L${x - 5},${y} z`, class: 'country' }));
    if (s.networks && s.network_owner)
      g.append(el('text', { x: x + 6, y: y + 4, class: 'networks', fill: COLOR[s.network_owner] }, '●'.repeat(s.networks)));
    if (s.alignment)
      g.append(el('text', { x: x - 6, y: y + 4, 'text-anchor': 'end', class: 'pa', fill: COLOR[s.alignment] }, t('board.pa_short')));
    labels.block([x - (s.alignment ? 22 : 6), y - 6, x + 6 + 7 * (s.network_owner ? s.networks : 0), y + 6]);
    labels.add(g, x, y, 's', `${l.name}${l.colony ? '*' : ''}`, 'country-name', 10, marked.has(l.id) ? 2 : 4, marked.has(l.id));
    g.append(el('title', {}, l.colony ? TEXT.colony(l.name) : l.name));
    g.addEventListener('click', () => onPick(l.id));
    svg.append(g);
  }

  // Theater boxes with their naval support (3.25 Arctic: naval support only).
  for (const id of region.theaters) {
    const p = theaters.get(id);
    if (!p) continue;
    const [x, y] = at(p);
    const front = board.fronts.find((f) => f.theater === id);
    const name = nameOf(`theater.${id}`, front ? front.name : id);
    const g = el('g', { class: `theater${marked.has(id) ? ' marked' : ''}`, 'data-id': id });
    g.append(el('rect', { x: x - 34, y: y - 12, width: 68, height: 24, rx: 4, class: 'box' }));
    labels.block([x - 34, y - 12, x + 34, y + 12]);
    g.append(el('text', { x, y: y - 1, 'text-anchor': 'middle', class: 'box-name' }, name));
    g.append(el('text', { x, y: y + 9, 'text-anchor': 'middle', class: 'box-naval' }, `⚓${view.naval[id] ?? 0}`));
    g.append(el('title', {}, TEXT.theaterBox(name, view.naval[id] ?? 0)));
    g.addEventListener('click', () => onPick(id));
    svg.append(g);
  }

  // Each Front: its path, spaces, entry space, block and marker.
  const drawnAxis = new Set<string>();
  for (const f of board.fronts.filter((x) => region.theaters.includes(x.theater))) {
    const state = view.fronts[f.id];
    const box = theaters.get(f.theater);
    const points = [box, ...f.track.map((t) => spaces.get(t.id))];
    if (points.some((p) => !p)) continue;
    const xy = points.map((p) => at(p!));
    const now = positionIndex(view, f) + 1; // index into xy: 0 is the box
    const colour = COLOR[f.color];
    const g = el('g', { class: `front${marked.has(f.id) || marked.has(f.theater) ? ' marked' : ''}`, 'data-id': f.id, tabindex: 0 });
    g.append(el('title', {}, TEXT.frontAt(f.name, positionName(state))));
    const line = (from: number, to: number, cls: string) =>
      g.append(
        el('polyline', {
          points: xy
            .slice(from, to + 1)
            .map(([x, y]) => `${x},${y}`)
            .join(' '),
          stroke: colour,
          class: cls,
        }),
      );
    if (now > 0) line(0, now, 'taken');
    if (now < xy.length - 1) line(now, xy.length - 1, 'to-take');
    f.track.forEach((t, i) => {
      const [x, y] = xy[i + 1];
      const axis = i === f.track.length - 1 && /^(germany|japan)$/.test(t.id);
      const gone = axis && surrendered[t.name];
      const entry = i + 1 === now + 1;
      if (axis) g.append(el('rect', { x: x - 8, y: y - 8, width: 16, height: 16, class: `axis-space${gone ? ' surrendered' : ''}` }));
      else g.append(el('circle', { cx: x, cy: y, r: 5, class: `space${t.amphibious ? ' amphibious' : ''}`, stroke: colour }));
      if (entry) g.append(el('circle', { cx: x, cy: y, r: 9, class: 'entry', stroke: colour }));
      const first = !axis || !drawnAxis.has(t.id); // Germany and Japan end several tracks: named once
      drawnAxis.add(t.id);
      labels.block([x - 6, y - 6, x + 6, y + 6]);
      if (first)
        labels.add(
          g,
          x,
          y,
          spaces.get(t.id)!.label,
          t.name,
          `space-name${axis ? ' axis-name' : ''}`,
          axis ? 12 : 11,
          entry || i + 1 === now || axis ? 0 : 1,
          true,
          axis ? 11 : 8,
        );
      if (first && gone) labels.add(g, x, y, 's', `⚐ ${TEXT.surrendered}`, 'space-name surrender', 11, 0, true, 12);
    });
    // 6.21, 6.22: the entry into Normandy or Manchuria waits for its conditional issue.
    if (state.blocked && now + 1 < xy.length) {
      const [[x1, y1], [x2, y2]] = [xy[now], xy[now + 1]];
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
      const block = el('g', { class: 'block' });
      block.append(
        el('circle', { cx: mx, cy: my, r: 8, class: 'block-sign' }),
        el('rect', { x: mx - 5, y: my - 1.5, width: 10, height: 3, fill: '#fff' }),
      );
      block.append(
        el('text', { x: mx - 11, y: my + 4, 'text-anchor': 'end', class: 'block-text' }, TEXT.blocked[state.blocked] ?? state.blocked),
      );
      block.append(el('title', {}, TEXT.blocked[state.blocked] ?? state.blocked));
      labels.block([mx - 11 - (TEXT.blocked[state.blocked] ?? '').length * 5.8, my - 8, mx + 8, my + 8]);
      g.append(block);
    }
    // The Front marker: a block of its colour, with the support and reserves beside it.
    const [mx, my] = now === 0 ? [xy[0][0], xy[0][1] - 20] : xy[now]; // in its box: just above the box's name
    g.append(el('rect', { x: mx - 7, y: my - 7, width: 14, height: 14, rx: 2, fill: colour, class: 'marker' }));
    const badges = [
      state.offensive > 0 ? `+${state.offensive}` : '',
      state.reserves > 0 ? `■${state.reserves}` : '',
      state.directed.length ? `DO ${state.directed.join(' ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    if (badges) g.append(el('text', { x: mx, y: my - 11, 'text-anchor': 'middle', class: 'badges' }, badges));
    if (badges) labels.block([mx - badges.length * 3.5, my - 22, mx + badges.length * 3.5, my - 8]);
    labels.block([mx - 8, my - 8, mx + 8, my + 8]);
    g.addEventListener('click', () => onPick(f.id));
    svg.append(g);
  }
  labels.place();
  return svg;
}

// The A-Bomb track (3.24): the US marker and the Soviet spy pawn.
function aBombTrack(view: ChurchillView, board: Board): HTMLElement {
  const row = document.createElement('p');
  row.className = 'a-bomb';
  const track = board.a_bomb ?? [];
  const cells = track
    .map((name, i) => {
      const marks = [
        name === view.tracks.a_bomb ? `<b class="p-US" title="${TEXT.usMarker}">▮${t('board.power_short.US')}</b>` : '',
        name === view.tracks.spy_ring ? `<b class="p-USSR" title="${TEXT.spy}">♟${t('board.power_short.USSR')}</b>` : '',
      ].join(' ');
      return `<span class="cell${marks.trim() ? ' here' : ''}">${board.a_bomb_names?.[i] ?? name} ${marks}</span>`;
    })
    .join(' → ');
  const ready = track.length && view.tracks.a_bomb === track[track.length - 1] ? ` <b class="ready">☢ ${TEXT.aBombReady}</b>` : '';
  row.innerHTML = `<b>${TEXT.aBomb}:</b> ${cells}${ready}`;
  return row;
}

// Each Front in words: where it stands, what it tries to enter next, what bars it.
function frontList(view: ChurchillView, board: Board): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'front-list';
  for (const f of board.fronts) {
    const state = view.fronts[f.id];
    const i = positionIndex(view, f);
    const entry = f.track[i + 1];
    const li = document.createElement('li');
    li.innerHTML =
      `<b class="p-${f.color}">${f.name}</b>: ${state.position}` +
      (entry ? ` → ${TEXT.entry} ${entry.name}${entry.amphibious ? ` ${TEXT.amphibious}` : ''}` : '') +
      (state.blocked ? ` <b class="barred">✖ ${TEXT.blocked[state.blocked] ?? ''}</b>` : '');
    list.append(li);
  }
  return list;
}

// The whole display: both maps (as wide as the screen allows), the A-Bomb track, the Fronts in words.
export function drawMap(view: ChurchillView, board: Board, marked: Set<string>, onPick: (id: string) => void): HTMLElement {
  // On a phone the maps keep a readable scale and scroll sideways, each opened on its Fronts' middle.
  const screen = typeof window === 'undefined' ? 1280 : window.innerWidth;
  const width = screen < 700 ? 560 : Math.min(740, screen - 52);
  const div = document.createElement('div');
  div.className = 'fronts-map';
  for (const region of REGIONS) {
    const scroll = document.createElement('div');
    scroll.className = 'map-scroll';
    scroll.tabIndex = 0; // a region that scrolls may be scrolled with the keyboard too
    scroll.setAttribute('role', 'region');
    scroll.setAttribute('aria-label', TEXT.mapOf(region.title));
    const svg = drawRegion(region, width, view, board, marked, onPick);
    if (width > screen - 20) svg.classList.add('wide');
    scroll.append(svg);
    div.append(scroll);
    requestAnimationFrame(() => {
      scroll.scrollLeft = (scroll.scrollWidth - scroll.clientWidth) * (region.id === 'europe' ? 0.35 : 0.4);
    });
  }
  const lead = view.tracks.leadership;
  const notes = document.createElement('p');
  notes.className = 'map-notes';
  const gone = Object.entries(view.tracks.surrendered as Record<string, boolean>)
    .filter(([, g]) => g)
    .map(([axis]) => axis);
  const power = (p: string) => t(`board.power_short.${p}`);
  notes.textContent =
    TEXT.leadership(power(lead.Europe), power(lead.Pacific)) +
    (gone.length ? ` · ${TEXT.surrenderedList(gone.map((axis) => nameOf(`axis.${axis.toLowerCase()}`, axis)))}` : '');
  const legend = document.createElement('p');
  legend.className = 'legend';
  legend.textContent = `${TEXT.legend}. ${TEXT.source}`;
  div.append(aBombTrack(view, board), notes, frontList(view, board), legend);
  return div;
}
