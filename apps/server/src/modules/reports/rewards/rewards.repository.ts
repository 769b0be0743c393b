import type { ReportBucket } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/repository';
import type { LocalizedText } from '../../../db/schema';
import type { ReportScope } from '../report-scope';
import { bucketSql } from '../players/buckets';

/** Bonus cost of one bucket, entry kind and source (report_bonus_day), minor units. */
export interface BonusCell {
  period: string;
  kind: string;
  source: string;
  amount: bigint;
  entries: number;
}

/** What one promotion or mission paid over the period (ledger postings on PROMOTION_EXPENSE). */
export interface ItemCost {
  category: 'promotion' | 'mission';
  id: string;
  merchant: string;
  code: string;
  title: LocalizedText;
  kind: string;
  claims: number;
  members: number;
  amount: bigint;
}

const inBrands = (s: ReportScope) => sql`(${sql.join(s.merchants)})`;
/** The scope's instants for a brand `mc` (merchant row alias): its own local midnights. */
const startOf = (s: ReportScope) => sql`((${s.from}::date)::timestamp AT TIME ZONE mc.timezone)`;
const endOf = (s: ReportScope) => sql`((${s.to}::date + 1)::timestamp AT TIME ZONE mc.timezone)`;

interface ItemRow {
  id: string;
  merchant: string;
  code: string;
  title: LocalizedText;
  kind: string;
  claims: number;
  members: number;
  amount: string;
}

/** The rewards reports' reads: report_bonus_day, report_game_day, the promotion, mission and points tables. */
export class RewardsReportRepository {
  constructor(private readonly db: Db) {}

  async bonusCells(s: ReportScope, by: ReportBucket): Promise<BonusCell[]> {
    const { rows } = await sql<{
      period: string;
      kind: string;
      source: string;
      amount: string;
      entries: number;
    }>`
      SELECT ${bucketSql(sql`day`, by)} AS period, kind, source, sum(amount)::text AS amount,
             sum(entries)::int AS entries
        FROM report_bonus_day
       WHERE merchant_code IN ${inBrands(s)} AND day BETWEEN ${s.from}::date AND ${s.to}::date
       GROUP BY 1, 2, 3`.execute(this.db);
    return rows.map((r) => ({ ...r, amount: BigInt(r.amount) }));
  }

  /** GGR per bucket (report_game_day: what settlements credited to the house). */
  async ggr(s: ReportScope, by: ReportBucket): Promise<Map<string, bigint>> {
    const { rows } = await sql<{ period: string; ggr: string }>`
      SELECT ${bucketSql(sql`day`, by)} AS period, sum(ggr)::text AS ggr
        FROM report_game_day
       WHERE merchant_code IN ${inBrands(s)} AND day BETWEEN ${s.from}::date AND ${s.to}::date
       GROUP BY 1`.execute(this.db);
    return new Map(rows.map((r) => [r.period, BigInt(r.ggr)]));
  }

  /**
   * Each promotion's and mission's payments whose ledger entry falls in the brand-local days:
   * promotions through their participations' entries, missions through their claims (a claim and
   * its entry are written in one transaction, so claimed_at is the entry's time).
   */
  async items(s: ReportScope): Promise<ItemCost[]> {
    const promotions = await sql<ItemRow>`
      SELECT p.id::text AS id, p.merchant_code AS merchant, p.code, p.title, p.kind,
             count(*)::int AS claims, count(DISTINCT pp.member_id)::int AS members,
             sum(-lp.amount)::text AS amount
        FROM merchant mc
        JOIN promotion_participation pp ON pp.merchant_code = mc.code AND pp.entry_id IS NOT NULL
        JOIN ledger_entry e ON e.id = pp.entry_id
        JOIN ledger_posting lp ON lp.entry_id = e.id
        JOIN ledger_account a ON a.id = lp.account_id AND a.kind = 'PROMOTION_EXPENSE'
        JOIN promotion p ON p.id = pp.promotion_id
       WHERE mc.code IN ${inBrands(s)} AND e.created_at >= ${startOf(s)} AND e.created_at < ${endOf(s)}
       GROUP BY p.id, p.merchant_code, p.code, p.title, p.kind`.execute(this.db);
    const missions = await sql<ItemRow>`
      SELECT mi.id::text AS id, mi.merchant_code AS merchant, mi.code, mi.title, mi.metric AS kind,
             count(*)::int AS claims, count(DISTINCT c.member_id)::int AS members,
             sum(-lp.amount)::text AS amount
        FROM merchant mc
        JOIN mission_claim c ON c.merchant_code = mc.code
                            AND c.claimed_at >= ${startOf(s)} AND c.claimed_at < ${endOf(s)}
        JOIN ledger_posting lp ON lp.entry_id = c.entry_id
        JOIN ledger_account a ON a.id = lp.account_id AND a.kind = 'PROMOTION_EXPENSE'
        JOIN mission mi ON mi.id = c.mission_id
       WHERE mc.code IN ${inBrands(s)}
       GROUP BY mi.id, mi.merchant_code, mi.code, mi.title, mi.metric`.execute(this.db);
    const out = (category: ItemCost['category'], rows: ItemRow[]): ItemCost[] =>
      rows.map((r) => ({ ...r, category, amount: BigInt(r.amount) }));
    return [...out('promotion', promotions.rows), ...out('mission', missions.rows)];
  }

  /** Points moved per bucket and point_entry kind (sums with their signs: spending is negative). */
  async points(
    s: ReportScope,
    by: ReportBucket,
  ): Promise<{ period: string; kind: string; points: string }[]> {
    const { rows } = await sql<{ period: string; kind: string; points: string }>`
      SELECT ${bucketSql(sql`(x.created_at AT TIME ZONE mc.timezone)::date`, by)} AS period, x.kind,
             sum(x.points)::text AS points
        FROM merchant mc
       CROSS JOIN LATERAL (
             SELECT kind, points, created_at FROM point_entry pe
              WHERE pe.merchant_code = mc.code AND pe.created_at >= ${startOf(s)} AND pe.created_at < ${endOf(s)}) x
       WHERE mc.code IN ${inBrands(s)}
       GROUP BY 1, 2`.execute(this.db);
    return rows;
  }
}
