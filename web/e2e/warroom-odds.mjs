// War Room's odds before an attack and its end screen in the browser (docs/warroom/browser.md, "Odds"
// and "The end"), as a player meets them:
// 1. An Eastern Front game from the lobby, Germany human against the rules bot: at Germany's first
//    order sheet three orders into Smolensk (two armies and the fighters) are written; the odds
//    panel shows the battle calculator's answer -- each figure equal to what the API answers for
//    the seat (GET /api/games/ID/odds; that the API answers what `warroom odds --json` answers
//    for the same position is checked by tests/server/server_test.cpp, which reads the game's record
//    from the server's database); a second dice stream (another seed) gives figures within their
//    error; a bad region is refused.
//    The hint panel then shows the sheet the AI would write for Germany (the server's plan), each
//    order's reason in words and each attack's odds, and "Take" writes a proposed order.
// 2. A game the bots play to its end (round cap 10), watched: the end screen says why the war ended,
//    each nation's losses, Stress and Medals as the view's chronicle has them; a round's "replay its
//    battles" lands the replay on the first step of that round's Phase 4.
// Screenshots at 1280x800 and 390x844 of the panel, the hint, the end screen and the replay's jump.
// Usage: node e2e/warroom-odds.mjs BASE_URL OUT_DIR
import { seriousViolations } from './axe.mjs';
import { fail, labelClashes, launch, pageErrors, rulesBotsEasternFront, tourSeen } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const started = Date.now();
const browser = await launch();

