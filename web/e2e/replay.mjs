// Browser end to end: the Fronts on a map and the Replay (issue 16). A training game played by three
// bots is over at once; the lobby lists it with a Replay button, and its end screen has one too. The
// replay steps forward and back, jumps to the start, the end and (slider, keys) anywhere between,
// showing the board at each step and what the step did; a finished game may be seen from any seat.
// A game in play is replayed only from the asking seat's view (403 for another's; its page offers
// only that seat). The military display is a map of both theaters with every Front, its marker and
// entry space, and the blocks of 6.21 / 6.22 while they hold; readable at 1280x800 and on a 390x844
// phone (no sideways scroll, labels of at least 10 px), with no serious accessibility violation
// (axe-core). Others' moves may be shown one by one, with a Skip. Screenshots: board-map-1280x800.png,
// board-map-390x844.png, board-replay-1280x800.png, board-replay-390x844.png,
// board-others-moves-1280x800.png.
// Usage: node e2e/replay.mjs BASE_URL SCREENSHOT_DIR
import { createTrainingGame, fail, launch } from './browser.mjs';
import { seriousViolations } from './axe.mjs';

const [base, out] = process.argv.slice(2);
const check = (ok, message) => {
  if (!ok) fail(message);
};
const checkAccessible = async (page, what) => {
  const violations = await seriousViolations(page);
  check(violations.length === 0, `${what}: accessibility violations:\n  ${violations.join('\n  ')}`);
};

const browser = await launch();

const post = async (path, body) => {
  const res = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
};
const stepText = (page) => page.textContent('#replay-step');
const atStep = (page, n) =>
  page.waitForFunction((k) => /^Step (\d+) of/.exec(document.querySelector('#replay-step')?.textContent ?? '')?.[1] === String(k), n);

