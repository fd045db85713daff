// "Your turn" notifications (docs/server.md, "Notifications"): the account's settings in the lobby's
// account panel (a webhook, an e-mail address, each confirmed with the code sent to it; turns, the
// end-of-game digest, and this browser's notifications), and the browser's own: while a page of the
// site is open, a game of "My games" that becomes the account's turn (pushed by the server) is shown
// with the Notification API, once per turn. Every text from the server is put in with textContent or escape().
import { api, ApiError, escape, MyGame, NotifyChange, NotifySettings, saveSeat, savedSeat } from './api';
import { language, seatName, t } from './i18n';

const POLL_MS = 15000; // how often an open page reads "My games" while its socket cannot be opened

export async function notifyPanel(): Promise<HTMLElement> {
  const panel = document.createElement('section');
  panel.className = 'notify';
  draw(panel, await api.notifications());
  return panel;
}

function state(target: { confirmed: boolean } | null): string {
  if (!target) return '';
  return target.confirmed ? t('ui.web.notify_confirmed') : t('ui.web.notify_unconfirmed');
}

function draw(panel: HTMLElement, s: NotifySettings) {
  const box = (name: keyof NotifyChange, on: boolean, label: string) =>
    `<label><input type="checkbox" name="${name}" ${on ? 'checked' : ''} /> ${escape(label)}</label>`;
  panel.innerHTML = `<h3>${escape(t('ui.web.notify_title'))}</h3>
    <form id="notify">
      <label>${escape(t('ui.web.notify_webhook'))} <input name="webhook" type="url" maxlength="500" placeholder="https://discord.com/api/webhooks/..." /></label>
      <small class="notify-state" data-channel="webhook"></small>
      ${s.email_available ? `<label>${escape(t('ui.web.notify_email'))} <input name="email" type="email" maxlength="254" /></label><small class="notify-state" data-channel="email"></small>` : ''}
      ${box('turns', s.turns, t('ui.web.notify_turns'))}
      ${box('digest', s.digest, t('ui.web.notify_digest'))}
      ${box('browser', s.browser, t('ui.web.notify_browser'))}
      <button type="submit">${escape(t('ui.web.notify_save'))}</button>
    </form>
    ${(['webhook', 'email'] as const)
      .filter((c) => s[c] && !s[c]!.confirmed)
      .map(
        (c) => `<form class="notify-confirm" data-channel="${c}">
          <label>${escape(c === 'email' ? t('ui.web.notify_code_email') : t('ui.web.notify_code_webhook'))} <input name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" required /></label>
          <button type="submit">${escape(t('ui.web.notify_confirm'))}</button></form>`,
      )
      .join('')}
    <p class="error" hidden></p>`;
  const form = panel.querySelector<HTMLFormElement>('#notify')!;
  form.querySelector<HTMLInputElement>('input[name=webhook]')!.value = s.webhook?.url ?? '';
  const email = form.querySelector<HTMLInputElement>('input[name=email]');
  if (email) email.value = s.email?.address ?? '';
  panel.querySelector('.notify-state[data-channel=webhook]')!.textContent = state(s.webhook);
  const emailState = panel.querySelector('.notify-state[data-channel=email]');
  if (emailState) emailState.textContent = state(s.email);
  const problem = panel.querySelector<HTMLElement>('p.error')!;
  const attempt = async (change: () => Promise<NotifySettings>) => {
    try {
      const now = await change();
      draw(panel, now);
      if (now.browser) watchTurns();
    } catch (err) {
      problem.hidden = false;
      problem.textContent = err instanceof ApiError || err instanceof Error ? err.message : String(err);
    }
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim() || null;
    const change: Partial<NotifyChange> = {
      webhook: text('webhook'),
      turns: data.has('turns'),
      digest: data.has('digest'),
      browser: data.has('browser'),
      language: language(),
    };
    if (s.email_available) change.email = text('email');
    void attempt(async () => {
      // The browser asks its user's leave once, on this click.
      if (change.browser && 'Notification' in window && Notification.permission === 'default') await Notification.requestPermission();
      return api.setNotifications(change);
    });
  });
  for (const confirm of Array.from(panel.querySelectorAll<HTMLFormElement>('form.notify-confirm'))) {
    confirm.addEventListener('submit', (e) => {
      e.preventDefault();
      const code = String(new FormData(confirm).get('code') ?? '').trim();
      void attempt(() => api.confirmNotifications(confirm.dataset.channel as 'webhook' | 'email', code));
    });
  }
}

