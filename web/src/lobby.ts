// The lobby: create a game (scenario, seats, options), join a free seat, or watch.
import { api, POWERS, Power, saveSeat } from './api';

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
        <button type="submit" id="create-game">Create and play</button>
      </form>
    </section>
    <section class="panel"><h2>Games</h2><table id="games"></table></section>`;
  const form = app.querySelector<HTMLFormElement>('#create')!;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const seats = Object.fromEntries(POWERS.map((p) => [p, String(data.get(p))])) as Record<Power, string>;
    try {
      const { id } = await api.create(String(data.get('scenario')), seats, data.get('secret') ? ['secret-agenda'] : []);
      const human = POWERS.find((p) => seats[p] === 'human');
      if (human) saveSeat(id, human, (await api.claim(id, human)).token);
      location.hash = `#/game/${id}`;
    } catch (err) {
      alert((err as Error).message);
    }
  });
  const table = app.querySelector<HTMLTableElement>('#games')!;
  const games = await api.games();
  table.innerHTML =
    '<tr><th>Game</th><th>Scenario</th><th>Seats</th><th>Where</th><th></th></tr>' +
    games
      .map((g) => `<tr><td>${g.id}</td><td>${g.scenario}</td>
        <td>${POWERS.map((p) => g.seats[p] === 'open'
          ? `<button class="join" data-id="${g.id}" data-seat="${p}">Join as ${p}</button>`
          : `${p}: ${g.seats[p]}`).join(' ')}</td>
        <td>${g.terminal ? `over, ${g.winner} won` : `conference ${g.conference}: ${g.phase}`}</td>
        <td><a href="#/game/${g.id}">watch</a></td></tr>`)
      .join('');
  table.querySelectorAll<HTMLButtonElement>('button.join').forEach((b) =>
    b.addEventListener('click', async () => {
      const id = b.dataset.id!, seat = b.dataset.seat as Power;
      try {
        saveSeat(id, seat, (await api.claim(id, seat)).token);
        location.hash = `#/game/${id}`;
      } catch (err) {
        alert((err as Error).message);
      }
    }),
  );
}
