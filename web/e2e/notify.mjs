// Browser end to end: "your turn" notifications (docs/server.md, "Notifications"). Anna registers,
// gives a webhook (a local receiver) and asks for this browser's notifications; the code posted to
// the webhook confirms it on the account panel. In a training game she holds UK against Boris (US,
// through the API) and a bot: when Boris's move makes it her turn again, the webhook is told once,
// with a link to the game, and her open page, told over its socket for "My games" (GET /api/me/ws),
// shows one browser notification within 5 s (the Notification API, recorded); the lobby's "My games"
// panel, redrawn from that socket without a reload, says "waiting for others" after her moves and
// "your turn" after Boris's, keeping the focus on the game's link and the page's scroll. Screenshots of the settings at 1280x800 and 390x844. The server runs with
// --notify-allow-local (tests/CMakeLists.txt), so that a webhook on loopback is allowed.
// Usage: node e2e/notify.mjs BASE_URL SCREENSHOT_DIR
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createTrainingGame, fail, launch, playSeat } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const en = JSON.parse(readFileSync(new URL('../../data/i18n/en.json', import.meta.url))).ui.web;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what, done, seconds = 30) {
  for (let i = 0; i < seconds * 10; ++i) {
    if (await done()) return;
    await sleep(100);
  }
  fail(`waited ${seconds} s for ${what}`);
}

// The webhook: every POST's JSON body.
const posts = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    posts.push(JSON.parse(body));
    res.end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hook = `http://127.0.0.1:${receiver.address().port}/hook`;

const api = async (method, path, body, token) => {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(new URL(path, base), { method, headers, body: body && JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => ({})) };
};
const active = async (id, token) => ((await api('GET', `/api/games/${id}/view`, undefined, token)).body.legal_actions ?? []).length > 0;

