import type { Page } from '@playwright/test';
import { registerMember, signIn } from './api';
import { expect, test } from './fixtures';

/**
 * A GCash deposit through Xendit (the local fake serve.ts starts and configures for GOLDEN): the
 * member picks GCash, pays on the provider's checkout, comes back and sees the credit once.
 */
const balance = (page: Page) => page.getByTestId('header-balance-amount');

test.describe('Xendit deposits', () => {
  test.describe.configure({ timeout: 90_000 });

  test('GCash: pay on the checkout, come back, credited once (500 less the 2% fee)', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await signIn(page, m);
    await page.goto('/?member=depositv2');
    const dialog = page.getByRole('dialog', { name: 'Member centre' });
    await expect(dialog.getByTestId('deposit-page')).toBeVisible();
    await expect(balance(page)).toHaveText('P 0.00');

    const gcash = dialog.getByTestId('channel-XENDIT_GCASH');
    await expect(gcash).toContainText('GCash');
    await expect(gcash.locator('img')).toHaveAttribute('src', '/payment-logos/gcash.svg');
    await gcash.click();
    await dialog.getByLabel('Amount', { exact: true }).fill('500');
    await expect(dialog.getByTestId('deposit-preview-credit')).toHaveText('P 490.00');
    await dialog.getByTestId('deposit-submit').click();
    await dialog.getByTestId('deposit-confirm-submit').click();

    // The provider's checkout (the fake's GCash page), then back to the site.
    await page.waitForURL(/\/checkout\/pr-/);
    await expect(page.getByTestId('xendit-amount')).toHaveText('PHP 500.00');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/[?&]order=D\d{18}/);

    const back = page.getByRole('dialog', { name: 'Member centre' });
    await expect(back.getByTestId('deposit-payment-credited')).toContainText('P 490.00');
    await expect(balance(page)).toHaveText('P 490.00');
    const row = back.getByTestId('deposit-row').first();
    await expect(row.getByTestId('deposit-status')).toHaveText('Arrived');

    // Once: a reload (the page polls again, the webhook may be re-sent) credits nothing more.
    await page.reload();
    await expect(balance(page)).toHaveText('P 490.00');
  });
});
