import type { ReportBucket } from '@app/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/repository';
import type { LocalizedText } from '../../../db/schema';
import { reportRead } from '../report-read';
import type { ReportScope } from '../report-scope';
import { dayText, parseDay } from '../../../platform/periods';
import { betIn as activityHas } from '../aggregates/activity-sql';
import { bucketSql, bucketsBetween, nextBucket } from './buckets';

export interface BucketCount {
  period: string;
  n: number;
}

export interface CohortCell {
  cohort: string;
  period: string;
  n: number;
}

/** A member's sums over a period, minor units as bigint. */
export interface MemberSums {
  merchant: string;
  memberId: string;
  username: string;
  vipLevel: number;
  bets: number;
  turnover: bigint;
  validTurnover: bigint;
  ggr: bigint;
  deposits: bigint;
  withdrawals: bigint;
  bonus: bigint;
}

interface MemberSumsRow {
  merchant: string;
  member_id: string;
  username: string;
  vip_level: number;
  bets: string;
  turnover: string;
  valid_turnover: string;
  ggr: string;
  deposits: string;
  withdrawals: string;
  bonus: string;
}

const toSums = (r: MemberSumsRow): MemberSums => ({
  merchant: r.merchant,
  memberId: r.member_id,
  username: r.username,
  vipLevel: r.vip_level,
  bets: Number(r.bets),
  turnover: BigInt(r.turnover),
  validTurnover: BigInt(r.valid_turnover),
  ggr: BigInt(r.ggr),
  deposits: BigInt(r.deposits),
  withdrawals: BigInt(r.withdrawals),
  bonus: BigInt(r.bonus),
});

const inBrands = (s: ReportScope) => sql`(${sql.join(s.merchants)})`;

/**
 * Members registered in the scope's brand-local days, each with its local registration day: one
 * index range (member_brand_created_idx) per brand, bounded by the brand's own midnights.
 */
const registered = (s: ReportScope) => sql`
  SELECT x.id AS member_id, mc.code AS merchant_code, (x.created_at AT TIME ZONE mc.timezone)::date AS day
    FROM merchant mc
   CROSS JOIN LATERAL (
         SELECT id, created_at FROM member m
          WHERE m.merchant_code = mc.code
            AND m.created_at >= ((${s.from}::date)::timestamp AT TIME ZONE mc.timezone)
            AND m.created_at < ((${s.to}::date + 1)::timestamp AT TIME ZONE mc.timezone)) x
   WHERE mc.code IN ${inBrands(s)}`;

/** SQL: the member's activity `a` (report_member_activity) has a betting day in [start, end]. */
const betIn = (start: RawBuilder<unknown>, end: RawBuilder<unknown>) =>
  activityHas(sql`a.first_day`, sql`a.days`, start, end);

/** The scope's buckets: each one's name (its first day) and its days in the scope. */
function bucketSpans(s: ReportScope, by: ReportBucket) {
  const names = bucketsBetween(s.from, s.to, by);
  return names.map((name, i) => ({
    name,
    start: i === 0 ? s.from : name,
    end: i + 1 < names.length ? dayText(parseDay(names[i + 1]!) - 1) : s.to,
  }));
}

/** Buckets as SQL rows b(name, s, e). */
function periodRows(spans: { name: string; start: string; end: string }[]): RawBuilder<unknown> {
  return sql`unnest(${spans.map((b) => b.name)}::text[], ${spans.map((b) => b.start)}::date[],
                    ${spans.map((b) => b.end)}::date[]) AS b(name, s, e)`;
}

/** The scope's periods as SQL rows b(name, s, e). */
const periods = (s: ReportScope, by: ReportBucket) => periodRows(bucketSpans(s, by));

/** The scope's members whose activity may hold a day of the period (a cheap cut before betIn). */
const activityIn = (s: ReportScope) => sql`
  a.merchant_code IN ${inBrands(s)} AND a.first_day <= ${s.to}::date
  AND a.first_day + length(a.days) > ${s.from}::date`;