try {
  // A finished game (three bots) and a game in play (the UK a person).
  const bots = { UK: 'bot:rulebook', US: 'bot:rulebook', USSR: 'bot:rulebook' };
  const finished = (await post('/api/games', { scenario: 'training', seats: bots, seating: 'public' })).json.id;
  const live = (await post('/api/games', { scenario: 'training', seats: { US: 'bot:rulebook', USSR: 'bot:rulebook' }, seating: 'public' }))
    .json.id;
  const token = (await post(`/api/games/${live}/seats/UK`, {})).json.token;
  const replayOf = (id, query, auth) =>
    fetch(new URL(`/api/games/${id}/replay?${query}`, base), { headers: auth ? { Authorization: `Bearer ${auth}` } : {} });
  check((await replayOf(live, 'step=1&seat=US', token)).status === 403, "a game in play was replayed from another seat's view");
  check((await replayOf(live, 'step=1&seat=UK')).status === 403, "a spectator replayed a game in play from a seat's view");
  check((await replayOf(live, 'step=1', token)).status === 200, 'the seat could not replay its own game in play');
  check((await replayOf(finished, 'step=99999999')).status === 400, 'a step past the end was not refused');

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));

  // The lobby lists the finished game with its Replay button.
  await page.goto(base);
  await page.waitForSelector(`#finished-games a[href="#/game/${finished}/replay"]`, { timeout: 10000 });
  await page.click(`#finished-games a[href="#/game/${finished}/replay"]`);
  await page.waitForSelector('#replay-step');
  check(/^Step 0 of \d+$/.test(await stepText(page)), `the replay does not start at step 0: ${await stepText(page)}`);
  const steps = Number((await stepText(page)).match(/of (\d+)/)[1]);
  check(steps > 50, `a whole game has only ${steps} steps`);

  // The map: both theaters, seven Fronts, each with its marker; at the start of the training
  // scenario the Far East Front waits for USSR Declares War on Japan (6.22).
  check((await page.locator('svg.map').count()) === 2, 'the military display is not two maps');
  check((await page.locator('svg.map path.land').count()) === 2, 'a map has no land drawn');
  check((await page.locator('svg.map g.front').count()) === 7, 'not every Front is on the map');
  check((await page.locator('svg.map g.front rect.marker').count()) === 7, 'not every Front has its marker');
  const blocks = await page.$$eval('svg.map .block-text', (b) => b.map((x) => x.textContent));
  check(
    blocks.some((b) => /6\.2[12]/.test(b)),
    `no Normandy or Manchuria block is drawn at the start: ${blocks}`,
  );
  await page.locator('.fronts-map').screenshot({ path: `${out}/board-map-1280x800.png` });
  await checkAccessible(page, 'the replay and its map');

  // Forward, back, the end, keys, the slider.
  await page.click('#replay-forward');
  await atStep(page, 1);
  check((await page.textContent('.replay-action')).length > 3, 'step 1 does not say its action');
  await page.click('#replay-back');
  await atStep(page, 0);
  await page.click('#replay-end');
  await atStep(page, steps);
  check(/Game over/.test(await page.textContent('#replay-happened .phase')), 'the last step is not the end of the game');
  const surrendered = await page.locator('svg.map .surrender').count();
  await page.keyboard.press('ArrowLeft');
  await atStep(page, steps - 1);
  await page.keyboard.press('Home');
  await atStep(page, 0);
  const middle = Math.floor(steps / 2);
  await page.$eval(
    '#replay-slider',
    (s, v) => {
      s.value = String(v);
      s.dispatchEvent(new Event('change'));
    },
    middle,
  );
  await atStep(page, middle);
  // Any seat's view of a finished game: the UK's shows its hand (when it holds cards at that step).
  await page.selectOption('#replay-seat', 'UK');
  await page.waitForFunction(
    () => document.querySelector('#replay-seat')?.value === 'UK' && /Step/.test(document.querySelector('#replay-step')?.textContent ?? ''),
  );
  await page.screenshot({ path: `${out}/board-replay-1280x800.png` });

  // Leaving the replay while a step is on its way: the step arriving late does not draw over the
  // game's page (it did, and the end screen below vanished under a loaded machine).
  let answered;
  const late = new Promise((resolve) => (answered = resolve));
  await page.route('**/replay?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
    answered();
  });
  await page.selectOption('#replay-seat', 'US');
  await page.goto(`${base}#/game/${finished}`);
  await page.waitForSelector('.end a#replay');
  await late;
  await page.unroute('**/replay?*');
  await page.waitForTimeout(200);
  check((await page.locator('.end a#replay').count()) === 1, "a replay step arriving late drew over the game's page");

  // The end screen's Replay button opens the replay.
  await page.click('.end a#replay');
  await page.waitForURL(new RegExp(`#/game/${finished}/replay$`));
  await page.waitForSelector('#replay-step');

  // A phone: both maps fit the screen, their labels are readable, the controls can be tapped.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  phone.on('pageerror', (e) => fail(`phone page error: ${e.message}`));
  await phone.goto(`${base}#/game/${finished}/replay`);
  await phone.waitForSelector('svg.map g.front');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 2, `the replay is ${overflow}px too wide on a phone`);
  const smallest = await phone.$$eval('svg.map text.space-name', (t) => Math.min(...t.map((x) => x.getBoundingClientRect().height)));
  check(smallest >= 10, `a space's name on the phone map is ${smallest}px tall`);
  const smallButtons = await phone.$$eval('.replay-buttons button', (b) => b.filter((x) => x.getBoundingClientRect().height < 44).length);
  check(smallButtons === 0, `${smallButtons} replay buttons are less than 44px tall on a phone`);
  await phone.locator('.fronts-map').screenshot({ path: `${out}/board-map-390x844.png` });
  await checkAccessible(phone, 'the replay on a phone');
  await phone.click('#replay-end');
  await atStep(phone, steps);
  await phone.screenshot({ path: `${out}/board-replay-390x844.png` });
  // Others' moves one by one: with the setting on, the bots' moves after the UK's are captioned in
  // turn and can be skipped; then the page settles on the game as it is, with the UK's choices.
  await createTrainingGame(page, base);
  await page.waitForSelector('#others-moves');
  await page.selectOption('#others-moves', '1500'); // slowly: time to click Skip on a loaded machine
  // Play the first action offered until others have moved in between (a deal, a bot's card).
  const captioned = () => page.locator('#status:has-text(" of ")').count();
  // The caption read and Skip clicked at once: the moves, 1.5 s each, may all have been shown by the
  // time a separate click came (a screenshot on a loaded machine between them); then the next
  // action's moves are skipped instead.
  const skipNow = () =>
    page.evaluate(() => {
      const status = document.querySelector('#status');
      const skip = status?.querySelector('#skip-moves');
      if (!skip) return null;
      const text = [...status.childNodes]
        .filter((n) => n !== skip)
        .map((n) => n.textContent)
        .join('')
        .trim();
      skip.click();
      return text;
    });
  let caption = null,
    shot = false;
  for (let i = 0; i < 40 && !caption; ++i) {
    await page.waitForSelector('button.action, button.kind[data-word], #status:has-text(" of ")', { timeout: 10000 });
    if (await captioned()) {
      if (!shot) await page.screenshot({ path: `${out}/board-others-moves-1280x800.png` });
      shot = true;
      caption = await skipNow();
      continue;
    }
    if ((await page.locator('button.action').count()) === 0) {
      await page.click('button.kind[data-word] >> nth=0');
      continue;
    }
    const before = await page.evaluate(() => document.querySelector('.game')?.getAttribute('data-version'));
    await page.click('button.action >> nth=0');
    await page.waitForFunction(
      (b) =>
        document.querySelector('.game')?.getAttribute('data-version') !== b ||
        / of /.test(document.querySelector('#status')?.textContent ?? ''),
      before,
      { timeout: 10000 },
    );
  }
  if (!caption) fail("others' moves were never captioned while the page could skip them");
  check(/^(US|USSR|the table): .+ \(\d+ of \d+\)/.test(caption), `an other seat's move is not captioned: ${caption}`);
  await page.waitForSelector('button.action, button.kind', { timeout: 10000 });
  check(!/ of /.test(await page.textContent('#status')), 'the caption stays after the moves were skipped');
  // The game in play replayed by its seat: only the UK's view is offered.
  await page.click('#replay-so-far');
  await page.waitForSelector('#replay-step');
  const seats = await page.$$eval('#replay-seat option', (o) => o.map((x) => x.value));
  check(seats.length === 1 && seats[0] === 'UK', `a game in play offers the views of ${seats}`);
  check(/in play/.test(await page.textContent('.replay-bar .hint')), 'the replay of a game in play does not say so');

  console.log(`1 passed, 0 failed (a replay of ${steps} steps, ${surrendered} surrender marks at the end; screenshots in ${out})`);
} finally {
  await browser.close();
}
