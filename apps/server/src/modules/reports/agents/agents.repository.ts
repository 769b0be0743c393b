import { ACCOUNT_CENTRE_TYPES, AGENT_LIMITS } from '@app/contracts';
import { sql } from 'kysely';
import { Repository } from '../../../db/repository';
import type { ReportScope } from '../report-scope';

/** One agent's figures over a period, as the database answers them (money: minor units as text). */
export interface AgentFiguresRow {
  merchant_code: string;
  member_id: string;
  username: string;
  upline: string | null;
  team_size: string;
  active: string;
  bets: string;
  turnover: string;
  valid: string;
  ggr: string;
  deposits: string;
  withdrawals: string;
  daily: string;
  hourly: string;
  realtime: string;
  dividends: string;
  by_brand: string;
  unpaid: string;
  total: string;
}

export interface AgentLineRow {
  id: string;
  direction: 'IN' | 'OUT';
  kind: string;
  member: string;
  payer: string | null;
  period_key: string;
  period_start: Date;
  period_end: Date;
  day: string;
  base: string;
  active_members: number;
  tier: number;
  rate_bp: number;
  figure: string;
  amount: string;
  status: 'PAID' | 'UNPAID' | 'NONE';
  reason: string | null;
  entry_id: string | null;
  reference: string | null;
  paid_at: Date | null;
}

/**
 * The brand-local day a settlement line belongs to: the last day its period covers (a daily
 * line of the 3rd ends at the 4th 00:00 and is the 3rd's). Needs `s` (agent_settlement) and `z`
 * (its merchant).
 */
const lineDay = sql`((s.period_end - interval '1 microsecond') AT TIME ZONE z.timezone)::date`;

/** Agents: agent types, and anyone with a member under them. */
const isAgent = sql`(m.is_agent = ANY(${[...ACCOUNT_CENTRE_TYPES]}::int[])
                     OR EXISTS (SELECT 1 FROM member c WHERE c.upline_id = m.id))`;

/**
 * The SQL of the agents report: teams walked down member.upline_id (the tree as it is now, as the
 * agent centre's own reports read it), their play from report_member_day, and the agents'
 * settlement lines (agent_settlement, the ledger entries that paid them).
 */
