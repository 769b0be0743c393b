import {
  fromMinor,
  type CashierChannelRow,
  type CashierDay,
  type CashierFigures,
  type CashierOrder,
  type CashierOrderPage,
  type CashierReport,
  type Language,
} from '@app/contracts';
import { dayText, parseDay } from '../../../platform/periods';
import type { Brand } from '../../../platform/brand';
import { AppError } from '../../../platform/app-error';
import type { ReportScope } from '../report-scope';
import type {
  CashierReportsRepository,
  FigureRow,
  OrderFilter,
  OrderRow,
} from './cashier-reports.repository';

/** The window of the home page's average times, and how long one brand's answer is reused. */
export const HOME_TIMES_DAYS = 30;
const HOME_TIMES_TTL_MS = 60_000;

const EMPTY: CashierFigures = {
  requests: 0,
  succeeded: 0,
  failed: 0,
  pending: 0,
  successRate: null,
  requested: 0,
  amount: 0,
  fees: 0,
  avgSeconds: null,
  p90Seconds: null,
};

const seconds = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

function figures(r: FigureRow): CashierFigures {
  const decided = r.succeeded + r.failed;
  return {
    requests: r.requests,
    succeeded: r.succeeded,
    failed: r.failed,
    pending: r.pending,
    successRate: decided === 0 ? null : r.succeeded / decided,
    requested: fromMinor(r.requested),
    amount: fromMinor(r.amount),
    fees: fromMinor(r.fees),
    avgSeconds: seconds(r.avg_seconds),
    p90Seconds: seconds(r.p90_seconds),
  };
}

/** "2026-05-01 10:00:00.123456+00|123" ⇄ the keyset position it names. */
export function encodeCursor(row: Pick<OrderRow, 'created_key' | 'id'>): string {
  return Buffer.from(`${row.created_key}|${row.id}`).toString('base64url');
}
export function decodeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, 'base64url').toString();
  const m = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2})?)\|(\d{1,19})$/.exec(
    text,
  );
  if (!m) throw new AppError('report.cursor.invalid');
  return { at: m[1]!, id: m[2]! };
}

export function orderOf(r: OrderRow): CashierOrder {
  return {
    id: r.id,
    merchant: r.merchant_code,
    direction: r.direction,
    orderNo: r.order_no,
    memberId: r.member_id,
    username: r.username,
    channel: r.channel,
    provider: r.provider,
    status: r.status,
    outcome: r.outcome,
    amount: fromMinor(r.amount),
    settled: fromMinor(r.settled),
    fee: fromMinor(r.fee),
    createdAt: r.created_at.toISOString(),
    completedAt: r.completed_at?.toISOString() ?? null,
    seconds: seconds(r.seconds),
  };
}

/**
 * Deposits and withdrawals by channel and provider read straight from the cashier's tables (an
 * order counts on the brand-local day it was asked for), the orders behind a figure, and the
 * home page's average times.
 */
export class CashierReportsService {
  private readonly times = new Map<string, { at: number; value: Brand['stats'] }>();

  constructor(private readonly repo: CashierReportsRepository) {}

  /** `lang`: the channels' names in it (null: each brand's default language). */
  async report(scope: ReportScope, lang: Language | null): Promise<CashierReport> {
    const rows = await this.repo.figures(scope, lang);
    const out: CashierReport = {
      from: scope.from,
      to: scope.to,
      deposits: EMPTY,
      withdrawals: EMPTY,
      days: [],
      rows: [],
    };
    const days = new Map<string, CashierDay>();
    for (let n = parseDay(scope.from); n <= parseDay(scope.to); n++)
      days.set(dayText(n), {
        day: dayText(n),
        deposits: 0,
        depositCount: 0,
        withdrawals: 0,
        withdrawalCount: 0,
      });
    for (const r of rows) {
      const f = figures(r);
      if (r.grp === 'total') {
        if (r.direction === 'DEPOSIT') out.deposits = f;
        else out.withdrawals = f;
      } else if (r.grp === 'day') {
        const day = days.get(r.day!);
        if (!day) continue;
        if (r.direction === 'DEPOSIT') {
          day.deposits = f.amount;
          day.depositCount = f.succeeded;
        } else {
          day.withdrawals = f.amount;
          day.withdrawalCount = f.succeeded;
        }
      } else {
        const row: CashierChannelRow = {
          ...f,
          merchant: r.merchant_code!,
          direction: r.direction,
          channel: r.channel!,
          channelName: r.channel_name ?? r.channel!,
          kind: r.kind!,
          provider: r.provider!,
        };
        out.rows.push(row);
      }
    }
    out.days = [...days.values()];
    return out;
  }

  async orders(
    scope: ReportScope,
    filter: OrderFilter,
    limit: number,
    after: string | undefined,
  ): Promise<CashierOrderPage> {
    const rows = await this.repo.orders(scope, filter, limit + 1, decodeCursor(after));
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    return { list: page.map(orderOf), next: more ? encodeCursor(page[page.length - 1]!) : null };
  }

  /** Every order behind a figure, in keyset batches (an export holds one batch at a time). */
  async *allOrders(scope: ReportScope, filter: OrderFilter, batch = 2000): AsyncGenerator<OrderRow> {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const rows = await this.repo.orders(scope, filter, batch, after);
      yield* rows;
      if (rows.length < batch) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.created_key, id: last.id };
    }
  }

  /**
   * The home page's "average deposit and withdrawal time": the brand's orders asked for in the
   * last 30 days that completed (credited; paid in full), cached a minute per brand. A figure with
   * no such order falls back to the brand's configured one (brand.stats), so a new brand or a
   * quiet month shows what the operator set rather than nothing.
   */
  async homeTimes(brand: Brand): Promise<Brand['stats']> {
    const hit = this.times.get(brand.code);
    if (hit && Date.now() - hit.at < HOME_TIMES_TTL_MS) return hit.value;
    const since = new Date(Date.now() - HOME_TIMES_DAYS * 86_400_000);
    const r = await this.repo.averageTimes(brand.code, since);
    const value = {
      avgDepositSeconds:
        r.deposits > 0 && r.deposit_avg !== null ? Math.round(r.deposit_avg) : brand.stats.avgDepositSeconds,
      avgWithdrawSeconds:
        r.withdrawals > 0 && r.withdraw_avg !== null
          ? Math.round(r.withdraw_avg)
          : brand.stats.avgWithdrawSeconds,
    };
    this.times.set(brand.code, { at: Date.now(), value });
    return value;
  }

  /** Forgets the cached home page times (tests; a brand's figures then read afresh). */
  forgetTimes(): void {
    this.times.clear();
  }

  providers(merchant: string): Promise<string[]> {
    return this.repo.providers(merchant);
  }
}
