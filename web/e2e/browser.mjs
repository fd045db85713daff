// What every browser test shares: Debian's Chromium, headless (CHROMIUM names another binary), and a
// failure that stops the test with its message.
import { chromium } from 'playwright-core';

export const fail = (message) => { console.error(`FAIL: ${message}`); process.exit(1); };

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync'],
  });
}
