// The lobby: create a game of any title (scenario, seat count, each seat's player, options, public or
// by invitation), join an open seat, or watch; and the page an invitation link opens.
import { api, ApiError, escape, GameSummary, OptionInfo, saveSeat, TitleInfo } from './api';
import { botName, has, Message, render, scenarioName, seatName, seatNameIn, t } from './i18n';
import { accountPanel } from './account';
import { finishedGames } from './replay';
import { bindPaceField, paceField, paceFromForm } from './clock';

// A seat's player in the reader's language: "human", "open", a bot.
const seatState = (state: string) =>
  state.startsWith('bot:') ? botName(state.slice(4)) : has(`ui.web.seat_state.${state}`) ? t(`ui.web.seat_state.${state}`) : state;

// The options a player may choose for a scenario and seat count: not the test harness's, and
// only those that apply to this scenario and seat count.
export function offeredOptions(options: OptionInfo[], scenario: string, players: number): OptionInfo[] {
  return options.filter(
    (o) => !o.harness && (o.scenario === undefined || o.scenario === scenario) && (o.players === undefined || o.players === players),
  );
}

// An option as the lobby words it: the catalogue's words where it has them, else the title's.
export const optionText = (o: OptionInfo) => (has(`ui.web.option.${o.id}`) ? t(`ui.web.option.${o.id}`) : o.description);

// What a scenario is (its players, how it is won), where the catalogues say it; '' otherwise.
export const scenarioAbout = (title: string, id: string) =>
  has(`${title}.scenario.${id}.about`) ? t(`${title}.scenario.${id}.about`) : '';

// What a title's bots are (the lobby named Churchill's "rulebook bot" and War Room's "rules bot" with
// nothing to say why two names: play-test of 5 December, evening, finding 14); '' where none.
export const botsAbout = (title: string) => (has(`ui.web.bots_about.${title}`) ? t(`ui.web.bots_about.${title}`) : '');

