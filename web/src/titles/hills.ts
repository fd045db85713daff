// Three Hills, the platform's demonstration game: three hills with the troops each player sent, and
// each player's sheet ("writing", "done", or its orders once shown). Every word is the catalogues'
// (`hills.*`), and the log's lines are worded from its entries' structure (hills/game.cpp log_json).
import { escape, type HillsView, type LogEvent } from '../api';
import { t } from '../i18n';
import { titleEvent, type HillsLogEvent } from '../wire';
import type { TitleUi } from './index';

const ROUNDS = 3; // R1
const together = (seats: string[]) => seats.join(` ${t('ui.play.and')} `);

// A log entry in the reader's language, with its rule: "R4: red takes hill C with 3 troops (+3)".
export function hillsLine(entry: LogEvent): string | undefined {
  const e = titleEvent<HillsLogEvent>(entry);
  if (!e) return undefined;
  const text = (() => {
    switch (e.event) {
      case 'sheet_shown':
        return t('hills.log.sheet_shown', { seat: e.seat, ...e.orders });
      case 'hill_taken':
      case 'tie_broken':
        return t(`hills.log.${e.event}`, { seat: e.seat, hill: e.hill, troops: e.troops, points: e.points });
      case 'hill_empty':
        return t('hills.log.hill_empty', { hill: e.hill });
      case 'game_over':
        return t('hills.log.game_over', { seats: together(e.winners), count: e.winners.length });
      default:
        return undefined;
    }
  })();
  return text === undefined ? undefined : `${e.rule}: ${text}`;
}

export const hills: TitleUi<HillsView> = {
  board(v, _layout, marked, pick) {
    const panel = document.createElement('section');
    panel.className = 'panel';
    panel.innerHTML = `<h2>${escape(t('hills.round', { round: v.round, rounds: ROUNDS }))}</h2><div class="hills">${v.hills
      .map(
        (h) => `
      <button class="hill${marked.has(h.id) ? ' marked' : ''}" data-id="${escape(h.id)}">${escape(t('hills.hill', { hill: h.id }))}<br/><small>${escape(t('hills.worth', { worth: h.worth }))}</small><br/>
        ${v.seat_order.map((s) => `${escape(s)} ${v.sheets[s].orders ? v.sheets[s].orders![h.id] : '?'}`).join(' · ')}</button>`,
      )
      .join('')}
      </div>`;
    panel.querySelectorAll<HTMLButtonElement>('button.hill').forEach((b) => b.addEventListener('click', () => pick(b.dataset.id!)));
    return [panel];
  },
  status(v) {
    return `<p class="scores">${v.seat_order
      .map(
        (s) =>
          `<span>${escape(t('hills.score', { seat: s, count: v.scores[s] }))} · ${escape(t(`hills.status.${v.sheets[s].status}`))}</span>`,
      )
      .join(' ')}</p>`;
  },
  result(v) {
    return t('hills.result', { seats: together(v.winners), count: v.winners.length });
  },
  logLine: hillsLine,
};