export class AgentsReportRepository extends Repository {
  /**
   * Agents of the scope with their figures. `order: 'ggr'` answers the top `limit` by team GGR
   * (with the count of all); `order: 'id'` a keyset page after `after` (exports).
   */
  async agents(
    s: ReportScope,
    page: { order: 'ggr'; limit: number } | { order: 'id'; after: string; limit: number },
  ): Promise<AgentFiguresRow[]> {
    const keyset = page.order === 'id' ? sql`AND m.id > ${page.after}::bigint` : sql``;
    const order =
      page.order === 'id' ? sql`a.id` : sql`coalesce(t.ggr, 0) DESC, coalesce(t.turnover, 0) DESC, a.id`;
    const { rows } = await sql<AgentFiguresRow>`
      WITH RECURSIVE agents AS MATERIALIZED (
        SELECT m.id, m.merchant_code, m.username, m.upline_id
          FROM member m
         WHERE m.merchant_code = ANY(${s.merchants}::text[]) AND ${isAgent} ${keyset}
         ${page.order === 'id' ? sql`ORDER BY m.id LIMIT ${page.limit}` : sql``}
      ),
      down (agent_id, member_id, level) AS (
        SELECT a.id, c.id, 1 FROM agents a JOIN member c ON c.upline_id = a.id
        UNION ALL
        SELECT d.agent_id, c.id, d.level + 1 FROM down d JOIN member c ON c.upline_id = d.member_id
         WHERE d.level < ${AGENT_LIMITS.maxDepth}
      ),
      act AS (
        SELECT r.member_id, sum(r.bets) AS bets, sum(r.turnover) AS turnover,
               sum(r.valid_turnover) AS valid, sum(r.ggr) AS ggr, sum(r.deposits) AS deposits,
               sum(r.withdrawals) AS withdrawals, bool_or(r.bets > 0 OR r.settled_stake > 0) AS active
          FROM report_member_day r
         WHERE r.merchant_code = ANY(${s.merchants}::text[])
           AND r.day BETWEEN ${s.from}::date AND ${s.to}::date
           AND r.member_id IN (SELECT member_id FROM down)
         GROUP BY r.member_id
      ),
      t AS (
        SELECT d.agent_id, count(*) AS team_size, count(*) FILTER (WHERE x.active) AS active,
               coalesce(sum(x.bets), 0) AS bets, coalesce(sum(x.turnover), 0) AS turnover,
               coalesce(sum(x.valid), 0) AS valid, coalesce(sum(x.ggr), 0) AS ggr,
               coalesce(sum(x.deposits), 0) AS deposits, coalesce(sum(x.withdrawals), 0) AS withdrawals
          FROM down d LEFT JOIN act x ON x.member_id = d.member_id
         GROUP BY d.agent_id
      ),
      pay AS (
        SELECT s.member_id,
               sum(s.amount) FILTER (WHERE s.status = 'PAID' AND s.kind = 'DAILY') AS daily,
               sum(s.amount) FILTER (WHERE s.status = 'PAID' AND s.kind = 'HOURLY') AS hourly,
               sum(s.amount) FILTER (WHERE s.status = 'PAID' AND s.kind = 'REALTIME') AS realtime,
               sum(s.amount) FILTER (WHERE s.status = 'PAID' AND s.kind = 'DIVIDEND') AS dividends,
               sum(s.amount) FILTER (WHERE s.status = 'PAID' AND s.payer_id IS NULL) AS by_brand,
               sum(s.amount) FILTER (WHERE s.status = 'UNPAID') AS unpaid
          FROM agent_settlement s JOIN merchant z ON z.code = s.merchant_code
         WHERE s.member_id IN (SELECT id FROM agents)
           AND ${lineDay} BETWEEN ${s.from}::date AND ${s.to}::date
         GROUP BY s.member_id
      )
      SELECT a.merchant_code, a.id::text AS member_id, a.username, u.username AS upline,
             coalesce(t.team_size, 0)::text AS team_size, coalesce(t.active, 0)::text AS active,
             coalesce(t.bets, 0)::text AS bets, coalesce(t.turnover, 0)::text AS turnover,
             coalesce(t.valid, 0)::text AS valid, coalesce(t.ggr, 0)::text AS ggr,
             coalesce(t.deposits, 0)::text AS deposits, coalesce(t.withdrawals, 0)::text AS withdrawals,
             coalesce(p.daily, 0)::text AS daily, coalesce(p.hourly, 0)::text AS hourly,
             coalesce(p.realtime, 0)::text AS realtime, coalesce(p.dividends, 0)::text AS dividends,
             coalesce(p.by_brand, 0)::text AS by_brand, coalesce(p.unpaid, 0)::text AS unpaid,
             (count(*) OVER ())::text AS total
        FROM agents a
        LEFT JOIN member u ON u.id = a.upline_id
        LEFT JOIN t ON t.agent_id = a.id
        LEFT JOIN pay p ON p.member_id = a.id
       ORDER BY ${order}
       LIMIT ${page.limit}`.execute(this.db);
    return rows;
  }

