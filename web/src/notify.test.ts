import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyGame, Vacation } from './api';
import { FakeSocket } from './socket.fixture';

// The account's list of games as its WebSocket sends it.
const list = (games: Partial<MyGame>[]) => ({ name: 'anna', games });

const told: { title: string; tag?: string }[] = [];
class FakeNotification {
  static permission = 'granted';
  onclick: (() => void) | null = null;
  constructor(title: string, options: { tag?: string } = {}) {
    told.push({ title, tag: options.tag });
  }
}

const game = (id: string, yourTurn: boolean): Partial<MyGame> => ({ id, seat: 'UK', token: 't', your_turn: yourTurn, terminal: false });

describe('"your turn" in the browser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    FakeSocket.made = [];
    told.length = 0;
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('Notification', FakeNotification);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('tells a turn the server pushes, once, without reading "My games" itself', async () => {
    const { api } = await import('./api');
    const read = vi.spyOn(api, 'myGames');
    const { watchTurns } = await import('./notify');
    watchTurns();
    expect(FakeSocket.made.map((s) => new URL(s.url).pathname)).toEqual(['/api/me/ws']);
    const ws = FakeSocket.made[0];
    ws.onopen!();
    ws.push(list([game('a', true), game('b', false)])); // the first list only learns what waits already
    expect(told).toEqual([]);
    ws.push(list([game('a', true), game('b', true)]));
    ws.push(list([game('a', true), game('b', true)]));
    expect(told.map((n) => n.tag)).toEqual(['b']);
    await vi.advanceTimersByTimeAsync(60000);
    expect(read).not.toHaveBeenCalled();
  });

  it('reads "My games" every 15 s while the socket cannot be opened, and stops once it opens', async () => {
    const { api } = await import('./api');
    const read = vi.spyOn(api, 'myGames').mockResolvedValue({ name: 'anna', games: [] });
    const { watchTurns } = await import('./notify');
    watchTurns();
    FakeSocket.made[0].onclose!(); // refused: signed out, or a proxy without WebSockets
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.made.length).toBe(2); // tried again after 1 s
    FakeSocket.made[1].onclose!();
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeSocket.made.length).toBe(3); // then after 2 s
    await vi.advanceTimersByTimeAsync(12000);
    expect(read).toHaveBeenCalledTimes(2); // 15 s after the first read
    FakeSocket.made[2].onopen!();
    await vi.advanceTimersByTimeAsync(60000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("serves the lobby's My games panel and the notifications from one socket, closed once no listener is left", async () => {
    const { onMyGames, watchTurns } = await import('./notify');
    let shown = true;
    const panel: string[][] = [];
    const stop = onMyGames(
      (games) => panel.push(games.map((g) => `${g.id}${g.your_turn ? '!' : ''}`)),
      () => shown,
    );
    watchTurns();
    expect(FakeSocket.made.length).toBe(1);
    const ws = FakeSocket.made[0];
    ws.onopen!();
    ws.push(list([game('a', false)]));
    ws.push(list([game('a', true), game('b', false)]));
    expect(panel).toEqual([['a'], ['a!', 'b']]);
    expect(told.map((n) => n.tag)).toEqual(['a']);
    shown = false; // the panel left the page: no more lists for it, the notifications keep the socket
    ws.push(list([game('a', true), game('b', true)]));
    expect(panel.length).toBe(2);
    expect(told.map((n) => n.tag)).toEqual(['a', 'b']);
    expect(ws.closed).toBe(false);
    stop();
  });

  it('closes the socket when its last listener is gone, and opens one at once for a new listener', async () => {
    const { onMyGames } = await import('./notify');
    let shown = true;
    const lists: number[] = [];
    onMyGames(
      (games) => lists.push(games.length),
      () => shown,
    );
    const ws = FakeSocket.made[0];
    ws.onopen!();
    ws.push(list([game('a', true)]));
    shown = false;
    ws.push(list([]));
    expect(lists).toEqual([1]);
    expect(ws.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(120000);
    expect(FakeSocket.made.length).toBe(1); // nobody listens: not opened again
    onMyGames((games) => lists.push(games.length));
    expect(FakeSocket.made.length).toBe(2);
    FakeSocket.made[1].onopen!();
    FakeSocket.made[1].push(list([game('a', true), game('b', false)]));
    expect(lists).toEqual([1, 2]);
  });

  it('gives a listener that comes while the socket is open the newest list it brought', async () => {
    const { onMyGames, watchTurns } = await import('./notify');
    watchTurns();
    const ws = FakeSocket.made[0];
    ws.onopen!();
    ws.push(list([game('a', true)]));
    ws.push(list([game('a', false)]));
    const lists: string[][] = [];
    onMyGames((games) => lists.push(games.map((g) => `${g.id}${g.your_turn ? '!' : ''}`)));
    expect(lists).toEqual([['a']]);
    ws.onclose!(); // a list of a socket that closed is not given: the next socket's first list is
    onMyGames((games) => lists.push(games.map((g) => g.id)));
    expect(lists).toEqual([['a']]);
  });

  it("keeps the lobby's panel told while it is being made off the page, before it is put on the page", async () => {
    const { api } = await import('./api');
    vi.spyOn(api, 'me').mockResolvedValue({ name: 'anna' });
    vi.spyOn(api, 'myGames').mockResolvedValue({ name: 'anna', games: [game('a', true) as MyGame] });
    let answer: (v: Vacation) => void = () => {};
    vi.spyOn(api, 'vacation').mockReturnValue(new Promise<Vacation>((resolve) => (answer = resolve)));
    vi.spyOn(api, 'notifications').mockResolvedValue({ turns: true, digest: false, browser: false, email_available: false } as never);
    const { accountPanel } = await import('./account');
    const made = accountPanel(new Map());
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.made.length).toBe(1); // opened for the panel, though nothing else listens
    const ws = FakeSocket.made[0];
    ws.onopen!();
    ws.push(list([game('a', true)])); // the socket's first list, while the panel waits for its other parts
    answer({ allowance_days: 21, year: 2026, used_days: 0, left_days: 21, until: null });
    const panel = await made;
    document.body.append(panel);
    ws.push(list([game('a', false)])); // the account moved: it waits for others
    expect(panel.querySelector('#my-games tr')!.classList.contains('your-turn')).toBe(false);
    panel.remove();
  });
});
