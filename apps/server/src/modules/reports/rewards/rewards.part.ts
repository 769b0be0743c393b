import { ok, REPORT_BUCKETS, rewardCostsSchema, rewardItemsSchema, rewardPointsSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../../platform/envelope';
import type { ModuleContext } from '../../../platform/module';
import { operatorRoute } from '../../../platform/operator-auth';
import type { ReportPart, ReportSource } from '../report-part';
import { brandCurrencies, reportRangeQuery, resolveScope } from '../report-scope';
import { RewardsReportRepository } from './rewards.repository';
import { RewardsReportService } from './rewards.service';

const tags = ['operator'];

const bucketFields = z.object({ by: z.enum(REPORT_BUCKETS).default('day') });

/** The promotions and rewards reports (README): costs by category, per promotion and mission, points. */
export function rewardsReports(deps: ModuleContext): ReportPart<RewardsReportService> {
  const repo = new RewardsReportRepository(deps.db);
  const service = new RewardsReportService(repo);
  const allBrands = brandCurrencies(deps.db);

  const routes = async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/wps/admin/reports/rewards/costs',
      {
        config: operatorRoute('reports.view'),
        schema: {
          summary:
            'Bonus cost by category (promotions, missions, rebates, referral, VIP, points) per period, with GGR, NGR and bonus-to-NGR',
          tags,
          querystring: reportRangeQuery.merge(bucketFields),
          response: { 200: ok(rewardCostsSchema) },
        },
      },
      async (req) =>
        envelope(await service.costs(await resolveScope(req, req.query, allBrands), req.query.by)),
    );
    r.get(
      '/wps/admin/reports/rewards/items',
      {
        config: operatorRoute('reports.view'),
        schema: {
          summary: "Each promotion's and mission's cost, claims and members over the period",
          tags,
          querystring: reportRangeQuery,
          response: { 200: ok(rewardItemsSchema) },
        },
      },
      async (req) =>
        envelope(await service.items(await resolveScope(req, req.query, allBrands), req.brand, req.lang)),
    );
    r.get(
      '/wps/admin/reports/rewards/points',
      {
        config: operatorRoute('reports.view'),
        schema: {
          summary: 'Points earned, redeemed in the mall, converted to cash and adjusted, per period',
          tags,
          querystring: reportRangeQuery.merge(bucketFields),
          response: { 200: ok(rewardPointsSchema) },
        },
      },
      async (req) =>
        envelope(await service.points(await resolveScope(req, req.query, allBrands), req.query.by)),
    );
  };

  const costsSource: ReportSource<typeof bucketFields> = {
    name: 'rewards.costs',
    permission: 'reports.view',
    query: bucketFields,
    columns: () => [
      { key: 'period', header: 'Period', type: 'day' },
      { key: 'promotion', header: 'Promotions', type: 'money' },
      { key: 'mission', header: 'Missions', type: 'money' },
      { key: 'rebate', header: 'Rebates', type: 'money' },
      { key: 'referral', header: 'Referral', type: 'money' },
      { key: 'vip', header: 'VIP rewards', type: 'money' },
      { key: 'points', header: 'Points', type: 'money' },
      { key: 'other', header: 'Other', type: 'money' },
      { key: 'total', header: 'Total bonus cost', type: 'money' },
      { key: 'credits', header: 'Credits', type: 'int' },
      { key: 'ggr', header: 'GGR', type: 'money' },
      { key: 'ngr', header: 'NGR', type: 'money' },
      { key: 'bonusToNgr', header: 'Bonus to NGR', type: 'percent' },
    ],
    async *rows(scope, q) {
      const c = await service.costSums(scope, q.by);
      for (const { period, costs: x, ggr } of c.series) {
        const ngr = ggr - x.all;
        yield [
          period,
          x.promotion,
          x.mission,
          x.rebate,
          x.referral,
          x.vip,
          x.points,
          x.other,
          x.total,
          x.credits,
          ggr,
          ngr,
          ngr > 0n ? Number(x.total) / Number(ngr) : null,
        ];
      }
    },
  };

  const pointsSource: ReportSource<typeof bucketFields> = {
    name: 'rewards.points',
    permission: 'reports.view',
    query: bucketFields,
    columns: () => [
      { key: 'period', header: 'Period', type: 'day' },
      { key: 'earned', header: 'Points earned', type: 'int' },
      { key: 'redeemed', header: 'Points redeemed', type: 'int' },
      { key: 'converted', header: 'Points converted', type: 'int' },
      { key: 'adjusted', header: 'Points adjusted', type: 'int' },
      { key: 'cash', header: 'Cash paid for points', type: 'money' },
    ],
    async *rows(scope, q) {
      const p = await service.pointSums(scope, q.by);
      for (const { period, sums: x } of p.series)
        yield [period, x.earned, x.redeemed, x.converted, x.adjusted, x.cash];
    },
  };

  return { routes, sources: [costsSource, pointsSource] as ReportSource[], services: service };
}