export async function renderLobby(app: HTMLElement) {
  const titles = await api.titles();
  app.innerHTML = `
    <section class="panel">
      <h2>${escape(t('ui.web.new_game'))}</h2>
      <form id="create">
        <label>${escape(t('ui.web.game'))} <select name="title">${titles.map((x) => `<option value="${x.id}">${escape(x.name)}</option>`).join('')}</select></label>
        <label>${escape(t('ui.web.scenario'))} <select name="scenario"></select></label>
        <p class="hint scenario-about" hidden></p>
        <label>${escape(t('ui.web.players'))} <select name="players"></select></label>
        <span id="seats"></span>
        <p class="hint bots-about" hidden></p>
        <span id="options"></span>
        <span id="pace"></span>
        <label title="${escape(t('ui.web.public_title'))}">
          <input type="checkbox" name="public" /> ${escape(t('ui.web.public'))}</label>
        <label><input type="checkbox" name="observers" checked /> ${escape(t('ui.web.observers'))}</label>
        <button type="submit" id="create-game">${escape(t('ui.web.create'))}</button>
      </form>
    </section>
    <section class="panel" id="open-games"><h2>${escape(t('ui.web.open_games'))}</h2>
      <form id="open-filter">
        <label>${escape(t('ui.web.game'))} <select name="open-title"><option value="">*</option>${titles.map((x) => `<option value="${x.id}">${escape(x.name)}</option>`).join('')}</select></label>
        <label>${escape(t('ui.web.scenario'))} <select name="open-scenario"><option value="">*</option></select></label>
      </form>
      <table id="open-table"></table><p class="none" hidden>${escape(t('ui.web.no_open_games'))}</p></section>
    <section class="panel"><h2>${escape(t('ui.web.games_in_play'))}</h2><table id="games"></table><button id="more" hidden>${escape(t('ui.web.more_games'))}</button></section>`;
  const form = app.querySelector<HTMLFormElement>('#create')!;
  const field = (name: string) => form.querySelector<HTMLSelectElement>(`select[name=${name}]`)!;
  const title = () => titles.find((t) => t.id === field('title').value)!;
  const scenario = () => title().scenarios.find((s) => s.id === field('scenario').value)!;
  // Each choice fills the ones after it: the title's scenarios, the scenario's seat counts, the seats.
  const offered = () => offeredOptions(title().options, scenario().id, Number(field('players').value));
  const fillSeats = () => {
    form.querySelector('#options')!.innerHTML = offered()
      .map((o) => {
        const text = optionText(o);
        return `<label title="${escape(text)}"><input type="checkbox" name="option:${o.id}" /> ${escape(text)}</label>`;
      })
      .join('');
    const seats = scenario().seats[field('players').value] ?? [];
    const bot = title().bots[0];
    form.querySelector('#seats')!.innerHTML = seats
      .map(
        (s, i) => `<label>${escape(seatNameIn(title().id, s))} <select name="seat:${escape(s)}">
        <option value="human" ${i === 0 ? 'selected' : ''}>${escape(t('ui.web.human'))}</option>
        ${title()
          .bots.map((b) => `<option value="bot:${b}" ${i > 0 && b === bot ? 'selected' : ''}>${escape(botName(b))}</option>`)
          .join('')}
      </select></label>`,
      )
      .join('');
  };
  // The pace and the stand-in bot (clock.ts): by default the title's first bot that neither plays at
  // random nor searches, as the server's.
  const fillPace = () => {
    const bots = title().bots;
    const quiet = bots.find((b) => b !== 'random' && !b.startsWith('ai:')) ?? bots[0];
    form.querySelector('#pace')!.innerHTML = paceField(bots, `bot:${quiet}`);
    bindPaceField(form);
  };
  const fillPlayers = () => {
    const about = form.querySelector<HTMLElement>('.scenario-about')!;
    about.textContent = scenarioAbout(title().id, scenario().id);
    about.hidden = !about.textContent;
    const bots = form.querySelector<HTMLElement>('.bots-about')!;
    bots.textContent = botsAbout(title().id);
    bots.hidden = !bots.textContent;
    field('players').innerHTML = scenario()
      .players.map((n) => `<option value="${n}">${n}</option>`)
      .join('');
    fillSeats();
  };
  const fillTitle = (ti: TitleInfo) => {
    field('scenario').innerHTML = ti.scenarios
      .map(
        (s) =>
          `<option value="${s.id}">${escape(scenarioName(s.id, s.reconstructed ? s.name.replace(/ \(reconstructed\)$/, '') : s.name))}${s.reconstructed ? ` ${escape(t('ui.web.project_scenario'))}` : ''}</option>`,
      )
      .join('');
    fillPlayers();
    fillPace();
  };
  field('title').addEventListener('change', () => fillTitle(title()));
  field('scenario').addEventListener('change', fillPlayers);
  field('players').addEventListener('change', fillSeats);
  fillTitle(titles[0]);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const seatNames = scenario().seats[field('players').value];
    const seats = Object.fromEntries(seatNames.map((s) => [s, String(data.get(`seat:${s}`))]));
    try {
      const { id, invitation } = await api.create({
        title: title().id,
        scenario: scenario().id,
        players: Number(field('players').value),
        seats,
        options: offered()
          .filter((o) => data.get(`option:${o.id}`))
          .map((o) => o.id),
        seating: data.get('public') ? 'public' : 'invitation',
        ...paceFromForm(data),
        observers: Boolean(data.get('observers')),
      });
      const human = seatNames.find((s) => seats[s] === 'human');
      if (human) saveSeat(id, human, (await api.claim(id, human, invitation)).token, invitation);
      location.hash = `#/game/${id}`;
    } catch (err) {
      alert((err as Error).message);
    }
  });
  const table = app.querySelector<HTMLTableElement>('#games')!;
  const more = app.querySelector<HTMLButtonElement>('#more')!;
  table.innerHTML = `<thead><tr><th>${escape(t('ui.web.game'))}</th><th>${escape(t('ui.web.scenario'))}</th><th>${escape(t('ui.web.seats'))}</th><th>${escape(t('ui.web.where'))}</th><th></th></tr></thead><tbody></tbody>`;
  const body = table.tBodies[0];
  const names = new Map(titles.map((t) => [t.id, t.name]));
  const load = async (after?: string) => {
    const page = await api.games(after);
    body.insertAdjacentHTML('beforeend', page.games.map((g) => row(g, names.get(g.title) ?? g.title)).join(''));
    more.hidden = page.next === null;
    more.onclick = () => load(page.next!);
  };
  const joinClicked = (e: Event) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button.join');
    if (b) join(b.dataset.id!, b.dataset.seat!);
  };
  table.addEventListener('click', joinClicked);
  await load();
  await openGames(app.querySelector<HTMLElement>('#open-games')!, titles, names, joinClicked);
  app.prepend(await accountPanel(names));
  app.append(await finishedGames(names));
}

