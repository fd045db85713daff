// Measures War Room's crowded maps (docs/warroom/browser.md, "What the map shows at each zoom"; play-test
// 2026-12-05, findings 1 and 5): Global War watched by a spectator (its first view and the whole
// world, ◯) and War in Europe as Germany and Italy on a phone (Phases 1 and 2), each at its first
// view and zoomed in step by step with the map's + button. For each view it prints the labels shown
// (ids), the names shown, the pairs of regions whose ids or stacks overlap (labelClashes), the labels
// set beside their regions with a line, and the ids and stacks drawn off their regions (labelStrays).
// Not a test: it fails nothing. With OUT_DIR, a screenshot of each view there.
// Usage: node e2e/warroom-map-measure.mjs BASE_URL [OUT_DIR [world|europe]]
import { createWarRoomGame, fail, labelClashes, labelStrays, launch, postGame, toPhase2, tourSeen } from './browser.mjs';

const [base, out, only] = process.argv.slice(2); // only: world or europe
const browser = await launch();

async function measure(page, where) {
  if (out) await page.screenshot({ path: `${out}/measure-${where.replace(/\W+/g, '-')}.png` });
  const clashes = await labelClashes(page);
  const s = await labelStrays(page);
  if (s.ids.length || s.stacks.length) console.log(`  off their regions: ${[...s.ids, ...s.stacks].join(', ')}`);
  const names = await page.evaluate(
    () =>
      [...document.querySelectorAll('svg.world g.label:not(.off-play) text.name')].filter((n) => n.getBoundingClientRect().width > 0)
        .length,
  );
  console.log(
    `${where.padEnd(50)} ids ${String(s.shown).padStart(3)}  names ${String(names).padStart(3)}  overlapping ${String(clashes.length).padStart(4)}  beside ${String(s.beside.length).padStart(3)}  off: ids ${s.ids.length}, stacks ${s.stacks.length}`,
  );
}

// The first view, then + pressed `steps` times.
async function zooms(page, where, steps = 3) {
  await measure(page, `${where}, first view`);
  for (let i = 1; i <= steps; ++i) {
    await page.click('button[data-zoom="in"]');
    await page.waitForTimeout(300);
    await measure(page, `${where}, + ${i}`);
  }
}

// ---- Global War, watched: a game waiting on Japan's human seat (nobody's), the rules bots elsewhere ----
if (only !== 'europe') await globalWar();
if (only !== 'world') await warInEurope();
await browser.close();

async function globalWar() {
  const war = await postGame(base, {
    title: 'warroom',
    scenario: 'global-war',
    seating: 'public',
    seats: { 'CHN+US': 'bot:rules', BC: 'bot:rules', USSR: 'bot:rules', GER: 'bot:rules', ITA: 'bot:rules', JPN: 'human' },
  });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    const page = await (await tourSeen(await browser.newContext({ viewport: { width, height } }))).newPage();
    page.on('pageerror', (e) => fail(`page error: ${e.message}`));
    await page.goto(`${base}#/game/${war.id}`);
    await page.waitForSelector('svg.world g.label', { state: 'attached' });
    await page.waitForTimeout(1500);
    await page.locator('.warroom-map').scrollIntoViewIfNeeded();
    await zooms(page, `Global War watched ${width}x${height}`, 2);
    await page.click('button[data-zoom="world"]');
    await page.waitForTimeout(400);
    await zooms(page, `Global War world ${width}x${height}`, 4);
    await page.context().close();
  }
}

// ---- War in Europe as Germany and Italy on a phone ----
async function warInEurope() {
  const context = await tourSeen(
    await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }),
  );
  const phone = await context.newPage();
  phone.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await createWarRoomGame(phone, base, 'war-in-europe', { 'GER+ITA': 'human', BC: 'bot:rules', USSR: 'bot:rules', US: 'bot:rules' });
  await phone.waitForSelector('svg.world g.label', { state: 'attached' });
  await phone.waitForTimeout(1500);
  await phone.locator('.warroom-map').scrollIntoViewIfNeeded();
  await zooms(phone, 'War in Europe GER+ITA 390x844, Phase 1');
  await phone.click('button[data-zoom="fit"]');
  await toPhase2(phone);
  await phone.waitForTimeout(800);
  await phone.locator('.warroom-map').scrollIntoViewIfNeeded();
  await zooms(phone, 'War in Europe GER+ITA 390x844, Phase 2');
}
