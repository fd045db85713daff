// War Room in the browser: a War in Europe game created from the lobby with one human seat and
// random bots, the project's world map drawn with its notice, every region of the layout on it, the
// seat's legal actions offered, one played, and screenshots at desktop and phone size.
// Usage: node e2e/warroom.mjs BASE_URL OUT_DIR
import { chromium } from 'playwright-core';

const [base, out] = process.argv.slice(2);
const fail = (message) => { console.error(`FAIL: ${message}`); process.exit(1); };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await page.goto(base);
  await page.selectOption('select[name=title]', 'warroom');
  await page.selectOption('select[name=scenario]', 'war-in-europe');
  await page.click('#create-game');
  await page.waitForURL(/#\/game\/[0-9a-f]+$/);
  await page.waitForSelector('svg.world g[data-id]', { state: 'attached', timeout: 60000 }).catch(async (e) => { await page.screenshot({ path: `${out}/warroom-failed.png` }); throw e; });

  const layout = await (await page.request.get(`${base}api/titles/warroom/layout`)).json();
  const drawn = await page.locator('svg.world g[data-id]').count();
  if (drawn !== layout.regions.length) fail(`${drawn} regions drawn of ${layout.regions.length}`);
  const notice = await page.textContent('.warroom-map .notice');
  if (!notice.includes('not the printed board')) fail(`the map's notice is missing: "${notice}"`);
  const nations = await page.locator('table.nations tr').count();
  if (nations < 5) fail(`the nations' table has ${nations} rows`);

  // The human seat acts: its actions are listed (many are offered by kind first: pick "done"); play
  // the first and see the view move on.
  await page.waitForSelector('button.action, button.kind[data-word]');
  if (await page.locator('button.kind[data-word]').count()) {
    const done = page.locator('button.kind[data-word="done"]');
    await (await done.count() ? done : page.locator('button.kind[data-word]').first()).click();
    await page.waitForSelector('button.action');
  }
  const version = await page.textContent('#state');
  const first = await page.locator('button.action').first().getAttribute('data-action');
  await page.locator('button.action').first().click();
  await page.waitForFunction((b) => document.querySelector('#state')?.textContent !== b, version);
  await page.screenshot({ path: `${out}/warroom-desktop.png`, fullPage: false });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${out}/warroom-phone.png`, fullPage: false });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 400) fail(`the phone page scrolls sideways (${wide} px wide)`);
  console.log(`1 passed, 0 failed (War Room: ${drawn} regions drawn, played "${first}", screenshots in ${out})`);
} finally {
  await browser.close();
}
