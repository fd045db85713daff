// War Room in the browser (docs/warroom/browser.md), as a player does it:
// 1. A War in Europe game created from the lobby with one human seat (BC) and random bots: the polar
//    world map drawn with its notice and every region of the layout; wheel zoom, drag, the fit
//    button; a round of orders written by
//    clicking (a stack, then a destination outlined on the map), one order changed, one erased, a
//    bid, "done"; the game played on until other nations' orders are revealed; screenshots at
//    1280x800 and 390x844; the phone page does not scroll sideways.
// 2. Two human seats in two browsers: each writes an order and a bid by clicking; until the reveal,
//    neither page receives (over HTTP or the WebSocket) nor shows the other seat's orders, its
//    selected Command, or its bid while bids are secret; after the reveal the other's orders are shown.
// Usage: node e2e/warroom.mjs BASE_URL OUT_DIR
import { fail, launch } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const started = Date.now();

const browser = await launch();

// The label of a region listed in `selector` that is on screen and takes a click, clicked.
async function clickRegion(page, selector, avoid = []) {
  const ids = await page.evaluate(([sel, avoid]) => {
    const svg = document.querySelector('svg.world').getBoundingClientRect();
    return [...document.querySelectorAll(sel)].map((e) => e.dataset.id).filter((id) => !avoid.includes(id)).filter((id) => {
      const label = document.querySelector(`g.label[data-id="${id}"]`);
      if (!label || label.style.display === 'none') return false;
      const b = label.querySelector('rect.tid, text.sea-id, circle.island-dot')?.getBoundingClientRect();
      return b && b.left > svg.left + 4 && b.right < svg.right - 4 && b.top > svg.top + 4 && b.bottom < svg.bottom - 4;
    });
  }, [selector, avoid]);
  for (const id of ids) {
    const target = page.locator(`g.label[data-id="${id}"]`).locator('rect.tid, text.sea-id, circle.island-dot').first();
    try {
      await target.click({ timeout: 1500 });
      return id;
    } catch {
      // another label lies over this one: try the next region
    }
  }
  fail(`no region of "${selector}" can be clicked on the map`);
}

// Selects one of the seat's Commands by clicking its stack (and its row in the region's details
// when the region holds several), then clicks a destination; returns the order's destination.
async function writeOrder(page, avoidDestinations = []) {
  const before = await page.locator('.wr-sheet li.box:not(.empty)').count();
  // A click sent on a view the game has moved past is refused (409) and the page redrawn: click again.
  for (let tries = 0; !(await page.locator('.wr-sheet .selected').count()); ++tries) {
    if (tries === 3) fail('no Command could be selected on the map');
    if (!(await page.locator('.region-info:not([hidden]) button.select').count())) await clickRegion(page, '.warroom-map .selectable');
    await page.waitForSelector('.wr-sheet .selected, .region-info:not([hidden]) button.select', { timeout: 3000 }).catch(() => undefined);
    const select = page.locator('.region-info:not([hidden]) button.select');
    if (!(await page.locator('.wr-sheet .selected').count()) && (await select.count())) await select.first().click();
    await page.waitForSelector('.wr-sheet .selected', { timeout: 3000 }).catch(() => undefined);
  }
  await page.waitForSelector('.warroom-map .destination', { state: 'attached' });
  const to = await clickRegion(page, '.warroom-map .destination', avoidDestinations);
  await page.waitForFunction((n) => document.querySelectorAll('.wr-sheet li.box:not(.empty)').length > n, before);
  return to;
}

// Bids `oil` on the first sheet; the page is redrawn when other seats act, which may take the typed
// value away before the button is pressed: type and press again.
async function bid(page, oil) {
  for (let tries = 0; tries < 4; ++tries) {
    await page.fill('.wr-sheet input.bid-input', String(oil));
    await page.click('.wr-sheet button.set-bid');
    if (await page.waitForFunction((v) => document.querySelector('.wr-sheet .bid b')?.textContent === v, String(oil), { timeout: 3000 }).catch(() => null)) return;
  }
  await page.screenshot({ path: `${out}/warroom-failed.png` });
  fail(`the bid of ${oil} is not on the sheet: "${(await page.textContent('.wr-sheet .bid')).replace(/\s+/g, ' ')}" (${await page.textContent('#status')})`);
}

