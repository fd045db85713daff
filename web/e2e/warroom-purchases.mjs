// War Room's purchase panel (Phase 7 › Step 3. Note Purchase of Units; warroom-purchases.ts), as a
// player uses it: an Eastern Front game as the USSR against a random bot, played through the API to
// the USSR's first purchases (every decision "done" or the first choice offered); then, on the page:
// + twice on Infantry, a typed count of Artillery, − once, a mix chosen for Civilian Goods and one
// bought. After each step the panel's rows and totals are checked against the engine's view (the
// counts on the USSR's chart, the spent and the left of its resources) and against the sum of the
// costs the panel shows; "reconstructed" marks the project's costs; every Industry's room is listed;
// no serious accessibility violation; screenshots at 1280x800 and 390x844 (the phone page does not
// scroll sideways). Then "done": after the reveal the USSR holds what the panel said would be left.
// Usage: node e2e/warroom-purchases.mjs BASE_URL OUT_DIR
import { seriousViolations } from './axe.mjs';
import { fail, seatApi, ussrEasternFront } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const { browser, page } = await ussrEasternFront(base);

// The seat's view and its actions through the API, with the page's token.
const api = seatApi(page);
const ussr = (v) => v.nations.find((n) => n.id === 'USSR');

// To the USSR's purchases: "done" where offered, else the first choice.
let v = await api('view');
for (let i = 0; i < 3000 && !(v.step === 'purchases' && v.active.includes(v.seat) && ussr(v).sheet.purchase); ++i) {
  if (v.terminal) fail('the game ended before the USSR bought anything');
  if (!v.active.includes(v.seat)) {
    await page.waitForTimeout(50);
    v = await api('view');
    continue;
  }
  const action = v.legal_actions.find((a) => a === 'done USSR') ?? v.legal_actions[0];
  const next = await api('actions', { action, version: v.version });
  v = next.view ?? (next.error ? await api('view') : next);
}
if (!ussr(v).sheet.purchase) fail(`never reached the USSR's purchases (${v.phase})`);
await page.reload();
const panel = page.locator('.purchase[data-nation="USSR"]');
await panel.waitFor({ timeout: 20000 });

// The panel as drawn: each unit's count and costs, the totals by resource.
const drawn = () =>
  page.evaluate(() => {
    const p = document.querySelector('.purchase[data-nation="USSR"]');
    const res = (row) => Object.fromEntries(['oil', 'iron', 'osr'].map((k) => [k, Number(row.querySelector(`td.res.${k}`).textContent)]));
    const units = {};
    for (const row of p.querySelectorAll('tbody tr[data-unit]:not(.goods)'))
      units[row.dataset.unit] = {
        count: Number(row.querySelector('input.count').value),
        cost: res(row),
        reconstructed: !!row.querySelector('.prov.reconstructed'),
      };
    return {
      units,
      goods: Number(p.querySelector('tr.goods input.count').value),
      spent: res(p.querySelector('tfoot tr.spent')),
      held: res(p.querySelector('tfoot tr.held')),
      left: res(p.querySelector('tfoot tr.left')),
      industries: [...p.querySelectorAll('ul.industries li')].map((li) => li.dataset.region),
    };
  });
const version = () => page.getAttribute('.game', 'data-version');
const changed = (before) => page.waitForFunction((x) => document.querySelector('.game')?.dataset.version !== x, before, { timeout: 10000 });

