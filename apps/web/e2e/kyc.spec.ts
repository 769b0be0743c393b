/**
 * Identity verification end to end: a member flagged by staff sends documents from the member
 * centre and asks for a withdrawal, which waits with its amount held; support staff sign into the
 * back office (password and TOTP), review the documents beside the profile and approve; the
 * waiting withdrawal joins the normal queue, as the member sees, and is paid.
 * The member is flagged (its own "require verification" flag) rather than switching on a brand
 * rule: the e2e database is shared, and other specs' members withdraw on GOLDEN meanwhile.
 */
import { HEADERS } from '@app/contracts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { randomUUID } from 'node:crypto';
import { encrypt, registerMember, signIn, value, type Member } from './api';
import { expect, test } from './fixtures';
import { ADMIN_API_KEY, fund } from './operator';

/** A valid 1×1 PNG: the server sniffs the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PAYMENT_PASSWORD = '246810';
const admin = { 'X-Api-Key': ADMIN_API_KEY, [HEADERS.merchant]: 'GOLDEN' };
const memberHeaders = (m: Member) => ({ 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token });

/** The demo support staff member (README): holds kyc.review; TOTP enrolled by serve.ts. */
const SUPPORT = {
  username: 'support',
  password: 'DemoSupport!2026',
  secret: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
};

async function sendEncrypted<T>(
  request: APIRequestContext,
  m: Member,
  path: string,
  body: unknown,
): Promise<T> {
  const headers = memberHeaders(m);
  return value<T>(await request.post(path, { headers, data: await encrypt(request, headers, body) }));
}

/**
 * Signs support in. The server refuses a TOTP step already used (another spec may have signed
 * support in within the same 30 s): then the next step, which the server accepts, is tried.
 */
