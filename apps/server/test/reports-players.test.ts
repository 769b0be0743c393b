/**
 * The players reports against their sources: members registered, deposited and bet through the
 * real use cases (some moved to earlier local days), the roll-ups run, and every figure of
 * /wps/admin/reports/players/* compared with SQL straight over the members table and the ledger.
 */
import { randomUUID } from 'node:crypto';
import {
  PERMISSIONS,
  type PlayerActivity,
  type PlayerCohorts,
  type PlayerRanking,
  type VipDistribution,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../src/platform/brand';
import { PlayersReportRepository } from '../src/modules/reports/players/players.repository';
import { dashboardRollupJob } from '../src/modules/dashboard/dashboard-rollup.job';
import { aggregatesJob } from '../src/modules/reports/aggregates/aggregates.job';
import { buildTestApp, holdJobs, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const TZ = 'Asia/Manila';

let t: TestContext;
let id: Identity;
/** A key holding every permission on GOLDEN only (no platform grant). */
let brandKey = '';

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  // Folded by hand only: entries are moved to other days after they are made.
  await holdJobs(t, [
    dashboardRollupJob(t.services.dashboard.dashboard),
    aggregatesJob(t.services.reports.aggregates),
  ]);
  id = new Identity(t);
  brandKey = `test-key-rp-${randomUUID()}`;
  await t.services.staff.admin.insertKey(brandKey, 'rp-golden', 'GOLDEN', [...PERMISSIONS], 'test');
});
afterAll(async () => {
  await t?.close();
});

// ---- activity through the use cases ---------------------------------------------------------------

const brand = (code: string): Promise<Brand> => t.brands.resolve(code, undefined);
let seq = 0;
const rid = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

