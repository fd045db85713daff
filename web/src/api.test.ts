import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, subscribe, type View } from './api';
import { FakeSocket } from './socket.fixture';

// What the server answers, in order; the requests it was sent are kept.
function serve(...answers: Array<[number, unknown]>) {
  const sent: Array<{ url: string; method: string; key?: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { method: string; headers: Record<string, string> }) => {
      sent.push({ url, method: init.method, key: init.headers['Idempotency-Key'] });
      const [status, body] = answers.shift()!;
      return { ok: status < 400, status, json: async () => body } as Response;
    }),
  );
  return sent;
}

const unknown: [number, unknown] = [504, { error: 'lost', code: 'outcome_unknown' }];
const view = { version: 8, legal_actions: [] };

describe('a change whose outcome is unknown (docs/server.md, "Idempotency keys")', () => {
  afterEach(() => vi.useRealTimers());

  it('is sent again with the same key, and the answer is the view', async () => {
    vi.useFakeTimers();
    const sent = serve(unknown, [200, view]);
    const answer = api.act('g1', 'agenda bevin', 7, 'T');
    await vi.runAllTimersAsync();
    expect(await answer).toEqual(view);
    expect(sent.map((s) => s.method)).toEqual(['POST', 'POST']);
    expect(sent[0].key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1].key).toBe(sent[0].key);
  });

  it('reads the game again when the second try is unknown too', async () => {
    vi.useFakeTimers();
    const sent = serve(unknown, [502, {}], [200, view]);
    const answer = api.undo('g1', 7, 'T');
    await vi.runAllTimersAsync();
    expect(await answer).toEqual(view);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/games/g1/undo',
      'POST /api/games/g1/undo',
      'GET /api/games/g1/view',
    ]);
  });

  it('is never sent again after an answer that says it was not made', async () => {
    const sent = serve([409, { error: 'stale', code: 'stale', view }]);
    await expect(api.act('g1', 'agenda bevin', 7, 'T')).rejects.toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(1);
  });

  it('gives every request a key of its own', async () => {
    const sent = serve([200, view], [200, view]);
    await api.act('g1', 'a', 7, 'T');
    await api.act('g1', 'b', 8, 'T');
    expect(sent[0].key).not.toBe(sent[1].key);
  });
});

describe("a game's pushed views", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('draws only the newest of the views that arrived while the page was busy, and table talk at once', () => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const drawn: number[] = [];
    const said: string[] = [];
    subscribe(
      'g1',
      'T',
      (v: View) => drawn.push(v.version),
      (m) => said.push(m.text),
    );
    const ws = FakeSocket.made[0];
    ws.onopen?.();
    expect(ws.sent).toEqual([JSON.stringify({ token: 'T' })]);
    for (const version of [5, 6, 7]) ws.push({ version, legal_actions: [] });
    ws.push({ chat: { text: 'hello' } });
    expect(said).toEqual(['hello']);
    expect(drawn).toEqual([]);
    vi.runAllTimers();
    expect(drawn).toEqual([7]);
    ws.push({ version: 8, legal_actions: [] });
    vi.runAllTimers();
    expect(drawn).toEqual([7, 8]);
  });

  it('draws nothing once the page has left the game', () => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const drawn: number[] = [];
    const stop = subscribe('g1', undefined, (v: View) => drawn.push(v.version));
    FakeSocket.made[0].push({ version: 5, legal_actions: [] });
    stop();
    vi.runAllTimers();
    expect(drawn).toEqual([]);
  });
});
