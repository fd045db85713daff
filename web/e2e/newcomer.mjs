// Browser end to end, as a newcomer plays: a whole training game as the UK against two bots, at
// 1280x800 with a phone (390x844) watching the same seat. Checks that the hand shows card faces with
// their text and a card's details open on a click, that a move waiting for a debate is drawn and
// said, that a decision with few options says why (its rule), that a spent Leader is "(inactive)"
// (5.26), that each conference ends with a summary that pauses the page, that the end screen says
// why the game ended (the 4.4 case, each power's 9.4 lines, New game), that the phone layout has the
// decision near the top, touch targets of 44 px and no sideways scroll; and that a friend opening
// a public game's link can join it while the creator sees "Waiting for" that seat; the lobby fits a
// phone, the log's rule numbers open the rule's text, and axe-core finds no serious accessibility
// violation in the lobby, the game and the end screen.
// Usage: node e2e/newcomer.mjs BASE_URL SCREENSHOT_DIR
import { clickUnlessDialog, createTrainingGame, fail, launch } from './browser.mjs';
import { seriousViolations } from './axe.mjs';

const [base, out] = process.argv.slice(2);
const check = (ok, message) => {
  if (!ok) fail(message);
};

const browser = await launch();

async function createGame(page, seats, publicSeats) {
  await createTrainingGame(page, base, seats, { publicSeats });
  await page.waitForSelector('.game[data-version]');
}

const version = (page) => page.evaluate(() => Number(document.querySelector('.game')?.getAttribute('data-version') ?? -1));

// The phone's page: no sideways scroll, the decision near the top, buttons a thumb can hit.
async function checkPhone(phone, what, decisionFirst = true) {
  await phone.waitForSelector('.game[data-version]');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 2, `${what}: the phone layout is ${overflow}px too wide`);
  const decideTop = await phone.evaluate(() => document.querySelector('#decide')?.getBoundingClientRect().top ?? 0);
  check(!decisionFirst || decideTop < 600, `${what}: the decision starts ${decideTop}px down on the phone`);
  const small = await phone.evaluate(
    () =>
      [...document.querySelectorAll('#decide button, .card-face')].filter(
        (b) => b.getBoundingClientRect().height > 0 && b.getBoundingClientRect().height < 44,
      ).length,
  );
  check(small === 0, `${what}: ${small} buttons on the phone are less than 44px tall`);
}