// The account's "My games" as the server pushes it over the account's socket (GET /api/me/ws): sent
// when the socket opens and whenever the list changes. One socket serves every listener of the page
// (the lobby's panel, the browser's notifications); it is opened by the first listener and closed
// once none is left. A socket that closes is opened again after 1 s, doubling up to a minute, and
// while one cannot be opened (signed out, a proxy that passes no WebSocket) the page reads "My games"
// every POLL_MS instead. A listener is dropped once `alive` says false (a panel no longer on the page).
type GamesListener = (games: MyGame[]) => void;
const listeners = new Map<GamesListener, () => boolean>();
let feeding = false; // a socket is open, or being opened again, or the page polls
let socket: WebSocket | null = null;
let newest: MyGame[] | null = null; // the open socket's last list
let openNow = () => {}; // a feed waiting to open its socket again opens it at once (a new listener: signed in again)

export function onMyGames(listener: GamesListener, alive: () => boolean = () => true): () => void {
  listeners.set(listener, alive);
  if (!feeding) openFeed();
  else if (!socket) openNow();
  else if (newest) listener(newest); // the socket's lists so far went to the listeners before it
  return () => listeners.delete(listener);
}

// The listeners still alive; the socket is closed once none is.
function live(): number {
  for (const [listener, alive] of Array.from(listeners)) if (!alive()) listeners.delete(listener);
  if (listeners.size === 0) socket?.close();
  return listeners.size;
}

function tellListeners(games: MyGame[]) {
  newest = socket ? games : null;
  if (live() === 0) return;
  for (const listener of Array.from(listeners.keys())) listener(games);
}

function openFeed() {
  feeding = true;
  let polling: number | undefined,
    waiting: number | undefined,
    delay = 1000;
  const stop = () => {
    window.clearInterval(polling);
    polling = undefined;
  };
  const read = async () => {
    try {
      tellListeners((await api.myGames()).games);
    } catch {
      // signed out, or the server away: the next look tries again
    }
  };
  const open = () => {
    if (live() === 0) {
      feeding = false;
      return stop();
    }
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/me/ws`);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      delay = 1000;
      stop();
    };
    ws.onmessage = (e) => tellListeners((JSON.parse(e.data) as { games: MyGame[] }).games);
    ws.onclose = () => {
      socket = null;
      newest = null;
      if (!opened && polling === undefined && live() > 0) {
        void read();
        polling = window.setInterval(() => void (live() > 0 ? read() : stop()), POLL_MS);
      }
      waiting = window.setTimeout(open, listeners.size > 0 ? delay : 0);
      delay = Math.min(delay * 2, 60000);
    };
  };
  openNow = () => {
    window.clearTimeout(waiting);
    delay = 1000;
    open();
  };
  open();
}

let watching = false;

// While the page is open: a game of "My games" that was not the account's turn at the last look and
// is now is shown once (not the game the page shows while it is in view). The first look only learns
// what is waiting already.
export function watchTurns() {
  if (watching || !('Notification' in window) || Notification.permission !== 'granted') return;
  watching = true;
  let known: Set<string> | null = null;
  onMyGames((games) => {
    const waiting = new Set(games.filter((g) => g.your_turn && !g.terminal).map((g) => g.id));
    const inView = (g: MyGame) => location.hash === `#/game/${g.id}` && document.visibilityState === 'visible';
    if (known) for (const g of games) if (waiting.has(g.id) && !known.has(g.id) && !inView(g)) tell(g);
    known = waiting;
  });
}

function tell(g: MyGame) {
  const n = new Notification(t('ui.web.notify_your_turn'), {
    body: t('ui.web.notify_your_turn_as', { seat: seatName(g.seat) }),
    tag: g.id,
  });
  n.onclick = () => {
    window.focus();
    saveSeat(g.id, g.seat, g.token);
    location.hash = `#/game/${g.id}`;
  };
}

// Starts the browser's notifications on any page when the account chose them.
export async function startTurnWatch() {
  try {
    // Only an account has notifications: a browser without one is not asked (a 401 in its console).
    if ((await api.me()).name && (await api.notifications()).browser) watchTurns();
  } catch {
    // not signed in
  }
}

// A game opened from a link (a notification's) on a device that does not hold its seat: the seat of
// the signed-in account, if it holds one, is kept for this device first.
export async function adoptSeat(id: string) {
  if (savedSeat(id)) return;
  try {
    if (!(await api.me()).name) return; // no account: nothing to adopt (and no 401 in the console)
    const g = (await api.myGames()).games.find((x) => x.id === id);
    if (g) saveSeat(g.id, g.seat, g.token);
  } catch {
    // not signed in: the page opens as a spectator's
  }
}