// Every view a page receives, over HTTP and the WebSocket.
function recordViews(page) {
  const views = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => { try { views.push(JSON.parse(f.payload)); } catch { /* not JSON */ } }));
  page.on('response', async (r) => {
    if (!r.url().includes('/api/games/')) return;
    try {
      const body = await r.json();
      views.push(body.view ?? body);
    } catch { /* not JSON */ }
  });
  return views;
}

async function onePlayer() {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await page.goto(base);
  await page.selectOption('select[name=title]', 'warroom');
  await page.selectOption('select[name=scenario]', 'war-in-europe');
  await page.click('#create-game');
  await page.waitForURL(/#\/game\/[0-9a-f]+$/);
  await page.waitForSelector('svg.world g.territory', { state: 'attached', timeout: 60000 }).catch(async (e) => { await page.screenshot({ path: `${out}/warroom-failed.png` }); throw e; });

  const layout = await (await page.request.get(`${base}api/titles/warroom/layout`)).json();
  const drawn = await page.evaluate(() => document.querySelectorAll('svg.world g.geo g.territory').length +
    document.querySelectorAll('svg.world g.label.dot-island').length + document.querySelectorAll('svg.world path.sea-cell').length);
  if (drawn !== layout.regions.length) fail(`${drawn} regions drawn of ${layout.regions.length}`);
  const notice = await page.textContent('.warroom-map .notice');
  if (!notice.includes('not the printed board')) fail(`the map's notice is missing: "${notice}"`);
  if ((await page.locator('.warroom-map .passage').count()) !== layout.passages.length) fail('the narrow passages are not all drawn');

  // Pan and zoom: the wheel zooms, a drag pans without opening a region, ⌂ fits the Commands again.
  const transform = () => page.getAttribute('svg.world g.geo', 'transform');
  const fitted = await transform();
  const box = await page.locator('svg.world').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await page.waitForFunction((t) => document.querySelector('svg.world g.geo').getAttribute('transform') !== t, fitted);
  const zoomed = await transform();
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 90, box.y + box.height / 2 + 40, { steps: 6 });
  await page.mouse.up();
  await page.waitForFunction((t) => document.querySelector('svg.world g.geo').getAttribute('transform') !== t, zoomed);
  if (!(await page.locator('.region-info').isHidden())) fail('a drag on the map opened a region');
  await page.click('button[data-zoom="fit"]');
  if ((await transform()) !== fitted) fail(`⌂ does not return to the first view: ${await transform()} after ${fitted}`);

  // Phase 1: BC does not reorganize.
  await page.waitForSelector('button.kind[data-word="done"], button.action[data-action="done BC"]');
  if (await page.locator('button.kind[data-word="done"]').count()) await page.click('button.kind[data-word="done"]');
  await page.click('button.action[data-action="done BC"]');
  await page.waitForSelector('.wr-sheet .sheet.own .sheet-status.writing');

  // Phase 2: three orders by clicking; the first changed, the third erased; a bid of 1 oil.
  const first = await writeOrder(page);
  if (!(await page.textContent('.wr-sheet li.box >> nth=0')).includes(`→ ${first}`)) fail(`box 1 does not show the order to ${first}`);
  if (!(await page.locator('g.arrows g.order').count())) fail('the order is not drawn on the map');
  await page.click('.wr-sheet button.change[data-box="1"]');
  await page.waitForSelector('.wr-sheet .selected');
  await page.waitForSelector('.warroom-map .destination', { state: 'attached' });
  const changed = await clickRegion(page, '.warroom-map .destination', [first]);
  await page.waitForFunction((to) => document.querySelector('.wr-sheet li.box')?.textContent.includes(`→ ${to}`), changed);
  await writeOrder(page);
  await writeOrder(page);
  await page.click('.wr-sheet button.erase[data-box="3"]');
  await page.waitForFunction(() => document.querySelectorAll('.wr-sheet li.box')[2]?.classList.contains('empty'));
  await bid(page, 1);
  await page.screenshot({ path: `${out}/warroom-1280x800.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  await page.locator('.warroom-map').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/warroom-390x844.png` });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 400) fail(`the phone page scrolls sideways (${wide} px wide)`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('.wr-sheet button.done');

  // The bids are revealed, slots chosen, and Phase 3 reveals each nation's orders in turn order:
  // play the seat's first choice until another nation's sheet is shown.
  for (const until = Date.now() + 45000; Date.now() < until;) {
    const revealed = await page.locator('.wr-sheet ul.others li[data-revealed]').count();
    const own = await page.locator('.wr-sheet li.box', { hasText: 'executed' }).count();
    if (revealed || own) break;
    // The page is redrawn whenever a bot acts: a button may go before it is clicked; look again.
    if (await page.locator('.you', { hasText: 'your move' }).count()) {
      const kind = page.locator('button.kind[data-word="done"]');
      if (await kind.count()) {
        await kind.click({ timeout: 2000 }).catch(() => undefined);
        continue;
      }
      const action = page.locator('button.action').first();
      if (await action.count()) {
        const version = await page.getAttribute('.game', 'data-version');
        await action.click({ timeout: 2000 }).catch(() => undefined);
        await page.waitForFunction((v) => document.querySelector('.game')?.dataset.version !== v, version, { timeout: 5000 }).catch(() => undefined);
        continue;
      }
      // A kind picked on an earlier view may narrow this one's list to nothing: list them all.
      if (await page.locator('#all:not([disabled])').count()) await page.click('#all', { timeout: 2000 }).catch(() => undefined);
    }
    await page.waitForTimeout(250);
  }
  const phase = await page.textContent('#state .phase');
  if (!/Phase [3-7]|Round 2/.test(phase)) fail(`the round did not reach the reveal: "${phase}"`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${out}/warroom-reveal-1280x800.png` });
  await page.context().close();
  return { drawn, first, changed };
}

async function twoSeats() {
  const game = await (await fetch(`${base}api/games`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'warroom', scenario: 'war-in-europe', players: 2, seats: { 'BC+USSR+US': 'human', 'GER+ITA': 'human' }, options: [], seating: 'public' }),
  })).json();
  const seats = { allies: 'BC+USSR+US', axis: 'GER+ITA' };
  const nations = { allies: ['BC', 'USSR', 'US'], axis: ['GER', 'ITA'] };
  const token = {}, page = {}, views = {};
  for (const side of ['allies', 'axis']) {
    token[side] = (await (await fetch(`${base}api/games/${game.id}/seats/${encodeURIComponent(seats[side])}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()).token;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(([id, seat, t]) => localStorage.setItem(`game.${id}`, JSON.stringify({ seat, token: t })), [game.id, seats[side], token[side]]);
    page[side] = await context.newPage();
    page[side].on('pageerror', (e) => fail(`page error (${side}): ${e.message}`));
    views[side] = recordViews(page[side]);
    await page[side].goto(`${base}#/game/${game.id}`);
    await page[side].waitForSelector('svg.world g.territory', { state: 'attached', timeout: 60000 });
  }
  const api = async (side, path, body) => {
    const r = await fetch(`${base}api/games/${game.id}/${path}`, { method: body ? 'POST' : 'GET', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token[side]}` }, body: body && JSON.stringify(body) });
    return r.json();
  };
  // Phase 1 through the API: nobody reorganizes.
  for (let i = 0; i < 10; ++i) {
    const v = await api('allies', 'view');
    if (v.step === 'write-sheets' || /Phase 2/.test(v.phase)) break;
    for (const side of ['allies', 'axis']) {
      const mine = await api(side, 'view');
      const done = mine.legal_actions.find((a) => a.startsWith('done '));
      if (mine.active.includes(mine.seat) && done && /Phase 1\b/.test(mine.phase)) await api(side, 'actions', { action: done, version: mine.version });
    }
  }
  // Phase 2 by clicking, on both pages.
  const written = {};
  for (const side of ['allies', 'axis']) {
    await page[side].waitForSelector('.wr-sheet .sheet.own .sheet-status.writing');
    written[side] = await writeOrder(page[side]);
    await bid(page[side], 1);
  }
  // Neither page holds the other's sheet: every view it received, and what it shows.
  const leaks = (side, other) => {
    const found = [];
    for (const v of views[side])
      for (const n of v.nations ?? [])
        if (nations[other].includes(n.id) && (n.sheet.orders !== null || n.sheet.selected != null ||
            (v.step === 'write-sheets' && n.sheet.bid !== null) || (v.step === 'purchases' && n.sheet.purchases !== null)))
          found.push(`${n.id} in a view of version ${v.version} (${v.step}): ${JSON.stringify(n.sheet)}`);
    return found;
  };
  for (const [side, other] of [['allies', 'axis'], ['axis', 'allies']]) {
    if (!views[side].some((v) => v.step === 'write-sheets')) fail(`the ${side} page received no view of the sheets being written`);
    const leaked = leaks(side, other);
    if (leaked.length) fail(`the ${side} page received the ${other}' secret sheet: ${leaked.slice(0, 3).join(', ')}`);
    const shown = await page[side].evaluate((ids) => [...document.querySelectorAll('g.arrows g.order title, .wr-sheet .sheet.own')]
      .map((e) => e.textContent).filter((t) => ids.some((id) => t.startsWith(`${id} `) || t.includes(`${id} box`))), nations[other]);
    if (shown.length) fail(`the ${side} page shows the ${other}' orders: ${shown[0]}`);
    const other0 = nations[other][0];
    const status = await page[side].textContent(`.wr-sheet ul.others li:has-text("${other0}")`);
    if (!/writing|done/.test(status) || status.includes('→')) fail(`the ${side} page shows ${other0}'s sheet as "${status.trim()}"`);
  }
  // Both done; the API plays on (bids, slots, movement) until one side's orders are revealed.
  for (const side of ['allies', 'axis'])
    for (const n of nations[side]) {
      const button = page[side].locator(`.wr-sheet .sheet.own[data-nation="${n}"] button.done`);
      if (await button.count()) {
        const version = await page[side].getAttribute('.game', 'data-version');
        await button.click();
        await page[side].waitForFunction((v) => document.querySelector('.game')?.dataset.version !== v, version);
      }
    }
  let revealed = null;
  for (let i = 0; i < 200 && !revealed; ++i) {
    for (const [side, other] of [['allies', 'axis'], ['axis', 'allies']]) {
      const v = await api(side, 'view');
      const shown = v.nations.find((n) => nations[other].includes(n.id) && n.sheet.orders?.some((o) => o));
      if (shown) revealed = { side, nation: shown.id, order: shown.sheet.orders.find((o) => o) };
      else if (v.active.includes(v.seat) && v.legal_actions.length)
        await api(side, 'actions', { action: v.legal_actions.find((a) => a.startsWith('done ')) ?? v.legal_actions[0], version: v.version });
    }
  }
  if (!revealed) fail('no order was revealed');
  const { side, nation, order } = revealed;
  await page[side].waitForFunction(([n, text]) => [...document.querySelectorAll('.wr-sheet ul.others li')].some((li) => li.textContent.includes(n) && li.textContent.includes(text)),
    [nation, `${order.command}→${order.to}`], { timeout: 10000 }).catch(() => fail(`the ${side} page does not show ${nation}'s revealed order`));
  await page.allies.context().close();
  await page.axis.context().close();
  return { written, revealed: `${nation} ${order.command}→${order.to} seen by ${side}` };
}

try {
  const one = await onePlayer();
  const two = await twoSeats();
  console.log(`2 passed, 0 failed (War Room: ${one.drawn} regions drawn, orders to ${one.first} changed to ${one.changed}; two seats kept apart until ${two.revealed}; ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${out})`);
} finally {
  await browser.close();
}
