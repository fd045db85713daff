// The server's API (architecture.md §5): JSON over HTTP, the view pushed over a WebSocket.

export type Power = 'UK' | 'US' | 'USSR';
export const POWERS: Power[] = ['UK', 'US', 'USSR'];

export interface View {
  id: string;
  scenario: string;
  seat: Power | null;
  active: Power[];
  phase: string;
  conference: number;
  conference_card: string | null;
  legal_actions: string[];
  hand: string[];
  issues: Record<string, string>;
  fronts: Record<string, { position: string; offensive: number; reserves: number; directed: Power[] }>;
  tracks: { a_bomb: string; spy_ring: string; leadership: Record<string, Power>; global: Record<string, string>;
            surrendered: Record<string, boolean> };
  naval: Record<string, number>;
  locations: Record<string, { networks: number; network_owner: Power | null; alignment: Power | null }>;
  powers: Record<Power, { leader: string; active: boolean; stays_home: boolean; cards_in_hand: number; conferences_won: number }>;
  log: string[];
  scores: Record<Power, number>;
  terminal: boolean;
  winner: Power | null;
  seats: Record<Power, string>;
  can_undo: boolean;
  secret_agenda: Record<string, string[]>;
  version: number;  // sent back with an action: the server refuses one chosen on an older view
  seed?: string;    // published once the game is over
}

export interface Board {
  fronts: { id: string; name: string; color: Power; theater: string; track: { id: string; name: string; amphibious: boolean }[] }[];
  locations: { id: string; name: string; colony: boolean; theater: string; space: string | null }[];
  issues: { id: string; name: string }[];
}

export interface GameSummary {
  id: string;
  scenario: string;
  seats: Record<Power, string>;  // "open" (anyone may join), "invitation", "taken" or a bot
  open: boolean;
  phase: string;
  conference: number;
  terminal: boolean;
  winner: Power | null;
}

export interface GamePage {
  games: GameSummary[];
  next: string | null;  // the id to ask for the next page after
}

// An error answer; a stale action's (409) carries the game's current view.
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly view?: View) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new ApiError(json.error ?? `HTTP ${res.status}`, res.status, json.view);
  return json as T;
}

export const api = {
  games: (after?: string) => call<GamePage>('GET', `/api/games${after ? `?after=${encodeURIComponent(after)}` : ''}`),
  board: () => call<Board>('GET', '/api/data'),
  create: (scenario: string, seats: Record<Power, string>, options: string[], seating: 'public' | 'invitation') =>
    call<{ id: string; invitation?: string }>('POST', '/api/games', { scenario, seats, options, seating }),
  claim: (id: string, seat: Power, invitation?: string) =>
    call<{ token: string }>('POST', `/api/games/${id}/seats/${seat}`, invitation ? { invitation } : {}),
  view: (id: string, token?: string) => call<View>('GET', `/api/games/${id}/view`, undefined, token),
  act: (id: string, action: string, version: number, token: string) =>
    call<View>('POST', `/api/games/${id}/actions`, { action, version }, token),
  undo: (id: string, version: number, token: string) => call<View>('POST', `/api/games/${id}/undo`, { version }, token),
};

// The seat this browser holds in a game, and the game's invitation if this browser created it, kept
// in local storage.
export interface Held {
  seat: Power;
  token: string;
  invitation?: string;
}
export function savedSeat(id: string): Held | null {
  const raw = localStorage.getItem(`churchill.${id}`);
  return raw ? JSON.parse(raw) : null;
}
export function saveSeat(id: string, seat: Power, token: string, invitation?: string) {
  localStorage.setItem(`churchill.${id}`, JSON.stringify({ seat, token, invitation }));
}

// An invitation is a link carrying the game's secret after the '#', which browsers never send to a server.
export function invitationLink(id: string, invitation: string): string {
  return `${location.origin}${location.pathname}#/game/${id}/invite/${invitation}`;
}

// The views of a game as they change. The token goes in the first message, never in the URL.
export function subscribe(id: string, token: string | undefined, onView: (v: View) => void): () => void {
  const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${protocol}://${location.host}/api/games/${id}/ws`);
  ws.onopen = () => ws.send(JSON.stringify(token ? { token } : {}));
  ws.onmessage = (e) => onView(JSON.parse(e.data));
  return () => ws.close();
}
