// Churchill: the conference table and the military display (churchill-board.ts), and the state panel's
// scores, tracks and hand.
import { escape } from '../api';
import { Board, ChurchillView, drawFronts, drawLocations, drawTable, POWERS } from './churchill-board';
import type { TitleUi } from './index';

function panel(title: string, ...content: (Node | string)[]): HTMLElement {
  const section = document.createElement('section');
  section.className = 'panel';
  section.innerHTML = `<h2>${title}</h2>`;
  section.append(...content);
  return section;
}

export const churchill: TitleUi = {
  board(view, layout, marked, pick) {
    const v = view as ChurchillView, board = layout as Board;
    const table = document.createElement('div');
    table.id = 'table';
    table.append(drawTable(v, board, marked, pick));
    const fronts = document.createElement('div');
    fronts.id = 'fronts';
    fronts.append(drawFronts(v, board, marked, pick));
    const locations = document.createElement('div');
    locations.id = 'locations';
    locations.append(drawLocations(v, board, marked, pick));
    return [panel(`Conference ${v.conference}${v.conference_card ? ` · card ${escape(v.conference_card)}` : ''}`, table),
            panel('Military display', fronts, locations)];
  },
  status(view) {
    const v = view as ChurchillView;
    return `
      <p class="scores">${POWERS.map((p) => `<span class="p-${p}">${p} ${v.scores[p]} VP${v.seats[p] !== 'human' ? ' (bot)' : ''}</span>`).join(' ')}</p>
      <p class="tracks">A-Bomb: ${escape(v.tracks.a_bomb)} · Spy ring: ${escape(v.tracks.spy_ring)} · Leadership: Europe ${v.tracks.leadership.Europe}, Pacific ${v.tracks.leadership.Pacific}</p>
      <p class="tracks">Global Issues: ${Object.entries(v.tracks.global).map(([k, pos]) => `${escape(k)} <b>${escape(pos)}</b>`).join(' · ')}
        ${Object.entries(v.tracks.surrendered).filter(([, s]) => s).map(([k]) => ` · ${k} has surrendered`).join('')}</p>
      ${v.hand.length ? `<p class="hand">Hand: ${v.hand.map((c) => `<span class="card">${escape(c)}</span>`).join(' ')}</p>` : ''}`;
  },
  result(view) {
    return `Game over: ${(view as ChurchillView).winner} wins`;
  },
};
