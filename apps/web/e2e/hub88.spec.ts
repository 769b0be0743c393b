/**
 * A Hub88 game from the site: the e2e server runs a local Hub88 (apps/server/test/fakes/hub88.ts)
 * configured and synced for GOLDEN through the admin API. A funded member opens the studio's tab,
 * starts the game in the site's frame, spins on Hub88's page (a bet of 1.00 and a win of 2.50
 * through our signed wallet API) and sees the balance change on the site, then recalls the round
 * from the betting record. A free-play account plays the same game in Hub88's demo mode.
 */
import { registerMember, signIn } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

test('a member plays a Hub88 game in the site frame; its bet and win move the site balance', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const m = await registerMember(request);
  await fund(request, m.username, '100');
  await signIn(page, m);
  await page.goto('/rng?page=H88_PRAGMATIC_PLAY');
  await expect(page.getByTestId('vendor-tab-H88_PRAGMATIC_PLAY')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('header-balance-amount')).toContainText('100.00');
  const card = page.locator('[data-testid="game-card"]', { hasText: 'Sweet Fortune 88' });
  await card.locator('.game-card-play').click();

  await expect(page).toHaveURL(/\/game\?url=/);
  const frame = page.getByTestId('game-frame');
  await expect(frame).toHaveAttribute('src', /\/e2e\/hub88\/game\/h88_sweet_fortune\?token=/);
  const game = page.frameLocator('[data-testid="game-frame"]');
  await game.getByTestId('hub88-spin').click();
  await expect(game.locator('#status')).toHaveText('RS_OK / RS_OK');
  await expect(game.locator('#balance')).toHaveText('101.50');

  await page.goto('/');
  await expect(page.getByTestId('header-balance-amount')).toContainText('101.50');

  // The betting record recalls the round at Hub88 (its game/round page for the bet).
  await page.goto('/?member=personalHistoryCopy');
  const row = page.getByTestId('bet-row').filter({ hasText: 'Sweet Fortune 88' }).first();
  await expect(row).toBeVisible();
  await row.getByTestId('round-details').click();
  await expect(row.getByTestId('round-details-link')).toHaveAttribute('href', /\/round\/[^/]+$/);
  await expect(row.getByTestId('round-details-link')).toHaveAttribute('target', '_blank');
});

test('a free-play (trial) account opens a Hub88 game in demo mode: fun money, the site balance untouched', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/rng?page=H88_PRAGMATIC_PLAY');
  const card = page.locator('[data-testid="game-card"]', { hasText: 'Sweet Fortune 88' });
  await card.locator('.game-card-play').click();
  const login = page.locator('#loginPopupModal');
  await expect(login).toBeVisible();
  await login.getByTestId('free-play').click();
  await expect(login).toBeHidden();
  await expect(page.getByTestId('account-name')).toContainText(/guest/);
  const before = (await page.getByTestId('header-balance-amount').textContent())?.trim();
  expect(before).toBeTruthy();
  await card.locator('.game-card-play').click();

  await expect(page).toHaveURL(/\/game\?url=/);
  const frame = page.getByTestId('game-frame');
  await expect(frame).toHaveAttribute('src', /\/e2e\/hub88\/game\/h88_sweet_fortune\?demo=1$/);
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.locator('#mode')).toHaveText('DEMO');
  await game.getByTestId('hub88-spin').click();
  await expect(game.locator('#status')).toHaveText('FUN / FUN');
  await expect(game.locator('#balance')).toHaveText('1001.50');

  await page.goto('/');
  await expect(page.getByTestId('header-balance-amount')).toHaveText(before!);
});
