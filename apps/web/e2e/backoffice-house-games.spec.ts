import { HEADERS, type GameList } from '@app/contracts';
import { expect, type Browser, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { randomBytes } from 'node:crypto';
import { value } from './api';
import { test } from './fixtures';
import { ADMIN_API_KEY } from './operator';

/**
 * A brand created from the back office has no games; the owner adds the platform's house games
 * from the game catalogue (listed, confirmed) and the site lists them at once.
 */

const OWNER = { username: 'owner', password: 'DemoOwner!2026', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

/** The owner's TOTP code; a code the server refuses as a replay (another spec used it) moves to the next step. */
async function signInOwner(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/backoffice/');
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const otp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(OWNER.secret) });
  for (let step = Math.floor(Date.now() / 30_000), attempt = 0; ; step++, attempt++) {
    await page.getByLabel('6-digit code').fill(otp.generate({ timestamp: step * 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    const shell = page.locator('.bo-shell');
    await expect(shell.or(page.getByRole('alert')).first()).toBeVisible();
    if (await shell.isVisible()) break;
    expect(attempt, 'the owner TOTP code keeps being refused').toBeLessThan(2);
  }
  return page;
}

test('an owner adds the house games to a new brand and the site lists them at once', async ({
  browser,
  request,
}) => {
  const code = `HG${randomBytes(3).toString('hex').toUpperCase()}`;
  await value(
    await request.post('/wps/admin/brands', {
      headers: { 'x-api-key': ADMIN_API_KEY },
      data: {
        code,
        name: 'House Bay',
        hosts: [`${code.toLowerCase()}.localhost`],
        defaultLanguage: 'EN',
        languages: ['EN'],
        currencySymbol: 'P',
        timezone: 'Asia/Manila',
      },
    }),
  );
  const slots = async () =>
    value<GameList>(
      await request.get('/wps/relay/GCSGAME_gameList', {
        headers: { [HEADERS.merchant]: code },
        params: { gameType: 'RNG', pageSize: '50' },
      }),
    );
  expect((await slots()).totalCount).toBe(0);

  const page = await signInOwner(browser);
  await page.getByLabel('Brand').selectOption(code);
  await page.goto('/backoffice/games');
  await expect(page.getByText(/house games are not in this brand's catalogue yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Add house games' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('House Slots');
  await expect(dialog).toContainText('House Lottery');
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/house-offer-dialog.png` });
  await dialog.getByRole('button', { name: /^Add \d+ games$/ }).click();
  await expect(page.getByText(/games added\. Players see them within seconds\./)).toBeVisible();
  await expect(
    page.getByText("Every house game of the platform is in this brand's catalogue.", { exact: false }),
  ).toBeVisible();

  const listed = await slots();
  expect(listed.games.map((g) => g.vendor)).toEqual(['HOUSE']);
});
