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
}

export interface Board {
  fronts: { id: string; name: string; color: Power; theater: string; track: { id: string; name: string; amphibious: boolean }[] }[];
  locations: { id: string; name: string; colony: boolean; theater: string; space: string | null }[];
  issues: { id: string; name: string }[];
}

export interface GameSummary {
  id: string;
  scenario: string;
  seats: Record<Power, string>;
  phase: string;
  conference: number;
  terminal: boolean;
  winner: Power | null;
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(json.error ?? `HTTP ${res.status}`);
  return json as T;
}

export const api = {
  games: () => call<GameSummary[]>('GET', '/api/games'),
  board: () => call<Board>('GET', '/api/data'),
  create: (scenario: string, seats: Record<Power, string>, options: string[]) =>
    call<{ id: string }>('POST', '/api/games', { scenario, seats, options }),
  claim: (id: string, seat: Power) => call<{ token: string }>('POST', `/api/games/${id}/seats/${seat}`),
  view: (id: string, token?: string) => call<View>('GET', `/api/games/${id}/view`, undefined, token),
  act: (id: string, action: string, token: string) => call<View>('POST', `/api/games/${id}/actions`, { action }, token),
  undo: (id: string, token: string) => call<View>('POST', `/api/games/${id}/undo`, undefined, token),
};

// The seat this browser holds in a game, kept in local storage.
export function savedSeat(id: string): { seat: Power; token: string } | null {
  const raw = localStorage.getItem(`churchill.${id}`);
  return raw ? JSON.parse(raw) : null;
}
export function saveSeat(id: string, seat: Power, token: string) {
  localStorage.setItem(`churchill.${id}`, JSON.stringify({ seat, token }));
}

export function subscribe(id: string, token: string | undefined, onView: (v: View) => void): () => void {
  const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${protocol}://${location.host}/api/games/${id}/ws${token ? `?token=${token}` : ''}`);
  ws.onmessage = (e) => onView(JSON.parse(e.data));
  return () => ws.close();
}
