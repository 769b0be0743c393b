/**
 * Screenshots of the cockfight arena (/play/cockfight), for looking at what we build (not a test):
 * against a running e2e server (`E2E_PORT=... node --import tsx apps/web/e2e/serve.ts`), a fresh
 * member with money places a bet, and the arena is photographed in each phase: desktop light,
 * desktop dark and a 375 px phone, plus the rules and history modals.
 *
 * Usage: SHOTS_PORT=18605 node --import tsx apps/web/e2e/cockfight-shots.ts [outDir]
 */
import { HEADERS, type GameList, type LaunchGame } from '@app/contracts';
import { mkdirSync } from 'node:fs';
import { chromium, request as pwRequest, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tools/chromium';
import { registerMember, value } from './api';
import { fund } from './operator';

const out = process.argv[2] ?? '/tmp/cockfight-shots';
const base = `http://localhost:${process.env.SHOTS_PORT ?? 18605}`;
mkdirSync(out, { recursive: true });

const api = await pwRequest.newContext({ baseURL: base });
const m = await registerMember(api);
await fund(api, m.username, '500', { reason: 'shots' });
const headers = { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: 'GOLDEN' };
const games = await value<GameList>(
  await api.get('/wps/relay/GCSGAME_gameList', {
    headers,
    params: { vassalage: 'DS88', gameType: 'COCKFIGHT' },
  }),
);
const launch = await value<LaunchGame>(
  await api.get('/wps/game/launchGame', {
    headers,
    params: { nodeId: games.games[0]!.nodeId, language: 'EN' },
  }),
);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
async function open(theme: 'light' | 'dark', width: number, height: number): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, baseURL: base });
  await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
  const page = await ctx.newPage();
  await page.goto(launch.url);
  await page.getByTestId('cockfight-balance').waitFor();
  return page;
}
const phase = (page: Page) => page.getByTestId('cockfight-phase').getAttribute('data-phase');
async function waitPhase(page: Page, want: string) {
  for (let i = 0; i < 600 && (await phase(page)) !== want; i++) await page.waitForTimeout(100);
}

const desk = await open('light', 1280, 900);
const dark = await open('dark', 1280, 900);
const phone = await open('light', 375, 812);
await waitPhase(desk, 'RESULT');
await waitPhase(desk, 'BETTING');
// A bet on the phone, so "my bets" has something.
await phone.getByTestId('cockfight-side-MERON').click();
await phone.getByTestId('cockfight-chip-10').click();
await phone.getByTestId('cockfight-chip-5').click();
await phone.getByTestId('cockfight-place').click();
await phone.screenshot({ path: `${out}/phone-confirm.png`, fullPage: true });
await phone.getByTestId('cockfight-confirm-yes').click();
await phone.getByTestId('cockfight-my-bet').waitFor();
for (const [name, page] of [
  ['desk-light', desk],
  ['desk-dark', dark],
  ['phone', phone],
] as const)
  await page.screenshot({ path: `${out}/${name}-betting.png`, fullPage: name === 'phone' });
await waitPhase(desk, 'FIGHTING');
await desk.waitForTimeout(700);
await desk.screenshot({ path: `${out}/desk-light-fighting.png` });
await dark.screenshot({ path: `${out}/desk-dark-fighting.png` });
await waitPhase(phone, 'RESULT');
await phone.waitForTimeout(1500);
await phone.screenshot({ path: `${out}/phone-result.png`, fullPage: true });
await dark.screenshot({ path: `${out}/desk-dark-result.png` });
await phone.getByTestId('cockfight-rules').click();
await phone.screenshot({ path: `${out}/phone-rules.png` });
await phone.keyboard.press('Escape');
await phone.getByTestId('cockfight-history').click();
await phone.locator('#cockfightHistoryModal [data-testid=cockfight-history-item]').first().waitFor();
await phone.screenshot({ path: `${out}/phone-history.png` });
await dark.getByTestId('cockfight-rules').click();
await dark.screenshot({ path: `${out}/desk-dark-rules.png` });
await browser.close();
await api.dispose();
console.log(`shots in ${out}`);
