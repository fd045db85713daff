// The lobby's account panel (docs/server.md, "Accounts"): sign in or register, sign out everywhere,
// and "My games": every game of the account, those waiting for you first, on any device. The
// session is an HttpOnly cookie: this page never sees it. Every text from the server is put in with
// textContent or escape().
import { api, ApiError, escape, MyGame, saveSeat, savedSeats } from './api';
import { render, scenarioName, seatName, t } from './i18n';
import { vacationForm } from './clock';
import { notifyPanel, onMyGames } from './notify';

export async function accountPanel(names: Map<string, string>): Promise<HTMLElement> {
  const panel = document.createElement('section');
  panel.className = 'panel account';
  const draw = async () => {
    let name: string | null = null;
    try {
      name = (await api.me()).name;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) throw err;
    }
    if (name === null) signInForm(panel, draw);
    else await myGames(panel, name, names, draw);
  };
  await draw();
  return panel;
}

function signInForm(panel: HTMLElement, done: () => Promise<void>) {
  panel.innerHTML = `<h2>${escape(t('ui.web.account'))}</h2>
    <form id="sign-in">
      <label>${escape(t('ui.web.account_name'))} <input name="name" autocomplete="username" required minlength="3" maxlength="24" /></label>
      <label>${escape(t('ui.web.password'))} <input name="password" type="password" autocomplete="current-password" required minlength="8" maxlength="128" /></label>
      <button type="submit" value="in">${escape(t('ui.web.sign_in'))}</button>
      <button type="submit" value="up">${escape(t('ui.web.register'))}</button>
    </form>
    <p class="error" hidden></p>
    <p><small>${escape(t('ui.web.account_why'))}</small></p>`;
  const form = panel.querySelector<HTMLFormElement>('#sign-in')!;
  const problem = panel.querySelector<HTMLElement>('p.error')!;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const [name, password] = [String(data.get('name')), String(data.get('password'))];
    const register = (e.submitter as HTMLButtonElement | null)?.value === 'up';
    try {
      await (register ? api.signUp(name, password) : api.signIn(name, password));
      // The seats this browser took before signing in become the account's (a seat another
      // account holds, or of a game gone, stays as it was).
      await Promise.allSettled(savedSeats().map(([id, held]) => api.tieSeat(id, held.token)));
      await done();
    } catch (err) {
      problem.hidden = false;
      problem.textContent = (err as Error).message;
    }
  });
}

// The list is drawn when the panel opens and again from every list the server pushes over the
// account's socket (your turn first, as the API orders it), in place: the table's rows are replaced,
// the page keeps its scroll, and a game's link that had the focus has it again.
async function myGames(panel: HTMLElement, name: string, names: Map<string, string>, done: () => Promise<void>) {
  let games = (await api.myGames()).games;
  panel.innerHTML = `<h2>${escape(t('ui.web.my_games'))}</h2>
    <p><span class="who"></span> <button id="sign-out">${escape(t('ui.web.sign_out'))}</button></p>
    <div class="my-games-list"></div>`;
  const list = panel.querySelector<HTMLElement>('.my-games-list')!;
  let drawn = '';
  const draw = (now: MyGame[]) => {
    const text = JSON.stringify(now);
    if (text === drawn) return;
    drawn = text;
    games = now;
    const focused = list.contains(document.activeElement) ? (document.activeElement as HTMLElement).closest<HTMLElement>('a.play') : null;
    const rows = now.map((g) => row(g, names.get(g.title) ?? g.title)).join('');
    const table = list.querySelector<HTMLTableElement>('#my-games');
    if (now.length === 0) list.innerHTML = `<p>${escape(t('ui.web.no_games_yet'))}</p>`;
    else if (table) table.tBodies[0].innerHTML = rows;
    else list.innerHTML = `<table id="my-games"><tbody>${rows}</tbody></table>`;
    const again = focused && list.querySelector<HTMLElement>(`a.play[data-id="${CSS.escape(focused.dataset.id ?? '')}"]`);
    if (again) again.focus({ preventScroll: true });
  };
  draw(games);
  // Told until the list leaves the page: it is made off the page, which the lobby puts it on after.
  let placed = false;
  const stop = onMyGames(draw, () => {
    placed ||= list.isConnected;
    return list.isConnected || !placed;
  });
  panel.querySelector('.who')!.textContent = t('ui.web.signed_in_as', { name });
  panel.querySelector('#sign-out')!.addEventListener('click', async () => {
    stop();
    await api.signOut().catch(() => undefined);
    await done();
  });
  panel.querySelector('#sign-out')!.parentElement!.after(await vacationForm());
  panel.append(await notifyPanel());
  list.addEventListener('click', (e) => {
    const link = (e.target as HTMLElement).closest<HTMLAnchorElement>('a.play');
    const g = link && games.find((x) => x.id === link.dataset.id);
    if (g) saveSeat(g.id, g.seat, g.token); // this device plays the seat with its token
  });
}

export function row(g: MyGame, title: string): string {
  const state = g.terminal ? t('ui.web.game_is_over') : g.your_turn ? t('ui.web.your_turn') : t('ui.web.waiting_for_others');
  return `<tr class="${g.your_turn ? 'your-turn' : ''}"><td>${escape(title)}<br/><small>${escape(g.id)}</small></td>
    <td>${escape(scenarioName(g.scenario, g.scenario))}</td><td>${escape(seatName(g.seat))}</td>
    <td><strong>${escape(state)}</strong><br/><small>${escape(render(g.phase_message) || g.phase)}</small></td>
    <td><a class="play" data-id="${escape(g.id)}" href="#/game/${escape(g.id)}">${escape(t('ui.web.play'))}</a></td></tr>`;
}