// An element checked for serious accessibility violations, then on screen at 1280x800 and 390x844,
// each saved as OUT/NAME-WxH.png; the page is left at 1280x800.
async function lookAt(page, selector, name) {
  const violations = await seriousViolations(page, [selector]);
  if (violations.length) fail(`accessibility: ${violations.join('; ')}`);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.locator(selector).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/${name}-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// ---- 1. Odds before an attack ----
const context = await tourSeen(await browser.newContext({ viewport: { width: 1280, height: 800 } }));
const errors = pageErrors(context);
const page = await context.newPage();
page.on('pageerror', (e) => fail(`page error: ${e.message}`));
await page.goto(base);
await page.selectOption('select[name=title]', 'warroom');
await page.selectOption('select[name=scenario]', 'eastern-front');
await page.selectOption('select[name="seat:USSR"]', 'bot:rules');
await page.selectOption('select[name="seat:GER"]', 'human');
await page.click('#create-game');
await page.waitForURL(/#\/game\/[0-9a-f]+$/);
const id = page.url().split('/').pop();
const { token } = await page.evaluate((g) => JSON.parse(localStorage.getItem(`game.${g}`)), id);
const auth = { headers: { Authorization: `Bearer ${token}` } };
const api = async (path, options = auth) => (await page.request.get(`${base}api/games/${id}${path}`, options)).json();
let view = await api('/view');
const post = async (action) => {
  const res = await page.request.post(`${base}api/games/${id}/actions`, { ...auth, data: { action, version: view.version } });
  view = await res.json();
  if (!res.ok()) fail(`${action}: ${JSON.stringify(view)}`);
};
// Phase 1 (nothing to reorganize at the start) until Germany's sheet, as the command line does it.
for (let i = 0; i < 10 && !view.phase.includes('Write Orders'); ++i) await post('done GER');
if (!view.phase.includes('Write Orders')) fail(`not at Germany's sheet: ${view.phase}`);
// The three orders into Smolensk (writing them by clicking is web/e2e/warroom.mjs's part).
for (const command of [42, 43, 17]) {
  await post(`select GER ${command}`);
  await post('to GER R12');
}
await page.reload();
await page.waitForSelector('svg.world g.territory', { state: 'attached', timeout: 60000 });
await page.waitForSelector('.wr-odds .odds-answer[data-region="R12"][data-state="shown"]', { timeout: 60000 });

const answer = await api('/odds?region=R12');
if (!answer.odds) fail(`the API answered no odds: ${JSON.stringify(answer)}`);
const o = answer.odds;
// The panel shows the API's figures, formatted as the panel formats them.
const figure = (e, percent) => {
  const mean = percent ? `${(100 * e.mean).toFixed(1)}%` : e.mean.toFixed(2);
  return o.exact ? mean : `${mean} ± ${percent ? (100 * e.se).toFixed(1) : e.se.toFixed(2)}`;
};
const rows = { wins: 'wins', 'units-lost': 'units_lost', 'casualty-points': 'casualty_points', stress: 'stress', medals: 'medals' };
for (const [cls, key] of Object.entries(rows))
  for (const side of ['allied', 'axis']) {
    const shown = (await page.textContent(`.wr-odds tr.${cls} td.side-${side}`)).trim();
    const want = figure(o.sides[side][key], key === 'wins');
    if (shown !== want) fail(`${side} ${key}: the panel shows ${shown}, the API answers ${want}`);
  }
const method = await page.textContent('.wr-odds .odds-method');
if (o.exact ? !/Exact/.test(method) : !method.includes(`${o.samples} battles`) || !method.includes('±')) fail(`method: ${method}`);
const stances = await page.textContent('.wr-odds .stances-axis');
for (const s of o.sides.axis.stances)
  if (!stances.toLowerCase().replaceAll('-', ' ').includes(s.stance.replaceAll('-', ' '))) fail(`stance ${s.stance} not shown: ${stances}`);
const assumed = await page.$$eval('.wr-odds .odds-assumptions li', (els) => els.map((e) => e.textContent));
if (!assumed.some((a) => a.includes('Germany 42, Germany 43, and Germany 17 move in first')))
  fail(`the orders moving in are not stated: ${assumed}`);
if (o.more_may_come && !assumed.some((a) => a.includes('reinforcements'))) fail(`unknown reinforcements not stated: ${assumed}`);
console.log(
  `odds panel: Axis take R12 ${figure(o.sides.axis.wins, true)}, ${o.exact ? 'exact' : `${o.samples} battles`}, ${o.milliseconds.toFixed(0)} ms`,
);

// Another dice stream: every figure within its error (4 standard errors of the difference).
const other = (await api('/odds?region=R12&seed=7')).odds;
for (const side of ['allied', 'axis'])
  for (const key of Object.values(rows)) {
    const a = o.sides[side][key],
      b = other.sides[side][key];
    const allowed = 4 * Math.hypot(a.se, b.se) + 1e-9;
    if (Math.abs(a.mean - b.mean) > allowed) fail(`${side} ${key}: ${a.mean} and ${b.mean} differ by more than ${allowed}`);
  }
// Bad input: a clear JSON error, nothing changed.
const refused = await page.request.get(`${base}api/games/${id}/odds?region=Atlantis`, auth);
if (refused.status() !== 400 || !(await refused.json()).error.includes('unknown region')) fail(`a bad region: ${refused.status()}`);
if ((await api('/view')).version !== (await page.getAttribute('.game', 'data-version')) * 1) fail('asking the odds changed the game');

await lookAt(page, '.wr-odds', 'warroom-odds');
await page.setViewportSize({ width: 390, height: 844 });
const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
if (sideways) fail('the phone page scrolls sideways with the odds panel');
await page.setViewportSize({ width: 1280, height: 800 });

// ---- 1b. The hint: the sheet the AI would write, with each attack's odds and why ----
// The panel shows the server's plan (GET /api/games/ID/hint: the same version, the same answer):
// every order with its reason in words, the orders already written as the player's, each attack's
// chance for Germany as the calculator gives it; "Take" writes a proposed order on the sheet.
await page.click('.wr-hint button.hint-ask');
await page.waitForSelector('.wr-hint .hint-answer[data-state="shown"]', { timeout: 60000 });
const hinted = await api('/hint');
const plan = hinted.plan;
if (!plan || plan.step !== 'sheet') fail(`the hint has no sheet: ${JSON.stringify(hinted).slice(0, 300)}`);
const ger = plan.nations.find((n) => n.nation === 'GER');
const items = await page.$$eval('.wr-hint li.hint-order', (els) =>
  els.map((e) => ({
    to: e.dataset.to,
    command: Number(e.dataset.command),
    why: e.querySelector('.hint-why').textContent.trim(),
    yours: !!e.querySelector('.yours'),
  })),
);
if (items.length !== ger.orders.length) fail(`the panel shows ${items.length} orders, the plan has ${ger.orders.length}`);
for (const [i, o] of ger.orders.entries()) {
  const shown = items[i];
  if (shown.command !== o.command || shown.to !== o.to || shown.yours === o.proposed)
    fail(`order ${i + 1}: ${JSON.stringify(shown)} for ${JSON.stringify(o)}`);
  if (!shown.why || shown.why === o.reason) fail(`order ${i + 1}: its reason ${o.reason} is not worded (${shown.why})`);
}
for (const command of [42, 43, 17])
  if (!ger.orders.some((o) => o.command === command && !o.proposed)) fail(`Germany ${command}'s order is not the player's in the plan`);
for (const a of plan.attacks) {
  const summary = (await page.textContent(`.wr-hint details.hint-odds[data-region="${a.region}"] summary`)).trim();
  const want = a.odds.exact
    ? `${(100 * a.odds.sides.axis.wins.mean).toFixed(1)}%`
    : `${(100 * a.odds.sides.axis.wins.mean).toFixed(1)}% ± ${(100 * a.odds.sides.axis.wins.se).toFixed(1)}`;
  if (!summary.endsWith(want)) fail(`the attack on ${a.region}: the panel says "${summary}", the plan's odds ${want}`);
}
if (!plan.attacks.some((a) => a.region === 'R12')) fail(`no odds for the attack on Smolensk: ${plan.attacks.map((a) => a.region)}`);
console.log(
  `hint: ${ger.orders.length} orders (${ger.orders.filter((o) => o.proposed).length} proposed), bid ${ger.bid.bid} (${ger.bid.reason}), ${plan.attacks.length} attacks weighed, estimated win chance ${(100 * plan.value).toFixed(0)}%`,
);
await lookAt(page, '.wr-hint', 'warroom-hint');
await page.setViewportSize({ width: 390, height: 844 });
if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1))
  fail('the phone page scrolls sideways with the hint panel');
