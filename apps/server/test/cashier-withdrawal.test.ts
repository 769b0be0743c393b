import { randomUUID } from 'node:crypto';
import type { LoginResult, PayoutAccount, Withdrawal, WithdrawInfo } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoConfirmWithdrawalPayouts } from '../src/modules/cashier/withdrawal-auto-confirm.job';
import type { AdminWithdrawal, WithdrawalDecision } from '../src/modules/cashier/withdrawal.service';
import { WithdrawalRepository } from '../src/modules/cashier/withdrawal.repository';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { encryptedBody } from './crypto-client';
import { buildTestApp, setWithdrawalThreshold, type TestContext, PNG } from './helper';
import { freshIp, Identity, type NewMember, type Reply } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const PAYMENT_PASSWORD = '246810';

let t: TestContext;
let id: Identity;
let ledger: LedgerService;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  // One operator pays every amount these tests use (the second-approver path has its own tests).
  await setWithdrawalThreshold(t.app, ADMIN_KEY, 'GOLDEN', 100_000_000n);
});
afterAll(async () => {
  await t?.close();
});

// ---- helpers ---------------------------------------------------------------------------------------

let reqSeq = 0;
const newRequestId = () => `wd-${Date.now().toString(36)}-${++reqSeq}`;

let accountSeq = 0;
/** A 13-digit account number no other test binds, ending in its own 4 digits. */
const newAccountNo = () =>
  `10${String(process.pid % 1000).padStart(3, '0')}${String(++accountSeq).padStart(8, '0')}`;

async function setPaymentPassword(m: NewMember): Promise<void> {
  await id.ok('/wps/member/password/payment', {
    token: m.token,
    body: { password: m.password, newPaymentPassword: PAYMENT_PASSWORD },
    encrypt: true,
  });
}

/** Credits the member's MAIN wallet straight through the ledger, as an operator adjustment would. */
async function fund(memberId: string, minor: bigint): Promise<void> {
  // Resolved before posting (LedgerService.account WARNING).
  const adjustment = await ledger.account('GOLDEN', 'ADJUSTMENT');
  const main = await ledger.account('GOLDEN', 'MAIN', memberId);
  await ledger.post(t.db.db, {
    merchant: 'GOLDEN',
    reference: `TEST_FUND:${randomUUID()}`,
    kind: 'ADJUSTMENT',
    memberId,
    postings: [
      { accountId: adjustment, amount: -minor },
      { accountId: main, amount: minor },
    ],
  });
}

async function balances(memberId: string): Promise<{ main: bigint; hold: bigint }> {
  const b = await ledger.memberBalances(t.db.db, memberId);
  return { main: b.get('MAIN') ?? 0n, hold: b.get('WITHDRAW_HOLD') ?? 0n };
}

async function clearingBalance(): Promise<bigint> {
  return ledger.derivedBalance(t.db.db, await ledger.account('GOLDEN', 'PAYMENT_CLEARING'));
}

const bind = (m: NewMember, body: Record<string, unknown>, encrypt = true) =>
  id.send<PayoutAccount>('/wps/cashier/payout-accounts', {
    token: m.token,
    body: { bankCode: 'BDO', accountName: m.payeeName, paymentPassword: PAYMENT_PASSWORD, ...body },
    encrypt,
  });

