// War Room's map at every zoom (docs/warroom/browser.md, "What the map shows at each zoom";
// play-test 2026-12-05, findings 1 and 5, left crowded: Global War's world view, where labels
// overlapped in hundreds of pairs and Europe was a smear, and War in Europe on a phone, where up to
// 9 of 52 labels stood beside their regions):
// 1. Global War watched by a spectator (Japan's seat waits for a player, the rules bots play the
//    others), at 1280x800 and 390x844: its first view (the war's Commands), the whole world (◯) and
//    the world zoomed in step by step with +. At each zoom no two regions' ids, stacks or names
//    overlap, nor do they lie under the tracks; every id and stack shown is in its own region; and
//    the capitals that stand in view keep their ids at the world view.
// 2. War in Europe as Germany and Italy on a phone (390x844), Phase 2: the first view, zoomed in and
//    out, the same; then with a Command selected from the sheet's list, its region and each of its
//    destinations (outlined on the map) keep a readable id at every zoom tried, the whole world too.
// Screenshots: warroom-world-watched-*.png, warroom-world-whole-*.png, warroom-europe-phone-*.png.
// Usage: node e2e/warroom-map-zoom.mjs BASE_URL OUT_DIR
import { createWarRoomGame, fail, labelClashes, labelStrays, launch, postGame, toPhase2, tourSeen } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const started = Date.now();
const browser = await launch();

// No two labels overlap, and each id and stack is in its own region (an island's, or a region's
// smaller than a stack, near it), at the page's present zoom.
async function clear(page, where) {
  const clashes = await labelClashes(page);
  const seen = await labelStrays(page);
  if (clashes.length || seen.ids.length || seen.stacks.length) {
    await page.screenshot({ path: `${out}/warroom-zoom-fail-${where.replace(/\W+/g, '-')}.png` });
    fail(
      `${where}: ${clashes.length} pairs of labels overlap (${clashes.slice(0, 12).join(', ')}); off their regions: ids ${seen.ids.join(', ') || 'none'}, stacks ${seen.stacks.join(', ') || 'none'}`,
    );
  }
  return seen;
}

const zoom = async (page, which) => {
  await page.click(`button[data-zoom="${which}"]`);
  await page.waitForTimeout(250);
};

// ---- 1. Global War, watched ----
const war = await postGame(base, {
  title: 'warroom',
  scenario: 'global-war',
  seats: { 'CHN+US': 'bot:rules', BC: 'bot:rules', USSR: 'bot:rules', GER: 'bot:rules', ITA: 'bot:rules', JPN: 'human' },
});
const page = await (await tourSeen(await browser.newContext({ viewport: { width: 1280, height: 800 } }))).newPage();
page.on('pageerror', (e) => fail(`page error: ${e.message}`));
await page.goto(`${base}#/game/${war.id}`);
await page.waitForSelector('svg.world g.label', { state: 'attached' });
await page.waitForTimeout(1200);
for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  // The phone's first view: the page narrowed, the map fitted again (⌂).
  await page.setViewportSize({ width, height });
  await page.waitForTimeout(300);
  await zoom(page, 'fit');
  await page.locator('.warroom-map').scrollIntoViewIfNeeded();
  const size = `${width}x${height}`;
  await clear(page, `Global War watched, first view, ${size}`);
  await page.screenshot({ path: `${out}/warroom-world-watched-${size}.png` });
  await zoom(page, 'world');
  const whole = await clear(page, `Global War, the whole world, ${size}`);
  // The capitals in view keep their ids where the world is smallest: Berlin, Moscow, Tokyo, Washington.
  const missing = ['G1', 'R1', 'J1', 'U1'].filter((id) => !whole.at[id]);
  if (missing.length) fail(`Global War, the whole world, ${size}: no id for the capitals ${missing.join(', ')}`);
  await page.screenshot({ path: `${out}/warroom-world-whole-${size}.png` });
  for (let i = 1; i <= 3; ++i) {
    await zoom(page, 'in');
    await clear(page, `Global War, the whole world and + ${i}, ${size}`);
  }
  console.log(`Global War at ${size}: no label over another in the first view, the whole world (${whole.shown} ids) and 3 zooms in`);
}
await page.context().close();

