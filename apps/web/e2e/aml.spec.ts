/**
 * AML end to end: a member's deposit at the brand's large-transaction threshold, approved by the
 * cashier, opens a case; staff see it in the back office queue, take it and clear it.
 * The threshold is lowered on GOLDEN for the deposit only and restored after (the e2e database
 * is shared by every spec).
 */
import { HEADERS, type AmlCaseRow, type AmlRule } from '@app/contracts';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { registerMember, value, type Member } from './api';
import { ADMIN_API_KEY } from './operator';
import { signInStaff, specOwner } from './staff';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const operatorHeaders = { 'X-Api-Key': ADMIN_API_KEY, [HEADERS.merchant]: 'GOLDEN' };
const memberHeaders = (m: Member) => ({ 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token });
/** An amount no other spec deposits, so the lowered threshold is met by this spec's deposit. */
const THRESHOLD = '7777.00';

async function approvedDeposit(request: APIRequestContext, m: Member, amount: string): Promise<string> {
  const { imageId } = await value<{ imageId: string }>(
    await request.post('/wps/cashier/images', {
      headers: { ...memberHeaders(m), 'content-type': 'image/png' },
      data: PNG,
    }),
  );
  const { channels } = await value<{ channels: { id: string; code: string }[] }>(
    await request.get('/wps/cashier/channels', { headers: memberHeaders(m) }),
  );
  const bank = channels.find((c) => c.code === 'BANK_BDO')!;
  const deposit = await value<{ id: string; orderNo: string }>(
    await request.post('/wps/cashier/deposit', {
      headers: memberHeaders(m),
      data: {
        requestId: randomUUID().replace(/-/g, ''),
        channelId: bank.id,
        amount,
        payerName: m.payeeName,
        imageIds: [imageId],
      },
    }),
  );
  await value(
    await request.post(`/wps/admin/deposits/${deposit.id}/approve`, { headers: operatorHeaders, data: {} }),
  );
  return deposit.orderNo;
}

/** The spec's own platform owner, signed in (staff.ts). */
const signInOwner = (browser: Browser) => signInStaff(browser, specOwner('aml'), { brand: 'GOLDEN' });

test.describe.configure({ timeout: 120_000 });

test('an AML threshold deposit opens a case that staff see in the queue and clear', async ({
  browser,
  request,
}) => {
  const rules = await value<AmlRule[]>(
    await request.get('/wps/admin/aml/rules', { headers: operatorHeaders }),
  );
  const before = rules.find((r) => r.kind === 'LARGE_TRANSACTION')!;
  const m = await registerMember(request);
  let orderNo: string;
  await value(
    await request.put('/wps/admin/aml/rules/LARGE_TRANSACTION', {
      headers: operatorHeaders,
      data: { enabled: true, amount: THRESHOLD },
    }),
  );
  try {
    orderNo = await approvedDeposit(request, m, THRESHOLD);
  } finally {
    await value(
      await request.put('/wps/admin/aml/rules/LARGE_TRANSACTION', {
        headers: operatorHeaders,
        data: { enabled: before.enabled, amount: before.amount === null ? null : before.amount.toFixed(2) },
      }),
    );
  }

  // The case was opened after the approval committed, before it answered.
  const open = await value<{ list: AmlCaseRow[] }>(
    await request.get('/wps/admin/aml/cases', {
      headers: operatorHeaders,
      params: { state: 'OPEN', rule: 'LARGE_TRANSACTION', pageSize: '100' },
    }),
  );
  const row = open.list.find((c) => c.username === m.username.toLowerCase());
  expect(row, 'the threshold deposit opened a case').toBeDefined();
  expect(row!.subject).toBe(`DEPOSIT:${orderNo}`);

  const page = await signInOwner(browser);
  await page.getByRole('link', { name: 'AML cases' }).click();
  await expect(page.getByRole('heading', { name: 'AML cases' })).toBeVisible();
  await page.getByLabel('Rule').selectOption('LARGE_TRANSACTION');
  await page.getByRole('button', { name: 'Search' }).click();
  const link = page.getByTestId(`aml-case-${row!.id}`);
  await expect(link).toBeVisible();
  await expect(page.getByRole('row').filter({ has: link })).toContainText(m.username.toLowerCase());
  await link.click();

  await expect(page.getByRole('heading', { name: new RegExp(`Case #${row!.id}`) })).toBeVisible();
  await expect(page.getByRole('cell', { name: orderNo })).toBeVisible();
  await page.getByTestId('aml-assign').click();
  await expect(page.getByTestId('aml-assignee')).toHaveText(specOwner('aml').username);
  await page.getByTestId('aml-clear').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(m.username.toLowerCase());
  await dialog.getByLabel('Reason').fill('Salary deposit, payslip on file');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.bo-page-header')).toContainText('Cleared');
  await expect(page.getByText('Salary deposit, payslip on file').first()).toBeVisible();

  const after = await value<{ state: string; decidedBy: string; notes: { kind: string }[] }>(
    await request.get(`/wps/admin/aml/cases/${row!.id}`, { headers: operatorHeaders }),
  );
  expect(after.state).toBe('CLEARED');
  expect(after.decidedBy).toBe(specOwner('aml').username);
  expect(after.notes.map((n) => n.kind)).toEqual(['OPENED', 'ASSIGNED', 'DECIDED']);
});
