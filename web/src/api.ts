// The server's API (docs/server.md): JSON over HTTP, the view pushed over a WebSocket. Nothing here
// knows which game is played: the view's types are generated from its schema (view-types.ts), and
// each title's own fields are read by the title's module (titles/).
import { Message, render } from './i18n';
import type { LogEvent, View } from './view-types';

export interface ScenarioInfo {
  id: string;
  name: string;
  players: number[]; // the seat counts it may be played with, the default first
  seats: Record<string, string[]>; // by seat count: the seats' names
  reconstructed: boolean; // the project's scenario, not the rulebook's
}

export interface OptionInfo {
  id: string;
  description: string;
  harness?: boolean; // a test harness's setting, not a rule: never offered in the lobby
  scenario?: string; // the only scenario it applies to
  players?: number; // the only seat count it applies to
}

export interface TitleInfo {
  id: string;
  name: string;
  scenarios: ScenarioInfo[];
  options: OptionInfo[];
  bots: string[];
}

// A seat's view: the platform's fields and its title's own, as the schema types them
// (schema/view.schema.json, generated into view-types.ts; docs/view.md).
export type { ActionFields, ChurchillView, HillsView, LogEvent, View, WarRoomView } from './view-types';

export interface GameSummary {
  phase_message?: Message; // the phase as a message, worded in the reader's language
  id: string;
  title: string;
  scenario: string;
  seats: Record<string, string>; // "open" (anyone may join), "invitation", "taken" or a bot
  seat_order: string[];
  open: boolean;
  phase: string;
  terminal: boolean;
  winners: string[];
  pace?: string; // none, live, fast, slow, custom
  observers?: boolean; // false: played without spectators
  conceded?: string[]; // the seats whose alliance conceded
  rematch?: string; // the game it is a rematch of
}

export interface GamePage {
  games: GameSummary[];
  next: string | null; // the id to ask for the next page after
}

export interface NewGame {
  title: string;
  scenario: string;
  players: number;
  seats: Record<string, string>;
  options: string[];
  seating: 'public' | 'invitation';
  pace?: string | { initial: number; per_move: number; most: number }; // docs/server.md, "Paces and clocks"
  stand_in?: string; // the bot that plays a seat whose clock ran out
  observers?: boolean; // false: no spectators while it is played
}

// The lines [from, from + log.length) of a game's log as its views number them, and the log's length then.
export interface LogPage {
  from: number;
  log: string[];
  log_messages?: Message[];
  log_events?: LogEvent[];
  log_size: number;
}

// An error answer; a stale action's (409) carries the game's current view.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly view?: View,
    readonly code?: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string, key?: string): Promise<T> {
  // X-Churchill-CSRF: a page of another site cannot send it, so the server knows a request signed in
  // by the session cookie comes from this client (docs/server.md, "Accounts").
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Churchill-CSRF': '1' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers['Idempotency-Key'] = key;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  // The error in the reader's language: its message (server.error.<code>), else the English text.
  if (!res.ok) throw new ApiError(render(json.message) || json.error || `HTTP ${res.status}`, res.status, json.view, json.code);
  return json as T;
}

// A new request key: 32 hex digits (crypto.getRandomValues works on plain http too, randomUUID not).
export function requestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

// Whether a request may have been made though its answer did not say so: the server lost its database
// connection at the commit (504 outcome_unknown), a proxy lost the server (502, 504), or the network
// lost the answer (fetch's TypeError).
export function outcomeUnknown(err: unknown): boolean {
  if (err instanceof ApiError) return err.code === 'outcome_unknown' || err.status === 502 || err.status === 504;
  return err instanceof TypeError;
}

// A change of a game, sent with a key: when its outcome is unknown it is sent once more with the same
// key, which the server answers with the seat's view whether the change was made then or now (never
// twice); if that fails too, the game is read again and the view shown as it is.
async function change(path: string, body: unknown, id: string, token: string): Promise<View> {
  const key = requestKey();
  try {
    return await call<View>('POST', path, body, token, key);
  } catch (err) {
    if (!outcomeUnknown(err)) throw err;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    try {
      return await call<View>('POST', path, body, token, key);
    } catch (again) {
      if (!outcomeUnknown(again)) throw again;
      return call<View>('GET', `/api/games/${id}/view`, undefined, token);
    }
  }
}

const layouts = new Map<string, Promise<unknown>>();

