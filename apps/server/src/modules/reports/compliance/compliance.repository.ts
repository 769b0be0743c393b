import { sql } from 'kysely';
import { Repository } from '../../../db/repository';
import type { ReportScope } from '../report-scope';

/**
 * What a protection_event counts as in the report (RG_KINDS); null: not counted (a limit kept
 * as it was, a reality-check interval chosen). A limit set with no limit before is a new limit;
 * one set at once over an existing limit is a lowering (a raise always waits the cooling-off:
 * limit.requested, then limit.confirmed). Needs `e` (protection_event).
 */
const rgKind = sql<string | null>`CASE
    WHEN e.action = 'limit.set' AND e.detail->>'before' IS NULL THEN 'limitSet'
    WHEN e.action = 'limit.set' THEN 'limitLowered'
    WHEN e.action = 'limit.requested' THEN 'limitRaiseRequested'
    WHEN e.action = 'limit.confirmed' THEN 'limitRaised'
    WHEN e.action = 'limit.cancelled' THEN 'limitRaiseCancelled'
    WHEN e.action = 'timeout.started' THEN 'timeout'
    WHEN e.action = 'exclusion.started' THEN 'selfExclusion'
    WHEN e.action = 'exclusion.return.requested' THEN 'returnRequested'
    WHEN e.action IN ('timeout.ended', 'exclusion.ended') THEN 'breakEnded'
    WHEN e.action = 'reality.check' THEN 'realityCheck'
  END`;

/** A timestamp's brand-local day; needs `z` (merchant). */
const localDay = (col: ReturnType<typeof sql.ref>) => sql`(${col} AT TIME ZONE z.timezone)::date`;

/** The period's brand-local days, as a condition on a timestamp column (`z`: its merchant). */
const within = (s: ReportScope, col: ReturnType<typeof sql.ref>) =>
  sql`${localDay(col)} BETWEEN ${s.from}::date AND ${s.to}::date`;

export interface RgEventRow {
  id: string;
  merchant_code: string;
  day: string;
  at: Date;
  member_id: string;
  username: string;
  kind: string;
  action: string;
  limit_kind: string | null;
  period: string | null;
  before: string | null;
  after: string | null;
  term: string | null;
  actor: string;
}

export interface AmlCaseRow {
  id: string;
  merchant_code: string;
  member_id: string;
  username: string;
  rule: string;
  state: string;
  opened_day: string;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  alerts: string;
}

/**
 * The SQL of the compliance summaries: protection_event and protection_exclusion (responsible
 * gaming), kyc_submission (identity checks), aml_case and aml_case_note (AML), by brand-local day.
 */
export class ComplianceReportRepository extends Repository {
  /** RG events by day and report kind, with the members they concern. */
  async rgByDay(s: ReportScope) {
    const { rows } = await sql<{ day: string; kind: string; events: string; members: string }>`
      SELECT ${localDay(sql.ref('e.at'))}::text AS day, ${rgKind} AS kind, count(*)::text AS events,
             count(DISTINCT e.member_id)::text AS members
        FROM protection_event e JOIN merchant z ON z.code = e.merchant_code
       WHERE e.merchant_code = ANY(${s.merchants}::text[]) AND ${within(s, sql.ref('e.at'))}
         AND ${rgKind} IS NOT NULL
       GROUP BY 1, 2`.execute(this.db);
    return rows;
  }

  /** Members per report kind over the whole period (a member counted once per kind). */
  async rgMembers(s: ReportScope) {
    const { rows } = await sql<{ kind: string; members: string }>`
      SELECT ${rgKind} AS kind, count(DISTINCT e.member_id)::text AS members
        FROM protection_event e JOIN merchant z ON z.code = e.merchant_code
       WHERE e.merchant_code = ANY(${s.merchants}::text[]) AND ${within(s, sql.ref('e.at'))}
         AND ${rgKind} IS NOT NULL
       GROUP BY 1`.execute(this.db);
    return rows;
  }

  /** Limit events by the limit's kind. */
  async rgByLimit(s: ReportScope) {
    const { rows } = await sql<{ limit: string; set: string; lowered: string; raised: string }>`
      SELECT e.detail->>'kind' AS limit,
             count(*) FILTER (WHERE ${rgKind} = 'limitSet')::text AS set,
             count(*) FILTER (WHERE ${rgKind} = 'limitLowered')::text AS lowered,
             count(*) FILTER (WHERE ${rgKind} = 'limitRaised')::text AS raised
        FROM protection_event e JOIN merchant z ON z.code = e.merchant_code
       WHERE e.merchant_code = ANY(${s.merchants}::text[]) AND ${within(s, sql.ref('e.at'))}
         AND e.action IN ('limit.set', 'limit.confirmed') AND e.detail ? 'kind'
       GROUP BY 1 ORDER BY 1`.execute(this.db);
    return rows;
  }

