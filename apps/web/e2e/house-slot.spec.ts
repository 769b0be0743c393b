/**
 * The house slot's game client (/play/slot, issue 5) against the real server: a fresh GOLDEN
 * member is given money with the operator API, the game is launched through the API like the
 * site does, and the launch URL is opened. Reduced motion keeps the reels instant; the win
 * presentation is skipped, so a spin takes a moment.
 */
import { HEADERS, formatMoney, type LaunchGame, type SlotSpinResult } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { registerMember, value, type Member } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

const MERCHANT = 'GOLDEN';

/** Gives the member money (an operator adjustment with no turnover to bet first). */
const credit = (request: APIRequestContext, m: Member, amount: string) => fund(request, m.username, amount);

/** The house slot's launch URL, as the site gets it for the member. */
async function launch(request: APIRequestContext, m: Member): Promise<string> {
  const game = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers: { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: MERCHANT },
      params: { vendor: 'HOUSE', gameCode: 'house-dragon-fortune', language: 'EN', backUrl: '/rng' },
    }),
  );
  expect(game.url).toMatch(/^\/play\/slot\?code=[A-Za-z0-9_-]{43}/);
  return game.url;
}

async function openGame(page: Page, url: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(url);
  await expect(page.getByTestId('slot-spin')).toBeVisible();
}

/** Spins (button or key), skips the presentation and answers the server's result. */
async function spin(page: Page, how: 'click' | 'space' = 'click'): Promise<SlotSpinResult> {
  const answer = page.waitForResponse((r) => r.url().includes('/wps/house/slot/spin'));
  if (how === 'click') await page.getByTestId('slot-spin').click();
  else {
    await page.locator('body').click({ position: { x: 5, y: 200 } });
    await page.keyboard.press('Space');
  }
  const result = (await (await answer).json()) as { value: SlotSpinResult };
  await expect(async () => {
    // Skip turns disabled the moment the presentation ends: a click must not wait for it (without a
    // timeout it would wait past toPass's own, which cannot interrupt it).
    const skip = page.getByTestId('slot-skip');
    if (await skip.isEnabled()) await skip.click({ timeout: 500 }).catch(() => undefined);
    await expect(page.getByTestId('slot-spin')).toBeEnabled({ timeout: 300 });
  }).toPass({ timeout: 60_000 });
  return result.value;
}

test.describe('house slot', () => {
  test.describe.configure({ timeout: 120_000 });

  test('spins settle on the server: the balance shows its figure and the history grows', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '100');
    await openGame(page, await launch(request, m));

    await expect(page.getByTestId('slot-balance')).toHaveText('P 100.00');
    await expect(page.getByTestId('slot-spin')).toBeEnabled();
    await expect(page.getByTestId('slot-grid').locator('[data-symbol]')).toHaveCount(15);

    // Bet stepping stays within the offered bets.
    const bet = page.getByTestId('slot-bet');
    const first = await bet.textContent();
    await expect(page.getByTestId('slot-bet-minus')).toBeDisabled();
    await page.getByTestId('slot-bet-plus').click();
    await expect(bet).not.toHaveText(first!);
    await page.getByTestId('slot-bet-minus').click();
    await expect(bet).toHaveText(first!);

    const results: SlotSpinResult[] = [];
    results.push(await spin(page));
    await expect(page.getByTestId('slot-balance')).toHaveText(`P ${formatMoney(results[0]!.balance)}`);
    results.push(await spin(page, 'space'));
    results.push(await spin(page));
    const last = results[2]!;
    await expect(page.getByTestId('slot-balance')).toHaveText(`P ${formatMoney(last.balance)}`);
    await expect(page.getByTestId('slot-win')).toHaveText(`P ${formatMoney(last.totalWin)}`);
    // The grid shows the last spin of the round.
    const shown = last.freeSpins.at(-1)?.grid ?? last.base.grid;
    const cells = page.getByTestId('slot-grid').locator('[data-symbol]');
    await expect(cells).toHaveCount(15);
    await expect(page.getByTestId('slot-grid').locator('[data-reel="0"][data-row="0"]')).toHaveAttribute(
      'data-symbol',
      shown[0]![0]!,
    );
    await expect(page.getByTestId('slot-announce')).toContainText(last.totalWin > 0 ? 'You won' : 'No win');

    // Each balance is the previous one less the bet plus the round's win (the server's arithmetic).
    let expected = 100;
    for (const r of results) {
      expected = Math.round((expected - r.bet + r.totalWin) * 100) / 100;
      expect(r.balance).toBe(expected);
    }

    await page.getByTestId('slot-history').click();
    const history = page.locator('#slotHistoryModal');
    await expect(history.getByTestId('slot-history-item')).toHaveCount(3);
    await expect(history.getByTestId('slot-history-item').first()).toContainText(
      `P ${formatMoney(last.totalWin)}`,
    );
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    results.push(await spin(page));
    await page.getByTestId('slot-history').click();
    await expect(history.getByTestId('slot-history-item')).toHaveCount(4);
    await page.keyboard.press('Escape');

    await page.getByTestId('slot-rules').click();
    const rules = page.locator('#slotRulesModal');
    await expect(rules.getByTestId('slot-rtp')).toHaveText(/^\d{2}\.\d{2}%$/);
    await expect(rules).toContainText('random number generator');
  });

  test('a spin lost to the network is retried with the same request id and settled once', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '50');
    await openGame(page, await launch(request, m));

    const ids: string[] = [];
    let dropped = false;
    await page.route('**/wps/house/slot/spin', async (route) => {
      ids.push((JSON.parse(route.request().postData() ?? '{}') as { requestId: string }).requestId);
      if (dropped) return route.continue();
      dropped = true;
      // The server settles the spin, but its answer never reaches the game.
      await route.fetch();
      return route.abort('connectionreset');
    });

    await page.getByTestId('slot-spin').click();
    await expect(page.getByTestId('slot-notice')).toContainText('connection was lost');
    await expect(page.getByTestId('slot-balance')).toHaveText('P 50.00');
    await expect(page.getByTestId('slot-bet-plus')).toBeDisabled();
    await expect(page.getByTestId('slot-spin')).toHaveText(/Retry/);

    const result = await spin(page);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await expect(page.getByTestId('slot-balance')).toHaveText(`P ${formatMoney(result.balance)}`);
    expect(result.balance).toBe(Math.round((50 - result.bet + result.totalWin) * 100) / 100);

    await page.getByTestId('slot-history').click();
    await expect(page.locator('#slotHistoryModal').getByTestId('slot-history-item')).toHaveCount(1);
  });

  test('without money the spin is refused; a dead ticket offers only the way back', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await openGame(page, await launch(request, m));
    await expect(page.getByTestId('slot-balance')).toHaveText('P 0.00');
    await expect(page.getByTestId('slot-spin')).toBeDisabled();
    await expect(page.getByTestId('slot-notice')).toContainText('Insufficient balance');

    // An unknown ticket, and a back link that leaves the site: the game goes back home instead.
    await page.goto(
      `/play/slot?code=${'0'.repeat(43)}&lang=en&backUrl=${encodeURIComponent('//evil.example')}`,
    );
    await expect(page.getByTestId('slot-error')).toContainText('expired or is not valid');
    await page.getByTestId('slot-back').click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });
});
