// The lobby: create a game (scenario, seats, options, public or by invitation), join an open seat,
// or watch; and the page an invitation link opens.
import { api, GameSummary, POWERS, Power, saveSeat } from './api';

export async function renderLobby(app: HTMLElement) {
  app.innerHTML = `
    <section class="panel">
      <h2>New game</h2>
      <form id="create">
        <label>Scenario <select name="scenario">
          <option value="training">Training (conferences 8-10)</option>
          <option value="tournament">Tournament (6-10)</option>
          <option value="campaign">Campaign (1-10)</option></select></label>
        ${POWERS.map((p) => `<label>${p} <select name="${p}">
            <option value="human">human</option>
            <option value="bot:rulebook" ${p !== 'UK' ? 'selected' : ''}>rulebook 'Bot</option>
            <option value="bot:random">random bot</option></select></label>`).join('')}
        <label><input type="checkbox" name="secret" /> Secret Agenda</label>
        <label title="Otherwise only those you send the invitation link to may take a seat">
          <input type="checkbox" name="public" /> Public seats (anyone may join)</label>
        <button type="submit" id="create-game">Create and play</button>
      </form>
    </section>
    <section class="panel"><h2>Games in play</h2><table id="games"></table><button id="more" hidden>More games</button></section>`;
  const form = app.querySelector<HTMLFormElement>('#create')!;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const seats = Object.fromEntries(POWERS.map((p) => [p, String(data.get(p))])) as Record<Power, string>;
    try {
      const { id, invitation } = await api.create(String(data.get('scenario')), seats, data.get('secret') ? ['secret-agenda'] : [],
                                                  data.get('public') ? 'public' : 'invitation');
      const human = POWERS.find((p) => seats[p] === 'human');
      if (human) saveSeat(id, human, (await api.claim(id, human, invitation)).token, invitation);
      location.hash = `#/game/${id}`;
    } catch (err) {
      alert((err as Error).message);
    }
  });
  const table = app.querySelector<HTMLTableElement>('#games')!;
  const more = app.querySelector<HTMLButtonElement>('#more')!;
  table.innerHTML = '<tr><th>Game</th><th>Scenario</th><th>Seats</th><th>Where</th><th></th></tr>';
  const load = async (after?: string) => {
    const page = await api.games(after);
    table.insertAdjacentHTML('beforeend', page.games.map(row).join(''));
    more.hidden = page.next === null;
    more.onclick = () => load(page.next!);
  };
  table.addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button.join');
    if (b) join(b.dataset.id!, b.dataset.seat as Power);
  });
  await load();
}

function row(g: GameSummary): string {
  return `<tr><td>${g.id}</td><td>${g.scenario}</td>
    <td>${POWERS.map((p) => g.seats[p] === 'open'
      ? `<button class="join" data-id="${g.id}" data-seat="${p}">Join as ${p}</button>`
      : `${p}: ${g.seats[p]}`).join(' ')}</td>
    <td>${g.terminal ? `over, ${g.winner} won` : `conference ${g.conference}: ${g.phase}`}</td>
    <td><a href="#/game/${g.id}">watch</a></td></tr>`;
}

async function join(id: string, seat: Power, invitation?: string) {
  try {
    saveSeat(id, seat, (await api.claim(id, seat, invitation)).token);
    location.hash = `#/game/${id}`;
  } catch (err) {
    alert((err as Error).message);
  }
}

// #/game/ID/invite/SECRET: the seats still open, each taken with the invitation's secret.
export async function renderInvitation(app: HTMLElement, id: string, invitation: string) {
  app.innerHTML = '<p>Loading…</p>';
  try {
    const v = await api.view(id);
    const open = POWERS.filter((p) => v.seats[p] === 'human');
    app.innerHTML = `<section class="panel"><h2>Invitation to game ${id}</h2>
      <p>${v.scenario} scenario, conference ${v.conference}: ${v.phase}</p>
      <p>${open.map((p) => `<button class="join" data-seat="${p}">Join as ${p}</button>`).join(' ')}</p>
      <p><a href="#/game/${id}">Only watch</a></p></section>`;
    app.querySelectorAll<HTMLButtonElement>('button.join').forEach((b) =>
      b.addEventListener('click', () => join(id, b.dataset.seat as Power, invitation)));
  } catch (err) {
    app.innerHTML = `<p class="error">${(err as Error).message}</p>`;
  }
}
