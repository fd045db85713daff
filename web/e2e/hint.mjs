// Browser end to end: a game against a search (ai:easy, chosen in the lobby) and a rulebook 'Bot;
// at the player's own decision the Hint button shows the search's three best actions with their
// estimated chance of winning. Usage: node e2e/hint.mjs BASE_URL [SCREENSHOT_DIR]
import { createTrainingGame, fail, launch } from './browser.mjs';

const [base, out] = process.argv.slice(2);

const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await createTrainingGame(page, base, { UK: 'human', US: 'bot:ai:easy', USSR: 'bot:rulebook' });
  await page.waitForSelector('text=your move', { timeout: 20000 });
  await page.click('button.hint-ask');
  await page.waitForSelector('.hint-list li', { timeout: 20000 });
  const hints = await page.locator('.hint-list li').allTextContents();
  if (hints.length < 1 || hints.length > 3) fail(`expected one to three hints, got ${JSON.stringify(hints)}`);
  for (const h of hints) if (!/\d+% estimated chance of winning$/.test(h)) fail(`a hint without its chance: ${h}`);
  if (out) await page.screenshot({ path: `${out}/hint.png` });
  console.log(`hint: ${hints.join(' | ')}`);
} finally {
  await browser.close();
}
