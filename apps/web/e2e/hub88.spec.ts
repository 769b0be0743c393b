/**
 * A Hub88 game from the site: the e2e server runs a local Hub88 (apps/server/test/fakes/hub88.ts)
 * configured and synced for GOLDEN through the admin API. A funded member opens the studio's tab,
 * starts the game in the site's frame, spins on Hub88's page (a bet of 1.00 and a win of 2.50
 * through our signed wallet API) and sees the balance change on the site.
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
});
