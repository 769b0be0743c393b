import type { AddressInfo } from 'node:net';
import type { Deposit, PaymentChannel } from '@app/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DepositRepository } from '../src/modules/cashier/deposit.repository';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { XenditFake } from './fakes/xendit';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const GOLDEN_KEY = 'xnd_development_golden_0123456789abcdef';
const GOLDEN_TOKEN = 'golden-callback-token-0123456789abcdef';
const LOTUS_KEY = 'xnd_development_lotus_0123456789abcdef';
const LOTUS_TOKEN = 'lotus-callback-token-0123456789abcdef';

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let fake: XenditFake;
let callbackUrl: string;
let m: NewMember;

const CHANNELS = [
  { channelCode: 'GCASH', kind: 'EWALLET', name: 'GCash', minAmount: 100, maxAmount: 50000, feePercent: 1.5 },
  { channelCode: 'QRPH', kind: 'QR', name: 'QR Ph', minAmount: 100, maxAmount: 50000 },
  {
    channelCode: 'BPI_VIRTUAL_ACCOUNT',
    kind: 'VA',
    name: 'BPI',
    minAmount: 100,
    maxAmount: 50000,
    feeFixed: 5,
  },
];

function settings(over: Record<string, unknown> = {}) {
  return {
    baseUrl: fake.baseUrl,
    // Short, so the outage cases (two attempts each) finish quickly.
    timeoutMs: 400,
    country: 'PH',
    currency: 'PHP',
    depositChannels: CHANNELS,
    ...over,
  };
}

