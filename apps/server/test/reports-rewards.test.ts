/**
 * The promotions and rewards reports against their sources: a sign-in promotion, a mission claim,
 * a points conversion, other bonuses and an agent wage paid through the ledger's use cases, bets
 * settled for GGR, the roll-up run, and every figure of /wps/admin/reports/rewards/* compared with
 * SQL straight over the ledger, the promotion and mission tables and the points ledger.
 */
import { randomUUID } from 'node:crypto';
import {
  PERMISSIONS,
  PROMO_CALLS,
  type RewardCosts,
  type RewardItems,
  type RewardPoints,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/platform/password';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const TZ = 'Asia/Manila';
const PAY = '246810';

let t: TestContext;
let id: Identity;
let brandKey = '';

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  brandKey = `test-key-rr-${randomUUID()}`;
  await t.services.staff.admin.insertKey(brandKey, 'rr-golden', 'GOLDEN', [...PERMISSIONS], 'test');
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const rid = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

async function bet(m: NewMember, stake: bigint, payout: bigint): Promise<void> {
  const { bets } = t.services.wallet;
  const roundId = rid('round');
  await bets.placeBet('GOLDEN', m.id, {
    vendor: 'HOUSE',
    gameType: 'RNG',
    gameCode: 'rr-slot',
    gameName: 'Rewards Report Slot',
    roundId,
    stake,
  });
  await bets.settleBet('GOLDEN', 'HOUSE', roundId, { payout });
}

async function deposit(m: NewMember, amount: string): Promise<void> {
  const b = await t.brands.resolve('GOLDEN', undefined);
  const channel = await t.db.db
    .selectFrom('payment_channel')
    .select('id')
    .where('merchant_code', '=', 'GOLDEN')
    .where('code', '=', 'EWALLET_DEMO')
    .executeTakeFirstOrThrow();
  const d = await t.services.cashier.deposits.create(b, 'EN', m.id, {
    requestId: rid('dep'),
    channelId: channel.id,
    amount,
  });
  await t.services.cashier.deposits.approve(b, 'EN', d.id, 'alice');
}

async function credit(m: NewMember, amount: bigint, source: string, kind: 'BONUS' | 'REBATE' = 'BONUS') {
  const { bonus } = t.services.wallet;
  const to = await bonus.accounts('GOLDEN', m.id);
  await t.db.db.transaction().execute((trx) =>
    bonus.credit(trx, to, {
      amount,
      kind,
      reference: rid(`TEST_${source}`),
      turnoverRequired: 0n,
      memo: { source, title: 'Rewards report test' },
      message: null,
    }),
  );
}

/** An agent's wage: WAGE_EXPENSE → MAIN, the way agent settlement books it. */
async function wage(m: NewMember, amount: bigint) {
  const { ledger } = t.services.wallet;
  const expense = await ledger.account('GOLDEN', 'WAGE_EXPENSE');
  const main = await ledger.account('GOLDEN', 'MAIN', m.id);
  await t.db.db.transaction().execute((trx) =>
    ledger.post(trx, {
      merchant: 'GOLDEN',
      reference: rid('TEST_WAGE'),
      kind: 'WAGE',
      memberId: m.id,
      memo: {},
      postings: [
        { accountId: expense, amount: -amount },
        { accountId: main, amount },
      ],
    }),
  );
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const get = (path: string, query: Record<string, string>, key = ADMIN_KEY) =>
  t.app.inject({
    method: 'GET',
    url: `/wps/admin/reports/rewards/${path}?${new URLSearchParams(query).toString()}`,
    headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': key },
  });
async function getOk<T>(path: string, query: Record<string, string>): Promise<T> {
  const res = await get(path, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: T }>().value;
}

const local = (col: string) => sql.raw(`(${col} AT TIME ZONE '${TZ}')::date`);

/** Bonus cost per memo source and entry kind straight from the ledger (minor units). */
async function costsFromLedger(from: string, to: string) {
  const { rows } = await sql<{ kind: string; source: string; amount: string; n: number }>`
    SELECT e.kind, coalesce(e.memo->>'source', '') AS source, sum(-p.amount)::text AS amount,
           count(DISTINCT e.id)::int AS n
      FROM ledger_entry e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id
     WHERE e.merchant_code = 'GOLDEN' AND a.kind IN ('PROMOTION_EXPENSE', 'WAGE_EXPENSE')
       AND ${local('e.created_at')} BETWEEN ${from}::date AND ${to}::date
     GROUP BY 1, 2`.execute(t.db.db);
  const ggr = await sql<{ ggr: string }>`
    SELECT coalesce(sum(p.amount), 0)::text AS ggr
      FROM ledger_entry e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id
     WHERE e.merchant_code = 'GOLDEN' AND e.kind = 'PAYOUT' AND a.kind = 'HOUSE'
       AND ${local('e.created_at')} BETWEEN ${from}::date AND ${to}::date`.execute(t.db.db);
  return { rows, ggr: BigInt(ggr.rows[0]!.ggr) };
}

const CATEGORY: Record<string, string> = {
  PROMOTION: 'promotion',
  MISSION: 'mission',
  REBATE: 'rebate',
  REFERRAL: 'referral',
  VIP: 'vip',
  POINTS: 'points',
  POINTS_MALL: 'points',
};

describe('rewards reports', () => {
  const to = today();
  const from = addDays(to, -6);
  let a: NewMember;
  let b: NewMember;

  beforeAll(async () => {
    [a, b] = [await id.registerGolden(), await id.registerGolden()];
    // A sign-in promotion and a mission, through the member's own calls.
    const promotion = await t.db.db
      .selectFrom('promotion')
      .select('id')
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'daily-check-in')
      .executeTakeFirstOrThrow();
    for (const m of [a, b]) {
      const signed = await id.send(`/wps/relay/${PROMO_CALLS.sign}`, {
        method: 'POST',
        token: m.token,
        body: { promotionId: promotion.id },
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    }
    const mission = await t.db.db
      .selectFrom('mission')
      .select('id')
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'daily-login')
      .executeTakeFirstOrThrow();
    const claimed = await id.send('/wps/mission/claim', {
      method: 'POST',
      token: a.token,
      body: { missionId: mission.id },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    // Points: an operator's grant, then a conversion to cash through the points service.
    await t.db.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword(PAY) })
      .where('id', '=', a.id)
      .execute();
    await t.db.db.transaction().execute((trx) =>
      t.services.points.ledger.post(trx, {
        merchant: 'GOLDEN',
        memberId: a.id,
        kind: 'ADJUSTMENT',
        points: 5_000n,
        reference: rid('TEST_POINTS'),
      }),
    );
    const golden = await t.brands.resolve('GOLDEN', undefined);
    await t.services.points.points.convert(golden, 'EN', a.id, {
      requestId: rid('conv').replace(/-/g, '').slice(0, 32),
      points: 1_234,
      paymentPassword: PAY,
    });
    // Other sources, an agent's wage (not a reward, but in NGR), and play for GGR.
    await credit(b, 3_00n, 'VIP');
    await credit(b, 4_00n, 'REFERRAL');
    await credit(a, 1_50n, 'REBATE', 'REBATE');
    await credit(a, 2_25n, 'odd-source');
    await wage(b, 9_99n);
    await deposit(a, '600');
    await deposit(b, '200');
    await bet(a, 500_00n, 100_00n);
    await bet(b, 100_00n, 0n);
    await t.services.reports.aggregates.rollUp();
  });

  it('costs by category equal the ledger, agent pay left out of the rewards but in NGR', async () => {
    const got = await getOk<RewardCosts>('costs', { from, to, by: 'day' });
    const { rows, ggr } = await costsFromLedger(from, to);
    const want: Record<string, bigint> = {};
    let total = 0n;
    let all = 0n;
    let credits = 0;
    for (const r of rows) {
      all += BigInt(r.amount);
      if (r.kind === 'WAGE' || r.kind === 'DIVIDEND') continue;
      const cat = CATEGORY[r.source] ?? (r.kind === 'REBATE' ? 'rebate' : 'other');
      want[cat] = (want[cat] ?? 0n) + BigInt(r.amount);
      total += BigInt(r.amount);
      credits += r.n;
    }
    const major = (v: bigint | undefined) => Number(v ?? 0n) / 100;
    const ngr = ggr - all;
    expect(got.totals).toEqual({
      promotion: major(want.promotion),
      mission: major(want.mission),
      rebate: major(want.rebate),
      referral: major(want.referral),
      vip: major(want.vip),
      points: major(want.points),
      other: major(want.other),
      total: major(total),
      credits,
      ggr: major(ggr),
      ngr: major(ngr),
      bonusToNgr: ngr > 0n ? Number(total) / Number(ngr) : null,
    });
    // What this test paid is in it: sign-ins, the mission, 12.34 of points, VIP, referral, the rebate.
    expect(got.totals.points).toBeGreaterThanOrEqual(12.34);
    expect(got.totals.vip).toBeGreaterThanOrEqual(3);
    expect(got.totals.mission).toBeGreaterThan(0);
    expect(got.totals.promotion).toBeGreaterThan(0);
    expect(got.totals.other).toBeGreaterThanOrEqual(2.25);
    expect(got.sources.some((s) => s.kind === 'WAGE')).toBe(false);
    // The series: one row per day; its sums are the totals.
    expect(got.series.map((s) => s.period)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(from, i)));
    const sum = (k: 'total' | 'ggr' | 'ngr') => Math.round(got.series.reduce((x, s) => x + s[k] * 100, 0));
    expect(sum('total')).toBe(Number(total));
    expect(sum('ggr')).toBe(Number(ggr));
    expect(sum('ngr')).toBe(Number(ngr));
    // The sources list adds up to the rewards' total.
    expect(Math.round(got.sources.reduce((x, s) => x + s.amount * 100, 0))).toBe(Number(total));
    // By month: the same totals.
    const monthly = await getOk<RewardCosts>('costs', { from, to, by: 'month' });
    expect(monthly.totals).toEqual(got.totals);
  });

  it("lists each promotion's and mission's cost, adding up to their categories", async () => {
    const got = await getOk<RewardItems>('items', { from, to });
    const costs = await getOk<RewardCosts>('costs', { from, to });
    const sum = (cat: string) =>
      Math.round(got.items.filter((i) => i.category === cat).reduce((x, i) => x + i.amount * 100, 0));
    expect(sum('promotion')).toBe(Math.round(costs.totals.promotion * 100));
    expect(sum('mission')).toBe(Math.round(costs.totals.mission * 100));
    const checkIn = got.items.find((i) => i.code === 'daily-check-in')!;
    const { rows } = await sql<{ claims: number; members: number; amount: string }>`
      SELECT count(*)::int AS claims, count(DISTINCT pp.member_id)::int AS members, sum(pp.amount)::text AS amount
        FROM promotion_participation pp JOIN promotion p ON p.id = pp.promotion_id
        JOIN ledger_entry e ON e.id = pp.entry_id
       WHERE p.code = 'daily-check-in' AND p.merchant_code = 'GOLDEN'
         AND ${local('e.created_at')} BETWEEN ${from}::date AND ${to}::date`.execute(t.db.db);
    expect(checkIn).toMatchObject({
      category: 'promotion',
      kind: 'SIGN_IN',
      merchant: 'GOLDEN',
      claims: rows[0]!.claims,
      members: rows[0]!.members,
      amount: Number(rows[0]!.amount) / 100,
    });
    expect(checkIn.claims).toBeGreaterThanOrEqual(2);
    expect(checkIn.title.length).toBeGreaterThan(0);
    const login = got.items.find((i) => i.code === 'daily-login')!;
    expect(login).toMatchObject({ category: 'mission', kind: 'LOGIN', claims: 1, members: 1 });
  });

  it('points earned, redeemed, converted and adjusted equal the points ledger; cash equals the ledger', async () => {
    const got = await getOk<RewardPoints>('points', { from, to, by: 'week' });
    const { rows } = await sql<{ kind: string; points: string }>`
      SELECT kind, sum(points)::text AS points FROM point_entry
       WHERE merchant_code = 'GOLDEN' AND ${local('created_at')} BETWEEN ${from}::date AND ${to}::date
       GROUP BY 1`.execute(t.db.db);
    const by = new Map(rows.map((r) => [r.kind, Number(r.points)]));
    const costs = await costsFromLedger(from, to);
    const cash = costs.rows
      .filter((r) => r.source === 'POINTS' || r.source === 'POINTS_MALL')
      .reduce((x, r) => x + Number(r.amount), 0);
    expect(got.totals).toEqual({
      earned: by.get('EARN') ?? 0,
      redeemed: 0 - ((by.get('REDEEM') ?? 0) + (by.get('REDEEM_REFUND') ?? 0)),
      converted: 0 - (by.get('CONVERT') ?? 0),
      adjusted: (by.get('ADJUSTMENT') ?? 0) + (by.get('SEED') ?? 0),
      cash: cash / 100,
    });
    expect(got.totals.converted).toBeGreaterThanOrEqual(1_234);
    expect(got.totals.adjusted).toBeGreaterThanOrEqual(5_000);
    expect(got.series.reduce((x, s) => x + s.converted, 0)).toBe(got.totals.converted);
  });

  it('answers every brand for a platform grant only', async () => {
    const all = await getOk<RewardCosts>('costs', { from, to, scope: 'all' });
    const golden = await getOk<RewardCosts>('costs', { from, to });
    expect(all.totals.total).toBeGreaterThanOrEqual(golden.totals.total);
    for (const path of ['costs', 'items', 'points']) {
      const res = await get(path, { from, to, scope: 'all' }, brandKey);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'operator.forbidden' });
    }
    expect((await get('items', { from, to }, brandKey)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear error', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['costs', { from: to, to: from }, 'report.period.order'],
      ['costs', { from: '2026-13-01', to }, 'report.period.order'],
      ['items', { from: '2020-01-01', to: '2026-01-01' }, 'report.period.too.long'],
      ['points', { from, to, by: 'hour' }, 'request.invalid'],
      ['items', { from, to: '' }, 'request.invalid'],
      ['costs', { from, to, scope: 'everything' }, 'request.invalid'],
    ];
    for (const [path, q, code] of cases) {
      const res = await get(path, q);
      expect(res.json(), `${path} ${JSON.stringify(q)}`).toMatchObject({ success: false, errorCode: code });
      expect(res.statusCode).toBe(400);
    }
  });
});
