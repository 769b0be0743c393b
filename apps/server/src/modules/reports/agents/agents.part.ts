import { agentStatementsReportSchema, agentsReportSchema, ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../../platform/envelope';
import type { ModuleContext } from '../../../platform/module';
import { operatorRoute } from '../../../platform/operator-auth';
import type { ReportColumn, ReportPart, ReportSource } from '../report-part';
import { brandCurrencies, reportRangeQuery, resolveScope } from '../report-scope';
import { AgentsReportRepository } from './agents.repository';
import { AgentsReportService, agentRow, lineOf } from './agents.service';

const tags = ['operator'];
/** Rows an export reads per query. */
const BATCH = 500;
/** Reports staff, and the agent managers who run the agents (their own permission). */
const view = operatorRoute('reports.view', { orPermissions: ['agents.view'] });
const memberId = z.string().regex(/^[1-9]\d{0,18}$/);

const SUMMARY_COLUMNS: ReportColumn[] = [
  { key: 'merchant', header: 'Brand', type: 'text' },
  { key: 'username', header: 'Agent', type: 'text' },
  { key: 'upline', header: 'Upline', type: 'text' },
  { key: 'teamSize', header: 'Team size', type: 'int' },
  { key: 'activeMembers', header: 'Active members', type: 'int' },
  { key: 'bets', header: 'Bets', type: 'int' },
  { key: 'turnover', header: 'Team turnover', type: 'money' },
  { key: 'validTurnover', header: 'Valid turnover', type: 'money' },
  { key: 'ggr', header: 'Team GGR', type: 'money' },
  { key: 'deposits', header: 'Team deposits', type: 'money' },
  { key: 'withdrawals', header: 'Team withdrawals', type: 'money' },
  { key: 'wagesDaily', header: 'Daily wages', type: 'money' },
  { key: 'wagesHourly', header: 'Hourly wages', type: 'money' },
  { key: 'wagesRealtime', header: 'Real-time wages', type: 'money' },
  { key: 'dividends', header: 'Dividends', type: 'money' },
  { key: 'paidByBrand', header: 'Paid by the brand', type: 'money' },
  { key: 'unpaid', header: 'Unpaid', type: 'money' },
  { key: 'costRatio', header: 'Cost ratio', type: 'percent' },
];

const LINE_COLUMNS: ReportColumn[] = [
  { key: 'id', header: 'Line', type: 'text' },
  { key: 'day', header: 'Day', type: 'day' },
  { key: 'member', header: 'Agent', type: 'text' },
  { key: 'payer', header: 'Paid by', type: 'text' },
  { key: 'kind', header: 'Kind', type: 'text' },
  { key: 'periodKey', header: 'Period', type: 'text' },
  { key: 'base', header: 'Base', type: 'money' },
  { key: 'activeMembers', header: 'Active members', type: 'int' },
  { key: 'tier', header: 'Tier', type: 'int' },
  { key: 'rate', header: 'Rate', type: 'percent' },
  { key: 'figure', header: 'Figure', type: 'money' },
  { key: 'amount', header: 'Amount', type: 'money' },
  { key: 'status', header: 'Status', type: 'text' },
  { key: 'entryReference', header: 'Ledger entry', type: 'text' },
  { key: 'paidTime', header: 'Paid at', type: 'datetime' },
];

/**
 * Agents: per agent and period the team under it (size, active members, turnover, GGR), the
 * wages and dividends its contracts paid, and the cost ratio; one agent's settlement lines with
 * the ledger entries that paid them. Read by reports staff and agent managers.
 */
export function agentsReports(deps: ModuleContext): ReportPart<{ agents: AgentsReportService }> {
  const repo = new AgentsReportRepository(deps.db);
  const service = new AgentsReportService(repo);
  const allBrands = brandCurrencies(deps.db);

  const summary: ReportSource<z.ZodObject<Record<string, never>>> = {
    name: 'agents.summary',
    permission: 'reports.view',
    query: z.object({}),
    columns: () => SUMMARY_COLUMNS,
    async *rows(scope) {
      let after = '0';
      for (;;) {
        const page = await repo.agents(scope, { order: 'id', after, limit: BATCH });
        for (const r of page) {
          const a = agentRow(r);
          yield [
            a.merchant,
            a.username,
            a.upline,
            a.teamSize,
            a.activeMembers,
            a.bets,
            BigInt(r.turnover),
            BigInt(r.valid),
            BigInt(r.ggr),
            BigInt(r.deposits),
            BigInt(r.withdrawals),
            BigInt(r.daily),
            BigInt(r.hourly),
            BigInt(r.realtime),
            BigInt(r.dividends),
            BigInt(r.by_brand),
            BigInt(r.unpaid),
            a.costRatio,
          ];
        }
        if (page.length < BATCH) return;
        after = page[page.length - 1]!.member_id;
      }
    },
  };

  const statementsQuery = z.object({ memberId: memberId.optional() });
  const statements: ReportSource<typeof statementsQuery> = {
    name: 'agents.statements',
    permission: 'reports.view',
    query: statementsQuery,
    columns: () => LINE_COLUMNS,
    async *rows(scope, q) {
      let after = '0';
      for (;;) {
        const page = await repo.lines(scope, { agent: q.memberId ?? null, after, limit: BATCH });
        for (const r of page) {
          const l = lineOf(r);
          yield [
            l.id,
            l.day,
            l.member,
            l.payer,
            l.kind,
            l.periodKey,
            BigInt(r.base),
            l.activeMembers,
            l.tier,
            r.rate_bp / 10_000,
            BigInt(r.figure),
            BigInt(r.amount),
            l.status,
            l.entryReference,
            r.paid_at ? new Date(r.paid_at) : null,
          ];
        }
        if (page.length < BATCH) return;
        after = page[page.length - 1]!.id;
      }
    },
  };

  async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/wps/admin/reports/agents',
      {
        config: view,
        schema: {
          summary:
            'Agents over the brand-local days: team size, active members, team turnover and GGR, wages and dividends paid, cost ratio',
          tags,
          querystring: reportRangeQuery,
          response: { 200: ok(agentsReportSchema) },
        },
      },
      async (req) => envelope(await service.summary(await resolveScope(req, req.query, allBrands))),
    );
    r.get(
      '/wps/admin/reports/agents/:memberId/statements',
      {
        config: view,
        schema: {
          summary:
            "One agent over the days: its team's play per day and its settlement lines (paid to it or by it) with their ledger entries",
          tags,
          params: z.object({ memberId }),
          querystring: reportRangeQuery,
          response: { 200: ok(agentStatementsReportSchema) },
        },
      },
      async (req) =>
        envelope(
          await service.statements(await resolveScope(req, req.query, allBrands), req.params.memberId),
        ),
    );
  }

  return { routes, sources: [summary, statements] as ReportSource[], services: { agents: service } };
}
