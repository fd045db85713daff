// The replay of a game (#/game/ID/replay): its actions one at a time with the board as it stood after
// each, forward and back, to the start or the end, or to any step with the slider (or the arrow keys,
// Home and End). The server replays the record (GET /api/games/ID/replay?step=N, docs/server.md): a
// finished game from any seat's view, a game in play only from the view of this browser's seat.
// The finished games, each with its Replay link, are listed for the lobby too.
import { ApiError, ChatMessage, escape, GameSummary, savedSeat, View, api } from './api';
import { messageLine } from './chat';
import { scenarioName, seatName, t } from './i18n';
import { uiFor } from './titles';
import { firstStepAt, jumpControls, placeInHash, placeOf, type Place } from './replay-jump';

// The words of the replay, in one place, in the reader's language (looked up when used: the
// language may change while the page is open).
const TEXT = {
  title: (id: string) => t('ui.web.replay_title', { id }),
  get loading() {
    return t('ui.web.loading');
  },
  get controls() {
    return t('ui.web.replay_controls');
  },
  get start() {
    return t('ui.web.replay_start');
  },
  get back() {
    return t('ui.web.replay_back');
  },
  get forward() {
    return t('ui.web.replay_forward');
  },
  get end() {
    return t('ui.web.replay_end');
  },
  step: (n: number, of: number) => t('ui.web.replay_step', { n, of }),
  get setup() {
    return t('ui.web.replay_setup');
  },
  get chance() {
    return t('ui.web.replay_chance');
  },
  get hidden() {
    return t('ui.web.replay_hidden');
  },
  get happened() {
    return t('ui.web.replay_happened');
  },
  get nothing() {
    return t('ui.web.replay_nothing');
  },
  get seat() {
    return t('ui.web.replay_seen_by');
  },
  get spectator() {
    return t('ui.web.replay_spectator');
  },
  get everything() {
    return t('ui.web.replay_everything');
  },
  get inPlay() {
    return t('ui.web.replay_in_play');
  },
  get keys() {
    return t('ui.web.replay_keys');
  },
  get backToGame() {
    return t('ui.web.back_to_game');
  },
  get finished() {
    return t('ui.web.finished_games');
  },
  get replay() {
    return t('ui.web.replay');
  },
  get none() {
    return t('ui.web.no_finished_game');
  },
  won: (who: string[]) => (who.length ? t('ui.web.won', { who: who.map(seatName).join(` ${t('ui.play.and')} `) }) : t('ui.web.nobody_won')),
  get moves() {
    return t('ui.web.others_moves');
  },
  get speeds(): [string, string][] {
    return [
      ['0', t('ui.web.speed_at_once')],
      ['600', t('ui.web.speed_in_turn')],
      ['1500', t('ui.web.speed_slowly')],
    ];
  },
  moving: (who: string, what: string, k: number, n: number) => t('ui.web.moving', { who, what, k, n }),
};

interface ReplayStep {
  id: string;
  step: number;
  steps: number;
  finished: boolean;
  seat: string | null;
  action: { seat: string; action: string | null } | null;
  lines: string[];
  view: View;
}

