// What every browser test shares: Debian's Chromium, headless (CHROMIUM names another binary), a
// failure that stops the test with its message, and a Churchill training game created in the lobby.
import { chromium } from 'playwright-core';

export const fail = (message) => {
  console.error(`FAIL: ${message}`);
  process.exit(1);
};

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

// Creates a Churchill training game in the lobby at `base`, with the seats' players ({UK: 'human', ...};
// the lobby's defaults for the others) and public seats if asked, and waits for the game's page.
export async function createTrainingGame(page, base, seats = {}, { publicSeats = false } = {}) {
  await page.goto(base);
  await page.waitForSelector('#create-game');
  await page.selectOption('select[name=scenario]', 'training');
  for (const [seat, who] of Object.entries(seats)) await page.selectOption(`select[name="seat:${seat}"]`, who);
  if (publicSeats) await page.check('input[name=public]');
  await page.click('#create-game');
  await page.waitForURL(/#\/game\/[0-9a-f]+$/);
}

// Skips War Room's first-round tour the way a newcomer who wants to play at once does: it is shown
// by itself to a seat in round 1 (web/src/titles/warroom-guide.ts), and "Skip the tour" ends it.
export async function skipTour(page) {
  await page.click('.wr-tour .tour-skip', { timeout: 10000 });
  if ((await page.locator('.wr-tour, .wr-tour-target').count()) !== 0) fail('"Skip the tour" left its card or an outline');
  if ((await page.evaluate(() => window.scrollY)) !== 0) fail('"Skip the tour" did not bring the page back to its top');
}

// A browser context of a player who has seen War Room's tour before (it is not shown again).
export async function tourSeen(context) {
  await context.addInitScript(() => localStorage.setItem('warroom.tour.done', '1'));
  return context;
}

// A 1280x800 page (the guide's tour already seen) in a new Eastern Front game where the USSR is
// the page's human seat and Germany a random bot: the opening of the War Room scripts that play the
// USSR. Returns the browser (to close) and the page.
export async function ussrEasternFront(base) {
  const browser = await launch();
  const page = await (await tourSeen(await browser.newContext({ viewport: { width: 1280, height: 800 } }))).newPage();
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await createWarRoomGame(page, base, 'eastern-front', { USSR: 'human', GER: 'bot:random' });
  return { browser, page };
}

// Creates a War Room game of `scenario` in the lobby at `base` with the seats' players ({USSR: 'human',
// GER: 'bot:random'}), and waits for its world map.
export async function createWarRoomGame(page, base, scenario, seats) {
  await page.goto(base);
  await page.selectOption('select[name=title]', 'warroom');
  await page.selectOption('select[name=scenario]', scenario);
  for (const [seat, who] of Object.entries(seats)) await page.selectOption(`select[name="seat:${seat}"]`, who);
  await page.click('#create-game');
  await page.waitForURL(/#\/game\/[0-9a-f]+$/);
  await page.waitForSelector('svg.world g.territory', { state: 'attached', timeout: 60000 });
}

// Creates a game through the API with the lobby's JSON body; returns the answer ({id, ...}).
export async function postGame(base, body) {
  const res = await fetch(`${base}api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const game = await res.json();
  if (!game.id) fail(`no game: ${JSON.stringify(game)}`);
  return game;
}

// An Eastern Front game the rules bots play on both seats to its end (round cap 10), public, made
// through the API: the War Room scripts that watch a war's end. Returns the answer ({id, ...}).
export const rulesBotsEasternFront = (base) =>
  postGame(base, {
    title: 'warroom',
    scenario: 'eastern-front',
    seating: 'public',
    seats: { USSR: 'bot:rules', GER: 'bot:rules' },
    options: ['round-limit-10'],
  });

// Claims `seat` of game `id` through the API; returns the seat's token.
export async function claimSeat(base, id, seat) {
  const res = await fetch(`${base}api/games/${id}/seats/${encodeURIComponent(seat)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  return (await res.json()).token;
}

// Makes a page (or every page of a context) hold `seat` of game `id`, as the browser keeps a claim.
export async function holdSeat(target, id, seat, token) {
  await target.addInitScript(([g, s, t]) => localStorage.setItem(`game.${g}`, JSON.stringify({ seat: s, token: t })), [id, seat, token]);
}

// Screenshots `OUT/NAME-1280x800.png` and `OUT/NAME-390x844.png` with the panel `selector` at the top
// of the screen; fails if the phone page scrolls sideways. `check(width)` adds a size's own checks.
export async function screenshotsAtBothSizes(page, out, name, selector, check = async () => undefined) {
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(250);
    await page.evaluate((sel) => document.querySelector(sel)?.scrollIntoView({ block: 'start' }), selector);
    await page.screenshot({ path: `${out}/${name}-${w}x${h}.png` });
    await check(w);
    if (w === 390) {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      if (wide > 400) fail(`the phone page scrolls sideways (${wide} px)`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// The API as the page's seat calls it, with the token the page keeps for the game it shows:
// `api('view')`, `api('actions', {action, version})`.
export const seatApi = (page) => (path, body) =>
  page.evaluate(
    async ([path, body]) => {
      const id = location.hash.split('/')[2];
      const { token } = JSON.parse(localStorage.getItem(`game.${id}`));
      const r = await fetch(`api/games/${id}/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body && JSON.stringify(body),
      });
      return r.json();
    },
    [path, body],
  );

// The War Room map's regions whose id boxes or stacks overlap another's, or lie under the tracks at
// the pole ("R1/R2", "R3/tracks"), as the page draws them now.
export const labelClashes = (page) =>
  page.evaluate(() => {
    const boxes = [];
    for (const g of document.querySelectorAll('svg.world g.label')) {
      if (g.style.display === 'none') continue;
      for (const e of g.querySelectorAll('rect.tid, text.sea-id, g.chip rect')) boxes.push([g.dataset.id, e.getBoundingClientRect()]);
    }
    const plate = document.querySelector('svg.world g.pole .plate')?.getBoundingClientRect();
    if (plate) boxes.push(['tracks', plate]);
    const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const out = [];
    for (let i = 0; i < boxes.length; ++i)
      for (let j = i + 1; j < boxes.length; ++j)
        if (boxes[i][0] !== boxes[j][0] && meet(boxes[i][1], boxes[j][1])) out.push(`${boxes[i][0]}/${boxes[j][0]}`);
    return [...new Set(out)];
  });

// Every answer of 400 or more that the pages of `context` receive, and every error their consoles
// print, from now on: a normal play-through has none (play-test 2026-12-05, evening, finding 13: the
// odds of a past battle asked from the replay answered 422; the account's questions 401 and the
// missing icon 404 in every newcomer's console). The API's own requests (page.request) are not pages'.
export function pageErrors(context) {
  const seen = [];
  context.on('response', (r) => {
    if (r.status() >= 400) {
      const u = new URL(r.url());
      seen.push(`${r.status()} ${r.request().method()} ${u.pathname}${u.search}`);
    }
  });
  context.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`);
  });
  return seen;
}