  /** Breaks in force at `now` (as the protection module decides it: ProtectionService.inForce). */
  async excludedNow(s: ReportScope, now: Date) {
    const { rows } = await sql<{ timeouts: string; exclusions: string; permanent: string }>`
      SELECT count(*) FILTER (WHERE x.kind = 'TIMEOUT')::text AS timeouts,
             count(*) FILTER (WHERE x.kind = 'SELF_EXCLUSION')::text AS exclusions,
             count(*) FILTER (WHERE x.kind = 'SELF_EXCLUSION' AND x.ends_at IS NULL)::text AS permanent
        FROM protection_exclusion x
       WHERE x.merchant_code = ANY(${s.merchants}::text[]) AND x.returned_at IS NULL
         AND x.starts_at <= ${now}
         AND ((x.kind = 'TIMEOUT' AND x.ends_at > ${now})
              OR (x.kind = 'SELF_EXCLUSION' AND (x.return_from IS NULL OR x.return_from > ${now})))`.execute(
      this.db,
    );
    return rows[0]!;
  }

  /** Identity checks: submitted and decided in the period, pending now, turnaround of those decided. */
  async kyc(s: ReportScope) {
    const { rows } = await sql<{
      submitted: string;
      approved: string;
      rejected: string;
      pending: string;
      avg_hours: number | null;
      p90_hours: number | null;
    }>`
      WITH k AS (
        SELECT k.*, z.timezone FROM kyc_submission k JOIN merchant z ON z.code = k.merchant_code
         WHERE k.merchant_code = ANY(${s.merchants}::text[])
      ),
      decided AS (
        SELECT state, extract(epoch FROM (decided_at - created_at)) / 3600.0 AS hours
          FROM k
         WHERE decided_at IS NOT NULL
           AND (decided_at AT TIME ZONE timezone)::date BETWEEN ${s.from}::date AND ${s.to}::date
      )
      SELECT (SELECT count(*) FROM k
               WHERE (created_at AT TIME ZONE timezone)::date BETWEEN ${s.from}::date AND ${s.to}::date)::text AS submitted,
             (SELECT count(*) FROM decided WHERE state = 'APPROVED')::text AS approved,
             (SELECT count(*) FROM decided WHERE state = 'REJECTED')::text AS rejected,
             (SELECT count(*) FROM k WHERE state = 'PENDING')::text AS pending,
             (SELECT avg(hours) FROM decided)::float8 AS avg_hours,
             (SELECT percentile_cont(0.9) WITHIN GROUP (ORDER BY hours) FROM decided)::float8 AS p90_hours`.execute(
      this.db,
    );
    return rows[0]!;
  }

  /** AML by rule: alerts (OPENED and TRIGGERED notes), cases opened, decisions and time to decide. */
  async amlByRule(s: ReportScope) {
    const { rows } = await sql<{
      rule: string;
      alerts: string;
      opened: string;
      cleared: string;
      frozen: string;
      reported: string;
      close_hours: number | null;
    }>`
      WITH c AS (
        SELECT c.*, z.timezone FROM aml_case c JOIN merchant z ON z.code = c.merchant_code
         WHERE c.merchant_code = ANY(${s.merchants}::text[])
      ),
      alerts AS (
        SELECT c.rule, count(*) AS n
          FROM aml_case_note n JOIN c ON c.id = n.case_id
         WHERE n.kind IN ('OPENED', 'TRIGGERED')
           AND (n.at AT TIME ZONE c.timezone)::date BETWEEN ${s.from}::date AND ${s.to}::date
         GROUP BY c.rule
      ),
      opened AS (
        SELECT rule, count(*) AS n FROM c
         WHERE (created_at AT TIME ZONE timezone)::date BETWEEN ${s.from}::date AND ${s.to}::date
         GROUP BY rule
      ),
      decided AS (
        SELECT rule, count(*) FILTER (WHERE state = 'CLEARED') AS cleared,
               count(*) FILTER (WHERE state = 'FROZEN') AS frozen,
               count(*) FILTER (WHERE state = 'REPORTED') AS reported,
               avg(extract(epoch FROM (decided_at - created_at)) / 3600.0) AS hours
          FROM c
         WHERE decided_at IS NOT NULL AND state <> 'OPEN'
           AND (decided_at AT TIME ZONE timezone)::date BETWEEN ${s.from}::date AND ${s.to}::date
         GROUP BY rule
      ),
      rules AS (SELECT rule FROM alerts UNION SELECT rule FROM opened UNION SELECT rule FROM decided)
      SELECT r.rule, coalesce(a.n, 0)::text AS alerts, coalesce(o.n, 0)::text AS opened,
             coalesce(d.cleared, 0)::text AS cleared, coalesce(d.frozen, 0)::text AS frozen,
             coalesce(d.reported, 0)::text AS reported, d.hours::float8 AS close_hours
        FROM rules r
        LEFT JOIN alerts a ON a.rule = r.rule
        LEFT JOIN opened o ON o.rule = r.rule
        LEFT JOIN decided d ON d.rule = r.rule
       ORDER BY r.rule`.execute(this.db);
    return rows;
  }