  /**
   * The totals of the scope: the members under any agent (each once, however deep the teams
   * nest) with their play, and every settlement line's money.
   */
  async totals(s: ReportScope) {
    const { rows } = await sql<{
      members: string;
      active: string;
      turnover: string;
      valid: string;
      ggr: string;
      wages: string;
      dividends: string;
      by_brand: string;
      unpaid: string;
    }>`
      WITH under AS MATERIALIZED (
        SELECT m.id FROM member m
         WHERE m.merchant_code = ANY(${s.merchants}::text[]) AND m.upline_id IS NOT NULL
      ),
      act AS (
        SELECT r.member_id, sum(r.turnover) AS turnover, sum(r.valid_turnover) AS valid, sum(r.ggr) AS ggr,
               bool_or(r.bets > 0 OR r.settled_stake > 0) AS active
          FROM report_member_day r
         WHERE r.merchant_code = ANY(${s.merchants}::text[])
           AND r.day BETWEEN ${s.from}::date AND ${s.to}::date
           AND r.member_id IN (SELECT id FROM under)
         GROUP BY r.member_id
      ),
      pay AS (
        SELECT coalesce(sum(s.amount) FILTER (WHERE s.status = 'PAID' AND s.kind <> 'DIVIDEND'), 0) AS wages,
               coalesce(sum(s.amount) FILTER (WHERE s.status = 'PAID' AND s.kind = 'DIVIDEND'), 0) AS dividends,
               coalesce(sum(s.amount) FILTER (WHERE s.status = 'PAID' AND s.payer_id IS NULL), 0) AS by_brand,
               coalesce(sum(s.amount) FILTER (WHERE s.status = 'UNPAID'), 0) AS unpaid
          FROM agent_settlement s JOIN merchant z ON z.code = s.merchant_code
         WHERE s.merchant_code = ANY(${s.merchants}::text[])
           AND ${lineDay} BETWEEN ${s.from}::date AND ${s.to}::date
      )
      SELECT (SELECT count(*) FROM under)::text AS members,
             (SELECT count(*) FROM act WHERE active)::text AS active,
             (SELECT coalesce(sum(turnover), 0) FROM act)::text AS turnover,
             (SELECT coalesce(sum(valid), 0) FROM act)::text AS valid,
             (SELECT coalesce(sum(ggr), 0) FROM act)::text AS ggr,
             p.wages::text AS wages, p.dividends::text AS dividends, p.by_brand::text AS by_brand,
             p.unpaid::text AS unpaid
        FROM pay p`.execute(this.db);
    return rows[0]!;
  }

  /** Per day of the period: wages and dividends paid, and the GGR of every member under an agent. */
  async series(s: ReportScope) {
    const { rows } = await sql<{ day: string; wages: string; dividends: string; ggr: string }>`
      WITH days AS (
        SELECT d::date AS day FROM generate_series(${s.from}::date, ${s.to}::date, interval '1 day') d
      ),
      pay AS (
        SELECT ${lineDay} AS day,
               sum(s.amount) FILTER (WHERE s.kind <> 'DIVIDEND') AS wages,
               sum(s.amount) FILTER (WHERE s.kind = 'DIVIDEND') AS dividends
          FROM agent_settlement s JOIN merchant z ON z.code = s.merchant_code
         WHERE s.merchant_code = ANY(${s.merchants}::text[]) AND s.status = 'PAID'
           AND ${lineDay} BETWEEN ${s.from}::date AND ${s.to}::date
         GROUP BY 1
      ),
      play AS (
        SELECT r.day, sum(r.ggr) AS ggr
          FROM report_member_day r JOIN member m ON m.id = r.member_id
         WHERE r.merchant_code = ANY(${s.merchants}::text[])
           AND r.day BETWEEN ${s.from}::date AND ${s.to}::date AND m.upline_id IS NOT NULL
         GROUP BY r.day
      )
      SELECT days.day::text AS day, coalesce(pay.wages, 0)::text AS wages,
             coalesce(pay.dividends, 0)::text AS dividends, coalesce(play.ggr, 0)::text AS ggr
        FROM days LEFT JOIN pay ON pay.day = days.day LEFT JOIN play ON play.day = days.day
       ORDER BY days.day`.execute(this.db);
    return rows;
  }

  /** The agent, if it is one of the scope's brands' members. */
  async agent(s: ReportScope, memberId: string) {
    return this.db
      .selectFrom('member')
      .select(['id', 'username', 'merchant_code'])
      .where('id', '=', memberId)
      .where('merchant_code', 'in', s.merchants)
      .executeTakeFirst();
  }