// The panel against the engine: the counts on the chart, spent and left; and spent = the sum of the
// costs shown times the counts, plus what the Civilian Goods were paid.
async function check(step) {
  const d = await drawn();
  const e = ussr(await api('view')).sheet;
  const p = e.purchase;
  for (const u of p.units) {
    const row = d.units[u.unit];
    if (!row) fail(`${step}: no row for ${u.unit}`);
    if (row.count !== u.bought || row.count !== (e.purchases[u.unit] ?? 0))
      fail(`${step}: ${u.unit} ${row.count} on the panel, ${u.bought} in the engine`);
    if (['oil', 'iron', 'osr'].some((k) => row.cost[k] !== u.cost[k]))
      fail(`${step}: ${u.unit} costs ${JSON.stringify(row.cost)}, the engine ${JSON.stringify(u.cost)}`);
    if (row.reconstructed !== (u.provenance === 'reconstructed'))
      fail(`${step}: ${u.unit}'s cost is not marked as the data says (${u.provenance})`);
  }
  if (d.goods !== p.goods.count) fail(`${step}: ${d.goods} Civilian Goods on the panel, ${p.goods.count} in the engine`);
  for (const k of ['oil', 'iron', 'osr']) {
    const sum = Object.values(d.units).reduce((s, u) => s + u.count * u.cost[k], 0) + p.goods.paid[k];
    if (d.spent[k] !== sum || d.spent[k] !== p.spent[k])
      fail(`${step}: ${k} spent ${d.spent[k]} on the panel, ${sum} by its costs, ${p.spent[k]} by the engine`);
    if (d.left[k] !== d.held[k] - d.spent[k] || d.left[k] !== p.left[k] || d.held[k] !== ussr(await api('view'))[k])
      fail(`${step}: ${k} left ${d.left[k]} (held ${d.held[k]}), the engine ${p.left[k]}`);
  }
  if (JSON.stringify(d.industries) !== JSON.stringify(p.industries.map((i) => i.region)))
    fail(`${step}: the Industries listed: ${d.industries}`);
  return d;
}

// The hint (issue 34's hint panel): the purchases the AI would note, each with what it costs at the
// engine's costs, and what they cost together.
await page.click('.wr-hint button.hint-ask');
await page
  .waitForSelector('.wr-hint .hint-answer[data-state="shown"]', { timeout: 60000 })
  .catch(() => fail('the hint panel gave no answer at the purchases'));
const costs = Object.fromEntries(ussr(await api('view')).sheet.purchase.units.map((u) => [u.unit, u.cost]));
const hinted = await page.$$eval('.wr-hint li.hint-purchase', (lis) =>
  lis.map((li) => ({ what: li.querySelector('.hint-what').textContent, cost: li.querySelector('.hint-cost')?.textContent ?? '' })),
);
const spentHint =
  (await page
    .locator('.wr-hint .hint-spent')
    .textContent()
    .catch(() => '')) ?? '';
const plan = (await api('hint')).plan;
const proposed = plan?.nations?.find((n) => n.nation === 'USSR')?.purchases ?? [];
if (hinted.length !== proposed.length) fail(`the hint panel lists ${hinted.length} purchases, the server's plan ${proposed.length}`);
const total = { oil: 0, iron: 0, osr: 0 };
proposed.forEach((p, i) => {
  const want = p.unit ? Object.fromEntries(['oil', 'iron', 'osr'].map((k) => [k, p.count * costs[p.unit][k]])) : p.cost;
  for (const k of ['oil', 'iron', 'osr']) total[k] += want[k];
  if (hinted[i].cost !== `(${want.oil} oil, ${want.iron} iron, ${want.osr} OSR)`)
    fail(`the hint's ${hinted[i].what} costs "${hinted[i].cost}", the engine's costs ${JSON.stringify(want)}`);
});
if (proposed.length && spentHint !== `Spent: ${total.oil} oil, ${total.iron} iron, ${total.osr} OSR`)
  fail(`the hint's total reads "${spentHint}", the sum of its costs ${JSON.stringify(total)}`);
await page.locator('.wr-hint').scrollIntoViewIfNeeded();
await page.screenshot({ path: `${out}/warroom-hint-purchases-1280x800.png` });

