// Browser end to end: against a running `churchill serve`, create a game against two 'Bots in the
// lobby, play the agenda and several Meeting turns by clicking, reload and continue, and save
// screenshots of the board at 1280x800 and on a phone-sized screen.
// Usage: node e2e/play.mjs BASE_URL SCREENSHOT_DIR
import { clickUnlessDialog, createTrainingGame, fail, launch } from './browser.mjs';

const [base, out] = process.argv.slice(2);

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await createTrainingGame(page, base, { UK: 'human', US: 'bot:rulebook', USSR: 'bot:rulebook' });
  await page.waitForSelector('text=your move', { timeout: 10000 });
  const gameUrl = page.url();

  // The agenda: a card by clicking it, then the issues; then Meeting turns until several are played.
  const phases = new Set();
  let meetingTurns = 0;
  for (let i = 0; i < 40 && meetingTurns < 4; ++i) {
    await page.waitForSelector('button.action, button.kind', { timeout: 10000 });
    // A conference's summary pauses the page until it is closed.
    if ((await page.locator('#dialog').count()) > 0) await page.click('#dialog button.close');
    // Many choices come by kind first: take the first kind.
    if ((await page.locator('button.action').count()) === 0) {
      await page.click('button.kind >> nth=0');
      await page.waitForSelector('button.action');
    }
    const phase = await page.textContent('.phase');
    phases.add(phase);
    // Click an issue on the SVG table first when one is marked: the list narrows to what names it.
    // Locators, not element handles: a locator finds its element again if the view is redrawn.
    const marked = page.locator('svg.table g.issue.marked').first();
    if (phase.startsWith('5.2 Meeting') && (await marked.count()) > 0) {
      await marked.click();
      await page.waitForSelector('h2:has-text("Actions naming")');
    }
    const before = (await page.textContent('.phase')) + (await page.textContent('.log'));
    // A conference's summary may open between the look above and this click: it is closed next time.
    if (!(await clickUnlessDialog(page, page.locator('button.action').first()))) continue;
    if (phase.startsWith('5.2 Meeting: UK to advance')) ++meetingTurns;
    await page.waitForFunction(
      (b) => (document.querySelector('.phase')?.textContent ?? '') + (document.querySelector('.log')?.textContent ?? '') !== b,
      before,
      { timeout: 10000 },
    );
  }
  if (![...phases].some((p) => p.startsWith('5.13 Agenda'))) fail('never saw the agenda');
  if (meetingTurns < 4) fail(`only ${meetingTurns} Meeting turns were played`);
  const handText = (p) => p.evaluate(() => document.querySelector('.hand')?.textContent ?? ''); // empty once all are played
  const hand = await handText(page);

  // Reload: the seat's token is remembered and the game goes on where it was.
  await page.reload();
  await page.waitForSelector('button.action, button.kind', { timeout: 10000 });
  if (page.url() !== gameUrl) fail('the reload lost the game');
  if ((await handText(page)) !== hand) fail('the reload changed the hand');
  await page.screenshot({ path: `${out}/board-1280x800.png`, fullPage: false });
  if ((await page.locator('button.action').count()) === 0) await page.click('button.kind >> nth=0');
  await page.click('button.action >> nth=0');

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(gameUrl);
  await phone.waitForSelector('svg.fronts g.front'); // the table may be empty between Meetings
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 2) fail(`the phone layout is ${overflow}px too wide`);
  await phone.screenshot({ path: `${out}/board-phone.png`, fullPage: true });
  console.log(`1 passed, 0 failed (${meetingTurns} Meeting turns, screenshots in ${out})`);
} finally {
  await browser.close();
}
