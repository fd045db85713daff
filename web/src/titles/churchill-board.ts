// Our own drawing of the board in SVG: the conference table (three tracks from the centre to the
// chairs) and the military display (each Front's track on a map, churchill-map.ts). Elements that
// some legal action names are highlighted and clickable.
import type { ChurchillView } from '../api';
import type { ChurchillPlace as Place, Power } from '../view-types';
import { t } from '../i18n';

export type { ChurchillView, Power };
export const POWERS: Power[] = ['UK', 'US', 'USSR'];

// A staff or Leader card's face (the layout's "cards").
export interface Card {
  id: string;
  name: string;
  surname: string; // where a line names the card briefly
  office: string;
  power: Power;
  kind: 'staff' | 'leader';
  value: string;
  text: string;
  origin: { provenance: string; source: string };
}

// The fixed layout of the board (GET /api/titles/churchill/layout).
export interface Board {
  fronts: { id: string; name: string; color: Power; theater: string; track: { id: string; name: string; amphibious: boolean }[] }[];
  locations: { id: string; name: string; colony: boolean; theater: string; space: string | null }[];
  issues: { id: string; name: string; short?: string }[]; // short: the board's label (issue.<id>.short)
  cards: Record<string, Card>;
  a_bomb: string[]; // 3.24: the A-Bomb track's spaces, in order (English names: the view's)
  a_bomb_names?: string[]; // the same in the reader's language
}

const COLOR: Record<Power, string> = { UK: '#2e7d32', US: '#1565c0', USSR: '#c62828' };
const ANGLE: Record<Power, number> = { UK: 210, USSR: 330, US: 90 }; // clockwise UK, USSR, US
const svgNs = 'http://www.w3.org/2000/svg';

