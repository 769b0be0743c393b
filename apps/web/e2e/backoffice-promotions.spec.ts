/**
 * A promotion change in the back office does not alter a bonus already claimed: a member checks
 * in on a daily promotion and is paid its bonus with its turnover; the owner signs into the back
 * office and raises the bonus and the turnover multiplier on the promotion's page (the page says
 * the change is for new claims and shows the cost forecast); the member's held bonus, balance and
 * turnover stay as they were, and the next member's check-in gets the new terms. Then the owner
 * pulls the promotion's kill switch and a third member's check-in is refused, while the first
 * member still sees the bonus they were paid.
 *
 * The promotion is made for this test (through the operator API) so no other spec's members or
 * figures meet it.
 */
import {
  HEADERS,
  PROMO_CALLS,
  type PromotionAdmin,
  type PromotionDetail,
  type WalletBalance,
} from '@app/contracts';
import type { APIRequestContext, Browser } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { registerMember, value, type Member } from './api';
import { expect, test } from './fixtures';
import { ADMIN_API_KEY } from './operator';
import { signInStaff, specOwner } from './staff';

const admin = { 'X-Api-Key': ADMIN_API_KEY, [HEADERS.merchant]: 'GOLDEN' };
const relay = (name: string) => `/wps/relay/${name}`;
const memberHeaders = (m: Member) => ({ 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token });

async function checkIn(request: APIRequestContext, m: Member, promotionId: string) {
  return request.post(relay(PROMO_CALLS.sign), { headers: memberHeaders(m), data: { promotionId } });
}

async function detail(request: APIRequestContext, m: Member, promotionId: string): Promise<PromotionDetail> {
  return value<PromotionDetail>(
    await request.get(relay(PROMO_CALLS.detail), { headers: memberHeaders(m), params: { promotionId } }),
  );
}

async function mainBalance(request: APIRequestContext, m: Member): Promise<number> {
  const b = await value<WalletBalance>(
    await request.get('/wps/v2/wallets/balance', { headers: memberHeaders(m) }),
  );
  return b.mainBalance;
}

/** The spec's own platform owner, signed in (staff.ts). */
const ownerSignIn = (browser: Browser) => signInStaff(browser, specOwner('promotions'), { brand: 'GOLDEN' });

test.describe.configure({ timeout: 150_000 });

test('a promotion change in the back office does not alter a bonus already claimed', async ({
  request,
  browser,
}) => {
  // A daily check-in promotion of 1.00 with turnover 2 x the bonus, made for this test.
  const categories = await value<{ id: string; code: string }[]>(
    await request.get('/wps/admin/promotion-categories', { headers: admin }),
  );
  const code = `e2e-${randomUUID().slice(0, 8)}`;
  const title = `E2E check-in ${code}`;
  const draft = await value<PromotionAdmin>(
    await request.post('/wps/admin/promotions', {
      headers: admin,
      data: {
        code,
        kind: 'SIGN_IN',
        categoryId: categories.find((c) => c.code === 'DAILY')?.id ?? categories[0]!.id,
        title: { EN: title },
        summary: { EN: 'A check-in for the end-to-end test' },
        content: { EN: '<p>Check in daily.</p>' },
        startTime: new Date(Date.now() - 3_600_000).toISOString(),
        period: 'DAILY',
        bonusAmount: 1,
        turnoverMultiple: 2,
      },
    }),
  );
  await value(await request.post(`/wps/admin/promotions/${draft.id}/publish`, { headers: admin }));

  // The first member claims: 1.00 held with 2.00 to bet.
  const first = await registerMember(request);
  expect((await checkIn(request, first, draft.id)).ok()).toBe(true);
  const held = await detail(request, first, draft.id);
  expect(held.mine).toMatchObject({ status: 'SIGNED', amount: 1, turnoverRequired: 2 });
  const balanceBefore = await mainBalance(request, first);
  expect(balanceBefore).toBe(1);

  // The owner raises the bonus to 5.00 and the multiplier to 10 in the back office.
  const page = await ownerSignIn(browser);
  await page.goto('/backoffice/promotions');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByTestId('promo-terms-note')).toContainText('Changes apply to new joins');
  await expect(page.getByTestId('promo-state')).toContainText('Running');
  await expect(page.getByTestId('promo-forecast')).toContainText('Expected cost');
  await page.getByTestId('promo-bonusAmount').fill('5');
  await page.getByTestId('promo-turnoverMultiple').fill('10');
  await page.getByTestId('promo-save').click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('promo-bonusAmount')).toHaveValue('5');

  // What the first member holds is as it was.
  const after = await detail(request, first, draft.id);
  expect(after.mine).toMatchObject({ status: 'SIGNED', amount: 1, turnoverRequired: 2 });
  expect(after.mine?.updatedTime).toBe(held.mine?.updatedTime);
  expect(await mainBalance(request, first)).toBe(balanceBefore);
  // The promotion itself now shows the new figures, and the next member gets them.
  expect(after.rules).toMatchObject({ bonusAmount: 5, turnoverMultiple: 10 });
  const second = await registerMember(request);
  expect((await checkIn(request, second, draft.id)).ok()).toBe(true);
  expect((await detail(request, second, draft.id)).mine).toMatchObject({
    status: 'SIGNED',
    amount: 5,
    turnoverRequired: 50,
  });

  // The kill switch: no new claims, what was paid stays.
  await page.getByTestId('promo-kill').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('End-to-end test of the kill switch');
  await dialog.getByRole('button', { name: 'Stop claims' }).click();
  await expect(page.getByTestId('promo-state')).toContainText('Stopped');
  const third = await registerMember(request);
  const refused = await checkIn(request, third, draft.id);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('promo.closed');
  expect((await detail(request, first, draft.id)).mine).toMatchObject({ status: 'SIGNED', amount: 1 });
  await page.context().close();
});