const start = await check('at the start');
if (!start.industries.length) fail('no Industry listed');
if (!Object.values(start.units).some((u) => u.reconstructed)) fail('no cost is marked reconstructed');
const press = async (unit, which) => {
  const b = panel.locator(`tr[data-unit="${unit}"] button.${which}`);
  if (await b.isDisabled()) fail(`${which} ${unit} is not offered`);
  const before = await version();
  await b.click();
  await changed(before);
};
// A typed count: the page sends one buy (or unbuy) at a time until the count is reached, or until
// the page no longer offers the button (here: more Artillery than the iron held pays for).
const bought = async (unit) => ussr(await api('view')).sheet.purchase.units.find((u) => u.unit === unit).bought;
const typed = async (unit, count) => {
  const input = panel.locator(`tr[data-unit="${unit}"] input.count`);
  await input.fill(String(count));
  await input.press('Enter');
  const more = page.locator(`.purchase[data-nation="USSR"] tr[data-unit="${unit}"] button.more`);
  for (let i = 0; i < 150 && (await bought(unit)) !== count && !(await more.isDisabled()); ++i) await page.waitForTimeout(100);
  await page.waitForTimeout(500); // the last answer drawn
};
// Play-test 2026-12-05, finding 1: "done" asked about the empty sheet while a typed count was still
// being sent, and the question stayed on screen saying "no purchases" over 3 Infantry noted. The
// question is asked again from each view: once something is noted it closes, and nothing is sent.
await page.click('.wr-sheet .sheet.own[data-nation="USSR"] button.done');
const question = page.locator('.confirm-dialog');
await question.waitFor({ timeout: 5000 }).catch(() => fail('"done" with nothing bought was not asked about'));
if (!/no purchases/.test(await question.textContent())) fail(`the question reads "${await question.textContent()}"`);
await typed('inf', 3);
if (await question.count()) fail(`the question stayed open over 3 Infantry noted: "${await question.textContent()}"`);
if (ussr(await api('view')).sheet.status !== 'writing') fail('the sheet was handed in while its question was open');
let d = await check('after a typed 3 Infantry');
if (d.units.inf.count !== 3) fail(`a typed 3 Infantry gave ${d.units.inf.count}`);
await press('inf', 'fewer');
d = await check('after one Infantry fewer');
if (d.units.inf.count !== 2) fail(`− on 3 Infantry gave ${d.units.inf.count}`);
await press('art', 'more');
d = await check('after one Artillery');
await typed('art', 9);
d = await check('after a typed 9 Artillery');
if (d.units.art.count >= 9 || d.units.art.count < 1) fail(`a typed 9 Artillery gave ${d.units.art.count}`);
if (!(await panel.locator('tr[data-unit="art"] button.more').isDisabled()))
  fail(`the typed count stopped at ${d.units.art.count} Artillery while more were offered`);

// Civilian Goods: one line, a mix chosen, one bought.
const mixes = await panel.locator('tr.goods select.mix option').count();
if (mixes < 2) fail(`the Civilian Goods offer ${mixes} mixes`);
if ((await panel.locator('tr.goods').count()) !== 1) fail('Civilian Goods are not one line');
// An option's value is the buy it sends; its data-mix is the mix as "oil/iron/osr".
const option = panel.locator('tr.goods select.mix option').nth(mixes - 1);
const mix = await option.getAttribute('data-mix');
await panel.locator('tr.goods select.mix').selectOption(await option.getAttribute('value'));
const violations = await seriousViolations(page, ['.purchase']);
if (violations.length) fail(`the purchase panel is not accessible: ${violations.join('; ')}`);
await panel.scrollIntoViewIfNeeded();
await page.screenshot({ path: `${out}/warroom-purchases-1280x800.png` });
await page.setViewportSize({ width: 390, height: 844 });
await page.waitForTimeout(300);
await panel.scrollIntoViewIfNeeded();
await page.screenshot({ path: `${out}/warroom-purchases-390x844.png` });
const wide = await page.evaluate(() => document.documentElement.scrollWidth);
if (wide > 400) fail(`the phone page scrolls sideways (${wide} px wide)`);
await page.setViewportSize({ width: 1280, height: 800 });

await press('goods', 'more');
d = await check('after one Civilian Goods');
if (d.goods !== 1) fail(`one + on Civilian Goods gave ${d.goods}`);
const paid = ussr(await api('view')).sheet.purchase.goods.paid;
if (`${paid.oil}/${paid.iron}/${paid.osr}` !== mix) fail(`the Civilian Goods were paid ${JSON.stringify(paid)}, not the mix chosen ${mix}`);

// Done: after Step 4's reveal the USSR holds what the panel said would be left.
const left = (await drawn()).left;
const before = await version();
await page.click('.wr-sheet .sheet.own[data-nation="USSR"] button.done');
await changed(before);
for (let i = 0; i < 200; ++i) {
  v = await api('view');
  if (v.step !== 'purchases') break;
  await page.waitForTimeout(100);
}
if (v.step === 'purchases') fail('the purchases were never revealed');
const after = ussr(v);
for (const k of ['oil', 'iron', 'osr'])
  if (after[k] !== left[k]) fail(`after the reveal the USSR holds ${after[k]} ${k}, the panel said ${left[k]} would be left`);
console.log(
  `hint: ${hinted.map((h) => `${h.what} ${h.cost}`).join(', ')}; purchase panel: ${JSON.stringify(d.units)} and 1 Civilian Goods (${mix}); left ${JSON.stringify(left)} = held after the reveal`,
);

await browser.close();
console.log('1 passed, 0 failed');