// ---- 2. War in Europe as Germany and Italy on a phone ----
const phone = await (
  await tourSeen(await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }))
).newPage();
phone.on('pageerror', (e) => fail(`page error: ${e.message}`));
await createWarRoomGame(phone, base, 'war-in-europe', { 'GER+ITA': 'human', BC: 'bot:rules', USSR: 'bot:rules', US: 'bot:rules' });
await toPhase2(phone);
await phone.locator('.warroom-map').scrollIntoViewIfNeeded();
const first = await clear(phone, 'War in Europe, Phase 2, first view, 390x844');
await phone.screenshot({ path: `${out}/warroom-europe-phone-390x844.png` });
for (const [which, where] of [
  ['in', '+ 1'],
  ['in', '+ 2'],
  ['fit', 'first view again'],
  ['out', '− 1'],
]) {
  await zoom(phone, which);
  await clear(phone, `War in Europe, Phase 2, ${where}, 390x844`);
}
console.log(`War in Europe on the phone: no label over another at 5 zooms (${first.shown} ids in the first view)`);

// A Command selected in the sheet's list of Commands without an order: the land Command with the
// most destinations of the first four listed.
await zoom(phone, 'fit');
await phone.evaluate(() => document.querySelectorAll('.wr-sheet details.commands').forEach((d) => (d.open = true)));
const buttons = phone.locator('.wr-sheet details.commands button.select');
const land = (await buttons.allTextContents()).flatMap((text, i) => (/⚔/.test(text) ? [i] : [])).slice(0, 4);
let best = { n: -1, i: 0 };
for (const i of land) {
  await buttons.nth(i).click();
  await phone.waitForSelector('svg.world .destination', { state: 'attached', timeout: 10000 }).catch(() => undefined);
  await phone.waitForTimeout(300);
  const n = await phone.locator('svg.world .destination').count();
  if (n > best.n) best = { n, i };
}
if (best.n <= 0) fail('no land Command of the first four listed has a destination');
await buttons.nth(best.i).click();
await phone.waitForTimeout(500);
// The selected Command's region and every destination whose outline's middle is on the map show
// their id, whole and on the map.
const kept = () =>
  phone.evaluate(() => {
    const map = document.querySelector('svg.world').getBoundingClientRect();
    const wanted = [...document.querySelectorAll('svg.world .destination, svg.world .focus')].map((e) => ({
      id: e.dataset.id,
      selected: e.classList.contains('focus'),
      box: e.getBoundingClientRect(),
    }));
    const out = { wanted: 0, missing: [] };
    // A region whose outline's middle is on the map.
    for (const { id, selected, box } of wanted) {
      const g = document.querySelector(`svg.world g.label[data-id="${id}"]`);
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (x < map.left || x > map.right || y < map.top || y > map.bottom) continue;
      out.wanted += 1;
      const b = (g.querySelector('rect.tid') ?? g.querySelector('text.sea-id')).getBoundingClientRect();
      const whole = b.width > 0 && b.left >= map.left && b.right <= map.right && b.top >= map.top && b.bottom <= map.bottom;
      if (g.style.display === 'none' || g.classList.contains('bare') || !whole) out.missing.push(`${id}${selected ? ' (selected)' : ''}`);
    }
    return out;
  });
for (const [which, where] of [
  ['fit', 'first view'],
  ['in', '+ 1'],
  ['fit', 'first view again'],
  ['out', '− 1'],
  ['world', 'the whole world'],
]) {
  await zoom(phone, which);
  const seen = await kept();
  if (!seen.wanted) fail(`War in Europe, a Command selected, ${where}: neither it nor a destination is on the map`);
  if (seen.missing.length) {
    await phone.screenshot({ path: `${out}/warroom-zoom-fail-selected-${where.replace(/\W+/g, '-')}.png` });
    fail(`War in Europe, a Command selected, ${where}, 390x844: no readable id for ${seen.missing.join(', ')}`);
  }
  if (which === 'fit') await phone.screenshot({ path: `${out}/warroom-europe-phone-selected-390x844.png` });
  const clashes = await labelClashes(phone);
  if (clashes.length) {
    await phone.screenshot({ path: `${out}/warroom-zoom-fail-selected-${where.replace(/\W+/g, '-')}.png` });
    fail(`War in Europe, a Command selected, ${where}, 390x844: ${clashes.length} pairs of labels overlap: ${clashes.join(', ')}`);
  }
  console.log(`a Command selected, ${where}: the ids of the ${seen.wanted} regions outlined on the map shown, none over another`);
}
await browser.close();
console.log(`warroom-map-zoom: ok in ${((Date.now() - started) / 1000).toFixed(1)} s`);
