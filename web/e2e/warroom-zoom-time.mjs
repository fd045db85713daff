// Measures how long a zoom of War Room's widest map takes (docs/warroom/browser.md, "How long a zoom
// takes"): Global War as Japan at a WIDTHxHEIGHT page, 32 clicks of the map's zoom buttons (the whole
// world, in, out, fit), each from the click to the page drawn (two animation frames). Not a test: it
// fails nothing. Usage: node e2e/warroom-zoom-time.mjs BASE_URL WIDTH HEIGHT
import { createWarRoomGame, launch, tourSeen } from './browser.mjs';
const [base, w, h] = process.argv.slice(2);
const browser = await launch();
const page = await (await tourSeen(await browser.newContext({ viewport: { width: Number(w), height: Number(h) } }))).newPage();
await createWarRoomGame(page, base, 'global-war', { 'CHN+US': 'bot:rules', JPN: 'human' });
await page.waitForTimeout(1500);
const times = [];
for (let round = 0; round < 4; round++)
  for (const b of ['world', 'in', 'in', 'out', 'out', 'fit', 'in', 'out']) {
    times.push(
      await page.evaluate(
        (b) =>
          new Promise((done) => {
            const t = performance.now();
            document.querySelector(`button[data-zoom=${b}]`).click();
            requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t)));
          }),
        b,
      ),
    );
    await page.waitForTimeout(150);
  }
times.sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(
  `ZOOM ${w}x${h}: ${times.length} clicks, mean ${mean.toFixed(0)} ms, median ${times[times.length >> 1].toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms`,
);
await browser.close();
