import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium';
const base = 'http://localhost:8080';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
await ctx.addInitScript(() => { sessionStorage.setItem('popupNoticesSeen', '1'); });
const page = await ctx.newPage();
await page.goto(base + '/login', { waitUntil: 'networkidle' });
await page.locator('#login-username').fill('demo01');
await page.locator('#login-password').fill('demo1234');
await page.locator('#loginPopupModal button[type="submit"]').first().click();
await page.waitForSelector('[data-testid="header-balance"]');
for (const p of process.argv.slice(2)) {
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const small = await page.evaluate(() => {
    const root = document.querySelector('dialog[open]') ?? document.body;
    const out: string[] = [];
    for (const el of root.querySelectorAll('a[href], button, select, input:not([type=hidden]), [role="tab"]')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      // inline links inside running text are exempt (WCAG 2.5.8)
      if (el.tagName === 'A' && el.closest('p, li.rich-text, .rich-text')) continue;
      if (r.width < 43.5 || r.height < 43.5) out.push(`${Math.round(r.width)}x${Math.round(r.height)} ${(el.getAttribute('class') ?? '').slice(0,40)} ${(el.textContent ?? '').trim().slice(0, 20)}`);
    }
    return out;
  });
  const counts = new Map<string, number>();
  for (const s of small) { const k = s.replace(/^\d+x\d+ /, '').replace(/ .*$/, ''); counts.set(k, (counts.get(k) ?? 0) + 1); }
  console.log(p, small.length, [...counts.entries()].slice(0, 12).map(([k, n]) => `${k}:${n}`).join(' '));
  console.log('   e.g.', small.slice(0, 6).join(' | '));
}
await browser.close();