// One step of a game (null: its last), from `seat`'s view ("": the token's seat, or a spectator's).
async function fetchStep(id: string, step: number | null, seat: string, token?: string): Promise<ReplayStep> {
  const query = new URLSearchParams(step === null ? {} : { step: String(step) });
  if (seat) query.set('seat', seat);
  const res = await fetch(`/api/games/${id}/replay?${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const json = await res.json();
  if (!res.ok) throw new ApiError(json.error ?? `HTTP ${res.status}`, res.status);
  return json as ReplayStep;
}

// The step a button goes to from `step` of `steps` (0 is the game as it was set up).
export function stepTo(button: 'start' | 'back' | 'forward' | 'end', step: number, steps: number): number {
  return { start: 0, back: Math.max(0, step - 1), forward: Math.min(steps, step + 1), end: steps }[button];
}

// The step a key goes to (arrows step, Home and End jump); undefined for another key or past an end.
export function stepForKey(key: string, step: number, steps: number): number | undefined {
  const moves: Record<string, number> = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps };
  const to = Object.hasOwn(moves, key) ? moves[key] : undefined;
  return to === undefined || to < 0 || to > steps ? undefined : to;
}

export function renderReplay(app: HTMLElement, id: string): () => void {
  const mine = savedSeat(id);
  let seat = mine?.seat ?? '';
  let current: ReplayStep | null = null;
  let previous: View | null = null;
  let layout: unknown = null;
  let pending = 0; // the latest request: an older answer arriving late is dropped
  // The reader went elsewhere: an answer arriving late draws nothing (the page's element is detached
  // by then, main.ts; this also spares the title's board code a drawing nobody sees).
  let closed = false;
  // The table talk this page may read (the server's choice: the seat's own, or all once the game is
  // over), each message shown from the step it was written at.
  let talk: ChatMessage[] = [];
  app.innerHTML = `<p>${TEXT.loading}</p>`;
  api
    .chat(id, mine?.token)
    .then((c) => {
      talk = c.messages;
      if (current && !closed) draw();
    })
    .catch(() => undefined); // the replay is shown without it

  const go = async (step: number) => {
    const ticket = ++pending;
    try {
      const next = await fetchStep(id, step, seat, mine?.token);
      if (ticket !== pending) return;
      layout ??= await api.layout(next.view.title);
      if (closed) return;
      previous = current && Math.abs(current.step - next.step) === 1 ? current.view : null;
      current = next;
      draw();
    } catch (err) {
      if (ticket === pending && !closed)
        app.innerHTML = `<p class="error">${escape((err as Error).message)}</p><p><a href="#/game/${id}">${TEXT.backToGame}</a></p>`;
    }
  };

  // The first step at a round and phase (a title whose view says where it stands: replay-jump.ts).
  const jump = async (place: Place, steps: number) => {
    const placeAt = async (step: number) => placeOf((await fetchStep(id, step, seat, mine?.token)).view);
    try {
      await go(await firstStepAt(place, steps, placeAt));
    } catch (err) {
      if (!closed)
        app.innerHTML = `<p class="error">${escape((err as Error).message)}</p><p><a href="#/game/${id}">${TEXT.backToGame}</a></p>`;
    }
  };

  const draw = () => {
    const r = current!;
    const v = r.view;
    const ui = uiFor(v.title);
    const who = r.action ? (r.action.seat === 'chance' ? TEXT.chance : r.action.seat) : '';
    const what = r.action ? `<b>${escape(who)}</b>: ${r.action.action === null ? TEXT.hidden : escape(r.action.action)}` : TEXT.setup;
    const seats = r.finished ? ['', ...v.seat_order] : [r.seat ?? ''];
    app.innerHTML = `
      <section class="panel replay-bar" aria-label="${escape(TEXT.controls)}">
        <h2>${escape(TEXT.title(id))}</h2>
        <p class="replay-buttons">
          <button id="replay-start" ${r.step === 0 ? 'disabled' : ''}>|◀ ${TEXT.start}</button>
          <button id="replay-back" ${r.step === 0 ? 'disabled' : ''}>◀ ${TEXT.back}</button>
          <button id="replay-forward" ${r.step === r.steps ? 'disabled' : ''}>${TEXT.forward} ▶</button>
          <button id="replay-end" ${r.step === r.steps ? 'disabled' : ''}>${TEXT.end} ▶|</button>
          <label class="replay-seat">${TEXT.seat} <select id="replay-seat">${seats
            .map((s) => `<option value="${escape(s)}" ${s === (r.seat ?? '') ? 'selected' : ''}>${escape(s || TEXT.spectator)}</option>`)
            .join('')}</select></label>
        </p>
        <p><input id="replay-slider" type="range" min="0" max="${r.steps}" value="${r.step}" aria-label="${escape(TEXT.step(r.step, r.steps))}" />
          <span id="replay-step" role="status">${TEXT.step(r.step, r.steps)}</span></p>
        ${jumpControls(v)}
        <p class="replay-action">${what}</p>
        <p class="hint">${r.finished ? TEXT.everything : TEXT.inPlay} · ${TEXT.keys} · <a href="#/game/${id}">${TEXT.backToGame}</a></p>
      </section>
      <div class="game replay${v.terminal ? ' over' : ''}">
        <div class="boards"></div>
        <div class="side">
          <section class="panel" id="replay-happened"><h2>${TEXT.happened}</h2>
            ${r.lines.length ? `<ol class="log">${r.lines.map((l) => `<li>${escape(l)}</li>`).join('')}</ol>` : `<p>${TEXT.nothing}</p>`}
            <p class="phase">${escape(v.terminal ? ui.result(v) : v.phase)}</p></section>
          <div class="status-lines panel">${ui.status(v, layout)}</div>
        </div>
      </div>`;
    app.querySelector('.boards')!.append(...ui.board(v, layout, new Set(), () => undefined, previous));
    const said = talk.filter((m) => m.step <= r.step);
    if (said.length) {
      const panel = document.createElement('section');
      panel.className = 'panel chat';
      const title = document.createElement('h2');
      title.textContent = t('ui.web.table_talk');
      const list = document.createElement('ol');
      list.className = 'chat-log';
      list.append(...said.map(messageLine));
      panel.append(title, list);
      app.querySelector('.side')!.append(panel);
    }
    const on = (sel: string, step: () => number) => app.querySelector(sel)!.addEventListener('click', () => go(step()));
    for (const to of ['start', 'back', 'forward', 'end'] as const) on(`#replay-${to}`, () => stepTo(to, r.step, r.steps));
    const slider = app.querySelector<HTMLInputElement>('#replay-slider')!;
    slider.addEventListener('input', () => {
      app.querySelector('#replay-step')!.textContent = TEXT.step(Number(slider.value), r.steps);
    });
    slider.addEventListener('change', () => go(Number(slider.value)));
    app.querySelector<HTMLFormElement>('form.replay-jump')?.addEventListener('submit', (e) => {
      e.preventDefault();
      const round = Number(app.querySelector<HTMLInputElement>('#replay-round')!.value);
      const phase = Number(app.querySelector<HTMLSelectElement>('#replay-phase')!.value);
      if (round >= 1) jump({ round, phase }, r.steps);
    });
    app.querySelector<HTMLSelectElement>('#replay-seat')!.addEventListener('change', (e) => {
      seat = (e.target as HTMLSelectElement).value;
      go(r.step);
    });
  };

  // Arrow keys step, Home and End jump (not while typing in a field).
  const keys = (e: KeyboardEvent) => {
    if (!current || (e.target as HTMLElement).closest('input, select, textarea')) return;
    const to = stepForKey(e.key, current.step, current.steps);
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  document.addEventListener('keydown', keys);
  // The game as it was set up, or at the round and phase the address names.
  const asked = placeInHash(location.hash);
  go(0).then(() => {
    if (asked && current) jump(asked, current.steps);
  });
  return () => {
    closed = true;
    document.removeEventListener('keydown', keys);
  };
}

// The lobby's list of finished games (the first page the server lists), each with its Replay button;
// `names`: each title's name by its id.
export async function finishedGames(names: Map<string, string>): Promise<HTMLElement> {
  const section = document.createElement('section');
  section.className = 'panel';
  section.id = 'finished-games';
  section.innerHTML = `<h2>${TEXT.finished}</h2>`;
  try {
    const page = await api.games(undefined, 'finished');
    const row = (g: GameSummary) => `<li><a class="button" href="#/game/${g.id}/replay">${TEXT.replay}</a>
      ${escape(names.get(g.title) ?? g.title)} · ${escape(scenarioName(g.scenario))} · <small>${g.id}</small> · ${escape(TEXT.won(g.winners))}</li>`;
    section.insertAdjacentHTML(
      'beforeend',
      page.games.length ? `<ul class="finished">${page.games.map(row).join('')}</ul>` : `<p>${TEXT.none}</p>`,
    );
  } catch (err) {
    section.insertAdjacentHTML('beforeend', `<p class="error">${escape((err as Error).message)}</p>`);
  }
  return section;
}

// Others' moves in turn (issue 16): when the game has moved on by other seats' actions (the bots'
// after this seat's own, another player's), each of their steps is shown for a moment, at the speed
// the player chose (kept in this browser), before the page settles on the game as it is now.
export class OthersMoves {
  private settled: number | null = null; // the game's number of actions when the page last settled
  private skipping = false;
  busy = false;
  constructor(
    private readonly id: string,
    private readonly token: string | undefined,
    private readonly seat: string | undefined,
  ) {}

  private speed(): number {
    return Number(localStorage.getItem('others-moves-ms') ?? TEXT.speeds[0][0]);
  }

  // The setting, for the decision panel's tools.
  control(): string {
    const now = String(this.speed());
    return `<label class="speed">${TEXT.moves} <select id="others-moves">${TEXT.speeds
      .map(([ms, name]) => `<option value="${ms}" ${ms === now ? 'selected' : ''}>${name}</option>`)
      .join('')}</select></label>`;
  }
  bind(root: HTMLElement) {
    root.querySelector<HTMLSelectElement>('#others-moves')?.addEventListener('change', (e) => {
      localStorage.setItem('others-moves-ms', (e.target as HTMLSelectElement).value);
      if (this.active()) this.settle();
    });
  }
  // Shown one by one at all (a seat's page, a speed chosen)? Otherwise nothing is asked of the server.
  active(): boolean {
    return this.speed() > 0 && !!this.seat;
  }

  // Where the game stands now, without showing anything (the page's first view).
  async settle(): Promise<void> {
    try {
      this.settled = (await fetchStep(this.id, null, '', this.token)).steps;
    } catch {
      this.settled = null;
    }
  }

  // Shows, through `draw`, each step since the page last settled that another seat or chance made;
  // `caption` says whose move it is, with a Skip button.
  async play(draw: (v: View) => void, caption: (html: string, skip: () => void) => void): Promise<void> {
    this.busy = true;
    this.skipping = false;
    try {
      const from = this.settled;
      await this.settle();
      const to = this.settled;
      if (from === null || to === null || !this.active()) return;
      for (let n = from + 1; n <= to && !this.skipping; ++n) {
        const step = await fetchStep(this.id, n, '', this.token);
        if (!step.action || step.action.seat === this.seat) continue;
        const who = step.action.seat === 'chance' ? TEXT.chance : step.action.seat;
        const what = step.action.action ?? step.lines[0] ?? TEXT.hidden;
        draw(step.view);
        caption(escape(TEXT.moving(who, what, n - from, to - from)), () => {
          this.skipping = true;
        });
        await new Promise((resolve) => setTimeout(resolve, this.speed()));
      }
    } catch {
      // the moves are a courtesy: the game as it is now is shown anyway
    } finally {
      this.busy = false;
    }
  }
}