export const api = {
  titles: () => call<TitleInfo[]>('GET', '/api/titles'),
  // A title's board layout, fetched once.
  layout: (title: string) => {
    if (!layouts.has(title)) layouts.set(title, call<unknown>('GET', `/api/titles/${encodeURIComponent(title)}/layout`));
    return layouts.get(title)!;
  },
  // A section ("7.74") of the rulebook's edition in `lang`, else the English one ("language" says
  // which); "found" is false when the server has no rulebook with it ("text" says why, in English).
  rules: (title: string, section: string, lang: string) =>
    call<{ section: string; language: string; found: boolean; text: string }>(
      'GET',
      `/api/titles/${encodeURIComponent(title)}/rules/${encodeURIComponent(section)}?lang=${encodeURIComponent(lang)}`,
    ),
  games: (after?: string, status?: 'live' | 'open' | 'finished') => {
    const query = new URLSearchParams();
    if (after) query.set('after', after);
    if (status) query.set('status', status);
    const q = query.toString();
    return call<GamePage>('GET', `/api/games${q ? `?${q}` : ''}`);
  },
  create: (game: NewGame) => call<{ id: string; invitation?: string }>('POST', '/api/games', game),
  claim: (id: string, seat: string, invitation?: string) =>
    call<{ token: string }>('POST', `/api/games/${id}/seats/${encodeURIComponent(seat)}`, invitation ? { invitation } : {}),
  view: (id: string, token?: string) => call<View>('GET', `/api/games/${id}/view`, undefined, token),
  // Lines of the log the page was never sent (docs/server.md, "The log").
  log: (id: string, from: number, count: number, token?: string) =>
    call<LogPage>('GET', `/api/games/${id}/log?from=${from}&count=${count}`, undefined, token),
  act: (id: string, action: string, version: number, token: string) => change(`/api/games/${id}/actions`, { action, version }, id, token),
  undo: (id: string, version: number, token: string) => change(`/api/games/${id}/undo`, { version }, id, token),
  // The seat is back from its stand-in, or agrees to pause (or resumes): its view.
  clock: (id: string, token: string, body: { back: true } | { pause: boolean }) =>
    call<View>('POST', `/api/games/${id}/clock`, body, token),
  // Endings and beginnings (endings.ts): each answers the seat's view, or the rematch's game.
  resign: (id: string, token: string, bot?: string) => change(`/api/games/${id}/resign`, bot ? { bot } : {}, id, token),
  concede: (id: string, token: string, agree: boolean) => change(`/api/games/${id}/concede`, { agree }, id, token),
  rematch: (id: string, token: string) => call<{ id: string; created: boolean }>('POST', `/api/games/${id}/rematch`, {}, token),
  // The games in play with a public open seat, for a stranger to join.
  openGames: (filter: { title?: string; scenario?: string; pace?: string; after?: string }) => {
    const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value) as [string, string][]).toString();
    return call<GamePage>('GET', `/api/games/open${query ? `?${query}` : ''}`);
  },
  chat: (id: string, token?: string) => call<ChatList>('GET', `/api/games/${id}/chat`, undefined, token),
  say: (id: string, token: string, channel: string, text: string, to?: string) =>
    call<{ message: ChatMessage }>('POST', `/api/games/${id}/chat`, { channel, text, ...(to ? { to } : {}) }, token),
  mute: (id: string, token: string, seat: string, muted: boolean) =>
    call<{ muted: string[] }>('POST', `/api/games/${id}/chat/mute`, { seat, muted }, token),
  // Accounts: the session is an HttpOnly cookie the browser sends by itself.
  // Who this browser is: null without a session cookie (asking is no error); a session that ended is a 401.
  me: () => call<{ name: string | null }>('GET', '/api/me'),
  signUp: (name: string, password: string) => call<{ name: string }>('POST', '/api/accounts', { name, password }),
  signIn: (name: string, password: string) => call<{ name: string }>('POST', '/api/sessions', { name, password }),
  signOut: () => call<{ ended: number }>('DELETE', '/api/sessions'),
  myGames: () => call<{ name: string; games: MyGame[] }>('GET', '/api/me/games'),
  // Vacation days: the account's seats' clocks stand still while it is away (docs/server.md).
  vacation: () => call<Vacation>('GET', '/api/me/vacation'),
  setVacation: (days: number) => call<Vacation>('PUT', '/api/me/vacation', { days }),
  tieSeat: (game: string, token: string) => call<{ game: string; seat: string }>('POST', '/api/me/seats', { game, token }),
  // Notifications (docs/server.md, "Notifications"): only the fields given change.
  notifications: () => call<NotifySettings>('GET', '/api/me/notifications'),
  setNotifications: (change: Partial<NotifyChange>) => call<NotifySettings>('PUT', '/api/me/notifications', change),
  confirmNotifications: (channel: 'webhook' | 'email', code: string) =>
    call<NotifySettings>('POST', '/api/me/notifications/confirm', { channel, code }),
};

