// War Room's placement panel (Phase 7 › Step 5. Transfer New Units to Industries; warroom-placement.ts),
// as a player uses it: an Eastern Front game as the USSR against a random bot, played through the API
// to the USSR's first purchases (every decision "done" or the first choice offered), up to 5 Infantry
// and 1 Armor bought, and on to the USSR's placement. Then, on the page: the panel offers each type in
// each territory with the largest count the engine allows, and the action list beside it offers no
// placement (it says they are in the panel); "Place N" places N Infantry in one action
// (fewer than all, so that the USSR still decides: the units under the Industry token and the units
// left to place as the engine says, the log's one line); Undo takes the N back in one; a typed count
// of 2 places 2; the rest is placed until the panel goes.
// No serious accessibility violation; screenshots at 1280x800 and 390x844 (no sideways scrolling).
// Usage: node e2e/warroom-placement.mjs BASE_URL OUT_DIR
import { seriousViolations } from './axe.mjs';
import { fail, screenshotsAtBothSizes, seatApi, ussrEasternFront } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const { browser, page } = await ussrEasternFront(base);

const api = seatApi(page);
const ussr = (v) => v.nations.find((n) => n.id === 'USSR');
const mine = (v) => v.active.includes(v.seat);

// Plays on through the API ("done" where offered, else the first choice; `choose` first) until `until(v)`.
async function playUntil(until, choose = () => undefined, what = '') {
  let v = await api('view');
  for (let i = 0; i < 4000 && !until(v); ++i) {
    if (v.terminal) fail(`the game ended before ${what}`);
    if (!mine(v)) {
      await page.waitForTimeout(50);
      v = await api('view');
      continue;
    }
    const action = choose(v) ?? v.legal_actions.find((a) => a === 'done USSR') ?? v.legal_actions[0];
    const next = await api('actions', { action, version: v.version });
    v = next.view ?? (next.error ? await api('view') : next);
  }
  if (!until(v)) fail(`never reached ${what} (${v.phase})`);
  return v;
}

// The USSR's purchases: 5 Infantry and 1 Armor, as far as it can pay (a buy offered is placeable).
const buys = ['buy USSR inf', 'buy USSR inf', 'buy USSR inf', 'buy USSR inf', 'buy USSR inf', 'buy USSR arm'];
let bought = 0;
await playUntil(
  (v) => v.step === 'place' && mine(v),
  (v) => {
    if (v.step !== 'purchases' || !mine(v)) return undefined;
    const next = buys.find((b, i) => i >= bought && v.legal_actions.includes(b));
    if (next) bought = buys.indexOf(next, bought) + 1;
    return next;
  },
  "the USSR's placement",
);
await page.reload();
const panel = page.locator('.wr-placement[data-nation="USSR"]');
await panel.waitFor({ timeout: 20000 });

const version = () => page.getAttribute('.game', 'data-version');
const changed = (before) => page.waitForFunction((x) => document.querySelector('.game')?.dataset.version !== x, before, { timeout: 10000 });
const under = (v, region) => v.construction.find((k) => k.region === region)?.units ?? {};
const left = (v) => Object.entries(ussr(v).sheet.purchases ?? {}).reduce((s, [u, x]) => s + (u === 'goods' ? 0 : x), 0);

// Each row against the engine: the largest count of the seat's `place` actions for its territory and type.
async function rows() {
  const v = await api('view');
  const drawn = await page.$$eval('.wr-placement tr[data-unit]', (trs) =>
    trs.map((tr) => ({ region: tr.dataset.region, unit: tr.dataset.unit, count: Number(tr.querySelector('input.count').value) })),
  );
  const engine = new Map();
  for (const a of v.legal_actions) {
    const f = v.action_fields[a];
    if (f.kind === 'place' && f.nation === 'USSR')
      engine.set(`${f.region} ${f.unit}`, Math.max(engine.get(`${f.region} ${f.unit}`) ?? 0, f.count));
  }
  if (drawn.length !== engine.size) fail(`${drawn.length} rows on the panel, ${engine.size} territory and type pairs in the engine`);
  for (const r of drawn)
    if (engine.get(`${r.region} ${r.unit}`) !== r.count)
      fail(`${r.region} ${r.unit}: ${r.count} offered, the engine allows ${engine.get(`${r.region} ${r.unit}`)}`);
  return { v, drawn };
}

