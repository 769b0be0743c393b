/**
 * Player protection in the member centre, against the real server: a deposit limit the member sets
 * refuses the deposit above it; a self-excluded member sees the break banner, is refused play,
 * deposits and promotions, and can still withdraw. Each test registers its own GOLDEN member.
 */
import { HEADERS, type ProtectionSettings } from '@app/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { encrypt, registerMember, signIn, value, type Member } from './api';
import { expect, test } from './fixtures';
import { ADMIN_API_KEY, fund } from './operator';

const PAYMENT_PASSWORD = '246810';
const memberHeaders = (m: Member) => ({ 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token });

async function openMemberCentre(page: Page, m: Member, key: string): Promise<Locator> {
  await signIn(page, m);
  await page.goto(`/?member=${key}`);
  const dialog = page.getByRole('dialog', { name: 'Member centre' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A member call as the site makes it; answers the error code, or null on success. */
async function errorOf(request: APIRequestContext, m: Member, path: string, data?: unknown) {
  const res =
    data === undefined
      ? await request.get(path, { headers: memberHeaders(m) })
      : await request.post(path, { headers: memberHeaders(m), data });
  const json = (await res.json()) as { success: boolean; errorCode?: string };
  return json.success ? null : (json.errorCode ?? 'unknown');
}

test.describe('player protection', () => {
  // One after another: the registration-offer test switches GOLDEN's offer on for a moment, and the
  // offer's dialog then covers the member centre of a test running beside it.
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test('a member sets a deposit limit and is refused above it', async ({ page, request }) => {
    const m = await registerMember(request);
    const dialog = await openMemberCentre(page, m, 'responsibleGaming');
    const row = dialog.getByTestId('rg-DEPOSIT-D');
    const current = dialog.getByTestId('rg-DEPOSIT-D-current');
    const setButton = row.getByRole('button', { name: 'Set limit' });
    // The section may draw itself again as its data arrives, emptying a field typed into too
    // early: typed again until the limit shows. A click that went through leaves the button busy
    // until the answer comes (a loaded server can take seconds): a busy button is waited on, not
    // typed into again.
    await expect(async () => {
      if ((await current.textContent()) !== 'P 100.00') {
        const field = row.getByRole('textbox');
        if ((await field.inputValue()) === '') await field.fill('100');
        if (await setButton.isEnabled()) await setButton.click({ timeout: 2_000 });
      }
      await expect(current).toHaveText('P 100.00', { timeout: 5_000 });
    }).toPass({ timeout: 40_000 });

    await dialog.getByTestId('depositv2').click();
    await dialog.getByTestId('channel-EWALLET_DEMO').click();
    await dialog.getByLabel('Amount', { exact: true }).fill('150');
    await dialog.getByTestId('deposit-submit').click();
    await dialog.getByTestId('deposit-confirm-submit').click();
    await expect(
      dialog.getByText('This deposit would pass your deposit limit. You can deposit up to 100.00 now.'),
    ).toBeVisible();
    const { list } = await value<{ list: unknown[] }>(
      await request.get('/wps/cashier/deposits', { headers: memberHeaders(m) }),
    );
    expect(list).toHaveLength(0);
  });

  test('a brand offering limits at registration shows the step after sign-up; the limit saved is on the page', async ({
    page,
    request,
  }) => {
    const admin = { 'X-Api-Key': ADMIN_API_KEY, [HEADERS.merchant]: 'GOLDEN' };
    const before = await value<ProtectionSettings>(
      await request.get('/wps/admin/protection/settings', { headers: admin }),
    );
    let changed = false;
    const restore = async () => {
      if (!changed) return;
      changed = false;
      await value(await request.put('/wps/admin/protection/settings', { headers: admin, data: before }));
    };
    try {
      await value(
        await request.put('/wps/admin/protection/settings', {
          headers: admin,
          data: { ...before, offerLimits: 'REGISTRATION' },
        }),
      );
      changed = true;
      const m = await registerMember(request);
      await signIn(page, m);
      await page.goto('/');
      const offer = page.getByRole('dialog', { name: 'Set your deposit limits' });
      await expect(offer).toBeVisible();
      // The brand is shared by every spec: its rule goes back as soon as the step is up (the
      // step stays open; saving does not depend on the rule).
      await restore();

      const weekly = offer.getByLabel('Deposit limit · Per week');
      await weekly.fill('abc');
      await offer.getByTestId('rg-offer-save').click();
      await expect(offer.getByTestId('rg-offer-error')).toHaveText(
        'Enter an amount above 0 with at most 2 decimals.',
      );
      await weekly.fill('300');
      await offer.getByTestId('rg-offer-save').click();
      await expect(offer).toBeHidden();

      await page.goto('/?member=responsibleGaming');
      const dialog = page.getByRole('dialog', { name: 'Member centre' });
      await expect(dialog.getByTestId('rg-DEPOSIT-W-current')).toHaveText('P 300.00');
      // Saved once: the server no longer offers the step, so it does not come back.
      const session = await value<{ offerLimitsNow: boolean }>(
        await request.get('/wps/member/protection/session', { headers: memberHeaders(m) }),
      );
      expect(session.offerLimitsNow).toBe(false);
      await expect(page.getByRole('dialog', { name: 'Set your deposit limits' })).toHaveCount(0);
    } finally {
      await restore();
    }
  });

  test('a member self-excludes and can only withdraw', async ({ page, request }) => {
    const m = await registerMember(request);
    await fund(request, m.username, '500.00');
    const headers = memberHeaders(m);
    await value(
      await request.post('/wps/member/password/payment', {
        headers,
        data: await encrypt(request, headers, { password: m.password, newPaymentPassword: PAYMENT_PASSWORD }),
      }),
    );
    await value<{ id: string }>(
      await request.post('/wps/cashier/payout-accounts', {
        headers,
        data: await encrypt(request, headers, {
          bankCode: 'BDO',
          accountNo: `00${Date.now() % 10_000_000_000}`,
          accountName: m.payeeName,
          paymentPassword: PAYMENT_PASSWORD,
        }),
      }),
    );

    const dialog = await openMemberCentre(page, m, 'responsibleGaming');
    const brk = dialog.getByTestId('rg-break');
    await brk.getByLabel('6 months').check();
    await brk.getByTestId('rg-break-start').click();
    await brk.getByTestId('rg-break-confirm-submit').click();
    await expect(dialog.getByTestId('rg-in-force')).toBeVisible();
    // The site says what is left: withdrawing and this page.
    const banner = page.getByTestId('rg-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('You can still withdraw your balance');

    // Play, deposits and promotions are refused.
    expect(
      await errorOf(request, m, '/wps/game/launchGame?vendor=JILI&gameCode=fortune-gems&language=en'),
    ).toBe('protection.excluded');
    expect(
      await errorOf(request, m, '/wps/cashier/deposit', {
        channelId: '1',
        amount: '100',
        requestId: `e2e-${randomUUID()}`,
      }),
    ).toBe('protection.excluded');
    expect(await errorOf(request, m, '/wps/relay/MCS2_joinPromotion', { promotionId: '1' })).toBe(
      'protection.excluded',
    );

    // The withdrawal works, from the banner's button.
    await page.keyboard.press('Escape');
    await banner.getByRole('button', { name: 'Withdraw' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    const form = centre.getByTestId('withdraw-form');
    await expect(centre.getByTestId('payout-account')).toBeVisible();
    await form.getByLabel('Amount', { exact: true }).fill('200');
    await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await form.getByTestId('withdraw-submit').click();
    await centre.getByTestId('withdraw-confirm-submit').click();
    await expect(centre.getByTestId('withdraw-status-ok')).toBeVisible();
    const { list } = await value<{ list: { id: string }[] }>(
      await request.get('/wps/cashier/withdrawals', { headers }),
    );
    expect(list).toHaveLength(1);
  });
});