async function bindOk(m: NewMember, body: Record<string, unknown> = {}): Promise<PayoutAccount> {
  const res = await bind(m, { accountNo: newAccountNo(), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const withdraw = (m: NewMember, body: Record<string, unknown>, encrypt = true) =>
  id.send<Withdrawal>('/wps/cashier/withdraw', {
    token: m.token,
    body: { requestId: newRequestId(), paymentPassword: PAYMENT_PASSWORD, ...body },
    encrypt,
  });

async function withdrawOk(m: NewMember, accountId: string, amount: number | string): Promise<Withdrawal> {
  const res = await withdraw(m, { payoutAccountId: accountId, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

/** A member ready to withdraw: payment password set, `funds` in MAIN, one bound account. */
async function readyMember(funds: bigint): Promise<{ m: NewMember; account: PayoutAccount }> {
  const m = await id.registerGolden();
  await setPaymentPassword(m);
  if (funds > 0n) await fund(m.id, funds);
  return { m, account: await bindOk(m) };
}

const adminHeaders = (merchant = 'GOLDEN') => ({ merchant, 'x-api-key': ADMIN_KEY });

/**
 * An operator's decision to pay (all that remains, or `amount` with a reason); `requestId` is the
 * click's Idempotency-Key, a fresh one unless given.
 */
const pay = (
  withdrawalId: string,
  { requestId = newRequestId(), ...body }: { requestId?: string; amount?: number | string } = {},
  merchant = 'GOLDEN',
) =>
  id.send<WithdrawalDecision>(`/wps/admin/withdrawals/${withdrawalId}/approve`, {
    method: 'POST',
    headers: { ...adminHeaders(merchant), 'idempotency-key': requestId },
    body: body.amount === undefined ? body : { ...body, reason: 'Paid in part' },
  });

async function payOk(withdrawalId: string, body: { requestId?: string; amount?: number | string } = {}) {
  const res = await pay(withdrawalId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.withdrawal;
}

const reject = (withdrawalId: string, reason = 'Account details do not match') =>
  id.send<AdminWithdrawal>(`/wps/admin/withdrawals/${withdrawalId}/reject`, {
    method: 'POST',
    headers: adminHeaders(),
    body: { reason },
  });

const confirm = (m: NewMember, w: { id: string }, payoutId: string, body: Record<string, unknown>) =>
  id.send<Withdrawal>(`/wps/cashier/withdrawals/${w.id}/payouts/${payoutId}/confirm`, {
    token: m.token,
    body,
  });

async function upload(token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/images',
    headers: { host: 'localhost', authorization: token, 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Reply<{ imageId: string }>['body']>().value!.imageId;
}

async function messagesOf(memberId: string) {
  return t.db.db
    .selectFrom('member_message')
    .select(['kind', 'params'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

async function entriesOf(reference: string) {
  return t.db.db.selectFrom('ledger_entry').selectAll().where('reference', '=', reference).execute();
}

const count = async (table: string) =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.db.db)).rows[0]!.n,
  );

/** Everything a refused call must leave as it was: orders, payouts, accounts, messages, the ledger. */
async function snapshot() {
  return {
    withdrawals: await t.db.db
      .selectFrom('withdrawal')
      .select(['id', 'status', 'paid_amount', 'reviewed_by', 'reject_reason'])
      .orderBy('id')
      .execute(),
    payouts: await t.db.db
      .selectFrom('withdrawal_payout')
      .select(['id', 'confirm_status', 'proof_image_ids', 'remark'])
      .orderBy('id')
      .execute(),
    payoutAccounts: await count('payout_account'),
    entries: await count('ledger_entry'),
    postings: await count('ledger_posting'),
    messages: await count('member_message'),
    // An account a refused request created on first use holds nothing: only balances count.
    balances: await t.db.db
      .selectFrom('ledger_account')
      .select(['id', 'balance'])
      .where('balance', '<>', '0')
      .orderBy('id')
      .execute(),
    payees: await t.db.db.selectFrom('member').select(['id', 'payee_name']).orderBy('id').execute(),
  };
}

async function freePlayToken(): Promise<string> {
  const res = await id.send<LoginResult>('/wps/session/login/freeplay', {
    body: { os: 'Linux', platform: 'W', random: 'k2j4h5' },
    encrypt: true,
    ip: freshIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.token;
}

/**
 * Sends these calls at the same moment: bodies are encrypted first, then every request is
 * injected at once, so on PostgreSQL they really run in parallel.
 */
async function concurrently(
  calls: {
    url: string;
    token?: string;
    body: unknown;
    encrypt?: boolean;
    headers?: Record<string, string>;
  }[],
): Promise<Reply<unknown>[]> {
  const prepared = await Promise.all(
    calls.map(async (c) => ({
      ...c,
      payload: c.encrypt ? await encryptedBody(t.app, c.body, { host: 'localhost' }) : c.body,
    })),
  );
  const replies = await Promise.all(
    prepared.map((c) =>
      t.app.inject({
        method: 'POST',
        url: c.url,
        headers: { host: 'localhost', ...(c.token ? { authorization: c.token } : {}), ...c.headers },
        payload: c.payload as object,
      }),
    ),
  );
  return replies.map((r) => ({ status: r.statusCode, body: r.json() }));
}

// ---- payout accounts -----------------------------------------------------------------------------

describe('withdraw info and payout accounts', () => {
  let m: NewMember;
  beforeAll(async () => {
    m = await id.registerGolden();
    await setPaymentPassword(m);
    await fund(m.id, 123_456n);
  });

  it('shows the brand’s limits, the balance, the banks and no accounts yet', async () => {
    const info = await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: m.token });
    expect(info).toEqual({
      minAmount: 100,
      maxAmount: 50000,
      dailyCount: 5,
      usedToday: 0,
      balance: 1234.56,
      withdrawable: 1234.56,
      turnoverRemaining: 0,
      hasPaymentPassword: true,
      payeeName: 'Juan Dela Cruz',
      accounts: [],
      banks: [
        { code: 'BDO', name: 'BDO Unibank', kind: 'BANK' },
        { code: 'BPI', name: 'Bank of the Philippine Islands', kind: 'BANK' },
        { code: 'METROBANK', name: 'Metrobank', kind: 'BANK' },
        { code: 'GCASH', name: 'GCash', kind: 'EWALLET' },
        { code: 'MAYA', name: 'Maya', kind: 'EWALLET' },
      ],
      confirmMinutes: 30,
      currencySymbol: expect.any(String),
      // GOLDEN requires no identity verification by default: a withdrawal would not wait.
      kycWait: null,
    });
  });

  it('binds an account in the member’s name (case and spacing do not count) and masks its number', async () => {
    const res = await bind(m, {
      bankCode: 'GCASH',
      accountNo: '09171234568901',
      accountName: ' juan  DELA cruz ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({
      kind: 'EWALLET',
      bankCode: 'GCASH',
      bankName: 'GCash',
      accountNo: '•••• 8901',
    });
    const list = await id.ok<PayoutAccount[]>('/wps/cashier/payout-accounts', { token: m.token });
    expect(list).toEqual([res.body.value]);
    const info = await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: m.token });
    expect(info.accounts).toEqual(list);
    // The full number is stored, never shown to the member.
    const row = await t.db.db
      .selectFrom('payout_account')
      .select('account_no')
      .where('id', '=', res.body.value!.id)
      .executeTakeFirstOrThrow();
    expect(row.account_no).toBe('09171234568901');
    expect(JSON.stringify(info)).not.toContain('09171234568901');
  });

  it('refuses an unknown bank, a wrong or unset payment password, another name, a duplicate, a plaintext body', async () => {
    const noPassword = await id.registerGolden();
    const before = await snapshot();
    await id.fails(
      '/wps/cashier/payout-accounts',
      {
        token: m.token,
        body: {
          bankCode: 'NOPE',
          accountNo: newAccountNo(),
          accountName: m.payeeName,
          paymentPassword: PAYMENT_PASSWORD,
        },
        encrypt: true,
      },
      400,
      'withdraw.bank.unknown',
    );
    // Another brand's bank is unknown here too.
    await id.fails(
      '/wps/cashier/payout-accounts',
      {
        token: m.token,
        body: {
          bankCode: 'MAYBANK',
          accountNo: newAccountNo(),
          accountName: m.payeeName,
          paymentPassword: PAYMENT_PASSWORD,
        },
        encrypt: true,
      },
      400,
      'withdraw.bank.unknown',
    );
    expect((await bind(m, { accountNo: newAccountNo(), paymentPassword: '000000' })).body.errorCode).toBe(
      'payment.password.wrong',
    );
    const res = await bind(m, { accountNo: newAccountNo(), accountName: 'Pedro Penduko' });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('withdraw.account.name.mismatch');
    const dup = await bind(m, { bankCode: 'GCASH', accountNo: '09171234568901' });
    expect(dup.status).toBe(409);
    expect(dup.body.errorCode).toBe('withdraw.account.exists');
    const plain = await bind(m, { accountNo: newAccountNo() }, false);
    expect(plain.status).toBe(400);
    expect(plain.body.errorCode).toBe('payload.decrypt.failed');
    const bad = await bind(m, { accountNo: '12ab' });
    expect(bad.body.errorCode).toBe('request.invalid');

    const unset = await bind(noPassword, { accountNo: newAccountNo() });
    expect(unset.status).toBe(400);
    expect(unset.body.errorCode).toBe('payment.password.unset');
    expect(await snapshot()).toEqual(before);
  });

  it('binds at most 5 accounts', async () => {
    const n = await id.registerGolden();
    await setPaymentPassword(n);
    for (let i = 0; i < 5; i++) await bindOk(n, { bankCode: i % 2 ? 'BPI' : 'MAYA' });
    const before = await snapshot();
    const res = await bind(n, { accountNo: newAccountNo() });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('withdraw.account.limit');
    expect(res.body.message).toContain('5');
    expect(await snapshot()).toEqual(before);
  });

  it('sets the payee name from the first account when the member has none, then holds others to it', async () => {
    const n = await id.registerGolden();
    await setPaymentPassword(n);
    await t.db.db.updateTable('member').set({ payee_name: null }).where('id', '=', n.id).execute();
    expect(
      (await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: n.token })).payeeName,
    ).toBeNull();
    const first = await bindOk(n, { accountName: 'Maria   Santos' });
    expect(first.accountName).toBe('Maria Santos');
    expect((await id.memberRow(n.username)).payee_name).toBe('Maria Santos');
    expect((await id.info(n.token)).body.value).toMatchObject({ payeeName: 'Maria Santos' });
    expect((await bind(n, { accountNo: newAccountNo(), accountName: 'Juan Dela Cruz' })).body.errorCode).toBe(
      'withdraw.account.name.mismatch',
    );
    await bindOk(n, { accountName: 'MARIA SANTOS' });
  });

  it('refuses callers without a session, and trial accounts', async () => {
    await id.fails('/wps/cashier/withdraw/info', {}, 401, 'login.not.session');
    await id.fails('/wps/cashier/payout-accounts', {}, 401, 'login.not.session');
    const trial = await freePlayToken();
    const before = await snapshot();
    await id.fails('/wps/cashier/withdraw/info', { token: trial }, 403, 'member.trial.forbidden');
    await id.fails(
      '/wps/cashier/payout-accounts',
      {
        token: trial,
        body: { bankCode: 'BDO', accountNo: newAccountNo(), accountName: 'Guest', paymentPassword: '123456' },
        encrypt: true,
      },
      403,
      'member.trial.forbidden',
    );
    expect(await snapshot()).toEqual(before);
  });
});

// ---- withdrawals ------------------------------------------------------------------------------------

describe('asking for a withdrawal', () => {
  let m: NewMember;
  let account: PayoutAccount;
  beforeAll(async () => {
    ({ m, account } = await readyMember(100_000n));
  });

  it('holds the amount at once: MAIN down, hold up, one WITHDRAW entry', async () => {
    const w = await withdrawOk(m, account.id, '300.50');
    expect(w).toMatchObject({
      amount: 300.5,
      paidAmount: 0,
      remainingAmount: 300.5,
      status: 'PENDING',
      account: { id: account.id, accountNo: account.accountNo, bankCode: 'BDO' },
      payouts: [],
      rejectReason: null,
    });
    expect(w.orderNo).toMatch(/^W\d{8}\d{10}$/);
    expect(await balances(m.id)).toEqual({ main: 100_000n - 30_050n, hold: 30_050n });
    const [entry] = await entriesOf(`WITHDRAW:${w.orderNo}`);
    expect(entry).toMatchObject({ kind: 'WITHDRAW', member_id: m.id });

    const list = await id.ok<{ list: Withdrawal[]; totalPages: number }>('/wps/cashier/withdrawals', {
      token: m.token,
    });
    expect(list.list[0]).toEqual(w);
    const info = await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: m.token });
    expect(info).toMatchObject({ usedToday: 1, withdrawable: 699.5 });
  });

  it('answers a retry with the same order and moves nothing; another amount or account is a conflict', async () => {
    const requestId = newRequestId();
    const first = await withdraw(m, { requestId, payoutAccountId: account.id, amount: 150 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await snapshot();
    const again = await withdraw(m, { requestId, payoutAccountId: account.id, amount: '150.00' });
    expect(again.body.value).toEqual(first.body.value);
    // Even with a wrong payment password: the retry is recognised before anything else.
    const wrong = await withdraw(m, {
      requestId,
      payoutAccountId: account.id,
      amount: 150,
      paymentPassword: '000000',
    });
    expect(wrong.body.value).toEqual(first.body.value);
    const other = await withdraw(m, { requestId, payoutAccountId: account.id, amount: 151 });
    expect(other.status).toBe(409);
    expect(other.body.errorCode).toBe('wallet.reference.conflict');
    const second = await bindOk(m);
    const elsewhere = await withdraw(m, { requestId, payoutAccountId: second.id, amount: 150 });
    expect(elsewhere.body.errorCode).toBe('wallet.reference.conflict');
    expect({ ...(await snapshot()), payoutAccounts: before.payoutAccounts }).toEqual(before);
  });

  it('refuses bad amounts, someone else’s account, a wrong or unset password, a plaintext body; nothing moves', async () => {
    const other = await readyMember(0n);
    // A member with money and an account (bound before payment passwords were required) but no
    // payment password.
    const unset = await id.registerGolden();
    await fund(unset.id, 50_000n);
    const unsetAccount = await t.db.db
      .insertInto('payout_account')
      .values({
        merchant_code: 'GOLDEN',
        member_id: unset.id,
        bank_code: 'BDO',
        account_name: unset.payeeName,
        account_no: newAccountNo(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trial = await freePlayToken();
    const before = await snapshot();

    const refused = async (
      body: Record<string, unknown>,
      status: number,
      code: string,
      o: { encrypt?: boolean; who?: NewMember } = {},
    ) => {
      const res = await withdraw(o.who ?? m, { payoutAccountId: account.id, ...body }, o.encrypt ?? true);
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, errorCode: code });
      expect(res.status).toBe(status);
      expect(res.body.message?.length ?? 0).toBeGreaterThan(0);
      return res;
    };
    await refused({ amount: -100 }, 400, 'request.invalid');
    await refused({ amount: '-100' }, 400, 'request.invalid');
    await refused({ amount: 0 }, 400, 'request.invalid');
    await refused({ amount: '100.001' }, 400, 'request.invalid');
    await refused({ amount: '1e3' }, 400, 'request.invalid');
    const low = await refused({ amount: '99.99' }, 400, 'cashier.amount.range');
    expect(low.body.message).toContain('100.00');
    expect(low.body.message).toContain('50000.00');
    await refused({ amount: '50000.01' }, 400, 'cashier.amount.range');
    await refused({ amount: 800 }, 400, 'wallet.insufficient');
    await refused({ amount: 100, payoutAccountId: other.account.id }, 400, 'withdraw.account.unknown');
    await refused({ amount: 100, payoutAccountId: '999999999' }, 400, 'withdraw.account.unknown');
    await refused({ amount: 100, paymentPassword: '000000' }, 400, 'payment.password.wrong');
    await refused({ amount: 100 }, 400, 'payload.decrypt.failed', { encrypt: false });
    await refused({ amount: 100, requestId: 'x' }, 400, 'request.invalid');
    await refused({ amount: 100, payoutAccountId: unsetAccount.id }, 400, 'payment.password.unset', {
      who: unset,
    });
    await id.fails(
      '/wps/cashier/withdraw',
      {
        body: {
          requestId: newRequestId(),
          payoutAccountId: account.id,
          amount: 100,
          paymentPassword: PAYMENT_PASSWORD,
        },
        encrypt: true,
      },
      401,
      'login.not.session',
    );
    await id.fails(
      '/wps/cashier/withdraw',
      {
        token: trial,
        body: {
          requestId: newRequestId(),
          payoutAccountId: account.id,
          amount: 100,
          paymentPassword: '123456',
        },
        encrypt: true,
      },
      403,
      'member.trial.forbidden',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses while turnover is still to be bet', async () => {
    const { m: n, account: a } = await readyMember(50_000n);
    await t.db.db
      .insertInto('turnover_requirement')
      .values({
        merchant_code: 'GOLDEN',
        member_id: n.id,
        required: 123_450n,
        achieved: 23_000n,
        source: 'TEST',
      })
      .execute();
    const info = await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: n.token });
    // Nothing is withdrawable while the requirement is open: the balance waits for the turnover.
    expect(info).toMatchObject({ balance: 500, withdrawable: 0, turnoverRemaining: 1004.5 });
    const before = await snapshot();
    const res = await withdraw(n, { payoutAccountId: a.id, amount: 100 });
    expect(res.body.errorCode).toBe('withdraw.turnover.unmet');
    expect(res.body.message).toContain('1004.50');
    expect(await snapshot()).toEqual(before);
  });

  it('counts money left at a vendor wallet: recalled into main, shown and withdrawn', async () => {
    const { m: n, account: a } = await readyMember(40_000n);
    await id.ok('/wps/relay/GCS_walletTransfer', {
      token: n.token,
      body: { requestId: newRequestId(), direction: 'IN', vendor: 'DS88' },
    });
    expect(await balances(n.id)).toMatchObject({ main: 0n });
    const info = await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: n.token });
    expect(info).toMatchObject({ balance: 400, withdrawable: 400 });
    expect(await balances(n.id)).toMatchObject({ main: 40_000n });
    // Moved out again, then withdrawn straight away: the request recalls it before holding.
    await id.ok('/wps/relay/GCS_walletTransfer', {
      token: n.token,
      body: { requestId: newRequestId(), direction: 'IN', vendor: 'DS88' },
    });
    await withdrawOk(n, a.id, 300);
    expect(await balances(n.id)).toEqual({ main: 10_000n, hold: 30_000n });
  });

  it('allows 5 a day; a rejected one does not count', async () => {
    const { m: n, account: a } = await readyMember(1_000_000n);
    const made: Withdrawal[] = [];
    for (let i = 0; i < 5; i++) made.push(await withdrawOk(n, a.id, 100));
    const before = await snapshot();
    const res = await withdraw(n, { payoutAccountId: a.id, amount: 100 });
    expect(res.body.errorCode).toBe('withdraw.daily.limit');
    expect(res.body.message).toContain('5');
    expect(await snapshot()).toEqual(before);
    expect((await reject(made[0]!.id)).status).toBe(200);
    expect((await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: n.token })).usedToday).toBe(4);
    await withdrawOk(n, a.id, 100);
  });
});

