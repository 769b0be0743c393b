/**
 * The house cockfight arena (/play/cockfight, issue 6) against the real server: a fresh GOLDEN
 * member is given money, a DS88 arena is launched through the API like the site does (its money
 * moves to the DS88 wallet), and a bet is placed through the UI and followed to its settlement.
 * The e2e server runs short fights (serve.ts: betting 15 s, fight 5 s, result 3 s).
 */
import {
  HEADERS,
  formatMoney,
  type CockfightBetResult,
  type GameList,
  type LaunchGame,
} from '@app/contracts';
import type { APIRequestContext } from '@playwright/test';
import { registerMember, value, type Member } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

const MERCHANT = 'GOLDEN';

const credit = (request: APIRequestContext, m: Member, amount: string) => fund(request, m.username, amount);

async function launch(request: APIRequestContext, m: Member): Promise<string> {
  const headers = { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: MERCHANT };
  const list = await value<GameList>(
    await request.get('/wps/relay/GCSGAME_gameList', {
      headers,
      params: { vassalage: 'DS88', gameType: 'COCKFIGHT' },
    }),
  );
  const game = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers,
      params: { nodeId: list.games[0]!.nodeId, language: 'EN', backUrl: '/cockfight' },
    }),
  );
  expect(game.url).toMatch(/^\/play\/cockfight\?code=[A-Za-z0-9_-]{43}/);
  return game.url;
}

test.describe('house cockfight', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a bet placed in the betting window settles on the server; balance and history follow', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '100');
    await page.goto(await launch(request, m));

    await expect(page.getByTestId('cockfight-balance')).toHaveText('P 100.00');
    await expect(page.getByTestId('cockfight-fight-no')).toContainText(/Fight #\d+/);
    await expect(page.getByTestId('cockfight-pit')).toBeVisible();

    // Wait for a betting window with time to spare (a bet needs a few clicks).
    await expect(async () => {
      await expect(page.getByTestId('cockfight-phase')).toHaveAttribute('data-phase', 'BETTING', {
        timeout: 200,
      });
      const left = Number((await page.getByTestId('cockfight-countdown').textContent())?.replace('s', ''));
      expect(left).toBeGreaterThanOrEqual(11);
    }).toPass({ timeout: 45_000 });

    await page.getByTestId('cockfight-side-MERON').click();
    await expect(page.getByTestId('cockfight-side-MERON')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('cockfight-chip-5').click();
    await expect(page.getByTestId('cockfight-stake')).toHaveText('P 5.00');
    await page.getByTestId('cockfight-chip-1').click();
    await expect(page.getByTestId('cockfight-stake')).toHaveText('P 6.00');
    await page.getByTestId('cockfight-place').click();
    await expect(page.getByTestId('cockfight-confirm')).toContainText('Bet P 6.00 on Meron');
    const answer = page.waitForResponse((r) => r.url().includes('/wps/house/cockfight/bet'));
    await page.getByTestId('cockfight-confirm-yes').click();
    const placed = ((await (await answer).json()) as { value: CockfightBetResult }).value;
    expect(placed.bet).toMatchObject({ side: 'MERON', stake: 6, status: 'OPEN' });
    await expect(page.getByTestId('cockfight-notice')).toContainText('Bet placed');
    await expect(page.getByTestId('cockfight-balance')).toHaveText('P 94.00');
    await expect(page.getByTestId('cockfight-my-bet')).toHaveCount(1);
    await expect(page.getByTestId('cockfight-my-bet')).toHaveAttribute('data-status', 'OPEN');

    // The fight, then the result: the bet is settled and the balance shows what came back.
    await expect(page.getByTestId('cockfight-phase')).toHaveAttribute('data-phase', 'FIGHTING', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('cockfight-place')).toBeDisabled();
    const banner = page.getByTestId('cockfight-result');
    await expect(banner).toBeVisible({ timeout: 15_000 });
    const result = await banner.getAttribute('data-result');
    await expect(page.getByTestId('cockfight-my-bet')).not.toHaveAttribute('data-status', 'OPEN', {
      timeout: 10_000,
    });
    const status = await page.getByTestId('cockfight-my-bet').getAttribute('data-status');
    const back =
      result === 'MERON'
        ? Math.floor(6 * Math.round(placed.bet.odds * 100)) / 100
        : result === 'WALA'
          ? 0
          : 6;
    expect(status).toBe(
      result === 'MERON' ? 'WON' : result === 'WALA' ? 'LOST' : result === 'DRAW' ? 'REFUNDED' : 'VOID',
    );
    await expect(page.getByTestId('cockfight-balance')).toHaveText(`P ${formatMoney(94 + back)}`);
    await expect(
      page.getByTestId('cockfight-road').locator(`[data-result="${result}"]`).last(),
    ).toBeVisible();

    await page.getByTestId('cockfight-history').click();
    const history = page.locator('#cockfightHistoryModal');
    await expect(history.getByTestId('cockfight-history-item')).toHaveCount(1);
    await expect(history.getByTestId('cockfight-history-item')).toContainText('P 6.00');
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    await page.getByTestId('cockfight-rules').click();
    const rules = page.locator('#cockfightRulesModal');
    await expect(rules.getByTestId('cockfight-rtp-MERON')).toHaveText(/^9\d\.\d{2}%$/);
    await expect(rules).toContainText('A draw refunds Meron and Wala bets');
  });

  test('without money the bet cannot be placed; a dead ticket offers only the way back', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await page.goto(await launch(request, m));
    await expect(page.getByTestId('cockfight-balance')).toHaveText('P 0.00');
    await expect(page.getByTestId('cockfight-place')).toBeDisabled();
    await page.goto(
      `/play/cockfight?code=${'0'.repeat(43)}&lang=en&backUrl=${encodeURIComponent('//evil.example')}`,
    );
    await expect(page.getByTestId('cockfight-error')).toContainText('expired or is not valid');
    await page.getByTestId('cockfight-back').click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });
});
