// War Room: the project's world map (not the printed board: its notice is shown with it) drawn from
// each region's centroid, the Command stacks on it, and each nation's economy, morale and sheet.
import { escape, View } from '../api';
import type { TitleUi } from './index';

interface Region { id: string; name: string; type: string; lon: number; lat: number; sv: number }
interface Layout { notice: string; regions: Region[] }
interface Nation {
  id: string; seat: string; alliance: string; oil: number; iron: number; osr: number; stress: number; threshold: number;
  medals: number; goods: number; zone: string; slot: number; collapsed: boolean;
  sheet: { status: string; orders: ({ command: number; to: string; status: string } | null)[] | null; bid: number | null };
}
interface Command { nation: string; number: number; category: string; region: string; units: Record<string, number>; landing_tag: boolean }
interface WarRoomView extends View {
  round: number; rule: string; map_notice: string; winner: string | null;
  nations: Nation[]; turn_order: string[];
  regions: { id: string; controller: string | null; bombs: number }[];
  commands: Command[];
}

// The nations' colours, as on the game's pieces where the rulebook names them (reconstructed otherwise).
const colour: Record<string, string> = {
  CHN: '#c9a227', BC: '#8a6d3b', USSR: '#b03030', US: '#4f7b3a', GER: '#555b66', ITA: '#3f6f8f', JPN: '#d9822b',
};

// Equirectangular projection of the inhabited latitudes onto a 1000 x 520 drawing.
const W = 1000, H = 520, TOP = 78, BOTTOM = -52;
const x = (lon: number) => ((lon + 180) / 360) * W;
const y = (lat: number) => ((TOP - lat) / (TOP - BOTTOM)) * H;

function stackText(c: Command): string {
  const units = Object.entries(c.units).map(([u, n]) => `${n} ${u}`).join(', ');
  return `${c.nation} ${c.number}: ${units || 'empty'}${c.landing_tag ? ' (landing tag)' : ''}`;
}

function map(v: WarRoomView, layout: Layout, marked: Set<string>, pick: (w: string) => void): HTMLElement {
  const panel = document.createElement('section');
  panel.className = 'panel warroom-map';
  const control = new Map(v.regions.map((r) => [r.id, r]));
  const stacks = new Map<string, Command[]>();
  for (const c of v.commands) stacks.set(c.region, [...(stacks.get(c.region) ?? []), c]);
  const shapes = layout.regions.map((r) => {
    const cx = x(r.lon).toFixed(1), cy = y(r.lat).toFixed(1);
    const owner = control.get(r.id)?.controller;
    const here = stacks.get(r.id) ?? [];
    const title = `${r.id} ${r.name}${owner ? ` · ${owner}` : ''}${r.sv ? ` · SV ${r.sv}` : ''}` +
      (here.length ? `\n${here.map(stackText).join('\n')}` : '');
    const mark = marked.has(r.id) ? ' marked' : '';
    const shape = r.type === 'sea'
      ? `<rect x="${+cx - 5}" y="${+cy - 5}" width="10" height="10" class="sea${mark}"/>`
      : `<circle cx="${cx}" cy="${cy}" r="${r.type === 'impassable' ? 3 : 6}" fill="${owner ? colour[owner] ?? '#999' : '#ddd'}" class="land${mark}"/>`;
    const badge = here.length
      ? `<text x="${+cx + 7}" y="${+cy + 4}" class="stack">${here.map((c) => `${c.nation[0]}${Object.values(c.units).reduce((a, b) => a + b, 0)}`).join(' ')}</text>`
      : '';
    return `<g data-id="${escape(r.id)}"><title>${escape(title)}</title>${shape}<text x="${cx}" y="${+cy - 8}" class="rid">${escape(r.id)}</text>${badge}</g>`;
  }).join('');
  panel.innerHTML = `<h2>Round ${v.round}</h2>
    <p class="notice">${escape(layout.notice)}</p>
    <svg viewBox="0 0 ${W} ${H}" class="world" role="img" aria-label="world map">${shapes}</svg>
    <p class="legend">${Object.entries(colour).map(([n, c]) => `<span><i style="background:${c}"></i>${n}</span>`).join(' ')}
      <span><i class="sea-key"></i>sea region</span> · a badge "G3" is a German stack of 3 units; hover a region for its stacks</p>`;
  panel.querySelectorAll<SVGGElement>('g[data-id]').forEach((g) => g.addEventListener('click', () => pick(g.dataset.id!)));
  return panel;
}

function stacksPanel(v: WarRoomView): HTMLElement {
  const panel = document.createElement('section');
  panel.className = 'panel';
  const rows = v.commands.map((c) => `<tr><td>${escape(c.region)}</td><td>${escape(stackText(c))}</td></tr>`).join('');
  panel.innerHTML = `<h2>Command stacks</h2><div class="scroll"><table>${rows}</table></div>`;
  return panel;
}

export const warroom: TitleUi = {
  board(view, layout, marked, pick) {
    const v = view as WarRoomView;
    return [map(v, layout as Layout, marked, pick), stacksPanel(v)];
  },
  status(view) {
    const v = view as WarRoomView;
    const rows = v.nations.map((n) => `<tr><td>${n.slot || ''}</td><td><b style="color:${colour[n.id] ?? 'inherit'}">${n.id}</b>${n.collapsed ? ' (collapsed)' : ''}</td>
      <td>${n.oil}/${n.iron}/${n.osr}</td><td>${n.stress}/${n.threshold}</td><td>${n.medals}</td><td>${escape(n.zone)}</td>
      <td>${escape(n.sheet.status)}${n.sheet.orders ? `: ${n.sheet.orders.map((o, box) => o ? `box ${box + 1} ${o.command}→${escape(o.to)}${o.status === 'written' ? '' : ` (${o.status})`}` : null).filter((o) => o).join(', ') || 'no orders'}` : ''}${n.sheet.bid != null ? ` · bid ${n.sheet.bid}` : ''}</td></tr>`).join('');
    return `<p>${escape(v.rule ?? '')}</p><div class="wide"><table class="nations"><tr><th>slot</th><th>nation</th><th>oil/iron/osr</th><th>stress</th><th>medals</th><th>zone</th><th>sheet</th></tr>${rows}</table></div>`;
  },
  result(view) {
    const v = view as WarRoomView;
    if (v.winner === 'both-lose') return 'Game over: nobody has units left, both alliances lose';
    return v.winner ? `Game over: the ${v.winner === 'axis' ? 'Axis' : 'Allies'} win` : 'Game over: stopped at the round limit, no winner';
  },
};
