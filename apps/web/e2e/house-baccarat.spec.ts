/**
 * The house live baccarat's client (/play/baccarat, issue 6) against the real server, which runs
 * short rounds here (serve.ts: BACCARAT_BET_SECONDS=6). A funded GOLDEN member joins a table, puts
 * a chip on Player, confirms, and watches the round deal and settle: the balance and the round
 * history change by the server's figures. Reduced motion shows the cards at once.
 */
import { HEADERS, formatMoney, type BaccaratBetResult, type LaunchGame } from '@app/contracts';
import type { APIRequestContext } from '@playwright/test';
import { registerMember, value, type Member } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

const MERCHANT = 'GOLDEN';

const credit = (request: APIRequestContext, m: Member, amount: string) => fund(request, m.username, amount);

async function launch(request: APIRequestContext, m: Member): Promise<string> {
  const game = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers: { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: MERCHANT },
      params: { vendor: 'HOUSE', gameCode: 'house-baccarat', language: 'EN', backUrl: '/live' },
    }),
  );
  expect(game.url).toMatch(/^\/play\/baccarat\?code=[A-Za-z0-9_-]{43}/);
  return game.url;
}

/** What a 5.00 Player bet pays back, stake included. */
const payoutOf = (outcome: string) => (outcome === 'PLAYER' ? 10 : outcome === 'TIE' ? 5 : 0);

test.describe('house baccarat', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a bet on Player is placed, dealt and settled: balance and history follow the server', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '100');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(await launch(request, m));

    // The lobby: three tables with their roads; join table 1.
    await expect(page.getByTestId('baccarat-table-card')).toHaveCount(3);
    await expect(page.getByTestId('baccarat-lobby-balance')).toHaveText('P 100.00');
    await page.getByTestId('baccarat-rules').click();
    await expect(page.locator('#baccaratRulesModal').getByTestId('baccarat-pays')).toContainText('1.06%');
    await page.keyboard.press('Escape');
    await page.getByTestId('baccarat-join-1').click();
    await expect(page.getByTestId('baccarat-balance')).toHaveText('P 100.00');

    // Wait for a betting window with time to spare, then put a 5 chip on Player and confirm.
    let placed: BaccaratBetResult | undefined;
    for (let attempt = 0; attempt < 3 && !placed; attempt++) {
      await expect(async () => {
        const text = (await page.getByTestId('baccarat-status').textContent()) ?? '';
        const left = Number(/(\d+)s/.exec(text)?.[1] ?? 0);
        expect(left).toBeGreaterThanOrEqual(4);
      }).toPass({ timeout: 30_000, intervals: [200] });
      await page.getByTestId('baccarat-chip-5').click();
      await page.getByTestId('baccarat-spot-PLAYER').click();
      await expect(page.getByTestId('baccarat-stake-PLAYER')).toHaveText('P 5.00');
      const answer = page.waitForResponse((r) => r.url().includes('/wps/house/baccarat/bet'));
      await page.getByTestId('baccarat-confirm').click();
      const body = (await (await answer).json()) as { success: boolean; value: BaccaratBetResult };
      if (body.success) placed = body.value;
    }
    expect(placed, 'a bet placed within three rounds').toBeDefined();
    expect(placed!.balance).toBe(95);
    await expect(page.getByTestId('baccarat-balance')).toHaveText('P 95.00');
    await expect(page.getByTestId('baccarat-spot-PLAYER')).toBeDisabled();

    // The round closes, is dealt and settled: the banner shows the outcome and the win.
    const result = page.getByTestId('baccarat-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('baccarat-round-win')).toBeVisible({ timeout: 10_000 });
    const outcome = (await result.getAttribute('data-outcome'))!;
    const expected = 95 + payoutOf(outcome);
    await expect(page.getByTestId('baccarat-balance')).toHaveText(`P ${formatMoney(expected)}`);
    await expect(page.getByTestId('baccarat-round-win')).toHaveText(
      payoutOf(outcome) > 0 ? `You won P ${formatMoney(payoutOf(outcome))}` : 'No win this round',
    );
    await expect(page.getByTestId('baccarat-player-hand').locator('[data-card]')).not.toHaveCount(0);
    await expect(page.getByTestId('baccarat-bead-road').locator('[data-outcome]').last()).toHaveAttribute(
      'data-outcome',
      outcome,
    );

    // The round is in the player's history with what it paid.
    await page.getByTestId('baccarat-history').click();
    const history = page.locator('#baccaratHistoryModal');
    await expect(history.getByTestId('baccarat-history-item')).toHaveCount(1);
    await expect(history.getByTestId('baccarat-history-payout')).toContainText(
      `P ${formatMoney(payoutOf(outcome))}`,
    );
  });

  test('a missing ticket shows a clear error with a way back', async ({ page }) => {
    await page.goto('/play/baccarat');
    await expect(page.getByTestId('baccarat-error')).toContainText('session has ended');
  });
});
