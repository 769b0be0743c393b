/**
 * Screenshots of the house sportsbook client, for looking at what we build (not a test): desktop
 * light and dark, and a 375 px phone, for football and esports, with the slip, my bets and the
 * rules. Needs `npm run build` and a server from serve.ts on SHOTS_PORT (a sportsbook minute of
 * about a second shows live matches): SPORTSBOOK_MINUTE_MS=1000 E2E_PORT=18614 node
 * --openssl-legacy-provider --import tsx apps/web/e2e/serve.ts
 *
 * Usage: node --import tsx apps/web/e2e/sportsbook-shots.ts [outDir]
 */
import { HEADERS, type GameList, type LaunchGame } from '@app/contracts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, request as http, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tools/chromium';
import { registerMember, value } from './api';
import { fund } from './operator';

const out = process.argv[2] ?? '/tmp/sportsbook-shots';
const base = `http://localhost:${process.env.SHOTS_PORT ?? 18614}`;
mkdirSync(out, { recursive: true });

const api = await http.newContext({ baseURL: base });
const m = await registerMember(api);
await fund(api, m.username, '500', { reason: 'shots' });
async function launch(gameType: string) {
  const list = await value<GameList>(
    await api.get('/wps/relay/GCSGAME_gameList', {
      headers: { [HEADERS.merchant]: 'GOLDEN' },
      params: { vassalage: 'HOUSE', gameType },
    }),
  );
  const g = await value<LaunchGame>(
    await api.get('/wps/game/launchGame', {
      headers: { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: 'GOLDEN' },
      params: { vendor: 'HOUSE', gameCode: list.games[0]!.gameCode, language: 'EN', backUrl: '/sports' },
    }),
  );
  return base + g.url;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
async function shoot(
  name: string,
  url: string,
  o: { width: number; height: number; theme: 'light' | 'dark' },
  act?: (p: Page) => Promise<void>,
) {
  const ctx = await browser.newContext({ viewport: { width: o.width, height: o.height } });
  await ctx.addInitScript((theme) => localStorage.setItem('theme', theme), o.theme);
  const page = await ctx.newPage();
  await page.goto(url);
  await page.getByTestId('sb-match').first().waitFor();
  if (act) await act(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `${name}.png`) });
  await ctx.close();
}
const pickTwo = async (p: Page) => {
  const pre = p.locator('[data-testid="sb-match"][data-status="PRE_MATCH"]');
  await pre.nth(0).locator('.sb-odds').first().click();
  await pre.nth(1).locator('.sb-odds').nth(1).click();
};
const football = await launch('SPORTS');
const esports = await launch('ESPORTS');
await shoot('football-light', football, { width: 1280, height: 860, theme: 'light' }, pickTwo);
await shoot('football-dark', football, { width: 1280, height: 860, theme: 'dark' }, async (p) => {
  await pickTwo(p);
  await p.getByTestId('sb-mode-parlay').click();
  await p.getByTestId('sb-stake').fill('10');
  await p.getByTestId('sb-place').click();
});
await shoot('football-375', football, { width: 375, height: 780, theme: 'light' });
await shoot('football-375-slip', football, { width: 375, height: 780, theme: 'dark' }, async (p) => {
  await pickTwo(p);
  await p.getByTestId('sb-slip-toggle').click();
  await p.getByTestId('sb-stake').first().fill('5');
});
await shoot('esports-light', esports, { width: 1280, height: 860, theme: 'light' }, async (p) => {
  await p.locator('[data-testid="sb-match"]').first().getByTestId('sb-more-markets').click();
});
await shoot('bets-375', football, { width: 375, height: 780, theme: 'light' }, async (p) => {
  await p
    .locator('[data-testid="sb-match"][data-status="PRE_MATCH"]')
    .first()
    .locator('.sb-odds')
    .first()
    .click();
  await p.getByTestId('sb-slip-toggle').click();
  await p.getByTestId('sb-stake').fill('5');
  await p.getByTestId('sb-place').click();
  await p.getByTestId('sb-confirm').click();
  await p.getByTestId('sb-slip-notice').filter({ hasText: 'placed' }).waitFor();
  await p.getByTestId('sb-slip-toggle').click();
  await p.getByTestId('sb-tab-bets').click();
  await p.getByTestId('sb-history-bet').first().waitFor();
});
await shoot('rules-375', football, { width: 375, height: 780, theme: 'dark' }, async (p) => {
  await p.getByTestId('sb-rules').click();
});
await browser.close();
await api.dispose();
console.log(`shots in ${out}`);
