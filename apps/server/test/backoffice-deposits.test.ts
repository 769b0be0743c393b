import { randomUUID } from 'node:crypto';
import type { Deposit } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../src/platform/signing';
import { buildTestApp, type TestContext, PNG } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const QUEUE = '/wps/admin/deposits';

let t: TestContext;
let id: Identity;
let bank: string;
let online: string;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  const channel = async (code: string) =>
    (
      await t.db.db
        .selectFrom('payment_channel')
        .select('id')
        .where('merchant_code', '=', 'GOLDEN')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  bank = await channel('BANK_BDO');
  online = await channel('EWALLET_DEMO');
});
afterAll(async () => {
  await t?.close();
});

interface QueueRow {
  id: string;
  orderNo: string;
  memberId: string;
  username: string;
  amount: number;
  fee: number;
  channel: string;
  channelType: 'BANK' | 'ONLINE';
  status: string;
  providerStatus: string | null;
  providerTxn: string | null;
  providerNotifiedAt: string | null;
  receiptImageIds: string[];
  createdAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
}
interface QueuePage {
  list: QueueRow[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

const admin = (merchant = 'GOLDEN') => ({ merchant, 'x-api-key': ADMIN_KEY });
const queue = (q: Record<string, string | number>, merchant = 'GOLDEN') => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) search.set(k, String(v));
  return id.send<QueuePage>(`${QUEUE}?${search}`, { headers: admin(merchant) });
};
async function queueOk(q: Record<string, string | number>, merchant = 'GOLDEN'): Promise<QueuePage> {
  const res = await queue(q, merchant);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

async function receipt(m: NewMember): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/images',
    headers: { host: 'localhost', authorization: m.token, 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: { imageId: string } }>().value.imageId;
}

const order = (m: NewMember, body: Record<string, unknown>) =>
  id.ok<Deposit>('/wps/cashier/deposit', { token: m.token, body: { requestId: randomUUID(), ...body } });