let { v, drawn } = await rows();
const leftAtFirst = left(v);
if (leftAtFirst < 3) fail(`the USSR has only ${leftAtFirst} units to place`);
const status = await panel.locator('.left').textContent();
if (!status.includes(String(leftAtFirst))) fail(`the panel says "${status}" with ${leftAtFirst} units left`);
const many = drawn.find((r) => r.unit === 'inf' && r.count >= 2);
if (!many) fail(`no territory takes 2 Infantry at once: ${JSON.stringify(drawn)}`);
// Placements are shown once, in the panel: the action list beside it offers none and says where they are.
const listed = await page.$$eval('#actions button.action', (bs) => bs.map((b) => b.dataset.action));
if (listed.some((a) => /^place /.test(a)) || (await page.locator('#decide button.kind[data-word="place"]').count()))
  fail(`the action list offers placements beside the panel: ${listed.join(', ')}`);
const pointer = await page
  .locator('#decide .elsewhere')
  .textContent()
  .catch(() => '');
if (!/New units/.test(pointer)) fail(`the action list does not say where the placements are: "${pointer}"`);
const violations = await seriousViolations(page, ['.wr-placement']);
if (violations.length) fail(`the placement panel is not accessible: ${violations.join('; ')}`);
await screenshotsAtBothSizes(page, out, 'warroom-placement', '.wr-placement');

// "Place N": N Infantry in one action, fewer than all the USSR has to place (the last placement ends
// its turn, and undo never crosses another seat's turn).
const row = panel.locator(`table[data-region="${many.region}"] tr[data-unit="inf"]`);
const n = Math.min(many.count, leftAtFirst - 1);
if (n < many.count) await row.locator('input.count').fill(String(n));
if ((await row.locator('button.place').textContent()) !== `Place ${n}`)
  fail(`the button says "${await row.locator('button.place').textContent()}"`);
const before = under(v, many.region).inf ?? 0;
let at = await version();
await row.locator('button.place').click();
await changed(at);
v = await api('view');
if ((under(v, many.region).inf ?? 0) !== before + n)
  fail(`"Place ${n}" left ${under(v, many.region).inf} Infantry under the token in ${many.region} (${before} before)`);
if (left(v) !== leftAtFirst - n) fail(`${left(v)} units left to place after placing ${n} of ${leftAtFirst}`);
const line = v.log[v.log.length - 1];
if (!line.includes(`places ${n} Infantry in `)) fail(`the log says "${line}"`);

// Undo takes the whole placement back.
at = await version();
await page.click('#undo');
await changed(at);
v = await api('view');
if ((under(v, many.region).inf ?? 0) !== before || left(v) !== leftAtFirst)
  fail(`Undo left ${under(v, many.region).inf} Infantry in ${many.region} and ${left(v)} to place`);

// A typed count.
await rows();
if (many.count > 2) {
  // the button follows the typed count, and sends nothing for a count the engine does not offer
  await row.locator('input.count').fill(String(many.count + 1));
  if (!(await row.locator('button.place').isDisabled())) fail(`"Place ${many.count + 1}" is offered where the engine allows ${many.count}`);
}
await row.locator('input.count').fill('2');
if ((await row.locator('button.place').textContent()) !== 'Place 2') fail('the button does not say the typed count');
at = await version();
await row.locator('input.count').press('Enter');
await changed(at);
v = await api('view');
if ((under(v, many.region).inf ?? 0) !== before + 2) fail(`a typed 2 left ${under(v, many.region).inf} Infantry in ${many.region}`);

// The rest, a row at a time, until nothing is left and the panel is gone.
for (let i = 0; i < 10 && (await panel.count()); ++i) {
  await rows();
  at = await version();
  await panel.locator('button.place').first().click();
  await changed(at);
}
v = await api('view');
if (left(v) !== 0 && v.step === 'place' && mine(v)) fail(`${left(v)} units left to place and no panel`);
if (await panel.count()) fail('the panel stays after every unit is placed');
console.log(`placement: ${leftAtFirst} units placed, ${n} Infantry in ${many.region} in one action and back with one Undo`);
await browser.close();
console.log('1 passed, 0 failed');
