// War Room's phase guide and first-round tour (docs/warroom/browser.md), as a newcomer meets them:
// a War in Europe game with one human seat (BC) and bot:rules for the others, opened in round 1.
// The tour starts by itself and walks every stop, each outlining its panel on screen (on the desktop
// with the page's processor slowed 8 times, so that the map is drawn after the tour starts); it is not
// shown again after a reload, and the guide's button starts it again (Escape ends it). The guide
// says the phase and what the seat decides; its rulebook button opens the rulebook's text under the
// step's heading (or says the reader has no copy); the hint panel proposes what the seat can do. Screenshots at 1280x800 and 390x844; no serious accessibility violation; the phone page
// does not scroll sideways.
// Usage: node e2e/warroom-guide.mjs BASE_URL OUT_DIR
import { seriousViolations } from './axe.mjs';
import { claimSeat, fail, holdSeat, launch, postGame } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const started = Date.now();
const browser = await launch();

async function newGame() {
  const game = await postGame(base, {
    title: 'warroom',
    scenario: 'war-in-europe',
    seats: { BC: 'human', USSR: 'bot:rules', US: 'bot:rules', 'GER+ITA': 'bot:rules' },
    options: [],
    seating: 'public',
  });
  return { id: game.id, token: await claimSeat(base, game.id, 'BC') };
}

// The page as the seat opens it; `cpu` > 1 slows the page's processor that many times (a busy phone
// or laptop: the world map is then drawn after the tour has started, and pushes the panels under it
// down without the page growing).
async function open(game, viewport, cpu = 1) {
  const context = await browser.newContext({ viewport });
  await holdSeat(context, game.id, 'BC', game.token);
  const page = await context.newPage();
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto(`${base}#/game/${game.id}`);
  await page.waitForSelector('.wr-guide', { timeout: 60000 });
  page.fullSpeed = () => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return page;
}

// Walks the tour from its first stop: each stop's panel is outlined and on screen (the first stop
// shot to `shot`).
async function walkTour(page, what, shot = null) {
  await page.waitForSelector('.wr-tour', { timeout: 10000 });
  const stops = [];
  for (;;) {
    const count = await page.textContent('.wr-tour .tour-count');
    // The page may move under the tour (the map drawn once its geometry has loaded): the tour brings
    // the panel back within the next frames.
    let target = '';
    for (const until = Date.now() + 2000; ; await page.waitForTimeout(100)) {
      target = await page.evaluate(() => {
        const t = document.querySelectorAll('.wr-tour-target');
        if (t.length !== 1) return `${t.length} panels outlined`;
        const b = t[0].getBoundingClientRect();
        return b.height > 0 && b.bottom > 0 && b.top < innerHeight ? t[0].className || t[0].id : `not on screen (${Math.round(b.top)})`;
      });
      if (!/outlined|not on screen/.test(target) || Date.now() > until) break;
    }
    if (/outlined|not on screen/.test(target)) fail(`${what}: tour stop ${count}: ${target}`);
    if (shot && !stops.length) await page.screenshot({ path: shot });
    stops.push(count);
    const next = page.locator('.wr-tour .tour-next');
    const last = (await next.textContent()) === 'Start playing';
    await next.click();
    if (last) break;
  }
  if ((await page.locator('.wr-tour, .wr-tour-target').count()) !== 0) fail(`${what}: the tour left its card or an outline`);
  return stops;
}

const game = await newGame();
const page = await open(game, { width: 1280, height: 800 }, 8);
await page.waitForSelector('.wr-tour');
const stops = await walkTour(page, 'desktop', `${out}/warroom-tour-1280x800.png`);
await page.fullSpeed();
if (stops.length !== 6 || stops[0] !== '1 of 6') fail(`the tour's stops: ${stops.join(', ')}`);

