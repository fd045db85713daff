// Two browser seats on one game of Three Hills (the platform's demonstration of secret simultaneous
// orders): the creator invites the second player by link; both write orders by clicking at once,
// neither page ever shows the other's orders before the reveal, a seat takes back its own order, and
// the reveal resolves the round for both. Usage: node e2e/hills.mjs BASE_URL
import { fail, launch } from './browser.mjs';

const [base] = process.argv.slice(2);

const browser = await launch();
try {
  // Separate contexts: two players with their own local storage, as on two machines.
  const red = await (await browser.newContext()).newPage();
  const green = await (await browser.newContext()).newPage();
  for (const p of [red, green]) p.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await red.goto(base);
  await red.selectOption('select[name=title]', 'hills');
  await red.selectOption('select[name=players]', '2');
  await red.selectOption('select[name="seat:green"]', 'human');
  await red.click('#create-game');
  await red.waitForURL(/#\/game\/[0-9a-f]+$/);
  const link = await red.locator('.invite input').inputValue();
  await green.goto(link);
  await green.click('button.join[data-seat="green"]');
  await green.waitForSelector('text=your move');

  // Each writes orders; the other's page must never show them. An action is taken once the page shows
  // a newer version of the game and, for an order, the seat's own troops on its hill ("red 4").
  const act = async (page, action, hill = null, own = null) => {
    const before = Number(await page.locator('.game').getAttribute('data-version'));
    await page.click(`button.action[data-action="${action}"]`);
    await page
      .waitForFunction(
        ([b, hill, own]) =>
          Number(document.querySelector('.game')?.dataset.version) > b &&
          (!hill || document.querySelector(`button.hill[data-id="${hill}"]`)?.textContent.includes(own)),
        [before, hill, own],
      )
      .catch(() => fail(`"${action}" was not taken on the page`));
  };
  const orders = (page, seat) =>
    page
      .locator(`button.hill[data-id="C"]`)
      .textContent()
      .then((t) => t.match(new RegExp(`${seat} (\\S+)`))[1]);
  await act(red, 'send 4 C', 'C', 'red 4');
  await act(green, 'send 2 A', 'A', 'green 2');
  await act(red, 'send 1 B', 'B', 'red 1');
  await green.waitForTimeout(300);
  if ((await orders(green, 'red')) !== '?') fail(`green's page shows red's orders before the reveal: ${await orders(green, 'red')}`);
  if ((await orders(red, 'green')) !== '?') fail("red's page shows green's orders before the reveal");
  if ((await orders(red, 'red')) !== '4') fail("red's page does not show red's own order");
  // Red takes back its latest order, though green wrote after it.
  await red.click('#undo');
  await red.waitForFunction(() => document.querySelector('button.hill[data-id="B"]')?.textContent.includes('red 0'));
  await act(red, 'done');
  await act(green, 'done');
  await red.waitForSelector('text=Round 2 of 3');
  await green.waitForSelector('text=Round 2 of 3');
  const scores = await green.textContent('.scores');
  if (!scores.includes('red 3 points') || !scores.includes('green 1 point ')) fail(`scores after the reveal: ${scores}`);
  if (!(await green.textContent('.log')).includes('R3: red sends A 0, B 0, C 4')) fail('the reveal is not in the log');
  console.log('1 passed, 0 failed (two browser seats)');
} finally {
  await browser.close();
}
