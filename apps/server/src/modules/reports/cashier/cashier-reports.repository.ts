import type { CashierDirection, CashierOutcome, Language } from '@app/contracts';
import { sql, type RawBuilder } from 'kysely';
import { Repository } from '../../../db/repository';
import type { ReportScope } from '../report-scope';

/** One row of the grouped figures: by channel (kind 'row'), by direction ('total') or by day ('day'). */
export interface FigureRow {
  grp: 'row' | 'total' | 'day';
  merchant_code: string | null;
  direction: CashierDirection;
  channel: string | null;
  channel_name: string | null;
  kind: string | null;
  provider: string | null;
  day: string | null;
  requests: number;
  succeeded: number;
  failed: number;
  pending: number;
  requested: string;
  amount: string;
  fees: string;
  avg_seconds: number | null;
  p90_seconds: number | null;
}

export interface OrderRow {
  id: string;
  merchant_code: string;
  direction: CashierDirection;
  order_no: string;
  member_id: string;
  username: string;
  channel: string;
  provider: string;
  status: string;
  outcome: CashierOutcome;
  amount: string;
  settled: string;
  fee: string;
  created_at: Date;
  completed_at: Date | null;
  seconds: number | null;
  /** created_at as PostgreSQL prints it (microseconds kept): the keyset cursor's first half. */
  created_key: string;
}

export interface OrderFilter {
  direction: CashierDirection;
  channel?: string | undefined;
  provider?: string | undefined;
  outcome?: CashierOutcome | undefined;
}

/** Our order of a provider, as a settlement file is matched against it. */
export interface ProviderOrder {
  direction: 'DEPOSIT' | 'PAYOUT';
  order_no: string;
  provider_ref: string | null;
  amount: string;
  fee: string | null;
  /** SUCCEEDED, FAILED, PENDING or REVERSED. */
  status: string;
  in_period: boolean;
}

/** The brand's local days from..to as instants, per merchant row `m` of the query. */
const start = (s: ReportScope) => sql`(${s.from}::date::timestamp AT TIME ZONE m.timezone)`;
const end = (s: ReportScope) => sql`((${s.to}::date + 1)::timestamp AT TIME ZONE m.timezone)`;

/**
 * Every deposit and withdrawal asked for in the scope's days (the brand's zone), one row each with
 * its channel, provider, outcome and the moment it completed: what every cashier figure reads.
 * Withdrawals complete with their last payment (PAID) or their rejection.
 */
function deposits(s: ReportScope, lang: Language | null = null): RawBuilder<unknown> {
  return sql`
    SELECT d.id, d.merchant_code, 'DEPOSIT'::text AS direction, d.order_no, d.member_id,
           c.code AS channel,
           coalesce(c.name->>${lang}::text, c.name->>m.default_language, c.name->>'EN', c.code) AS channel_name,
           c.kind,
           coalesce(c.gateway, 'MANUAL') AS provider, d.status,
           CASE WHEN d.status IN ('APPROVED', 'ARRIVED') THEN 'SUCCEEDED'
                WHEN d.status IN ('REJECTED', 'FAILED') THEN 'FAILED' ELSE 'PENDING' END AS outcome,
           d.amount,
           CASE WHEN d.status IN ('APPROVED', 'ARRIVED') THEN d.amount ELSE 0 END AS settled,
           CASE WHEN d.status IN ('APPROVED', 'ARRIVED') THEN d.fee ELSE 0 END AS fee,
           d.created_at,
           CASE WHEN d.status <> 'PENDING' THEN coalesce(d.decided_at, d.updated_at) END AS completed_at,
           (d.created_at AT TIME ZONE m.timezone)::date AS day
      FROM merchant m
      JOIN deposit d ON d.merchant_code = m.code AND d.created_at >= ${start(s)} AND d.created_at < ${end(s)}
      JOIN payment_channel c ON c.id = d.channel_id
     WHERE m.code = ANY(${s.merchants}::text[])`;
}

