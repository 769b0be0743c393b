import { HEADERS, type GameList } from '@app/contracts';
import { expect, type Browser } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { value } from './api';
import { test } from './fixtures';
import { ADMIN_API_KEY } from './operator';
import { signInStaff, specOwner } from './staff';

/**
 * A brand created from the back office has no games; the owner adds the platform's house games
 * from the game catalogue (listed, confirmed) and the site lists them at once.
 */

/** The spec's own platform owner, signed in (staff.ts). */
const signInOwner = (browser: Browser) =>
  signInStaff(browser, specOwner('house-games'), { viewport: { width: 1280, height: 800 } });

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
        currency: 'PHP',
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
