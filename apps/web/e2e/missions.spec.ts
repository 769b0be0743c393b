/**
 * Missions and the reward centre against the real server: the demo member demo01 logs
 * in, which completes the daily login mission, and claims it on the mission page behind its
 * confirmation; a fresh member bets 100.00 on the house slot, which completes the daily turnover
 * mission, and claims it in the reward centre. Each time the balance rises by the reward and the
 * red badge drops.
 */
import { HEADERS, formatMoney, type LaunchGame } from '@app/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import en from '../src/locales/rewards/en.json' with { type: 'json' };
import { gameTicket, registerMember, signIn, value, type Member } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

const MERCHANT = 'GOLDEN';

const balance = (page: Page) => page.getByTestId('header-balance-amount');

/** The header balance as a number of minor units, once it has loaded ("P 1,234.50" → 123450). */
async function balanceMinor(page: Page): Promise<number> {
  await expect(balance(page)).toHaveText(/^P [\d,]+\.\d\d$/);
  const text = (await balance(page).textContent())!;
  return Number(text.replace(/[^\d]/g, ''));
}

const showMinor = (minor: number) => `P ${formatMoney(minor / 100)}`;

/** A menu entry's red count (0 when it shows none). */
async function badge(dialog: Locator, key: string): Promise<number> {
  const b = dialog.getByTestId(`${key}-badge`);
  if ((await b.count()) === 0) return 0;
  return Number(/^\d+/.exec((await b.textContent()) ?? '')?.[0] ?? 0);
}

async function memberCentre(page: Page, key: string): Promise<Locator> {
  await page.goto(`/?member=${key}`);
  const dialog = page.getByRole('dialog', { name: 'Member centre' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId(key)).toHaveAttribute('aria-current', 'page');
  return dialog;
}

/** Gives the member money (an operator adjustment with no turnover to bet first). */
const credit = (request: APIRequestContext, m: Member, amount: string) => fund(request, m.username, amount);

/** One house-slot spin of `bet`, through the game's own calls (it settles at once). */
async function spin(request: APIRequestContext, m: Member, bet: number): Promise<void> {
  const game = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers: { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: MERCHANT },
      params: { vendor: 'HOUSE', gameCode: 'house-dragon-fortune', language: 'EN', backUrl: '/rng' },
    }),
  );
  const ticket = await gameTicket(request, game.url, { [HEADERS.merchant]: MERCHANT });
  await value(
    await request.post('/wps/house/slot/spin', {
      headers: { 'x-game-token': ticket, [HEADERS.merchant]: MERCHANT },
      data: { bet, requestId: randomUUID().replace(/-/g, '') },
    }),
  );
}

