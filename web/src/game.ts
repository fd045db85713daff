// A game: the board, the seat's hand, the legal actions (all, or those naming what was clicked on
// the board), the log with rule numbers, scores and undo. Updates arrive over the WebSocket.
import { api, ApiError, Board, invitationLink, POWERS, savedSeat, subscribe, View } from './api';
import { drawFronts, drawLocations, drawTable } from './board';

let board: Board | null = null;

export function renderGame(app: HTMLElement, id: string): () => void {
  const mine = savedSeat(id);
  let filter: string | null = null;
  let view: View | null = null;
  let shown = '';  // the view last drawn, as JSON
  app.innerHTML = '<p>Loading…</p>';

  const render = () => {
    if (!view || !board) return;
    const v = view;
    shown = JSON.stringify(v);
    const words = (a: string) => a.split(' ');
    const marked = new Set(v.legal_actions.flatMap(words));
    const actions = filter ? v.legal_actions.filter((a) => words(a).includes(filter!)) : v.legal_actions;
    app.innerHTML = `
      <div class="game">
        <div class="boards">
          <section class="panel"><h2>Conference ${v.conference}${v.conference_card ? ` · card ${v.conference_card}` : ''}</h2>
            <div id="table"></div></section>
          <section class="panel"><h2>Military display</h2><div id="fronts"></div><div id="locations"></div></section>
        </div>
        <div class="side">
          <section class="panel" id="state">
            <p class="phase">${v.terminal ? `Game over: ${v.winner} wins` : v.phase}</p>
            <p class="scores">${POWERS.map((p) => `<span class="p-${p}">${p} ${v.scores[p]} VP${v.seats[p] !== 'human' ? ' (bot)' : ''}</span>`).join(' ')}</p>
            <p>You: ${v.seat ?? 'spectator'}${v.seat && v.active.includes(v.seat) ? ' — <b>your move</b>' : ''}</p>
            <p class="tracks">A-Bomb: ${v.tracks.a_bomb} · Spy ring: ${v.tracks.spy_ring} · Leadership: Europe ${v.tracks.leadership.Europe}, Pacific ${v.tracks.leadership.Pacific}</p>
            <p class="tracks">Global Issues: ${Object.entries(v.tracks.global).map(([k, pos]) => `${k} <b>${pos}</b>`).join(' · ')}
              ${Object.entries(v.tracks.surrendered).filter(([, s]) => s).map(([k]) => ` · ${k} has surrendered`).join('')}</p>
            ${mine?.invitation && !v.terminal ? `<p class="invite">Invite a player: <input readonly size="40" value="${invitationLink(id, mine.invitation)}" /></p>` : ''}
            ${v.terminal && v.seed ? `<p class="seed">Seed (to verify the replay): ${v.seed}</p>` : ''}
            ${v.hand.length ? `<p class="hand">Hand: ${v.hand.map((c) => `<span class="card">${c}</span>`).join(' ')}</p>` : ''}
          </section>
          <section class="panel"><h2>Actions${filter ? ` naming ${filter}` : ''}</h2>
            <div class="tools"><button id="all" ${filter ? '' : 'disabled'}>All actions</button>
              <button id="undo" ${v.can_undo ? '' : 'disabled'}>Undo</button></div>
            <div id="actions">${actions.map((a) => `<button class="action" data-action="${a}">${a}</button>`).join('')}</div>
          </section>
          <section class="panel"><h2>Log</h2><ol class="log">${v.log.slice(-14).map((l) => `<li>${l}</li>`).join('')}</ol></section>
        </div>
      </div>`;
    const pick = (x: string) => {
      filter = filter === x ? null : x;
      render();
    };
    app.querySelector('#table')!.append(drawTable(v, board, marked, pick));
    app.querySelector('#fronts')!.append(drawFronts(v, board, marked, pick));
    app.querySelector('#locations')!.append(drawLocations(v, board, marked, pick));
    app.querySelector('#all')!.addEventListener('click', () => pick(filter!));
    // A request names the version of the view it was chosen on; if the game moved on meanwhile, the
    // server refuses it (409) with the current view, which is shown so the player chooses again.
    const send = async (request: () => Promise<View>) => {
      try {
        filter = null;
        show(await request());
      } catch (err) {
        if (err instanceof ApiError && err.view) show(err.view);
        document.getElementById('status')!.textContent = (err as Error).message;
      }
    };
    app.querySelector('#undo')!.addEventListener('click', () => {
      if (mine) send(() => api.undo(id, v.version, mine.token));
    });
    app.querySelectorAll<HTMLButtonElement>('button.action').forEach((b) =>
      b.addEventListener('click', () => {
        if (mine) send(() => api.act(id, b.dataset.action!, v.version, mine.token));
      }),
    );
  };
  // The same view arrives twice when the server answers an action and pushes it over the WebSocket:
  // drawing it again would replace the buttons under the player's pointer and lose a click.
  const show = (v: View) => {
    if (JSON.stringify(v) === shown) return;
    view = v;
    document.getElementById('status')!.textContent = '';
    render();
  };

  (async () => {
    try {
      board ??= await api.board();
      show(await api.view(id, mine?.token));
    } catch (err) {
      app.innerHTML = `<p class="error">${(err as Error).message}</p>`;
    }
  })();
  return subscribe(id, mine?.token, show);
}
