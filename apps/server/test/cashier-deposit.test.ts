import { randomUUID } from 'node:crypto';
import type { Deposit, LoginResult } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { sign } from '../src/platform/signing';
import { buildAppOn, buildTestApp, type TestContext, PNG } from './helper';
import { freshIp, Identity, type NewMember, type Reply } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let bankChannel: string;
let onlineChannel: string;
let lotusChannel: string;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  bankChannel = await channelId('GOLDEN', 'BANK_BDO');
  onlineChannel = await channelId('GOLDEN', 'EWALLET_DEMO');
  lotusChannel = await channelId('LOTUS', 'FPX_DEMO');
});
afterAll(async () => {
  await t?.close();
});

// ---- helpers ---------------------------------------------------------------------------------------

async function channelId(merchant: string, code: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('payment_channel')
    .select('id')
    .where('merchant_code', '=', merchant)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

let reqSeq = 0;
const newRequestId = () => `req-${Date.now().toString(36)}-${++reqSeq}`;

async function upload(token: string, bytes: Buffer, contentType = 'image/png') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/images',
    headers: { host: 'localhost', authorization: token, 'content-type': contentType },
    payload: bytes,
  });
  return { status: res.statusCode, body: res.json<Reply<{ imageId: string; size: number }>['body']>() };
}

async function uploadOk(token: string): Promise<string> {
  const res = await upload(token, PNG);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.value!.size).toBe(PNG.length);
  return res.body.value!.imageId;
}

const deposit = (token: string, body: Record<string, unknown>) =>
  id.send<Deposit>('/wps/cashier/deposit', { token, body });

async function depositOk(token: string, body: Record<string, unknown>): Promise<Deposit> {
  return id.ok<Deposit>('/wps/cashier/deposit', { token, body: { requestId: newRequestId(), ...body } });
}

const adminHeaders = (key = ADMIN_KEY) => ({ merchant: 'GOLDEN', 'x-api-key': key });

const approve = (depositId: string) =>
  id.send<Deposit>(`/wps/admin/deposits/${depositId}/approve`, { method: 'POST', headers: adminHeaders() });

async function mainBalance(memberId: string): Promise<bigint> {
  return (await ledger.memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;
}

async function depositRow(depositId: string) {
  return t.db.db.selectFrom('deposit').selectAll().where('id', '=', depositId).executeTakeFirstOrThrow();
}

async function messagesOf(memberId: string) {
  return t.db.db
    .selectFrom('member_message')
    .select(['kind', 'params'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

/** Everything a refused call must leave as it was. */
async function snapshot() {
  const count = async (table: string) =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.db.db)).rows[0]!.n,
    );
  return {
    deposits: await t.db.db
      .selectFrom('deposit')
      .select(['id', 'status', 'entry_id', 'gateway_txn', 'reviewed_by', 'reject_reason'])
      .orderBy('id')
      .execute(),
    entries: await count('ledger_entry'),
    postings: await count('ledger_posting'),
    messages: await count('member_message'),
    images: await count('cashier_image'),
    balances: await t.db.db.selectFrom('ledger_account').select(['id', 'balance']).orderBy('id').execute(),
  };
}

async function secretOf(merchant: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('cashier_setting')
    .select('gateway_secret')
    .where('merchant_code', '=', merchant)
    .executeTakeFirstOrThrow();
  return row.gateway_secret;
}

/** Sends a gateway notification as a provider would: signed with `signWith`'s secret unless a signature is given. */
async function notify(
  payload: Record<string, unknown> | string,
  o: { merchant?: string; signWith?: string; signature?: string | null } = {},
) {
  const merchant = o.merchant ?? 'GOLDEN';
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json', merchant };
  const signature =
    o.signature === undefined ? sign(await secretOf(o.signWith ?? merchant), body) : o.signature;
  if (signature !== null) headers['x-signature'] = signature;
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/callback/DEMO',
    headers,
    payload: body,
  });
  return { status: res.statusCode, body: res.json<Reply<{ orderNo: string; status: string }>['body']>() };
}

const notification = (d: Deposit, over: Record<string, unknown> = {}) => ({
  orderNo: d.orderNo,
  gatewayTxn: `T${randomUUID().replace(/-/g, '')}`,
  amount: d.amount.toFixed(2),
  status: 'SUCCESS',
  timestamp: Date.now(),
  ...over,
});

