/**
 * Screenshots of pages in Debian's Chromium: light and dark at 1366 px, and light and dark on a
 * 390 px phone (touch, mobile emulation), for looking at what we build. Usage:
 * node --import tsx scripts/screenshots.ts [baseUrl] [outDir] [path...] (a running site is
 * needed: npm start). SHOTS_ONLY=mobile (or desktop) takes one kind; SHOTS_LOGIN=user:password
 * logs in first (e.g. demo01:demo1234), so member pages and the member centre (?member=...) show.
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
  { name: 'light', theme: 'light', viewport: { width: 1366, height: 900 }, mobile: false },
  { name: 'dark', theme: 'dark', viewport: { width: 1366, height: 900 }, mobile: false },
  { name: 'mobile', theme: 'light', viewport: { width: 390, height: 844 }, mobile: true },
  { name: 'mobile-dark', theme: 'dark', viewport: { width: 390, height: 844 }, mobile: true },
] as const;
const only = process.env.SHOTS_ONLY;
const [user, password] = (process.env.SHOTS_LOGIN ?? '').split(':');
for (const v of variants.filter((x) => !only || (only === 'mobile') === x.mobile)) {
  const context = await browser.newContext({
    viewport: v.viewport,
    deviceScaleFactor: 1,
    isMobile: v.mobile,
    hasTouch: v.mobile,
  });
  await context.addInitScript((theme) => {
    localStorage.setItem('theme', theme);
    sessionStorage.setItem('popupNoticesSeen', '1');
  }, v.theme);
  const page = await context.newPage();
  if (user && password) {
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.locator('#login-username').fill(user);
    await page.locator('#login-password').fill(password);
    await page.locator('#loginPopupModal button[type="submit"]').first().click();
    await page.waitForSelector('[data-testid="header-balance"]');
  }
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
    // Long pages are also cut into parts, easier to look at. On a phone each part is what the
    // screen shows scrolled that far (fixed bars where they really are, not stitched in once).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const step = v.viewport.height * (v.mobile ? 0.9 : 1.5);
    for (let y = 0, n = 0; y < height && n < 8; y += step, n++) {
      const part = file.replace(/\.png$/, `.part${n}.png`);
      if (v.mobile) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(150);
        await page.screenshot({ path: part });
        continue;
      }
      const clip = { x: 0, y, width: v.viewport.width, height: Math.min(step, height - y) };
      await page.screenshot({ path: part, fullPage: true, clip });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`${file}${overflow > 0 ? `  horizontal overflow ${overflow}px` : ''}`);
  }
  await context.close();
}
await browser.close();
