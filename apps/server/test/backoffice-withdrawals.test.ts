/**
 * The back office's withdrawal queue: the list with its risk signals, the decision to pay (in
 * full or in part) below the brand's threshold, the second approver at or above it, rejection,
 * idempotent retries and races, and bad input that changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { PERMISSIONS, type Permission, type PayoutAccount, type Withdrawal } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalDecision } from '../src/modules/cashier/withdrawal.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { buildTestApp, setWithdrawalThreshold, type TestContext, PNG } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const PAYMENT_PASSWORD = '246810';
/** GOLDEN's threshold in these tests: 1,000.00. */
const THRESHOLD = 100_000n;

let t: TestContext;
let id: Identity;
let ledger: LedgerService;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  await setWithdrawalThreshold(t.app, ADMIN_KEY, 'GOLDEN', THRESHOLD);
  // The harness's platform-wide key, for calls on another brand.
  keys.set('platform', ADMIN_KEY);
});
afterAll(async () => {
  await t?.close();
});

// ---- operators ------------------------------------------------------------------------------------

/** Each operator calls with an API key of their own, named after them (all permissions unless given). */
const keys = new Map<string, string>();
async function keyOf(who: string, permissions: readonly Permission[] = PERMISSIONS): Promise<string> {
  let key = keys.get(who);
  if (!key) {
    key = `test-key-${who}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(key, who, 'GOLDEN', [...permissions], 'test');
    keys.set(who, key);
  }
  return key;
}

interface Answer<T> {
  status: number;
  body: { success: boolean; value?: T; errorCode?: string };
}

async function call<T = unknown>(
  who: string,
  method: 'GET' | 'POST',
  url: string,
  o: { body?: unknown; key?: string; merchant?: string } = {},
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      host: 'localhost',
      merchant: o.merchant ?? 'GOLDEN',
      'x-api-key': await keyOf(who),
      ...(o.key !== undefined ? { 'idempotency-key': o.key } : {}),
    },
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const approveW = (who: string, wid: string, body: Record<string, unknown> = {}, key = randomUUID()) =>
  call<WithdrawalDecision>(who, 'POST', `/wps/admin/withdrawals/${wid}/approve`, { body, key });

// ---- members ----------------------------------------------------------------------------------------

let accountSeq = 0;
const newAccountNo = () =>
  `20${String(process.pid % 1000).padStart(3, '0')}${String(++accountSeq).padStart(8, '0')}`;

async function fund(memberId: string, minor: bigint): Promise<void> {
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

async function bindOk(m: NewMember, accountNo = newAccountNo()): Promise<PayoutAccount> {
  return id.ok<PayoutAccount>('/wps/cashier/payout-accounts', {
    token: m.token,
    body: { bankCode: 'BDO', accountName: m.payeeName, paymentPassword: PAYMENT_PASSWORD, accountNo },
    encrypt: true,
  });
}

async function readyMember(funds: bigint, accountNo?: string) {
  const m = await id.registerGolden();
  await id.ok('/wps/member/password/payment', {
    token: m.token,
    body: { password: m.password, newPaymentPassword: PAYMENT_PASSWORD },
    encrypt: true,
  });
  await fund(m.id, funds);
  return { m, account: await bindOk(m, accountNo) };
}

function withdrawOk(m: NewMember, accountId: string, amount: number): Promise<Withdrawal> {
  return id.ok<Withdrawal>('/wps/cashier/withdraw', {
    token: m.token,
    body: {
      requestId: `wd-${randomUUID()}`,
      paymentPassword: PAYMENT_PASSWORD,
      payoutAccountId: accountId,
      amount,
    },
    encrypt: true,
  });
}

/** A credited bank deposit of `amount` through the member's order and the operator's approval. */
async function depositOk(m: NewMember, amount: number): Promise<void> {
  const channel = await t.db.db
    .selectFrom('payment_channel')
    .select('id')
    .where('merchant_code', '=', 'GOLDEN')
    .where('code', '=', 'BANK_BDO')
    .executeTakeFirstOrThrow();
  const image = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/images',
    headers: { host: 'localhost', authorization: m.token, 'content-type': 'image/png' },
    payload: PNG,
  });
  const d = await id.ok<{ id: string }>('/wps/cashier/deposit', {
    token: m.token,
    body: {
      requestId: `dp-${randomUUID()}`,
      channelId: channel.id,
      amount,
      payerName: m.payeeName,
      imageIds: [image.json<{ value: { imageId: string } }>().value.imageId],
    },
  });
  const res = await call('alice', 'POST', `/wps/admin/deposits/${d.id}/approve`, { key: randomUUID() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function balances(memberId: string) {
  const b = await ledger.memberBalances(t.db.db, memberId);
  return { main: b.get('MAIN') ?? 0n, hold: b.get('WITHDRAW_HOLD') ?? 0n };
}

const payEntries = (orderNo: string) =>
  t.db.db
    .selectFrom('ledger_entry')
    .select(['reference'])
    .where('reference', 'like', `WITHDRAW_PAY:${orderNo}:%`)
    .execute();

async function snapshot() {
  const count = async (table: 'ledger_entry' | 'withdrawal_payout' | 'approval_request' | 'member_message') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    withdrawals: await t.db.db
      .selectFrom('withdrawal')
      .select(['id', 'status', 'paid_amount'])
      .orderBy('id')
      .execute(),
    approvals: await t.db.db.selectFrom('approval_request').select(['id', 'state']).orderBy('id').execute(),
    entries: await count('ledger_entry'),
    payouts: await count('withdrawal_payout'),
    messages: await count('member_message'),
  };
}

interface QueueRow {
  id: string;
  orderNo: string;
  memberId: string;
  username: string;
  amount: number;
  paid: number;
  payoutAccount: { bank: string; holder: string; numberMasked: string };
  status: string;
  approval: null | { id: string; state: string; requestedBy: string };
  risk: {
    turnoverMet: boolean;
    turnoverLeft: number;
    accountAgeDays: number;
    linkedAccounts: number;
    depositToWithdrawal30d: number | null;
    firstToThisPayoutAccount: boolean;
  };
}
interface QueuePage {
  list: QueueRow[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

async function queue(query: Record<string, string>, who = 'alice', merchant = 'GOLDEN'): Promise<QueuePage> {
  const res = await call<QueuePage>(who, 'GET', `/wps/admin/withdrawals?${new URLSearchParams(query)}`, {
    merchant,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

// ---- the queue ----------------------------------------------------------------------------------------

describe('the withdrawal queue', () => {
  it('lists newest first with every risk signal, and filters by status, time and q', async () => {
    const shared = newAccountNo();
    const { m: a, account: aAcc } = await readyMember(500_000n, shared);
    // Account age: registered 12 days ago (and a day's margin either side of the clock).
    await t.db.db
      .updateTable('member')
      .set({ created_at: sql<Date>`now() - interval '12 days 1 hour'` })
      .where('id', '=', a.id)
      .execute();
    // Deposits of 600.00 within 30 days; one of 900.00 older than that does not count.
    await depositOk(a, 600);
    await depositOk(a, 900);
    await t.db.db
      .updateTable('deposit')
      .set({ created_at: sql<Date>`now() - interval '40 days'` })
      .where('member_id', '=', a.id)
      .where('amount', '=', '90000')
      .execute();

    const w1 = await withdrawOk(a, aAcc.id, 300);
    let page = await queue({ q: w1.orderNo });
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      id: w1.id,
      orderNo: w1.orderNo,
      memberId: a.id,
      username: a.username,
      amount: 300,
      paid: 0,
      status: 'PENDING',
      approval: null,
      payoutAccount: { bank: aAcc.bankName, holder: a.payeeName, numberMasked: aAcc.accountNo },
      risk: {
        turnoverMet: true,
        turnoverLeft: 0,
        accountAgeDays: 12,
        linkedAccounts: 0,
        depositToWithdrawal30d: 2,
        firstToThisPayoutAccount: true,
      },
    });
    expect(page.list[0]!.payoutAccount.numberMasked).not.toContain(shared.slice(0, 6));

    // Paid: the next withdrawal to that account number (by anyone) is no longer the first.
    expect((await approveW('alice', w1.id)).body.value?.state).toBe('PAID');
    const w2 = await withdrawOk(a, aAcc.id, 200);
    // Another member with the same account number is linked; an open turnover requirement shows.
    const { m: b, account: bAcc } = await readyMember(100_000n, shared);
    const wb = await withdrawOk(b, bAcc.id, 150);
    await t.db.db
      .insertInto('turnover_requirement')
      .values({
        merchant_code: 'GOLDEN',
        member_id: a.id,
        required: 50_000n,
        achieved: 12_345n,
        source: 'test',
      })
      .execute();

    page = await queue({ q: a.username });
    expect(page.list.map((r) => r.id)).toEqual([w2.id, w1.id]);
    expect(page.list[0]!.risk).toEqual({
      turnoverMet: false,
      turnoverLeft: 376.55,
      accountAgeDays: 12,
      linkedAccounts: 1,
      // 600.00 ÷ (300.00 + 200.00)
      depositToWithdrawal30d: 1.2,
      firstToThisPayoutAccount: false,
    });
    // The paid one was the first when it was asked for, and stays so.
    expect(page.list[1]).toMatchObject({
      status: 'PAID',
      paid: 300,
      risk: { firstToThisPayoutAccount: true },
    });
    expect((await queue({ q: b.id })).list.map((r) => r.id)).toEqual([wb.id]);
    expect((await queue({ q: wb.orderNo })).list[0]!.risk).toMatchObject({
      linkedAccounts: 1,
      depositToWithdrawal30d: 0,
      firstToThisPayoutAccount: false,
    });

    // Status and time filters.
    expect((await queue({ q: a.username, status: 'PAID' })).list.map((r) => r.id)).toEqual([w1.id]);
    expect((await queue({ q: a.username, status: 'PENDING' })).list.map((r) => r.id)).toEqual([w2.id]);
    const created = await t.db.db
      .selectFrom('withdrawal')
      .select('created_at')
      .where('id', '=', w2.id)
      .executeTakeFirstOrThrow();
    const at = created.created_at.getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect((await queue({ q: a.username, from: iso(at) })).list.map((r) => r.id)).toEqual([w2.id]);
    expect((await queue({ q: a.username, to: iso(at - 1) })).list.map((r) => r.id)).toEqual([w1.id]);
    expect((await queue({ q: a.username, from: iso(at + 60_000) })).list).toEqual([]);

    // Paging: pageSize + 1 read, hasMore says so.
    const first = await queue({ q: a.username, pageSize: '1' });
    expect(first).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
    expect(first.list.map((r) => r.id)).toEqual([w2.id]);
    const second = await queue({ q: a.username, pageSize: '1', page: '2' });
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.list.map((r) => r.id)).toEqual([w1.id]);

    // No withdrawal within 30 days: no ratio.
    await t.db.db
      .updateTable('withdrawal')
      .set({ created_at: sql<Date>`now() - interval '31 days'` })
      .where('id', '=', wb.id)
      .execute();
    expect((await queue({ q: wb.orderNo })).list[0]!.risk.depositToWithdrawal30d).toBeNull();

    // Another brand sees none of them; bad filters are refused.
    expect((await queue({ q: a.username }, 'platform', 'LOTUS')).list).toEqual([]);
    const bads: Record<string, string>[] = [
      { status: 'OPEN' },
      { from: 'yesterday' },
      { pageSize: '0' },
      { page: '0' },
    ];
    for (const bad of bads) {
      const res = await call('alice', 'GET', `/wps/admin/withdrawals?${new URLSearchParams(bad)}`);
      expect(res.body.errorCode, JSON.stringify(bad)).toBe('request.invalid');
    }
  });
});

// ---- deciding ------------------------------------------------------------------------------------------

describe('paying below the threshold', () => {
  it('pays in full, or in part with a reason, at once', async () => {
    const { m, account } = await readyMember(300_000n);
    const w = await withdrawOk(m, account.id, 900);
    const part = await approveW('alice', w.id, { amount: '250.50', reason: 'Bank limit today' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.value).toMatchObject({
      state: 'PARTLY_PAID',
      withdrawal: {
        id: w.id,
        status: 'PARTIAL',
        paidAmount: 250.5,
        remainingAmount: 649.5,
        reviewedBy: 'alice',
      },
    });
    expect(part.body.value!.approvalId).toBeUndefined();
    const rest = await approveW('alice', w.id);
    expect(rest.body.value).toMatchObject({ state: 'PAID', withdrawal: { status: 'PAID', paidAmount: 900 } });
    expect(await balances(m.id)).toEqual({ main: 210_000n, hold: 0n });
    expect(await payEntries(w.orderNo)).toHaveLength(2);
    // The audit row says what changed.
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target', '=', `withdrawal:${w.id}`)
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      action: 'cashier.withdrawals.approve',
      before: { status: 'PENDING', paid: 0 },
      after: { status: 'PARTIAL', paid: 250.5, decision: 'PARTLY_PAID', reason: 'Bank limit today' },
    });
    expect(audit[1]).toMatchObject({ before: { status: 'PARTIAL' }, after: { status: 'PAID', paid: 900 } });
  });

  it('a retried click with the same Idempotency-Key answers the same and pays once', async () => {
    const { m, account } = await readyMember(100_000n);
    const w = await withdrawOk(m, account.id, 400);
    const key = randomUUID();
    const first = await approveW('alice', w.id, { amount: 100, reason: 'Part' }, key);
    const again = await approveW('alice', w.id, { amount: 100, reason: 'Part' }, key);
    expect(again).toEqual(first);
    expect(first.body.value!.withdrawal.paidAmount).toBe(100);
    expect(await payEntries(w.orderNo)).toHaveLength(1);
    // The same key for another decision is refused.
    expect((await approveW('alice', w.id, {}, key)).body.errorCode).toBe('idempotency.mismatch');
    expect(await balances(m.id)).toEqual({ main: 60_000n, hold: 30_000n });
  });

  it('refuses bad input and other brands’ withdrawals; nothing changes', async () => {
    const { m, account } = await readyMember(100_000n);
    const w = await withdrawOk(m, account.id, 400);
    await approveW('alice', w.id, { amount: 100, reason: 'Part' });
    const before = await snapshot();
    const refused = async (wid: string, body: Record<string, unknown>, status: number, code: string) => {
      const res = await approveW('alice', wid, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.errorCode, JSON.stringify(body)).toBe(code);
    };
    await refused(w.id, { amount: 0, reason: 'x' }, 400, 'request.invalid');
    await refused(w.id, { amount: -5, reason: 'x' }, 400, 'request.invalid');
    await refused(w.id, { amount: '1.005', reason: 'x' }, 400, 'request.invalid');
    // More than the 300.00 that remains.
    await refused(w.id, { amount: '300.01', reason: 'x' }, 400, 'request.invalid');
    // Part without a reason, or a blank one.
    await refused(w.id, { amount: 50 }, 400, 'request.invalid');
    await refused(w.id, { amount: 50, reason: '   ' }, 400, 'request.invalid');
    await refused('abc', {}, 400, 'request.invalid');
    await refused('999999999', {}, 404, 'cashier.order.not.found');
    const lotus = await call('alice', 'POST', `/wps/admin/withdrawals/${w.id}/approve`, {
      body: {},
      merchant: 'LOTUS',
    });
    expect(lotus.body.errorCode).toBe('operator.forbidden');
    // A platform key may act on LOTUS, where this withdrawal does not exist.
    const platform = await t.app.inject({
      method: 'POST',
      url: `/wps/admin/withdrawals/${w.id}/approve`,
      headers: { host: 'localhost', merchant: 'LOTUS', 'x-api-key': ADMIN_KEY },
      payload: {},
    });
    expect(platform.statusCode).toBe(404);
    expect(platform.json()).toMatchObject({ errorCode: 'cashier.order.not.found' });
    const lotusReject = await t.app.inject({
      method: 'POST',
      url: `/wps/admin/withdrawals/${w.id}/reject`,
      headers: { host: 'localhost', merchant: 'LOTUS', 'x-api-key': ADMIN_KEY },
      payload: { reason: 'no' },
    });
    expect(lotusReject.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('at or above the threshold a second person approves', () => {
  it('records a request and moves nothing; the requester cannot approve; another pays once', async () => {
    const { m, account } = await readyMember(500_000n);
    // Exactly the threshold needs a second person.
    const w = await withdrawOk(m, account.id, 1000);
    const before = await balances(m.id);
    const asked = await approveW('ann', w.id);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.value).toMatchObject({
      state: 'AWAITING_SECOND_APPROVAL',
      withdrawal: { status: 'PENDING', paidAmount: 0 },
    });
    const approvalId = asked.body.value!.approvalId!;
    expect(approvalId).toMatch(/^\d+$/);
    expect(await balances(m.id)).toEqual(before);
    expect(await payEntries(w.orderNo)).toEqual([]);

    // The queue shows it waiting, the approvals list shows the request with its detail.
    const row = (await queue({ q: w.orderNo })).list[0]!;
    expect(row.approval).toEqual({ id: approvalId, state: 'PENDING', requestedBy: 'ann' });
    const approvals = await call<{ list: { id: string }[] }>(
      'bob',
      'GET',
      '/wps/admin/approvals?state=PENDING',
    );
    expect(approvals.body.value!.list.find((r) => r.id === approvalId)).toEqual({
      id: approvalId,
      kind: 'WITHDRAWAL',
      memberId: m.id,
      username: m.username,
      amount: 1000,
      detail: { withdrawalId: w.id, orderNo: w.orderNo, withdrawalAmount: 1000 },
      reason: null,
      requestedBy: 'ann',
      requestedAt: expect.any(String),
      state: 'PENDING',
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
    });

    // While it waits, nobody decides to pay again.
    const twice = await approveW('bob', w.id);
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('withdrawal.approval.pending');
    const self = await call('ann', 'POST', `/wps/admin/approvals/${approvalId}/approve`, { body: {} });
    expect(self.status).toBe(403);
    expect(self.body.errorCode).toBe('approval.self');
    expect(await payEntries(w.orderNo)).toEqual([]);

    const ok = await call('bob', 'POST', `/wps/admin/approvals/${approvalId}/approve`, {
      body: { reason: 'Checked the account' },
      key: randomUUID(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value).toMatchObject({
      state: 'APPROVED',
      decidedBy: 'bob',
      decisionReason: 'Checked the account',
    });
    expect(await payEntries(w.orderNo)).toEqual([
      { reference: `WITHDRAW_PAY:${w.orderNo}:approval-${approvalId}` },
    ]);
    expect(await balances(m.id)).toEqual({ main: before.main, hold: 0n });
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'before', 'after'])
      .where('target', '=', `approval:${approvalId}`)
      .orderBy('id')
      .execute();
    expect(audit).toMatchObject([
      {
        actor: 'bob',
        action: 'approvals.approve',
        before: { state: 'PENDING', withdrawal: { orderNo: w.orderNo, status: 'PENDING', paid: 0 } },
        after: { state: 'APPROVED', withdrawal: { status: 'PAID', paid: 1000 } },
      },
    ]);
    const after = (await queue({ q: w.orderNo })).list[0]!;
    expect(after).toMatchObject({
      status: 'PAID',
      paid: 1000,
      approval: { id: approvalId, state: 'APPROVED' },
    });
    // Approving again does nothing more.
    const again = await call('carl', 'POST', `/wps/admin/approvals/${approvalId}/approve`, { body: {} });
    expect(again.body.errorCode).toBe('approval.decided');
    expect(await payEntries(w.orderNo)).toHaveLength(1);
  });

  it('a part payment above the threshold keeps its amount and reason to the second approver', async () => {
    const { m, account } = await readyMember(500_000n);
    const w = await withdrawOk(m, account.id, 3000);
    const asked = await approveW('ann', w.id, { amount: 1200, reason: 'First tranche' });
    const approvalId = asked.body.value!.approvalId!;
    const res = await call('bob', 'POST', `/wps/admin/approvals/${approvalId}/approve`, { body: {} });
    expect(res.body.value).toMatchObject({ amount: 1200, reason: 'First tranche', state: 'APPROVED' });
    const row = (await queue({ q: w.orderNo })).list[0]!;
    expect(row).toMatchObject({ status: 'PARTIAL', paid: 1200 });
    // The rest (1,800.00) is above the threshold too: another request.
    expect((await approveW('ann', w.id)).body.value).toMatchObject({ state: 'AWAITING_SECOND_APPROVAL' });
    expect(await balances(m.id)).toEqual({ main: 200_000n, hold: 180_000n });
  });

  it('two approvers at once: the payment is made once', async () => {
    const { m, account } = await readyMember(500_000n);
    const w = await withdrawOk(m, account.id, 2000);
    const approvalId = (await approveW('ann', w.id)).body.value!.approvalId!;
    const replies = await Promise.all(
      ['bob', 'carl', 'dave', 'erin'].map((who) =>
        call(who, 'POST', `/wps/admin/approvals/${approvalId}/approve`, { body: {}, key: randomUUID() }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const r of replies.filter((x) => x.status === 409))
      expect(r.body.errorCode).toBe('approval.decided');
    expect(await payEntries(w.orderNo)).toHaveLength(1);
    const payouts = await t.db.db
      .selectFrom('withdrawal_payout')
      .select('amount')
      .where('withdrawal_id', '=', w.id)
      .execute();
    expect(payouts).toEqual([{ amount: '200000' }]);
    expect(await balances(m.id)).toEqual({ main: 300_000n, hold: 0n });
  });

  it('two decisions to pay at once record one request; a retried click records none more', async () => {
    const { m, account } = await readyMember(500_000n);
    const w = await withdrawOk(m, account.id, 2000);
    const replies = await Promise.all(['ann', 'bob'].map((who) => approveW(who, w.id)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.errorCode).toBe('withdrawal.approval.pending');
    const key = randomUUID();
    const v = await withdrawOk(m, account.id, 1500);
    const first = await approveW('ann', v.id, {}, key);
    expect(await approveW('ann', v.id, {}, key)).toEqual(first);
    const open = await t.db.db
      .selectFrom('approval_request')
      .select('id')
      .where('withdrawal_id', 'in', [w.id, v.id])
      .execute();
    expect(open).toHaveLength(2);
    expect(await balances(m.id)).toEqual({ main: 150_000n, hold: 350_000n });
  });

  it('rejecting the request returns the withdrawal to the queue unchanged', async () => {
    const { m, account } = await readyMember(500_000n);
    const w = await withdrawOk(m, account.id, 1500);
    const approvalId = (await approveW('ann', w.id)).body.value!.approvalId!;
    const before = await balances(m.id);
    const res = await call('bob', 'POST', `/wps/admin/approvals/${approvalId}/reject`, {
      body: { reason: 'Call the member first' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({ state: 'REJECTED', decidedBy: 'bob' });
    expect(await balances(m.id)).toEqual(before);
    const row = (await queue({ q: w.orderNo })).list[0]!;
    expect(row).toMatchObject({
      status: 'PENDING',
      paid: 0,
      approval: { id: approvalId, state: 'REJECTED' },
    });
    // A new decision may be taken.
    expect((await approveW('ann', w.id)).body.value?.state).toBe('AWAITING_SECOND_APPROVAL');
  });

  it('rejecting the withdrawal while a request waits closes the request and returns the hold', async () => {
    const { m, account } = await readyMember(500_000n);
    const w = await withdrawOk(m, account.id, 1500);
    const approvalId = (await approveW('ann', w.id)).body.value!.approvalId!;
    const res = await call('bob', 'POST', `/wps/admin/withdrawals/${w.id}/reject`, {
      body: { reason: 'Name does not match' },
      key: randomUUID(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({ status: 'REJECTED' });
    expect(await balances(m.id)).toEqual({ main: 500_000n, hold: 0n });
    const request = await t.db.db
      .selectFrom('approval_request')
      .select(['state', 'decided_by', 'decision_reason'])
      .where('id', '=', approvalId)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ state: 'REJECTED', decided_by: 'bob', decision_reason: 'Name does not match' });
    const late = await call('carl', 'POST', `/wps/admin/approvals/${approvalId}/approve`, { body: {} });
    expect(late.body.errorCode).toBe('approval.decided');
    expect(await payEntries(w.orderNo)).toEqual([]);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target', '=', `withdrawal:${w.id}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'cashier.withdrawals.reject',
      before: { status: 'PENDING', paid: 0 },
      after: { status: 'REJECTED', reason: 'Name does not match' },
    });
  });

  it('a brand without settings sends every payment to a second person', async () => {
    await t.db.db.deleteFrom('cashier_settings').where('merchant_code', '=', 'GOLDEN').execute();
    try {
      const { m, account } = await readyMember(100_000n);
      const w = await withdrawOk(m, account.id, 100);
      expect((await approveW('ann', w.id)).body.value?.state).toBe('AWAITING_SECOND_APPROVAL');
    } finally {
      await setWithdrawalThreshold(t.app, ADMIN_KEY, 'GOLDEN', THRESHOLD);
    }
  });

  it('each kind of request needs its own permission to decide', async () => {
    const { m, account } = await readyMember(500_000n);
    const w = await withdrawOk(m, account.id, 1500);
    const approvalId = (await approveW('ann', w.id)).body.value!.approvalId!;
    const adjustmentId = (
      await call<{ approvalId: string }>('ann', 'POST', `/wps/admin/players/${m.id}/adjustments`, {
        body: { direction: 'CREDIT', amount: 10, reason: 'Goodwill' },
      })
    ).body.value!.approvalId;
    await keyOf('adjuster', ['cashier.adjustments.approve']);
    await keyOf('payer', ['cashier.withdrawals.decide']);
    await keyOf('viewer', ['cashier.withdrawals.view']);

    const listed = async (who: string) =>
      (await call<{ list: { id: string; kind: string }[] }>(who, 'GET', '/wps/admin/approvals?state=PENDING'))
        .body.value!.list;
    expect((await listed('payer')).every((r) => r.kind === 'WITHDRAWAL')).toBe(true);
    expect((await listed('payer')).map((r) => r.id)).toContain(approvalId);
    expect((await listed('adjuster')).every((r) => r.kind === 'ADJUSTMENT')).toBe(true);
    expect((await listed('adjuster')).map((r) => r.id)).toContain(adjustmentId);
    expect((await call('viewer', 'GET', '/wps/admin/approvals')).body.errorCode).toBe('operator.forbidden');

    const before = await snapshot();
    for (const [who, target] of [
      ['adjuster', approvalId],
      ['payer', adjustmentId],
    ] as const) {
      for (const action of ['approve', 'reject']) {
        const res = await call(who, 'POST', `/wps/admin/approvals/${target}/${action}`, {
          body: { reason: 'x' },
        });
        expect(res.status, `${who} ${action}`).toBe(403);
        expect(res.body.errorCode).toBe('operator.forbidden');
      }
    }
    expect((await approveW('viewer', w.id)).body.errorCode).toBe('operator.forbidden');
    expect(await snapshot()).toEqual(before);

    const paid = await call('payer', 'POST', `/wps/admin/approvals/${approvalId}/approve`, { body: {} });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await payEntries(w.orderNo)).toHaveLength(1);
  });
});

describe('afterwards', () => {
  it('leaves a consistent ledger', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
