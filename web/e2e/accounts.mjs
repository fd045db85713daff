// Browser end to end: accounts and table talk as two devices of one player and a second player see
// them. A phone registers in the lobby and creates a training game (its seat is tied to the account);
// a laptop signs in and finds it under "My games", marked as its turn, and plays it from there, while
// the phone's "My games" follows the move without a reload (no browser notifications asked); the
// two seats of a public game talk at the table, markup shown as text; signing out everywhere ends the
// phone's session too. Screenshots at 1280x800 and 390x844.
// Usage: node e2e/accounts.mjs BASE_URL SCREENSHOT_DIR
import { readFileSync } from 'node:fs';
import { createTrainingGame, fail, launch, playSeat } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const en = JSON.parse(readFileSync(new URL('../../data/i18n/en.json', import.meta.url))).ui.web;
const browser = await launch();
const signIn = async (page, button) => {
  await page.goto(base);
  await page.waitForSelector('#sign-in');
  await page.fill('#sign-in input[name=name]', 'anna');
  await page.fill('#sign-in input[name=password]', 'correct horse');
  await page.click(`#sign-in button[value=${button}]`);
  await page.waitForSelector('.account .who', { timeout: 20000 });
};
try {
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const laptop = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  for (const p of [phone, laptop]) p.on('pageerror', (e) => fail(`page error: ${e.message}`));

  await signIn(phone, 'up');
  if (!(await phone.textContent('.account')).includes('anna')) fail('the phone is not signed in after registering');
  await createTrainingGame(phone, base, { UK: 'human', US: 'human', USSR: 'bot:rulebook' }, { publicSeats: true });
  const gameUrl = phone.url();
  const id = gameUrl.split('/').pop();
  await phone.waitForSelector('#chat form', { timeout: 10000 });
  await phone.fill('#chat form input', '<b>Good evening</b>, gentlemen');
  await phone.click('#chat form button');
  await phone.waitForSelector('#chat .chat-log li');
  if ((await phone.locator('#chat .chat-log b').count()) > 0) fail('a message was shown as HTML');
  await phone.screenshot({ path: `${out}/accounts-chat-390.png`, fullPage: true });

  // Another player joins the public game's US seat without an account and answers privately.
  const boris = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  boris.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await boris.goto(base);
  await boris.waitForSelector(`button.join[data-id="${id}"][data-seat="US"]`, { timeout: 10000 });
  await boris.click(`button.join[data-id="${id}"][data-seat="US"]`);
  await boris.waitForSelector('#chat form', { timeout: 10000 });
  await boris.waitForSelector('#chat .chat-log li');
  await boris.selectOption('#chat form select', 'private:UK');
  await boris.fill('#chat form input', 'a word in private');
  await boris.click('#chat form button');
  await phone.waitForSelector('#chat .chat-private', { timeout: 10000 }); // pushed over the WebSocket
  await boris.screenshot({ path: `${out}/accounts-chat-1280.png` });

  // The laptop: signed in, "My games" has the game, waiting for Anna (the agenda is hers to play).
  await signIn(laptop, 'in');
  await laptop.waitForSelector(`#my-games a.play[data-id="${id}"]`, { timeout: 10000 });
  if (!(await laptop.textContent('#my-games tr.your-turn')).includes('UK')) fail('My games does not mark the game as her turn');
  await laptop.screenshot({ path: `${out}/accounts-my-games-1280.png` });
  await phone.goto(base);
  await phone.waitForSelector('#my-games');
  await phone.screenshot({ path: `${out}/accounts-my-games-390.png`, fullPage: true });
  await laptop.click(`#my-games a.play[data-id="${id}"]`);
  await laptop.waitForSelector('button.action, button.kind', { timeout: 10000 }); // plays the seat from here

  // The phone's lobby, without browser notifications, follows the game: once Anna's seat has played
  // (through the API here), its row waits for others without a reload, pushed over the account's socket.
  const mine = (await phone.evaluate(() => fetch('/api/me/games').then((r) => r.json()))).games.find((g) => g.id === id);
  await playSeat(base, id, mine.token);
  await phone
    .waitForFunction(
      ([id, word]) => document.querySelector(`#my-games a.play[data-id="${id}"]`)?.closest('tr')?.textContent.includes(word),
      [id, en.waiting_for_others],
      { timeout: 5000 },
    )
    .catch(() => fail("the lobby's My games did not follow the game without browser notifications"));

  // Signing out everywhere on the laptop signs the phone out too.
  await laptop.goto(base);
  await laptop.click('#sign-out');
  await laptop.waitForSelector('#sign-in');
  await phone.reload();
  await phone.waitForSelector('#sign-in', { timeout: 10000 });
  console.log(
    'accounts: registered, My games on a second device and followed live, table talk and a private message pushed, signed out everywhere',
  );
} finally {
  await browser.close();
}