// ---- the operator and the member's confirmation -------------------------------------------------------

describe('live notices', () => {
  it("tells the member's screens and the operators' withdrawal queue of each step: asked, paid, rejected", async () => {
    const { m, account } = await readyMember(100_000n);
    const heard: string[] = [];
    const watched = new Set(['s:GOLDEN:withdrawals', `m:GOLDEN:${m.id}`]);
    const stop = t.bus.subscribe((msg) => {
      if (watched.has(msg.topic)) heard.push(`${msg.topic}|${(msg.data as { kind?: string }).kind}`);
    });
    /** What was heard since the last call, once the notices' short delay has passed. */
    const drain = async () => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      return heard.splice(0).sort();
    };
    try {
      const queue = 's:GOLDEN:withdrawals|changed';
      const cashier = `m:GOLDEN:${m.id}|cashier`;
      const paid = await withdrawOk(m, account.id, 100);
      expect(await drain()).toEqual(expect.arrayContaining([queue, cashier, `m:GOLDEN:${m.id}|wallet`]));
      await payOk(paid.id);
      // Paying moves no money of the member's wallets: its cashier, its inbox (the message) and
      // the queue hear it, its wallet does not.
      expect(await drain()).toEqual([queue, cashier, `m:GOLDEN:${m.id}|inbox`].sort());
      const refused = await withdrawOk(m, account.id, 150);
      await drain();
      expect((await reject(refused.id)).status).toBe(200);
      expect(await drain()).toEqual(expect.arrayContaining([queue, cashier]));
      // A refused decision changes nothing and says nothing.
      expect((await reject(refused.id)).body.errorCode).toBe('cashier.order.state');
      expect(await drain()).toEqual([]);
    } finally {
      stop();
    }
  });
});