async function deposit(m: NewMember, amount: string): Promise<void> {
  const b = await brand('GOLDEN');
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

async function bet(m: NewMember, stake: bigint, payout: bigint): Promise<void> {
  const { bets } = t.services.wallet;
  const roundId = rid('round');
  await bets.placeBet('GOLDEN', m.id, {
    vendor: 'HOUSE',
    gameType: 'RNG',
    gameCode: 'rp-slot',
    gameName: 'Players Report Slot',
    roundId,
    stake,
  });
  await bets.settleBet('GOLDEN', 'HOUSE', roundId, { payout });
}

async function bonus(m: NewMember, amount: bigint): Promise<void> {
  const { bonus: service } = t.services.wallet;
  const to = await service.accounts('GOLDEN', m.id);
  await t.db.db.transaction().execute((trx) =>
    service.credit(trx, to, {
      amount,
      kind: 'BONUS',
      reference: rid('TEST_BONUS'),
      turnoverRequired: 0n,
      memo: { source: 'test', title: 'Players report test' },
      message: null,
    }),
  );
}

/**
 * Moves a member's registration and ledger entries (after `afterEntry`) to local midnight of today
 * + offset. The ledger refuses updates, so its guard is lifted for this one fixture statement.
 */
async function moveTo(m: NewMember, offset: string, afterEntry = '0', registration = true): Promise<void> {
  const at = sql`(date_trunc('day', now() AT TIME ZONE ${TZ}::text) AT TIME ZONE ${TZ}::text) + ${offset}::interval`;
  await sql`ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_append_only`.execute(t.db.db);
  try {
    await sql`UPDATE ledger_entry SET created_at = ${at}
               WHERE (member_id = ${m.id} OR memo->>'memberId' = ${m.id}) AND id > ${afterEntry}::bigint`.execute(
      t.db.db,
    );
  } finally {
    await sql`ALTER TABLE ledger_entry ENABLE TRIGGER ledger_entry_append_only`.execute(t.db.db);
  }
  if (registration) await sql`UPDATE member SET created_at = ${at} WHERE id = ${m.id}`.execute(t.db.db);
}

const lastEntry = async () =>
  (await sql<{ id: string }>`SELECT max(id)::text AS id FROM ledger_entry`.execute(t.db.db)).rows[0]!.id;

const rollUp = async () => {
  await t.services.dashboard.dashboard.rollUp();
  await t.services.reports.aggregates.rollUp();
};

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

// ---- the API -------------------------------------------------------------------------------------

const get = (path: string, query: Record<string, string | number>, key = ADMIN_KEY, merchant = 'GOLDEN') =>
  t.app.inject({
    method: 'GET',
    url: `/wps/admin/reports/players/${path}?${new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString()}`,
    headers: { host: 'localhost', merchant, 'x-api-key': key },
  });

async function getOk<T>(path: string, query: Record<string, string | number>, key = ADMIN_KEY): Promise<T> {
  const res = await get(path, query, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: T }>().value;
}

// ---- the sources -----------------------------------------------------------------------------------

const local = (col: string) => sql.raw(`(${col} AT TIME ZONE '${TZ}')::date`);
const bucket = (col: string, by: string) =>
  by === 'day'
    ? sql.raw(`(${col} AT TIME ZONE '${TZ}')::date::text`)
    : sql.raw(`date_trunc('${by}', (${col} AT TIME ZONE '${TZ}'))::date::text`);

async function countsBy(
  q: ReturnType<typeof sql<{ period: string; n: number }>>,
): Promise<Map<string, number>> {
  return new Map((await q.execute(t.db.db)).rows.map((r) => [r.period, r.n]));
}

/** Per bucket straight from the members table and the ledger. */
async function activityFromSources(from: string, to: string, by: string) {
  const reg = await countsBy(sql<{ period: string; n: number }>`
    SELECT ${bucket('created_at', by)} AS period, count(*)::int AS n FROM member
     WHERE merchant_code = 'GOLDEN' AND ${local('created_at')} BETWEEN ${from}::date AND ${to}::date GROUP BY 1`);
  const ftd = await countsBy(sql<{ period: string; n: number }>`
    SELECT ${bucket('first', by)} AS period, count(*)::int AS n FROM (
      SELECT member_id, min(created_at) AS first FROM ledger_entry
       WHERE merchant_code = 'GOLDEN' AND kind = 'DEPOSIT' GROUP BY member_id) f
     WHERE ${local('first')} BETWEEN ${from}::date AND ${to}::date GROUP BY 1`);
  const act = await countsBy(sql<{ period: string; n: number }>`
    SELECT ${bucket('created_at', by)} AS period, count(DISTINCT member_id)::int AS n FROM ledger_entry
     WHERE merchant_code = 'GOLDEN' AND kind = 'BET' AND ${local('created_at')} BETWEEN ${from}::date AND ${to}::date
     GROUP BY 1`);
  const total = (
    await sql<{ n: number }>`
      SELECT count(DISTINCT member_id)::int AS n FROM ledger_entry
       WHERE merchant_code = 'GOLDEN' AND kind = 'BET' AND ${local('created_at')} BETWEEN ${from}::date AND ${to}::date`.execute(
      t.db.db,
    )
  ).rows[0]!.n;
  return { reg, ftd, act, total };
}

/** Each member's money over the days, straight from the ledger's postings (minor units as text). */
async function memberMoney(from: string, to: string) {
  const { rows } = await sql<Record<string, string>>`
    WITH e AS (SELECT * FROM ledger_entry WHERE merchant_code = 'GOLDEN' AND member_id IS NOT NULL
                 AND ${local('created_at')} BETWEEN ${from}::date AND ${to}::date),
    legs AS (SELECT e.member_id, e.kind AS ek, a.kind AS ak, p.amount FROM e
               JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id)
    SELECT member_id::text AS member_id,
           coalesce(sum(amount) FILTER (WHERE ek = 'PAYOUT' AND ak = 'HOUSE'), 0)::text AS ggr,
           coalesce(sum(amount) FILTER (WHERE ek IN ('BET', 'BET_VOID') AND ak = 'BET_HOLD'), 0)::text AS turnover,
           coalesce(sum(-amount) FILTER (WHERE ek = 'DEPOSIT' AND ak = 'PAYMENT_CLEARING'), 0)::text AS deposits,
           coalesce(sum(amount) FILTER (WHERE ek = 'WITHDRAW_PAID' AND ak = 'PAYMENT_CLEARING'), 0)::text AS withdrawals,
           coalesce(sum(-amount) FILTER (WHERE ak IN ('PROMOTION_EXPENSE', 'WAGE_EXPENSE')), 0)::text AS bonus
      FROM legs GROUP BY member_id`.execute(t.db.db);
  return new Map(rows.map((r) => [r.member_id!, r]));
}

const major = (minor: string | undefined) => Number(minor ?? '0') / 100;

// ---- tests -----------------------------------------------------------------------------------------

describe('players reports', () => {
  const to = today();
  const from = addDays(to, -40);
  let a: NewMember;
  let b: NewMember;
  let c: NewMember;
  let d: NewMember;

  beforeAll(async () => {
    [a, b, c, d] = [
      await id.registerGolden(),
      await id.registerGolden(),
      await id.registerGolden(),
      await id.registerGolden(),
    ];
    // a: registered 20 days ago, deposited and won then; bet again (lost) 10 days ago and today.
    await deposit(a, '500');
    await bet(a, 100_00n, 350_00n);
    await moveTo(a, '-20 days 1 hour');
    let mark = await lastEntry();
    await bet(a, 50_00n, 0n);
    await moveTo(a, '-10 days 2 hours', mark, false);
    await bet(a, 20_00n, 0n);
    // b: registered 10 days ago at 23:59:59 local (still that day), deposited and lost.
    await deposit(b, '300');
    await bet(b, 200_00n, 10_00n);
    await bonus(b, 7_77n);
    await moveTo(b, '-9 days -1 second');
    // c: registered today, deposited, never bet. d: registered 50 days ago (before the period), bets today.
    await deposit(c, '100');
    await moveTo(d, '-50 days', '0', true);
    mark = await lastEntry();
    await deposit(d, '200');
    await bet(d, 30_00n, 60_00n);
    // The VIP pass stores levels; here two members are given theirs.
    await t.db.db
      .insertInto('member_vip')
      .values([
        { member_id: a.id, merchant_code: 'GOLDEN', level: 3 },
        { member_id: b.id, merchant_code: 'GOLDEN', level: 1 },
      ])
      .onConflict((oc) => oc.column('member_id').doUpdateSet((eb) => ({ level: eb.ref('excluded.level') })))
      .execute();
    await rollUp();
  });

  for (const by of ['day', 'week', 'month'] as const) {
    it(`activity by ${by} equals the members table and the ledger`, async () => {
      const got = await getOk<PlayerActivity>('activity', { from, to, by });
      const want = await activityFromSources(from, to, by);
      for (const row of got.series) {
        expect(row, `${by} ${row.period}`).toEqual({
          period: row.period,
          registrations: want.reg.get(row.period) ?? 0,
          firstDepositors: want.ftd.get(row.period) ?? 0,
          active: want.act.get(row.period) ?? 0,
        });
      }
      // Every bucket with something is in the series; buckets are contiguous.
      for (const k of [...want.reg.keys(), ...want.ftd.keys(), ...want.act.keys()])
        expect(got.series.map((r) => r.period)).toContain(k);
      expect(got.totals).toEqual({
        registrations: [...want.reg.values()].reduce((x, y) => x + y, 0),
        firstDepositors: [...want.ftd.values()].reduce((x, y) => x + y, 0),
        active: want.total,
      });
    });
  }

  it('counts a registration at 23:59:59 local on that day', async () => {
    const day = addDays(to, -10);
    const got = await getOk<PlayerActivity>('activity', { from: day, to: day, by: 'day' });
    expect(got.series).toHaveLength(1);
    expect(got.series[0]!.registrations).toBeGreaterThanOrEqual(1);
    const next = await getOk<PlayerActivity>('activity', { from: addDays(day, 1), to: addDays(day, 1) });
    const want = await activityFromSources(addDays(day, 1), addDays(day, 1), 'day');
    expect(next.totals.registrations).toBe([...want.reg.values()].reduce((x, y) => x + y, 0));
  });

  for (const by of ['week', 'month'] as const) {
    it(`cohorts by ${by}: each cohort's actives per later period equal the ledger's`, async () => {
      const got = await getOk<PlayerCohorts>('cohorts', { from, to, by });
      const { rows } = await sql<{ cohort: string; period: string; n: number }>`
        WITH reg AS (SELECT id, ${bucket('created_at', by)} AS cohort FROM member
                      WHERE merchant_code = 'GOLDEN' AND ${local('created_at')} BETWEEN ${from}::date AND ${to}::date),
        act AS (SELECT DISTINCT member_id, ${bucket('created_at', by)} AS period FROM ledger_entry
                 WHERE merchant_code = 'GOLDEN' AND kind = 'BET' AND ${local('created_at')} BETWEEN ${from}::date AND ${to}::date)
        SELECT reg.cohort, act.period, count(*)::int AS n FROM reg JOIN act ON act.member_id = reg.id
         GROUP BY 1, 2`.execute(t.db.db);
      const sizes = await countsBy(sql<{ period: string; n: number }>`
        SELECT ${bucket('created_at', by)} AS period, count(*)::int AS n FROM member
         WHERE merchant_code = 'GOLDEN' AND ${local('created_at')} BETWEEN ${from}::date AND ${to}::date GROUP BY 1`);
      const cells = new Map(rows.map((r) => [`${r.cohort}|${r.period}`, r.n]));
      const periods = got.cohorts.map((x) => x.cohort);
      let seen = 0;
      got.cohorts.forEach((co, i) => {
        expect(co.size).toBe(sizes.get(co.cohort) ?? 0);
        // The triangle: the first cohort has a cell for every period, the last one cell.
        expect(co.active).toHaveLength(periods.length - i);
        co.active.forEach((n, k) => {
          expect(n, `${co.cohort} +${k}`).toBe(cells.get(`${co.cohort}|${periods[i + k]}`) ?? 0);
          expect(co.share[k]).toBeCloseTo(co.size ? n / co.size : 0, 10);
          seen += n;
        });
      });
      expect(seen).toBe(rows.reduce((x, r) => x + r.n, 0));
      // a and b, registered in the period, bet in it.
      expect(seen).toBeGreaterThanOrEqual(2);
    });
  }

  it('ranks winners and losers by what they won from settled bets, with their money, and audits the read', async () => {
    const audits = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*)::text AS n FROM audit_log WHERE action = 'reports.players.ranking'`.execute(
            t.db.db,
          )
        ).rows[0]!.n,
      );
    const before = await audits();
    const winners = await getOk<PlayerRanking>('ranking', { from, to, side: 'winners', limit: 100 });
    const losers = await getOk<PlayerRanking>('ranking', { from, to, side: 'losers', limit: 100 });
    expect(await audits()).toBe(before + 2);
    const money = await memberMoney(from, to);
    const expectRow = (r: PlayerRanking['items'][number]) => {
      const m = money.get(r.memberId);
      expect(r, r.username).toMatchObject({
        ggr: major(m?.ggr),
        playerProfit: -major(m?.ggr),
        turnover: major(m?.turnover),
        deposits: major(m?.deposits),
        withdrawals: major(m?.withdrawals),
        bonus: major(m?.bonus),
      });
    };
    winners.items.forEach(expectRow);
    losers.items.forEach(expectRow);
    // Winners: the most won first, all above zero; losers: the most lost first.
    const wantWinners = [...money.values()].filter((m) => BigInt(m.ggr!) < 0n).length;
    expect(winners.items).toHaveLength(wantWinners);
    expect(winners.items.map((r) => r.playerProfit)).toEqual(
      [...winners.items.map((r) => r.playerProfit)].sort((x, y) => y - x),
    );
    expect(losers.items.every((r) => r.playerProfit < 0)).toBe(true);
    const ra = winners.items.find((r) => r.memberId === a.id)!;
    expect(ra).toMatchObject({ username: a.username, vipLevel: 3, merchant: 'GOLDEN', playerProfit: 180 });
    const rb = losers.items.find((r) => r.memberId === b.id)!;
    expect(rb).toMatchObject({ vipLevel: 1, playerProfit: -190, bonus: 7.77, deposits: 300 });
    expect(winners.items.find((r) => r.memberId === c.id)).toBeUndefined();
    // The limit holds.
    const one = await getOk<PlayerRanking>('ranking', { from, to, side: 'winners', limit: 1 });
    expect(one.items).toEqual(winners.items.slice(0, 1));
    const row = await t.db.db
      .selectFrom('audit_log')
      .select(['actor', 'merchant_code', 'after'])
      .where('action', '=', 'reports.players.ranking')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor: 'alice', merchant_code: 'GOLDEN' });
    expect(JSON.stringify(row.after)).toContain('"limit":1');
  });

  it("ranks across brands from each brand's best, ties by member id, days outside the period left out", async () => {
    // Member-days of their own (a month nothing else touches) for three members of each brand.
    const pick = (merchant: string) =>
      Promise.all(
        [1, 2, 3].map(async () => {
          const { rows } = await sql<{ id: string }>`
            INSERT INTO member (merchant_code, username, password_hash, referral_code)
            VALUES (${merchant}, ${rid('rk').replace(/-/g, '').slice(0, 16)}, 'x', ${rid('rc')})
            RETURNING id::text AS id`.execute(t.db.db);
          return rows[0]!;
        }),
      );
    const [g1, g2, g3] = await pick('GOLDEN');
    const [l1, l2, l3] = await pick('LOTUS');
    const days: [string, { id: string }, string, number][] = [
      ['GOLDEN', g1!, '2020-01-05', -500_00],
      ['GOLDEN', g1!, '2020-01-20', 100_00],
      ['GOLDEN', g2!, '2020-01-10', -300_00],
      ['GOLDEN', g3!, '2020-01-10', 200_00],
      ['GOLDEN', g3!, '2020-02-01', -99_000_00],
      ['LOTUS', l1!, '2020-01-31', -450_00],
      ['LOTUS', l2!, '2020-01-01', -300_00],
      ['LOTUS', l3!, '2020-01-02', 900_00],
      ['LOTUS', l3!, '2020-01-03', -1_000_00],
    ];
    for (const [merchant, m, day, ggr] of days) {
      await sql`INSERT INTO report_member_day (merchant_code, day, member_id, bets, ggr)
                VALUES (${merchant}, ${day}::date, ${m.id}::bigint, 1, ${ggr})`.execute(t.db.db);
    }
    const repo = new PlayersReportRepository(t.db.db);
    const scope = {
      merchants: ['GOLDEN', 'LOTUS'],
      all: true,
      currency: 'PHP',
      from: '2020-01-01',
      to: '2020-01-31',
    };
    const ids = (rows: { memberId: string }[]) => rows.map((r) => r.memberId);
    const [tieFirst, tieSecond] = BigInt(g2!.id) < BigInt(l2!.id) ? [g2!, l2!] : [l2!, g2!];
    // Winners: l1 -450, g1 -400, then g2 and l2 at -300 (lower member id first), l3 -100.
    expect(ids(await repo.ranking(scope, 'winners', 3))).toEqual([l1!.id, g1!.id, tieFirst.id]);
    expect(ids(await repo.ranking(scope, 'winners', 10))).toEqual([
      l1!.id,
      g1!.id,
      tieFirst.id,
      tieSecond.id,
      l3!.id,
    ]);
    // Losers: g3's February day is outside the period.
    const losers = await repo.ranking(scope, 'losers', 10);
    expect(losers.map((r) => [r.memberId, r.ggr, r.merchant])).toEqual([[g3!.id, 200_00n, 'GOLDEN']]);
    // One brand alone ranks its own members only.
    expect(ids(await repo.ranking({ ...scope, merchants: ['LOTUS'] }, 'winners', 2))).toEqual([
      l1!.id,
      l2!.id,
    ]);
    await sql`DELETE FROM report_member_day WHERE day BETWEEN '2020-01-01' AND '2020-02-01'`.execute(t.db.db);
  });

  it('counts members per VIP level now and the actives of each', async () => {
    const got = await getOk<VipDistribution>('vip', { from, to });
    const { rows } = await sql<{ level: number; members: number; active: number }>`
      SELECT coalesce(v.level, 0)::int AS level, count(*)::int AS members,
             count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ledger_entry e WHERE e.member_id = m.id AND e.kind = 'BET'
                 AND ${local('e.created_at')} BETWEEN ${from}::date AND ${to}::date))::int AS active
        FROM member m LEFT JOIN member_vip v ON v.member_id = m.id
       WHERE m.merchant_code = 'GOLDEN' GROUP BY 1`.execute(t.db.db);
    const want = new Map(rows.map((r) => [r.level, r]));
    for (const l of got.levels) {
      expect(l.members, `level ${l.level}`).toBe(want.get(l.level)?.members ?? 0);
      expect(l.active, `level ${l.level}`).toBe(want.get(l.level)?.active ?? 0);
    }
    for (const level of want.keys()) expect(got.levels.map((l) => l.level)).toContain(level);
    expect(got.levels.find((l) => l.level === 3)!.active).toBeGreaterThanOrEqual(1);
    expect(got.levels.find((l) => l.level === 3)!.label.length).toBeGreaterThan(0);
  });

  it('answers every brand of a currency for a platform grant only, summing the brands', async () => {
    const golden = await getOk<PlayerActivity>('activity', { from, to, by: 'month' });
    const registered = async (currency: string) => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM member m JOIN merchant mc ON mc.code = m.merchant_code
         WHERE (m.created_at AT TIME ZONE mc.timezone)::date BETWEEN ${from}::date AND ${to}::date
           AND mc.currency = ${currency}`.execute(t.db.db);
      return rows[0]!.n;
    };
    // Every brand in GOLDEN's pesos by default; those in ringgit when asked.
    const php = await getOk<PlayerActivity>('activity', { from, to, scope: 'all', by: 'month' });
    expect(php.totals.registrations).toBeGreaterThanOrEqual(golden.totals.registrations);
    expect(php.totals.registrations).toBe(await registered('PHP'));
    const myr = await getOk<PlayerActivity>('activity', {
      from,
      to,
      scope: 'all',
      currency: 'MYR',
      by: 'month',
    });
    expect(myr.totals.registrations).toBe(await registered('MYR'));
    expect(myr.totals.registrations).toBeGreaterThan(0);
    for (const path of ['activity', 'cohorts', 'ranking', 'vip']) {
      const res = await get(path, { from, to, scope: 'all' }, brandKey);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'operator.forbidden' });
    }
    // The brand key reads its own brand.
    expect((await get('vip', { from, to }, brandKey)).statusCode).toBe(200);
  });

  it('refuses bad input with a clear error and writes no audit row', async () => {
    const audits = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log`.execute(t.db.db)).rows[0]!.n;
    const before = await audits();
    const cases: [string, Record<string, string | number>, string][] = [
      ['activity', { from: to, to: from }, 'report.period.order'],
      ['activity', { from: '2026-02-30', to: '2026-03-02' }, 'report.period.order'],
      ['cohorts', { from: '2020-01-01', to: '2026-01-01' }, 'report.period.too.long'],
      ['activity', { from, to, by: 'year' }, 'request.invalid'],
      ['cohorts', { from, to, by: 'day' }, 'request.invalid'],
      ['ranking', { from, to, limit: 0 }, 'request.invalid'],
      ['ranking', { from, to, limit: 501 }, 'request.invalid'],
      ['ranking', { from, to, side: 'both' }, 'request.invalid'],
      ['ranking', { from: to, to: from }, 'report.period.order'],
      ['vip', { from: 'yesterday', to }, 'request.invalid'],
      ['vip', { from, to, scope: 'mine' }, 'request.invalid'],
    ];
    for (const [path, q, code] of cases) {
      const res = await get(path, q);
      expect(res.json(), `${path} ${JSON.stringify(q)}`).toMatchObject({ success: false, errorCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    expect(await audits()).toBe(before);
    // Without a key: nobody.
    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/admin/reports/players/ranking?from=${from}&to=${to}`,
      headers: { host: 'localhost', merchant: 'GOLDEN' },
    });
    expect(res.statusCode).toBe(401);
    expect(c.id).toBeTruthy();
    expect(d.id).toBeTruthy();
  });
});
