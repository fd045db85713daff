// A War Room game played to victory in the browser, by clicking, against bots (docs/warroom/browser.md,
// "To victory"). Not part of CI (it plays a whole game): run it by hand against a server. The person
// is a simple player: from the lobby they take the Axis seat of the Eastern Front against a random
// bot; each Phase 2 they select their Commands one by one in the sheet's list and click, among the
// destinations outlined on the map for a land Command, the nearest of those that bring it nearer
// Moscow (their objective, the scenario's victory condition); they buy infantry in Phase 7; every other decision is
// the first action the page lists (or the first hit button of the battle board). The page is read
// for what a player sees; the seat's view (its own token) only gives the regions' places and the
// selected Command's region, to measure distances as a player judges them on the map.
// Usage: node e2e/warroom-victory.mjs BASE_URL [OUT_DIR] [MINUTES]
import { createWarRoomGame, fail, launch, tourSeen } from './browser.mjs';

const [base, out = '.', minutes = '20'] = process.argv.slice(2);
const started = Date.now();
const SEAT = 'GER',
  TARGET = 'R1';

const browser = await launch();
const page = await (await tourSeen(await browser.newContext({ viewport: { width: 1280, height: 800 } }))).newPage();
page.on('pageerror', (e) => fail(`page error: ${e.message}`));
await createWarRoomGame(page, base, 'eastern-front', { USSR: 'bot:random', GER: 'human' });
const layout = await (await page.request.get(`${base}api/titles/warroom/layout`)).json();
const where = new Map(layout.regions.map((r) => [r.id, r]));
const RAD = Math.PI / 180;
const distance = (a, b) => {
  const p = where.get(a),
    q = where.get(b);
  const s1 = Math.sin(((q.lat - p.lat) * RAD) / 2),
    s2 = Math.sin(((q.lon - p.lon) * RAD) / 2);
  return (2 * Math.asin(Math.sqrt(s1 * s1 + Math.cos(p.lat * RAD) * Math.cos(q.lat * RAD) * s2 * s2))) / RAD;
};
const view = () =>
  page.evaluate(async () => {
    const id = location.hash.split('/')[2];
    const { token } = JSON.parse(localStorage.getItem(`game.${id}`));
    return (await fetch(`api/games/${id}/view`, { headers: { Authorization: `Bearer ${token}` } })).json();
  });
const version = () => page.getAttribute('.game', 'data-version');
const changed = (v) =>
  page.waitForFunction((x) => document.querySelector('.game')?.dataset.version !== x, v, { timeout: 5000 }).catch(() => undefined);

// Clicks the label of the first region of `ids` that is on screen and takes the click.
async function clickFirst(ids) {
  for (const id of ids) {
    const target = page.locator(`g.label[data-id="${id}"]`).locator('text.tid, text.sea-id, circle.island-dot').first();
    if (!(await target.count()) || !(await target.isVisible())) continue;
    try {
      await target.click({ timeout: 1000 });
      return id;
    } catch {
      /* covered by another label or the tracks: the next */
    }
  }
  return null;
}

// The seat's orders written on its sheet.
const written = (v) => (v.nations.find((n) => n.id === SEAT).sheet.orders ?? []).filter((o) => o && o.status === 'written').length;

// The selected Command ordered to the first of `ids` that takes it: on the map, where the region
// holds none of the seat's own Commands; else in the sheet's list of destinations, since a click on
// the map's own stack selects that Command instead (docs/warroom/browser.md, "Writing orders").
async function orderTo(ids, v) {
  for (const id of ids) {
    if (!v.commands.some((c) => c.nation === SEAT && c.region === id)) {
      if (await clickFirst([id])) return id;
      continue;
    }
    const listed = page.locator(`.wr-sheet details.destinations button.to[data-action="to ${SEAT} ${id}"]`);
    if (await listed.count()) {
      await listed.click({ timeout: 2000 });
      return id;
    }
  }
  return null;
}