function withdrawals(s: ReportScope): RawBuilder<unknown> {
  return sql`
    SELECT w.id, w.merchant_code, 'WITHDRAWAL'::text AS direction, w.order_no, w.member_id,
           a.bank_code AS channel, coalesce(b.name, a.bank_code) AS channel_name,
           coalesce(b.kind, 'BANK') AS kind, coalesce(pp.provider, 'MANUAL') AS provider, w.status,
           CASE w.status WHEN 'PAID' THEN 'SUCCEEDED' WHEN 'REJECTED' THEN 'FAILED' ELSE 'PENDING' END AS outcome,
           w.amount, w.paid_amount AS settled, 0::bigint AS fee, w.created_at,
           CASE w.status WHEN 'PAID' THEN paid.last_at WHEN 'REJECTED' THEN w.updated_at END AS completed_at,
           (w.created_at AT TIME ZONE m.timezone)::date AS day
      FROM merchant m
      JOIN withdrawal w ON w.merchant_code = m.code AND w.created_at >= ${start(s)} AND w.created_at < ${end(s)}
      JOIN payout_account a ON a.id = w.payout_account_id
      LEFT JOIN payout_bank b ON b.merchant_code = w.merchant_code AND b.code = a.bank_code
      LEFT JOIN LATERAL (SELECT p.provider FROM withdrawal_provider_payout p
                          WHERE p.withdrawal_id = w.id ORDER BY p.id DESC LIMIT 1) pp ON true
      LEFT JOIN LATERAL (SELECT max(x.created_at) AS last_at FROM withdrawal_payout x
                          WHERE x.withdrawal_id = w.id) paid ON true
     WHERE m.code = ANY(${s.merchants}::text[])`;
}

/** The cashier reports' reads: deposits, withdrawals, payouts, channels (no table of their own). */
export class CashierReportsRepository extends Repository {
  /**
   * The figures by channel and provider, by direction and by day of request, in one pass over the
   * orders (grouping sets). Times are of the succeeded orders; p90 interpolates (percentile_cont).
   */
  async figures(s: ReportScope, lang: Language | null): Promise<FigureRow[]> {
    const { rows } = await sql<FigureRow>`
      WITH o AS MATERIALIZED (${deposits(s, lang)} UNION ALL ${withdrawals(s)}),
      t AS (SELECT o.*, CASE WHEN outcome = 'SUCCEEDED'
                             THEN extract(epoch FROM completed_at - created_at)::float8 END AS secs FROM o)
      SELECT CASE WHEN grouping(merchant_code) = 0 THEN 'row'
                  WHEN grouping(day) = 0 THEN 'day' ELSE 'total' END AS grp,
             merchant_code, direction, channel, max(channel_name) AS channel_name, kind, provider,
             day::text AS day,
             count(*)::int AS requests,
             count(*) FILTER (WHERE outcome = 'SUCCEEDED')::int AS succeeded,
             count(*) FILTER (WHERE outcome = 'FAILED')::int AS failed,
             count(*) FILTER (WHERE outcome = 'PENDING')::int AS pending,
             sum(amount)::text AS requested, sum(settled)::text AS amount, sum(fee)::text AS fees,
             avg(secs) AS avg_seconds,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY secs) AS p90_seconds
        FROM t
       GROUP BY GROUPING SETS ((merchant_code, direction, channel, kind, provider), (direction), (day, direction))
       ORDER BY 1, merchant_code, direction, channel, provider, day`.execute(this.db);
    return rows;
  }

  /**
   * A page of the orders behind a figure, newest first, keyset on (created_at, id): `after` is the
   * previous page's last (created_key, id).
   */
  async orders(
    s: ReportScope,
    f: OrderFilter,
    limit: number,
    after: { at: string; id: string } | null,
  ): Promise<OrderRow[]> {
    const source = f.direction === 'DEPOSIT' ? deposits(s) : withdrawals(s);
    const { rows } = await sql<OrderRow>`
      SELECT o.id::text AS id, o.merchant_code, o.direction, o.order_no, o.member_id::text AS member_id,
             mb.username, o.channel, o.provider, o.status, o.outcome,
             o.amount::text AS amount, o.settled::text AS settled, o.fee::text AS fee,
             o.created_at, o.completed_at, o.created_at::text AS created_key,
             CASE WHEN o.outcome = 'SUCCEEDED'
                  THEN extract(epoch FROM o.completed_at - o.created_at)::float8 END AS seconds
        FROM (${source}) o
        JOIN member mb ON mb.id = o.member_id
       WHERE true
         ${f.channel ? sql`AND o.channel = ${f.channel}` : sql``}
         ${f.provider ? sql`AND o.provider = ${f.provider}` : sql``}
         ${f.outcome ? sql`AND o.outcome = ${f.outcome}` : sql``}
         ${after ? sql`AND (o.created_at, o.id) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``}
       ORDER BY o.created_at DESC, o.id DESC
       LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * The brand's average seconds from request to credit (deposits) and to the payment completing
   * it (withdrawals) over the orders asked for since `since` that completed so, with their counts.
   */
  async averageTimes(
    merchant: string,
    since: Date,
  ): Promise<{
    deposit_avg: number | null;
    deposits: number;
    withdraw_avg: number | null;
    withdrawals: number;
  }> {
    const { rows } = await sql<{
      deposit_avg: number | null;
      deposits: number;
      withdraw_avg: number | null;
      withdrawals: number;
    }>`
      SELECT d.avg AS deposit_avg, d.n AS deposits, w.avg AS withdraw_avg, w.n AS withdrawals
        FROM (SELECT avg(extract(epoch FROM coalesce(decided_at, updated_at) - created_at))::float8 AS avg,
                     count(*)::int AS n
                FROM deposit
               WHERE merchant_code = ${merchant} AND created_at >= ${since}
                 AND status IN ('APPROVED', 'ARRIVED')) d,
             (SELECT avg(extract(epoch FROM p.last_at - w.created_at))::float8 AS avg, count(*)::int AS n
                FROM withdrawal w
                JOIN LATERAL (SELECT max(x.created_at) AS last_at FROM withdrawal_payout x
                               WHERE x.withdrawal_id = w.id) p ON true
               WHERE w.merchant_code = ${merchant} AND w.created_at >= ${since}
                 AND w.status = 'PAID' AND p.last_at IS NOT NULL) w`.execute(this.db);
    return rows[0]!;
  }

