// A game page for any title: the title's board and state lines (titles/), then what every title has:
// the phase, who must act, the seat's legal actions (all, or those naming what was clicked on the
// board), undo, the log with rule references, the invitation link. Updates arrive over the WebSocket.
import { api, ApiError, escape, invitationLink, savedSeat, subscribe, View } from './api';
import { uiFor } from './titles';

export function renderGame(app: HTMLElement, id: string): () => void {
  const mine = savedSeat(id);
  let filter: string | null = null;
  let view: View | null = null;
  let layout: unknown = null;
  let shown = '';  // the view last drawn, as JSON
  app.innerHTML = '<p>Loading…</p>';

  const render = () => {
    if (!view || layout === null) return;
    const v = view;
    const ui = uiFor(v.title);
    shown = JSON.stringify(v);
    const words = (a: string) => a.split(' ');
    const marked = new Set(v.legal_actions.flatMap(words));
    const actions = filter ? v.legal_actions.filter((a) => words(a).includes(filter!)) : v.legal_actions;
    const waiting = v.active.filter((s) => s !== v.seat);
    app.innerHTML = `
      <div class="game">
        <div class="boards"></div>
        <div class="side">
          <section class="panel" id="state">
            <p class="phase">${escape(v.terminal ? ui.result(v) : v.phase)}</p>
            ${ui.status(v)}
            <p>You: ${escape(v.seat ?? 'spectator')}${v.seat && v.active.includes(v.seat) ? ' — <b>your move</b>' : ''}
              ${!v.terminal && waiting.length ? ` · waiting for ${waiting.map(escape).join(', ')}` : ''}</p>
            ${mine?.invitation && !v.terminal ? `<p class="invite">Invite a player: <input readonly size="40" value="${invitationLink(id, mine.invitation)}" /></p>` : ''}
            ${v.terminal && v.seed ? `<p class="seed">Seed (to verify the replay): ${escape(v.seed)}</p>` : ''}
          </section>
          <section class="panel"><h2>Actions${filter ? ` naming ${escape(filter)}` : ''}</h2>
            <div class="tools"><button id="all" ${filter ? '' : 'disabled'}>All actions</button>
              <button id="undo" ${v.can_undo ? '' : 'disabled'}>Undo</button></div>
            <div id="actions">${actions.map((a) => `<button class="action" data-action="${escape(a)}">${escape(a)}</button>`).join('')}</div>
          </section>
          <section class="panel"><h2>Log</h2><ol class="log">${v.log.slice(-14).map((l) => `<li>${escape(l)}</li>`).join('')}</ol></section>
        </div>
      </div>`;
    const pick = (x: string) => {
      filter = filter === x ? null : x;
      render();
    };
    app.querySelector('.boards')!.append(...ui.board(v, layout, marked, pick));
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
      const first = await api.view(id, mine?.token);
      layout = await api.layout(first.title);
      show(first);
    } catch (err) {
      app.innerHTML = `<p class="error">${escape((err as Error).message)}</p>`;
    }
  })();
  return subscribe(id, mine?.token, show);
}
