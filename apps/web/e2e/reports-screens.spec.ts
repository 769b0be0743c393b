/**
 * Every report screen end to end, as the platform owner sees it: each tab of Reports loads its
 * figures for the default period without an error (its reads answer 200), and the brands choice
 * offers one "all brands" entry per currency: all peso brands (the demo's GOLDEN, and any a spec
 * created) or all ringgit ones (LOTUS and any a spec created), each asked of the server with its
 * currency, never mixed.
 * Reads only: nothing another spec relies on changes.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInStaff, specOwner } from './staff';

test.describe.configure({ timeout: 180_000 });

/** Each tab, its label and the report read its figures come from. */
const TABS = [
  { id: 'business', label: 'Business', read: '/wps/admin/reports/business/summary' },
  { id: 'cashier', label: 'Cashier', read: '/wps/admin/reports/cashier' },
  { id: 'players', label: 'Players', read: '/wps/admin/reports/players/activity' },
  { id: 'rewards', label: 'Promotions and rewards', read: '/wps/admin/reports/rewards/costs' },
  { id: 'agents', label: 'Agents', read: '/wps/admin/reports/agents' },
  { id: 'compliance', label: 'Responsible gaming and AML', read: '/wps/admin/reports/compliance/rg' },
] as const;

const readOf = (page: Page, path: string, extra?: (url: URL) => boolean) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === path && r.request().method() === 'GET' && (extra ? extra(url) : true);
  });

test('every report tab loads its figures, and all brands means all brands of one currency', async ({
  browser,
}) => {
  const page = await signInStaff(browser, specOwner('reports-screens'), { brand: 'GOLDEN' });
  for (const tab of TABS) {
    const read = readOf(page, tab.read);
    await page.goto(`/backoffice/reports?tab=${tab.id}`);
    await expect(page.getByRole('tab', { name: tab.label, selected: true })).toBeVisible();
    const res = await read;
    expect(res.status(), `${tab.id}: ${await res.text()}`).toBe(200);
    await expect(page.getByRole('group', { name: 'Period' })).toBeVisible();
    await expect(page.locator('main table').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }

  // The brands choice: this brand, or every brand of one currency.
  await page.goto('/backoffice/reports?tab=business');
  const brands = page.getByLabel('Brands');
  await expect(brands).toBeVisible();
  const options = await brands.locator('option').allTextContents();
  expect(options[0]).toBe('This brand');
  expect(options.some((o) => /^All PHP brands \(\d+\)$/.test(o))).toBe(true);
  expect(options.some((o) => /^All MYR brands \(\d+\)$/.test(o))).toBe(true);
  for (const currency of ['MYR', 'PHP']) {
    const read = readOf(
      page,
      '/wps/admin/reports/business/summary',
      (u) => u.searchParams.get('scope') === 'all' && u.searchParams.get('currency') === currency,
    );
    await brands.selectOption({ value: `all:${currency}` });
    const res = await read;
    expect(res.status(), await res.text()).toBe(200);
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
  // Back to this brand (its figures are still cached: no new read is needed).
  await brands.selectOption({ value: 'brand' });
  await expect(brands).toHaveValue('brand');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.context().close();
});
