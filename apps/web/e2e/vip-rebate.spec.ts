/**
 * VIP levels and rebates (issue 9): a Golden Palm member plays the house slot (through the API,
 * as the game client does), opens Member centre → Rebate from the header menu, sees today's
 * claimable rebate per game, claims it behind a confirmation, and its balance rises by exactly
 * that amount; the claim is then in the rebate history and nothing more is claimable. /vip (linked
 * from the rebate page) shows the brand's levels, the member's level and its progress to the next
 * one; a visitor gets the levels and a call to log in.
 *
 * The player is registered by the test rather than demo01: other specs claim rewards and count
 * points and badges of demo01 at the same time, and this spec's bets and claim would move them.
 */
import {
  HEADERS,
  formatMoney,
  type LaunchGame,
  type ManualRebate,
  type RebateClaimResult,
  type SlotInfo,
  type WalletBalance,
} from '@app/contracts';
import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { gameTicket, registerMember, signIn, value, type Member } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

const P = (amount: number) => `P ${formatMoney(amount)}`;

interface Player extends Member {
  headers: Record<string, string>;
}

/** A new Golden Palm member with 500.00 to play with (an operator credit with nothing to bet first). */
async function player(request: APIRequestContext): Promise<Player> {
  const m = await registerMember(request);
  await fund(request, m.username, '500.00');
  return {
    ...m,
    headers: {
      'x-forwarded-for': m.ip,
      [HEADERS.device]: 'WEB',
      [HEADERS.merchant]: 'GOLDEN',
      [HEADERS.authorization]: m.token,
    },
  };
}

/** Spins the house slot `spins` times at a bet of 100.00 (each spin settles at once). */
async function playSlot(request: APIRequestContext, m: Player, spins: number): Promise<void> {
  const game = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers: m.headers,
      params: { vendor: 'HOUSE', gameCode: 'house-dragon-fortune', language: 'EN', backUrl: '/rng' },
    }),
  );
  const ticket = await gameTicket(request, game.url, { [HEADERS.merchant]: 'GOLDEN' });
  const slot = { [HEADERS.merchant]: 'GOLDEN', 'x-forwarded-for': m.ip, 'x-game-token': ticket };
  const info = await value<SlotInfo>(await request.get('/wps/house/slot/info', { headers: slot }));
  expect(info.betOptions).toContain(100);
  for (let i = 0; i < spins; i++) {
    await value(
      await request.post('/wps/house/slot/spin', {
        headers: slot,
        data: { bet: 100, requestId: randomUUID().replace(/-/g, '') },
      }),
    );
  }
}

const mainBalance = async (request: APIRequestContext, m: Player) =>
  (await value<WalletBalance>(await request.get('/wps/v2/wallets/balance', { headers: m.headers })))
    .mainBalance;

