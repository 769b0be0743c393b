import { z } from 'zod';
import type { ModuleContext } from '../../../platform/module';
import type { ReportCell, ReportColumn, ReportPart, ReportSource } from '../report-part';
import { brandCurrencies } from '../report-scope';
import { CashierReportsRepository } from './cashier-reports.repository';
import { cashierOrdersQuery, cashierReportRoutes } from './cashier-reports.routes';
import { CashierReportsService } from './cashier-reports.service';
import { ReconciliationRepository, ReconciliationService } from './reconciliation.service';

export interface CashierReportServices {
  reports: CashierReportsService;
  reconciliation: ReconciliationService;
}

const CHANNEL_COLUMNS: ReportColumn[] = [
  { key: 'merchant', header: 'Brand', type: 'text' },
  { key: 'direction', header: 'Direction', type: 'text' },
  { key: 'channel', header: 'Channel', type: 'text' },
  { key: 'channelName', header: 'Channel name', type: 'text' },
  { key: 'kind', header: 'Kind', type: 'text' },
  { key: 'provider', header: 'Provider', type: 'text' },
  { key: 'requests', header: 'Requests', type: 'int' },
  { key: 'succeeded', header: 'Succeeded', type: 'int' },
  { key: 'failed', header: 'Failed', type: 'int' },
  { key: 'pending', header: 'Pending', type: 'int' },
  { key: 'successRate', header: 'Success rate', type: 'percent' },
  { key: 'requested', header: 'Requested', type: 'money' },
  { key: 'amount', header: 'Amount', type: 'money' },
  { key: 'fees', header: 'Fees', type: 'money' },
  { key: 'avgSeconds', header: 'Average seconds', type: 'int' },
  { key: 'p90Seconds', header: 'P90 seconds', type: 'int' },
];

const ORDER_COLUMNS: ReportColumn[] = [
  { key: 'merchant', header: 'Brand', type: 'text' },
  { key: 'orderNo', header: 'Order', type: 'text' },
  { key: 'memberId', header: 'Member id', type: 'text' },
  { key: 'username', header: 'Username', type: 'text' },
  { key: 'channel', header: 'Channel', type: 'text' },
  { key: 'provider', header: 'Provider', type: 'text' },
  { key: 'status', header: 'Status', type: 'text' },
  { key: 'outcome', header: 'Outcome', type: 'text' },
  { key: 'amount', header: 'Amount', type: 'money' },
  { key: 'settled', header: 'Credited or paid', type: 'money' },
  { key: 'fee', header: 'Fee', type: 'money' },
  { key: 'createdAt', header: 'Requested at', type: 'datetime' },
  { key: 'completedAt', header: 'Completed at', type: 'datetime' },
  { key: 'seconds', header: 'Seconds', type: 'int' },
];

const LINE_COLUMNS: ReportColumn[] = [
  { key: 'fileLine', header: 'File line', type: 'int' },
  { key: 'issues', header: 'Issues', type: 'text' },
  { key: 'direction', header: 'Direction', type: 'text' },
  { key: 'orderNo', header: 'Order', type: 'text' },
  { key: 'providerRef', header: 'Provider reference', type: 'text' },
  { key: 'fileAmount', header: 'File amount', type: 'money' },
  { key: 'ourAmount', header: 'Our amount', type: 'money' },
  { key: 'fileFee', header: 'File fee', type: 'money' },
  { key: 'ourFee', header: 'Our fee', type: 'money' },
  { key: 'fileStatus', header: 'File status', type: 'text' },
  { key: 'ourStatus', header: 'Our status', type: 'text' },
  { key: 'fileTime', header: 'File time', type: 'datetime' },
];

const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));
const whole = (v: number | null): number | null => (v === null ? null : Math.round(v));

/** The cashier reports (README, "Cashier"): routes, export sources and services. */
export function cashierReports(deps: ModuleContext): ReportPart<CashierReportServices> {
  const repo = new CashierReportsRepository(deps.db);
  const reports = new CashierReportsService(repo);
  const reconciliation = new ReconciliationService(new ReconciliationRepository(deps.db), repo);
  const allBrands = brandCurrencies(deps.db);

  const channels: ReportSource<z.ZodObject> = {
    name: 'cashier.channels',
    permission: 'reports.view',
    query: z.object({}),
    columns: () => CHANNEL_COLUMNS,
    async *rows(scope) {
      // A file has no reader's language: channels are named in each brand's own.
      const report = await reports.report(scope, null);
      for (const r of report.rows) {
        // Money goes out in minor units (the export writes it with 2 decimals): rebuilt from the
        // 2-decimal number exactly, never multiplied as a float.
        const minor = (n: number) => BigInt(n.toFixed(2).replace('.', ''));
        yield [
          r.merchant,
          r.direction,
          r.channel,
          r.channelName,
          r.kind,
          r.provider,
          r.requests,
          r.succeeded,
          r.failed,
          r.pending,
          r.successRate,
          minor(r.requested),
          minor(r.amount),
          minor(r.fees),
          whole(r.avgSeconds),
          whole(r.p90Seconds),
        ] satisfies ReportCell[];
      }
    },
  };

  const orderQuery = cashierOrdersQuery.omit({ from: true, to: true, scope: true });
  const orders: ReportSource<typeof orderQuery> = {
    name: 'cashier.orders',
    permission: 'reports.view',
    query: orderQuery,
    columns: () => ORDER_COLUMNS,
    async *rows(scope, q) {
      for await (const o of reports.allOrders(scope, q))
        yield [
          o.merchant_code,
          o.order_no,
          o.member_id,
          o.username,
          o.channel,
          o.provider,
          o.status,
          o.outcome,
          BigInt(o.amount),
          BigInt(o.settled),
          BigInt(o.fee),
          o.created_at,
          o.completed_at,
          whole(o.seconds),
        ];
    },
  };

  const lineQuery = z.object({ runId: z.string().regex(/^\d{1,18}$/), all: z.enum(['0', '1']).optional() });
  const lines: ReportSource<typeof lineQuery> = {
    name: 'cashier.reconciliation',
    permission: 'reports.reconcile',
    query: lineQuery,
    columns: () => LINE_COLUMNS,
    async *rows(scope, q) {
      // A run belongs to one brand: the request's (a run is never read across brands).
      for (const merchant of scope.merchants.slice(0, 1))
        for await (const l of reconciliation.allLines(merchant, q.runId, q.all === '1'))
          yield [
            l.file_line,
            l.issues.join(' '),
            l.direction,
            l.order_no,
            l.provider_ref,
            big(l.file_amount),
            big(l.our_amount),
            big(l.file_fee),
            big(l.our_fee),
            l.file_status,
            l.our_status,
            l.file_time,
          ];
    },
  };

  return {
    routes: (app) => cashierReportRoutes(app, { reports, reconciliation, allBrands }),
    sources: [channels as ReportSource, orders as ReportSource, lines as ReportSource],
    services: { reports, reconciliation },
  };
}