test.describe('missions and the reward centre', () => {
  test.describe.configure({ timeout: 90_000 });

  test('demo01 logs in, claims the login mission with confirmation; balance up, badge down', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('login-button').click();
    const login = page.locator('#loginPopupModal');
    await login.locator('#login-username').fill('demo01');
    await login.locator('#login-password').fill('demo1234');
    await login.locator('button[type="submit"]').first().click();
    await expect(page.getByTestId('account-name')).toBeVisible();

    const dialog = await memberCentre(page, 'missionLeaderboard');
    const page$ = dialog.getByTestId('missionLeaderboard-page');
    const mission = page$.getByTestId('mission').filter({ hasText: 'Log in today' });
    await expect(mission).toHaveAttribute('data-state', 'CLAIMABLE');
    await expect(mission.getByTestId('mission-progress')).toHaveText('Login days: 1 of 1');
    await expect(mission.getByTestId('mission-reward')).toHaveText('Reward P 2.00');
    const missionsBefore = await badge(dialog, 'missionLeaderboard');
    const rewardsBefore = await badge(dialog, 'rewardCenter');
    expect(missionsBefore).toBeGreaterThanOrEqual(1);
    expect(rewardsBefore).toBeGreaterThanOrEqual(1);
    await expect(page$.getByTestId('mission-claimable-count')).toHaveText(String(missionsBefore));
    const before = await balanceMinor(page);

    // The confirmation says what moves; Back leaves everything as it was.
    await mission.getByTestId('mission-claim').click();
    const confirm = mission.getByTestId('mission-confirm');
    await expect(confirm).toContainText('Claim P 2.00 for “Log in today”?');
    await expect(confirm).toContainText('P 2.00 must be bet before you withdraw');
    await confirm.getByRole('button', { name: 'Back' }).click();
    await expect(confirm).toBeHidden();
    await expect(mission).toHaveAttribute('data-state', 'CLAIMABLE');

    await mission.getByTestId('mission-claim').click();
    await mission.getByTestId('mission-confirm-submit').click();
    await expect(page$.getByTestId('mission-status-ok')).toHaveText(
      'P 2.00 for “Log in today” is in your wallet.',
    );
    await expect(mission).toHaveAttribute('data-state', 'CLAIMED');
    await expect(mission.getByTestId('mission-state')).toHaveText(en.missions.state.CLAIMED);
    await expect(mission.getByTestId('mission-claim')).toHaveCount(0);
    await expect(balance(page)).toHaveText(showMinor(before + 200));
    await expect.poll(() => badge(dialog, 'missionLeaderboard')).toBe(missionsBefore - 1);
    await expect.poll(() => badge(dialog, 'rewardCenter')).toBe(rewardsBefore - 1);
    await expect(page$.getByTestId('mission-week-rewards')).not.toHaveText('P 0.00');

    // The week's leaderboard has demo01's row, masked and marked as mine.
    const me = page$.getByTestId('mission-leaderboard').locator('tr[aria-current="true"]');
    await expect(me).toContainText('de***1');
    await expect(me).toContainText(en.leaderboard.you);
    await expect(page$.getByTestId('leaderboard-mine')).toContainText('Your rank this week: #');
  });

  test('a fresh member bets 100.00 on the house slot and claims the mission in the reward centre', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '200');
    await spin(request, m, 100);
    await signIn(page, m);

    const dialog = await memberCentre(page, 'rewardCenter');
    const page$ = dialog.getByTestId('rewardCenter-page');
    const missions = page$.getByTestId('rewards-MISSION');
    const reward = missions.getByTestId('reward').filter({ hasText: 'Bet P 100.00 on any game' });
    await expect(reward.getByTestId('reward-amount')).toHaveText('P 5.00');
    // The registration's login completed the login mission too.
    await expect(missions.getByTestId('reward').filter({ hasText: 'Log in today' })).toHaveCount(1);
    const rewardsBefore = await badge(dialog, 'rewardCenter');
    expect(rewardsBefore).toBeGreaterThanOrEqual(2);
    await expect(page$.getByTestId('reward')).toHaveCount(rewardsBefore);
    expect(await badge(dialog, 'missionLeaderboard')).toBe(2);
    const before = await balanceMinor(page);

    await reward.getByTestId('reward-claim').click();
    await expect(reward.getByTestId('reward-confirm')).toContainText(
      'Claim “Bet P 100.00 on any game”? P 5.00 goes straight into your wallet',
    );
    await reward.getByTestId('reward-confirm-submit').click();
    await expect(page$.getByTestId('reward-status-ok')).toHaveText(
      '“Bet P 100.00 on any game” claimed: P 5.00 is in your wallet.',
    );
    await expect(reward).toHaveCount(0);
    await expect(balance(page)).toHaveText(showMinor(before + 500));
    await expect.poll(() => badge(dialog, 'rewardCenter')).toBe(rewardsBefore - 1);
    await expect.poll(() => badge(dialog, 'missionLeaderboard')).toBe(1);

    // The mission page agrees: the bet mission is claimed, the login one still waits.
    await dialog.getByTestId('missionLeaderboard').click();
    const list = dialog.getByTestId('missionLeaderboard-page');
    await expect(list.getByTestId('mission').filter({ hasText: 'Bet P 100.00 on any game' })).toHaveAttribute(
      'data-state',
      'CLAIMED',
    );
    await expect(list.getByTestId('mission').filter({ hasText: 'Log in today' })).toHaveAttribute(
      'data-state',
      'CLAIMABLE',
    );
  });
});
