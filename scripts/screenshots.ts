/**
 * Screenshots of pages in Debian's Chromium: light, dark and 375 px mobile, for looking at
 * what we build. Usage: node --import tsx scripts/screenshots.ts [baseUrl] [outDir] [path...]
 * (a running site is needed: npm start).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium';

const [base = 'http://localhost:8080', out = '.bench/screens', ...pages] = process.argv.slice(2);
const targets = pages.length ? pages : ['/', '/help#agent', '/down', '/noticePage', '/join', '/nope'];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const variants = [
  { name: 'light', theme: 'light', viewport: { width: 1366, height: 900 } },
  { name: 'dark', theme: 'dark', viewport: { width: 1366, height: 900 } },
  { name: 'mobile', theme: 'light', viewport: { width: 375, height: 812 } },
] as const;
for (const v of variants) {
  const context = await browser.newContext({ viewport: v.viewport, deviceScaleFactor: 1 });
  await context.addInitScript((theme) => {
    localStorage.setItem('theme', theme);
    sessionStorage.setItem('popupNoticesSeen', '1');
  }, v.theme);
  const page = await context.newPage();
  for (const p of targets) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    // Scroll through once so lazy images load before the full-page shot.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(400);
    const file = path.join(out, `${v.name}${p.replace(/[^a-z0-9]+/gi, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true });
    // Long pages are also cut into viewport-sized parts, easier to look at.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, n = 0; y < height && n < 8; y += v.viewport.height * 1.5, n++) {
      const clip = {
        x: 0,
        y,
        width: v.viewport.width,
        height: Math.min(v.viewport.height * 1.5, height - y),
      };
      await page.screenshot({ path: file.replace(/\.png$/, `.part${n}.png`), fullPage: true, clip });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`${file}${overflow > 0 ? `  horizontal overflow ${overflow}px` : ''}`);
  }
  await context.close();
}
await browser.close();