/** The players reports' reads: the members table, report_member_day and the dashboard's first deposits. */
export class PlayersReportRepository {
  constructor(private readonly db: Db) {}

  async registrations(s: ReportScope, by: ReportBucket): Promise<BucketCount[]> {
    const { rows } = await sql<BucketCount>`
      SELECT ${bucketSql(sql`r.day`, by)} AS period, count(*)::int AS n
        FROM (${registered(s)}) r GROUP BY 1`.execute(this.db);
    return rows;
  }

  /** Members whose first credited deposit ever is in the period (the dashboard's roll-up keeps the day). */
  async firstDepositors(s: ReportScope, by: ReportBucket): Promise<BucketCount[]> {
    const { rows } = await sql<BucketCount>`
      SELECT ${bucketSql(sql`day`, by)} AS period, count(*)::int AS n
        FROM dashboard_first_deposit
       WHERE merchant_code IN ${inBrands(s)} AND day BETWEEN ${s.from}::date AND ${s.to}::date
       GROUP BY 1`.execute(this.db);
    return rows;
  }

  /**
   * Distinct members who bet, per bucket; `total`: over the whole period, each counted once. Never
   * a distinct count over the period's member-days: whole buckets are the fold's counts
   * (report_active_period), the rest one pass over the members who bet (their betting days).
   */
  async active(s: ReportScope, by: ReportBucket): Promise<{ buckets: BucketCount[]; total: number }> {
    // Whole buckets from the fold's counts; a bucket the period cuts (the first or last week or
    // month) and the total from the members' betting days.
    const spans = bucketSpans(s, by);
    const cut = spans.filter(
      (b) => b.start !== b.name || dayText(parseDay(b.end) + 1) !== nextBucket(b.name, by),
    );
    const whole = spans.filter((b) => !cut.includes(b)).map((b) => b.name);
    const counted = await sql<BucketCount>`
      SELECT period::text AS period, sum(members)::int AS n FROM report_active_period
       WHERE merchant_code IN ${inBrands(s)} AND kind = ${by} AND period = ANY(${whole}::date[])
       GROUP BY period`.execute(this.db);
    const scanned = await sql<BucketCount>`
      SELECT b.name AS period, count(*)::int AS n
        FROM report_member_activity a
       CROSS JOIN ${periodRows([...cut, { name: '*', start: s.from, end: s.to }])}
       WHERE ${activityIn(s)} AND ${betIn(sql`b.s`, sql`b.e`)}
       GROUP BY b.name`.execute(this.db);
    return {
      buckets: [...counted.rows, ...scanned.rows.filter((r) => r.period !== '*')],
      total: scanned.rows.find((r) => r.period === '*')?.n ?? 0,
    };
  }

  /** Members registered per cohort (bucket of their registration day). */
  async cohortSizes(s: ReportScope, by: 'week' | 'month'): Promise<BucketCount[]> {
    return this.registrations(s, by);
  }

  /** Per cohort and later bucket, members of the cohort who bet in that bucket. */
  async cohortActivity(s: ReportScope, by: 'week' | 'month'): Promise<CohortCell[]> {
    const { rows } = await sql<CohortCell>`
      WITH reg AS MATERIALIZED (${registered(s)})
      SELECT ${bucketSql(sql`reg.day`, by)} AS cohort, b.name AS period, count(*)::int AS n
        FROM reg
        JOIN report_member_activity a
          ON a.merchant_code = reg.merchant_code AND a.member_id = reg.member_id
       CROSS JOIN ${periods(s, by)}
       WHERE b.name >= ${bucketSql(sql`reg.day`, by)} AND ${betIn(sql`b.s`, sql`b.e`)}
       GROUP BY 1, 2`.execute(this.db);
    return rows;
  }

