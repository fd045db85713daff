// War Room's opening walkthrough (docs/warroom/browser.md), as a newcomer follows it: an Eastern Front
// game with the Soviet Union on the page and bot:rules for Germany. In round 1 the panel "A first
// round, step by step" shows the suggested opening (data/warroom/openings.json): each step says what
// to do and why, in words (no catalogue key or placeholder left); "Do it" is clicked at every step,
// the Phase 1 shifts, "done" with reorganizing, each order and the bid, until the sheet is handed in.
// Then the Soviet sheet as revealed holds exactly the opening's orders in box order and its bid.
// Screenshots at 1280x800 and 390x844 (the phone page must not scroll sideways); no serious
// accessibility violation in the panel.
// Usage: node e2e/warroom-opening.mjs BASE_URL OUT_DIR
import { readFileSync } from 'node:fs';
import { seriousViolations } from './axe.mjs';
import { claimSeat, fail, holdSeat, launch, postGame, screenshotsAtBothSizes, tourSeen } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const started = Date.now();
const openings = JSON.parse(readFileSync(new URL('../../data/warroom/openings.json', import.meta.url)));
const opening = openings.openings.find((o) => o.scenario === 'eastern-front' && o.nation === 'USSR');
const browser = await launch();
const game = await postGame(base, {
  title: 'warroom',
  scenario: 'eastern-front',
  seats: { USSR: 'human', GER: 'bot:rules' },
  options: [],
  seating: 'public',
});
const token = await claimSeat(base, game.id, 'USSR');
const view = async () => {
  const r = await fetch(`${base}api/games/${game.id}/view`, { headers: { Authorization: `Bearer ${token}` } });
  const b = await r.json();
  return b.view ?? b;
};
const context = await tourSeen(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
await holdSeat(context, game.id, 'USSR', token);
const page = await context.newPage();
page.on('pageerror', (e) => fail(`page error: ${e.message}`));
await page.goto(`${base}#/game/${game.id}`);
await page.waitForSelector('.wr-opening .opening-do', { timeout: 60000 }).catch(() => fail('no opening walkthrough in round 1'));

const shoot = (name) => screenshotsAtBothSizes(page, out, name, '.wr-opening');

// Every step: its words, then "Do it"; the step shown must move on after each click.
const seen = [];
let shot = false;
for (let k = 0; k < 60; ++k) {
  const panel = page.locator('.wr-opening');
  if (!(await panel.count()) || !(await page.locator('.wr-opening .opening-do').count())) break;
  const count = (await page.textContent('.wr-opening .opening-count')).trim();
  const what = (await page.textContent('.wr-opening .opening-what')).trim();
  const why = (await page.textContent('.wr-opening .opening-why')).trim();
  for (const text of [count, what, why]) if (!text || /\{\{|warroom\./.test(text)) fail(`a step reads "${text}"`);
  if (seen.at(-1)?.count === count) fail(`the step did not move on after "Do it": ${count} ${what}`);
  seen.push({ count, what, why });
  if (!shot && /Order Command/.test(what)) {
    await shoot('warroom-opening');
    const violations = await seriousViolations(page, ['.wr-opening']);
    if (violations.length) fail(`the opening panel is not accessible: ${violations.join('; ')}`);
    shot = true;
  }
  const before = await page.getAttribute('.game', 'data-version');
  const button = page.locator('.wr-opening .opening-do');
  await page
    .waitForFunction(() => !document.querySelector('.wr-opening .opening-do')?.disabled, null, { timeout: 20000 })
    .catch(() => fail(`"Do it" stays disabled at ${count}: ${what}`));
  if (/Hand in the sheet/.test(what)) {
    // The sheet before it is handed in: the opening's orders in box order and its bid.
    const sheet = (await view()).nations.find((n) => n.id === 'USSR').sheet;
    const orders = sheet.orders.filter(Boolean).map((o) => `${o.command}>${o.to}`);
    const wanted = opening.steps.filter((s) => s.do === 'order').map((s) => `${s.command}>${s.to}`);
    if (JSON.stringify(orders) !== JSON.stringify(wanted)) fail(`the sheet ${orders.join(' ')} is not the opening's ${wanted.join(' ')}`);
    const bid = opening.steps.find((s) => s.do === 'bid')?.oil ?? 0;
    if (sheet.bid !== bid) fail(`the sheet's bid ${sheet.bid} is not the opening's ${bid}`);
  }
  await button.click();
  await page
    .waitForFunction((v) => document.querySelector('.game')?.dataset.version !== v, before, { timeout: 20000 })
    .catch(() => fail(`"Do it" sent nothing at ${count}: ${what}`));
  // An order step sends two actions (select, then to): the version moves after the first, the step
  // only after the second (read between them, the whole suite once saw "the step did not move on").
  await page
    .waitForFunction(
      (c) =>
        !document.querySelector('.wr-opening .opening-do') ||
        document.querySelector('.wr-opening .opening-count')?.textContent.trim() !== c,
      count,
      { timeout: 20000 },
    )
    .catch(() => undefined); // the check at the loop's top says what did not move on
  await page.waitForTimeout(150);
}
if (!shot) fail('no order step was shown');
const last = seen.at(-1);
if (!/Hand in the sheet/.test(last?.what ?? '')) fail(`the walkthrough ended at "${last?.what}", not at handing in the sheet`);
const total = opening.steps.length + 2;
if (seen.length !== total) fail(`${seen.length} steps shown of the opening's ${total}`);
const after = await view();
if (after.round === 1 && after.nations.find((n) => n.id === 'USSR').sheet.status === 'writing') fail('the Soviet sheet was not handed in');
console.log(
  `warroom-opening: ${seen.length} steps of the Soviet opening taken with "Do it" in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
    `first: "${seen[0].what}" — "${seen[0].why}"`,
);
await browser.close();