// Open games (GET /api/games/open): a stranger's games with a public seat nobody holds, filtered by
// title and scenario.
async function openGames(section: HTMLElement, titles: TitleInfo[], names: Map<string, string>, joinClicked: (e: Event) => void) {
  const filter = section.querySelector<HTMLFormElement>('#open-filter')!;
  const select = (name: string) => filter.querySelector<HTMLSelectElement>(`select[name=open-${name}]`)!;
  const table = section.querySelector<HTMLTableElement>('#open-table')!;
  const none = section.querySelector<HTMLElement>('.none')!;
  table.addEventListener('click', joinClicked);
  const load = async () => {
    const page = await api.openGames({ title: select('title').value, scenario: select('scenario').value });
    table.innerHTML = `<tbody>${page.games.map((g) => row(g, names.get(g.title) ?? g.title)).join('')}</tbody>`;
    none.hidden = page.games.length > 0;
  };
  select('title').addEventListener('change', () => {
    const chosen = titles.find((x) => x.id === select('title').value);
    select('scenario').innerHTML = `<option value="">*</option>${(chosen?.scenarios ?? [])
      .map((s) => `<option value="${s.id}">${escape(scenarioName(s.id, s.name))}</option>`)
      .join('')}`;
    load().catch(() => undefined);
  });
  select('scenario').addEventListener('change', () => load().catch(() => undefined));
  await load().catch(() => undefined);
}

function row(g: GameSummary, title: string): string {
  const pace = g.pace && g.pace !== 'none' ? `<br/><small class="pace">${escape(t(`ui.web.pace.${g.pace}`))}</small>` : '';
  return `<tr><td>${escape(title)}<br/><small>${g.id}</small></td><td>${escape(scenarioName(g.scenario, g.scenario))}${pace}</td>
    <td>${g.seat_order
      .map((s) =>
        g.seats[s] === 'open'
          ? `<button class="join" data-id="${g.id}" data-seat="${escape(s)}">${escape(t('ui.web.join_as', { seat: seatNameIn(g.title, s) }))}</button>`
          : `${escape(seatNameIn(g.title, s))}: ${escape(seatState(g.seats[s]))}`,
      )
      .join(' ')}</td>
    <td>${g.terminal ? escape(t('ui.web.over_won', { winners: g.winners.map(seatName).join(` ${t('ui.play.and')} `) || t('ui.web.nobody') })) : escape(render(g.phase_message) || g.phase)}</td>
    <td>${g.observers === false && !g.terminal ? escape(t('ui.web.no_observers')) : `<a href="#/game/${g.id}">${escape(t('ui.web.watch'))}</a>`}</td></tr>`;
}

async function join(id: string, seat: string, invitation?: string) {
  try {
    saveSeat(id, seat, (await api.claim(id, seat, invitation)).token);
    location.hash = `#/game/${id}`;
  } catch (err) {
    alert((err as Error).message);
  }
}

// What an invitation shows of its game: the spectators' view, or the game's list entry when it is
// played without spectators.
async function invitedTo(
  id: string,
): Promise<{ scenario: string; seat_order: string[]; seats: Record<string, string>; phase: string; phase_message?: unknown }> {
  try {
    return await api.view(id);
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'no_observers') throw err;
    for (let after: string | undefined, page = 0; page < 20; ++page) {
      const list = await api.games(after);
      const g = list.games.find((x) => x.id === id);
      if (g) return g;
      if (!list.next) break;
      after = list.next;
    }
    throw err;
  }
}

// #/game/ID/invite/SECRET: the seats still open, each taken with the invitation's secret.
export async function renderInvitation(app: HTMLElement, id: string, invitation: string) {
  app.innerHTML = `<p>${escape(t('ui.web.loading'))}</p>`;
  try {
    const v = await invitedTo(id);
    const open = v.seat_order.filter((s) => v.seats[s] === 'human' || v.seats[s] === 'invitation');
    app.innerHTML = `<section class="panel"><h2>${escape(t('ui.web.invitation', { id }))}</h2>
      <p>${escape(scenarioName(v.scenario, v.scenario))}: ${escape(render(v.phase_message as Message | undefined) || v.phase)}</p>
      <p>${open.map((s) => `<button class="join" data-seat="${escape(s)}">${escape(t('ui.web.join_as', { seat: seatName(s) }))}</button>`).join(' ')}</p>
      <p><a href="#/game/${id}">${escape(t('ui.web.only_watch'))}</a></p></section>`;
    app
      .querySelectorAll<HTMLButtonElement>('button.join')
      .forEach((b) => b.addEventListener('click', () => join(id, b.dataset.seat!, invitation)));
  } catch (err) {
    app.innerHTML = `<p class="error">${escape((err as Error).message)}</p>`;
  }
}
