/**
 * Screenshots of the house baccarat client, for looking at what we build (not a test): the lobby,
 * a table after a settled round, the rules and the history, in light, dark and on a 375 px phone.
 * Needs `npm run build` and a running e2e server (serve.ts) on SHOTS_BASE (default :18601).
 *
 * Usage: node --openssl-legacy-provider --import tsx apps/web/e2e/baccarat-shots.ts [outDir]
 */
import { HEADERS, type LaunchGame } from '@app/contracts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, request as requests, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tools/chromium';
import { registerMember, value } from './api';
import { fund } from './operator';

const out = process.argv[2] ?? '/tmp/baccarat-shots';
const base = process.env.SHOTS_BASE ?? 'http://localhost:18601';
mkdirSync(out, { recursive: true });

const api = await requests.newContext({ baseURL: base });
const m = await registerMember(api);
await fund(api, m.username, '500', { reason: 'shots' });
const launch = async () =>
  (
    await value<LaunchGame>(
      await api.get('/wps/game/launchGame', {
        headers: { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: 'GOLDEN' },
        params: { vendor: 'HOUSE', gameCode: 'house-baccarat', language: 'EN', backUrl: '/live' },
      }),
    )
  ).url;

async function betAndSettle(page: Page, spots: string[]) {
  for (let i = 0; i < 3; i++) {
    for (;;) {
      const text = (await page.getByTestId('baccarat-status').textContent()) ?? '';
      if (Number(/(\d+)s/.exec(text)?.[1] ?? 0) >= 4) break;
      await page.waitForTimeout(300);
    }
    await page.getByTestId('baccarat-chip-5').click();
    for (const s of spots) await page.getByTestId(`baccarat-spot-${s}`).click();
    const answer = page.waitForResponse((r) => r.url().includes('/baccarat/bet'));
    await page.getByTestId('baccarat-confirm').click();
    if (((await (await answer).json()) as { success: boolean }).success) break;
  }
  await page.waitForTimeout(800);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const shots = [
  { name: 'desktop-light', viewport: { width: 1100, height: 900 }, theme: 'light' },
  { name: 'desktop-dark', viewport: { width: 1100, height: 900 }, theme: 'dark' },
  { name: 'phone-light', viewport: { width: 375, height: 812 }, theme: 'light' },
  { name: 'phone-dark', viewport: { width: 375, height: 812 }, theme: 'dark' },
];
for (const [n, s] of shots.entries()) {
  const ctx = await browser.newContext({ viewport: s.viewport, baseURL: base });
  await ctx.addInitScript((theme) => localStorage.setItem('theme', theme), s.theme);
  const page = await ctx.newPage();
  await page.goto(await launch());
  await page.getByTestId('baccarat-table-card').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, `${s.name}-lobby.png`), fullPage: true });
  await page.getByTestId(`baccarat-join-${(n % 3) + 1}`).click();
  await page.getByTestId('baccarat-status').waitFor();
  await betAndSettle(page, n % 2 ? ['BANKER', 'PLAYER_PAIR'] : ['PLAYER', 'TIE']);
  await page.screenshot({ path: path.join(out, `${s.name}-betting.png`), fullPage: true });
  await page.getByTestId('baccarat-round-win').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, `${s.name}-result.png`), fullPage: true });
  await page.getByTestId('baccarat-rules').click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `${s.name}-rules.png`) });
  await page.keyboard.press('Escape');
  await page.getByTestId('baccarat-history').click();
  await page.getByTestId('baccarat-history-item').first().waitFor();
  await page.screenshot({ path: path.join(out, `${s.name}-history.png`) });
  await ctx.close();
}
await browser.close();
await api.dispose();
console.log(`shots in ${out}`);