export interface Vacation {
  allowance_days: number;
  year: number;
  used_days: number;
  left_days: number;
  until: number | null; // unix seconds; null: at home
}

// An account's notification settings: a webhook and an address are used once confirmed with the
// code sent to them.
export interface NotifySettings {
  webhook: { url: string; confirmed: boolean } | null;
  email: { address: string; confirmed: boolean } | null;
  browser: boolean;
  turns: boolean;
  digest: boolean;
  language: string;
  email_available: boolean;
}
export interface NotifyChange {
  webhook: string | null;
  email: string | null;
  browser: boolean;
  turns: boolean;
  digest: boolean;
  language: string;
}

// Table talk (server/chat.h): a message as the server keeps it; `step` is the game's actions when it
// was written (where the replay shows it).
export interface ChatMessage {
  id: number;
  at: number;
  step: number;
  seat: string;
  channel: 'table' | 'alliance' | 'private';
  to?: string;
  team?: number;
  text: string;
}
export interface ChatList {
  messages: ChatMessage[];
  muted: string[];
  channels: string[]; // where this seat may write (none for a spectator)
  seats: string[];
}

// A game of the signed-in account ("My games"): its list entry, the account's seat and its token,
// and whether the game waits for that seat.
export interface MyGame extends GameSummary {
  seat: string;
  token: string;
  your_turn: boolean;
  updated: number;
}

// Every seat this browser holds: game id -> seat.
export function savedSeats(): [string, Held][] {
  const out: [string, Held][] = [];
  for (let i = 0; i < localStorage.length; ++i) {
    const key = localStorage.key(i)!;
    const m = key.match(/^(?:game|churchill)\.([0-9a-f]+)$/);
    const held = m ? savedSeat(m[1]) : null;
    if (m && held) out.push([m[1], held]);
  }
  return out;
}

// The seat this browser holds in a game, and the game's invitation if this browser created it, kept
// in local storage.
export interface Held {
  seat: string;
  token: string;
  invitation?: string;
}
export function savedSeat(id: string): Held | null {
  const raw = localStorage.getItem(`game.${id}`) ?? localStorage.getItem(`churchill.${id}`);
  return raw ? JSON.parse(raw) : null;
}
export function saveSeat(id: string, seat: string, token: string, invitation?: string) {
  localStorage.setItem(`game.${id}`, JSON.stringify({ seat, token, invitation }));
}

// An invitation is a link carrying the game's secret after the '#', which browsers never send to a server.
export function invitationLink(id: string, invitation: string): string {
  return `${location.origin}${location.pathname}#/game/${id}/invite/${invitation}`;
}

// The views of a game as they change. The token goes in the first message, never in the URL. A
// connection the server closes (a restart, an instance behind the proxy dying) is opened again, after
// 1 s, then up to 30 s between tries; the first view it sends brings the page up to date. Views that
// arrive faster than the page draws them are not all drawn: only the newest of those waiting (a page
// behind bots playing fast once drew each pushed view in turn, its last one 31 s after the game had
// it); the log's lines of the views passed over are asked for by the page (game.ts, fillLog).
export function subscribe(id: string, token: string | undefined, onView: (v: View) => void, onChat?: (m: ChatMessage) => void): () => void {
  const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
  let ws: WebSocket | null = null,
    stopped = false,
    delay = 1000,
    timer: number | undefined,
    newest: View | null = null; // the newest view not drawn yet
  const draw = () => {
    const v = newest;
    newest = null;
    if (v && !stopped) onView(v);
  };
  const open = () => {
    ws = new WebSocket(`${protocol}://${location.host}/api/games/${id}/ws`);
    ws.onopen = () => {
      delay = 1000;
      ws!.send(JSON.stringify(token ? { token } : {}));
    };
    ws.onmessage = (e) => {
      const data = JSON.parse(e.data);
      if (data.chat) return onChat?.(data.chat as ChatMessage);
      if (!newest) window.setTimeout(draw);
      newest = data;
    };
    ws.onclose = () => {
      if (stopped) return;
      timer = window.setTimeout(open, delay);
      delay = Math.min(delay * 2, 30000);
    };
  };
  open();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    ws?.close();
  };
}

// Text from the server placed in HTML.
export function escape(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
