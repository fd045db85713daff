// Browser end to end: paces and clocks (docs/server.md, "Paces and clocks"). The lobby offers the
// pace; a game created "fast" shows its seat's clock counting down, and a pause its only player agrees
// to stops it. Then a game whose UK clock is a minute long: UK's player stays silent, US plays its
// agenda through the API, UK's clock runs out and its stand-in bot plays for it, the page says so and
// offers "I'm back", which gives the seat back to its player; the game's log says both where they
// happened. Screenshots at 1280x800 and 390x844.
// Usage: node e2e/clocks.mjs BASE_URL SCREENSHOT_DIR
import { claimSeat, fail, holdSeat, launch, postGame } from './browser.mjs';

const [base, out] = process.argv.slice(2);
const browser = await launch();
const api = async (path, token, body) => {
  const res = await fetch(`${base}api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) fail(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};
try {
  const laptop = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  for (const p of [laptop, phone]) p.on('pageerror', (e) => fail(`page error: ${e.message}`));

  // The lobby's pace: a custom one shows its fields in hours, and the stand-in bot.
  for (const [page, size] of [
    [laptop, 1280],
    [phone, 390],
  ]) {
    await page.goto(base);
    await page.waitForSelector('select[name=pace]');
    await page.selectOption('select[name=pace]', 'custom');
    if (await page.locator('#custom-pace').isHidden()) fail('a custom pace shows no fields');
    if (await page.locator('#stand-in').isHidden()) fail('a pace with a clock does not offer the stand-in');
    await page.locator('#create').screenshot({ path: `${out}/clocks-lobby-${size}.png` });
  }

  // A fast game: UK's clock runs, 12 hours, counting down; its only player pauses it alone.
  await laptop.goto(base);
  await laptop.waitForSelector('select[name=pace]');
  await laptop.selectOption('select[name=scenario]', 'training');
  await laptop.selectOption('select[name=pace]', 'fast');
  await laptop.click('#create-game');
  await laptop.waitForURL(/#\/game\/[0-9a-f]+$/);
  await laptop.waitForSelector('#clock .clock-seat.running[data-seat="UK"]', { timeout: 20000 });
  const first = await laptop.textContent('#clock .clock-seat[data-seat="UK"] .clock-time');
  if (!/^1[12] h/.test(first.trim())) fail(`a fast clock starts at 12 hours, not "${first}"`);
  const deadline = Number(await laptop.getAttribute('#clock .clock-seat[data-seat="UK"] .clock-time', 'data-deadline'));
  if (Math.abs(deadline - (Date.now() / 1000 + 12 * 3600)) > 120) fail(`UK's clock does not count down to 12 hours from now (${deadline})`);
  await laptop.click('#clock-pause');
  await laptop.waitForSelector('#clock .clock-note', { timeout: 10000 });
  if ((await laptop.locator('#clock .clock-seat.running').count()) !== 0) fail('a paused clock still runs');
  await laptop.screenshot({ path: `${out}/clocks-paused-1280.png` });
  await laptop.click('#clock-pause'); // resume
  await laptop.waitForSelector('#clock .clock-seat.running[data-seat="UK"]', { timeout: 10000 });

  // A minute's clock: UK silent, US plays through the API; UK's stand-in plays when it runs out.
  const { id } = await postGame(base, {
    scenario: 'training',
    seating: 'public',
    seats: { UK: 'human', US: 'human', USSR: 'bot:rulebook' },
    pace: { initial: 60, per_move: 60, most: 120 },
    stand_in: 'bot:rulebook',
  });
  const uk = await claimSeat(base, id, 'UK');
  const us = await claimSeat(base, id, 'US');
  for (let v = await api(`games/${id}/view`, us); v.active.includes('US');) {
    v = await api(`games/${id}/actions`, us, { action: v.legal_actions[0], version: v.version });
  }
  const before = (await api(`games/${id}/view`, uk)).log_size;
  // A page of its own: the seat is held from the page's first load (holdSeat's script runs on a load).
  const player = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  player.on('pageerror', (e) => fail(`page error: ${e.message}`));
  await holdSeat(player, id, 'UK', uk);
  await player.goto(`${base}#/game/${id}`);
  await player.waitForSelector('#clock .clock-seat.running[data-seat="UK"]', { timeout: 20000 });
  await player.waitForSelector('#clock .clock-seat.out[data-seat="UK"]', { timeout: 90000 });
  await player
    .waitForSelector('#clock-back', { timeout: 10000 })
    .catch(async () => fail(`no "I'm back": ${await player.innerHTML('#clock')}`));
  const said = await player.textContent('#clock .clock-seat[data-seat="UK"] small');
  if (!said.includes('rulebook')) fail(`the page does not name the stand-in: "${said}"`);
  if (!((await api(`games/${id}/view`, uk)).log_size > before)) fail('the stand-in played nothing');
  // The game's log says so where it happened, worded in the page's language from its message.
  const logSays = (text) =>
    player.waitForFunction((t) => [...document.querySelectorAll('ol.log li')].some((li) => li.textContent.includes(t)), text, {
      timeout: 10000,
    });
  await logSays("UK's clock ran out: rulebook 'Bot plays for it").catch(() => fail("the log does not say that UK's clock ran out"));
  const outEvent = (await api(`games/${id}/view`, uk)).log_events.find((e) => e.event === 'clock_out');
  if (!outEvent || outEvent.seat !== 'UK' || outEvent.bot !== 'bot:rulebook')
    fail(`no clock_out in log_events: ${JSON.stringify(outEvent)}`);
  await player.screenshot({ path: `${out}/clocks-stand-in-390.png`, fullPage: true });
  await player.click('#clock-back');
  await player.waitForFunction(() => !document.querySelector('#clock .clock-seat.out[data-seat="UK"]'), null, { timeout: 10000 });
  if ((await player.locator('#clock-back').count()) !== 0) fail('"I\'m back" is still offered');
  await logSays('UK is back').catch(() => fail('the log does not say that UK is back'));
  const view = await api(`games/${id}/view`, uk);
  if (view.clock.seats.UK.out || view.clock.seats.UK.stand_in !== null) fail('the server still has UK played by its stand-in');
  console.log('clocks: the pace offered, a clock counting down and paused, a silent seat played by its stand-in and given back');
} finally {
  await browser.close();
}