test.describe('VIP and rebates', () => {
  // The member's test registers, is funded, plays and claims before it checks two pages: 5 s on a
  // quiet machine, over 30 s on a loaded one.
  test.describe.configure({ timeout: 60_000 });
  test('a member bets, claims today’s rebate from Member centre → Rebate after a confirmation, and the balance rises by exactly that', async ({
    page,
    request,
  }) => {
    const m = await player(request);
    // 3 spins of 100.00: 300.00 of slot turnover, 1.50 of rebate at level 0's 0.50%.
    await playSlot(request, m, 3);
    const today = await value<ManualRebate>(await request.get('/wps/rebate/manual', { headers: m.headers }));
    expect(today.canClaim).toBe(true);
    expect(today).toMatchObject({ turnover: 300, rebate: 1.5, claimable: 1.5, level: 0 });
    const before = await mainBalance(request, m);

    await signIn(page, m);
    await page.goto('/');
    await expect(page.getByTestId('header-balance-amount')).toHaveText(P(before));
    // The member label beside the account name: level 0's grey.
    await expect(page.getByTestId('member-label')).toHaveAttribute('data-color', '#8a9099');
    await expect(page.getByTestId('member-label')).toHaveAttribute('title', 'Member');
    await page.getByTestId('info-menu-button').click();
    await page.getByTestId('menu-memberCentre').click();
    const dialog = page.getByRole('dialog', { name: 'Member centre' });
    await dialog.getByTestId('manualRebate').click();
    const rebate = dialog.getByTestId('manualRebate-page');
    await expect(rebate.getByTestId('rebate-claimable')).toHaveText(P(today.claimable));
    await expect(rebate.getByTestId('rebate-turnover')).toHaveText(P(today.turnover));
    const slots = rebate.getByTestId('rebate-lines').getByRole('row', { name: /Slots/ });
    await expect(slots).toContainText('0.5%');

    // The claim asks first; going back moves nothing.
    await rebate.getByTestId('rebate-claim').click();
    const confirm = rebate.getByTestId('rebate-confirm');
    await expect(confirm).toContainText(`Claim a rebate of ${P(today.claimable)} for ${today.day}`);
    await confirm.getByRole('button', { name: 'Back' }).click();
    await expect(confirm).toBeHidden();
    expect(await mainBalance(request, m)).toBe(before);

    await rebate.getByTestId('rebate-claim').click();
    const answer = page.waitForResponse((r) => r.url().includes('/wps/rebate/manual/claim'));
    await rebate.getByTestId('rebate-confirm-submit').click();
    const paid = ((await (await answer).json()) as { value: RebateClaimResult }).value;
    expect(paid.amount).toBe(today.claimable);
    await expect(rebate.getByTestId('rebate-status-ok')).toHaveText(
      `${P(paid.amount)} has been added to your main wallet.`,
    );
    // Exactly the claimed amount, in the wallet and in the header.
    const after = await mainBalance(request, m);
    expect(Math.round((after - before) * 100)).toBe(Math.round(paid.amount * 100));
    await expect(page.getByTestId('header-balance-amount')).toHaveText(P(after));
    // Claimed: nothing more to claim, and the payout is in the history.
    await expect(rebate.getByTestId('rebate-claimed')).toHaveText(P(paid.claimed));
    await expect(rebate.getByTestId('rebate-claimable')).toHaveText(P(0));
    await expect(rebate.getByTestId('rebate-claim')).toBeDisabled();
    await expect(rebate.getByTestId('rebate-hint')).toBeVisible();
    const row = rebate.getByTestId('rebate-history-row').first();
    await expect(row).toContainText(today.day);
    await expect(row).toContainText('Claimed');
    await expect(row).toContainText(P(paid.amount));

    // /vip (linked from the rebate page): the levels, the member's level and what the next one needs.
    await rebate.getByTestId('rebate-vip-link').click();
    await expect(page).toHaveURL(/\/vip$/);
    await expect(dialog).toBeHidden();
    const status = page.getByTestId('vip-status');
    await expect(status).toHaveAttribute('data-level', '0');
    await expect(status.getByTestId('vip-status-label')).toHaveText('Member');
    await expect(status).toContainText('Next: VIP 1 · Bronze');
    await expect(status.getByTestId('vip-progress-turnover').getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      /^\d+$/,
    );
    await expect(status.getByTestId('vip-progress-deposits')).toContainText('of P 1,000.00');
    const levels = page.getByTestId('vip-level');
    await expect(levels).toHaveCount(7);
    await expect(levels.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(levels.nth(6)).toContainText('Crown');
    await expect(levels.nth(6)).toContainText('Dedicated VIP customer service');
    await expect(page.getByTestId('vip-rates').getByRole('row', { name: /Slots/ })).toContainText('1.5%');

    // At 375 px the page and the rebate page still fit.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(status).toBeVisible();
    // Polled: parts of the page lay out again a frame or more after the resize on a busy machine.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
  });

  test('a visitor sees the levels and is asked to log in for its own level', async ({ page }) => {
    await page.goto('/vip');
    await expect(page.getByTestId('vip-level')).toHaveCount(7);
    await expect(page.getByTestId('vip-status')).toHaveCount(0);
    await page.getByTestId('vip-join').getByTestId('vip-login').click();
    await expect(page.locator('#loginPopupModal')).toBeVisible();
  });
});
