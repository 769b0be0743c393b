/**
 * The house fishing shooter's game client (/play/fish, issue 6) against the real server: a fresh
 * GOLDEN member is given money with the operator API, the game is launched through the API like
 * the site does, and the launch URL is opened. Reduced motion keeps the fish still; shots are
 * fired from the keyboard (arrows choose a fish, Enter shoots), which aims at a real fish.
 */
import { HEADERS, formatMoney, type FishShotResult, type LaunchGame } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { registerMember, value, type Member } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

const MERCHANT = 'GOLDEN';

/** Gives the member money (an operator adjustment with no turnover to bet first). */
const credit = (request: APIRequestContext, m: Member, amount: string) => fund(request, m.username, amount);

/** The fishing game's launch URL, as the site gets it for the member. */
async function launch(request: APIRequestContext, m: Member): Promise<string> {
  const game = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers: { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: MERCHANT },
      params: { vendor: 'HOUSE', gameCode: 'house-ocean-king', language: 'EN', backUrl: '/fish' },
    }),
  );
  expect(game.url).toMatch(/^\/play\/fish\?code=[A-Za-z0-9_-]{43}/);
  return game.url;
}

async function openGame(page: Page, url: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(url);
  await expect(page.getByTestId('fish-canvas')).toBeVisible();
}

/** Fires at the fish the keyboard aims at and answers the server's result once it is shown. */
async function shoot(page: Page): Promise<FishShotResult> {
  const answer = page.waitForResponse((r) => r.url().includes('/wps/house/fish/shoot'));
  await page.getByTestId('fish-canvas').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const result = ((await (await answer).json()) as { value: FishShotResult }).value;
  await expect(page.getByTestId('fish-balance')).toHaveText(`P ${formatMoney(result.balance)}`);
  // The client fires at most 10 a second: leave a moment between shots.
  await page.waitForTimeout(150);
  return result;
}

test.describe('house fish', () => {
  test.describe.configure({ timeout: 120_000 });

  test('shots settle on the server: the balance shows its figure and the history grows', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '100');
    await openGame(page, await launch(request, m));

    await expect(page.getByTestId('fish-balance')).toHaveText('P 100.00');
    const bet = page.getByTestId('fish-bet');
    await expect(bet).toHaveText('P 0.10');
    await expect(page.getByTestId('fish-bet-minus')).toBeDisabled();
    await page.getByTestId('fish-bet-plus').click();
    await expect(bet).toHaveText('P 0.20');
    await expect(page.getByTestId('fish-message')).toContainText('each shot costs P 0.20');

    const results: FishShotResult[] = [];
    for (let i = 0; i < 3; i++) results.push(await shoot(page));
    const last = results[2]!;
    await expect(page.getByTestId('fish-win')).toHaveText(`P ${formatMoney(last.win)}`);
    await expect(page.getByTestId('fish-message')).toContainText(last.captured ? 'you won' : 'got away');
    await expect(page.getByTestId('fish-announce')).toContainText(last.captured ? 'you won' : 'got away');

    // Each balance is the previous one less the bet plus the shot's win (the server's arithmetic).
    let expected = 100;
    for (const r of results) {
      expect(r.bet).toBe(0.2);
      expected = Math.round((expected - r.bet + r.win) * 100) / 100;
      expect(r.balance).toBe(expected);
      expect(r.win).toBe(r.captured ? Math.round(r.bet * r.multiplier * 100) / 100 : 0);
    }

    await page.getByTestId('fish-history').click();
    const history = page.locator('#fishHistoryModal');
    await expect(history.getByTestId('fish-history-item')).toHaveCount(3);
    await expect(history.getByTestId('fish-history-item').first()).toContainText(
      last.captured ? `Caught +P ${formatMoney(last.win)}` : 'Missed',
    );
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    results.push(await shoot(page));
    await page.getByTestId('fish-history').click();
    await expect(history.getByTestId('fish-history-item')).toHaveCount(4);
    await page.keyboard.press('Escape');

    await page.getByTestId('fish-rules').click();
    const rules = page.locator('#fishRulesModal');
    await expect(rules.getByTestId('fish-rtp')).toHaveText('96.00%');
    await expect(rules.getByTestId('fish-rules-table').locator('tbody tr')).toHaveCount(11);
    await expect(rules.locator('tr[data-species="DRAGON_KING"]')).toContainText('×300');
    await expect(rules.locator('tr[data-species="CLOWNFISH"]')).toContainText('48.00%');
    await expect(rules).toContainText('random number generator');
  });

  test('without money no shot is fired; a dead ticket offers only the way back', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await openGame(page, await launch(request, m));
    await expect(page.getByTestId('fish-balance')).toHaveText('P 0.00');
    await expect(page.getByTestId('fish-notice')).toContainText('balance is too low');
    let fired = 0;
    page.on('request', (r) => {
      if (r.url().includes('/wps/house/fish/shoot')) fired++;
    });
    await page.getByTestId('fish-canvas').focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(fired).toBe(0);

    await page.goto(
      `/play/fish?code=${'0'.repeat(43)}&lang=en&backUrl=${encodeURIComponent('//evil.example')}`,
    );
    await expect(page.getByTestId('fish-error')).toContainText('session has ended');
    await page.getByTestId('fish-back').click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });
});