function el(name: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(svgNs, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

// A power's short name on the board ("UK", "ВБ") and where an issue stands ("UK 3", "US chair",
// "centre") in the reader's language.
const powerShort = (p: string) => t(`board.power_short.${p}`);
export function positionText(p: Place): string {
  if (p.where === 'chair') return t('board.pos_chair', { power: powerShort(p.power!) });
  if (p.where === 'track') return t('board.pos_space', { power: powerShort(p.power!), space: p.space! });
  return t('board.pos_centre');
}

// An issue's label keeps the length it is drawn with, shrunk to its counter where the language's
// abbreviation is wider: the browser lays small text out wider (a phone's scaled-down table), which
// would push it out of the counter.
// The chairs' names and the waiting move's label are moved sideways into the table, which is all a
// phone shows.
const LABEL_WIDTH = 38,
  TABLE_WIDTH = 380;
function fitLabels(svg: SVGSVGElement) {
  requestAnimationFrame(() => {
    svg.querySelectorAll<SVGTextContentElement>('g.issue text').forEach((text) => {
      const length = text.getComputedTextLength();
      if (length <= 0) return; // not laid out
      text.setAttribute('textLength', String(Math.min(length, LABEL_WIDTH)));
      text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    });
    svg.querySelectorAll<SVGTextElement>('text.chair, text.chair-note, text.pending-label').forEach((text) => {
      const box = text.getBBox();
      if (box.width <= 0) return;
      const dx = Math.max(2 - box.x, Math.min(0, TABLE_WIDTH - 2 - (box.x + box.width)));
      if (dx) text.setAttribute('x', String(Number(text.getAttribute('x')) + dx));
    });
  });
}

// Where an issue stands (the centre, a space of a power's track, its chair) as a point on the table.
function place(p: Place, slot: number): [number, number] {
  const cx = 190,
    cy = 150;
  if (p.where !== 'track' && p.where !== 'chair') return [cx + ((slot % 3) - 1) * 44, cy + (Math.floor(slot / 3) - 1) * 18];
  const k = p.where === 'chair' ? 7 : p.space!;
  const a = (ANGLE[p.power!] * Math.PI) / 180,
    r = 48 + k * 17;
  return [cx + Math.cos(a) * r + (slot % 2) * 6, cy + Math.sin(a) * r + slot * 13];
}

export function drawTable(view: ChurchillView, board: Board, marked: Set<string>, onPick: (id: string) => void): SVGSVGElement {
  const svg = el('svg', {
    viewBox: `0 0 ${TABLE_WIDTH} 362`,
    class: 'table',
    role: 'img',
    'aria-label': t('ui.web.conference_table'),
  }) as SVGSVGElement;
  svg.append(el('circle', { cx: 190, cy: 150, r: 40, class: 'centre' }));
  for (const p of ['UK', 'US', 'USSR'] as Power[]) {
    const a = (ANGLE[p] * Math.PI) / 180;
    for (let k = 1; k <= 7; ++k) {
      const r = 48 + k * 17;
      svg.append(
        el('circle', {
          cx: 190 + Math.cos(a) * r,
          cy: 150 + Math.sin(a) * r,
          r: k === 7 ? 11 : 7,
          fill: k === 7 ? COLOR[p] : 'none',
          stroke: COLOR[p],
          'fill-opacity': 0.25,
        }),
      );
    }
    const r = 48 + 8.6 * 17;
    const leader = view.powers[p];
    const [x, y] = [190 + Math.cos(a) * r, 150 + Math.sin(a) * r + 4];
    svg.append(el('text', { x, y, 'text-anchor': 'middle', class: 'chair', fill: COLOR[p] }, powerShort(p)));
    // An inactive Leader (5.26: once used he moves to the inactive position; 3.31, a conference card), in
    // the terminal's and the rulebook's word, on a line of its own (on one line with the chair's name it
    // would run off a phone's table in Italian or Russian): under the US chair, above the two upper
    // chairs, whose seat circles lie under their names.
    const noteY = p === 'US' ? y + 10 : y - 12;
    if (!leader.active)
      svg.append(el('text', { x, y: noteY, 'text-anchor': 'middle', class: 'chair-note', fill: COLOR[p] }, t('board.inactive')));
  }
  const used: Record<string, number> = {};
  const pending = view.pending;
  const slotOf: Record<string, [number, number]> = {};
  for (const issue of board.issues) {
    const position = view.places[issue.id];
    if (!position || position.where === 'display' || position.where === 'removed') continue;
    const at = `${position.where} ${position.power ?? ''} ${position.space ?? ''}`;
    const slot = (used[at] = (used[at] ?? -1) + 1);
    const [x, y] = place(position, slot);
    slotOf[issue.id] = [x, y];
    const g = el('g', {
      class: `issue${marked.has(issue.id) ? ' marked' : ''}${pending?.issue === issue.id ? ' debated' : ''}`,
      'data-id': issue.id,
      tabindex: 0,
    });
    g.append(el('rect', { x: x - 21, y: y - 7, width: 42, height: 13, rx: 3 }));
    g.append(el('text', { x, y: y + 3, 'text-anchor': 'middle' }, issue.short ?? issue.id));
    g.append(el('title', {}, `${issue.name}: ${positionText(position)}`));
    g.addEventListener('click', () => onPick(issue.id));
    svg.append(g);
  }
  // The move waiting for a debate: an arrow from the issue to where it goes if nobody debates.
  if (pending && pending.capture && slotOf[pending.issue]) {
    const [x1, y1] = slotOf[pending.issue];
    const [x2, y2] = place(pending.to_place, 0);
    const defs = el('defs', {});
    const marker = el('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto' });
    marker.append(el('path', { d: 'M0,0 L10,5 L0,10 z', fill: COLOR[pending.power] }));
    defs.append(marker);
    svg.prepend(defs);
    const arrow = el('g', { class: 'pending-move' });
    arrow.append(
      el('line', {
        x1,
        y1,
        x2,
        y2,
        stroke: COLOR[pending.power],
        'stroke-width': 2.5,
        'stroke-dasharray': '5 3',
        'marker-end': 'url(#arrow)',
      }),
    );
    arrow.append(
      el(
        'text',
        { x: Math.max(x1, x2) + 26, y: (y1 + y2) / 2 + 4, class: 'pending-label', fill: COLOR[pending.power] },
        `${powerShort(pending.power)} +${pending.value} → ${positionText(pending.to_place)}`,
      ),
    );
    arrow.append(el('title', {}, pending.text));
    svg.append(arrow);
  } else if (pending && slotOf[pending.issue]) {
    // moved already (5.22): the issue is marked where it went
    const [x, y] = slotOf[pending.issue];
    const label = el(
      'text',
      { x: x + 26, y: y + 4, class: 'pending-label', fill: COLOR[pending.power] },
      `${powerShort(pending.power)} +${pending.value}: ${t('ui.web.debate_question')}`,
    );
    label.append(el('title', {}, pending.text));
    svg.append(label);
  }
  fitLabels(svg);
  return svg;
}

// The military display: the Fronts on a map (churchill-map.ts).
export { drawMap as drawFronts } from './churchill-map';

export function drawLocations(view: ChurchillView, board: Board, marked: Set<string>, onPick: (id: string) => void): HTMLElement {
  const div = document.createElement('div');
  div.className = 'locations';
  for (const l of board.locations) {
    const s = view.locations[l.id];
    const chip = document.createElement('button');
    chip.className = `location${marked.has(l.id) ? ' marked' : ''}`;
    chip.dataset.id = l.id;
    const dots = s.networks && s.network_owner ? `<span style="color:${COLOR[s.network_owner]}">${'●'.repeat(s.networks)}</span>` : '';
    const pa = s.alignment ? `<b style="color:${COLOR[s.alignment]}">${t('board.pa_short')}</b>` : '';
    chip.innerHTML = `${l.name}${l.colony ? '*' : ''} ${dots} ${pa}`;
    chip.addEventListener('click', () => onPick(l.id));
    div.append(chip);
  }
  return div;
}