await page.setViewportSize({ width: 1280, height: 800 });
const proposed = ger.orders.find((o) => o.proposed);
if (proposed) {
  await page.click(`.wr-hint li.hint-order[data-command="${proposed.command}"] button.hint-take`);
  await page.waitForSelector(`.wr-hint li.hint-order[data-command="${proposed.command}"] .taken`, { timeout: 30000 });
  const sheet = (await api('/view')).nations.find((n) => n.id === 'GER').sheet;
  if (!sheet.orders.some((o) => o && o.command === proposed.command && o.to === proposed.to))
    fail(`"Take" did not write ${proposed.command} → ${proposed.to}`);
}
await context.close();
if (errors.length) fail(`the player's page had errors: ${[...new Set(errors)].join('; ')}`);

// ---- 2. The end and the memory ----
const made = await rulesBotsEasternFront(base);
const watching = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const watchErrors = pageErrors(watching);
const watch = await watching.newPage();
watch.on('pageerror', (e) => fail(`page error: ${e.message}`));
await watch.goto(`${base}#/game/${made.id}`);
await watch.waitForSelector('.wr-end .end-reason', { timeout: 240000 });
const final = await (await watch.request.get(`${base}api/games/${made.id}/view`)).json();
const c = final.chronicle;
if (!c || !c.end) fail(`the finished game's view has no chronicle end: ${JSON.stringify(c)}`);
const reason = await watch.textContent('.wr-end .end-reason');
if (!reason.includes(`round ${c.end.round}`)) fail(`the reason does not say the round: ${reason}`);
for (const n of final.nations) {
  const row = watch.locator(`.wr-end tr[data-nation="${n.id}"]`);
  const lost = Number(await row.locator('.units-lost').textContent());
  const medals = Number(await row.locator('.medals').textContent());
  if (lost !== (c.totals[n.id]?.units_lost ?? 0) || medals !== (c.totals[n.id]?.medals ?? 0))
    fail(`${n.id}: ${lost} lost, ${medals} medals`);
}
console.log(`end: ${reason.trim()} (${c.rounds.length} rounds summed)`);
await lookAt(watch, '.wr-end', 'warroom-end');

// A round's battles replayed: the replay lands on the first step of its Phase 4.
const fought = c.rounds.find((r) => r.battles.length);
if (!fought) fail('no round with a battle');
if (!(await watch.locator(`.wr-end details[data-round="${fought.round}"][open]`).count()))
  await watch.click(`.wr-end details[data-round="${fought.round}"] summary`);
await watch.click(`.wr-end details[data-round="${fought.round}"] a.jump[href$="/${fought.round}/4"]`);
await watch.waitForFunction(
  (r) => document.querySelector('#replay-round')?.value === String(r) && document.querySelector('#replay-phase')?.value === '4',
  fought.round,
  { timeout: 60000 },
);
const step = Number((await watch.getAttribute('#replay-slider', 'value')) ?? -1);
const before = await (await watch.request.get(`${base}api/games/${made.id}/replay?step=${step - 1}`)).json();
const b = before.view;
if (!(b.round < fought.round || (b.round === fought.round && b.phase_number < 4)))
  fail(`step ${step - 1} is already round ${b.round} phase ${b.phase_number}`);
await watch.screenshot({ path: `${out}/warroom-replay-jump-1280x800.png` });
// The replay's step stands longer than the odds panel's pause (350 ms): a past battle's odds were
// asked of the game now, where there is none (422 in the console).
await watch.waitForTimeout(800);
console.log(`replay: round ${fought.round} Phase 4 begins at step ${step}`);

// The phone map through the war (play-test 2026-12-05, finding 4: Smolensk's id and label drawn over
// Moscow's stack at 390x844): at the start of Phases 1 and 5 of every round the replay shows, no two
// regions' ids and stacks overlap, the units under an Industry token included, nor the tracks.
await watch.setViewportSize({ width: 390, height: 844 });
const overlaps = {};
for (let round = 1; round <= c.end.round; ++round)
  for (const phase of [1, 5]) {
    await watch.goto(`${base}#/game/${made.id}/replay/${round}/${phase}`);
    await watch.waitForFunction(
      ([r, p]) =>
        document.querySelector('#replay-round')?.value === String(r) && document.querySelector('#replay-phase')?.value === String(p),
      [round, phase],
      { timeout: 30000 },
    );
    await watch.waitForTimeout(300);
    const clashes = await labelClashes(watch);
    if (clashes.length) overlaps[`round ${round} phase ${phase}`] = clashes;
  }
if (Object.keys(overlaps).length) fail(`labels or stacks overlap on the phone map: ${JSON.stringify(overlaps)}`);
console.log(`phone map: no overlap at Phases 1 and 5 of ${c.end.round} rounds`);

// The watcher's pages, the replays on the phone included, had no failed request and no console error.
if (watchErrors.length) fail(`the watcher's pages had errors: ${[...new Set(watchErrors)].join('; ')}`);
await browser.close();
console.log(`warroom-odds: ok in ${((Date.now() - started) / 1000).toFixed(1)} s`);
