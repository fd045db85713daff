// A War in Europe game with a long log (2,000+ lines drawn), as the play-test's round 5 had (docs/
// warroom/playtest.md, 2026-12-05): the page keeps the log's lines drawn and a view draws only what it
// changes (web/src/log-panel.ts), so an action's redraw does not grow with the log (docs/warroom/
// browser.md, "The log").
// - The page of the British Commonwealth is open from the start; the rules bot plays every other
//   seat, and this script the British Commonwealth through the API (a seeded random legal action)
//   until the log is long enough.
//   A game that ends before the seat has an only conflict left (below) is played again in a new one.
// - Every line drawn, numbered 1 to the log's length: those the bots wrote between two views (more
//   than a view carries) and, on a page opened late, those before the view's last lines, which the
//   page asks for (GET /api/games/ID/log).
// - Actions clicked on the page until one adds lines: the log's existing line elements are the same
//   nodes as before, the new lines are new elements appended, numbered in order; the time from the
//   click to the page drawn and the view's drawing ("game.view" measure) are printed.
// - Undo of a move that added lines removes exactly those lines; the others stay the same nodes.
// - The filter hides every line and, cleared, shows them all again.
// - A language switch draws the page again: its lines, by number, worded in Russian.
// Usage: node e2e/warroom-log.mjs BASE_URL OUT_DIR [LINES]
import { claimSeat, fail, holdSeat, launch, postGame, tourSeen } from './browser.mjs';

