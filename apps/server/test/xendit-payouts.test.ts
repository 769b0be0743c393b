/**
 * Withdrawals paid through Xendit's Payouts API v2, against the local fake built from Xendit's
 * documents (test/fakes/xendit-payouts.ts): the operator's approval becomes a payout at Xendit
 * (hold → payout clearing, then paid or back to the member), every documented status, the
 * webhook's token, repeated and racing webhooks, creates that time out or fail and their
 * reconciliation, reversal after success, and brands or accounts that keep the manual flow.
 * After each scenario the ledger invariants hold (checkLedger).
 */
import { randomUUID } from 'node:crypto';
import type { PayoutAccount, Withdrawal, WithdrawalQueueRow } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminWithdrawal, WithdrawalDecision } from '../src/modules/cashier/withdrawal.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { FakeXenditPayouts } from './fakes/xendit-payouts';
import { buildTestApp, setWithdrawalThreshold, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-xendit-payouts';
const PAYMENT_PASSWORD = '246810';
const SECRET_KEY = 'xnd_development_payouts_test_key';
const CALLBACK_TOKEN = 'xendit-callback-token-for-tests';
/** Below this (minor units) a payment needs no second approver. */
const THRESHOLD = 10_000_000n;

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let fake: FakeXenditPayouts;
let callbackUrl: string;

interface Answer<T> {
  status: number;
  body: { success: boolean; value?: T; errorCode?: string };
}

async function admin<T = unknown>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  o: { body?: unknown; key?: string; apiKey?: string } = {},
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      host: 'localhost',
      merchant: 'GOLDEN',
      'x-api-key': o.apiKey ?? ADMIN_KEY,
      ...(o.key !== undefined ? { 'idempotency-key': o.key } : {}),
    },
    ...(o.body !== undefined ? { payload: o.body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const DEFAULT_SETTINGS = {
  payoutsEnabled: true,
  payoutChannels: { GCASH: 'PH_GCASH', BPI: 'PH_BPI', MAYA: 'PH_UNSUPPORTED' },
  // Long enough for a loaded CI machine; the fake's timeouts hang until closed, so any value tests them.
  timeoutMs: 2500,
};

/** Configures XENDIT for GOLDEN through the admin API, as an operator would. */
async function configure(settings: Record<string, unknown> = {}, secrets: Record<string, string> = {}) {
  const res = await admin('PUT', '/wps/admin/integrations/XENDIT', {
    body: {
      enabled: true,
      settings: { baseUrl: fake.url, ...DEFAULT_SETTINGS, ...settings },
      secrets: { secretKey: SECRET_KEY, callbackToken: CALLBACK_TOKEN, ...secrets },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  await setWithdrawalThreshold(t.app, ADMIN_KEY, 'GOLDEN', THRESHOLD);
  fake = await new FakeXenditPayouts({ secretKey: SECRET_KEY, callbackToken: CALLBACK_TOKEN }).start();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  callbackUrl = `${address}/wps/cashier/payout-callback/XENDIT`;
  // Xendit calls the brand's own domain; the Merchant header stands for it here.
  fake.setWebhook(callbackUrl, { merchant: 'GOLDEN' });
  await configure();
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});
beforeEach(async () => {
  await configure();
});

// ---- members ----------------------------------------------------------------------------------------

let accountSeq = 0;
const newAccountNo = () =>
  `09${String(process.pid % 1000).padStart(3, '0')}${String(++accountSeq).padStart(6, '0')}`;

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

/** A member with 1,000.00 and a withdrawal of `amount` (major units) to a `bankCode` account. */
async function withdrawal(amount = 500, bankCode = 'GCASH') {
  const m: NewMember = await id.registerGolden();
  await id.ok('/wps/member/password/payment', {
    token: m.token,
    body: { password: m.password, newPaymentPassword: PAYMENT_PASSWORD },
    encrypt: true,
  });
  await fund(m.id, 100_000n);
  const account = await id.ok<PayoutAccount>('/wps/cashier/payout-accounts', {
    token: m.token,
    body: {
      bankCode,
      accountName: m.payeeName,
      paymentPassword: PAYMENT_PASSWORD,
      accountNo: newAccountNo(),
    },
    encrypt: true,
  });
  const w = await id.ok<Withdrawal>('/wps/cashier/withdraw', {
    token: m.token,
    body: {
      requestId: `wd-${randomUUID()}`,
      paymentPassword: PAYMENT_PASSWORD,
      payoutAccountId: account.id,
      amount,
    },
    encrypt: true,
  });
  return { m, account, w };
}

const approve = (wid: string, body: Record<string, unknown> = {}, key = randomUUID()) =>
  admin<WithdrawalDecision>('POST', `/wps/admin/withdrawals/${wid}/approve`, { body, key });

async function detail(wid: string): Promise<AdminWithdrawal> {
  const res = await admin<AdminWithdrawal>('GET', `/wps/admin/withdrawals/${wid}`);
  expect(res.status).toBe(200);
  return res.body.value!;
}

async function queueRow(orderNo: string): Promise<WithdrawalQueueRow> {
  const res = await admin<{ list: WithdrawalQueueRow[] }>('GET', `/wps/admin/withdrawals?q=${orderNo}`);
  expect(res.status).toBe(200);
  return res.body.value!.list[0]!;
}

async function main(memberId: string): Promise<bigint> {
  return (await ledger.memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;
}

async function inboxKinds(memberId: string): Promise<string[]> {
  const rows = await t.db.db
    .selectFrom('member_message')
    .select('kind')
    .where('member_id', '=', memberId)
    .execute();
  return rows.map((r) => r.kind);
}

async function ledgerClean() {
  expect(await checkLedger(t.db.db)).toEqual([]);
}

/** Approves a withdrawal of 500.00 to GCash and expects it sent to Xendit; returns its reference. */
async function sent(amount = 500, bankCode = 'GCASH') {
  const x = await withdrawal(amount, bankCode);
  const d = await approve(x.w.id);
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  expect(d.body.value!.state).toBe('PAYOUT_SENT');
  const p = d.body.value!.withdrawal.providerPayouts.at(-1)!;
  return { ...x, reference: p.reference, decision: d.body.value! };
}

// ---- the payout at Xendit ------------------------------------------------------------------------

describe('an approved withdrawal becomes a Xendit payout', () => {
  it('sends the documented request and keeps the money in flight until Xendit answers', async () => {
    const { m, w, account, reference, decision } = await sent(500);
    expect(decision.withdrawal.status).toBe('PENDING');
    expect(decision.withdrawal.providerPayouts).toMatchObject([
      {
        provider: 'XENDIT',
        channelCode: 'PH_GCASH',
        amount: 500,
        state: 'IN_FLIGHT',
        providerStatus: 'ACCEPTED',
      },
    ]);
    expect(reference).toBe(`${w.orderNo}-P1`);

    const req = fake.requests.filter(
      (r) => r.method === 'POST' && r.headers['idempotency-key'] === reference,
    );
    expect(req).toHaveLength(1);
    expect(req[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`);
    expect(JSON.parse(req[0]!.body)).toEqual({
      reference_id: reference,
      channel_code: 'PH_GCASH',
      channel_properties: { account_holder_name: m.payeeName, account_number: expect.any(String) },
      amount: 500,
      currency: 'PHP',
      description: `Withdrawal ${reference}`,
    });
    const full = (await detail(w.id)).account.accountNo;
    expect(JSON.parse(req[0]!.body).channel_properties.account_number).toBe(full);
    expect(account.bankCode).toBe('GCASH');

    // Nothing is paid yet and nothing came back: MAIN is as after the request.
    expect(await main(m.id)).toBe(50_000n);
    const row = await queueRow(w.orderNo);
    expect(row.status).toBe('PENDING');
    expect(row.providerPayout).toMatchObject({
      state: 'IN_FLIGHT',
      providerStatus: 'ACCEPTED',
      failureCode: null,
    });
    await ledgerClean();
  });

  it('SUCCEEDED pays the withdrawal once (a webhook sent twice, then a resend, change nothing more)', async () => {
    const { m, w, reference } = await sent(500);
    await fake.setStatus(reference, 'SUCCEEDED', { delivery: 'TWICE' });
    expect(fake.deliveries.slice(-2).map((d) => d.status)).toEqual([200, 200]);
    expect(JSON.parse(fake.deliveries.at(-1)!.body).value).toEqual({ received: true, repeat: true });
    // A dashboard resend is a new delivery id of the same payout: the payout is decided already.
    expect(await fake.deliver(fake.byReference(reference)[0]!)).toBe(200);

    const d = await detail(w.id);
    expect(d.status).toBe('PAID');
    expect(d.paidAmount).toBe(500);
    expect(d.payouts).toHaveLength(1);
    expect(d.payouts[0]!.confirmStatus).toBe('AWAITING');
    expect(d.providerPayouts[0]).toMatchObject({ state: 'SUCCEEDED', providerStatus: 'SUCCEEDED' });
    expect(await main(m.id)).toBe(50_000n);
    expect(await inboxKinds(m.id)).toContain('WITHDRAW_PAID');
    const paidEntries = await t.db.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('reference', '=', `PAYOUT_SUCCEEDED:${reference}`)
      .execute();
    expect(paidEntries).toHaveLength(1);
    await ledgerClean();
  });

  it('a success for another amount or currency than our order is held for review: nothing paid, nothing returned', async () => {
    const { m, w, reference } = await sent(500);
    const payout = fake.byReference(reference)[0]!;
    payout.amount = 400;
    await fake.setStatus(reference, 'SUCCEEDED');
    expect(fake.deliveries.at(-1)!.status).toBe(200);
    let d = await detail(w.id);
    expect(d.status).toBe('PENDING');
    expect(d.paidAmount).toBe(0);
    expect(d.payouts).toHaveLength(0);
    expect(d.providerPayouts[0]).toMatchObject({
      state: 'IN_FLIGHT',
      providerStatus: 'SUCCEEDED:REVIEW',
      failureCode: 'AMOUNT_MISMATCH:400 PHP',
    });
    // A failure for another currency is not taken either: the money stays in flight.
    payout.amount = 500;
    payout.currency = 'IDR';
    await fake.setStatus(reference, 'FAILED', { failureCode: 'INVALID_DESTINATION' });
    d = await detail(w.id);
    expect(d.status).toBe('PENDING');
    expect(d.providerPayouts[0]).toMatchObject({
      state: 'IN_FLIGHT',
      failureCode: 'AMOUNT_MISMATCH:500 IDR',
    });
    expect(await main(m.id)).toBe(50_000n);
    const entries = await t.db.db
      .selectFrom('ledger_entry')
      .select('reference')
      .where('reference', 'in', [`PAYOUT_SUCCEEDED:${reference}`, `PAYOUT_RETURNED:${reference}`])
      .execute();
    expect(entries).toHaveLength(0);
    await ledgerClean();
    // Once the provider's word matches our order, it is taken as usual.
    payout.currency = 'PHP';
    await fake.setStatus(reference, 'SUCCEEDED');
    d = await detail(w.id);
    expect(d.status).toBe('PAID');
    expect(d.paidAmount).toBe(500);
    expect(d.providerPayouts[0]).toMatchObject({ state: 'SUCCEEDED', providerStatus: 'SUCCEEDED' });
    await ledgerClean();
  });

  it('REQUESTED and LOCKED are still on the way: only the provider status changes', async () => {
    const { w, reference } = await sent(300);
    for (const status of ['REQUESTED', 'LOCKED'] as const) {
      const p = fake.byReference(reference)[0]!;
      p.status = status;
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/payout-callback/XENDIT',
        headers: {
          merchant: 'GOLDEN',
          'content-type': 'application/json',
          'x-callback-token': CALLBACK_TOKEN,
        },
        payload: JSON.stringify({ event: 'payout.updated', data: p }),
      });
      expect(res.statusCode).toBe(200);
      const d = await detail(w.id);
      expect(d.status).toBe('PENDING');
      expect(d.providerPayouts[0]).toMatchObject({ state: 'IN_FLIGHT', providerStatus: status });
    }
    await ledgerClean();
  });

  for (const [status, code] of [
    ['FAILED', 'INVALID_DESTINATION'],
    ['FAILED', 'REJECTED_BY_CHANNEL'],
    ['FAILED', 'INSUFFICIENT_BALANCE'],
    ['FAILED', 'TEMPORARY_TRANSFER_ERROR'],
    ['FAILED', 'TRANSFER_ERROR'],
    ['CANCELLED', undefined],
  ] as const) {
    it(`${status}${code ? ` ${code}` : ''} returns the money to the member once`, async () => {
      const { m, w, reference } = await sent(400);
      expect(await main(m.id)).toBe(60_000n);
      await fake.setStatus(reference, status, { ...(code ? { failureCode: code } : {}), delivery: 'TWICE' });
      expect(await main(m.id)).toBe(100_000n);
      const d = await detail(w.id);
      expect(d.status).toBe('REJECTED');
      expect(d.paidAmount).toBe(0);
      expect(d.rejectReason).toBe(`Payout ${status}: ${code ?? status}`);
      expect(d.providerPayouts[0]).toMatchObject({
        state: 'FAILED',
        providerStatus: status,
        failureCode: code ?? null,
      });
      const row = await queueRow(w.orderNo);
      expect(row.providerPayout).toMatchObject({ state: 'FAILED', providerStatus: status });
      expect(await inboxKinds(m.id)).toContain('WITHDRAW_REJECTED');
      await ledgerClean();
    });
  }

  it('two failure webhooks at once (same and different event ids) return the money once', async () => {
    const { m, reference } = await sent(250);
    await fake.setStatus(reference, 'FAILED', {
      failureCode: 'INVALID_DESTINATION',
      delivery: 'TWICE_AT_ONCE',
    });
    const p = fake.byReference(reference)[0]!;
    const codes = await Promise.all([fake.deliver(p), fake.deliver(p), fake.deliver(p)]);
    expect(codes).toEqual([200, 200, 200]);
    expect(await main(m.id)).toBe(100_000n);
    const returned = await t.db.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('reference', 'like', `PAYOUT_RETURNED:${reference}`)
      .execute();
    expect(returned).toHaveLength(1);
    await ledgerClean();
  });

  it('REVERSED after SUCCEEDED gives the money back and takes the payment off the withdrawal', async () => {
    const { m, w, reference } = await sent(500);
    await fake.setStatus(reference, 'SUCCEEDED');
    expect((await detail(w.id)).status).toBe('PAID');
    await fake.setStatus(reference, 'REVERSED', { delivery: 'TWICE_AT_ONCE' });
    expect(await main(m.id)).toBe(100_000n);
    const d = await detail(w.id);
    expect(d.status).toBe('REJECTED');
    expect(d.paidAmount).toBe(0);
    expect(d.rejectReason).toBe('Payout REVERSED: REVERSED');
    expect(d.providerPayouts[0]).toMatchObject({ state: 'REVERSED', providerStatus: 'REVERSED' });
    // A late success notification of the reversed payout changes nothing.
    const p = { ...fake.byReference(reference)[0]!, status: 'SUCCEEDED' as const };
    expect(await fake.deliver(p)).toBe(200);
    expect(await main(m.id)).toBe(100_000n);
    await ledgerClean();
  });

  it('REVERSED before the success was heard of returns the money once', async () => {
    const { m, w, reference } = await sent(500);
    await fake.setStatus(reference, 'SUCCEEDED', { delivery: 'NEVER' });
    await fake.setStatus(reference, 'REVERSED');
    expect(await main(m.id)).toBe(100_000n);
    expect((await detail(w.id)).providerPayouts[0]).toMatchObject({ state: 'REVERSED' });
    // The success arriving late, reordered, is news about a decided payout.
    expect(await fake.deliver({ ...fake.byReference(reference)[0]!, status: 'SUCCEEDED' })).toBe(200);
    expect((await detail(w.id)).status).toBe('REJECTED');
    expect(await main(m.id)).toBe(100_000n);
    await ledgerClean();
  });

  it('a create Xendit refuses for good (channel not supported) returns the money at once', async () => {
    const { m, w } = await withdrawal(200, 'MAYA');
    const d = await approve(w.id);
    expect(d.body.value!.state).toBe('PAYOUT_SENT');
    expect(d.body.value!.withdrawal.status).toBe('REJECTED');
    expect(d.body.value!.withdrawal.providerPayouts[0]).toMatchObject({
      state: 'FAILED',
      providerStatus: 'REFUSED',
      failureCode: 'CHANNEL_CODE_NOT_SUPPORTED_ERROR',
    });
    expect(await main(m.id)).toBe(100_000n);
    await ledgerClean();
  });
});

// ---- timeouts and the reconciliation --------------------------------------------------------------

describe('creates that time out or fail are reconciled', () => {
  const reconcile = () => t.services.cashier.providerPayouts.reconcile(0);

  it('a create that never reached Xendit stays in flight; the reconciliation sends it again, once', async () => {
    fake.failNextCreates('TIMEOUT_BEFORE');
    const { m, w, reference } = await sent(500);
    expect(fake.byReference(reference)).toHaveLength(0);
    let d = await detail(w.id);
    expect(d.status).toBe('PENDING');
    expect(d.providerPayouts[0]).toMatchObject({ state: 'IN_FLIGHT', providerStatus: null });
    await ledgerClean();

    // Other decisions wait for the provider's word.
    const again = await approve(w.id);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('withdrawal.payout.in.flight');
    const reject = await admin('POST', `/wps/admin/withdrawals/${w.id}/reject`, {
      body: { reason: 'changed my mind' },
      key: randomUUID(),
    });
    expect(reject.body.errorCode).toBe('withdrawal.payout.in.flight');

    expect(await reconcile()).toBeGreaterThanOrEqual(1);
    expect(fake.byReference(reference)).toHaveLength(1);
    d = await detail(w.id);
    expect(d.providerPayouts[0]).toMatchObject({ state: 'IN_FLIGHT', providerStatus: 'ACCEPTED' });

    // The webhook never comes: the next pass finds the success by status query.
    await fake.setStatus(reference, 'SUCCEEDED', { delivery: 'NEVER' });
    await reconcile();
    d = await detail(w.id);
    expect(d.status).toBe('PAID');
    expect(await main(m.id)).toBe(50_000n);
    await reconcile();
    expect((await detail(w.id)).payouts).toHaveLength(1);
    await ledgerClean();
  });

  it('a create whose answer was lost is found by reference: no second payout', async () => {
    fake.failNextCreates('TIMEOUT_AFTER');
    const { w, reference } = await sent(500);
    expect(fake.byReference(reference)).toHaveLength(1);
    expect((await detail(w.id)).providerPayouts[0]!.providerStatus).toBeNull();
    await reconcile();
    expect(fake.byReference(reference)).toHaveLength(1);
    expect((await detail(w.id)).providerPayouts[0]).toMatchObject({
      state: 'IN_FLIGHT',
      providerStatus: 'ACCEPTED',
    });
    await fake.setStatus(reference, 'FAILED', { failureCode: 'REJECTED_BY_CHANNEL', delivery: 'NEVER' });
    await reconcile();
    expect((await detail(w.id)).status).toBe('REJECTED');
    await ledgerClean();
  });

  it('a 5xx leaves the payout in flight; a resend with the same key makes one payout', async () => {
    fake.failNextCreates('SERVER_ERROR');
    const { w, reference } = await sent(500);
    expect(fake.byReference(reference)).toHaveLength(0);
    await reconcile();
    await reconcile();
    expect(fake.byReference(reference)).toHaveLength(1);
    const keys = fake.requests.filter(
      (r) => r.method === 'POST' && r.headers['idempotency-key'] === reference,
    );
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect((await detail(w.id)).providerPayouts[0]!.state).toBe('IN_FLIGHT');
    await ledgerClean();
  });

  it('a webhook and the reconciliation at once return a failed payout once', async () => {
    const { m, reference } = await sent(500);
    await fake.setStatus(reference, 'FAILED', { failureCode: 'INVALID_DESTINATION', delivery: 'NEVER' });
    const p = fake.byReference(reference)[0]!;
    await Promise.all([fake.deliver(p), reconcile(), fake.deliver(p), reconcile()]);
    expect(await main(m.id)).toBe(100_000n);
    await ledgerClean();
  });

  it('a wrong secret key leaves the payout in flight (401 is no verdict), fixed keys settle it', async () => {
    await configure({}, { secretKey: 'xnd_development_wrong' });
    const { w, reference } = await sent(500);
    expect(fake.requests.at(-1)!.headers.authorization).not.toBe(
      `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`,
    );
    expect((await detail(w.id)).providerPayouts[0]!.state).toBe('IN_FLIGHT');
    await configure();
    await reconcile();
    expect(fake.byReference(reference)).toHaveLength(1);
    await ledgerClean();
  });
});

// ---- the webhook's authenticity and bad input ---------------------------------------------------

describe('payout webhook', () => {
  const post = (payload: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/cashier/payout-callback/XENDIT',
      headers: { merchant: 'GOLDEN', 'content-type': 'application/json', ...headers },
      payload,
    });

  it('refuses a wrong, missing or other brand’s token and changes nothing', async () => {
    const { m, w, reference } = await sent(500);
    const p = { ...fake.byReference(reference)[0]!, status: 'FAILED', failure_code: 'INVALID_DESTINATION' };
    const body = JSON.stringify({ event: 'payout.failed', data: p });
    for (const headers of [
      { 'x-callback-token': 'not-the-token' },
      {} as Record<string, string>,
      { 'x-callback-token': `${CALLBACK_TOKEN}x` },
      { 'x-callback-token': CALLBACK_TOKEN.slice(0, -1) },
    ]) {
      const res = await post(body, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('gateway.signature.invalid');
    }
    // The right token for another brand's payout is as unknown as a payout never made.
    const other = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/payout-callback/XENDIT',
      headers: { merchant: 'LOTUS', 'content-type': 'application/json', 'x-callback-token': CALLBACK_TOKEN },
      payload: body,
    });
    expect(other.statusCode).not.toBe(200);
    expect(await main(m.id)).toBe(50_000n);
    expect((await detail(w.id)).providerPayouts[0]!.state).toBe('IN_FLIGHT');
    await ledgerClean();
  });

  it('answers bad input with a clear error: not JSON, not a payout event, unknown reference, unknown provider', async () => {
    const token = { 'x-callback-token': CALLBACK_TOKEN };
    expect((await post('{not json', token)).statusCode).toBe(400);
    const notPayout = await post(JSON.stringify({ event: 'payment.succeeded', data: {} }), token);
    expect(notPayout.statusCode).toBe(400);
    expect(notPayout.json().errorCode).toBe('request.invalid');
    const unknown = await post(
      JSON.stringify({
        event: 'payout.succeeded',
        data: {
          id: 'disb-x',
          reference_id: 'W-nope-P1',
          amount: 1,
          currency: 'PHP',
          channel_code: 'PH_GCASH',
          status: 'SUCCEEDED',
        },
      }),
      token,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('cashier.order.not.found');
    const provider = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/payout-callback/NOPE',
      headers: { merchant: 'GOLDEN', 'content-type': 'application/json', ...token },
      payload: '{}',
    });
    expect(provider.statusCode).toBe(404);
    await ledgerClean();
  });
});

// ---- the fake keeps Xendit's idempotency rules ------------------------------------------------

describe('the fake behaves as Xendit documents', () => {
  const auth = { authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}` };
  const body = (amount: number) =>
    JSON.stringify({
      reference_id: 'fake-check',
      channel_code: 'PH_GCASH',
      channel_properties: { account_holder_name: 'Juan', account_number: '09171234567' },
      amount,
      currency: 'PHP',
    });
  const create = (b: string, headers: Record<string, string>) =>
    fetch(`${fake.url}/v2/payouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: b,
    });

  it('same key and body: the same payout; same key, other body: DUPLICATE_TRANSACTION_ERROR; bad auth: 401', async () => {
    const key = `k-${randomUUID()}`;
    const a = (await (await create(body(10), { ...auth, 'idempotency-key': key })).json()) as { id: string };
    const b = (await (await create(body(10), { ...auth, 'idempotency-key': key })).json()) as { id: string };
    expect(b.id).toBe(a.id);
    const c = await create(body(11), { ...auth, 'idempotency-key': key });
    expect(c.status).toBe(409);
    expect(((await c.json()) as { error_code: string }).error_code).toBe('DUPLICATE_TRANSACTION_ERROR');
    const d = await create(body(10), { authorization: 'Basic eA==', 'idempotency-key': `k-${randomUUID()}` });
    expect(d.status).toBe(401);
    const e = await create(body(10), auth);
    expect(e.status).toBe(400);
  });
});

// ---- brands and accounts without Xendit payouts -------------------------------------------------

describe('the manual flow stays where Xendit does not pay', () => {
  it('an account whose bank has no Xendit channel is paid by hand', async () => {
    const { w } = await withdrawal(500, 'BDO');
    const d = await approve(w.id);
    expect(d.body.value!.state).toBe('PAID');
    expect(d.body.value!.withdrawal.providerPayouts).toEqual([]);
    expect((await queueRow(w.orderNo)).providerPayout).toBeNull();
    await ledgerClean();
  });

  it('payouts switched off: paid by hand', async () => {
    await configure({ payoutsEnabled: false });
    const { w } = await withdrawal(500);
    expect((await approve(w.id)).body.value!.state).toBe('PAID');
    await ledgerClean();
  });

  it('a part payment is made by hand; the rest can go through Xendit', async () => {
    const { m, w } = await withdrawal(500);
    const part = await approve(w.id, { amount: '200', reason: 'first part' });
    expect(part.body.value!.state).toBe('PARTLY_PAID');
    const rest = await approve(w.id);
    expect(rest.body.value!.state).toBe('PAYOUT_SENT');
    const reference = rest.body.value!.withdrawal.providerPayouts[0]!.reference;
    expect(rest.body.value!.withdrawal.providerPayouts[0]!.amount).toBe(300);
    await fake.setStatus(reference, 'FAILED', { failureCode: 'INVALID_DESTINATION' });
    // Only the 300.00 sent comes back; the 200.00 paid by hand stays paid.
    expect(await main(m.id)).toBe(80_000n);
    const d = await detail(w.id);
    expect(d.status).toBe('REJECTED');
    expect(d.paidAmount).toBe(200);
    await ledgerClean();
  });

  it('bad input to a decision on a Xendit-paid withdrawal is refused and sends nothing', async () => {
    const { m, w } = await withdrawal(500);
    const before = fake.requests.length;
    for (const body of [{ amount: '0' }, { amount: '600' }, { amount: 'abc' }, { amount: '200' }]) {
      const res = await approve(w.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(fake.requests.length).toBe(before);
    const d = await detail(w.id);
    expect(d.status).toBe('PENDING');
    expect(d.providerPayouts).toEqual([]);
    expect(await main(m.id)).toBe(50_000n);
    await ledgerClean();
  });

  it('a retried approval (same Idempotency-Key) answers the same and sends nothing more', async () => {
    const x = await withdrawal(500);
    const key = randomUUID();
    const first = await approve(x.w.id, {}, key);
    const second = await approve(x.w.id, {}, key);
    expect(second.body).toEqual(first.body);
    const reference = first.body.value!.withdrawal.providerPayouts[0]!.reference;
    expect(fake.byReference(reference)).toHaveLength(1);
    await ledgerClean();
  });

  it('a second approver’s approval sends the payout', async () => {
    await setWithdrawalThreshold(t.app, ADMIN_KEY, 'GOLDEN', 1n);
    try {
      const { m, w } = await withdrawal(500);
      const asked = await approve(w.id);
      expect(asked.body.value!.state).toBe('AWAITING_SECOND_APPROVAL');
      const bob = `${ADMIN_KEY}-checker`;
      const ok = await admin('POST', `/wps/admin/approvals/${asked.body.value!.approvalId}/approve`, {
        body: {},
        key: randomUUID(),
        apiKey: bob,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const d = await detail(w.id);
      expect(d.providerPayouts).toHaveLength(1);
      await fake.setStatus(d.providerPayouts[0]!.reference, 'SUCCEEDED');
      expect((await detail(w.id)).status).toBe('PAID');
      expect(await main(m.id)).toBe(50_000n);
      await ledgerClean();
    } finally {
      await setWithdrawalThreshold(t.app, ADMIN_KEY, 'GOLDEN', THRESHOLD);
    }
  });
});
