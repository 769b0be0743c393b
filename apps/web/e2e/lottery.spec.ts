/**
 * The lottery screens (issue 7) against the real server: the /lottery lobby, a fast game's betting
 * page (slip, confirmation, balance), the draw and the settlement, plus /vnlottery and /elott.
 * The e2e server draws fast lotteries every 20 s (serve.ts: LOTTERY_FAST_SECONDS), betting closing
 * 2 s before each draw.
 */
import {
  HEADERS,
  formatMoney,
  type LotteryMenu,
  type LotteryMyBets,
  type WalletBalance,
} from '@app/contracts';
import type { APIRequestContext } from '@playwright/test';
import { registerMember, signIn, value, type Member } from './api';
import { expect, test } from './fixtures';
import { waitForOpenBetting } from './lottery-clock';
import { fund } from './operator';

const MERCHANT = 'GOLDEN';
const brand = { [HEADERS.merchant]: MERCHANT };

const credit = (request: APIRequestContext, m: Member, amount: string) => fund(request, m.username, amount);

const menus = async (request: APIRequestContext) =>
  value<LotteryMenu[]>(
    await request.get('/lgw/games/game_menus', { headers: brand, params: { language: 'EN' } }),
  );

test.describe('lottery', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a fast game: bet on the slip, confirm, the draw comes, the bets settle and the balance follows', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '100');
    await signIn(page, m);

    // The lobby: a tab per menu tag; the fast games' tab holds the electronic draws.
    await page.goto('/lottery');
    await expect(page.getByTestId('lottery-lobby')).toBeVisible();
    await page.getByTestId('lottery-tab-FAST').click();
    const card = page.locator('[data-testid="lottery-card"][data-family="FAST"]').first();
    await expect(card).toBeVisible();
    const gameCode = await card.getAttribute('data-game-code');
    await expect(card.getByTestId('lottery-card-clock')).toBeVisible();
    await card.getByRole('link').click();

    // The betting page of that game, counting down to its lock.
    await expect(page).toHaveURL(new RegExp(`/lottery\\?gameCode=${gameCode}`));
    await expect(page.getByTestId('lottery-game')).toHaveAttribute('data-game-code', gameCode!);
    await expect(page.getByTestId('lottery-balance')).toHaveText('P 100.00');

    // Both sides of big/small: one line wins whatever the balls say.
    await page.getByTestId('lottery-bettype-SIDES').click();
    await page.getByTestId('lottery-side-BIG').click();
    await page.getByTestId('lottery-side-SMALL').click();
    // A stake outside the game's limits is refused in the picker: nothing reaches the slip.
    for (const bad of ['0', '0.05', '10000.01', 'abc']) {
      await page.getByTestId('lottery-stake').fill(bad);
      await page.getByTestId('lottery-add').click();
      await expect(page.getByTestId('lottery-picker-problem')).toBeVisible();
      await expect(page.getByTestId('lottery-slip-line')).toHaveCount(0);
    }
    await page.getByTestId('lottery-stake').fill('5');
    await page.getByTestId('lottery-add').click();
    await expect(page.getByTestId('lottery-slip-line')).toHaveCount(2);
    await expect(page.getByTestId('lottery-slip-total')).toHaveText('P 10.00');

    // Place it in a betting window with time to spare, after the confirmation.
    await waitForOpenBetting(page);
    await page.getByTestId('lottery-place').click();
    await expect(page.getByTestId('lottery-confirm')).toBeVisible();
    await page.getByTestId('lottery-confirm-ok').click();
    await expect(page.getByTestId('lottery-placed')).toBeVisible();
    await expect(page.getByTestId('lottery-slip-line')).toHaveCount(0);
    await expect(page.getByTestId('lottery-balance')).toHaveText('P 90.00');

    // My bets: the two lines, waiting for their draw.
    const rows = page.getByTestId('lottery-bet');
    await expect(rows).toHaveCount(2);
    const numero = await rows.first().getAttribute('data-numero');
    expect(numero).toMatch(/^\d+$/);

    // The draw: its result shows in the history, then both lines settle, one won and one lost.
    const drawn = page.locator(`[data-testid="lottery-draw"][data-numero="${numero}"]`);
    await expect(drawn.getByTestId('lottery-draw-number')).toHaveAttribute('data-number', /^\d{3}$/, {
      timeout: 60_000,
    });
    await expect(page.locator('[data-testid="lottery-bet"][data-status="WON"]')).toHaveCount(1, {
      timeout: 60_000,
    });
    await expect(page.locator('[data-testid="lottery-bet"][data-status="LOST"]')).toHaveCount(1);

    // The prize table opens under the draw.
    await drawn.locator('summary').click();
    await expect(drawn.getByTestId('lottery-prizes')).toBeVisible();

    // The balance moved by the payout, as the server has it.
    const bets = await value<LotteryMyBets>(
      await request.get('/lgw/lottery/bets', {
        headers: { ...brand, 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token },
        params: { gameCode: gameCode! },
      }),
    );
    const payout = bets.list.reduce((sum, b) => sum + (b.payout ?? 0), 0);
    expect(payout).toBeGreaterThan(0);
    await expect(page.getByTestId('lottery-balance')).toHaveText(`P ${formatMoney(90 + payout)}`);
  });

  test('money left at a transfer-wallet vendor (DS88) is the lottery balance; a refused slip leaves no line', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '3');
    // The member played DS88: its launch moved the whole main balance to the DS88 wallet.
    const headers = { ...brand, 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token };
    await value(
      await request.get('/wps/game/launchGame', {
        headers,
        params: { vendor: 'DS88', gameType: 'COCKFIGHT', language: 'EN', backUrl: '/cockfight' },
      }),
    );
    const before = await value<WalletBalance>(await request.get('/wps/v2/wallets/balance', { headers }));
    expect(before.mainBalance).toBe(0);
    await signIn(page, m);

    // A popular lottery from the home page: its balance is all the member owns.
    await page.goto('/');
    const popular = page.getByTestId('home-lotteries').getByTestId('popular-lottery').first();
    await expect(popular).toBeVisible({ timeout: 15_000 });
    await popular.getByRole('link').click();
    await expect(page.getByTestId('lottery-balance')).toHaveText('P 3.00');

    // A fast game: a slip above the balance is refused and leaves nothing under My bets.
    await page.goto('/lottery');
    await page.getByTestId('lottery-tab-FAST').click();
    await page.locator('[data-testid="lottery-card"][data-family="FAST"]').first().getByRole('link').click();
    await expect(page.getByTestId('lottery-balance')).toHaveText('P 3.00');
    await expect(page.getByTestId('lottery-bets-empty')).toBeVisible();
    await page.getByTestId('lottery-bettype-SIDES').click();
    await page.getByTestId('lottery-side-BIG').click();
    await page.getByTestId('lottery-stake').fill('5');
    await page.getByTestId('lottery-add').click();
    const placeWhenOpen = async () => {
      await waitForOpenBetting(page);
      await page.getByTestId('lottery-place').click();
      await page.getByTestId('lottery-confirm-ok').click();
    };
    await placeWhenOpen();
    await expect(page.getByTestId('lottery-error')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('lottery-bets-empty')).toBeVisible();
    await expect(page.locator('[data-testid="lottery-bet"][data-status="VOID"]')).toHaveCount(0);

    // Within the balance, the slip is placed.
    await page.getByTestId('lottery-bettype-SIDES').click();
    await page.getByTestId('lottery-side-BIG').click();
    await page.getByTestId('lottery-stake').fill('2');
    await page.getByTestId('lottery-add').click();
    await placeWhenOpen();
    await expect(page.getByTestId('lottery-placed')).toBeVisible();
    await expect(page.getByTestId('lottery-balance')).toHaveText('P 1.00');
    await expect(page.getByTestId('lottery-bet')).toHaveCount(1);
  });

  test('the lobby filters by search and weekday; favourites ask a logged-out player to log in', async ({
    page,
    request,
  }) => {
    const all = (await menus(request)).flatMap((x) => x.gameMenus);
    const target = all.find((i) => i.gameMenuTag === 'VN')!;
    await page.goto('/lottery');
    await page.getByTestId('lottery-tab-VN').click();
    await page.getByTestId('lottery-search').fill(target.remark);
    await expect(
      page.locator(`[data-testid="lottery-card"][data-game-code="${target.gameCode}"]`),
    ).toBeVisible();
    await page.getByTestId('lottery-search').fill('no lottery has this name');
    await expect(page.getByTestId('lottery-empty')).toBeVisible();
    await page.getByTestId('lottery-search').fill('');

    // Weekday filter: exactly the VN games that draw on Monday (2) show; Mega 6/45 does not.
    const vn = all.filter((i) => i.gameMenuTag === 'VN');
    const onMonday = vn.filter((i) => i.drawDayOfWeek.split(',').includes('2'));
    expect(onMonday.length).toBeGreaterThan(0);
    expect(onMonday.length).toBeLessThan(vn.length);
    await page.getByTestId('lottery-day-2').click();
    const cards = page.locator('[data-testid="lottery-card"]');
    await expect(cards).toHaveCount(onMonday.length);
    const days = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-days') ?? ''));
    for (const d of days) expect(d.split(',')).toContain('2');

    // Open numbers show at most six digits (the fast games have drawn by now, every 20 s here).
    await page.getByTestId('lottery-tab-FAST').click();
    const numbers = page.locator('[data-testid="lottery-card-number"][data-number]');
    await expect(numbers.first()).toBeVisible({ timeout: 45_000 });
    for (const n of await numbers.all())
      expect((await n.getAttribute('data-number'))!.length).toBeLessThanOrEqual(6);
    await page.getByTestId('lottery-tab-VN').click();

    // Favourites need a session.
    await page.getByTestId('lottery-list-fav').click();
    await expect(page.locator('#loginPopupModal')).toBeVisible();
  });

  test('the home page lists popular lotteries, each opening its betting page', async ({ page }) => {
    await page.goto('/');
    const first = page.getByTestId('home-lotteries').getByTestId('popular-lottery').first();
    await expect(first).toBeVisible({ timeout: 15_000 });
    const code = await first.getAttribute('data-game-code');
    await first.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/lottery\\?gameCode=${code}`));
    await expect(page.getByTestId('lottery-game')).toHaveAttribute('data-game-code', code!);
  });

  test('/vnlottery shows the VN groups and a game’s results; /elott opens the betting page', async ({
    page,
  }) => {
    await page.goto('/vnlottery');
    await expect(page.getByTestId('lottery-lobby')).toBeVisible();
    await expect(page.getByTestId('lottery-card').first()).toBeVisible();
    await expect(page.getByTestId('vn-results')).toBeVisible();
    await expect(
      page
        .getByTestId('vn-results')
        .locator('[data-testid="lottery-history"], [data-testid="lottery-history-empty"]'),
    ).toBeVisible();

    await page.goto('/elott');
    const card = page
      .getByTestId('elott-games')
      .locator('[data-testid="lottery-card"][data-family="FAST"]')
      .first();
    await expect(card).toBeVisible();
    const code = await card.getAttribute('data-game-code');
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/lottery\\?gameCode=${code}`));
    await expect(page.getByTestId('lottery-game-name')).toBeVisible();
    await expect(page.getByTestId('lottery-balance')).toContainText('Log in');

    // A logged-out player fills a slip; placing it asks for the login first.
    await page.getByTestId('lottery-bettype-SIDES').click();
    await page.getByTestId('lottery-side-BIG').click();
    await page.getByTestId('lottery-stake').fill('1');
    await page.getByTestId('lottery-add').click();
    await expect(page.getByTestId('lottery-slip-line')).toHaveCount(1);
    await expect(page.getByTestId('lottery-countdown')).toHaveAttribute('data-phase', 'open', {
      timeout: 30_000,
    });
    await page.getByTestId('lottery-place').click();
    await expect(page.locator('#loginPopupModal')).toBeVisible();
    await expect(page.getByTestId('lottery-confirm')).toBeHidden();
  });
});
