// Advice (docs/ai.md, Advice): a "Hint" button for the seat this browser holds, when it is that
// seat's decision. The server searches from that seat's observation only, off its event loop, and
// answers the three best actions with their estimated chance of winning (GET /api/games/{id}/hint,
// the seat's token: a spectator or another seat cannot ask for it).
import { ApiError, escape, savedSeat, View } from './api';
import { t } from './i18n';

interface Hint {
  action: string;
  win_chance: number;
  visits: number;
}
interface HintAnswer {
  version: number;
  seat: string;
  hints: Hint[];
}

async function fetchHint(id: string, token: string): Promise<HintAnswer> {
  const res = await fetch(`/api/games/${id}/hint`, { headers: { Authorization: `Bearer ${token}` } });
  const json = await res.json();
  if (!res.ok) throw new ApiError(json.error ?? `HTTP ${res.status}`, res.status);
  return json as HintAnswer;
}

// The button (HTML) for the view's seat when it may act; '' otherwise.
export function hintButton(view: View): string {
  const held = savedSeat(view.id);
  if (!held || view.seat !== held.seat || !view.active.includes(held.seat) || view.terminal) return '';
  return `<div class="hint" data-game="${escape(view.id)}" data-version="${view.version}">
    <button type="button" class="hint-ask" title="${escape(t('ui.web.hint_title'))}">${escape(t('ui.web.hint'))}</button>
    <ol class="hint-list" aria-live="polite"></ol></div>`;
}

function show(box: HTMLElement, answer: HintAnswer) {
  const list = box.querySelector('.hint-list')!;
  list.innerHTML = answer.hints
    .map((h) => `<li><b>${escape(h.action)}</b> — ${escape(t('ui.web.hint_win_chance', { percent: Math.round(100 * h.win_chance) }))}</li>`)
    .join('');
}

// One listener for every hint button the page draws (views are redrawn as they change).
document.addEventListener('click', async (e) => {
  const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button.hint-ask');
  const box = button?.closest<HTMLElement>('div.hint');
  const held = box ? savedSeat(box.dataset.game!) : null;
  if (!button || !box || !held) return;
  button.disabled = true;
  button.textContent = t('ui.web.hint_thinking');
  try {
    // The page may have been drawn again meanwhile (another seat moved): the answer goes to the box
    // of its version, and if that is gone while the seat still has a decision, the hint is asked
    // again for the position now shown.
    for (let asked = 0; asked < 3; ++asked) {
      const now = document.querySelector<HTMLElement>('div.hint');
      const answer = await fetchHint((now ?? box).dataset.game!, held.token);
      const current = document.querySelector<HTMLElement>(`div.hint[data-version="${answer.version}"]`);
      if (current) return show(current, answer);
      if (!document.querySelector('div.hint')) return; // no longer the seat's decision
    }
  } catch (err) {
    box.querySelector('.hint-list')!.innerHTML = `<li>${escape((err as Error).message)}</li>`;
  } finally {
    button.disabled = false; // (if still on the page)
    button.textContent = t('ui.web.hint');
  }
});