  /** AML totals that are not sums of the rules: cases open now, the mean time to decide overall. */
  async amlTotals(s: ReportScope) {
    const { rows } = await sql<{ open_now: string; close_hours: number | null }>`
      SELECT (SELECT count(*) FROM aml_case
               WHERE merchant_code = ANY(${s.merchants}::text[]) AND state = 'OPEN')::text AS open_now,
             (SELECT avg(extract(epoch FROM (c.decided_at - c.created_at)) / 3600.0)
                FROM aml_case c JOIN merchant z ON z.code = c.merchant_code
               WHERE c.merchant_code = ANY(${s.merchants}::text[]) AND c.state <> 'OPEN'
                 AND c.decided_at IS NOT NULL
                 AND (c.decided_at AT TIME ZONE z.timezone)::date BETWEEN ${s.from}::date AND ${s.to}::date
             )::float8 AS close_hours`.execute(this.db);
    return rows[0]!;
  }

  /** Per day: alerts, cases opened and cases decided. */
  async amlByDay(s: ReportScope) {
    const { rows } = await sql<{ day: string; alerts: string; opened: string; closed: string }>`
      WITH days AS (
        SELECT d::date AS day FROM generate_series(${s.from}::date, ${s.to}::date, interval '1 day') d
      ),
      c AS (
        SELECT c.*, z.timezone FROM aml_case c JOIN merchant z ON z.code = c.merchant_code
         WHERE c.merchant_code = ANY(${s.merchants}::text[])
      ),
      a AS (
        SELECT (n.at AT TIME ZONE c.timezone)::date AS day, count(*) AS n
          FROM aml_case_note n JOIN c ON c.id = n.case_id
         WHERE n.kind IN ('OPENED', 'TRIGGERED') GROUP BY 1
      ),
      o AS (SELECT (created_at AT TIME ZONE timezone)::date AS day, count(*) AS n FROM c GROUP BY 1),
      d AS (
        SELECT (decided_at AT TIME ZONE timezone)::date AS day, count(*) AS n
          FROM c WHERE decided_at IS NOT NULL AND state <> 'OPEN' GROUP BY 1
      )
      SELECT days.day::text AS day, coalesce(a.n, 0)::text AS alerts, coalesce(o.n, 0)::text AS opened,
             coalesce(d.n, 0)::text AS closed
        FROM days LEFT JOIN a ON a.day = days.day LEFT JOIN o ON o.day = days.day
        LEFT JOIN d ON d.day = days.day
       ORDER BY days.day`.execute(this.db);
    return rows;
  }

  /** RG events of the period one by one, in id order after `after` (exports). */
  async rgEvents(s: ReportScope, after: string, limit: number) {
    const { rows } = await sql<RgEventRow>`
      SELECT e.id::text AS id, e.merchant_code, ${localDay(sql.ref('e.at'))}::text AS day, e.at,
             e.member_id::text AS member_id, m.username, ${rgKind} AS kind, e.action,
             e.detail->>'kind' AS limit_kind, e.detail->>'period' AS period,
             e.detail->>'before' AS before, e.detail->>'after' AS after, e.detail->>'term' AS term, e.actor
        FROM protection_event e
        JOIN merchant z ON z.code = e.merchant_code
        JOIN member m ON m.id = e.member_id
       WHERE e.merchant_code = ANY(${s.merchants}::text[]) AND ${within(s, sql.ref('e.at'))}
         AND ${rgKind} IS NOT NULL AND e.id > ${after}::bigint
       ORDER BY e.id
       LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** AML cases opened or decided in the period, in id order after `after` (exports). */
  async amlCases(s: ReportScope, after: string, limit: number) {
    const { rows } = await sql<AmlCaseRow>`
      SELECT c.id::text AS id, c.merchant_code, c.member_id::text AS member_id, m.username, c.rule, c.state,
             (c.created_at AT TIME ZONE z.timezone)::date::text AS opened_day, c.created_at, c.decided_at,
             c.decided_by,
             (SELECT count(*) FROM aml_case_note n
               WHERE n.case_id = c.id AND n.kind IN ('OPENED', 'TRIGGERED')
                 AND (n.at AT TIME ZONE z.timezone)::date BETWEEN ${s.from}::date AND ${s.to}::date)::text AS alerts
        FROM aml_case c
        JOIN merchant z ON z.code = c.merchant_code
        JOIN member m ON m.id = c.member_id
       WHERE c.merchant_code = ANY(${s.merchants}::text[]) AND c.id > ${after}::bigint
         AND (${within(s, sql.ref('c.created_at'))}
              OR (c.decided_at IS NOT NULL AND ${within(s, sql.ref('c.decided_at'))}))
       ORDER BY c.id
       LIMIT ${limit}`.execute(this.db);
    return rows;
  }
}
