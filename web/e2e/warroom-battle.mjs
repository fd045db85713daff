// War Room's orders and battles in the browser, as a player checks them (docs/warroom/browser.md):
// 1. Writing orders: a Command selected by clicking its stack outlines in orange only the
//    destinations its order would reach; those the rules would stop short or cancel (the view's
//    `destinations`, from the engine's own plan) are marked apart, never outlined as legal, and an
//    order written to one is marked on the sheet with where it would stop or that it would be
//    cancelled, and why; Escape and a second click on the selected stack put it down again.
// 2. A battle: from the seat's first stance decision the board shows both forces (no "No units.");
//    the stance rows show their dice and the d12's legend its colours; once the battle is over the
//    board shown is its final one, and its eliminated units equal the casualties the log reports
//    (`units_lost`, read from the log's structure).
// 3. The seat's stance choices right under the battle board, on a phone as at 1280x800, and taken there.
// Screenshots at 1280x800 and 390x844 (the battle board's columns within the phone's width), and an
// accessibility check of the map, the sheet and the battle panel.
// Eastern Front with both seats human: GER is played on the page, USSR through the API.
// Usage: node e2e/warroom-battle.mjs BASE_URL OUT_DIR
import { seriousViolations } from './axe.mjs';
import { fail, holdSeat, labelClashes, launch, screenshotsAtBothSizes, tourSeen } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const browser = await launch();