// An accessibility check (axe-core, WCAG 2 A and AA): no serious or critical violation.
async function checkAccessible(page, what) {
  const violations = await seriousViolations(page);
  check(violations.length === 0, `${what}: accessibility violations:\n  ${violations.join('\n  ')}`);
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await page.goto(base);
  await page.waitForSelector('#create-game');
  await checkAccessible(page, 'the lobby');
  await createGame(page, { UK: 'human', US: 'bot:rulebook', USSR: 'bot:rulebook' }, false);
  const gameUrl = page.url();
  const phone = await context.newPage(); // the same browser, so the same seat
  await phone.setViewportSize({ width: 390, height: 844 });
  phone.on('pageerror', (e) => fail(`phone page error: ${e.message}`));

  // 1. The hand: card faces with value, name and text; a click shows the card's details and source.
  await page.waitForSelector('.hand .card-face');
  const faces = await page.$$eval('.hand .card-face', (cards) =>
    cards.map((c) => ({
      value: c.querySelector('.value')?.textContent ?? '',
      name: c.querySelector('.name')?.textContent ?? '',
      text: c.querySelector('.text')?.textContent ?? '',
    })),
  );
  check(faces.length === 7, `the hand shows ${faces.length} card faces, not 7`);
  for (const f of faces) check(f.value && f.name && f.text.length > 5, `a card face lacks its value, name or text: ${JSON.stringify(f)}`);
  check((await page.locator('.hand .prov.reconstructed').count()) > 0, 'no reconstructed card is marked as such');
  await page.click('.hand .card-face >> nth=0');
  await page.waitForSelector('#dialog .card-detail');
  check((await page.textContent('#dialog .card-detail')).includes('Source:'), 'the card details do not give the source');
  await page.screenshot({ path: `${out}/card-1280x800.png` });
  await page.click('#dialog button.close');
  await checkAccessible(page, 'the agenda');
  // The log's rule numbers open the rule's text.
  await page.click('.log button.rule >> nth=0');
  await page.waitForSelector('#dialog h2:has-text("Rule")');
  check((await page.textContent('#dialog')).length > 40, 'a rule number shows no text');
  await page.click('#dialog button.close');
  await phone.goto(gameUrl);
  await checkPhone(phone, 'the agenda');
  await checkAccessible(phone, 'the agenda on a phone');
  await phone.screenshot({ path: `${out}/agenda-390x844.png` });
  // The page played on is brought back in front: a tab behind another draws no animation frames,
  // and each click then waited about a second for the button to be "stable".
  await page.bringToFront();

  // 2. Play the whole game by the first action offered, closing each conference's summary.
  let summaries = 0,
    pendingSeen = false,
    notesSeen = false,
    movedSeen = false,
    kindsSeen = false,
    whySeen = '',
    inactiveSeen = false;
  for (let i = 0; i < 800; ++i) {
    await page.waitForSelector('.game[data-version]');
    if ((await page.locator('.end').count()) > 0) break;
    if ((await page.locator('#dialog.summary-dialog').count()) > 0) {
      const text = await page.textContent('#dialog');
      check(/Conference \d+: what happened/.test(text), 'a summary without its title');
      if (summaries++ === 0) {
        check(/War Phase/.test(text), `the first summary has no War Phase section: ${text.slice(0, 300)}`);
        await page.screenshot({ path: `${out}/summary-1280x800.png` });
      }
      await page.click('#dialog button.close');
      continue;
    }
    const phase = await page.textContent('.phase');
    movedSeen ||= (await page.locator('svg .moved').count()) > 0;
    if (!whySeen && (await page.locator('.options-why').count()) > 0) whySeen = await page.textContent('.options-why');
    if (!pendingSeen && /UK may debate/.test(phase)) {
      pendingSeen = true;
      const said = (await page.locator('p.pending').count()) ? await page.textContent('p.pending') : '(none)';
      check(/has moved to|would reach the/.test(said), `the pending move is not said: ${phase} / ${said}`);
      check((await page.locator('svg.table .issue.debated').count()) === 1, 'the issue being debated is not marked');
      check((await page.locator('svg.table .pending-move, svg.table .pending-label').count()) >= 1, 'the pending move is not drawn');
      await page.screenshot({ path: `${out}/debate-1280x800.png` });
      await phone.reload();
      await checkPhone(phone, 'a debate');
      await phone.screenshot({ path: `${out}/debate-390x844.png` });
      await page.bringToFront();
    }
    if (!notesSeen && /Meeting: UK to advance/.test(phase)) {
      const notes = await page.$$eval('button.action small', (s) => s.map((x) => x.textContent));
      notesSeen = notes.some((n) => /value [\d+\- =]+: .* → /.test(n));
      if (notesSeen) await page.screenshot({ path: `${out}/meeting-1280x800.png` });
    }
    if (!inactiveSeen && (await page.locator('svg.table text.chair-note').count()) > 0) {
      // A spent Leader is "inactive" (5.26), as the terminal says.
      inactiveSeen = true;
      const note = await page.textContent('svg.table text.chair-note');
      check(note === '(inactive)', `a spent Leader is labelled "${note}", not "(inactive)" as in 5.26 and the terminal`);
      await page.locator('svg.table').screenshot({ path: `${out}/leader-inactive-1280x800.png` });
    }
    const buttons = page.locator('button.action');
    if ((await buttons.count()) === 0 && (await page.locator('button.kind[data-word]').count()) > 0) {
      kindsSeen = true; // many choices come by kind first
      await page.click('button.kind[data-word] >> nth=0');
      continue;
    }
    if ((await buttons.count()) === 0) {
      // the bots are moving
      await page.waitForTimeout(100);
      continue;
    }
    const before = await version(page);
    // A conference's summary may open between the check above and this click: it is closed next time.
    if (!(await clickUnlessDialog(page, buttons.first()))) continue;
    await page.waitForFunction(
      (b) =>
        Number(document.querySelector('.game')?.getAttribute('data-version') ?? -1) !== b || document.querySelector('#dialog') !== null,
      before,
      { timeout: 15000 },
    );
  }
  check(notesSeen, 'no Meeting action said its value and where the issue goes');
  check(inactiveSeen, 'no Leader was ever shown inactive on the conference table');
  check(pendingSeen, 'the UK was never offered a debate');
  check(summaries >= 2, `only ${summaries} conference summaries were shown`);
  check(movedSeen, 'nothing that moved was ever highlighted');
  check(kindsSeen, "a Meeting turn's dozens of actions were never offered by kind");
  check(/\(\d+\.\d+(, \d+\.\d+)?\)$/.test(whySeen), `no decision with few options said why, with its rule: "${whySeen}"`);

  // 3. The end: the 4.4 case, each power's lines, New game.
  await page.waitForSelector('.end', { timeout: 15000 });
  if ((await page.locator('#dialog').count()) > 0) await page.click('#dialog button.close'); // the last conference's summary
  const end = await page.textContent('.end');
  check(/4\.4[123]/.test(end), 'the end screen does not name the 4.4 case');
  check(/wins the game/.test(end), 'the end screen does not say who won');
  // 4.43: when an Axis power stands, the adjusted totals the winner was chosen by are shown.
  check(
    /4\.43/.test(end) === ((await page.locator('.end .adjusted').count()) === 1),
    'the end screen shows the 4.43 adjusted totals in the wrong case',
  );
  for (const p of ['UK', 'US', 'USSR']) check(new RegExp(`${p}: \\d+ VP`).test(end), `the end screen has no total for ${p}`);
  check((await page.locator('.end a[href="#/"]').count()) === 1, 'no New game button');
  await page.screenshot({ path: `${out}/end-1280x800.png` });
  await checkAccessible(page, 'the end screen');
  // Each conference's summary can be read again from the log.
  await page.click('button.summary-of >> nth=0');
  await page.waitForSelector('#dialog.summary-dialog h2:has-text("Conference")');
  await page.click('#dialog button.close');
  await phone.reload();
  await checkPhone(phone, 'the end', false); // the end screen comes first
  await phone.screenshot({ path: `${out}/end-390x844.png` });

  // 4. A friend opens a public game's link: a Join button, and the creator waits for that seat.
  const friendContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const host = await context.newPage();
  await createGame(host, { UK: 'human', US: 'human', USSR: 'bot:rulebook' }, true);
  const link = host.url();
  const friend = await friendContext.newPage();
  friend.on('pageerror', (e) => fail(`friend page error: ${e.message}`));
  // The lobby on a phone lists the games without scrolling sideways.
  await friend.goto(base);
  await friend.waitForSelector('#games tr:has(button.join)'); // the host's game, with its open seat
  const lobbyOverflow = await friend.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(lobbyOverflow <= 2, `the lobby is ${lobbyOverflow}px too wide on a phone`);
  await checkAccessible(friend, 'the lobby on a phone');
  await friend.screenshot({ path: `${out}/lobby-390x844.png`, fullPage: true });
  await friend.goto(link);
  await friend.waitForSelector('button.join[data-seat="US"]', { timeout: 10000 });
  await friend.screenshot({ path: `${out}/join-390x844.png` });
  await friend.click('button.join[data-seat="US"]');
  await friend.waitForSelector('text=You: US', { timeout: 10000 });
  await host.waitForSelector('button.action');
  const before = await version(host);
  await host.click('button.action >> nth=0'); // the UK's agenda card: now the page waits for the US
  await host.waitForFunction((b) => Number(document.querySelector('.game')?.getAttribute('data-version')) !== b, before);
  await host.waitForSelector('.waiting:has-text("Waiting for US")', { timeout: 10000 });
  await host.screenshot({ path: `${out}/waiting-1280x800.png` });
  console.log(`1 passed, 0 failed (a whole game: ${summaries} conference summaries; screenshots in ${out})`);
} finally {
  await browser.close();
}
