import {
  businessBetsSchema,
  businessBreakdownSchema,
  businessSummarySchema,
  fromMinor,
  ok,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../../platform/envelope';
import { operatorRoute } from '../../../platform/operator-auth';
import { reportRangeQuery, resolveScope, type BrandCurrency } from '../report-scope';
import { businessQueries } from './business-queries';
import type { Figures, BusinessService } from './business.service';

const tags = ['operator'];

const wireFigures = (f: Figures) => ({
  bets: Number(f.bets),
  turnover: fromMinor(f.turnover),
  validTurnover: fromMinor(f.validTurnover),
  settled: Number(f.settled),
  settledStake: fromMinor(f.settledStake),
  payout: fromMinor(f.payout),
  ggr: fromMinor(f.ggr),
  holdPct: f.holdPct,
});

/** The business reports' routes: reads only (the drill-down to bets is audited as a bulk read). */
export async function businessRoutes(
  app: FastifyInstance,
  opts: { business: BusinessService; allBrands: () => Promise<BrandCurrency[]> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { business } = opts;
  const all = opts.allBrands;

  r.get(
    '/wps/admin/reports/business/summary',
    {
      config: operatorRoute('reports.view'),
      schema: {
        summary:
          'Turnover, valid turnover, payouts, GGR, bonus cost, NGR and hold by day, week (from Monday) or month of the brand-local period',
        tags,
        querystring: reportRangeQuery.extend(businessQueries.summary.shape),
        response: { 200: ok(businessSummarySchema) },
      },
    },
    async (req) => {
      const scope = await resolveScope(req, req.query, all);
      const s = await business.summary(scope, req.query.groupBy);
      const money = <T extends { bonusCost: bigint; ngr: bigint } & Figures>(row: T) => ({
        ...wireFigures(row),
        bonusCost: fromMinor(row.bonusCost),
        ngr: fromMinor(row.ngr),
      });
      return envelope({
        groupBy: s.groupBy,
        rows: s.rows.map((row) => ({ bucket: row.bucket, from: row.from, to: row.to, ...money(row) })),
        totals: { from: s.totals.from, to: s.totals.to, ...money(s.totals) },
      });
    },
  );

  r.get(
    '/wps/admin/reports/business/breakdown',
    {
      config: operatorRoute('reports.view'),
      schema: {
        summary:
          'The same figures by game category, vendor or game, biggest turnover first; games with their published and measured RTP and the off-RTP flag',
        tags,
        querystring: reportRangeQuery.extend(businessQueries.breakdown.shape),
        response: { 200: ok(businessBreakdownSchema) },
      },
    },
    async (req) => {
      const scope = await resolveScope(req, req.query, all);
      const b = await business.breakdown(scope, req.query.by, req.query.top ?? null);
      return envelope({
        by: b.by,
        totals: wireFigures(b.totals),
        rows: b.rows.map((row) => ({
          ...wireFigures(row),
          key: row.key,
          category: row.category,
          vendorCode: row.vendorCode,
          vendorName: row.vendorName,
          gameCode: row.gameCode,
          gameName: row.gameName,
          turnoverShare: row.turnoverShare,
          publishedRtp: row.publishedRtp,
          measuredRtp: row.measuredRtp,
          rtpStandardError: row.rtpStandardError,
          rtpFlag: row.rtpFlag,
        })),
      });
    },
  );

  r.get(
    '/wps/admin/reports/business/bets',
    {
      // Players' activity in bulk: the read is audited as players.search is.
      config: operatorRoute('reports.view', { auditRead: true }),
      schema: {
        summary:
          "One game's bets placed in the period, newest first, a page at a time (cursor: the last page's nextCursor)",
        tags,
        querystring: reportRangeQuery.extend(businessQueries.bets.shape),
        response: { 200: ok(businessBetsSchema) },
      },
    },
    async (req) => {
      const q = req.query;
      const scope = await resolveScope(req, q, all);
      req.auditDetail = {
        action: 'reports.business.bets',
        target: `${q.vendor}:${q.gameCode}`,
        after: { query: q },
      };
      const page = await business.bets(scope, q.vendor, q.gameCode, q.cursor);
      return envelope({
        nextCursor: page.nextCursor,
        items: page.items.map((b) => ({
          id: b.id,
          merchantCode: b.merchantCode,
          memberId: b.memberId,
          username: b.username,
          roundId: b.roundId,
          gameName: b.gameName,
          stake: fromMinor(b.stake),
          validBet: fromMinor(b.validBet),
          payout: fromMinor(b.payout),
          status: b.status,
          placedAt: b.placedAt.toISOString(),
          settledAt: b.settledAt?.toISOString() ?? null,
        })),
      });
    },
  );
}