  /** The payment providers a brand has: on its channels, its configurations and its payouts. */
  async providers(merchant: string): Promise<string[]> {
    const { rows } = await sql<{ provider: string }>`
      SELECT gateway AS provider FROM payment_channel WHERE merchant_code = ${merchant} AND gateway IS NOT NULL
      UNION
      SELECT provider FROM provider_config WHERE merchant_code = ${merchant} AND kind = 'PAYMENT'
      UNION
      SELECT DISTINCT provider FROM withdrawal_provider_payout WHERE merchant_code = ${merchant}
      ORDER BY 1`.execute(this.db);
    return rows.map((r) => r.provider);
  }

  /**
   * Our orders of a provider that a settlement file is held against: those asked for in the
   * brand's days from..to, and those the file names by our order number or the provider's
   * reference whatever their day. Deposits that never reached the provider (no reference) are left out.
   */
  async providerOrders(
    merchant: string,
    provider: string,
    from: string,
    to: string,
    refs: string[],
  ): Promise<ProviderOrder[]> {
    const { rows } = await sql<ProviderOrder>`
      WITH m AS (SELECT code, timezone FROM merchant WHERE code = ${merchant}),
      r AS (SELECT unnest(${refs}::text[]) AS ref),
      span AS (SELECT (${from}::date::timestamp AT TIME ZONE m.timezone) AS s,
                      ((${to}::date + 1)::timestamp AT TIME ZONE m.timezone) AS e FROM m),
      dep AS (
        SELECT d.* FROM deposit d JOIN payment_channel c ON c.id = d.channel_id, span
         WHERE d.merchant_code = ${merchant} AND c.gateway = ${provider} AND d.provider_ref IS NOT NULL
           AND d.created_at >= span.s AND d.created_at < span.e
        UNION
        SELECT d.* FROM deposit d JOIN payment_channel c ON c.id = d.channel_id
         WHERE d.merchant_code = ${merchant} AND c.gateway = ${provider}
           AND (d.order_no IN (SELECT ref FROM r) OR d.provider_ref IN (SELECT ref FROM r))),
      pay AS (
        SELECT p.* FROM withdrawal_provider_payout p, span
         WHERE p.merchant_code = ${merchant} AND p.provider = ${provider}
           AND p.created_at >= span.s AND p.created_at < span.e
        UNION
        SELECT p.* FROM withdrawal_provider_payout p
         WHERE p.merchant_code = ${merchant} AND p.provider = ${provider}
           AND (p.reference IN (SELECT ref FROM r) OR p.provider_ref IN (SELECT ref FROM r)))
      SELECT 'DEPOSIT' AS direction, dep.order_no, dep.provider_ref, dep.amount::text AS amount,
             dep.fee::text AS fee,
             CASE WHEN dep.status IN ('APPROVED', 'ARRIVED') THEN 'SUCCEEDED'
                  WHEN dep.status IN ('REJECTED', 'FAILED') THEN 'FAILED' ELSE 'PENDING' END AS status,
             (dep.created_at >= span.s AND dep.created_at < span.e) AS in_period
        FROM dep, span
      UNION ALL
      SELECT 'PAYOUT', pay.reference, pay.provider_ref, pay.amount::text, NULL,
             CASE pay.state WHEN 'IN_FLIGHT' THEN 'PENDING' ELSE pay.state END,
             (pay.created_at >= span.s AND pay.created_at < span.e)
        FROM pay, span`.execute(this.db);
    return rows;
  }
}
