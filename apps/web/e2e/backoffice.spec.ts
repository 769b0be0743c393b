import { randomUUID } from 'node:crypto';
import { HEADERS, type Deposit, type PaymentChannel } from '@app/contracts';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { encrypt, registerMember, value, type Member } from './api';
import { ADMIN_API_KEY } from './operator';

/**
 * The back office end to end: staff sign-in with every step (one-time password, new password,
 * TOTP enrolment, recovery codes), what each role sees, and the audit log recording it. The demo
 * staff (README) are seeded by serve.ts with their TOTP already enrolled.
 */

const DEMO = {
  owner: { password: 'DemoOwner!2026', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
  finance: { password: 'DemoFinance!2026', secret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' },
  support: { password: 'DemoSupport!2026', secret: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK' },
} as const;

const totp = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/** The last 30-second TOTP step each demo staff member signed in with (the tests run serially). */
const usedStep: Partial<Record<keyof typeof DEMO, number>> = {};

/**
 * A code the server will take for `who`: it refuses a step already used (a replay), so a second
 * sign-in within 30 s takes the next step (the server accepts one step ahead), or waits for it.
 */
async function freshCode(who: keyof typeof DEMO): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const last = usedStep[who];
    const step = last === undefined || last < now ? now : last + 1;
    if (step <= now + 1) {
      usedStep[who] = step;
      const otp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO[who].secret) });
      return otp.generate({ timestamp: step * 30_000 });
    }
    await new Promise((r) => setTimeout(r, (now + 1) * 30_000 - Date.now() + 50));
  }
}

/** A new browser context (its own cookie jar: one staff member each) on the sign-in page. */
async function open(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/backoffice/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  return page;
}

async function password(page: Page, username: string, pw: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(pw);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs a demo staff member in (password, then the authenticator code) and picks GOLDEN. */
async function signIn(browser: Browser, who: keyof typeof DEMO): Promise<Page> {
  const page = await open(browser);
  await password(page, who, DEMO[who].password);
  // A retry of this file runs in a new worker that no longer knows the steps used before it: a
  // code the server refuses as a replay marks the step used, and the next one is taken.
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel('6-digit code').fill(await freshCode(who));
    await page.getByRole('button', { name: 'Verify' }).click();
    const shell = page.locator('.bo-shell');
    const refused = page.getByRole('alert');
    await expect(shell.or(refused).first()).toBeVisible();
    if (await shell.isVisible()) break;
    expect(attempt, 'the demo staff TOTP code keeps being refused').toBeLessThan(3);
    usedStep[who] = Math.floor(Date.now() / 30_000) + 1;
  }
  await page.getByLabel('Brand').selectOption('GOLDEN');
  return page;
}

/** A call to the API from inside the signed-in page: its cookie, its CSRF token as the app sends it. */
function apiFrom(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: { merchant: 'GOLDEN', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as { success: boolean; errorCode?: string } };
    },
    { method, path, body },
  );
}

// A sign-in may wait up to 30 s for a TOTP step not used yet (freshCode): tests get room for two.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('sign-in: wrong password and wrong code are refused in the user language, nothing opens', async ({
  browser,
}) => {
  const page = await open(browser);
  await password(page, 'support', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
  await expect(page.locator('.bo-shell')).toHaveCount(0);
  // The picked language goes with the request: the server answers in it.
  await page.getByLabel('Language').selectOption('cn');
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toHaveText('用户名或密码错误。');
  await page.getByLabel('语言').selectOption('en');
  // Client-side checks need no round trip: a 5-digit code is refused before it is sent.
  await password(page, 'support', DEMO.support.password);
  await page.getByLabel('6-digit code').fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the 6 digits from your authenticator app.')).toBeVisible();
  await page.context().close();
});