const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The Notification API as a page sees it with leave given; each notification is recorded.
  await context.addInitScript(() => {
    window.told = [];
    window.Notification = class {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title, options = {}) {
        window.told.push({ title, body: options.body, tag: options.tag });
      }
    };
  });
  const anna = await context.newPage();
  anna.on('pageerror', (e) => fail(`page error: ${e.message}`));
  const sockets = [];
  anna.on('websocket', (ws) => sockets.push(ws.url()));
  await anna.goto(base);
  await anna.waitForSelector('#sign-in');
  await anna.fill('#sign-in input[name=name]', 'anna');
  await anna.fill('#sign-in input[name=password]', 'correct horse');
  await anna.click('#sign-in button[value=up]');
  await anna.waitForSelector('#notify', { timeout: 20000 });

  // A webhook that is no URL is refused, in words, and nothing changes.
  await anna.fill('#notify input[name=webhook]', 'ftp://example.org/hook');
  await anna.evaluate(() => document.querySelector('#notify input[name=webhook]').setAttribute('type', 'text'));
  await anna.click('#notify button[type=submit]');
  await anna.waitForSelector('.notify p.error:not([hidden])');
  if (posts.length !== 0) fail('a refused webhook was posted to');

  await anna.fill('#notify input[name=webhook]', hook);
  await anna.check('#notify input[name=browser]');
  await anna.click('#notify button[type=submit]');
  await anna.waitForSelector('form.notify-confirm[data-channel=webhook]');
  await until('the code posted to the webhook', () => posts.length === 1);
  const code = posts[0].content.match(/\b(\d{6})\b/)?.[1];
  if (!code || posts[0].text !== posts[0].content)
    fail(`the code's message is not what Discord and Slack read: ${JSON.stringify(posts[0])}`);
  await anna.screenshot({ path: `${out}/notify-settings-1280.png` });
  await anna.fill('form.notify-confirm input[name=code]', code);
  await anna.click('form.notify-confirm button');
  await anna.waitForFunction(
    (word) => document.querySelector('.notify-state[data-channel=webhook]')?.textContent === word,
    en.notify_confirmed,
  );
  if (!(await anna.isChecked('#notify input[name=browser]'))) fail('the browser notifications are not kept on');

  // The game: Anna's UK (her seat is tied to her account), Boris's US through the API, a bot's USSR.
  await createTrainingGame(anna, base, { UK: 'human', US: 'human', USSR: 'bot:rulebook' }, { publicSeats: true });
  const id = anna.url().split('/').pop();
  const boris = (await api('POST', `/api/games/${id}/seats/US`, {})).body.token;
  const mine = (await anna.evaluate(() => fetch('/api/me/games').then((r) => r.json()))).games.find((g) => g.id === id);
  if (!mine?.token) fail('the game is not in My games');
  await anna.goto(base); // the lobby: her page watches "My games"
  await anna.waitForSelector('#my-games');
  // Anna plays until the game waits for Boris; the server pushes that to her page; then Boris plays
  // until it is Anna's turn again: one turn, told once to the webhook and once in the browser, within
  // seconds (pushed over the account's socket, not read every 15 s).
  // Her lobby's "My games" panel is redrawn from the same socket, without a reload: the game waits
  // for others after her moves and is her turn again after Boris's, and the focus she left on the
  // game's link stays there.
  const link = `#my-games a.play[data-id="${id}"]`;
  const rowSays = (word) =>
    anna.waitForFunction(([link, word]) => document.querySelector(link)?.closest('tr')?.textContent.includes(word), [link, word], {
      timeout: 5000,
    });
  await playSeat(base, id, mine.token);
  if (await active(id, mine.token)) fail('the game does not wait for Boris after her moves');
  await rowSays(en.waiting_for_others).catch(async () => {
    const row = await anna.evaluate((link) => document.querySelector(link)?.closest('tr')?.textContent, link);
    const now = await anna.evaluate(() => fetch('/api/me/games').then((r) => r.json()));
    fail(
      `My games did not show "waiting for others" after her moves: the row reads "${row}", GET /api/me/games ${JSON.stringify(now.games.find((g) => g.id === id))}`,
    );
  });
  if (await anna.$(`${link}`).then((a) => a.evaluate((e) => e.closest('tr').classList.contains('your-turn'))))
    fail('My games still marks the game as her turn');
  await sleep(2000);
  await anna.focus(link);
  const scrolled = await anna.evaluate(() => window.scrollY);
  const before = posts.length;
  await playSeat(base, id, boris);
  const moved = Date.now();
  await until('UK to play again', () => active(id, mine.token));
  await until('the browser notification', async () => (await anna.evaluate(() => window.told.length)) > 0, 5);
  const seconds = (Date.now() - moved) / 1000;
  await rowSays(en.your_turn).catch(() => fail('My games did not show "your turn" after Boris moved'));
  const panelSeconds = (Date.now() - moved) / 1000;
  if (!(await anna.evaluate((link) => document.activeElement === document.querySelector(link), link)))
    fail("the redrawn My games lost the focus on the game's link");
  if ((await anna.evaluate(() => window.scrollY)) !== scrolled) fail('the redrawn My games moved the page');
  await anna.screenshot({ path: `${out}/notify-my-games-redrawn-1280.png` });
  if (!sockets.some((url) => new URL(url).pathname === '/api/me/ws')) fail(`the page holds no socket for "My games": ${sockets}`);
  await until('the turn told to the webhook', () => posts.length > before);
  await sleep(3000);
  const turns = posts.slice(before);
  if (turns.length !== 1) fail(`the webhook was told ${turns.length} times of one turn`);
  if (!turns[0].content.includes(`/#/game/${id}`)) fail(`the message has no link to the game: ${turns[0].content}`);
  const told = await anna.evaluate(() => window.told);
  if (told.length !== 1 || told[0].tag !== id || told[0].title !== en.notify_your_turn)
    fail(`browser notifications: ${JSON.stringify(told)}`);

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(base);
  await phone.fill('#sign-in input[name=name]', 'anna');
  await phone.fill('#sign-in input[name=password]', 'correct horse');
  await phone.click('#sign-in button[value=in]');
  await phone.waitForSelector('#notify', { timeout: 20000 });
  await phone.locator('.notify').screenshot({ path: `${out}/notify-settings-390.png` });
  console.log(
    `notify: webhook confirmed with its code; one turn told once to the webhook and once in the browser, ${seconds.toFixed(1)} s after the move, My games redrawn ${panelSeconds.toFixed(1)} s after it (game ${id})`,
  );
} finally {
  await browser.close();
  receiver.close();
}
