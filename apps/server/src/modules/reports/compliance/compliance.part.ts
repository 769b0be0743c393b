import {
  amlReportSchema,
  ok,
  RG_KINDS,
  rgReportSchema,
  type AmlReport,
  type RgKind,
  type RgReport,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../../platform/envelope';
import type { ModuleContext } from '../../../platform/module';
import { operatorRoute } from '../../../platform/operator-auth';
import type { ReportColumn, ReportPart, ReportSource } from '../report-part';
import { brandCurrencies, reportRangeQuery, resolveScope, type ReportScope } from '../report-scope';
import { ComplianceReportRepository } from './compliance.repository';

const tags = ['operator'];
const BATCH = 1000;
const hours = (h: number | null) => (h === null ? null : Math.round(h * 100) / 100);
const emptyKinds = () => Object.fromEntries(RG_KINDS.map((k) => [k, 0])) as Record<RgKind, number>;
const isKind = (k: string): k is RgKind => (RG_KINDS as readonly string[]).includes(k);

/** Responsible gaming and AML summaries of a period. */
export class ComplianceReportService {
  constructor(
    private readonly repo: ComplianceReportRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async rg(s: ReportScope): Promise<RgReport> {
    const byDay = await this.repo.rgByDay(s);
    const members = await this.repo.rgMembers(s);
    const byLimit = await this.repo.rgByLimit(s);
    const excluded = await this.repo.excludedNow(s, this.clock());
    const kyc = await this.repo.kyc(s);
    const days = new Map<string, Record<RgKind, number>>();
    for (let d = s.from; d <= s.to; d = nextDay(d)) days.set(d, emptyKinds());
    const totals = emptyKinds();
    for (const r of byDay) {
      if (!isKind(r.kind)) continue;
      const n = Number(r.events);
      totals[r.kind] += n;
      const day = days.get(r.day);
      if (day) day[r.kind] += n;
    }
    const who = new Map(members.map((m) => [m.kind, Number(m.members)]));
    return {
      byKind: RG_KINDS.map((kind) => ({ kind, events: totals[kind], members: who.get(kind) ?? 0 })),
      byLimit: byLimit.map((l) => ({
        limit: l.limit,
        set: Number(l.set),
        lowered: Number(l.lowered),
        raised: Number(l.raised),
      })),
      series: [...days].map(([day, kinds]) => ({ day, kinds })),
      excludedNow: {
        timeouts: Number(excluded.timeouts),
        selfExclusions: Number(excluded.exclusions),
        permanent: Number(excluded.permanent),
      },
      kyc: {
        submitted: Number(kyc.submitted),
        approved: Number(kyc.approved),
        rejected: Number(kyc.rejected),
        pendingNow: Number(kyc.pending),
        averageHours: hours(kyc.avg_hours),
        p90Hours: hours(kyc.p90_hours),
      },
    };
  }

  async aml(s: ReportScope): Promise<AmlReport> {
    const rules = await this.repo.amlByRule(s);
    const totals = await this.repo.amlTotals(s);
    const series = await this.repo.amlByDay(s);
    const byRule = rules.map((r) => {
      const frozen = Number(r.frozen);
      const reported = Number(r.reported);
      return {
        rule: r.rule,
        alerts: Number(r.alerts),
        opened: Number(r.opened),
        cleared: Number(r.cleared),
        frozen,
        reported,
        escalated: frozen + reported,
        averageCloseHours: hours(r.close_hours),
      };
    });
    const sum = (f: (r: (typeof byRule)[number]) => number) => byRule.reduce((a, r) => a + f(r), 0);
    return {
      byRule,
      totals: {
        alerts: sum((r) => r.alerts),
        opened: sum((r) => r.opened),
        cleared: sum((r) => r.cleared),
        frozen: sum((r) => r.frozen),
        reported: sum((r) => r.reported),
        escalated: sum((r) => r.escalated),
        averageCloseHours: hours(totals.close_hours),
        openNow: Number(totals.open_now),
      },
      series: series.map((d) => ({
        day: d.day,
        alerts: Number(d.alerts),
        opened: Number(d.opened),
        closed: Number(d.closed),
      })),
    };
  }
}

/** yyyy-mm-dd + 1 day (calendar arithmetic in UTC: no zone involved). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const RG_COLUMNS: ReportColumn[] = [
  { key: 'merchant', header: 'Brand', type: 'text' },
  { key: 'day', header: 'Day', type: 'day' },
  { key: 'at', header: 'Time', type: 'datetime' },
  { key: 'username', header: 'Member', type: 'text' },
  { key: 'kind', header: 'Kind', type: 'text' },
  { key: 'action', header: 'Event', type: 'text' },
  { key: 'limit', header: 'Limit', type: 'text' },
  { key: 'period', header: 'Limit period', type: 'text' },
  { key: 'before', header: 'Before', type: 'text' },
  { key: 'after', header: 'After', type: 'text' },
  { key: 'term', header: 'Break term', type: 'text' },
  { key: 'actor', header: 'By', type: 'text' },
];

const AML_COLUMNS: ReportColumn[] = [
  { key: 'id', header: 'Case', type: 'text' },
  { key: 'merchant', header: 'Brand', type: 'text' },
  { key: 'username', header: 'Member', type: 'text' },
  { key: 'rule', header: 'Rule', type: 'text' },
  { key: 'state', header: 'State', type: 'text' },
  { key: 'openedDay', header: 'Opened (day)', type: 'day' },
  { key: 'openedAt', header: 'Opened at', type: 'datetime' },
  { key: 'decidedAt', header: 'Decided at', type: 'datetime' },
  { key: 'decidedBy', header: 'Decided by', type: 'text' },
  { key: 'alerts', header: 'Alerts in period', type: 'int' },
];

/**
 * Responsible gaming (limits, breaks, reality checks, identity checks) and AML (alerts by rule,
 * cases opened and decided, time to decide) for the period, from the protection, KYC and AML
 * modules' tables. Read by reports staff.
 */
export function complianceReports(deps: ModuleContext): ReportPart<{ compliance: ComplianceReportService }> {
  const repo = new ComplianceReportRepository(deps.db);
  const service = new ComplianceReportService(repo);
  const allBrands = brandCurrencies(deps.db);
  const none = z.object({});

  const rg: ReportSource<typeof none> = {
    name: 'compliance.rg',
    permission: 'reports.view',
    query: none,
    columns: () => RG_COLUMNS,
    async *rows(scope) {
      let after = '0';
      for (;;) {
        const page = await repo.rgEvents(scope, after, BATCH);
        for (const e of page)
          yield [
            e.merchant_code,
            e.day,
            new Date(e.at),
            e.username,
            e.kind,
            e.action,
            e.limit_kind,
            e.period,
            e.before,
            e.after,
            e.term,
            e.actor,
          ];
        if (page.length < BATCH) return;
        after = page[page.length - 1]!.id;
      }
    },
  };

  const aml: ReportSource<typeof none> = {
    name: 'compliance.aml',
    permission: 'reports.view',
    query: none,
    columns: () => AML_COLUMNS,
    async *rows(scope) {
      let after = '0';
      for (;;) {
        const page = await repo.amlCases(scope, after, BATCH);
        for (const c of page)
          yield [
            c.id,
            c.merchant_code,
            c.username,
            c.rule,
            c.state,
            c.opened_day,
            new Date(c.created_at),
            c.decided_at ? new Date(c.decided_at) : null,
            c.decided_by,
            Number(c.alerts),
          ];
        if (page.length < BATCH) return;
        after = page[page.length - 1]!.id;
      }
    },
  };

  async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/wps/admin/reports/compliance/rg',
      {
        config: operatorRoute('reports.view'),
        schema: {
          summary:
            'Responsible gaming over the brand-local days: limits set, lowered and raised, breaks, cool-offs, reality checks; breaks in force now; identity checks and their turnaround',
          tags,
          querystring: reportRangeQuery,
          response: { 200: ok(rgReportSchema) },
        },
      },
      async (req) => envelope(await service.rg(await resolveScope(req, req.query, allBrands))),
    );
    r.get(
      '/wps/admin/reports/compliance/aml',
      {
        config: operatorRoute('reports.view'),
        schema: {
          summary:
            'AML over the brand-local days: alerts by rule, cases opened, cleared, frozen and reported, average time to decide',
          tags,
          querystring: reportRangeQuery,
          response: { 200: ok(amlReportSchema) },
        },
      },
      async (req) => envelope(await service.aml(await resolveScope(req, req.query, allBrands))),
    );
  }

  return { routes, sources: [rg, aml] as ReportSource[], services: { compliance: service } };
}
