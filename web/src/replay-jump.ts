// Jumps in a replay to a round and a phase (issue 33, item 9), for a title whose view says where the
// game stands as numbers: "round", "phase" and, where a round passes its phases twice (War Room's
// Rapid Resolution), "pass". The steps of a game go forward through rounds and phases, so the first
// step at or after the place asked is found by bisection over the server's replay of single steps
// (GET /api/games/ID/replay?step=N): about log2(steps) requests, each made from the server's nearest
// snapshot.
import { escape, type View } from './api';
import { t } from './i18n';

export interface Place {
  round: number;
  phase: number;
}

// Where a view stands, or null for a title that does not say so in numbers.
export function placeOf(v: View): (Place & { pass: number }) | null {
  if (!('round' in v) || !('phase_number' in v)) return null;
  return { round: v.round, phase: v.phase_number, pass: 'pass' in v ? v.pass : 0 };
}

// The order of places: by round, then pass (1, or 2 for Rapid Resolution's second), then phase.
const rank = (p: Place & { pass: number }) => (p.round * 100 + Math.max(1, p.pass)) * 100 + p.phase;

// The first step in 0..steps whose view stands at or after `target` (its first pass), or `steps`
// when none does. `placeAt` gives a step's place.
export async function firstStepAt(
  target: Place,
  steps: number,
  placeAt: (step: number) => Promise<(Place & { pass: number }) | null>,
): Promise<number> {
  const want = rank({ ...target, pass: 1 });
  let lo = 0,
    hi = steps;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const p = await placeAt(mid);
    if (p && rank(p) >= want) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// The jump's controls (HTML) for a replay whose view has a place; '' otherwise. A round after the
// game's last goes to its end.
export function jumpControls(v: View): string {
  const here = placeOf(v);
  if (!here) return '';
  const phases = [1, 2, 3, 4, 5, 6, 7];
  return `<form class="replay-jump"><label>${escape(t('ui.web.replay_round'))} <input id="replay-round" type="number" min="1" max="9999" value="${here.round}" inputmode="numeric" /></label>
    <label>${escape(t('ui.web.replay_phase'))} <select id="replay-phase">${phases
      .map((p) => `<option value="${p}" ${p === here.phase ? 'selected' : ''}>${p}</option>`)
      .join('')}</select></label>
    <button type="submit" id="replay-jump">${escape(t('ui.web.replay_jump'))}</button></form>`;
}

// The place a replay's address asks for (#/game/ID/replay/ROUND/PHASE), or null.
export function placeInHash(hash: string): Place | null {
  const m = hash.match(/^#\/game\/[0-9a-f]+\/replay\/(\d{1,4})(?:\/([1-7]))?$/);
  return m ? { round: Number(m[1]), phase: m[2] ? Number(m[2]) : 1 } : null;
}