test('the owner makes a finance user who signs in with the one-time password, enrols TOTP and approves a bank deposit with its receipt; the audit log shows it', async ({
  browser,
  request,
}) => {
  const owner = await signIn(browser, 'owner');
  await owner.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(owner.getByRole('heading', { name: 'Staff' })).toBeVisible();
  await expect(owner.getByRole('cell', { name: /finance/ }).first()).toBeVisible();

  const username = `fin${Date.now().toString(36)}`;
  await owner.getByRole('button', { name: 'Add staff' }).click();
  const dialog = owner.getByRole('dialog');
  // Bad input is refused in the form and creates nobody.
  await dialog.getByLabel('Username').fill('x');
  await dialog.getByRole('button', { name: 'Add staff' }).click();
  await expect(dialog.getByText(/3–32 characters/)).toBeVisible();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Display name').fill('Second finance');
  await dialog.getByLabel('Role').selectOption('finance');
  await dialog.getByRole('button', { name: 'Add staff' }).click();
  const oneTime = (await owner.getByTestId('one-time-password').textContent())?.trim() ?? '';
  expect(oneTime.length).toBeGreaterThanOrEqual(12);
  await owner.getByRole('button', { name: 'Done' }).click();
  await expect(owner.getByRole('cell', { name: new RegExp(username) })).toBeVisible();

  // The new user: one-time password → a new password → authenticator → recovery codes.
  const fin = await open(browser);
  await password(fin, username, oneTime);
  await expect(fin.getByText('Choose a new password before you continue.')).toBeVisible();
  await fin.getByLabel('New password', { exact: true }).fill('short');
  await fin.getByRole('button', { name: 'Continue' }).click();
  await expect(fin.getByText('At least 12 characters.').first()).toBeVisible();
  const newPassword = `Fin-${Date.now()}-pass!`;
  await fin.getByLabel('New password', { exact: true }).fill(newPassword);
  await fin.getByLabel('Repeat the new password').fill(newPassword);
  await fin.getByRole('button', { name: 'Continue' }).click();
  await fin.getByRole('button', { name: 'Set up the authenticator' }).click();
  await expect(fin.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await fin.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await fin.getByLabel('6-digit code').fill(totp(secret));
  await fin.getByRole('button', { name: 'Confirm' }).click();
  const codes = fin.getByTestId('recovery-codes').locator('li');
  await expect(codes.first()).toBeVisible();
  expect(await codes.count()).toBeGreaterThanOrEqual(8);
  const next = fin.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await fin.getByLabel('I saved them').check();
  await next.click();
  await expect(fin.locator('.bo-shell')).toBeVisible();
  // Finance works the cashier; staff administration is not theirs.
  await expect(fin.getByRole('link', { name: 'Approvals', exact: true })).toBeVisible();
  await expect(fin.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await approveBankDeposit(fin, request, username);

  // The owner's audit log shows the account being made.
  await owner.getByRole('link', { name: 'Audit log', exact: true }).click();
  await owner.getByLabel('Action').fill('staff.create');
  await owner.getByRole('button', { name: 'Search' }).click();
  const row = owner.getByRole('row').filter({ hasText: 'staff.create' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Show details' }).click();
  await expect(owner.locator('.bo-diff').getByText(`"${username}"`)).toBeVisible();
  // And the new finance user's approval of the deposit (other specs approve deposits meanwhile).
  await owner.getByLabel('Actor').fill(username);
  await owner.getByLabel('Action').fill('deposits.approve');
  await owner.getByRole('button', { name: 'Search' }).click();
  await expect(owner.getByRole('row').filter({ hasText: 'deposits.approve' })).toHaveCount(1);
  await owner.context().close();
  await fin.context().close();
});

test('support sees no money actions and the API refuses them', async ({ browser }) => {
  const page = await signIn(browser, 'support');
  await expect(page.getByRole('link', { name: 'Players', exact: true })).toBeVisible();
  for (const hidden of ['Deposits', 'Withdrawals', 'Approvals', 'Staff', 'API keys', 'Audit log'])
    await expect(page.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  // Typing the address of a page they may not use shows no data.
  await page.goto('/backoffice/staff');
  await expect(page.getByText('You do not have permission to see this page on this brand.')).toBeVisible();
  // The server is the real gate: a CSRF-less or permission-less call changes nothing.
  const staff = await apiFrom(page, 'GET', '/wps/admin/staff');
  expect(staff.status).toBe(403);
  expect(staff.json.errorCode).toBe('operator.forbidden');

  // A player's page: support reads it but gets no money action, nor the lock they do not hold.
  const found = await apiFrom(page, 'GET', '/wps/admin/players?pageSize=1');
  const memberId = (found.json as unknown as { value: { list: { memberId: string | number }[] } }).value
    .list[0]?.memberId;
  expect(memberId).toBeDefined();
  await page.goto(`/backoffice/players/${memberId}`);
  await page.locator('summary', { hasText: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Reset password' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Manual adjustment' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Lock account' })).toHaveCount(0);
  const csrf = await page.evaluate(async () => {
    const res = await fetch('/wps/admin/auth/session', { credentials: 'same-origin' });
    return ((await res.json()) as { value: { csrfToken: string } }).value.csrfToken;
  });
  const lock = await page.evaluate(
    async ({ memberId, csrf }) => {
      const res = await fetch(`/wps/admin/players/${memberId}/status`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { merchant: 'GOLDEN', 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ locked: true, reason: 'e2e: support may not lock' }),
      });
      return { status: res.status, json: (await res.json()) as { errorCode?: string } };
    },
    { memberId, csrf },
  );
  expect(lock.status).toBe(403);
  expect(lock.json.errorCode).toBe('operator.forbidden');

  // Signing out ends the session on the server: the cookie no longer opens anything.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect((await apiFrom(page, 'GET', '/wps/admin/auth/session')).status).toBe(401);
  await page.goto('/backoffice/players');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.context().close();
});

test('the deposit queue is live: an order a member makes appears, and leaves when another operator rejects it, without a reload', async ({
  browser,
  request,
}) => {
  const finance = await signIn(browser, 'finance');
  await finance.getByRole('link', { name: 'Deposits', exact: true }).click();
  await expect(finance.getByRole('heading', { name: 'Deposits' })).toBeVisible();
  const badge = finance.getByTestId('live-badge');
  await expect(badge).toHaveAttribute('data-live', 'true');
  await expect(badge).toHaveText('Live');
  let listed = 0;
  finance.on('request', (r) => {
    if (r.url().includes('/wps/admin/deposits?')) listed++;
  });

  const { d } = await bankDeposit(request);
  const row = finance.getByRole('row').filter({ hasText: d.orderNo });
  await expect(row).toBeVisible({ timeout: 5_000 });
  await expect(row).toContainText('Pending');
  expect(listed, 'the list was asked again once the order arrived').toBeGreaterThan(0);

  const rejected = await request.post(`/wps/admin/deposits/${d.id}/reject`, {
    headers: { 'X-Api-Key': ADMIN_API_KEY, Merchant: 'GOLDEN', 'Idempotency-Key': randomUUID() },
    data: { reason: 'No payment arrived' },
  });
  const answer = (await rejected.json()) as { success: boolean };
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  await expect(row).toHaveCount(0, { timeout: 5_000 });
  await finance.context().close();
});

test('the owner lands on the dashboard: the figures the API gives, per period, with the queues', async ({
  browser,
}) => {
  const page = await signIn(browser, 'owner');
  await expect(page).toHaveURL(/\/backoffice\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const period = /GOLDEN · (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/;
  const dates = async () => period.exec((await page.getByText(period).textContent()) ?? '') ?? [];
  const [, , to] = await dates();
  // 90 days ending on the same day as the default period.
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
  const read = async () => {
    const answer = await apiFrom(page, 'GET', `/wps/admin/dashboard?from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    return (answer.json as unknown as { value: { current: { newPlayers: number }; series: unknown[] } })
      .value;
  };
  // Other tests register players meanwhile: the page's figure, read between two answers of the
  // API, lies between them (the count only grows).
  const before = await read();
  expect(before.series).toHaveLength(90);
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByText(`GOLDEN · ${from} to ${to}`)).toBeVisible();
  const shown = page.getByTestId('kpi-newPlayers').locator('.bo-kpi-value');
  await expect(shown).toHaveText(/^\d[\d,]*$/);
  const figure = Number((await shown.textContent())!.replace(/,/g, ''));
  const after = await read();
  expect(figure).toBeGreaterThanOrEqual(before.current.newPlayers);
  expect(figure).toBeLessThanOrEqual(after.current.newPlayers);
  await expect(page.getByTestId('kpi-ggr').locator('.bo-kpi-value')).not.toBeEmpty();
  await expect(page.getByRole('region', { name: 'Waiting for a decision' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'GGR and NGR' })).toBeVisible();
  await page.context().close();
});

/** A 1x1 PNG: the receipt a member uploads with a bank transfer. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A member's bank transfer with its receipt, found in the deposit queue by the signed-in finance
 * page, its receipt opened and the order approved; the decided row names `decidedBy`.
 */
/** A new member's bank-transfer deposit of 250.00 with a receipt: PENDING, waiting for staff. */
async function bankDeposit(request: APIRequestContext): Promise<{ m: Member; d: Deposit }> {
  const m = await registerMember(request);
  const member = { [HEADERS.authorization]: m.token, [HEADERS.merchant]: 'GOLDEN', 'x-forwarded-for': m.ip };
  const { channels } = await value<{ channels: PaymentChannel[] }>(
    await request.get('/wps/cashier/channels', { headers: member }),
  );
  const bank = channels.find((c) => c.kind === 'BANK')!;
  const { imageId } = await value<{ imageId: string }>(
    await request.post('/wps/cashier/images', {
      headers: { ...member, 'content-type': 'image/png' },
      data: PNG,
    }),
  );
  const d = await value<Deposit>(
    await request.post('/wps/cashier/deposit', {
      headers: member,
      data: { requestId: `e2e${Date.now()}`, channelId: bank.id, amount: '250.00', imageIds: [imageId] },
    }),
  );
  return { m, d };
}

async function approveBankDeposit(page: Page, request: APIRequestContext, decidedBy: string) {
  const { m, d } = await bankDeposit(request);

  await page.getByRole('link', { name: 'Deposits', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Deposits' })).toBeVisible();
  await page.getByLabel('Player or order').fill(m.username);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: d.orderNo });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending');

  // The receipt is fetched with the staff cookie from /wps/admin/images/:id and shown.
  await row.getByRole('button', { name: 'View' }).click();
  const receipt = page.getByRole('img', { name: 'Receipt image 1' });
  await expect(receipt).toBeVisible();
  expect(await receipt.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Deposit ${d.orderNo} approved and credited.`)).toBeVisible();
  // Approved orders leave the pending queue; under "All" it shows who decided.
  await expect(page.getByRole('row').filter({ hasText: d.orderNo })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('ALL');
  await page.getByRole('button', { name: 'Search' }).click();
  const decided = page.getByRole('row').filter({ hasText: d.orderNo });
  await expect(decided).toContainText('Approved');
  await expect(decided).toContainText(decidedBy);
}

/** A change from inside the signed-in page: its cookie and its session's CSRF token. */
async function postFrom<T>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, body }) => {
      const session = await fetch('/wps/admin/auth/session', { credentials: 'same-origin' });
      const csrf = ((await session.json()) as { value: { csrfToken: string } }).value.csrfToken;
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { merchant: 'GOLDEN', 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { success: boolean; value?: unknown; errorCode?: string };
    },
    { path, body },
  );
  expect(answer, `${path}: ${JSON.stringify(answer)}`).toMatchObject({ success: true });
  return answer.value as T;
}

/** The member's encrypted call (payment password, payout account, withdrawal), as the site makes it. */
async function memberPost<T>(request: APIRequestContext, m: Member, path: string, body: unknown) {
  const headers = { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token };
  return value<T>(await request.post(path, { headers, data: await encrypt(request, headers, body) }));
}

test('finance pays a withdrawal below the threshold at once; above it the owner approves the payment', async ({
  browser,
  request,
}) => {
  const finance = await signIn(browser, 'finance');
  const owner = await signIn(browser, 'owner');

  // A member with 7,000.00 (a maker-checker credit) asks for 300.00 and 6,000.00 (the demo
  // brands' threshold is 5,000.00).
  const m = await registerMember(request);
  const credit = await postFrom<{ approvalId: string }>(
    owner,
    `/wps/admin/players/${m.customerId}/adjustments`,
    {
      direction: 'CREDIT',
      amount: '7000',
      reason: 'e2e funds',
    },
  );
  await postFrom(finance, `/wps/admin/approvals/${credit.approvalId}/approve`, {});
  await memberPost(request, m, '/wps/member/password/payment', {
    password: m.password,
    newPaymentPassword: '246810',
  });
  const account = await memberPost<{ id: string }>(request, m, '/wps/cashier/payout-accounts', {
    bankCode: 'BDO',
    accountNo: '005551234567',
    accountName: m.payeeName,
    paymentPassword: '246810',
  });
  const withdraw = (amount: string) =>
    memberPost<{ id: string; orderNo: string }>(request, m, '/wps/cashier/withdraw', {
      requestId: `e2e${Date.now()}${amount}`,
      payoutAccountId: account.id,
      amount,
      paymentPassword: '246810',
    });
  const small = await withdraw('300');
  const large = await withdraw('6000');

  // Finance pays the small one in full from the queue, with its risk signals beside it.
  await finance.getByRole('link', { name: 'Withdrawals', exact: true }).click();
  const smallRow = finance.getByRole('row').filter({ hasText: small.orderNo });
  await expect(smallRow).toContainText('First payout to this account');
  await smallRow.getByRole('button', { name: 'Pay' }).click();
  await finance.getByRole('dialog').getByRole('button', { name: 'Pay in full' }).click();
  await expect(finance.getByText('Paid in full.')).toBeVisible();

  // The large one waits for a second person and moves nothing yet.
  const largeRow = finance.getByRole('row').filter({ hasText: large.orderNo });
  await largeRow.getByRole('button', { name: 'Pay' }).click();
  await finance.getByRole('dialog').getByRole('button', { name: 'Pay in full' }).click();
  await expect(finance.getByText('Above the approval threshold')).toBeVisible();
  await expect(largeRow).toContainText('Awaiting second approval');
  await expect(largeRow.getByRole('button', { name: 'Pay' })).toHaveCount(0);

  // The owner approves it from the approvals queue; the requester could not.
  await finance.getByRole('link', { name: 'Approvals', exact: true }).click();
  await expect(finance.getByRole('row').filter({ hasText: large.orderNo })).toContainText(
    'waiting for another approver',
  );
  await owner.getByRole('link', { name: 'Approvals', exact: true }).click();
  const request2 = owner.getByRole('row').filter({ hasText: large.orderNo });
  await expect(request2).toContainText('Withdrawal');
  await request2.getByRole('button', { name: 'Approve' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByText('Request approved.')).toBeVisible();

  const mine = await value<{ list: { orderNo: string; status: string }[] }>(
    await request.get('/wps/cashier/withdrawals', {
      headers: { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token },
    }),
  );
  expect(Object.fromEntries(mine.list.map((w) => [w.orderNo, w.status]))).toEqual({
    [small.orderNo]: 'PAID',
    [large.orderNo]: 'PAID',
  });

  // The owner's audit log shows each step: finance asking to pay the large one, the owner approving.
  const queued = await apiFrom(owner, 'GET', `/wps/admin/withdrawals?q=${large.orderNo}`);
  const approvalId = (queued.json as unknown as { value: { list: { approval: { id: string } | null }[] } })
    .value.list[0]?.approval?.id;
  expect(approvalId).toBeDefined();
  await owner.getByRole('link', { name: 'Audit log', exact: true }).click();
  const audited = async (action: string, target: string, actor: string) => {
    await owner.getByLabel('Action').fill(action);
    await owner.getByLabel('Target').fill(target);
    await owner.getByRole('button', { name: 'Search' }).click();
    const row = owner.getByRole('row').filter({ hasText: action });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(actor);
  };
  await audited('cashier.withdrawals.approve', `withdrawal:${large.id}`, 'finance');
  await audited('approvals.approve', `approval:${approvalId}`, 'owner');
  await finance.context().close();
  await owner.context().close();
});

test('the owner sees the brand’s integrations, credentials only as set, syncs Hub88’s games, and bad settings never reach the server', async ({
  browser,
}) => {
  const owner = await signIn(browser, 'owner');
  await owner.getByRole('link', { name: 'Integrations', exact: true }).click();
  await expect(owner.getByRole('heading', { name: 'Integrations' })).toBeVisible();
  // serve.ts switched both on for GOLDEN through the admin API.
  const hub88 = owner.getByRole('article', { name: 'Hub88' });
  const xendit = owner.getByRole('article', { name: 'Xendit' });
  await expect(hub88.getByText('On', { exact: true })).toBeVisible();
  await expect(xendit.getByText('On', { exact: true })).toBeVisible();

  await hub88.getByRole('button', { name: 'Sync games now' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(owner.getByText(/Synced: \d+ studios, \d+ games, 0 switched off\./)).toBeVisible();

  await xendit.getByRole('button', { name: 'Configure' }).click();
  // Credentials are never shown: only whether each is set.
  await expect(xendit.getByText('Set', { exact: true })).toHaveCount(2);
  await xendit.getByRole('button', { name: 'Replace' }).first().click();
  await expect(xendit.getByLabel('New Secret API key')).toHaveValue('');
  await xendit.getByRole('button', { name: 'Keep the saved value' }).click();
  const saves: string[] = [];
  owner.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/wps/admin/integrations/')) saves.push(r.url());
  });
  await xendit.getByLabel('Call timeout (ms)').fill('soon');
  await xendit.getByRole('button', { name: 'Save' }).click();
  await expect(xendit.getByText('Enter a number.')).toBeVisible();
  expect(saves).toEqual([]);
  await owner.context().close();
});
