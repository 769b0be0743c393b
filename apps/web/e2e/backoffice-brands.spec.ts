import { HEADERS, type SystemStatusValue } from '@app/contracts';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { encrypt, randomIp, signIn as memberSession, value } from './api';
import { hostUrl, test } from './fixtures';
import { ADMIN_API_KEY } from './operator';
import { signInStaff, specOwner } from './staff';

/**
 * Brands from the back office: the demo owner creates a brand in the back office and the site
 * answers for it at once (Merchant header and host); a scheduled maintenance window shows players
 * the maintenance screen while a member on its allowed list still gets in.
 */

/** The spec's own platform owner, signed in (staff.ts). */
const signInOwner = (browser: Browser) => signInStaff(browser, specOwner('brands'));

const suffix = () => randomBytes(3).toString('hex').toUpperCase();

test('an owner creates a brand in the back office and the site answers for it at once', async ({
  browser,
  request,
}) => {
  const code = `E2E${suffix()}`;
  const host = `${code.toLowerCase()}.localhost`;
  const page = await signInOwner(browser);
  await page.goto('/backoffice/brands?tab=brands');
  await page.getByTestId('brand-new').click();
  const form = page.getByTestId('brand-create');
  await form.getByLabel('Brand code').fill(code);
  await form.getByLabel('Brand name', { exact: true }).fill('Emerald Bay');
  await form.getByLabel('Domains').fill(host);
  await form.getByLabel('Currency', { exact: true }).fill('PHP');
  await form.getByLabel('Currency symbol').fill('₱');
  await form.getByLabel('Time zone').fill('Asia/Manila');
  await form.getByRole('checkbox', { name: 'Thai' }).check();
  await form.getByRole('button', { name: 'Create brand' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(host);
  await dialog.getByRole('button', { name: 'Create brand' }).click();
  await expect(page.getByText(`Brand ${code} created.`)).toBeVisible();
  // The new brand is now the one the back office works on: its settings open.
  await expect(page.getByTestId('brand-settings')).toBeVisible();

  // The site answers for it by the Merchant header and by its host, without a restart.
  const byHeader = await value<SystemStatusValue>(
    await request.get('/wps/system/status', { headers: { [HEADERS.merchant]: code } }),
  );
  expect(byHeader.info).toMatchObject({ merchantCode: code, brandName: 'Emerald Bay', currencySymbol: '₱' });
  const site = await browser.newPage();
  await site.goto(hostUrl(host, '/'));
  await expect(site).toHaveTitle('Emerald Bay');
  await expect(site.getByTestId('main-nav')).toBeVisible();

  // A settings change with its preview: the email becomes required at registration.
  await page.locator('tr[data-field="email"]').getByRole('checkbox', { name: 'E-mail required' }).check();
  await page.getByTestId('brand-review').click();
  await expect(page.getByTestId('brand-changes')).toContainText('Registration will require E-mail.');
  await page.getByRole('dialog').getByRole('button', { name: 'Save for players' }).click();
  await expect(page.getByText('Settings saved.', { exact: false })).toBeVisible();
  const after = await value<SystemStatusValue>(
    await request.get('/wps/system/status', { headers: { [HEADERS.merchant]: code } }),
  );
  expect(after.info.register.find((r) => r.field === 'email')).toMatchObject({
    enabled: true,
    required: true,
  });
});

/** A member of the brand, registered by username as the brand's default rules ask. */
async function member(request: APIRequestContext, code: string) {
  const ip = randomIp();
  const headers = { [HEADERS.merchant]: code, 'x-forwarded-for': ip, [HEADERS.device]: 'WEB' };
  const username = `m${randomBytes(5).toString('hex')}`;
  const password = 'secure1234';
  const result = await value<{ token: string; customerId: number }>(
    await request.put('/wps/member/register', {
      headers,
      data: await encrypt(request, headers, { username, password, confirmPassword: password }),
    }),
  );
  return { username, password, ip, token: result.token, customerId: result.customerId };
}

test('a scheduled maintenance window closes the site to players, an allowed member still gets in', async ({
  browser,
  request,
}) => {
  // The window starts 15 s after it is made (below), and a new brand and two members come first.
  test.setTimeout(90_000);
  const code = `MW${suffix()}`;
  const host = `${code.toLowerCase()}.localhost`;
  const admin = { 'x-api-key': ADMIN_API_KEY, [HEADERS.merchant]: code };
  await value(
    await request.post('/wps/admin/brands', {
      headers: { 'x-api-key': ADMIN_API_KEY },
      data: {
        code,
        name: 'Window Bay',
        hosts: [host],
        defaultLanguage: 'EN',
        languages: ['EN'],
        currency: 'PHP',
        currencySymbol: 'P',
        timezone: 'Asia/Manila',
      },
    }),
  );
  const tester = await member(request, code);
  const player = await member(request, code);
  // Far enough ahead for the "before" page to load on a busy machine (4 s was not, in CI).
  const startsAt = new Date(Date.now() + 15_000);
  await value(
    await request.post('/wps/admin/brand/maintenance/windows', {
      headers: admin,
      data: {
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
        message: { EN: 'Upgrading the cashier' },
        allowedUsernames: [tester.username],
      },
    }),
  );

  // Before the window the site is open.
  const before = await browser.newPage();
  await before.goto(hostUrl(host, '/'));
  await expect(before.getByTestId('main-nav')).toBeVisible();
  expect(Date.now(), 'the open site was seen before the window started').toBeLessThan(startsAt.getTime());
  await before.close();
  await new Promise((r) => setTimeout(r, Math.max(0, startsAt.getTime() - Date.now() + 300)));

  // In the window: a player (signed in or not) sees the maintenance screen.
  const anonymous = await browser.newPage();
  await anonymous.goto(hostUrl(host, '/'));
  await expect(anonymous.getByTestId('maintenance-page')).toBeVisible();
  await expect(anonymous.getByTestId('maintenance-page')).toContainText('Upgrading the cashier');
  const playerPage = await (await browser.newContext()).newPage();
  await memberSession(playerPage, player);
  await playerPage.goto(hostUrl(host, '/'));
  await expect(playerPage.getByTestId('maintenance-page')).toBeVisible();

  // The allowed member still uses the site.
  const testerPage = await (await browser.newContext()).newPage();
  await memberSession(testerPage, tester);
  await testerPage.goto(hostUrl(host, '/'));
  await expect(testerPage.getByTestId('main-nav')).toBeVisible();
  await expect(testerPage.getByTestId('maintenance-page')).toHaveCount(0);
});
