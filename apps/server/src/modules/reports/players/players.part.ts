import {
  ok,
  playerActivitySchema,
  playerCohortsSchema,
  playerRankingSchema,
  REPORT_BUCKETS,
  vipDistributionSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../../platform/envelope';
import type { ModuleContext } from '../../../platform/module';
import { operatorRoute } from '../../../platform/operator-auth';
import { type ReportPart, type ReportSource, EXPORT_BATCH_ROWS } from '../report-part';
import { brandCurrencies, reportRangeQuery, resolveScope } from '../report-scope';
import { PlayersReportRepository } from './players.repository';
import { PlayersReportService } from './players.service';

const tags = ['operator'];

const activityFields = z.object({ by: z.enum(REPORT_BUCKETS).default('day') });
const cohortFields = z.object({ by: z.enum(['week', 'month']).default('week') });
const rankingFields = z.object({
  side: z.enum(['winners', 'losers']).default('winners'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
const none = z.object({});

/** The players reports (README): activity, cohorts, the profit and loss ranking, VIP levels. */
export function playersReports(deps: ModuleContext): ReportPart<PlayersReportService> {
  const repo = new PlayersReportRepository(deps.db);
  const service = new PlayersReportService(repo);
  const allBrands = brandCurrencies(deps.db);

  const routes = async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/wps/admin/reports/players/activity',
      {
        config: operatorRoute('reports.view'),
        schema: {
          summary: 'Registrations, first-time depositors and active players per day, week or month',
          tags,
          querystring: reportRangeQuery.merge(activityFields),
          response: { 200: ok(playerActivitySchema) },
        },
      },
      async (req) =>
        envelope(await service.activity(await resolveScope(req, req.query, allBrands), req.query.by)),
    );
    r.get(
      '/wps/admin/reports/players/cohorts',
      {
        config: operatorRoute('reports.view'),
        schema: {
          summary: 'Registration cohorts by week or month: the share of each that bet in each later period',
          tags,
          querystring: reportRangeQuery.merge(cohortFields),
          response: { 200: ok(playerCohortsSchema) },
        },
      },
      async (req) =>
        envelope(await service.cohorts(await resolveScope(req, req.query, allBrands), req.query.by)),
    );
    r.get(
      '/wps/admin/reports/players/ranking',
      {
        // Usernames with their money in bulk: an audited read.
        config: operatorRoute('reports.view', { auditRead: true }),
        schema: {
          summary:
            "The period's biggest winners or losers with their turnover, deposits, withdrawals and bonus",
          tags,
          querystring: reportRangeQuery.merge(rankingFields),
          response: { 200: ok(playerRankingSchema) },
        },
      },
      async (req) => {
        const q = req.query;
        const scope = await resolveScope(req, q, allBrands);
        req.auditDetail = { action: 'reports.players.ranking', target: null, after: { query: q } };
        return envelope(await service.ranking(scope, q.side, q.limit));
      },
    );
    r.get(
      '/wps/admin/reports/players/vip',
      {
        config: operatorRoute('reports.view'),
        schema: {
          summary: 'Members per VIP level now, and those of them who bet in the period',
          tags,
          querystring: reportRangeQuery,
          response: { 200: ok(vipDistributionSchema) },
        },
      },
      async (req) =>
        envelope(await service.vip(await resolveScope(req, req.query, allBrands), req.brand, req.lang)),
    );
  };

  const activitySource: ReportSource<typeof activityFields> = {
    name: 'players.activity',
    permission: 'reports.view',
    query: activityFields,
    columns: () => [
      { key: 'period', header: 'Period', type: 'day' },
      { key: 'registrations', header: 'Registrations', type: 'int' },
      { key: 'firstDepositors', header: 'First-time depositors', type: 'int' },
      { key: 'active', header: 'Active players', type: 'int' },
    ],
    async *rows(scope, q) {
      const a = await service.activity(scope, q.by);
      for (const r of a.series) yield [r.period, r.registrations, r.firstDepositors, r.active];
    },
  };

  const cohortSource: ReportSource<typeof cohortFields> = {
    name: 'players.cohorts',
    permission: 'reports.view',
    query: cohortFields,
    columns: () => [
      { key: 'cohort', header: 'Cohort', type: 'day' },
      { key: 'size', header: 'Members', type: 'int' },
      { key: 'offset', header: 'Periods after registration', type: 'int' },
      { key: 'active', header: 'Active', type: 'int' },
      { key: 'share', header: 'Share active', type: 'percent' },
    ],
    async *rows(scope, q) {
      const c = await service.cohorts(scope, q.by);
      for (const row of c.cohorts)
        for (let i = 0; i < row.active.length; i++)
          yield [row.cohort, row.size, i, row.active[i]!, row.share[i]!];
    },
  };

  const rankingSource: ReportSource<typeof none> = {
    name: 'players.ranking',
    permission: 'reports.view',
    query: none,
    columns: () => [
      { key: 'merchant', header: 'Brand', type: 'text' },
      { key: 'memberId', header: 'Member id', type: 'text' },
      { key: 'username', header: 'Username', type: 'text' },
      { key: 'vipLevel', header: 'VIP level', type: 'int' },
      { key: 'bets', header: 'Bets', type: 'int' },
      { key: 'turnover', header: 'Turnover', type: 'money' },
      { key: 'validTurnover', header: 'Valid turnover', type: 'money' },
      { key: 'ggr', header: 'GGR', type: 'money' },
      { key: 'playerProfit', header: 'Player profit', type: 'money' },
      { key: 'deposits', header: 'Deposits', type: 'money' },
      { key: 'withdrawals', header: 'Withdrawals', type: 'money' },
      { key: 'bonus', header: 'Bonus', type: 'money' },
    ],
    async *rows(scope) {
      let after: { merchant: string; memberId: string } | null = null;
      for (;;) {
        const page = await repo.sumsPage(scope, after, EXPORT_BATCH_ROWS);
        for (const m of page)
          yield [
            m.merchant,
            m.memberId,
            m.username,
            m.vipLevel,
            m.bets,
            m.turnover,
            m.validTurnover,
            m.ggr,
            -m.ggr,
            m.deposits,
            m.withdrawals,
            m.bonus,
          ];
        if (page.length < EXPORT_BATCH_ROWS) return;
        const last = page[page.length - 1]!;
        after = { merchant: last.merchant, memberId: last.memberId };
      }
    },
  };

  const vipSource: ReportSource<typeof none> = {
    name: 'players.vip',
    permission: 'reports.view',
    query: none,
    columns: () => [
      { key: 'level', header: 'VIP level', type: 'int' },
      { key: 'members', header: 'Members', type: 'int' },
      { key: 'active', header: 'Active in the period', type: 'int' },
    ],
    async *rows(scope) {
      const members = new Map((await repo.vipMembers(scope)).map((r) => [r.level, r.n]));
      const active = new Map((await repo.vipActive(scope)).map((r) => [r.level, r.n]));
      const levels = [...new Set([0, ...members.keys()])].sort((a, b) => a - b);
      for (const l of levels) yield [l, members.get(l) ?? 0, active.get(l) ?? 0];
    },
  };

  return {
    routes,
    sources: [activitySource, cohortSource, rankingSource, vipSource] as ReportSource[],
    services: service,
  };
}