async function freePlayToken(): Promise<string> {
  const res = await id.send<LoginResult>('/wps/session/login/freeplay', {
    body: { os: 'Linux', platform: 'W', random: 'k2j4h5' },
    encrypt: true,
    ip: freshIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.token;
}

// ---- tests ---------------------------------------------------------------------------------------------

describe('deposit channels and images', () => {
  let m: NewMember;
  beforeAll(async () => {
    m = await id.registerGolden();
  });

  it('lists the brand’s enabled channels in the request language, with fees and bank details', async () => {
    const v = await id.ok<{
      channels: {
        id: string;
        code: string;
        kind: string;
        name: string;
        feePercent: number;
        minAmount: number;
      }[];
      currencySymbol: string;
    }>('/wps/cashier/channels', { token: m.token });
    expect(v.channels.map((c) => c.code)).toEqual(['BANK_BDO', 'EWALLET_DEMO']);
    expect(v.channels[0]).toMatchObject({
      id: bankChannel,
      kind: 'BANK',
      name: 'Bank transfer (BDO)',
      minAmount: 100,
      maxAmount: 100000,
      feePercent: 0,
      feeFixed: 0,
      presets: [100, 500, 1000, 5000],
      bank: { bankName: 'BDO Unibank', accountName: 'Golden Palm Payments Inc.', accountNo: '0012345678901' },
    });
    expect(v.channels[1]).toMatchObject({ kind: 'ONLINE', feePercent: 1.5, minAmount: 50, bank: null });
    const cn = await id.ok<{ channels: { name: string }[] }>('/wps/cashier/channels', {
      token: m.token,
      lang: 'CN',
    });
    expect(cn.channels[0]!.name).toBe('银行转账 (BDO)');
  });

  it('refuses callers without a session, and trial accounts', async () => {
    await id.fails('/wps/cashier/channels', {}, 401, 'login.not.session');
    await id.fails(
      '/wps/cashier/deposit',
      { body: { requestId: newRequestId(), channelId: onlineChannel, amount: 100 } },
      401,
      'login.not.session',
    );
    const trial = await freePlayToken();
    const before = await snapshot();
    await id.fails(
      '/wps/cashier/deposit',
      { token: trial, body: { requestId: newRequestId(), channelId: onlineChannel, amount: 100 } },
      403,
      'member.trial.forbidden',
    );
    const res = await upload(trial, PNG);
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('member.trial.forbidden');
    expect(await snapshot()).toEqual(before);
  });

  it('stores a PNG and serves it to its owner and operators only', async () => {
    const imageId = await uploadOk(m.token);
    const own = await t.app.inject({
      url: `/wps/cashier/images/${imageId}`,
      headers: { host: 'localhost', authorization: m.token },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);

    const other = await id.registerGolden();
    await id.fails(`/wps/cashier/images/${imageId}`, { token: other.token }, 404, 'system.not.found');
    await id.fails(`/wps/cashier/images/not-a-uuid`, { token: m.token }, 404, 'system.not.found');

    const op = await t.app.inject({ url: `/wps/admin/images/${imageId}`, headers: adminHeaders() });
    expect(op.statusCode).toBe(200);
    expect(op.rawPayload.equals(PNG)).toBe(true);
    await id.fails(`/wps/admin/images/${imageId}`, {}, 401, 'admin.unauthorized');
  });

  it('refuses non-image bytes, 5 MB + 1 byte, and other content types', async () => {
    const before = await snapshot();
    const fake = await upload(m.token, Buffer.from('this is not a picture at all'), 'image/png');
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ success: false, errorCode: 'cashier.image.invalid' });

    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(big);
    const tooLarge = await upload(m.token, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ success: false, errorCode: 'cashier.image.too.large' });

    const huge = await upload(m.token, Buffer.alloc(8 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(huge.body.success).toBe(false);

    const json = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/images',
      headers: { host: 'localhost', authorization: m.token, 'content-type': 'application/json' },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ errorCode: 'cashier.image.invalid' });

    // The image parser is the upload route's own: other routes still refuse image bodies.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/deposit',
      headers: { host: 'localhost', authorization: m.token, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(elsewhere.statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the ledger consistent', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe('bank deposit reviewed by an operator', () => {
  let m: NewMember;
  beforeAll(async () => {
    m = await id.registerGolden();
  });

  it('an approval repeated with the same Idempotency-Key returns the first answer and credits once', async () => {
    // Its own member: the happy path below counts the shared member's messages.
    const m = await id.registerGolden();
    const imageId = await uploadOk(m.token);
    const before = await mainBalance(m.id);
    const d = await depositOk(m.token, {
      channelId: bankChannel,
      amount: '250',
      payerName: 'Juan Dela Cruz',
      imageIds: [imageId],
    });
    const key = `k-${newRequestId()}`;
    const call = (path: string, body: Record<string, unknown>, k = key) =>
      t.app.inject({
        method: 'POST',
        url: `/wps/admin/deposits/${d.id}/${path}`,
        headers: { host: 'localhost', ...adminHeaders(), 'idempotency-key': k },
        payload: body,
      });
    const first = await call('approve', {});
    expect(first.json()).toMatchObject({ success: true, value: { status: 'APPROVED' } });
    const again = await call('approve', {});
    expect(again.json()).toEqual(first.json());
    expect(await mainBalance(m.id)).toBe(before + 25000n);
    // The same key on another decision is refused; a new key meets the order's state check.
    expect((await call('reject', { reason: 'late' })).json()).toMatchObject({
      errorCode: 'idempotency.mismatch',
    });
    expect((await call('reject', { reason: 'late' }, `k-${newRequestId()}`)).json()).toMatchObject({
      errorCode: 'cashier.order.state',
    });
    expect(await mainBalance(m.id)).toBe(before + 25000n);
  });

  it('happy path: receipt, order, approval credits the member once with a ledger entry and a message', async () => {
    const imageId = await uploadOk(m.token);
    const before = await mainBalance(m.id);
    const d = await depositOk(m.token, {
      channelId: bankChannel,
      amount: '1500.50',
      payerName: 'Juan Dela Cruz',
      imageIds: [imageId],
      remark: 'sent from BPI',
    });
    expect(d).toMatchObject({
      orderNo: expect.stringMatching(/^D\d{18}$/),
      channelCode: 'BANK_BDO',
      kind: 'BANK',
      amount: 1500.5,
      fee: 0,
      creditAmount: 1500.5,
      status: 'PENDING',
      payUrl: null,
      imageIds: [imageId],
      remark: 'sent from BPI',
      rejectReason: null,
    });
    // Nothing moves at request time.
    expect(await mainBalance(m.id)).toBe(before);
    expect(await ledger.entry(t.db.db, 'GOLDEN', `DEPOSIT:${d.orderNo}`)).toBeUndefined();

    const list = await id.ok<{ list: { id: string; username: string; status: string }[] }>(
      '/wps/admin/deposits?status=PENDING',
      { headers: adminHeaders() },
    );
    expect(list.list.find((x) => x.id === d.id)).toMatchObject({ username: m.username, status: 'PENDING' });

    const approved = await id.ok<Deposit>(`/wps/admin/deposits/${d.id}/approve`, {
      method: 'POST',
      headers: adminHeaders(),
    });
    expect(approved.status).toBe('APPROVED');
    expect(await mainBalance(m.id)).toBe(before + 150_050n);
    const row = await depositRow(d.id);
    expect(row).toMatchObject({ status: 'APPROVED', reviewed_by: 'alice' });
    const entry = await ledger.entry(t.db.db, 'GOLDEN', `DEPOSIT:${d.orderNo}`);
    expect(entry).toMatchObject({ kind: 'DEPOSIT', member_id: m.id });
    expect(row.entry_id).toBe(entry!.id);
    const postings = await t.db.db
      .selectFrom('ledger_posting')
      .select(['account_id', 'amount'])
      .where('entry_id', '=', entry!.id)
      .execute();
    // No fee on this channel: no house leg.
    expect(postings.map((p) => p.amount).sort()).toEqual(['-150050', '150050']);
    expect(await messagesOf(m.id)).toEqual([
      { kind: 'DEPOSIT_APPROVED', params: { orderNo: d.orderNo, amount: 1500.5, credit: 1500.5 } },
    ]);

    const mine = await id.ok<{ list: Deposit[]; totalPages: number }>('/wps/cashier/deposits', {
      token: m.token,
    });
    expect(mine.list[0]).toMatchObject({ id: d.id, status: 'APPROVED' });
  });

  it('approve twice: the second is refused (409) and the member is credited once', async () => {
    const d = await depositOk(m.token, {
      channelId: bankChannel,
      amount: 200,
      imageIds: [await uploadOk(m.token)],
    });
    const before = await mainBalance(m.id);
    expect((await approve(d.id)).status).toBe(200);
    const snap = await snapshot();
    const again = await approve(d.id);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('cashier.order.state');
    expect(await snapshot()).toEqual(snap);
    expect(await mainBalance(m.id)).toBe(before + 20_000n);
  });

  it('5 concurrent approvals credit exactly once', async () => {
    const d = await depositOk(m.token, {
      channelId: bankChannel,
      amount: 300,
      imageIds: [await uploadOk(m.token)],
    });
    const before = await mainBalance(m.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => approve(d.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await mainBalance(m.id)).toBe(before + 30_000n);
    const entries = await t.db.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('reference', '=', `DEPOSIT:${d.orderNo}`)
      .execute();
    expect(entries).toHaveLength(1);
    const approvedMessages = (await messagesOf(m.id)).filter(
      (x) => x.kind === 'DEPOSIT_APPROVED' && x.params.orderNo === d.orderNo,
    );
    expect(approvedMessages).toHaveLength(1);
  });

  it('reject: REJECTED with the reason, a message, no money; approving it afterwards is refused', async () => {
    const d = await depositOk(m.token, {
      channelId: bankChannel,
      amount: 400,
      imageIds: [await uploadOk(m.token)],
    });
    const before = await mainBalance(m.id);
    await id.fails(
      `/wps/admin/deposits/${d.id}/reject`,
      { method: 'POST', headers: adminHeaders(), body: { reason: '' } },
      400,
      'request.invalid',
    );
    const rejected = await id.ok<Deposit>(`/wps/admin/deposits/${d.id}/reject`, {
      method: 'POST',
      headers: adminHeaders(),
      body: { reason: 'Receipt does not match' },
    });
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectReason: 'Receipt does not match' });
    expect(await depositRow(d.id)).toMatchObject({
      status: 'REJECTED',
      reviewed_by: 'alice',
      entry_id: null,
    });
    expect((await messagesOf(m.id)).at(-1)).toEqual({
      kind: 'DEPOSIT_REJECTED',
      params: { orderNo: d.orderNo, amount: 400, credit: 400, reason: 'Receipt does not match' },
    });
    const snap = await snapshot();
    expect((await approve(d.id)).body.errorCode).toBe('cashier.order.state');
    await id.fails(
      `/wps/admin/deposits/${d.id}/reject`,
      { method: 'POST', headers: adminHeaders(), body: { reason: 'again' } },
      409,
      'cashier.order.state',
    );
    expect(await snapshot()).toEqual(snap);
    expect(await mainBalance(m.id)).toBe(before);
  });

  it('operator calls need the right key; unknown orders are 404', async () => {
    const d = await depositOk(m.token, {
      channelId: bankChannel,
      amount: 500,
      imageIds: [await uploadOk(m.token)],
    });
    const snap = await snapshot();
    await id.fails('/wps/admin/deposits', { headers: { merchant: 'GOLDEN' } }, 401, 'admin.unauthorized');
    await id.fails(
      `/wps/admin/deposits/${d.id}/approve`,
      { method: 'POST', headers: { merchant: 'GOLDEN' } },
      401,
      'admin.unauthorized',
    );
    await id.fails(
      `/wps/admin/deposits/${d.id}/approve`,
      { method: 'POST', headers: adminHeaders('wrong-admin-key-0123456789') },
      401,
      'admin.unauthorized',
    );
    // Another brand's operator view does not reach this order.
    await id.fails(
      `/wps/admin/deposits/${d.id}/approve`,
      { method: 'POST', headers: { ...adminHeaders(), merchant: 'LOTUS' } },
      404,
      'cashier.order.not.found',
    );
    await id.fails(
      '/wps/admin/deposits/999999999/approve',
      { method: 'POST', headers: adminHeaders() },
      404,
      'cashier.order.not.found',
    );
    expect(await snapshot()).toEqual(snap);
  });

  it('keeps the ledger consistent', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe('online deposit through the demo gateway', () => {
  let m: NewMember;
  let brandName: string;
  beforeAll(async () => {
    m = await id.registerGolden();
    brandName = (
      await t.db.db
        .selectFrom('merchant')
        .select('name')
        .where('code', '=', 'GOLDEN')
        .executeTakeFirstOrThrow()
    ).name;
  });

  it('pays: page, pay button, signed notification, ARRIVED and credited amount - fee', async () => {
    const before = await mainBalance(m.id);
    // 1.5% of 123.45 is 1.85175: the fee is floored to 1.85, the member gets 121.60.
    const d = await depositOk(m.token, { channelId: onlineChannel, amount: '123.45' });
    expect(d).toMatchObject({
      kind: 'ONLINE',
      status: 'PENDING',
      amount: 123.45,
      fee: 1.85,
      creditAmount: 121.6,
      payUrl: `/gateway/demo/${d.orderNo}`,
    });

    const page = await t.app.inject({ url: d.payUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('123.45');
    expect(page.body).toContain(d.orderNo);
    expect(page.body).toContain(brandName);
    expect(page.body).toContain('Pay now');
    expect(page.body).toContain('Cancel payment');
    expect(page.body).toContain(`action="/gateway/demo/${d.orderNo}/pay"`);
    expect(page.body).not.toMatch(/<script|<link|src=/i);

    const pay = await t.app.inject({ method: 'POST', url: `/gateway/demo/${d.orderNo}/pay` });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe('/?member=depositv2');

    const row = await depositRow(d.id);
    expect(row.status).toBe('ARRIVED');
    expect(row.gateway_txn).toMatch(/^DG[0-9a-f]{24}$/);
    expect(await mainBalance(m.id)).toBe(before + 12_160n);
    const entry = await ledger.entry(t.db.db, 'GOLDEN', `DEPOSIT:${d.orderNo}`);
    expect(row.entry_id).toBe(entry!.id);
    const house = await ledger.account('GOLDEN', 'HOUSE');
    const clearing = await ledger.account('GOLDEN', 'PAYMENT_CLEARING');
    const main = await ledger.account('GOLDEN', 'MAIN', m.id);
    const postings = await t.db.db
      .selectFrom('ledger_posting')
      .select(['account_id', 'amount'])
      .where('entry_id', '=', entry!.id)
      .execute();
    expect(Object.fromEntries(postings.map((p) => [p.account_id, p.amount]))).toEqual({
      [clearing]: '-12345',
      [main]: '12160',
      [house]: '185',
    });
    expect((await messagesOf(m.id)).at(-1)).toEqual({
      kind: 'DEPOSIT_ARRIVED',
      params: { orderNo: d.orderNo, amount: 123.45, credit: 121.6 },
    });

    // The page now shows the state without buttons; paying again sends nothing.
    const after = await t.app.inject({ url: d.payUrl! });
    expect(after.body).toContain('Payment received');
    expect(after.body).not.toContain('Pay now');
    const snap = await snapshot();
    const again = await t.app.inject({ method: 'POST', url: `/gateway/demo/${d.orderNo}/pay` });
    expect(again.statusCode).toBe(303);
    expect(await snapshot()).toEqual(snap);
    const mine = await id.ok<{ list: Deposit[] }>('/wps/cashier/deposits?status=ARRIVED', { token: m.token });
    expect(mine.list.map((x) => x.id)).toContain(d.id);
    expect(mine.list.find((x) => x.id === d.id)!.payUrl).toBeNull();
  });

  it('a repeated notification is acknowledged and moves nothing', async () => {
    const d = await depositOk(m.token, { channelId: onlineChannel, amount: 100 });
    const n = notification(d);
    const first = await notify(n);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toEqual({ orderNo: d.orderNo, status: 'ARRIVED' });
    const snap = await snapshot();
    const balance = await mainBalance(m.id);
    const same = await notify(n);
    expect(same.status).toBe(200);
    expect(same.body.value).toEqual({ orderNo: d.orderNo, status: 'ARRIVED' });
    const otherTxn = await notify(notification(d));
    expect(otherTxn.status).toBe(200);
    expect(await snapshot()).toEqual(snap);
    expect(await mainBalance(m.id)).toBe(balance);
    // A contradicting notification is refused and changes nothing either.
    const contradiction = await notify(notification(d, { status: 'FAILED' }));
    expect(contradiction.status).toBe(409);
    expect(contradiction.body.errorCode).toBe('cashier.order.state');
    expect(await snapshot()).toEqual(snap);
  });

  it('a bad or missing signature is 401 and changes nothing', async () => {
    const d = await depositOk(m.token, { channelId: onlineChannel, amount: 100 });
    const body = JSON.stringify(notification(d));
    const snap = await snapshot();
    const cases = [
      await notify(body, { signature: null }),
      await notify(body, { signature: '' }),
      await notify(body, { signature: 'zz' }),
      await notify(body, { signature: sign('not-the-secret', body) }),
      // Signed, then altered in transit (one byte more): the signature no longer matches.
      await notify(body.replace('"status":"SUCCESS"', '"status":"SUCCESS" '), {
        signature: sign(await secretOf('GOLDEN'), body),
      }),
      // Signed with another brand's secret but sent as GOLDEN.
      await notify(body, { signWith: 'LOTUS' }),
    ];
    for (const res of cases) {
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body).toMatchObject({ success: false, errorCode: 'gateway.signature.invalid' });
    }
    expect(await snapshot()).toEqual(snap);
    expect((await depositRow(d.id)).status).toBe('PENDING');
  });

  it('an amount mismatch, another brand or an unknown order is 400 and changes nothing', async () => {
    const d = await depositOk(m.token, { channelId: onlineChannel, amount: 100 });
    const snap = await snapshot();
    for (const over of [
      { amount: '1000.00' },
      { amount: '99.99' },
      { amount: '-100' },
      { orderNo: 'D000' },
      // Text PostgreSQL cannot store, signed all the same.
      { orderNo: `${d.orderNo}\u0000` },
      { gatewayTxn: 'T\u0000X' },
      { gatewayTxn: 'T\ud800X' },
    ]) {
      const res = await notify(notification(d, over));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errorCode).toBe('request.invalid');
    }
    // Correctly signed by LOTUS, for a GOLDEN order.
    const lotus = await notify(notification(d), { merchant: 'LOTUS' });
    expect(lotus.status).toBe(400);
    expect(lotus.body.errorCode).toBe('request.invalid');
    const bad = await notify('{"orderNo":');
    expect(bad.status).toBe(400);
    expect(await snapshot()).toEqual(snap);
    expect((await depositRow(d.id)).status).toBe('PENDING');
  });

  it('a failed payment: FAILED, a message, no money; a later success is refused', async () => {
    const before = await mainBalance(m.id);
    const d = await depositOk(m.token, { channelId: onlineChannel, amount: 250 });
    const fail = await t.app.inject({
      method: 'POST',
      url: `/gateway/demo/${d.orderNo}/fail`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(fail.statusCode).toBe(303);
    expect(fail.headers.location).toBe('/?member=depositv2');
    const row = await depositRow(d.id);
    expect(row).toMatchObject({ status: 'FAILED', entry_id: null });
    expect(row.gateway_txn).not.toBeNull();
    expect((await messagesOf(m.id)).at(-1)).toEqual({
      kind: 'DEPOSIT_FAILED',
      params: { orderNo: d.orderNo, amount: 250, credit: 246.25 },
    });
    expect(await mainBalance(m.id)).toBe(before);
    const page = await t.app.inject({ url: `/gateway/demo/${d.orderNo}` });
    expect(page.body).toContain('failed or was cancelled');
    expect(page.body).not.toContain('Pay now');

    const snap = await snapshot();
    expect((await notify(notification(d, { status: 'FAILED' }))).status).toBe(200);
    const late = await notify(notification(d));
    expect(late.status).toBe(409);
    expect(late.body.errorCode).toBe('cashier.order.state');
    expect(await snapshot()).toEqual(snap);
  });

  it('the gateway page of an unknown order or a bank order shows no buttons', async () => {
    const unknown = await t.app.inject({ url: '/gateway/demo/D202401010000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Order not found');
    const junk = await t.app.inject({ url: '/gateway/demo/%3Cscript%3E' });
    expect(junk.statusCode).toBe(404);
    expect(junk.body).not.toContain('<script>');

    const bank = await depositOk(m.token, {
      channelId: bankChannel,
      amount: 100,
      imageIds: [await uploadOk(m.token)],
    });
    const page = await t.app.inject({ url: `/gateway/demo/${bank.orderNo}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Pay now');
    const snap = await snapshot();
    const pay = await t.app.inject({ method: 'POST', url: `/gateway/demo/${bank.orderNo}/pay` });
    expect(pay.statusCode).toBe(303);
    expect(await snapshot()).toEqual(snap);
  });

  it('keeps the ledger consistent', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe('deposit requests: idempotency and bad input', () => {
  let m: NewMember;
  let other: NewMember;
  beforeAll(async () => {
    m = await id.registerGolden();
    other = await id.registerGolden();
  });

  it('the same requestId returns the same order; a different amount or channel is 409', async () => {
    const requestId = newRequestId();
    const body = { requestId, channelId: onlineChannel, amount: 60 };
    const first = await id.ok<Deposit>('/wps/cashier/deposit', { token: m.token, body });
    const snap = await snapshot();
    const again = await id.ok<Deposit>('/wps/cashier/deposit', { token: m.token, body });
    expect(again).toEqual(first);
    await id.fails(
      '/wps/cashier/deposit',
      { token: m.token, body: { ...body, amount: 61 } },
      409,
      'wallet.reference.conflict',
    );
    await id.fails(
      '/wps/cashier/deposit',
      { token: m.token, body: { ...body, channelId: bankChannel, imageIds: [] } },
      409,
      'wallet.reference.conflict',
    );
    expect(await snapshot()).toEqual(snap);
    // Another member may use the same requestId: it is the member's key, not a global one.
    const theirs = await id.ok<Deposit>('/wps/cashier/deposit', { token: other.token, body });
    expect(theirs.id).not.toBe(first.id);
  });

  it('two identical requests racing make one order', async () => {
    const body = { requestId: newRequestId(), channelId: onlineChannel, amount: 70 };
    const before = (await snapshot()).deposits.length;
    const [a, b] = await Promise.all([
      id.send<Deposit>('/wps/cashier/deposit', { token: other.token, body }),
      id.send<Deposit>('/wps/cashier/deposit', { token: other.token, body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.value!.id).toBe(b.body.value!.id);
    expect((await snapshot()).deposits.length).toBe(before + 1);
  });

  it('refuses bad input with a clear error and creates nothing', async () => {
    const mine = await uploadOk(m.token);
    const theirs = await uploadOk(other.token);
    const snap = await snapshot();
    const cases: [Record<string, unknown>, number, string, string[]?][] = [
      [{ channelId: onlineChannel, amount: -10 }, 400, 'request.invalid', ['amount']],
      [{ channelId: onlineChannel, amount: '-10' }, 400, 'request.invalid', ['amount']],
      [{ channelId: onlineChannel, amount: 0 }, 400, 'request.invalid', ['amount']],
      [{ channelId: onlineChannel, amount: '100.123' }, 400, 'request.invalid', ['amount']],
      [{ channelId: onlineChannel, amount: '1e3' }, 400, 'request.invalid', ['amount']],
      [{ channelId: onlineChannel, amount: 'abc' }, 400, 'request.invalid', ['amount']],
      [{ channelId: onlineChannel }, 400, 'request.invalid', ['amount']],
      [{ channelId: 'x1', amount: 100 }, 400, 'request.invalid', ['channelId']],
      [{ channelId: onlineChannel, amount: '20000.01' }, 400, 'cashier.amount.range'],
      [{ channelId: onlineChannel, amount: '49.99' }, 400, 'cashier.amount.range'],
      [{ channelId: '999999', amount: 100 }, 400, 'cashier.channel.unknown'],
      [{ channelId: lotusChannel, amount: 100 }, 400, 'cashier.channel.unknown'],
      [{ channelId: bankChannel, amount: 100 }, 400, 'cashier.receipt.required'],
      [{ channelId: bankChannel, amount: 100, imageIds: [] }, 400, 'cashier.receipt.required'],
      [{ channelId: bankChannel, amount: 100, imageIds: [theirs] }, 400, 'request.invalid', ['imageIds']],
      [
        { channelId: bankChannel, amount: 100, imageIds: [randomUUID()] },
        400,
        'request.invalid',
        ['imageIds'],
      ],
      [{ channelId: bankChannel, amount: 100, imageIds: [mine, mine] }, 400, 'request.invalid', ['imageIds']],
      [
        { channelId: bankChannel, amount: 100, imageIds: [mine, randomUUID(), randomUUID(), randomUUID()] },
        400,
        'request.invalid',
        ['imageIds'],
      ],
      [
        { channelId: onlineChannel, amount: 100, remark: 'x'.repeat(141) },
        400,
        'request.invalid',
        ['remark'],
      ],
      [{ requestId: 'short', channelId: onlineChannel, amount: 100 }, 400, 'request.invalid', ['requestId']],
    ];
    for (const [body, status, code, fields] of cases) {
      const res = await deposit(m.token, { requestId: newRequestId(), ...body });
      const where = JSON.stringify({ body, res: res.body });
      expect(res.status, where).toBe(status);
      expect(res.body.errorCode, where).toBe(code);
      expect(res.body.message?.length ?? 0, where).toBeGreaterThan(0);
      if (fields) {
        const named = ((res.body as { value?: { fields?: { field: string }[] } }).value?.fields ?? []).map(
          (f) => f.field,
        );
        expect(
          named.some((f) => fields.some((x) => f.startsWith(x))),
          where,
        ).toBe(true);
      }
    }
    const range = await deposit(m.token, {
      requestId: newRequestId(),
      channelId: bankChannel,
      amount: '100000.01',
    });
    expect(range.body.message).toContain('100.00');
    expect(range.body.message).toContain('100000.00');
    expect(await snapshot()).toEqual(snap);
  });

  it('a member has at most 5 open deposits; retries of the fifth still get their order', async () => {
    const fresh = await id.registerGolden();
    for (let i = 0; i < 4; i++) await depositOk(fresh.token, { channelId: onlineChannel, amount: 50 + i });
    // Twins racing for the last slot: one order, and both get it (not a throttle for the loser).
    const fifth = { requestId: newRequestId(), channelId: onlineChannel, amount: 75 };
    const twins = await Promise.all([
      id.send<Deposit>('/wps/cashier/deposit', { token: fresh.token, body: fifth }),
      id.send<Deposit>('/wps/cashier/deposit', { token: fresh.token, body: fifth }),
    ]);
    expect(twins.map((x) => x.status)).toEqual([200, 200]);
    expect(twins[0]!.body.value!.id).toBe(twins[1]!.body.value!.id);
    const snap = await snapshot();
    const res = await deposit(fresh.token, {
      requestId: newRequestId(),
      channelId: onlineChannel,
      amount: 80,
    });
    expect(res.status).toBe(429);
    expect(res.body.errorCode).toBe('system.throttled');
    const retry = await id.ok<Deposit>('/wps/cashier/deposit', { token: fresh.token, body: fifth });
    expect(retry.id).toBe(twins[0]!.body.value!.id);
    expect(await snapshot()).toEqual(snap);
  });

  it('keeps the ledger consistent', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe('the demo gateway switched off (DEMO_GATEWAY=false, the production default)', () => {
  let off: Identity;
  let close = async () => {};
  beforeAll(async () => {
    const app = await buildAppOn(t.db, { ADMIN_API_KEY: ADMIN_KEY, DEMO_GATEWAY: 'false' });
    off = new Identity({ ...t, app });
    close = () => app.close();
  });
  afterAll(() => close());

  it('offers no demo channel, refuses a deposit on it, and serves no pay page', async () => {
    const m = await id.registerGolden();
    // An order made while the gateway was on must not become payable by clicking once it is off.
    const pending = await depositOk(m.token, { channelId: onlineChannel, amount: '100' });
    const before = await mainBalance(m.id);

    const v = await off.ok<{ channels: { code: string }[] }>('/wps/cashier/channels', { token: m.token });
    expect(v.channels.map((c) => c.code)).toEqual(['BANK_BDO']);
    await off.fails(
      '/wps/cashier/deposit',
      { token: m.token, body: { requestId: newRequestId(), channelId: onlineChannel, amount: '100' } },
      400,
      'cashier.channel.unknown',
    );
    expect((await off.app.inject({ url: `/gateway/demo/${pending.orderNo}` })).statusCode).toBe(404);
    const pay = await off.app.inject({ method: 'POST', url: `/gateway/demo/${pending.orderNo}/pay` });
    expect(pay.statusCode).toBe(404);
    expect((await depositRow(pending.id)).status).toBe('PENDING');
    expect(await mainBalance(m.id)).toBe(before);
  });
});