  /**
   * Members with settled play in the period ranked by what they won (`winners`: the house's GGR on
   * them below zero, most negative first) or lost (`losers`: GGR above zero, largest first).
   */
  async ranking(s: ReportScope, side: 'winners' | 'losers', limit: number): Promise<MemberSums[]> {
    const top = await this.rankedByGgr(s, side, limit);
    if (top.length === 0) return [];
    const { rows } = await sql<MemberSumsRow>`
      WITH picked AS (
        SELECT * FROM unnest(${top.map((t) => t.merchant)}::text[], ${top.map((t) => t.member_id)}::bigint[])
          AS p(merchant_code, member_id)),
      ranked AS (
        SELECT d.merchant_code, d.member_id, sum(d.bets) AS bets, sum(d.turnover) AS turnover,
               sum(d.valid_turnover) AS valid_turnover, sum(d.ggr) AS ggr, sum(d.deposits) AS deposits,
               sum(d.withdrawals) AS withdrawals, sum(d.bonus) AS bonus
          FROM picked p
          JOIN report_member_day d ON d.merchant_code = p.merchant_code AND d.member_id = p.member_id
         WHERE d.day BETWEEN ${s.from}::date AND ${s.to}::date
         GROUP BY d.merchant_code, d.member_id)
      ${this.sumsSelect(sql`ranked`)}
       ORDER BY ${side === 'winners' ? sql`r.ggr ASC` : sql`r.ggr DESC`}, r.member_id`.execute(this.db);
    return rows.map(toSums);
  }

  /**
   * The ranking's members: each brand's `limit` best by GGR over the period, then the best of
   * those. Every member of the period has to be summed; a brand's member-days are read in member
   * order off report_member_day_member_idx, which carries the GGR, and summed as they come (no
   * hash of a million members, nothing read from the table), one brand at a time so that the
   * index order is the grouping order.
   */
  private async rankedByGgr(
    s: ReportScope,
    side: 'winners' | 'losers',
    limit: number,
  ): Promise<{ merchant: string; member_id: string; ggr: bigint }[]> {
    const having = side === 'winners' ? sql`sum(d.ggr) < 0` : sql`sum(d.ggr) > 0`;
    const order = side === 'winners' ? sql`sum(d.ggr) ASC` : sql`sum(d.ggr) DESC`;
    const found = await reportRead(this.db, '64MB', async (trx) => {
      await sql`SET LOCAL enable_hashagg = off`.execute(trx);
      const all: { merchant: string; member_id: string; ggr: bigint }[] = [];
      for (const merchant of s.merchants) {
        const { rows } = await sql<{ member_id: string; ggr: string }>`
          SELECT d.member_id::text AS member_id, sum(d.ggr)::text AS ggr
            FROM report_member_day d
           WHERE d.merchant_code = ${merchant} AND d.day BETWEEN ${s.from}::date AND ${s.to}::date
           GROUP BY d.member_id
          HAVING ${having}
           ORDER BY ${order}, d.member_id
           LIMIT ${limit}`.execute(trx);
        for (const r of rows) all.push({ merchant, member_id: r.member_id, ggr: BigInt(r.ggr) });
      }
      return all;
    });
    const sign = side === 'winners' ? 1n : -1n;
    return found
      .sort((a, b) => {
        const d = sign * (a.ggr - b.ggr);
        if (d !== 0n) return d < 0n ? -1 : 1;
        const ia = BigInt(a.member_id);
        const ib = BigInt(b.member_id);
        return ia < ib ? -1 : ia > ib ? 1 : 0;
      })
      .slice(0, limit);
  }