/** The gateway's signed notification of an online order, as the provider sends it. */
async function notify(d: Deposit, status: 'SUCCESS' | 'FAILED', gatewayTxn: string): Promise<void> {
  const secret = (
    await t.db.db
      .selectFrom('cashier_setting')
      .select('gateway_secret')
      .where('merchant_code', '=', 'GOLDEN')
      .executeTakeFirstOrThrow()
  ).gateway_secret!;
  const body = JSON.stringify({
    orderNo: d.orderNo,
    gatewayTxn,
    amount: d.amount.toFixed(2),
    status,
    timestamp: Date.now(),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/callback/DEMO',
    headers: { 'content-type': 'application/json', merchant: 'GOLDEN', 'x-signature': sign(secret, body) },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const decide = (d: Deposit, what: 'approve' | 'reject', body: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/wps/admin/deposits/${d.id}/${what}`,
    headers: { host: 'localhost', ...admin(), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

const auditOf = (d: Deposit) =>
  t.db.db.selectFrom('audit_log').selectAll().where('target', '=', `deposit:${d.id}`).orderBy('id').execute();

describe('the back office deposit queue', () => {
  let a: NewMember;
  let b: NewMember;
  const made: Record<string, Deposit> = {};
  let receipts: string[];
  let start: string;
  let end: string;
  beforeAll(async () => {
    start = new Date(Date.now() - 1000).toISOString();
    a = await id.registerGolden();
    b = await id.registerGolden();
    receipts = [await receipt(a), await receipt(a)];
    made.aBank = await order(a, { channelId: bank, amount: '300', imageIds: receipts });
    made.aPaid = await order(a, { channelId: online, amount: '120' });
    await notify(made.aPaid, 'SUCCESS', 'TXN-PAID-1');
    made.bFailed = await order(b, { channelId: online, amount: '180' });
    await notify(made.bFailed, 'FAILED', 'TXN-FAILED-1');
    made.bOpen = await order(b, { channelId: online, amount: '160' });
    made.bRejected = await order(b, { channelId: bank, amount: '140', imageIds: [await receipt(b)] });
    expect((await decide(made.bRejected, 'reject', { reason: 'Receipt unreadable' })).statusCode).toBe(200);
    made.bApproved = await order(b, { channelId: bank, amount: '200', imageIds: [await receipt(b)] });
    expect((await decide(made.bApproved, 'approve', {})).statusCode).toBe(200);
    end = new Date(Date.now() + 1000).toISOString();
  });

  it('lists a member’s deposits newest first with receipts, the gateway’s status and the decision', async () => {
    const page = await queueOk({ q: a.username });
    expect(page).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    expect(page.list.map((r) => r.orderNo)).toEqual([made.aPaid!.orderNo, made.aBank!.orderNo]);
    const [paid, bankRow] = page.list;
    expect(bankRow).toMatchObject({
      id: made.aBank!.id,
      memberId: a.id,
      username: a.username,
      amount: 300,
      channelType: 'BANK',
      status: 'PENDING',
      providerStatus: null,
      providerTxn: null,
      receiptImageIds: receipts,
      decidedBy: null,
      decidedAt: null,
      reason: null,
    });
    expect(paid).toMatchObject({
      channelType: 'ONLINE',
      status: 'ARRIVED',
      providerStatus: 'SUCCESS',
      providerTxn: 'TXN-PAID-1',
      receiptImageIds: [],
      // The gateway settled it: no operator decided.
      decidedBy: null,
    });
    expect(paid!.providerNotifiedAt).not.toBeNull();
    expect(paid!.decidedAt).not.toBeNull();
    // The receipt ids open the images the operator route serves.
    const image = await t.app.inject({
      url: `/wps/admin/images/${receipts[0]}`,
      headers: { host: 'localhost', ...admin() },
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('filters by status, channel type, time and q (order number, username, member id)', async () => {
    const ofB = await queueOk({ q: b.username });
    expect(ofB.list.map((r) => r.orderNo)).toEqual(
      [made.bApproved, made.bRejected, made.bOpen, made.bFailed].map((d) => d!.orderNo),
    );
    expect((await queueOk({ q: b.id })).list.map((r) => r.orderNo)).toEqual(ofB.list.map((r) => r.orderNo));
    // An order number, in either case.
    expect((await queueOk({ q: made.aBank!.orderNo.toLowerCase() })).list.map((r) => r.id)).toEqual([
      made.aBank!.id,
    ]);
    expect((await queueOk({ q: 'nosuchthing' })).list).toEqual([]);

    const rejected = await queueOk({ q: b.username, status: 'REJECTED' });
    expect(rejected.list).toHaveLength(1);
    expect(rejected.list[0]).toMatchObject({
      id: made.bRejected!.id,
      status: 'REJECTED',
      decidedBy: 'alice',
      reason: 'Receipt unreadable',
    });
    expect(rejected.list[0]!.decidedAt).not.toBeNull();
    expect((await queueOk({ q: b.username, status: 'APPROVED' })).list.map((r) => r.id)).toEqual([
      made.bApproved!.id,
    ]);
    const failed = await queueOk({ q: b.username, status: 'FAILED' });
    expect(failed.list[0]).toMatchObject({
      id: made.bFailed!.id,
      providerStatus: 'FAILED',
      providerTxn: 'TXN-FAILED-1',
      decidedBy: null,
    });
    // An online order the gateway has not told us about yet.
    expect((await queueOk({ q: b.username, status: 'PENDING' })).list[0]).toMatchObject({
      id: made.bOpen!.id,
      channelType: 'ONLINE',
      providerStatus: null,
      providerTxn: null,
    });
    expect((await queueOk({ q: b.username, channelType: 'BANK' })).list.map((r) => r.id)).toEqual([
      made.bApproved!.id,
      made.bRejected!.id,
    ]);
    expect((await queueOk({ q: b.username, channelType: 'ONLINE', status: 'PENDING' })).list).toHaveLength(1);

    // Time: the window of this test's orders holds them all; before or after it, none.
    expect((await queueOk({ q: b.username, from: start, to: end })).list).toHaveLength(4);
    expect((await queueOk({ q: b.username, from: end })).list).toEqual([]);
    expect((await queueOk({ q: b.username, to: start })).list).toEqual([]);
    // Another brand sees none of them.
    expect((await queueOk({ q: a.username }, 'LOTUS')).list).toEqual([]);
  });

  it('pages without counting: hasMore while a further row exists', async () => {
    const first = await queueOk({ q: b.username, pageSize: 3 });
    expect(first).toMatchObject({ page: 1, pageSize: 3, hasMore: true });
    expect(first.list).toHaveLength(3);
    const second = await queueOk({ q: b.username, pageSize: 3, page: 2 });
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.list.map((r) => r.id)).toEqual([made.bFailed!.id]);
    expect((await queueOk({ q: b.username, pageSize: 4 })).hasMore).toBe(false);
    expect((await queueOk({ q: b.username, pageSize: 3, page: 3 })).list).toEqual([]);
  });

  it('refuses bad filters with a clear error naming the field', async () => {
    for (const [q, field] of [
      [{ status: 'DONE' }, 'status'],
      [{ channelType: 'CASH' }, 'channelType'],
      [{ from: 'yesterday' }, 'from'],
      [{ to: '2026-13-01T00:00:00Z' }, 'to'],
      [{ from: end, to: start }, 'to'],
      [{ page: 0 }, 'page'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ] as const) {
      const res = await queue(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.errorCode).toBe('request.invalid');
      expect(JSON.stringify(res.body), JSON.stringify(q)).toContain(field);
    }
    const anonymous = await id.send(QUEUE, { headers: { merchant: 'GOLDEN' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('deposit decisions in the audit log', () => {
  let m: NewMember;
  beforeAll(async () => {
    m = await id.registerGolden();
  });

  it('an approval records the status before and after, once however often it is replayed', async () => {
    const d = await order(m, { channelId: bank, amount: '175', imageIds: [await receipt(m)] });
    const key = randomUUID();
    const first = await decide(d, 'approve', {}, key);
    expect(first.json()).toMatchObject({ success: true, value: { status: 'APPROVED' } });
    expect((await decide(d, 'approve', {}, key)).json()).toEqual(first.json());
    // A refused second decision writes nothing either.
    expect((await decide(d, 'approve', {})).json()).toMatchObject({ errorCode: 'cashier.order.state' });
    const rows = await auditOf(d);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: 'alice',
      action: 'deposits.approve',
      merchant_code: 'GOLDEN',
      before: { orderNo: d.orderNo, status: 'PENDING', amount: 175, decidedBy: null, reason: null },
      after: { orderNo: d.orderNo, status: 'APPROVED', amount: 175, decidedBy: 'alice', reason: null },
    });
  });

  it('a rejection records the status before and after and the reason', async () => {
    const d = await order(m, { channelId: bank, amount: '135', imageIds: [await receipt(m)] });
    const res = await decide(d, 'reject', { reason: 'Payer name differs' }, randomUUID());
    expect(res.json()).toMatchObject({ success: true, value: { status: 'REJECTED' } });
    const rows = await auditOf(d);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'deposits.reject',
      before: { status: 'PENDING', reason: null },
      after: { status: 'REJECTED', decidedBy: 'alice', reason: 'Payer name differs' },
    });
    // A bad reason is refused before anything is written.
    const other = await order(m, { channelId: bank, amount: '136', imageIds: [await receipt(m)] });
    expect((await decide(other, 'reject', { reason: '' })).statusCode).toBe(400);
    expect(await auditOf(other)).toEqual([]);
  });
});
