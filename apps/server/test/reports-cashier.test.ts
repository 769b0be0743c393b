/**
 * The cashier report against the cashier's tables and the ledger: deposits and withdrawals made
 * through the real use cases (approved, rejected, left open; paid and rejected), their times set to
 * known durations, then every figure of GET /wps/admin/reports/cashier, the drill-down to orders,
 * the home page's average times, and reconciliation of a settlement file with each mismatch kind,
 * its permission, its audit row and the files it refuses.
 */
import { randomUUID } from 'node:crypto';
import {
  type CashierOrderPage,
  type CashierReport,
  fromMinor,
  PERMISSIONS,
  type ReconciliationLinePage,
  type ReconciliationRun,
  type SystemStatusValue,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../src/platform/brand';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { buildTestApp, PNG, setWithdrawalThreshold, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const PAYMENT_PASSWORD = '246810';
const KEY = `test-key-cashier-report-${randomUUID()}`;
/** Reads reports but may not reconcile. */
const VIEW_KEY = `test-key-cashier-view-${randomUUID()}`;

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let golden: Brand;
let today: string;
let from: string;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  golden = await t.brands.resolve('GOLDEN', undefined);
  await setWithdrawalThreshold(t.app, ADMIN_KEY, 'GOLDEN', 100_000_000n);
  await t.services.staff.admin.insertKey(KEY, 'cashier-report', 'GOLDEN', [...PERMISSIONS], 'test');
  await t.services.staff.admin.insertKey(VIEW_KEY, 'cashier-view', 'GOLDEN', ['reports.view'], 'test');
  const { rows } = await sql<{ d: string }>`
    SELECT (now() AT TIME ZONE 'Asia/Manila')::date::text AS d`.execute(t.db.db);
  today = rows[0]!.d;
  // Yesterday too: an order moved back a few minutes may cross the brand's midnight.
  from = (await sql<{ d: string }>`SELECT (${today}::date - 1)::text AS d`.execute(t.db.db)).rows[0]!.d;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// ---- activity through the use cases ---------------------------------------------------------------

let seq = 0;
const rid = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

async function channelId(code: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('payment_channel')
    .select('id')
    .where('merchant_code', '=', 'GOLDEN')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
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

/** A deposit that took `secs` seconds from request to its decision (or is left open). */
async function deposit(
  m: NewMember,
  channel: string,
  amount: string,
  outcome: 'approve' | 'reject' | 'open',
  secs = 0,
): Promise<{ id: string; orderNo: string }> {
  const { deposits } = t.services.cashier;
  // A bank transfer needs its receipt.
  const imageIds = channel.startsWith('BANK_') ? [await receipt(m)] : undefined;
  const d = await deposits.create(golden, 'EN', m.id, {
    requestId: rid('dep'),
    channelId: await channelId(channel),
    amount,
    ...(imageIds ? { imageIds } : {}),
  });
  if (outcome === 'approve') await deposits.approve(golden, 'EN', d.id, 'alice');
  if (outcome === 'reject') await deposits.reject(golden, 'EN', d.id, 'alice', 'no receipt');
  if (outcome !== 'open')
    await sql`UPDATE deposit SET created_at = decided_at - make_interval(secs => ${secs}) WHERE id = ${d.id}`.execute(
      t.db.db,
    );
  return { id: d.id, orderNo: d.orderNo };
}

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

async function payoutAccount(m: NewMember, bank: string): Promise<string> {
  await id.ok('/wps/member/password/payment', {
    token: m.token,
    body: { password: m.password, newPaymentPassword: PAYMENT_PASSWORD },
    encrypt: true,
  });
  const account = await id.ok<{ id: string }>('/wps/cashier/payout-accounts', {
    token: m.token,
    body: {
      bankCode: bank,
      accountName: m.payeeName,
      accountNo: `30${String(Date.now()).slice(-8)}${String(++seq).padStart(3, '0')}`,
      paymentPassword: PAYMENT_PASSWORD,
    },
    encrypt: true,
  });
  return account.id;
}

/** A withdrawal paid in full after `secs` seconds, rejected, or left open. */
async function withdraw(
  m: NewMember,
  account: string,
  amount: string,
  outcome: 'pay' | 'reject' | 'open',
  secs = 0,
): Promise<string> {
  const { withdrawals } = t.services.cashier;
  const w = await withdrawals.create(golden, m.id, {
    requestId: rid('wd'),
    payoutAccountId: account,
    amount,
    paymentPassword: PAYMENT_PASSWORD,
  });
  if (outcome === 'pay') {
    const by = { kind: 'API_KEY', id: 'report-test', name: 'alice' } as const;
    const d = await withdrawals.approve(golden, w.id, by, {}, rid('pay'));
    expect(d.state).not.toBe('AWAITING_SECOND_APPROVAL');
    await sql`UPDATE withdrawal w SET created_at = p.created_at - make_interval(secs => ${secs})
                FROM withdrawal_payout p WHERE p.withdrawal_id = w.id AND w.id = ${w.id}`.execute(t.db.db);
  }
  if (outcome === 'reject') await withdrawals.reject(golden, w.id, 'alice', 'account closed');
  return w.id;
}

const get = (url: string, key = KEY) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': key } });

async function ok<T>(url: string, key = KEY): Promise<T> {
  const res = await get(url, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: T }>().value;
}

/** p-th percentile with linear interpolation (what percentile_cont does). */
function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = p * (s.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

const DEPOSIT_SECS = [60, 120, 180, 240, 600, 900];
const WITHDRAW_SECS = [300, 1200, 3600];
const orders: { deposits: { id: string; orderNo: string }[] } = { deposits: [] };

describe('the cashier report', () => {
  beforeAll(async () => {
    const a = await id.registerGolden();
    const b = await id.registerGolden();
    // Online (DEMO, 1.5 % fee): five credited, one rejected, one left open.
    for (const [i, secs] of DEPOSIT_SECS.slice(0, 5).entries())
      orders.deposits.push(
        await deposit(i % 2 ? a : b, 'EWALLET_DEMO', `${100 * (i + 1)}.50`, 'approve', secs),
      );
    orders.deposits.push(await deposit(a, 'EWALLET_DEMO', '70', 'reject', 30));
    orders.deposits.push(await deposit(b, 'EWALLET_DEMO', '80', 'open'));
    // Bank transfer (manual, no fee): one credited after 900 s.
    orders.deposits.push(await deposit(a, 'BANK_BDO', '1000', 'approve', DEPOSIT_SECS[5]));

    const w1 = await id.registerGolden();
    const w2 = await id.registerGolden();
    await fund(w1.id, 1_000_000n);
    await fund(w2.id, 1_000_000n);
    const bdo = await payoutAccount(w1, 'BDO');
    const bpi = await payoutAccount(w2, 'BPI');
    await withdraw(w1, bdo, '200', 'pay', WITHDRAW_SECS[0]);
    await withdraw(w1, bdo, '300', 'pay', WITHDRAW_SECS[1]);
    await withdraw(w2, bpi, '400', 'pay', WITHDRAW_SECS[2]);
    await withdraw(w2, bpi, '150', 'reject');
    await withdraw(w1, bdo, '120', 'open');
  }, 120_000);

  it('counts, sums and times every order as the cashier tables and the ledger hold them', async () => {
    const r = await ok<CashierReport>(`/wps/admin/reports/cashier?from=${from}&to=${today}`);
    expect(r.deposits).toMatchObject({ requests: 8, succeeded: 6, failed: 1, pending: 1 });
    expect(r.deposits.successRate).toBeCloseTo(6 / 7, 10);
    // Credited: 100.50 + 200.50 + ... + 500.50 + 1000.
    expect(r.deposits.amount).toBe(2502.5);
    expect(r.deposits.requested).toBe(2502.5 + 70 + 80);
    expect(r.deposits.avgSeconds).toBeCloseTo(DEPOSIT_SECS.reduce((x, y) => x + y) / 6, 1);
    expect(r.deposits.p90Seconds).toBeCloseTo(percentile(DEPOSIT_SECS, 0.9), 1);

    // The same figures straight from the deposit table, and what the ledger credited for them.
    const { rows } = await sql<{ fees: string; amount: string; clearing: string }>`
      SELECT sum(d.fee)::text AS fees, sum(d.amount)::text AS amount,
             (SELECT sum(-p.amount) FROM ledger_entry e JOIN ledger_posting p ON p.entry_id = e.id
                JOIN ledger_account a ON a.id = p.account_id
               WHERE e.kind = 'DEPOSIT' AND a.kind = 'PAYMENT_CLEARING' AND e.merchant_code = 'GOLDEN')::text AS clearing
        FROM deposit d WHERE d.merchant_code = 'GOLDEN' AND d.status IN ('APPROVED', 'ARRIVED')`.execute(
      t.db.db,
    );
    expect(r.deposits.fees).toBe(fromMinor(rows[0]!.fees));
    expect(r.deposits.fees).toBeGreaterThan(0);
    expect(r.deposits.amount).toBe(fromMinor(rows[0]!.amount));
    expect(r.deposits.amount).toBe(fromMinor(rows[0]!.clearing));

    // Deposit channels are named in the reader's language (?language=), else the brand's.
    const names = await t.db.db.selectFrom('payment_channel').select(['code', 'name']).execute();
    const named = (code: string) => names.find((c) => c.code === code)!.name;
    const inThai = await ok<CashierReport>(`/wps/admin/reports/cashier?from=${from}&to=${today}&language=TH`);
    const deposits = inThai.rows.filter((c) => c.direction === 'DEPOSIT');
    expect(deposits.length).toBeGreaterThan(0);
    for (const c of deposits) {
      expect(named(c.channel).TH).toBeTruthy();
      expect(c.channelName).toBe(named(c.channel).TH);
    }
    for (const c of r.rows.filter((x) => x.direction === 'DEPOSIT'))
      expect(c.channelName).toBe(named(c.channel).EN);

    expect(r.withdrawals).toMatchObject({ requests: 5, succeeded: 3, failed: 1, pending: 1, amount: 900 });
    expect(r.withdrawals.avgSeconds).toBeCloseTo((300 + 1200 + 3600) / 3, 1);
    expect(r.withdrawals.p90Seconds).toBeCloseTo(percentile(WITHDRAW_SECS, 0.9), 1);
    const paid = await sql<{ s: string }>`
      SELECT sum(p.amount)::text AS s FROM ledger_entry e JOIN ledger_posting p ON p.entry_id = e.id
        JOIN ledger_account a ON a.id = p.account_id
       WHERE e.kind = 'WITHDRAW_PAID' AND a.kind = 'PAYMENT_CLEARING' AND e.merchant_code = 'GOLDEN'`.execute(
      t.db.db,
    );
    expect(r.withdrawals.amount).toBe(fromMinor(paid.rows[0]!.s));

    // By channel and provider.
    const row = (direction: string, channel: string) =>
      r.rows.find((x) => x.direction === direction && x.channel === channel)!;
    expect(row('DEPOSIT', 'EWALLET_DEMO')).toMatchObject({
      provider: 'DEMO',
      kind: 'ONLINE',
      requests: 7,
      succeeded: 5,
      failed: 1,
      pending: 1,
      amount: 1502.5,
    });
    expect(row('DEPOSIT', 'EWALLET_DEMO').p90Seconds).toBeCloseTo(
      percentile(DEPOSIT_SECS.slice(0, 5), 0.9),
      1,
    );
    expect(row('DEPOSIT', 'BANK_BDO')).toMatchObject({
      provider: 'MANUAL',
      requests: 1,
      amount: 1000,
      fees: 0,
    });
    expect(row('WITHDRAWAL', 'BDO')).toMatchObject({
      provider: 'MANUAL',
      requests: 3,
      succeeded: 2,
      amount: 500,
    });
    expect(row('WITHDRAWAL', 'BPI')).toMatchObject({
      requests: 2,
      succeeded: 1,
      failed: 1,
      successRate: 0.5,
    });
    // The rows add up to the totals.
    const sum = (k: 'requests' | 'amount', d: string) =>
      r.rows.filter((x) => x.direction === d).reduce((s, x) => s + x[k], 0);
    expect(sum('requests', 'DEPOSIT')).toBe(8);
    expect(sum('amount', 'WITHDRAWAL')).toBe(900);
    // Every day of the period, the credited amounts on the day they were asked for.
    expect(r.days.map((d) => d.day)).toEqual([from, today]);
    expect(r.days.reduce((s, d) => s + d.deposits, 0)).toBeCloseTo(2502.5, 2);
    expect(r.days.reduce((s, d) => s + d.withdrawalCount, 0)).toBe(3);
  });

  it('drills down from a channel to its orders in keyset pages', async () => {
    const base = `/wps/admin/reports/cashier/orders?from=${from}&to=${today}&direction=DEPOSIT&channel=EWALLET_DEMO`;
    const first = await ok<CashierOrderPage>(`${base}&limit=4`);
    expect(first.list).toHaveLength(4);
    expect(first.next).not.toBeNull();
    const second = await ok<CashierOrderPage>(`${base}&limit=4&after=${first.next}`);
    expect(second.list).toHaveLength(3);
    expect(second.next).toBeNull();
    const all = [...first.list, ...second.list];
    expect(new Set(all.map((o) => o.orderNo)).size).toBe(7);
    // Newest first.
    expect(all.map((o) => o.createdAt)).toEqual([...all.map((o) => o.createdAt)].sort().reverse());
    const failed = await ok<CashierOrderPage>(`${base}&outcome=FAILED`);
    expect(failed.list.map((o) => [o.status, o.amount])).toEqual([['REJECTED', 70]]);
    const bank = await ok<CashierOrderPage>(
      `/wps/admin/reports/cashier/orders?from=${from}&to=${today}&direction=DEPOSIT&channel=BANK_BDO`,
    );
    expect(bank.list[0]).toMatchObject({ amount: 1000, settled: 1000, outcome: 'SUCCEEDED', seconds: 900 });
    const bad = await get(`${base}&after=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errorCode: string }>().errorCode).toBe('report.cursor.invalid');
  });

  it('refuses a bad period and another brand’s figures without a platform grant', async () => {
    const order = await get(`/wps/admin/reports/cashier?from=${today}&to=${from}`);
    expect(order.json<{ errorCode: string }>().errorCode).toBe('report.period.order');
    const all = await get(`/wps/admin/reports/cashier?from=${from}&to=${today}&scope=all`);
    expect(all.statusCode).toBe(403);
  });

  it('gives the home page the average times of the last 30 days’ completed orders', async () => {
    t.services.reports.cashierReports!.reports.forgetTimes();
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { host: 'localhost' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<{ value: SystemStatusValue }>().value.info.stats;
    expect(stats.avgDepositSeconds).toBe(Math.round(DEPOSIT_SECS.reduce((x, y) => x + y) / 6));
    expect(stats.avgWithdrawSeconds).toBe(Math.round((300 + 1200 + 3600) / 3));
    // LOTUS has no completed order: its configured figures stand.
    const lotus = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { host: 'lotus.localhost' },
    });
    expect(lotus.json<{ value: SystemStatusValue }>().value.info.stats).toEqual({
      avgDepositSeconds: 120,
      avgWithdrawSeconds: 300,
    });
  });
});

// ---- reconciliation -----------------------------------------------------------------------------------

const upload = (body: Record<string, unknown>, key = KEY) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/admin/reports/cashier/reconciliations',
    headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': key },
    payload: { provider: 'DEMO', from, to: today, fileName: 'demo-settlement.csv', ...body },
  });

const counts = async () => ({
  runs: Number(
    (await sql<{ n: string }>`SELECT count(*)::text AS n FROM reconciliation_run`.execute(t.db.db)).rows[0]!
      .n,
  ),
  lines: Number(
    (await sql<{ n: string }>`SELECT count(*)::text AS n FROM reconciliation_line`.execute(t.db.db)).rows[0]!
      .n,
  ),
  audits: Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM audit_log WHERE action = 'reports.reconcile.upload'`.execute(t.db.db)
    ).rows[0]!.n,
  ),
});

describe('reconciliation of a settlement file', () => {
  it('lists each kind of mismatch and stores the run with one audit row', async () => {
    const rows = await t.db.db
      .selectFrom('deposit as d')
      .innerJoin('payment_channel as c', 'c.id', 'd.channel_id')
      .select(['d.order_no', 'd.provider_ref', 'd.amount', 'd.fee', 'd.status'])
      .where('c.gateway', '=', 'DEMO')
      .where('d.merchant_code', '=', 'GOLDEN')
      .orderBy('d.id')
      .execute();
    const credited = rows.filter((r) => r.status === 'APPROVED' || r.status === 'ARRIVED');
    expect(credited).toHaveLength(5);
    const rejected = rows.find((r) => r.status === 'REJECTED')!;
    const money = (minor: string, delta = 0n) => fromMinor(BigInt(minor) + delta).toFixed(2);
    const [c0, c1, c2, c3, c4] = credited as [
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
      (typeof rows)[0],
    ];
    const csv = [
      'Order No,Provider Reference,Amount,Fee,Status,Created At',
      // Matches.
      `${c0.order_no},${c0.provider_ref},${money(c0.amount)},${money(c0.fee)},SUCCEEDED,2026-01-01T10:00:00Z`,
      // Amount differs (by one cent), named by the provider's reference only.
      `,${c1.provider_ref},${money(c1.amount, 1n)},${money(c1.fee)},SETTLED,2026-01-01T10:01:00Z`,
      // Fee differs.
      `${c2.order_no},,${money(c2.amount)},${money(c2.fee, 5n)},SUCCESS,`,
      // Status differs: we rejected it, the provider says paid.
      `${rejected.order_no},,${money(rejected.amount)},${money(rejected.fee)},PAID,`,
      // Not ours.
      `D99999999999999,PX-1,"1,250.00",18.75,SUCCEEDED,`,
      // Named twice.
      `${c0.order_no},,${money(c0.amount)},${money(c0.fee)},SUCCEEDED,`,
      // c3 and c4 are missing from the file: ours but not on the file.
    ].join('\r\n');
    const before = await counts();
    const res = await upload({ content: csv });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json<{ value: ReconciliationRun }>().value;
    expect(run).toMatchObject({ provider: 'DEMO', from, to: today, fileLines: 6, matched: 1, mismatched: 7 });
    expect(run.kinds).toEqual({
      AMOUNT: 1,
      FEE: 1,
      STATUS: 1,
      MISSING_OURS: 1,
      DUPLICATE: 1,
      MISSING_FILE: 2,
    });
    const after = await counts();
    expect(after).toEqual({ runs: before.runs + 1, lines: before.lines + 8, audits: before.audits + 1 });
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `reconciliation:${run.id}`)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor: 'cashier-report',
      merchant_code: 'GOLDEN',
      action: 'reports.reconcile.upload',
    });

    const page = await ok<ReconciliationLinePage>(`/wps/admin/reports/cashier/reconciliations/${run.id}`);
    expect(page.list).toHaveLength(7);
    const by = (orderNo: string | null) => page.list.filter((l) => l.orderNo === orderNo);
    expect(by(c1.order_no)[0]).toMatchObject({ issues: ['AMOUNT'], fileLine: 3, direction: 'DEPOSIT' });
    expect(by(c1.order_no)[0]!.fileAmount! - by(c1.order_no)[0]!.ourAmount!).toBeCloseTo(0.01, 5);
    expect(by(c2.order_no)[0]!.issues).toEqual(['FEE']);
    expect(by(rejected.order_no)[0]).toMatchObject({
      issues: ['STATUS'],
      fileStatus: 'SUCCEEDED',
      ourStatus: 'FAILED',
    });
    expect(by('D99999999999999')[0]).toMatchObject({
      issues: ['MISSING_OURS'],
      fileAmount: 1250,
      fileFee: 18.75,
    });
    expect(by(c0.order_no)[0]).toMatchObject({ issues: ['DUPLICATE'], fileLine: 7 });
    expect([...by(c3.order_no), ...by(c4.order_no)].map((l) => [l.issues, l.fileLine])).toEqual([
      [['MISSING_FILE'], null],
      [['MISSING_FILE'], null],
    ]);
    const missing = await ok<ReconciliationLinePage>(
      `/wps/admin/reports/cashier/reconciliations/${run.id}?issue=MISSING_FILE`,
    );
    expect(missing.list).toHaveLength(2);
    const everything = await ok<ReconciliationLinePage>(
      `/wps/admin/reports/cashier/reconciliations/${run.id}?all=1&limit=5`,
    );
    expect(everything.list).toHaveLength(5);
    expect(everything.next).toBe(5);
    const runs = await ok<ReconciliationRun[]>('/wps/admin/reports/cashier/reconciliations');
    expect(runs[0]!.id).toBe(run.id);
    expect(await ok<string[]>('/wps/admin/reports/cashier/providers')).toContain('DEMO');
  });

  it('refuses bad files with a clear error and stores nothing', async () => {
    const header = 'order_no,amount,fee,status\n';
    const cases: [Record<string, unknown>, string][] = [
      [{ fileName: 'settlement.xlsx', content: header + 'D1,10.00,0,SUCCEEDED' }, 'report.reconcile.not.csv'],
      [{ content: 'PK\u0003\u0004\u0014\u0006binary' }, 'report.reconcile.not.csv'],
      [{ content: 'just some text without columns' }, 'report.reconcile.not.csv'],
      [{ content: 'order_no,amount,status\nD1,10.00,SUCCEEDED' }, 'report.reconcile.columns'],
      [{ content: 'amount,fee,status\n10.00,0,SUCCEEDED' }, 'report.reconcile.columns'],
      [{ content: header + 'D1,ten,0,SUCCEEDED' }, 'report.reconcile.value'],
      [{ content: header + 'D1,-10.00,0,SUCCEEDED' }, 'report.reconcile.value'],
      [{ content: header + 'D1,10.005,0,SUCCEEDED' }, 'report.reconcile.value'],
      [{ content: header + 'D1,10.00,0,MAYBE' }, 'report.reconcile.value'],
      [{ content: header }, 'report.reconcile.empty'],
      [{ content: header + 'x'.repeat(5 * 1024 * 1024) }, 'report.reconcile.too.large'],
      [{ content: header + 'D1,1.00,0,SUCCEEDED\n'.repeat(200_001) }, 'report.reconcile.too.many.lines'],
      [{ provider: 'NOPE', content: header + 'D1,10.00,0,SUCCEEDED' }, 'report.reconcile.provider'],
      [{ from: today, to: from, content: header + 'D1,10.00,0,SUCCEEDED' }, 'report.period.order'],
    ];
    const before = await counts();
    for (const [body, code] of cases) {
      const res = await upload(body);
      expect(res.statusCode, `${code}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.json<{ errorCode: string }>().errorCode, JSON.stringify(body).slice(0, 80)).toBe(code);
    }
    const line = await upload({ content: header + 'D1,10.00,0,SUCCEEDED\nD2,1x,0,FAILED' });
    // The file's own line number (the header is line 1) and the cell, so finance can fix it.
    expect(line.json<{ message: string }>().message).toBe('Line 3: the amount "1x" is not valid.');
    expect(await counts()).toEqual(before);
  }, 60_000);

  it('needs reports.reconcile to upload or read runs, and a run of this brand', async () => {
    const res = await upload({ content: 'order_no,amount,fee,status\nD1,10.00,0,SUCCEEDED' }, VIEW_KEY);
    expect(res.statusCode).toBe(403);
    expect((await get('/wps/admin/reports/cashier/reconciliations', VIEW_KEY)).statusCode).toBe(403);
    const missing = await get('/wps/admin/reports/cashier/reconciliations/999999');
    expect(missing.json<{ errorCode: string }>().errorCode).toBe('report.reconcile.not.found');
    const lotus = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/reports/cashier/reconciliations/1',
      headers: { host: 'localhost', merchant: 'LOTUS', 'x-api-key': ADMIN_KEY },
    });
    expect(lotus.json<{ errorCode: string }>().errorCode).toBe('report.reconcile.not.found');
  });
});