  /**
   * Every member with any figure in the period, by brand and member id, in pages after `after`
   * (keyset on report_member_day_member_idx): what the ranking export streams.
   */
  async sumsPage(
    s: ReportScope,
    after: { merchant: string; memberId: string } | null,
    limit: number,
  ): Promise<MemberSums[]> {
    const from = after
      ? sql`AND (d.merchant_code, d.member_id) > (${after.merchant}, ${after.memberId}::bigint)`
      : sql``;
    const { rows } = await sql<MemberSumsRow>`
      WITH ranked AS (
        SELECT d.merchant_code, d.member_id, sum(d.bets) AS bets, sum(d.turnover) AS turnover,
               sum(d.valid_turnover) AS valid_turnover, sum(d.ggr) AS ggr, sum(d.deposits) AS deposits,
               sum(d.withdrawals) AS withdrawals, sum(d.bonus) AS bonus
          FROM report_member_day d
         WHERE d.merchant_code IN ${inBrands(s)} AND d.day BETWEEN ${s.from}::date AND ${s.to}::date ${from}
         GROUP BY d.merchant_code, d.member_id
         ORDER BY d.merchant_code, d.member_id
         LIMIT ${limit})
      ${this.sumsSelect(sql`ranked`)}
       ORDER BY r.merchant_code, r.member_id`.execute(this.db);
    return rows.map(toSums);
  }

  private sumsSelect(ranked: RawBuilder<unknown>) {
    return sql`
      SELECT r.merchant_code AS merchant, r.member_id::text AS member_id, m.username,
             coalesce(v.level, 0)::int AS vip_level, r.bets::text AS bets, r.turnover::text AS turnover,
             r.valid_turnover::text AS valid_turnover, r.ggr::text AS ggr, r.deposits::text AS deposits,
             r.withdrawals::text AS withdrawals, r.bonus::text AS bonus
        FROM ${ranked} r
        JOIN member m ON m.id = r.member_id
        LEFT JOIN member_vip v ON v.member_id = r.member_id`;
  }

  /**
   * Members per VIP level now (no stored level: 0), in the scope's brands: the levels above 0 from
   * member_vip alone, level 0 the rest of the brands' members (counted on an index), instead of
   * joining every member to its VIP row.
   */
  async vipMembers(s: ReportScope): Promise<{ level: number; n: number }[]> {
    const { rows } = await sql<{ level: number; n: number }>`
      WITH above AS (
        SELECT level, count(*)::int AS n FROM member_vip
         WHERE merchant_code IN ${inBrands(s)} AND level > 0
         GROUP BY level)
      SELECT level, n FROM above
      UNION ALL
      SELECT 0, ((SELECT count(*) FROM member WHERE merchant_code IN ${inBrands(s)})
                 - (SELECT coalesce(sum(n), 0) FROM above))::int`.execute(this.db);
    return rows.filter((r) => r.n > 0);
  }

  /**
   * Members who bet in the period, per their VIP level now: those above level 0 through
   * member_vip_level_idx, level 0 the rest of the period's bettors (counted off their activity
   * alone), instead of joining every bettor to its VIP row.
   */
  async vipActive(s: ReportScope): Promise<{ level: number; n: number }[]> {
    const { rows } = await reportRead(this.db, '64MB', (trx) =>
      sql<{ level: number; n: number }>`
      WITH above AS (
        SELECT v.level, count(*)::int AS n
          FROM member_vip v
          JOIN report_member_activity a ON a.merchant_code = v.merchant_code AND a.member_id = v.member_id
         WHERE v.merchant_code IN ${inBrands(s)} AND v.level > 0
           AND ${activityIn(s)} AND ${betIn(sql`${s.from}::date`, sql`${s.to}::date`)}
         GROUP BY v.level)
      SELECT level, n FROM above
      UNION ALL
      SELECT 0, ((SELECT count(*) FROM report_member_activity a
                   WHERE ${activityIn(s)} AND ${betIn(sql`${s.from}::date`, sql`${s.to}::date`)})
                 - (SELECT coalesce(sum(n), 0) FROM above))::int`.execute(trx),
    );
    return rows.filter((r) => r.n > 0);
  }

  /** A brand's VIP level names. */
  async vipLabels(merchant: string): Promise<{ level: number; label: LocalizedText }[]> {
    return this.db
      .selectFrom('vip_level')
      .select(['level', 'label'])
      .where('merchant_code', '=', merchant)
      .execute();
  }
}