async function staffSignIn(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/backoffice/');
  await page.getByLabel('Username').fill(SUPPORT.username);
  await page.getByLabel('Password').fill(SUPPORT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const otp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(SUPPORT.secret) });
  for (let step = 0; ; step++) {
    expect(step, 'the support TOTP code keeps being refused').toBeLessThan(3);
    await page.getByLabel('6-digit code').fill(otp.generate({ timestamp: Date.now() + step * 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    const shell = page.locator('.bo-shell');
    await expect(shell.or(page.getByRole('alert')).first()).toBeVisible();
    if (await shell.isVisible()) break;
  }
  await page.getByLabel('Brand').selectOption('GOLDEN');
  return page;
}

test.describe.configure({ timeout: 120_000 });

test('staff approve a KYC document and the waiting withdrawal proceeds', async ({
  page,
  request,
  browser,
}) => {
  // A member with money, a payment password and a bound account, whom staff asked to verify.
  const m = await registerMember(request);
  await fund(request, m.username, '800.00');
  await sendEncrypted(request, m, '/wps/member/password/payment', {
    password: m.password,
    newPaymentPassword: PAYMENT_PASSWORD,
  });
  const account = await sendEncrypted<{ id: string }>(request, m, '/wps/cashier/payout-accounts', {
    bankCode: 'BDO',
    accountNo: `00${Date.now().toString().slice(-10)}`,
    accountName: m.payeeName,
    paymentPassword: PAYMENT_PASSWORD,
  });
  await value(
    await request.put(`/wps/admin/kyc/members/${m.customerId}/flag`, {
      headers: admin,
      data: { flagged: true, reason: 'Large deposit from a new account' },
    }),
  );

  // The member sees why before asking, asks anyway: the withdrawal waits, its amount held.
  await signIn(page, m);
  await page.goto('/?member=withdraw');
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  await expect(centre.getByTestId('withdraw-kyc-wait')).toContainText('verify your identity');
  await sendEncrypted(request, m, '/wps/cashier/withdraw', {
    requestId: randomUUID().replace(/-/g, ''),
    payoutAccountId: account.id,
    amount: '300',
    paymentPassword: PAYMENT_PASSWORD,
  });
  await page.goto('/?member=withdraw');
  const card = centre.getByTestId('withdrawal').first();
  await expect(card.getByTestId('withdrawal-status')).toHaveText('Pending');
  await expect(card.getByTestId('withdrawal-kyc-wait')).toBeVisible();

  // Documents from the member centre: a wrong file type is refused before anything is sent.
  await centre.getByTestId('verification').click();
  const form = centre.getByTestId('kyc-form');
  await expect(centre.getByTestId('kyc-required')).toContainText('our team has asked you');
  await form
    .getByTestId('kyc-file-ID_FRONT')
    .setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: PNG });
  await expect(form.getByTestId('kyc-doc-ID_FRONT')).toContainText('Please choose a PNG or JPG photo.');
  await form
    .getByTestId('kyc-file-ID_FRONT')
    .setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
  await form
    .getByTestId('kyc-file-SELFIE')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByTestId('kyc-doc-ID_FRONT').locator('img')).toBeVisible();
  await form.getByLabel('Full name as on your ID').fill('Juan Dela Cruz');
  await form.getByLabel('ID number').fill('N01-23-456789');
  await form.getByLabel('Date of birth').fill('1990-05-17');
  await form.getByTestId('kyc-submit').click();
  await expect(centre.getByTestId('kyc-state')).toHaveText('Under review');
  await expect(centre.getByTestId('kyc-history')).toContainText('Documents sent');

  // Staff cannot pay it yet.
  const { list } = await value<{ list: { id: string; kycWait?: string | null }[] }>(
    await request.get('/wps/cashier/withdrawals', { headers: memberHeaders(m) }),
  );
  const held = list[0]!;
  expect(held.kycWait).toBe('FLAGGED');
  const early = await request.post(`/wps/admin/withdrawals/${held.id}/approve`, { headers: admin, data: {} });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { errorCode: string }).errorCode).toBe('kyc.withdrawal.waiting');

  // Support reviews the documents beside the profile and approves.
  const staff = await staffSignIn(browser);
  await staff.getByRole('link', { name: 'Verification (KYC)' }).click();
  await expect(staff.getByRole('heading', { name: 'Queue ages' })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: m.username });
  await expect(row).toContainText('Verification required');
  await row.getByRole('link', { name: 'Review' }).click();
  await expect(staff.getByRole('heading', { name: `Verification of ${m.username}` })).toBeVisible();
  await expect(staff.getByRole('img', { name: 'ID (front)' })).toBeVisible();
  await expect(staff.getByRole('img', { name: 'Selfie with ID' })).toBeVisible();
  await expect(staff.getByText('N01-23-456789')).toBeVisible();
  await expect(staff.getByText('1 withdrawal is waiting for this verification')).toBeVisible();
  await staff.getByRole('button', { name: 'Approve' }).click();
  const dialog = staff.getByRole('dialog');
  await expect(dialog).toContainText(`Approve the verification of ${m.username}?`);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`${m.username} is verified; 1 withdrawal released.`)).toBeVisible();
  await staff.context().close();

  // The member: verified, and the withdrawal is in the normal queue.
  await page.goto('/?member=verification');
  await expect(centre.getByTestId('kyc-state')).toHaveText('Verified');
  await centre.getByTestId('withdraw').click();
  const released = centre.getByTestId('withdrawal').first();
  await expect(released.getByTestId('withdrawal-status')).toHaveText('Pending');
  await expect(released.getByTestId('withdrawal-kyc-wait')).toHaveCount(0);
  await expect(centre.getByTestId('withdraw-kyc-wait')).toHaveCount(0);

  // It proceeds: the operator pays it.
  await value(await request.post(`/wps/admin/withdrawals/${held.id}/approve`, { headers: admin, data: {} }));
  await page.goto('/?member=withdraw');
  // A fresh page load of the member centre: on a busy CI machine its list took over 10 s to come.
  await expect(centre.getByTestId('withdrawal').first().getByTestId('withdrawal-status')).toHaveText('Paid', {
    timeout: 25_000,
  });
});
