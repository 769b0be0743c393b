/**
 * Rewards set-up end to end: the owner signs into the back office, changes a mall item's price and
 * stock and a mission's reward on the Rewards page (each after a confirmation), and the player site
 * shows the new price, stock and reward. The item and the mission are this spec's own (created
 * through the API with unique codes, switched off at the end): the e2e database is shared.
 */
import { HEADERS } from '@app/contracts';
import type { Browser } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { registerMember, value } from './api';
import { expect, test } from './fixtures';
import { ADMIN_API_KEY } from './operator';
import { signInStaff, specOwner } from './staff';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const admin = { 'X-Api-Key': ADMIN_API_KEY, [HEADERS.merchant]: 'GOLDEN' };

/** The demo owner (README): every permission on every brand; TOTP enrolled by serve.ts. */

/** The spec's own platform owner, signed in (staff.ts). */
const ownerSignIn = (browser: Browser) => signInStaff(browser, specOwner('rewards'), { brand: 'GOLDEN' });

test.describe.configure({ timeout: 120_000 });

test('staff change a mall item’s price and stock and a mission’s reward; the player site shows them', async ({
  page,
  request,
  browser,
}) => {
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const itemName = `E2E mug ${tag}`;
  const missionTitle = `E2E weekly ${tag}`;

  // This spec's own item and mission, as an operator would add them.
  const image = await value<{ imagePath: string }>(
    await request.post('/wps/admin/rewards/images', {
      headers: admin,
      data: { data: PNG.toString('base64') },
    }),
  );
  const item = await value<{ id: string; code: string }>(
    await request.post('/wps/admin/rewards/mall', {
      headers: admin,
      data: {
        code: `E2E_${tag}`,
        kind: 'ITEM',
        name: { EN: itemName },
        imagePath: image.imagePath,
        cost: 120,
        stock: 4,
        sort: 9000,
      },
    }),
  );
  const mission = await value<{ id: string; code: string }>(
    await request.post('/wps/admin/rewards/missions', {
      headers: admin,
      data: {
        code: `E2E_${tag}`,
        period: 'WEEKLY',
        metric: 'TURNOVER',
        target: 100000,
        reward: 3,
        turnoverMultiple: 1,
        title: { EN: missionTitle },
        sort: 9000,
      },
    }),
  );

  try {
    const bo = await ownerSignIn(browser);
    await bo.goto('/backoffice/rewards');
    await bo.getByRole('tab', { name: 'Points mall' }).click();

    // The price: 120 → 250 points.
    await bo.getByTestId(`mall-edit-${item.code}`).click();
    const form = bo.getByTestId('mall-form');
    await form.locator('input[name="cost"]').fill('250');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    // The stock: 4 + 6 = 10.
    await bo.getByTestId(`mall-stock-${item.code}`).click();
    const stock = bo.getByTestId('mall-stock-form');
    await stock.locator('select[name="mode"]').selectOption('add');
    await stock.locator('input[name="quantity"]').fill('6');
    await stock.getByRole('button', { name: 'Save' }).click();
    await expect(stock).toBeHidden();
    const row = bo.getByRole('row').filter({ hasText: itemName });
    await expect(row).toContainText('250');
    await expect(row).toContainText('10');

    // The mission's reward: 3.00 → 7.50.
    await bo.getByRole('tab', { name: 'Missions' }).click();
    await bo.getByTestId(`mission-edit-${mission.code}`).click();
    const mform = bo.getByTestId('mission-form');
    await mform.locator('input[name="reward"]').fill('7.5');
    await mform.getByRole('button', { name: 'Save' }).click();
    await expect(mform).toBeHidden();
    await expect(bo.getByRole('row').filter({ hasText: mission.code })).toContainText('7.50');

    // The player site: the mall shows the new price and stock to a visitor.
    await page.goto('/pointMall');
    const card = page
      .getByTestId('reward-card')
      .filter({ has: page.getByRole('heading', { name: itemName }) });
    await expect(card.getByTestId('reward-cost')).toContainText('250');
    await expect(card.getByTestId('reward-stock')).toContainText('10');

    // A member's mission page shows the new reward.
    const m = await registerMember(request);
    await page.addInitScript((login) => {
      sessionStorage.setItem('token', login.token);
      sessionStorage.setItem('username', login.username);
      sessionStorage.setItem('isAgent', '0');
      sessionStorage.setItem('customerId', String(login.customerId));
    }, m);
    await page.goto('/?member=missionLeaderboard');
    const dialog = page.getByRole('dialog', { name: 'Member centre' });
    await dialog.getByRole('tab', { name: /^Weekly/ }).click();
    const shown = dialog.getByTestId('mission').filter({ hasText: missionTitle });
    await expect(shown.getByTestId('mission-reward')).toHaveText('Reward P 7.50');
  } finally {
    // Off again, so other specs sharing the database never meet them.
    await request.post(`/wps/admin/rewards/mall/${item.id}/active`, {
      headers: admin,
      data: { active: false },
    });
    await request.post(`/wps/admin/rewards/missions/${mission.id}/active`, {
      headers: admin,
      data: { active: false },
    });
  }
});