  /** Per day: the agent's team's play (the tree as it is now) and the lines paid to the agent. */
  async agentSeries(s: ReportScope, memberId: string) {
    const { rows } = await sql<{
      day: string;
      turnover: string;
      valid: string;
      ggr: string;
      active: string;
      wages: string;
      dividends: string;
    }>`
      WITH RECURSIVE down (member_id, level) AS (
        SELECT c.id, 1 FROM member c WHERE c.upline_id = ${memberId}::bigint
        UNION ALL
        SELECT c.id, d.level + 1 FROM down d JOIN member c ON c.upline_id = d.member_id
         WHERE d.level < ${AGENT_LIMITS.maxDepth}
      ),
      days AS (
        SELECT d::date AS day FROM generate_series(${s.from}::date, ${s.to}::date, interval '1 day') d
      ),
      play AS (
        SELECT r.day, sum(r.turnover) AS turnover, sum(r.valid_turnover) AS valid, sum(r.ggr) AS ggr,
               count(*) FILTER (WHERE r.bets > 0 OR r.settled_stake > 0) AS active
          FROM report_member_day r
         WHERE r.merchant_code = ANY(${s.merchants}::text[])
           AND r.day BETWEEN ${s.from}::date AND ${s.to}::date
           AND r.member_id IN (SELECT member_id FROM down)
         GROUP BY r.day
      ),
      pay AS (
        SELECT ${lineDay} AS day,
               sum(s.amount) FILTER (WHERE s.kind <> 'DIVIDEND') AS wages,
               sum(s.amount) FILTER (WHERE s.kind = 'DIVIDEND') AS dividends
          FROM agent_settlement s JOIN merchant z ON z.code = s.merchant_code
         WHERE s.member_id = ${memberId}::bigint AND s.status = 'PAID'
           AND ${lineDay} BETWEEN ${s.from}::date AND ${s.to}::date
         GROUP BY 1
      )
      SELECT days.day::text AS day, coalesce(play.turnover, 0)::text AS turnover,
             coalesce(play.valid, 0)::text AS valid, coalesce(play.ggr, 0)::text AS ggr,
             coalesce(play.active, 0)::text AS active, coalesce(pay.wages, 0)::text AS wages,
             coalesce(pay.dividends, 0)::text AS dividends
        FROM days LEFT JOIN play ON play.day = days.day LEFT JOIN pay ON pay.day = days.day
       ORDER BY days.day`.execute(this.db);
    return rows;
  }

  /**
   * Settlement lines of the period paid to the agent (IN) or by it to its downline (OUT), with
   * the ledger entry that paid each; `agent` null: every agent of the scope (exports), in id
   * order after `after`.
   */
  async lines(s: ReportScope, f: { agent: string | null; after: string; limit: number }) {
    const who = f.agent
      ? sql`(s.member_id = ${f.agent}::bigint OR s.payer_id = ${f.agent}::bigint)`
      : sql`s.merchant_code = ANY(${s.merchants}::text[])`;
    const { rows } = await sql<AgentLineRow>`
      SELECT s.id::text AS id,
             ${f.agent ? sql`CASE WHEN s.member_id = ${f.agent}::bigint THEN 'IN' ELSE 'OUT' END` : sql`'IN'`} AS direction,
             s.kind, m.username AS member, p.username AS payer, s.period_key, s.period_start, s.period_end,
             ${lineDay}::text AS day, s.base::text AS base, s.active_members, s.tier, s.rate_bp,
             s.figure::text AS figure, s.amount::text AS amount, s.status, s.reason,
             s.entry_id::text AS entry_id, e.reference, e.created_at AS paid_at
        FROM agent_settlement s
        JOIN merchant z ON z.code = s.merchant_code
        JOIN member m ON m.id = s.member_id
        LEFT JOIN member p ON p.id = s.payer_id
        LEFT JOIN ledger_entry e ON e.id = s.entry_id
       WHERE ${who} AND s.merchant_code = ANY(${s.merchants}::text[])
         AND ${lineDay} BETWEEN ${s.from}::date AND ${s.to}::date
         AND s.id > ${f.after}::bigint
       ORDER BY s.id
       LIMIT ${f.limit}`.execute(this.db);
    return rows;
  }
}
