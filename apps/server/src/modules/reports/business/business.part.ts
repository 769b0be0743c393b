import type { ModuleContext } from '../../../platform/module';
import {
  type ReportCell,
  type ReportColumn,
  type ReportPart,
  type ReportSource,
  EXPORT_BATCH_ROWS,
} from '../report-part';
import { brandCurrencies } from '../report-scope';
import { businessQueries } from './business-queries';
import { BusinessRepository } from './business.repository';
import { businessRoutes } from './business.routes';
import { BusinessService, type Figures } from './business.service';

const FIGURE_COLUMNS: ReportColumn[] = [
  { key: 'bets', header: 'Bets', type: 'int' },
  { key: 'turnover', header: 'Turnover', type: 'money' },
  { key: 'validTurnover', header: 'Valid turnover', type: 'money' },
  { key: 'settled', header: 'Bets settled', type: 'int' },
  { key: 'settledStake', header: 'Settled stakes', type: 'money' },
  { key: 'payout', header: 'Payouts', type: 'money' },
  { key: 'ggr', header: 'GGR', type: 'money' },
  { key: 'hold', header: 'Hold', type: 'percent' },
];

const figureCells = (f: Figures): ReportCell[] => [
  f.bets,
  f.turnover,
  f.validTurnover,
  f.settled,
  f.settledStake,
  f.payout,
  f.ggr,
  f.holdPct === null ? null : f.holdPct / 100,
];

const percent = (v: number | null) => (v === null ? null : v / 100);

/** The business reports (README "Business"): summary, breakdown, a game's bets, and their exports. */
export function businessReports(deps: ModuleContext): ReportPart<BusinessService> {
  const business = new BusinessService(new BusinessRepository(deps.db));

  const summary: ReportSource<typeof businessQueries.summary> = {
    name: 'business.summary',
    permission: 'reports.view',
    query: businessQueries.summary,
    columns: () => [
      { key: 'bucket', header: 'Period', type: 'day' },
      { key: 'from', header: 'From', type: 'day' },
      { key: 'to', header: 'To', type: 'day' },
      ...FIGURE_COLUMNS,
      { key: 'bonusCost', header: 'Bonus cost', type: 'money' },
      { key: 'ngr', header: 'NGR', type: 'money' },
    ],
    async *rows(scope, q) {
      const s = await business.summary(scope, q.groupBy);
      for (const r of s.rows) yield [r.bucket, r.from, r.to, ...figureCells(r), r.bonusCost, r.ngr];
    },
  };

  const breakdown: ReportSource<typeof businessQueries.breakdown> = {
    name: 'business.breakdown',
    permission: 'reports.view',
    query: businessQueries.breakdown,
    columns: (q) => [
      ...(q.by === 'category'
        ? []
        : [
            { key: 'vendorCode', header: 'Vendor', type: 'text' as const },
            { key: 'vendorName', header: 'Vendor name', type: 'text' as const },
          ]),
      ...(q.by === 'game'
        ? [
            { key: 'gameCode', header: 'Game code', type: 'text' as const },
            { key: 'gameName', header: 'Game', type: 'text' as const },
          ]
        : []),
      { key: 'category', header: 'Category', type: 'text' },
      ...FIGURE_COLUMNS,
      { key: 'turnoverShare', header: 'Share of turnover', type: 'percent' },
      ...(q.by === 'game'
        ? [
            { key: 'publishedRtp', header: 'Published RTP', type: 'percent' as const },
            { key: 'measuredRtp', header: 'Measured RTP', type: 'percent' as const },
            { key: 'rtpStandardError', header: 'RTP standard error', type: 'percent' as const },
            { key: 'rtpFlag', header: 'Off its RTP', type: 'text' as const },
          ]
        : []),
    ],
    async *rows(scope, q) {
      const b = await business.breakdown(scope, q.by, q.top ?? null);
      for (const r of b.rows)
        yield [
          ...(q.by === 'category' ? [] : [r.vendorCode, r.vendorName]),
          ...(q.by === 'game' ? [r.gameCode, r.gameName] : []),
          r.category,
          ...figureCells(r),
          percent(r.turnoverShare),
          ...(q.by === 'game'
            ? [
                percent(r.publishedRtp),
                percent(r.measuredRtp),
                percent(r.rtpStandardError),
                r.rtpFlag ? 'yes' : 'no',
              ]
            : []),
        ];
    },
  };

  const betsQuery = businessQueries.bets.omit({ cursor: true });
  const bets: ReportSource<typeof betsQuery> = {
    name: 'business.bets',
    permission: 'reports.view',
    query: betsQuery,
    columns: () => [
      { key: 'id', header: 'Bet', type: 'text' },
      { key: 'merchantCode', header: 'Brand', type: 'text' },
      { key: 'username', header: 'Member', type: 'text' },
      { key: 'roundId', header: 'Round', type: 'text' },
      { key: 'gameName', header: 'Game', type: 'text' },
      { key: 'stake', header: 'Stake', type: 'money' },
      { key: 'validBet', header: 'Valid bet', type: 'money' },
      { key: 'payout', header: 'Payout', type: 'money' },
      { key: 'status', header: 'Status', type: 'text' },
      { key: 'placedAt', header: 'Placed at', type: 'datetime' },
      { key: 'settledAt', header: 'Settled at', type: 'datetime' },
    ],
    async *rows(scope, q) {
      let cursor: string | undefined;
      do {
        const page = await business.bets(scope, q.vendor, q.gameCode, cursor, EXPORT_BATCH_ROWS);
        for (const b of page.items)
          yield [
            b.id,
            b.merchantCode,
            b.username,
            b.roundId,
            b.gameName,
            b.stake,
            b.validBet,
            b.payout,
            b.status,
            b.placedAt,
            b.settledAt,
          ];
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },
  };

  return {
    routes: (app) => businessRoutes(app, { business, allBrands: brandCurrencies(deps.db) }),
    sources: [summary, breakdown, bets],
    services: business,
  };
}
