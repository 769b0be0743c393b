/**
 * The house sportsbook's client (/play/sports, issue 6) against the real server, whose sportsbook
 * clock runs 3000 times fast (serve.ts: a match minute is 20 ms, a football match about 2 s). A
 * fresh GOLDEN member gets money, the football game is launched like the site does, a single is
 * placed through the slip with its confirmation, and the bet is seen to settle: the history shows
 * it won or lost and the balance moves by its payout.
 */
import { HEADERS, type GameList, type LaunchGame } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { registerMember, value, type Member } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

const MERCHANT = 'GOLDEN';

const credit = (request: APIRequestContext, m: Member, amount: string) => fund(request, m.username, amount);

async function launch(
  request: APIRequestContext,
  m: Member,
  gameType: 'SPORTS' | 'ESPORTS',
): Promise<string> {
  const list = await value<GameList>(
    await request.get('/wps/relay/GCSGAME_gameList', {
      headers: { [HEADERS.merchant]: MERCHANT },
      params: { vassalage: 'HOUSE', gameType },
    }),
  );
  const game = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers: { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: MERCHANT },
      params: { vendor: 'HOUSE', gameCode: list.games[0]!.gameCode, language: 'EN', backUrl: '/sports' },
    }),
  );
  expect(game.url).toMatch(/^\/play\/sports\?code=[A-Za-z0-9_-]{43}/);
  return game.url;
}

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

/** Picks HOME in the next match to kick off and places a single of `stake`; retried if it kicked off first. */
async function placeSingle(page: Page, stake: string) {
  await expect(async () => {
    if (await page.getByTestId('sb-slip-clear').isVisible()) await page.getByTestId('sb-slip-clear').click();
    const next = page.locator('[data-testid="sb-match"][data-status="PRE_MATCH"]').first();
    await next.getByTestId('sb-odds-MATCH_RESULT-HOME').click();
    await page.getByTestId('sb-stake').fill(stake);
    await page.getByTestId('sb-place').click();
    await page.getByTestId('sb-confirm').click();
    await expect(page.getByTestId('sb-slip-notice')).toContainText('Bets placed: 1', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('house sportsbook', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a single placed through the slip settles when its match ends; balance and history follow', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '100');
    await page.goto(await launch(request, m, 'SPORTS'));
    await expect(page.getByTestId('sb-balance')).toHaveText('P 100.00');
    await expect(page.getByTestId('sb-match').first()).toBeVisible();

    // The rules are one tap away, with the margin of each market.
    await page.getByTestId('sb-rules').click();
    await expect(page.locator('#sportsbookRulesModal')).toBeVisible();
    await expect(page.getByTestId('sb-margins').locator('tbody tr')).toHaveCount(3);
    await page.locator('#sportsbookRulesModal').getByRole('button', { name: 'Close' }).click();

    await placeSingle(page, '5');
    await expect(page.getByTestId('sb-balance')).toHaveText('P 95.00');

    await page.getByTestId('sb-tab-bets').click();
    const bet = page.getByTestId('sb-history-bet').first();
    await expect(bet).toBeVisible();
    // The match is played minute by minute on the server and the sweeper settles the bet.
    await expect(bet).toHaveAttribute('data-status', /^(WON|LOST)$/, { timeout: 60_000 });
    const payout = money(await bet.getByTestId('sb-bet-payout').textContent());
    if ((await bet.getAttribute('data-status')) === 'LOST') expect(payout).toBe(0);
    else expect(payout).toBeGreaterThan(5);
    await expect(page.getByTestId('sb-balance')).toHaveText(`P ${(95 + payout).toFixed(2)}`, {
      timeout: 15_000,
    });
    await expect(page.getByTestId('sb-open-bet')).toHaveCount(0);
  });

  test('esports at 375 px: the slip opens from the bottom dock, refuses a stake below the minimum, nothing overflows', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const m = await registerMember(request);
    await credit(request, m, '50');
    await page.goto(await launch(request, m, 'ESPORTS'));
    await expect(page.getByTestId('sb-balance')).toHaveText('P 50.00');
    const match = page.locator('[data-testid="sb-match"][data-status="PRE_MATCH"]').first();
    await match.getByTestId('sb-odds-MATCH_WINNER-AWAY').click();
    await expect(page.getByTestId('sb-slip')).toBeHidden();
    await page.getByTestId('sb-slip-toggle').click();
    await expect(page.getByTestId('sb-slip-item')).toHaveCount(1);
    // Below the minimum stake the slip will not place; a valid one goes through its confirmation.
    await page.getByTestId('sb-stake').fill('0.5');
    await expect(page.getByTestId('sb-place')).toBeDisabled();
    await page.getByTestId('sb-stake').fill('2');
    await expect(page.getByTestId('sb-potential')).not.toHaveText('P 0.00');
    await page.getByTestId('sb-place').click();
    await page.getByTestId('sb-confirm').click();
    await expect(page.getByTestId('sb-slip-notice')).toContainText(/Bets placed: 1|odds|closed/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