// The guide: the phase, what the seat decides, the rulebook under the step's heading.
const guide = await page.evaluate(() => ({
  open: document.querySelector('.wr-guide').open,
  phase: document.querySelector('.wr-guide .guide-phase')?.textContent ?? '',
  decide: document.querySelector('.wr-guide .guide-decide')?.textContent ?? '',
  rule: document.querySelector('.wr-guide button.rule')?.dataset.rule ?? '',
}));
if (!guide.open) fail('the guide is folded in round 1');
if (!/^Phase [1-7], /.test(guide.phase)) fail(`the guide names no phase: ${guide.phase}`);
if (guide.decide.length < 20) fail(`the guide does not say what the seat decides: ${guide.decide}`);
if (!guide.rule) fail('the guide has no rulebook button');
await page.click('.wr-guide button.rule');
await page.waitForSelector('#dialog h2');
const dialog = await page.evaluate(() => ({
  text: document.querySelector('#dialog .rule-text')?.textContent ?? '',
  note: document.querySelector('#dialog .rule-note')?.textContent ?? '',
}));
// The rulebook's heading opens its text: the heading's last part, in capitals, first.
const heading = guide.rule.split('>').pop().trim().toUpperCase();
if (dialog.text ? !dialog.text.toUpperCase().startsWith(heading) : !dialog.note)
  fail(`the rulebook dialog for "${guide.rule}": ${JSON.stringify(dialog)}`);
await page.screenshot({ path: `${out}/warroom-guide-rule-1280x800.png` });
await page.click('#dialog button.close');
// The hint panel: the search's advice for the seat's decision, whose first action to take is one
// the page offers (warroom-odds.mjs checks the whole sheet it proposes).
await page.click('.wr-hint button.hint-ask');
await page.waitForSelector('.wr-hint .hint-answer[data-state="shown"]', { timeout: 60000 });
const takes = await page.$$eval('.wr-hint button.hint-take', (b) => b.map((x) => JSON.parse(x.dataset.actions ?? '[]')[0]));
const legal = (await (await fetch(`${base}api/games/${game.id}/view`, { headers: { Authorization: `Bearer ${game.token}` } })).json())
  .legal_actions;
if (!takes.length) fail('the hint proposes nothing to take');
const strange = takes.filter((a) => !legal.includes(a));
if (strange.length) fail(`the hint proposes what the seat cannot do: ${strange.join(', ')} (legal: ${legal.join(', ')})`);
const violations = await seriousViolations(page, ['.wr-guide']);
if (violations.length) fail(`accessibility of the guide: ${violations.join('; ')}`);

// Not again by itself; the guide's button starts it again, and Escape ends it.
await page.reload();
await page.waitForSelector('.wr-guide');
await page.waitForTimeout(500);
if (await page.locator('.wr-tour').count()) fail('the tour is shown again after it was done');
await page.click('.wr-guide button.start-tour');
await page.waitForSelector('.wr-tour');
const tourViolations = await seriousViolations(page, ['.wr-tour']);
if (tourViolations.length) fail(`accessibility of the tour: ${tourViolations.join('; ')}`);
await page.keyboard.press('Escape');
if (await page.locator('.wr-tour').count()) fail('Escape does not end the tour');

// A phone: the tour's card fits, and the page does not scroll sideways.
const phone = await open(game, { width: 390, height: 844 });
await phone.waitForSelector('.wr-tour');
const fits = await phone.evaluate(() => {
  const b = document.querySelector('.wr-tour').getBoundingClientRect();
  return b.left >= 0 && b.right <= innerWidth && document.documentElement.scrollWidth <= innerWidth + 1;
});
if (!fits) fail('on a phone the tour card or the page is wider than the screen');
await phone.screenshot({ path: `${out}/warroom-tour-390x844.png` });
await walkTour(phone, 'phone');
await browser.close();
console.log(
  `warroom-guide: tour of ${stops.length} stops on both screens, hint ${takes.length} to take, guide "${guide.phase.slice(0, 40)}…", rule "${guide.rule}" ${dialog.text ? 'quoted' : 'unavailable'}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