const configure = (merchant: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/admin/integrations/XENDIT',
    headers: { host: 'localhost', merchant, 'x-api-key': ADMIN_KEY },
    payload: body,
  });

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  callbackUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/wps/cashier/callback/XENDIT`;
  fake = await new XenditFake().start();
  fake.addAccount({
    secretKey: GOLDEN_KEY,
    callbackToken: GOLDEN_TOKEN,
    webhookUrl: callbackUrl,
    webhookHeaders: { merchant: 'GOLDEN' },
  });
  fake.addAccount({
    secretKey: LOTUS_KEY,
    callbackToken: LOTUS_TOKEN,
    webhookUrl: callbackUrl,
    webhookHeaders: { merchant: 'LOTUS' },
  });
  const golden = await configure('GOLDEN', {
    enabled: true,
    settings: settings(),
    secrets: { secretKey: GOLDEN_KEY, callbackToken: GOLDEN_TOKEN },
  });
  expect(golden.statusCode, golden.body).toBe(200);
  const lotus = await configure('LOTUS', {
    enabled: true,
    settings: settings({ depositChannels: [CHANNELS[0]] }),
    secrets: { secretKey: LOTUS_KEY, callbackToken: LOTUS_TOKEN },
  });
  expect(lotus.statusCode, lotus.body).toBe(200);
});
beforeEach(async () => {
  // A member per scenario: open orders left by one never fill another's open-order limit.
  m = await id.registerGolden();
});
afterAll(async () => {
  await fake?.stop();
  await t?.close();
});
afterEach(async () => {
  fake.reset();
  // Every scenario leaves the books balanced.
  expect(await checkLedger(t.db.db)).toEqual([]);
});

// ---- helpers ---------------------------------------------------------------------------------------

let reqSeq = 0;
const newRequestId = () => `xnd-${Date.now().toString(36)}-${++reqSeq}`;

async function channels(token = m.token): Promise<PaymentChannel[]> {
  return (await id.ok<{ channels: PaymentChannel[] }>('/wps/cashier/channels', { token })).channels;
}

async function channelIdOf(code: string, token = m.token): Promise<string> {
  const c = (await channels(token)).find((x) => x.code === code);
  expect(c, code).toBeDefined();
  return c!.id;
}

const deposit = async (code: string, amount: number | string, token = m.token) =>
  id.send<Deposit>('/wps/cashier/deposit', {
    token,
    body: { requestId: newRequestId(), channelId: await channelIdOf(code, token), amount },
  });

async function depositOk(code: string, amount: number | string): Promise<Deposit> {
  const res = await deposit(code, amount);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const mainBalance = async (memberId = m.id) =>
  (await ledger.memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;

async function order(orderNo: string) {
  return t.db.db.selectFrom('deposit').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}

/** How many ledger entries credit this order (must never be more than one). */
async function credits(orderNo: string): Promise<number> {
  const rows = await t.db.db
    .selectFrom('ledger_entry')
    .select('id')
    .where('reference', '=', `DEPOSIT:${orderNo}`)
    .execute();
  return rows.length;
}

async function events(orderNo: string) {
  return t.db.db
    .selectFrom('deposit_provider_event')
    .select(['event_id', 'outcome', 'provider_status'])
    .where('order_no', '=', orderNo)
    .orderBy('received_at')
    .execute();
}

/** Our own deposit as the member sees it. */
async function mine(orderNo: string): Promise<Deposit> {
  const list = await id.ok<{ list: Deposit[] }>('/wps/cashier/deposits?pageNo=1&pageSize=50', {
    token: m.token,
  });
  return list.list.find((d) => d.orderNo === orderNo)!;
}

/** A webhook sent by hand, as Xendit would (or would not) send it. */
async function webhook(
  body: unknown,
  o: { token?: string | null; merchant?: string; webhookId?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  headers.merchant = o.merchant ?? 'GOLDEN';
  if (o.token !== null) headers['x-callback-token'] = o.token ?? GOLDEN_TOKEN;
  if (o.webhookId) headers['webhook-id'] = o.webhookId;
  const res = await fetch(callbackUrl, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; errorCode?: string } };
}

function captureOf(d: Deposit, prId: string, over: Record<string, unknown> = {}) {
  return {
    event: 'payment.capture',
    business_id: 'fake-business',
    created: new Date().toISOString(),
    data: {
      payment_id: `py-${prId}`,
      payment_request_id: prId,
      reference_id: d.orderNo,
      status: 'SUCCEEDED',
      request_amount: d.amount,
      currency: 'PHP',
      ...over,
    },
  };
}

/** Reconciliation as if `minutes` had passed. */
const reconcileIn = (minutes: number) =>
  t.services.cashier.deposits.reconcile(new Date(Date.now() + minutes * 60_000));

const prOf = (d: Deposit) => fake.byReference(d.orderNo)!;

// ---- the channels ----------------------------------------------------------------------------------

describe('Xendit channels in the cashier', () => {
  it("lists the brand's Xendit channels with logos, limits and fees, beside its other channels", async () => {
    const list = await channels();
    const gcash = list.find((c) => c.code === 'XENDIT_GCASH');
    expect(gcash).toMatchObject({
      kind: 'ONLINE',
      name: 'GCash',
      logo: '/payment-logos/gcash.svg',
      minAmount: 100,
      maxAmount: 50000,
      feePercent: 1.5,
      feeFixed: 0,
    });
    expect(list.find((c) => c.code === 'XENDIT_BPI_VIRTUAL_ACCOUNT')).toMatchObject({ feeFixed: 5 });
    expect(list.map((c) => c.code)).toContain('BANK_BDO');
    // LOTUS offers only what it configured.
    const lotus = await t.services.cashier.deposits.channels(
      await t.brands.resolve('LOTUS', undefined),
      'EN',
    );
    expect(lotus.channels.map((c) => c.code).filter((c) => c.startsWith('XENDIT_'))).toEqual([
      'XENDIT_GCASH',
    ]);
  });

  it('refuses bad settings with a clear error and saves nothing', async () => {
    const before = await channels();
    for (const bad of [
      settings({ currency: 'IDR' }),
      settings({ depositChannels: [{ ...CHANNELS[0], minAmount: 500, maxAmount: 100 }] }),
      settings({ depositChannels: [CHANNELS[0], CHANNELS[0]] }),
      settings({ depositChannels: [{ ...CHANNELS[0], channelCode: 'gcash<script>' }] }),
      settings({ depositChannels: [{ ...CHANNELS[0], logo: 'javascript:alert(1)' }] }),
      settings({ baseUrl: 'not a url' }),
    ]) {
      const res = await configure('GOLDEN', { enabled: true, settings: bad, secrets: {} });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });
    }
    expect(await channels()).toEqual(before);
  });
});

// ---- the payment flows -----------------------------------------------------------------------------

describe('a GCash deposit through Xendit', () => {
  it('creates a payment request (Basic auth, Idempotency-key), pays on the checkout, credits once', async () => {
    const before = await mainBalance();
    const d = await depositOk('XENDIT_GCASH', 1000);
    const pr = prOf(d);
    expect(pr.body).toMatchObject({
      reference_id: d.orderNo,
      type: 'PAY',
      country: 'PH',
      currency: 'PHP',
      request_amount: 1000,
      capture_method: 'AUTOMATIC',
      channel_code: 'GCASH',
    });
    expect(fake.calls.find((c) => c.method === 'POST' && c.idempotencyKey === d.orderNo)).toBeDefined();
    expect(d.status).toBe('PENDING');
    expect(d.payAction).toEqual({ kind: 'REDIRECT', url: `${fake.baseUrl}/checkout/${pr.id}` });
    expect(d.payUrl).toBe(`${fake.baseUrl}/checkout/${pr.id}`);
    expect(d.payExpiresAt).not.toBeNull();
    expect((await order(d.orderNo)).provider_ref).toBe(pr.id);

    // The member pays on the checkout page; the webhook arrives before the member is sent back.
    const page = await fetch(d.payUrl!);
    expect(await page.text()).toContain('Pay');
    const paid = await fetch(`${fake.baseUrl}/checkout/${pr.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(new RegExp(`/\\?member=depositv2&order=${d.orderNo}$`));
    expect(fake.deliveries.at(-1)!.status).toBe(200);

    const now = await mine(d.orderNo);
    expect(now).toMatchObject({ status: 'ARRIVED', payUrl: null, payAction: null, creditAmount: 985 });
    expect(await mainBalance()).toBe(before + 98_500n);
    expect(await credits(d.orderNo)).toBe(1);
    const row = await order(d.orderNo);
    expect(row).toMatchObject({ status: 'ARRIVED', gateway_txn: pr.id, provider_status: 'SUCCEEDED' });
    expect(await events(d.orderNo)).toMatchObject([{ outcome: 'APPLIED', provider_status: 'SUCCEEDED' }]);
  });

  it('a retried request gets its order back and asks Xendit nothing more', async () => {
    const channelId = await channelIdOf('XENDIT_GCASH');
    const body = { requestId: newRequestId(), channelId, amount: 200 };
    const first = await id.ok<Deposit>('/wps/cashier/deposit', { token: m.token, body });
    const calls = fake.calls.length;
    const again = await id.ok<Deposit>('/wps/cashier/deposit', { token: m.token, body });
    expect(again).toEqual(first);
    expect(fake.calls.length).toBe(calls);
    await fake.fail(prOf(first).id);
  });

  it('the webhook sent twice (same webhook-id) and re-delivered later credits once', async () => {
    fake.behaviour.webhook = 'twice';
    const before = await mainBalance();
    const d = await depositOk('XENDIT_GCASH', 300);
    await fake.pay(prOf(d).id);
    expect(fake.deliveries.slice(-2).map((x) => x.status)).toEqual([200, 200]);
    // A re-delivery under a new id finds the order settled the same way: acknowledged, nothing moves.
    expect((await fake.redeliver(prOf(d).id)).status).toBe(200);
    expect(await mainBalance()).toBe(before + 29_550n);
    expect(await credits(d.orderNo)).toBe(1);
    expect((await events(d.orderNo)).map((e) => e.outcome)).toEqual(['APPLIED', 'SEEN']);
  });

  it('a stale non-final event after the capture (reordered) changes nothing', async () => {
    fake.behaviour.webhook = 'reorder';
    const d = await depositOk('XENDIT_GCASH', 400);
    await fake.pay(prOf(d).id);
    expect(fake.deliveries.slice(-2).map((x) => x.status)).toEqual([200, 200]);
    expect((await order(d.orderNo)).status).toBe('ARRIVED');
    expect(await credits(d.orderNo)).toBe(1);
  });

  it('cancelled on the checkout: FAILED, a message, no money; a later capture is refused and credits nothing', async () => {
    const before = await mainBalance();
    const d = await depositOk('XENDIT_GCASH', 500);
    const res = await fetch(`${fake.baseUrl}/checkout/${prOf(d).id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(await order(d.orderNo)).toMatchObject({
      status: 'FAILED',
      provider_status: 'FAILED',
      entry_id: null,
    });
    const late = await webhook(captureOf(d, prOf(d).id), { webhookId: 'late-capture-1' });
    expect(late.status).toBe(409);
    expect(late.body.errorCode).toBe('cashier.order.state');
    expect(await mainBalance()).toBe(before);
    expect(await credits(d.orderNo)).toBe(0);
    expect((await events(d.orderNo)).map((e) => e.outcome)).toEqual(['APPLIED', 'CONFLICT']);
  });

  it('EXPIRED (payment_request.expiry) fails the order', async () => {
    const d = await depositOk('XENDIT_GCASH', 150);
    await fake.expire(prOf(d).id);
    expect(await order(d.orderNo)).toMatchObject({ status: 'FAILED', provider_status: 'EXPIRED' });
    expect(await credits(d.orderNo)).toBe(0);
  });
});

describe('QR and virtual account channels', () => {
  it('a QR Ph order shows the QR string; paid, it is credited', async () => {
    const d = await depositOk('XENDIT_QRPH', 250);
    expect(d.payAction).toEqual({ kind: 'QR', qr: expect.stringMatching(/^000201/) });
    expect(d.payUrl).toBeNull();
    await fake.pay(prOf(d).id);
    expect((await order(d.orderNo)).status).toBe('ARRIVED');
    expect(await credits(d.orderNo)).toBe(1);
  });

  it('a virtual account order shows the bank and account number', async () => {
    const d = await depositOk('XENDIT_BPI_VIRTUAL_ACCOUNT', 250);
    expect(d.payAction).toEqual({
      kind: 'VIRTUAL_ACCOUNT',
      bank: 'BPI',
      accountNo: expect.stringMatching(/^8808\d{8}$/),
      accountName: 'BPI',
    });
    expect(prOf(d).body.channel_properties).toEqual({ display_name: 'BPI' });
    await fake.expire(prOf(d).id);
  });
});

// ---- notifications that must not be believed ------------------------------------------------------

describe('webhook authenticity and content', () => {
  it('a bad, missing or other brand’s token is 401 and changes nothing', async () => {
    const d = await depositOk('XENDIT_GCASH', 120);
    const body = captureOf(d, prOf(d).id);
    for (const token of [null, '', 'wrong', GOLDEN_TOKEN.slice(0, -1), `${GOLDEN_TOKEN}x`, LOTUS_TOKEN]) {
      const res = await webhook(body, { token, webhookId: `bad-${String(token)}` });
      expect(res.status, String(token)).toBe(401);
      expect(res.body.errorCode).toBe('gateway.signature.invalid');
    }
    expect((await order(d.orderNo)).status).toBe('PENDING');
    expect(await events(d.orderNo)).toEqual([]);
    await fake.fail(prOf(d).id);
  });

  it('a wrong amount or currency credits nothing and shows on the order', async () => {
    const before = await mainBalance();
    const d = await depositOk('XENDIT_GCASH', 700);
    fake.behaviour.amountDelta = 1;
    await fake.pay(prOf(d).id);
    expect(fake.deliveries.at(-1)!.status).toBe(400);
    expect(await order(d.orderNo)).toMatchObject({ status: 'PENDING', provider_status: 'AMOUNT_MISMATCH' });
    fake.behaviour.amountDelta = 0;
    fake.behaviour.currency = 'USD';
    expect((await fake.redeliver(prOf(d).id)).status).toBe(400);
    expect(await mainBalance()).toBe(before);
    expect(await credits(d.orderNo)).toBe(0);
    expect((await events(d.orderNo)).map((e) => e.outcome)).toEqual(['MISMATCH', 'MISMATCH']);
    // The back office sees it.
    const queue = await t.app.inject({
      url: `/wps/admin/deposits?q=${d.orderNo}`,
      headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY },
    });
    expect(queue.json().value.list[0]).toMatchObject({
      orderNo: d.orderNo,
      providerStatus: 'AMOUNT_MISMATCH',
    });
  });

  it('an unknown order, another brand’s order, or a malformed body is 400 and changes nothing', async () => {
    const d = await depositOk('XENDIT_GCASH', 130);
    const pr = prOf(d).id;
    const bad = [
      await webhook(captureOf(d, pr, { reference_id: 'D000000000000000000' }), { webhookId: 'u1' }),
      // LOTUS's own token, for a GOLDEN order.
      await webhook(captureOf(d, pr), { token: LOTUS_TOKEN, merchant: 'LOTUS', webhookId: 'u2' }),
      await webhook(captureOf(d, pr, { request_amount: 'lots' }), { webhookId: 'u3' }),
      await webhook(captureOf(d, pr, { request_amount: -130 }), { webhookId: 'u4' }),
      await webhook(captureOf(d, pr, { reference_id: `${d.orderNo}\u0000` }), { webhookId: 'u5' }),
      await webhook('{"event":', { webhookId: 'u6' }),
    ];
    for (const res of bad) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errorCode).toBe('request.invalid');
    }
    expect((await order(d.orderNo)).status).toBe('PENDING');
    expect(await credits(d.orderNo)).toBe(0);
    await fake.fail(pr);
  });
});

// ---- reconciliation --------------------------------------------------------------------------------

describe('reconciliation (no webhook)', () => {
  it('a paid order whose webhook never comes is credited by the status query; a later webhook credits nothing', async () => {
    fake.behaviour.webhook = 'never';
    const before = await mainBalance();
    const d = await depositOk('XENDIT_GCASH', 600);
    await fake.pay(prOf(d).id);
    expect((await order(d.orderNo)).status).toBe('PENDING');
    // Too young to ask about.
    await t.services.cashier.deposits.reconcile();
    expect((await order(d.orderNo)).status).toBe('PENDING');
    await reconcileIn(5);
    expect(await order(d.orderNo)).toMatchObject({ status: 'ARRIVED', provider_status: 'SUCCEEDED' });
    expect(await mainBalance()).toBe(before + 59_100n);
    expect((await fake.redeliver(prOf(d).id)).status).toBe(200);
    expect(await credits(d.orderNo)).toBe(1);
    expect(await mainBalance()).toBe(before + 59_100n);
  });

  it('a late webhook (after the status query) credits nothing more', async () => {
    fake.behaviour.webhook = 'late';
    const d = await depositOk('XENDIT_GCASH', 800);
    await fake.pay(prOf(d).id);
    await reconcileIn(5);
    expect((await order(d.orderNo)).status).toBe('ARRIVED');
    await vi_waitFor(() => fake.deliveries.some((x) => x.body.includes(d.orderNo)));
    expect(fake.deliveries.at(-1)!.status).toBe(200);
    expect(await credits(d.orderNo)).toBe(1);
  });

  it('EXPIRED and CANCELED found by the status query fail the order; an open one stays open', async () => {
    fake.behaviour.webhook = 'never';
    const expired = await depositOk('XENDIT_GCASH', 110);
    const canceled = await depositOk('XENDIT_GCASH', 111);
    const open = await depositOk('XENDIT_GCASH', 112);
    await fake.expire(prOf(expired).id);
    fake.cancel(prOf(canceled).id);
    await reconcileIn(5);
    expect(await order(expired.orderNo)).toMatchObject({ status: 'FAILED', provider_status: 'EXPIRED' });
    expect(await order(canceled.orderNo)).toMatchObject({ status: 'FAILED', provider_status: 'CANCELED' });
    expect((await order(open.orderNo)).status).toBe('PENDING');
    await fake.fail(prOf(open).id);
    await reconcileIn(5);
  });

  it('Xendit down during reconciliation: nothing changes, the next pass settles', async () => {
    fake.behaviour.webhook = 'never';
    const d = await depositOk('XENDIT_GCASH', 113);
    await fake.pay(prOf(d).id);
    fake.behaviour.status = '5xx';
    await reconcileIn(5);
    expect((await order(d.orderNo)).status).toBe('PENDING');
    fake.behaviour.status = 'ok';
    await reconcileIn(5);
    expect((await order(d.orderNo)).status).toBe('ARRIVED');
    expect(await credits(d.orderNo)).toBe(1);
  });
});

// ---- outages at creation ---------------------------------------------------------------------------

describe('Xendit unavailable when the order is made', () => {
  for (const mode of ['5xx', 'timeout'] as const) {
    it(`${mode}: the order fails cleanly, the member is told, nothing is credited`, async () => {
      fake.behaviour.create = mode;
      const before = await mainBalance();
      const res = await deposit('XENDIT_GCASH', 140);
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.errorCode).toBe('cashier.gateway.unavailable');
      const last = await t.db.db
        .selectFrom('deposit')
        .selectAll()
        .where('member_id', '=', m.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(last).toMatchObject({ status: 'FAILED', provider_status: 'NOT_CREATED', entry_id: null });
      expect(await mainBalance()).toBe(before);
    });
  }

  it('an answer lost once: the retry with the same Idempotency-key gets the same payment request', async () => {
    fake.behaviour.create = 'timeout-once';
    const d = await depositOk('XENDIT_GCASH', 160);
    const posts = fake.calls.filter((c) => c.method === 'POST' && c.idempotencyKey === d.orderNo);
    expect(posts).toHaveLength(2);
    expect([...fake.requests.values()].filter((r) => r.body.reference_id === d.orderNo)).toHaveLength(1);
    expect(d.payAction?.kind).toBe('REDIRECT');
    await fake.pay(prOf(d).id);
    expect(await credits(d.orderNo)).toBe(1);
  });

  it('our database lost after Xendit took the order: PENDING, not failed; the retry collects it, the payment credits once', async () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const setCollection = vi.spyOn(DepositRepository.prototype, 'setCollection').mockRejectedValueOnce(lost);
    const requestId = newRequestId();
    const body = { requestId, channelId: await channelIdOf('XENDIT_GCASH'), amount: 170 };
    try {
      const first = await id.send<Deposit>('/wps/cashier/deposit', { token: m.token, body });
      expect(first.status, JSON.stringify(first.body)).toBe(503);
      expect(first.body.errorCode).toBe('system.db.unavailable');
    } finally {
      setCollection.mockRestore();
    }
    const made = await t.db.db
      .selectFrom('deposit')
      .selectAll()
      .where('member_id', '=', m.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(made).toMatchObject({ status: 'PENDING', entry_id: null });
    // The member's retry of the same request collects the same order again (Xendit's idempotency).
    const again = await id.ok<Deposit>('/wps/cashier/deposit', { token: m.token, body });
    expect(again.orderNo).toBe(made.order_no);
    expect([...fake.requests.values()].filter((r) => r.body.reference_id === made.order_no)).toHaveLength(1);
    await fake.pay(prOf(again).id);
    expect(await credits(made.order_no)).toBe(1);
    expect((await order(made.order_no)).status).toBe('ARRIVED');
  });

  it('switched off: its channels disappear and an order on them is refused', async () => {
    const gcash = await channelIdOf('XENDIT_GCASH');
    const off = await configure('GOLDEN', { enabled: false, settings: settings(), secrets: {} });
    expect(off.statusCode, off.body).toBe(200);
    expect((await channels()).filter((c) => c.code.startsWith('XENDIT_'))).toEqual([]);
    await id.fails(
      '/wps/cashier/deposit',
      { token: m.token, body: { requestId: newRequestId(), channelId: gcash, amount: 200 } },
      400,
      'cashier.channel.unknown',
    );
    const on = await configure('GOLDEN', { enabled: true, settings: settings(), secrets: {} });
    expect(on.statusCode, on.body).toBe(200);
    expect((await channels()).some((c) => c.code === 'XENDIT_GCASH')).toBe(true);
  });
});

async function vi_waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