const [base, out, wanted = '2000'] = process.argv.slice(2);
const started = Date.now();
const seat = 'BC';
// A game of its own for each try (the server draws its dice): the seat's page open from the start.
let game, token, context, page, v;
const call = async (path, body) => {
  const r = await fetch(`${base}api/games/${game.id}/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const b = await r.json();
  return b.view ?? b;
};
const browser = await launch();
// What the page sent and received last, for a failure to say: its requests to the API (when sent, how
// many were waiting then, when and how answered) and the versions its WebSocket brought.
const traffic = [];
const clock = () => ((Date.now() - started) / 1000).toFixed(1);
const what = (r) => (r.method() === 'POST' ? r.postData() : new URL(r.url()).pathname.split('/').pop() + new URL(r.url()).search);
const pending = new Set();
const watch = (page) => {
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().includes('/api/')) return;
    pending.add(r);
    traffic.push(`${clock()} s: sent ${what(r)} (${pending.size} waiting)`);
  });
  page.on('requestfinished', async (r) => {
    if (!pending.delete(r)) return;
    traffic.push(`${clock()} s: answered ${(await r.response())?.status()} to ${what(r)}`);
  });
  page.on('requestfailed', (r) => pending.delete(r) && traffic.push(`${clock()} s: failed ${what(r)} (${r.failure()?.errorText})`));
  page.on('websocket', (ws) => {
    traffic.push(`${clock()} s: socket opened`);
    ws.on('close', () => traffic.push(`${clock()} s: socket closed`));
    ws.on('framereceived', (f) => {
      const version = /"version":(\d+)/.exec(f.payload)?.[1];
      if (version) traffic.push(`${clock()} s: pushed version ${version}`);
    });
  });
};
const open = async () => {
  game = await postGame(base, {
    title: 'warroom',
    scenario: 'war-in-europe',
    seating: 'public',
    seats: { 'GER+ITA': 'bot:rules', USSR: 'bot:rules', US: 'bot:rules' },
  });
  token = await claimSeat(base, game.id, seat);
  context = await tourSeen(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  await holdSeat(context, game.id, seat, token);
  page = await context.newPage();
  watch(page);
  await page.goto(`${base}#/game/${game.id}`);
  await page.waitForSelector('ol.log > li', { timeout: 60000 });
  v = await call('view');
};

// The British Commonwealth's moves, through the API: a seeded random legal action whenever the seat
// must act, until the log is long enough and the seat must act again. A game that ends before the
// seat has an only conflict left (below) is played again in a new game, twice at most: once a bot
// won after 3,461 lines.
let seed = 7;
const random = (n) => (((seed = (seed * 1103515245 + 12345) % 2147483648) % n) + n) % n;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const size = (x) => Number(x.log_size ?? x.log.length);
class GameOver extends Error {}
let retrying = true;
// One step of the game: the seat's move if it must act (returns whether it did), else a wait.
const step = async () => {
  if (v.terminal && retrying) throw new GameOver(`the game ended at ${size(v)} lines`);
  if (v.terminal) fail(`the game ended at ${size(v)} lines`);
  if (Date.now() - started > 240000) fail(`the log reached only ${size(v)} lines`);
  if (v.active.includes(seat) && v.legal_actions.length) {
    const choices = v.legal_actions.filter((a) => !/^(resign|concede)/.test(a));
    const next = await call('actions', { action: choices[random(choices.length)], version: v.version });
    v = next.version ? next : await call('view');
    return true;
  }
  await sleep(100);
  v = await call('view');
  return false;
};
// Every line of the log drawn on page `p`, numbered 1 to `n` and on without a gap: the bots' moves
// between two views may add more lines than a view carries (its last 200), and a page opened late is
// sent the last ones only; the page asks for those it was not sent (GET /api/games/ID/log). The
// other seats' bots may have added lines since the view that said `n` (a loaded run's page had drawn
// 2,150 where that view said 2,149, and waited for exactly 2,149 until it failed).
const allLinesDrawn = (p, n, what) =>
  p
    .waitForFunction(
      (k) => {
        const lis = document.querySelectorAll('ol.log > li');
        return lis.length >= k && Array.prototype.every.call(lis, (li, i) => li.value === i + 1);
      },
      n,
      { timeout: 60000 },
    )
    .catch(async () => fail(`${what}: ${await p.locator('ol.log > li').count()} log lines drawn of ${n}`));
// Waits for the page to draw the game's view and every line of its log; returns how many it has drawn.
const pageCaughtUp = async () => {
  await page
    .waitForFunction((n) => document.querySelector('.game')?.dataset.version === n, String(v.version), { timeout: 120000 })
    .catch(() => fail(`the page did not draw the game's version ${v.version}`));
  await allLinesDrawn(page, size(v), `at version ${v.version}`);
  return page.locator('ol.log > li').count();
};
const play = async (target) => {
  while (size(v) < target || !v.active.includes(seat)) await step();
  return pageCaughtUp();
};
const forcedPick = (x) => x.step === 'pick-region' && x.active.includes(seat) && x.legal_actions.length === 1;
let lines;
for (let attempt = 1; retrying; ++attempt) {
  await open();
  try {
    const drawn = await play(Number(wanted));
    lines = size(v);
    console.log(`warroom-log: ${lines} log lines (${drawn} drawn) after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // A page opened now is sent the view's last lines, and asks for the others.
    const late = await context.newPage();
    await late.goto(`${base}#/game/${game.id}`);
    await allLinesDrawn(late, lines, 'a page opened late');
    await late.close();
    while (!forcedPick(v)) await step();
    retrying = false;
  } catch (e) {
    if (!(e instanceof GameOver)) throw e;
    if (attempt === 3) fail(`three games ended before the seat had an only conflict left (the last at ${size(v)} lines)`);
    console.log(`warroom-log: ${e.message} before the seat had an only conflict left: a new game`);
    await context.close();
  }
}

// Phase 4's Order of Battles: the selection of the seat's only conflict left is no choice, and the
// page begins it by itself after a short pause (the Eastern Front play-test of 2026-12-05, finding
// 15: a click every round). The game was played on through the API (above) until the seat has one
// conflict left; now nobody acts but the page, which must send it (within 30 s: the pause is 1.2 s, but the view that
// shows the pick arrives late on a loaded machine, and once it waited past 8 s in the whole suite).
const pick = v.legal_actions[0];
const pickAt = v.version;
const pickLine = size(v);
const pickSeen = clock();
const pickActive = v.active.join(' ');
// What the log says from the pick on, and who was asked then, to tell what moved the game instead.
const since = async () =>
  ((await call(`log?from=${pickLine}&count=40`)).log_events ?? []).map((e) => `${e?.event} ${e?.nation ?? ''}`).join(', ');
await page
  .waitForFunction((n) => Number(document.querySelector('.game')?.dataset.version) > n, pickAt, { timeout: 30000 })
  .catch(async () => {
    const shown = await page.evaluate(() => ({
      version: document.querySelector('.game')?.dataset.version,
      status: document.querySelector('#status')?.textContent,
      panel: document.querySelector('.wr-forced')?.textContent.replace(/\s+/g, ' ').trim() ?? 'none',
    }));
    fail(
      `"${pick}", the only conflict left (${pickActive} asked at version ${pickAt} at ${pickSeen} s), waited for a click; the page at version ${shown.version} says "${shown.status}", its panel "${shown.panel}"; the log since: ${await since()}; the page's last traffic: ${traffic.slice(-30).join('; ')}`,
    );
  });
v = await call('view');
const begun = (v.log_events ?? []).some((e) => e?.event === 'battle_begins' && e.nation === seat);
if (!begun) fail(`after "${pick}" (${pickActive} asked) the log has no battle begun by ${seat}: ${await since()}`);
console.log(`warroom-log: "${pick}", the only conflict left, begun by the page itself`);

// Marks every log line drawn, and says how many there are: a line drawn again loses its mark.
const mark = () =>
  page.evaluate(() => {
    const lis = [...document.querySelectorAll('ol.log > li')];
    lis.forEach((li, i) => (li.__mark = i));
    return lis.length;
  });
const marked = () => page.evaluate(() => [...document.querySelectorAll('ol.log > li')].map((li) => li.__mark ?? null));
// Clicks `selector` and waits for the page to show a newer view and draw it (two frames).
const timedClick = (selector) =>
  page.evaluate(async (sel) => {
    const game = () => document.querySelector('.game');
    const before = game().dataset.version;
    const t0 = performance.now();
    document.querySelector(sel).click();
    await new Promise((resolve) => {
      const check = () => (game()?.dataset.version !== before ? resolve() : setTimeout(check, 1));
      check();
    });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return [performance.now() - t0, performance.getEntriesByName('game.view').at(-1)?.duration ?? NaN];
  }, selector);

// Actions on the page (the first listed, a kind first where the list is by kind) until one adds lines
// to the log (writing a sheet's order adds none): no line drawn before is drawn again.
const times = [],
  views = [];
let added = 0;
const tried = new Set();
for (let tries = 0; tries < 12 && !added; ++tries) {
  // An only conflict left begins by itself: not clicked (within 30 s, as above: the pause is 1.2 s,
  // the view that shows it late on a loaded machine).
  // The panel and the version it was drawn with, read at once: a version read after the page began the
  // conflict would wait for the move after it.
  const now = await page.evaluate(() => document.querySelector('.wr-forced') && document.querySelector('.game')?.dataset.version);
  if (now) {
    await page
      .waitForFunction((n) => document.querySelector('.game')?.dataset.version !== n, now, { timeout: 30000 })
      .catch(() => fail('an only conflict left did not begin by itself'));
    continue;
  }
  const kinds = await page.$$eval('#decide button.kind[data-word]', (bs) => bs.map((b) => b.dataset.word));
  const kind = kinds.find((k) => !['hold', 'release'].includes(k)) ?? kinds[0];
  if (kind) await page.click(`#decide button.kind[data-word="${kind}"]`);
  // The first action listed, or the first a panel beside the decision offers in its place (a slot
  // beside the bids, a placement).
  // An action not clicked before, and not one of Phase 7's hold/release toggles while another is
  // offered: clicking "hold BC B3 art" and "release BC B3 art" in turn adds no line, ever.
  const clickable = ['#actions button.action', '.wr-slots button.take-slot[data-action]', '.wr-placement button.place'];
  const offered = await page.$$eval(clickable.join(', '), (bs) => bs.map((b) => b.dataset.action));
  const fresh = offered.filter((a) => !tried.has(a));
  const first = fresh.find((a) => !/^(hold|release) /.test(a)) ?? fresh[0];
  if (!first) fail(`no action to click (offered: ${offered.join(', ')})`);
  tried.add(first);
  const had = await mark();
  const [ms, view] = await timedClick(clickable.map((c) => `${c}[data-action="${first}"]`).join(', '));
  times.push(ms);
  views.push(view);
  const after = await marked();
  const drawnAgain = after.slice(0, had).filter((m, i) => m !== i).length;
  added = after.length - had;
  console.log(
    `warroom-log: "${first}" at ${had} lines: ${ms.toFixed(0)} ms from the click to the page drawn (the view drawn in ${view.toFixed(0)} ms), ${added} lines appended`,
  );
  if (after.length < had) fail(`the log shrank from ${had} to ${after.length} lines after "${first}"`);
  if (drawnAgain) fail(`${drawnAgain} of the ${had} log lines were drawn again after "${first}"`);
  if (after.slice(had).some((m) => m !== null)) fail('the new lines are not new elements');
}
if (!added) fail('12 actions added no line to the log');
const numbers = await page.$$eval('ol.log > li', (lis) => lis.map((li) => li.value));
if (numbers.some((n, i) => i && n <= numbers[i - 1])) fail('the log lines are not numbered in order');
const heading = await page.textContent('#log-panel h2');
if (!heading.includes(String(numbers.at(-1)))) fail(`the log's heading says "${heading}" with ${numbers.at(-1)} lines`);
const ms = Math.max(...times),
  viewMs = Math.max(...views);

// Undo: the game is played on (through the API) until the seat's move added lines and may be undone
// (bots reply at once: most moves are not undoable by then); undo on the page removes exactly those
// lines, and the others stay the same elements.
let undoable = 0;
for (let k = 0; k < 300 && !undoable; ++k) {
  const before = size(v);
  if ((await step()) && v.can_undo && size(v) > before) undoable = size(v) - before;
}
if (!undoable) fail('no undoable move that adds lines in 300 steps');
await pageCaughtUp();
const at = await mark();
const [undoMs] = await timedClick('#undo');
const now = await marked();
v = await call('view');
const last = await page.$eval('ol.log > li:last-child', (li) => li.value);
if (last !== size(v)) fail(`after undo the page's last log line is ${last}, the game has ${size(v)}`);
if (at - now.length !== undoable) fail(`undo removed ${at - now.length} log lines, the move had added ${undoable}`);
if (now.some((m, i) => m !== i)) fail('undo drew the kept log lines again');
console.log(`warroom-log: undo: ${at} -> ${now.length} lines in ${undoMs.toFixed(0)} ms`);

// The filter hides the lines without its words and shows them all again when cleared.
await page.fill('#log-filter', 'zzzz-nothing');
if (await page.locator('ol.log > li:not([hidden])').count()) fail('the filter "zzzz-nothing" left lines shown');
await page.fill('#log-filter', '');
const shown = await page.locator('ol.log > li:not([hidden])').count();
if (shown !== (await page.locator('ol.log > li').count())) fail('clearing the filter did not show every line again');

// A language switch draws the page again in Russian (main.ts): its log from the view it fetches (the
// last lines) and the pages it asks for, every line worded again under its number.
const textsByNumber = () => page.$$eval('ol.log > li', (lis) => lis.map((li) => [li.value, li.textContent]));
const english = new Map(await textsByNumber());
await page.selectOption('#language', 'ru');
await page.waitForFunction(() => document.documentElement.lang === 'ru');
await page.waitForFunction(() => /[а-яё]/i.test(document.querySelector('#log-panel h2')?.textContent ?? ''), null, { timeout: 30000 });
const russian = await textsByNumber();
const reworded = russian.filter(([n, l]) => english.has(n) && l !== english.get(n) && /[а-яё]/i.test(l)).length;
if (russian.length < 100 || reworded < russian.length / 2)
  fail(`after the switch to Russian only ${reworded} of ${russian.length} log lines are Russian`);
// Against the log as the game has it now, read again until the page and the game agree, not as the
// view read after the undo had it (a loaded run's page had drawn 3,391 lines where that view said 3,390).
for (let tries = 0; ; ++tries) {
  const n = size(await call('view'));
  const drawn = await page.evaluate((k) => {
    const lis = document.querySelectorAll('ol.log > li');
    return lis.length === k && lis[0].value === 1 && lis[k - 1].value === k;
  }, n);
  if (drawn) break;
  if (tries === 240) fail(`after the switch to Russian: ${await page.locator('ol.log > li').count()} log lines drawn of ${n}`);
  await sleep(250);
}
await page.screenshot({ path: `${out}/warroom-log-1280x800.png` });
await browser.close();
console.log(
  `1 passed, 0 failed (${lines} log lines, an action answered and drawn in ${ms.toFixed(0)} ms, its view drawn in ${viewMs.toFixed(0)} ms; ${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
