// Three Hills, the platform's demonstration game: three hills with the troops each player sent, and
// each player's sheet ("writing", "done", or its orders once shown).
import { escape, View } from '../api';
import type { TitleUi } from './index';

interface HillsView extends View {
  round: number;
  hills: { id: string; worth: number }[];
  sheets: Record<string, { status: string; orders: Record<string, number> | null }>;
  scores: Record<string, number>;
  winners: string[];
}

export const hills: TitleUi = {
  board(view, _layout, marked, pick) {
    const v = view as HillsView;
    const panel = document.createElement('section');
    panel.className = 'panel';
    panel.innerHTML = `<h2>Round ${v.round} of 3</h2><div class="hills">${v.hills
      .map(
        (h) => `
      <button class="hill${marked.has(h.id) ? ' marked' : ''}" data-id="${h.id}">Hill ${h.id}<br/><small>worth ${h.worth}</small><br/>
        ${v.seat_order.map((s) => `${escape(s)} ${v.sheets[s].orders ? v.sheets[s].orders![h.id] : '?'}`).join(' · ')}</button>`,
      )
      .join('')}
      </div>`;
    panel.querySelectorAll<HTMLButtonElement>('button.hill').forEach((b) => b.addEventListener('click', () => pick(b.dataset.id!)));
    return [panel];
  },
  status(view) {
    const v = view as HillsView;
    return `<p class="scores">${v.seat_order.map((s) => `<span>${escape(s)} ${v.scores[s]} points · ${v.sheets[s].status}</span>`).join(' ')}</p>`;
  },
  result(view) {
    const v = view as HillsView;
    return `Game over: ${v.winners.map(escape).join(' and ')} ${v.winners.length > 1 ? 'share the win' : 'wins'}`;
  },
};