describe('paying a withdrawal', () => {
  let m: NewMember;
  let account: PayoutAccount;
  let w: Withdrawal;
  beforeAll(async () => {
    ({ m, account } = await readyMember(100_000n));
    w = await withdrawOk(m, account.id, 300);
  });

  it('pays part, then the rest: hold → clearing, PARTIAL then PAID, a message each time', async () => {
    const clearing = await clearingBalance();
    const requestId = newRequestId();
    const partial = await payOk(w.id, { requestId, amount: '100.25' });
    expect(partial).toMatchObject({
      status: 'PARTIAL',
      amount: 300,
      paidAmount: 100.25,
      remainingAmount: 199.75,
      username: m.username,
      memberId: m.id,
      reviewedBy: 'alice',
      // Operators see the number they pay to.
      account: { id: account.id },
    });
    expect(partial.account.accountNo).toMatch(/^\d+$/);
    expect(partial.payouts).toHaveLength(1);
    const p1 = partial.payouts[0]!;
    expect(p1).toMatchObject({ amount: 100.25, confirmStatus: 'AWAITING', proofImageIds: [], remark: null });
    const minutes = (Date.parse(p1.confirmDeadline) - Date.parse(p1.paidTime)) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
    expect(await balances(m.id)).toEqual({ main: 70_000n, hold: 19_975n });
    expect(await clearingBalance()).toBe(clearing + 10_025n);
    const [entry] = await entriesOf(`WITHDRAW_PAY:${w.orderNo}:key-${requestId}`);
    expect(entry).toMatchObject({ kind: 'WITHDRAW_PAID' });

    // A retried click answers the same and pays nothing more; the same key for another
    // decision is refused.
    const before = await snapshot();
    const retry = await pay(w.id, { requestId, amount: '100.25' });
    expect(retry.status).toBe(200);
    expect(retry.body.value).toMatchObject({ state: 'PARTLY_PAID', withdrawal: { paidAmount: 100.25 } });
    expect((await pay(w.id, { requestId })).body.errorCode).toBe('idempotency.mismatch');
    expect((await pay(w.id, { requestId, amount: 50 })).body.errorCode).toBe('idempotency.mismatch');
    // More than remains, or not an amount.
    expect((await pay(w.id, { amount: '199.76' })).body.errorCode).toBe('request.invalid');
    expect((await pay(w.id, { amount: 0 })).body.errorCode).toBe('request.invalid');
    expect((await pay(w.id, { amount: '1.005' })).body.errorCode).toBe('request.invalid');
    expect(await snapshot()).toEqual(before);

    const paid = await payOk(w.id);
    expect(paid).toMatchObject({ status: 'PAID', paidAmount: 300, remainingAmount: 0 });
    expect(paid.payouts.map((p) => p.amount)).toEqual([100.25, 199.75]);
    expect(await balances(m.id)).toEqual({ main: 70_000n, hold: 0n });
    expect(await clearingBalance()).toBe(clearing + 30_000n);
    expect(await messagesOf(m.id)).toEqual([
      {
        kind: 'WITHDRAW_PARTIAL',
        params: { orderNo: w.orderNo, amount: 300, paid: 100.25, remaining: 199.75, payment: 100.25 },
      },
      {
        kind: 'WITHDRAW_PAID',
        params: { orderNo: w.orderNo, amount: 300, paid: 300, remaining: 0, payment: 199.75 },
      },
    ]);

    const done = await snapshot();
    const again = await pay(w.id);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('cashier.order.state');
    expect((await reject(w.id)).body.errorCode).toBe('cashier.order.state');
    expect(await snapshot()).toEqual(done);
  });

  it('lets only an operator of the order’s brand act on it', async () => {
    const before = await snapshot();
    const noKey = await id.send(`/wps/admin/withdrawals/${w.id}/approve`, {
      method: 'POST',
      headers: { merchant: 'GOLDEN' },
      body: {},
    });
    expect(noKey.status).toBe(401);
    expect(noKey.body.errorCode).toBe('admin.unauthorized');
    const lotus = await pay(w.id, {}, 'LOTUS');
    expect(lotus.status).toBe(404);
    expect(lotus.body.errorCode).toBe('cashier.order.not.found');
    expect((await pay('999999999')).status).toBe(404);
    expect((await reject('999999999')).status).toBe(404);
    expect(await snapshot()).toEqual(before);

    const list = await id.ok<{ list: { id: string; status: string }[] }>(
      '/wps/admin/withdrawals?status=PAID&page=1&pageSize=100',
      { headers: adminHeaders() },
    );
    expect(list.list.map((x) => x.id)).toContain(w.id);
    expect(list.list.every((x) => x.status === 'PAID')).toBe(true);
    const lotusList = await id.ok<{ list: { id: string }[] }>('/wps/admin/withdrawals', {
      headers: adminHeaders('LOTUS'),
    });
    expect(lotusList.list.map((x) => x.id)).not.toContain(w.id);
  });

  it('takes the member’s answers: received, or not received with proof; no money moves', async () => {
    const [p1, p2] = (
      await id.ok<{ list: Withdrawal[] }>('/wps/cashier/withdrawals?status=PAID', { token: m.token })
    ).list.find((x) => x.id === w.id)!.payouts;
    const other = await id.registerGolden();
    const before = await snapshot();

    // Someone else's payout does not exist for them.
    const foreign = await confirm(other, w, p1!.id, { received: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe('cashier.order.not.found');
    // A payout of another withdrawal under this one's id is unknown too.
    expect((await confirm(m, { id: '999999999' }, p1!.id, { received: true })).status).toBe(404);
    // Not received needs proof, and the proof must be the member's own upload.
    expect((await confirm(m, w, p2!.id, { received: false })).body.errorCode).toBe('request.invalid');
    const foreignImage = await upload(other.token);
    expect((await confirm(m, w, p2!.id, { received: false, imageIds: [foreignImage] })).body.errorCode).toBe(
      'request.invalid',
    );
    expect(await snapshot()).toEqual(before);

    const ok1 = await confirm(m, w, p1!.id, { received: true });
    expect(ok1.status, JSON.stringify(ok1.body)).toBe(200);
    expect(ok1.body.value!.payouts[0]!.confirmStatus).toBe('RECEIVED');
    const twice = await confirm(m, w, p1!.id, { received: false, imageIds: [await upload(m.token)] });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('cashier.order.state');

    const proof = await upload(m.token);
    const ok2 = await confirm(m, w, p2!.id, {
      received: false,
      imageIds: [proof],
      remark: 'Nothing arrived in BDO',
    });
    expect(ok2.status, JSON.stringify(ok2.body)).toBe(200);
    expect(ok2.body.value!.payouts[1]).toMatchObject({
      confirmStatus: 'NOT_RECEIVED',
      proofImageIds: [proof],
    });
    const after = await snapshot();
    expect(after.balances).toEqual(before.balances);
    expect(after.entries).toBe(before.entries);

    // The operator sees the proof and remark, and after checking marks it received.
    const admin = await id.ok<AdminWithdrawal>(`/wps/admin/withdrawals/${w.id}`, {
      headers: adminHeaders(),
    });
    expect(admin.payouts[1]).toMatchObject({
      confirmStatus: 'NOT_RECEIVED',
      remark: 'Nothing arrived in BDO',
      proofImageIds: [proof],
    });
    const resolve = () =>
      id.send<AdminWithdrawal>(`/wps/admin/withdrawals/${w.id}/payouts/${p2!.id}/resolve`, {
        method: 'POST',
        headers: adminHeaders(),
      });
    const resolved = await resolve();
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.value!.payouts[1]!.confirmStatus).toBe('RECEIVED');
    expect((await resolve()).body.errorCode).toBe('cashier.order.state');
    expect((await snapshot()).balances).toEqual(before.balances);
  });

  it('counts an unanswered payout as received after its deadline', async () => {
    const { m: n, account: a } = await readyMember(50_000n);
    const v = await withdrawOk(n, a.id, 200);
    const paid = await payOk(v.id, { amount: 50 });
    const payoutId = paid.payouts[0]!.id;
    const job = new WithdrawalRepository(t.db.db);
    // Before the deadline the job leaves it alone.
    expect(await job.autoConfirm()).toBe(0);
    await t.db.db
      .updateTable('withdrawal_payout')
      .set({ confirm_deadline: new Date(Date.now() - 60_000) })
      .where('id', '=', payoutId)
      .execute();
    const before = await snapshot();
    // Too late for the member's own answer.
    const late = await confirm(n, v, payoutId, { received: true });
    expect(late.status).toBe(409);
    expect(late.body.errorCode).toBe('cashier.order.state');
    expect(await snapshot()).toEqual(before);

    const withdrawals = { autoConfirm: () => job.autoConfirm() };
    expect(await autoConfirmWithdrawalPayouts(withdrawals)).toBe(1);
    expect(await autoConfirmWithdrawalPayouts(withdrawals)).toBe(0);
    const row = await t.db.db
      .selectFrom('withdrawal_payout')
      .select(['confirm_status', 'confirmed_at'])
      .where('id', '=', payoutId)
      .executeTakeFirstOrThrow();
    expect(row.confirm_status).toBe('AUTO_RECEIVED');
    expect(row.confirmed_at).not.toBeNull();
    expect((await snapshot()).balances).toEqual(before.balances);
  });

  it('rejects: only what is still held returns; the paid part stays paid', async () => {
    const { m: n, account: a } = await readyMember(100_000n);
    const v = await withdrawOk(n, a.id, 500);
    await payOk(v.id, { amount: 200 });
    expect(await balances(n.id)).toEqual({ main: 50_000n, hold: 30_000n });
    const res = await reject(v.id, 'Bank refused the rest');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({
      status: 'REJECTED',
      paidAmount: 200,
      remainingAmount: 0,
      rejectReason: 'Bank refused the rest',
    });
    expect(res.body.value!.payouts).toHaveLength(1);
    expect(await balances(n.id)).toEqual({ main: 80_000n, hold: 0n });
    const [entry] = await entriesOf(`WITHDRAW_RETURN:${v.orderNo}`);
    expect(entry).toMatchObject({ kind: 'WITHDRAW_RETURN', member_id: n.id });
    expect((await messagesOf(n.id)).at(-1)).toEqual({
      kind: 'WITHDRAW_REJECTED',
      params: { orderNo: v.orderNo, amount: 300, reason: 'Bank refused the rest' },
    });
    const before = await snapshot();
    expect((await reject(v.id)).body.errorCode).toBe('cashier.order.state');
    expect((await pay(v.id)).body.errorCode).toBe('cashier.order.state');
    expect(await snapshot()).toEqual(before);

    // A PENDING one returns whole.
    const u = await withdrawOk(n, a.id, 150);
    expect((await reject(u.id)).status).toBe(200);
    expect(await balances(n.id)).toEqual({ main: 80_000n, hold: 0n });
    const mine = await id.ok<{ list: Withdrawal[] }>('/wps/cashier/withdrawals?status=REJECTED', {
      token: n.token,
    });
    expect(mine.list.map((x) => x.id)).toEqual([u.id, v.id]);
  });
});

describe('API document', () => {
  it('lists the withdrawal calls', async () => {
    const res = await t.app.inject({ url: '/docs/json', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const expected: [string, string][] = [
      ['/wps/cashier/withdraw/info', 'get'],
      ['/wps/cashier/payout-accounts', 'get'],
      ['/wps/cashier/payout-accounts', 'post'],
      ['/wps/cashier/withdraw', 'post'],
      ['/wps/cashier/withdrawals', 'get'],
      ['/wps/cashier/withdrawals/{id}/payouts/{payoutId}/confirm', 'post'],
      ['/wps/admin/withdrawals', 'get'],
      ['/wps/admin/withdrawals/{id}', 'get'],
      ['/wps/admin/withdrawals/{id}/approve', 'post'],
      ['/wps/admin/withdrawals/{id}/reject', 'post'],
      ['/wps/admin/withdrawals/{id}/payouts/{payoutId}/resolve', 'post'],
    ];
    for (const [path, method] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

// ---- concurrency ------------------------------------------------------------------------------------------

describe('concurrent requests', () => {
  /**
   * On PostgreSQL, makes the calls meet inside their transactions: a test transaction holds the
   * payout account's row lock (each new withdrawal's foreign key needs a share lock on it) until
   * `waiting` backends wait on a lock. Unserialised calls would then all have passed the balance,
   * daily-count and twin checks before any of them inserts; the service must serialise them before
   * those checks. (PGlite has one connection: its transactions run one after another anyway.)
   */
  async function gated<T>(accountId: string, waiting: number, start: () => Promise<T>): Promise<T> {
    if (process.env.TEST_DB_KIND !== 'postgres') return start();
    const held = await t.db.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM payout_account WHERE id = ${accountId} FOR UPDATE`.execute(trx);
      const pending = start();
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db.db);
        if (rows[0]!.n >= waiting) break;
        if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} of ${waiting} calls reached the gate`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Returned in an object: the transaction must commit (open the gate) before it is awaited.
      return { pending };
    });
    return held.pending;
  }

  const withdrawCall = (m: NewMember, body: Record<string, unknown>) => ({
    url: '/wps/cashier/withdraw',
    token: m.token,
    encrypt: true,
    body: { requestId: newRequestId(), paymentPassword: PAYMENT_PASSWORD, ...body },
  });

  it('10 withdrawals at once when the balance covers 3: exactly 3 are made', async () => {
    const { m, account } = await readyMember(90_000n);
    const replies = await gated(account.id, 10, () =>
      concurrently(
        Array.from({ length: 10 }, () => withdrawCall(m, { payoutAccountId: account.id, amount: 300 })),
      ),
    );
    const okCount = replies.filter((r) => r.status === 200).length;
    expect(okCount, JSON.stringify(replies.map((r) => r.body))).toBe(3);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.body.errorCode).toBe('wallet.insufficient');
      expect(r.status).toBe(400);
    }
    expect(await balances(m.id)).toEqual({ main: 0n, hold: 90_000n });
    const rows = await t.db.db.selectFrom('withdrawal').select('id').where('member_id', '=', m.id).execute();
    expect(rows).toHaveLength(3);
  });

  it('8 withdrawals at once with plenty of balance: exactly the daily 5 are made', async () => {
    const { m, account } = await readyMember(10_000_000n);
    const replies = await gated(account.id, 8, () =>
      concurrently(
        Array.from({ length: 8 }, () => withdrawCall(m, { payoutAccountId: account.id, amount: 100 })),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of replies.filter((x) => x.status !== 200))
      expect(r.body.errorCode).toBe('withdraw.daily.limit');
    expect(await balances(m.id)).toEqual({ main: 10_000_000n - 50_000n, hold: 50_000n });
  });

  it('the same requestId 5 times at once: one order, one hold', async () => {
    const { m, account } = await readyMember(100_000n);
    const requestId = newRequestId();
    const replies = await gated(account.id, 5, () =>
      concurrently(
        Array.from({ length: 5 }, () =>
          withdrawCall(m, { requestId, payoutAccountId: account.id, amount: 250 }),
        ),
      ),
    );
    expect(
      replies.map((r) => r.status),
      JSON.stringify(replies.map((r) => r.body)),
    ).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(replies.map((r) => (r.body.value as Withdrawal).id));
    expect(ids.size).toBe(1);
    const orders = await t.db.db
      .selectFrom('withdrawal')
      .select('order_no')
      .where('member_id', '=', m.id)
      .execute();
    expect(orders).toHaveLength(1);
    expect(await entriesOf(`WITHDRAW:${orders[0]!.order_no}`)).toHaveLength(1);
    expect(await balances(m.id)).toEqual({ main: 75_000n, hold: 25_000n });
  });

  it('two operators paying all that remains at once: one payment is made', async () => {
    const { m, account } = await readyMember(100_000n);
    const w = await withdrawOk(m, account.id, 400);
    const call = () => ({
      url: `/wps/admin/withdrawals/${w.id}/approve`,
      headers: { ...adminHeaders(), 'idempotency-key': newRequestId() },
      body: { amount: 400 },
    });
    const replies = await concurrently([call(), call()]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.errorCode).toBe('cashier.order.state');
    const payouts = await t.db.db
      .selectFrom('withdrawal_payout')
      .select('amount')
      .where('withdrawal_id', '=', w.id)
      .execute();
    expect(payouts).toEqual([{ amount: '40000' }]);
    expect(await balances(m.id)).toEqual({ main: 60_000n, hold: 0n });

    // The same payment retried at once pays once.
    const v = await withdrawOk(m, account.id, 100);
    const requestId = newRequestId();
    const same = await concurrently(
      Array.from({ length: 3 }, () => ({
        url: `/wps/admin/withdrawals/${v.id}/approve`,
        headers: { ...adminHeaders(), 'idempotency-key': requestId },
        body: { amount: 40, reason: 'Paid in part' },
      })),
    );
    expect(same.map((r) => r.status)).toEqual([200, 200, 200]);
    const vp = await t.db.db
      .selectFrom('withdrawal_payout')
      .select('amount')
      .where('withdrawal_id', '=', v.id)
      .execute();
    expect(vp).toEqual([{ amount: '4000' }]);
  });

  it('leaves a consistent ledger', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