const post = async (path, body, token) => {
  const r = await fetch(`${base}api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json().catch(() => null) };
};
const game = (
  await post('games', {
    title: 'warroom',
    scenario: 'eastern-front',
    players: 2,
    seats: { USSR: 'human', GER: 'human' },
    options: [],
    seating: 'public',
  })
).body;
const token = {};
for (const seat of ['USSR', 'GER']) token[seat] = (await post(`games/${game.id}/seats/${seat}`, {})).body.token;
const view = async (seat) => {
  const r = await fetch(`${base}api/games/${game.id}/view`, { headers: { Authorization: `Bearer ${token[seat]}` } });
  const b = await r.json();
  return b.view ?? b;
};
const act = async (seat, action) => {
  const v = await view(seat);
  return post(`games/${game.id}/actions`, { action, version: v.version }, token[seat]);
};

// A seat's choice when it is asked: a hit or a stance as listed first, "done" rather than writing,
// for GER orders into the USSR's regions its order would reach.
async function playOnce(seat, attack) {
  const v = await view(seat);
  const legal = v.legal_actions;
  if (!legal.length) return false;
  const enemy = new Set(v.regions.filter((r) => r.controller && r.controller !== seat).map((r) => r.id));
  if (attack && legal.includes(`done ${seat}`) && legal.some((a) => a.startsWith(`to ${seat} `) || a.startsWith(`select ${seat} `))) {
    const to = legal.find((a) => a.startsWith(`to ${seat} `) && enemy.has(a.split(' ')[2]) && !v.destinations?.[a]);
    const fresh = legal.find(
      (a) =>
        a.startsWith(`select ${seat} `) &&
        !v.nations.find((n) => n.id === seat).sheet.orders?.some((o) => o && o.command === Number(a.split(' ')[2])),
    );
    const written = v.nations.find((n) => n.id === seat).sheet.orders?.filter(Boolean).length ?? 0;
    if (to) return (await act(seat, to), true);
    if (written < 4 && fresh && !legal.includes(`deselect ${seat}`)) return (await act(seat, fresh), true);
    if (legal.includes(`deselect ${seat}`)) {
      await act(seat, `deselect ${seat}`);
      if (written < 4 && fresh) {
        // the selected one could not attack: try the next Command
        const next = legal.filter((a) => a.startsWith(`select ${seat} `))[attack.tried++ % 8];
        if (next && attack.tried < 8) return (await act(seat, next), true);
      }
    }
  }
  const pick = legal.find((a) => a.startsWith(`done ${seat}`)) ?? legal[0];
  await act(seat, pick);
  return true;
}

const page = await (await tourSeen(await browser.newContext({ viewport: { width: 1280, height: 800 } }))).newPage();
page.on('pageerror', (e) => fail(`page error: ${e.message}`));
await holdSeat(page, game.id, 'GER', token.GER);
await page.goto(`${base}#/game/${game.id}`);
await page.waitForSelector('svg.world g.territory', { state: 'attached', timeout: 60000 });

// Phase 1 for both; then GER writes on the page.
for (let k = 0; k < 40; ++k) {
  const g = await view('GER');
  if (g.legal_actions.some((a) => a.startsWith('select GER '))) break;
  for (const seat of ['USSR', 'GER'])
    if ((await view(seat)).legal_actions.length)
      await act(seat, (await view(seat)).legal_actions.find((a) => a.startsWith('done')) ?? (await view(seat)).legal_actions[0]);
}
const version = async () => page.getAttribute('.game', 'data-version');
const settled = async (v) =>
  page.waitForFunction((x) => document.querySelector('.game')?.dataset.version !== x, v, { timeout: 5000 }).catch(() => undefined);
await page.reload();
await page.waitForSelector('svg.world g.territory', { state: 'attached', timeout: 60000 });

// The map's labels: no two regions' ids and stacks overlap, nor do they lie under the tracks, at
// either size (Moscow's stack and Smolensk's label were drawn over each other).
for (const [w, h] of [
  [1280, 800],
  [390, 844],
]) {
  await page.setViewportSize({ width: w, height: h });
  await page.waitForTimeout(300);
  const clashes = await labelClashes(page);
  if (clashes.length) fail(`labels or stacks overlap at ${w}x${h}: ${clashes.join(', ')}`);
}
await page.setViewportSize({ width: 1280, height: 800 });

// 1. Select each of GER's first ten Commands in the sheet's list: a destination its order would not
// reach is never outlined as legal, each is marked apart with the rules' reason (the first Command
// with one is looked at closely), and none of GER's own is said to be invaded.
let doomedSeen = 0;
const invaded = [];
for (let k = 0; k < 10; ++k) {
  if (!(await page.locator('.wr-sheet details.commands[open]').count())) await page.click('.wr-sheet details.commands summary');
  const buttons = page.locator('.wr-sheet details.commands button.select');
  if (k >= (await buttons.count())) break;
  const before = await version();
  await buttons.nth(k).click();
  await settled(before);
  await page.waitForSelector('.warroom-map .destination, .warroom-map .doomed', { state: 'attached', timeout: 5000 });
  const v = await view('GER');
  const doomed = Object.keys(v.destinations ?? {}).map((a) => a.split(' ')[2]);
  const outlined = await page.$$eval('.warroom-map .destination', (els) => els.map((e) => e.dataset.id));
  const apart = await page.$$eval('.warroom-map .doomed', (els) => els.map((e) => e.dataset.id));
  const wrong = outlined.filter((id) => doomed.includes(id));
  if (wrong.length) fail(`destinations the order would not reach are outlined as legal: ${wrong.join(', ')}`);
  if (doomed.some((id) => !apart.includes(id))) fail(`doomed destinations not marked apart: ${doomed.join(', ')} vs ${apart.join(', ')}`);
  // A rail order is said to invade only an enemy or neutral destination (the newcomer play-test of
  // 5 December, finding 10: German Karelia, and here German G10, read "a Nation may not invade by
  // Rail" where no friendly rail path reached them).
  const axis = new Set(v.nations.filter((n) => n.alliance === 'axis').map((n) => n.id));
  const rows = await page.$$eval('.wr-sheet .destinations li.cancelled', (lis) =>
    lis.map((li) => [li.querySelector('button').textContent.trim(), li.querySelector('small').textContent]),
  );
  invaded.push(...rows.filter(([id, text]) => /invade by Rail/.test(text) && axis.has(v.regions.find((r) => r.id === id)?.controller)));
  if (doomed.length && !doomedSeen) {
    doomedSeen = doomed.length;
    for (const [w, h] of [
      [1280, 800],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(250);
      await page.locator('.warroom-map').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${out}/warroom-doomed-${w}x${h}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const why = Object.values(v.destinations)[0].why;
    if (!why) fail('a doomed destination carries no reason');
    if (!rows.length) fail('the sheet lists no destination its order would not reach');
    // The sheet lists the destinations the order would reach first, and counts them apart (play-test
    // 2026-12-05, Global War: 31 failing rail moves came before the 10 real destinations).
    const listed = await page.$$eval('.wr-sheet .destinations li, .sheet.own .destinations li', (lis) =>
      lis.map((li) => (li.classList.contains('cancelled') ? 'x' : 'o')).join(''),
    );
    if (!/^o*x+$/.test(listed)) fail(`the sheet's destinations are not the reachable ones first: ${listed}`);
    const summary = await page.textContent('.sheet.own .destinations summary');
    const reach = (listed.match(/o/g) ?? []).length;
    if (!summary.includes(`(${reach})`) || !summary.includes(`${listed.length - reach} it would not reach`))
      fail(`the destinations' count: "${summary}" for ${listed}`);
    // Written anyway, the order is marked on the sheet itself before "Done" with where it would stop
    // or that it would be cancelled, and why (issue 34's play-test, finding 3: "the warning when the
    // order is written"), from the view's outlook of the order; then it is erased again.
    const first = page.locator('.wr-sheet .destinations li.cancelled button.to').first();
    const to = await first.getAttribute('data-action');
    const b1 = await version();
    await first.click();
    await settled(b1);
    const written = (await view('GER')).nations.find((n) => n.id === 'GER').sheet.orders.findIndex((o) => o?.outlook);
    if (written < 0) fail(`the order written by ${to} carries no outlook in the view`);
    const outlook = (await view('GER')).nations.find((n) => n.id === 'GER').sheet.orders[written].outlook;
    const mark = page.locator(`.wr-sheet li.box[value="${written + 1}"] .outlook`);
    await mark.waitFor({ timeout: 5000 }).catch(() => fail(`the sheet does not mark the order of ${to} that would not arrive`));
    const said = await mark.textContent();
    const expected = outlook.outcome === 'stops_short' ? /^would stop in .+: .*\(rulings? [\d, ]+\)$/ : /^would be cancelled: .+/;
    if (!expected.test(said)) fail(`the written order's mark reads "${said}" (${outlook.outcome}, ${outlook.reason})`);
    await screenshotsAtBothSizes(page, out, 'warroom-written-doomed', '.wr-sheet ol.boxes');
    const b4 = await version();
    await page.click(`.wr-sheet li.box[value="${written + 1}"] button.erase`);
    await settled(b4);
    if ((await view('GER')).nations.find((n) => n.id === 'GER').sheet.orders[written])
      fail('the order that would not arrive was not erased');
    continue; // the Command was put down when its order was written
  }
  // Escape puts the Command down again.
  const b2 = await version();
  await page.keyboard.press('Escape');
  await settled(b2);
  await page
    .waitForFunction(() => !document.querySelector('.warroom-map .destination, .warroom-map .doomed'), null, { timeout: 5000 })
    .catch(() => fail('Escape does not deselect the Command'));
  if ((await view('GER')).nations.find((n) => n.id === 'GER').sheet.selected) fail('the Command is still selected after Escape');
}
if (!doomedSeen) fail('no GER Command has a destination its order would not reach (expected rail invasions)');
if (invaded.length) fail(`a rail order to GER's own ${invaded.map(([id]) => id).join(', ')} is said to invade: ${invaded[0][1]}`);

// A click on the selected Command's stack puts it down; a click on one's own stack selects it.
const selectable = await page.$$eval('.warroom-map .selectable', (els) => els.map((e) => e.dataset.id));
const stackRegion = selectable.find(Boolean);
const clickLabel = (id) => page.locator(`g.label[data-id="${id}"]`).locator('text.tid, text.sea-id').first().click({ timeout: 3000 });
for (const id of selectable) {
  const b = await version();
  await clickLabel(id).catch(() => undefined);
  await settled(b);
  if ((await view('GER')).nations.find((n) => n.id === 'GER').sheet.selected) break;
  if (await page.locator('.region-info:not([hidden]) button.select').count()) {
    await page.locator('.region-info:not([hidden]) button.select').first().click();
    await settled(b);
    break;
  }
}
const chosen = (await view('GER')).nations.find((n) => n.id === 'GER').sheet.selected;
if (!chosen) fail(`no stack could be selected by clicking (${stackRegion})`);
const where = (await view('GER')).commands.find((c) => c.nation === 'GER' && c.number === chosen).region;
const b3 = await version();
await page
  .locator('.region-info .close-info')
  .click()
  .catch(() => undefined);
await clickLabel(where);
await settled(b3);
if ((await view('GER')).nations.find((n) => n.id === 'GER').sheet.selected)
  fail(`a second click on the selected Command's stack (${where}) does not put it down`);
const violations = await seriousViolations(page, ['.warroom-map', '.wr-sheet']);
if (violations.length) fail(`the map and the sheet are not accessible: ${violations.join('; ')}`);

// Phase 3 on a phone: the Odds panel of GER's attacks sits under the map and right above the decision
// it informs (only "carry out the rest" and the execution panel, which inform it too, may come
// between the map and it), not at the top of the page above the map. Screenshots at both sizes.
async function oddsAboveTheDecision() {
  await page.waitForSelector('.wr-odds', { timeout: 10000 }).catch(() => fail("no Odds panel in GER's Phase 3 turn"));
  await screenshotsAtBothSizes(page, out, 'warroom-odds-phase3', '.wr-odds', async (width) => {
    if (width !== 390) return;
    const boxes = await page.evaluate(() => {
      const box = (e) => {
        const b = e.getBoundingClientRect();
        return { name: e.id || e.className, top: b.top + scrollY, bottom: b.bottom + scrollY };
      };
      return [...document.querySelectorAll('.game .panel, #decide')].filter((e) => e.getBoundingClientRect().height > 0).map(box);
    });
    const find = (re) => boxes.find((b) => re.test(b.name));
    const map = find(/warroom-map/),
      odds = find(/wr-odds/),
      decide = find(/^decide$/);
    if (!map || !odds || !decide) fail(`the phone page lacks the map, the odds or the decision: ${boxes.map((b) => b.name).join(', ')}`);
    if (!(map.bottom <= odds.top && odds.bottom <= decide.top))
      fail(`on the phone the Odds panel is not between the map and the decision: ${JSON.stringify({ map, odds, decide })}`);
    const between = boxes.filter((b) => b.top >= odds.bottom && b.bottom <= decide.top);
    if (between.length) fail(`on the phone ${between.map((b) => b.name).join(', ')} stand between the Odds panel and the decision`);
    // the end of the panel and the decision under it, as the player scrolls down to decide
    await page.evaluate(() => document.querySelector('#decide').scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: `${out}/warroom-odds-phase3-decide-390x844.png` });
  });
}

// Phase 3, GER's turn: "Carry out the rest" executes every remaining order in box order, one legal
// action each as the view's `carry_out` gives it, until none is left or GER must choose (then the
// panel says why). Returns what was carried out.
async function carryOutTheRest(g) {
  const left = g.carry_out.left;
  await page.reload();
  const button = page.locator('.wr-carry button.carry-rest');
  await button.waitFor({ timeout: 20000 }).catch(() => fail('no "Carry out the rest" button in GER\'s Phase 3 turn'));
  await page.evaluate(() => document.querySelector('.wr-carry')?.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${out}/warroom-carry-1280x800.png` });
  await oddsAboveTheDecision();
  const started = Date.now();
  await button.click();
  let now = g;
  for (let k = 0; k < 100 && now.carry_out?.action; ++k) {
    await new Promise((r) => setTimeout(r, 200));
    now = await view('GER');
  }
  const seconds = (Date.now() - started) / 1000;
  if (now.carry_out?.action) fail(`"Carry out the rest" stopped with an order it could carry out: ${now.carry_out.action}`);
  const written = now.nations.find((n) => n.id === 'GER').sheet.orders?.filter((o) => o && o.status === 'written').length ?? 0;
  if (now.carry_out) {
    await page.waitForSelector('.wr-carry .carry-message', { timeout: 5000 });
    const said = await page.textContent('.wr-carry .carry-message');
    if (!said.includes(`${now.carry_out.box}`)) fail(`the panel does not say why it stopped: "${said}"`);
  } else if (written) fail(`${written} of GER's orders are still written after "Carry out the rest"`);
  return { left, still: now.carry_out ? now.carry_out.left : 0, seconds };
}

// Orders into the USSR's regions through the API, then play both seats until GER is asked a
// stance: the board then shows both forces.
let carried = null;
const tries = { tried: 0 };
let firstStance = false;
for (let k = 0; k < 400 && !firstStance; ++k) {
  const g = await view('GER');
  if (g.terminal) fail('the game ended before a battle');
  if (g.battle && g.legal_actions.some((a) => / stance /.test(a))) {
    firstStance = true;
    break;
  }
  if (!carried && g.carry_out?.action) {
    carried = await carryOutTheRest(g);
    continue;
  }
  const moved = (await playOnce('GER', tries)) | (await playOnce('USSR', null));
  if (!moved) await new Promise((r) => setTimeout(r, 100));
}
if (!firstStance) fail('GER was never asked a stance');
if (!carried) fail('GER\'s Phase 3 turn never offered "Carry out the rest"');
await page.reload();
await page.waitForSelector('.wr-battle .bboard', { timeout: 20000 }).catch(() => fail('no battle board at the first stance decision'));
const sides = await page.$$eval('.wr-battle .bside', (els) => els.map((e) => e.querySelectorAll('tr[data-nation]').length));
if (sides.length !== 2 || sides.some((n) => n === 0)) fail(`the board at the first stance shows rows per side: ${sides.join(', ')}`);
if (await page.locator('.wr-battle .bboard', { hasText: 'No units.' }).count()) fail('the board says "No units." at the first stance');
if (!(await page.locator('.wr-battle .bboard .sdice').count())) fail("the stances' dice are not shown beside them");
// The stance choices read as players say them (Battle Setup › 5): where the units asked about go and
// where the rest go ("2 Infantry in Assault, 1 in Defensive", "all 3 Infantry in Assault"), worded
// from the catalogue by the choice's fields; not "3 Infantry of Germany in Assault".
const asked = await view('GER');
const stanceChoices = asked.legal_actions.filter((a) => asked.action_fields[a]?.choice?.choice === 'stance');
if (!stanceChoices.length) fail('no stance choice in the action list');
for (const a of stanceChoices) {
  const c = asked.action_fields[a].choice;
  const text = (await page.locator(`#actions button.action[data-action="${a}"]`).textContent()).replace(/\s+/g, ' ');
  if (/ of (Germany|Soviet Union)\b/.test(text)) fail(`a stance choice reads "${text}"`);
  if (c.count > 0 && c.rest > 0 && c.rest_stance && !text.includes(`, ${c.rest} in `))
    fail(`the stance choice "${text}" does not say where the other ${c.rest} go`);
  if (c.rest_stance && (c.count === 0 || c.rest === 0) && !/: (all \d+ |the )/.test(text))
    fail(`the stance choice "${text}" does not say that all the units go in one stance`);
}
// The Battle Status Board's values are the project's (ruling 2): the board says so once, under it,
// not beside every stance (play-test of 5 December, evening, finding 14: heavy on a phone).
const marks = await page.$$eval('.wr-battle .prov.reconstructed', (els) =>
  els.map((e) => (e.closest('.stance-note') ? 'note' : e.closest('.bboard') ? 'stance' : 'other')),
);
if (marks.filter((m) => m === 'stance').length)
  fail(`${marks.filter((m) => m === 'stance').length} stances marked "reconstructed" one by one`);
if (marks.filter((m) => m === 'note').length !== 1)
  fail(`the board's stance dice are marked ${marks.filter((m) => m === 'note').length} times`);
const legend = await page.$$eval('.wr-battle details.legend li', (els) => els.map((e) => e.textContent.replace(/\s+/g, ' ').trim()));
if (legend.length !== 6 || !legend[0].includes('4/12') || !legend.some((l) => l.includes('wild')))
  fail(`the d12's legend: ${legend.join(' | ')}`);
const shoot = (name) =>
  screenshotsAtBothSizes(page, out, name, '.wr-battle', async (w) => {
    if (w !== 390) return;
    const overflow = await page.$$eval(
      '.wr-battle table.rows',
      (ts) => ts.filter((t) => t.scrollWidth > t.parentElement.clientWidth + 1).length,
    );
    if (overflow) fail(`${overflow} of the battle board's tables are wider than the phone's screen`);
  });
// The stance is chosen right under the board, on a phone as at 1280x800 (docs/warroom/playtest.md,
// 2026-12-05, finding 9: the board, the Odds panel and the choices were three screens apart).
const nearest = () =>
  page.evaluate((actions) => {
    const board = document.querySelector('.wr-battle .bboard').getBoundingClientRect();
    const below = [...document.querySelectorAll('button[data-action]')]
      .filter((b) => actions.includes(b.dataset.action) && b.offsetParent)
      .map((b) => b.getBoundingClientRect().top - board.bottom)
      .filter((d) => d >= 0);
    return below.length ? Math.min(...below) : null;
  }, stanceChoices);
const gaps = {};
for (const [w, h] of [
  [390, 844],
  [1280, 800],
]) {
  await page.setViewportSize({ width: w, height: h });
  await page.waitForTimeout(250);
  gaps[w] = await nearest();
  if (gaps[w] === null || gaps[w] > 120) fail(`at ${w}x${h} the first stance choice is ${gaps[w]} px under the battle board`);
  await page.evaluate(() => document.querySelector('.wr-battle .board-decision')?.scrollIntoView({ block: 'end' }));
  await page.screenshot({ path: `${out}/warroom-battle-decide-${w}x${h}.png` });
}
const underBoard = await page.$$eval('.wr-battle .board-decision button.board-choice', (bs) => bs.map((b) => b.dataset.action));
if (JSON.stringify(underBoard.sort()) !== JSON.stringify([...stanceChoices].sort()))
  fail(`the choices under the board are ${underBoard.join(', ')}, the stance choices ${stanceChoices.join(', ')}`);
await shoot('warroom-battle-stance');
const battleViolations = await seriousViolations(page, ['.wr-battle']);
if (battleViolations.length) fail(`the battle panel is not accessible: ${battleViolations.join('; ')}`);
// A choice under the board is taken like the list's.
const before = (await view('GER')).version;
await page.click(`.wr-battle .board-decision button.board-choice[data-action="${stanceChoices[0]}"]`);
await page
  .waitForFunction((v) => Number(document.querySelector('.game')?.dataset.version) > v, before, { timeout: 10000 })
  .catch(() => fail('a choice under the battle board changed nothing'));

// Play on until the battle is over; the page's final board equals the casualties the log reports.
const region = (await view('GER')).battle.region;
for (let k = 0; k < 400; ++k) {
  const g = await view('GER');
  if (!g.battle || g.battle.region !== region) break;
  const moved = (await playOnce('GER', null)) | (await playOnce('USSR', null));
  if (!moved) await new Promise((r) => setTimeout(r, 100));
}
const after = await view('GER');
const events = after.log_events ?? [];
const begins = events
  .map((e, i) => (e.event === 'battle_begins' && e.region === region ? i : -1))
  .filter((i) => i >= 0)
  .pop();
if (begins === undefined) fail(`the battle in ${region} is not in the log's last entries`);
const debrief = {};
for (let i = begins + 1; i < events.length && events[i].event !== 'battle_begins'; ++i)
  if (events[i].event === 'units_lost' && events[i].where !== 1)
    debrief[`${events[i].nation} ${events[i].unit}`] = (debrief[`${events[i].nation} ${events[i].unit}`] ?? 0) + events[i].count;
// Germany's only conflict left would begin by itself 1.2 s after the page opens (warroom-forced.ts),
// and the panel would follow the new battle away from the finished one before it was read (under
// load, or with a pause of 2.5 s added before the read): the setting a player has for it is turned
// off here.
await page.evaluate(() => localStorage.setItem('warroom.auto_fight', '0'));
await page.reload();
await page.waitForSelector('.wr-battle nav.steps button.battle', { timeout: 20000 });
// The battle's own steps by their region's id (a text match on "R1" also found R12's battle, live).
const steps = page.locator(`.wr-battle nav.steps button.battle[data-region="${region}"]`);
await steps.last().click();
await page.waitForSelector('.wr-battle .bboard', { timeout: 5000 }).catch(() => fail('the finished battle shows no board'));
const status = await page.textContent('.wr-battle .waiting');
if (!/over/.test(status)) fail(`the finished battle's board says "${status}"`);
const board = {};
for (const row of await page.$$eval('.wr-battle tr[data-nation]', (rs) =>
  rs.map((r) => [`${r.dataset.nation} ${r.dataset.unit}`, Number(r.querySelector('td[data-box="eliminated"]')?.textContent || 0)]),
))
  if (row[1]) board[row[0]] = (board[row[0]] ?? 0) + row[1];
const same = JSON.stringify(Object.entries(board).sort()) === JSON.stringify(Object.entries(debrief).sort());
if (!same) fail(`the final board ${JSON.stringify(board)} differs from the debrief ${JSON.stringify(debrief)}`);
await shoot('warroom-battle-final');
console.log(
  `warroom-battle: ${doomedSeen} doomed destinations marked apart; "carry out the rest": ${carried.left - carried.still} of ${carried.left} orders in ${carried.seconds.toFixed(1)} s; the battle in ${region}: both forces at the first stance, chosen ${gaps[390].toFixed(0)} px under the board on a phone; final board = debrief ${JSON.stringify(debrief)}`,
);
await browser.close();