// Phase 2: each Command in the sheet's list selected in turn; the destination nearest the target
// clicked when it is nearer than where the Command stands; then "done".
async function writeSheet() {
  let orders = 0;
  for (let k = 0; orders < 6; ++k) {
    if (!(await page.locator('.wr-sheet details.commands').count())) break;
    if (!(await page.locator('.wr-sheet details.commands[open]').count())) await page.click('.wr-sheet details.commands summary');
    const buttons = page.locator('.wr-sheet details.commands button.select');
    if (k >= (await buttons.count())) break;
    const v0 = await version();
    await buttons.nth(k).click();
    await changed(v0);
    const v = await view();
    const own = v.nations.find((n) => n.id === SEAT);
    const c = v.commands.find((x) => x.nation === SEAT && x.number === own.sheet.selected);
    if (!c || c.category !== 'land') continue;
    const dests = await page.$$eval('.warroom-map .destination', (els) => els.map((e) => e.dataset.id));
    const here = distance(c.region, TARGET);
    // One step at a time: the nearest territory that is nearer the target (a region on the way).
    const better = dests
      .filter((d) => where.get(d)?.type === 'territory' && distance(d, TARGET) < here - 0.5)
      .sort((a, b) => distance(a, c.region) - distance(b, c.region));
    if (!better.length) continue;
    const before = written(v);
    const v1 = await version();
    if (await orderTo(better, v)) {
      await changed(v1);
      // Only an order written counts (and takes the Command off the list).
      if (written(await view()) > before) {
        ++orders;
        --k;
      }
    }
  }
  const done = page.locator('.wr-sheet .sheet.own button.done');
  if (await done.count()) {
    const v0 = await version();
    await done.click();
    await submitAnyway();
    await changed(v0);
  }
  return orders;
}

// One decision that is not Phase 2: infantry bought while the list offers it (at most 4 a round),
// otherwise the board's first hit, the placement panel's first "Place N", the turn-order panel's first
// free slot or the first action listed.
let bought = 0;
async function decide(phase) {
  const purchases = /Phase 7/.test(phase);
  if (!purchases) bought = 0;
  const kind = async (word) => {
    const b = page.locator(`button.kind[data-word="${word}"]`);
    if (await b.count()) await b.click({ timeout: 2000 }).catch(() => undefined);
  };
  let action = page.locator('.wr-battle button.assign-hit, .wr-placement button.place, .wr-slots button.take-slot[data-action]').first();
  if (purchases && bought < 8) {
    await kind('buy');
    const buy = page.locator(`button.action[data-action="buy ${SEAT} inf"]`);
    if (await buy.count()) {
      action = buy;
      ++bought;
    }
  }
  if (!(await action.count())) {
    await kind('done');
    action = page.locator('#kinds button.single[data-action^="done "], button.action').first();
  }
  if (!(await action.count())) {
    if (await page.locator('#all:not([disabled])').count()) await page.click('#all', { timeout: 2000 }).catch(() => undefined);
    return;
  }
  const v0 = await version();
  await action.click({ timeout: 2000 }).catch(() => undefined);
  await submitAnyway();
  await changed(v0);
}

// A sheet left with no orders, no bid or no purchase is asked about first: this player sends it.
async function submitAnyway() {
  const yes = page.locator('.confirm-dialog button.confirm-yes');
  if (
    await yes.waitFor({ timeout: 500 }).then(
      () => true,
      () => false,
    )
  )
    await yes.click();
}

let sheets = 0,
  orders = 0;
for (const until = started + Number(minutes) * 60000; Date.now() < until;) {
  if (await page.locator('.game.over').count()) break;
  const phase = (await page.textContent('#state .phase')) ?? '';
  if (!(await page.locator('.you', { hasText: 'your move' }).count())) {
    await page.waitForTimeout(200);
    continue;
  }
  if (/Phase 2\b/.test(phase) && (await page.locator('.wr-sheet .sheet.own .sheet-status.writing').count())) {
    orders += await writeSheet();
    ++sheets;
    continue;
  }
  await decide(phase);
}
const phase = await page.textContent('#state .phase');
await page.evaluate(() => window.scrollTo(0, 0));
await page.screenshot({ path: `${out}/warroom-victory-1280x800.png` });
const seconds = ((Date.now() - started) / 1000).toFixed(0);
const round = (await page.textContent('svg.world g.pole text.round'))?.match(/\d+/)?.[0];
const over = await page.locator('.game.over').count();
await browser.close();
if (!over || !/Axis/.test(phase)) fail(`no victory by round ${round} (${sheets} sheets, ${orders} orders, ${seconds} s): "${phase}"`);
console.log(`won: "${phase.trim()}" in round ${round}, ${sheets} sheets and ${orders} orders written by clicking, ${seconds} s`);
