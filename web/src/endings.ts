// Endings and beginnings on a game's page (docs/server.md, "Endings and beginnings"): the seat
// resigns (a bot plays it from then on), agrees that its alliance concedes (War Room) or takes that
// back, and once the game is over offers a rematch with the same seats; the game's events are worded
// as this reader may see them (an alliance's agreements only to that alliance until the end). It sits
// beside the page, as table talk does, and each view updates it.
import { api, escape, saveSeat, View } from './api';
import { botName, seatName, t } from './i18n';
import { ask } from './confirm';

// An event of the game's record, as a view carries it.
export interface SeatEvent {
  at: number; // the actions played before it
  seat: string;
  event: 'resign' | 'stand_in' | 'return' | 'concede' | 'withdraw' | 'conceded' | 'rematch';
  controller?: string; // who plays the seat from then on
  game?: string; // a rematch's game
}

const names = (seats: string[]) => seats.map(seatName).join(` ${t('ui.play.and')} `);
const player = (controller = '') => (controller.startsWith('bot:') ? botName(controller.slice(4)) : t('ui.web.human'));

// An event in the reader's words.
export function eventText(e: SeatEvent, v: View): string {
  const conceded = v.conceded as { seats: string[]; winners: string[] } | undefined;
  switch (e.event) {
    case 'resign':
      return t('ui.web.event_resign', { seat: seatName(e.seat), bot: player(e.controller) });
    case 'stand_in':
      return t('ui.web.event_stand_in', { seat: seatName(e.seat), bot: player(e.controller) });
    case 'conceded':
      return t('ui.web.event_conceded', { seats: names(conceded?.seats ?? []), winners: names(conceded?.winners ?? []) });
    case 'concede':
      return t('ui.web.event_concede', { seat: seatName(e.seat) });
    case 'withdraw':
      return t('ui.web.event_withdraw', { seat: seatName(e.seat) });
    case 'rematch':
      return t('ui.web.event_rematch', { seat: seatName(e.seat) });
    default:
      return t('ui.web.event_return', { seat: seatName(e.seat) });
  }
}

// The seats of the reader's alliance that have not agreed to concede yet (the view's "alliance" are
// its seats; its events say who agreed, the last word of each seat counting).
export function stillToAgree(v: View): string[] {
  const alliance = (v.alliance as string[] | undefined) ?? [];
  const agreed = new Set<string>();
  for (const e of (v.events as SeatEvent[] | undefined) ?? []) {
    if (e.event === 'concede') agreed.add(e.seat);
    if (e.event === 'withdraw') agreed.delete(e.seat);
  }
  return alliance.filter((s) => v.seats[s] === 'human' && !agreed.has(s));
}

export interface EndingsPanel {
  element: HTMLElement;
  update: (v: View) => void;
}

// `held`: the seat this browser holds; `shown`: a view the server answered, for the page to draw.
export function endingsPanel(id: string, held: { seat: string; token: string } | null, shown: (v: View) => void): EndingsPanel {
  const panel = document.createElement('section');
  panel.className = 'panel endings';
  panel.id = 'endings';
  const fail = (err: unknown) => {
    const p = panel.querySelector<HTMLElement>('.error');
    if (p) {
      p.hidden = false;
      p.textContent = (err as Error).message;
    }
  };
  const confirmThen = async (title: string, text: string, yes: string, then: () => Promise<void>) => {
    if (await ask({ title, text, yes, no: t('ui.web.close') })) then().catch(fail);
  };
  const rematchGame = (v: View) => ((v.events as SeatEvent[] | undefined) ?? []).find((e) => e.event === 'rematch')?.game;
  const play = (game: string) => {
    if (held) saveSeat(game, held.seat, held.token); // the same token opens the same seat there
    location.hash = `#/game/${game}`;
  };
  const draw = (v: View) => {
    const events = (v.events as SeatEvent[] | undefined) ?? [];
    const mine = held && v.seat === held.seat ? held : null;
    const human = mine && v.seats[mine.seat] === 'human';
    const alliance = (v.alliance as string[] | undefined) ?? [];
    const agreed = mine && alliance.length > 0 && !stillToAgree(v).includes(mine.seat);
    const waiting = stillToAgree(v).filter((s) => s !== mine?.seat);
    const next = rematchGame(v);
    panel.innerHTML = `<h2>${escape(t('ui.web.endings'))}</h2>
      ${v.rematch ? `<p class="rematch-of"><a href="#/game/${escape(v.rematch)}">${escape(t('ui.web.rematch_of', { game: String(v.rematch) }))}</a></p>` : ''}
      <ol class="events">${events.map((e) => `<li data-event="${escape(e.event)}">${escape(eventText(e, v))}</li>`).join('')}</ol>
      <p class="ending-buttons">
        ${human && !v.terminal ? `<button type="button" id="resign">${escape(t('ui.web.resign'))}</button>` : ''}
        ${human && !v.terminal && alliance.length && !agreed ? `<button type="button" id="concede">${escape(t('ui.web.concede'))}</button>` : ''}
        ${human && !v.terminal && agreed ? `<button type="button" id="withdraw">${escape(t('ui.web.concede_withdraw'))}</button>` : ''}
        ${mine && v.terminal && !next ? `<button type="button" id="rematch">${escape(t('ui.web.rematch'))}</button>` : ''}
        ${next ? `<button type="button" id="play-rematch" data-game="${escape(next)}">${escape(t('ui.web.rematch_play'))}</button>` : ''}
      </p>
      ${agreed && !v.terminal && waiting.length ? `<p class="concede-waiting">${escape(t('ui.web.concede_waiting', { seats: names(waiting) }))}</p>` : ''}
      <p class="error" hidden></p>`;
    panel.hidden = !events.length && !mine && !v.rematch;
    const on = (selector: string, act: () => void) => panel.querySelector(selector)?.addEventListener('click', act);
    if (!mine) return on('#play-rematch', () => play(next!));
    const token = mine.token;
    on('#resign', () =>
      confirmThen(t('ui.web.resign'), t('ui.web.resign_confirm', { seat: seatName(mine.seat) }), t('ui.web.resign'), async () =>
        shown(await api.resign(id, token)),
      ),
    );
    on('#concede', () =>
      confirmThen(t('ui.web.concede'), t('ui.web.concede_confirm'), t('ui.web.concede'), async () =>
        shown(await api.concede(id, token, true)),
      ),
    );
    on('#withdraw', () => api.concede(id, token, false).then(shown).catch(fail));
    on('#rematch', () =>
      api
        .rematch(id, token)
        .then((made) => play(made.id))
        .catch(fail),
    );
    on('#play-rematch', () => play(next!));
  };
  // Drawn again only when what it shows changed (a view pushed after every action would otherwise
  // replace a button under the player's pointer).
  let drawn = '';
  return {
    element: panel,
    update: (v: View) => {
      const key = JSON.stringify([v.events, v.terminal, v.seats, v.seat, v.alliance, v.rematch, v.conceded]);
      if (key === drawn) return;
      drawn = key;
      draw(v);
    },
  };
}
