import { fromMinor, type Dashboard, type DashboardFigures as Figures } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { dayText, parseDay } from '../../platform/periods';
import { validZone } from '../../platform/zoned-time';
import type { DashboardRepository, DayCount, DayMoney, Days } from './dashboard.repository';

/** The longest period the dashboard answers for, in days (both ends counted). */
export const DASHBOARD_MAX_DAYS = 366;
/** Entries folded per roll-up transaction: large enough to amortise, small enough to hold locks briefly. */
export const ROLLUP_BATCH = 20_000;

interface Money {
  deposits: bigint;
  withdrawals: bigint;
  turnover: bigint;
  ggr: bigint;
  bonusCost: bigint;
}

const ZERO: Money = { deposits: 0n, withdrawals: 0n, turnover: 0n, ggr: 0n, bonusCost: 0n };

function add(a: Money, b: Money): Money {
  return {
    deposits: a.deposits + b.deposits,
    withdrawals: a.withdrawals + b.withdrawals,
    turnover: a.turnover + b.turnover,
    ggr: a.ggr + b.ggr,
    bonusCost: a.bonusCost + b.bonusCost,
  };
}

function figures(m: Money, counts: { active: number; fresh: number; ftd: number }): Figures {
  return {
    deposits: fromMinor(m.deposits),
    withdrawals: fromMinor(m.withdrawals),
    netDeposits: fromMinor(m.deposits - m.withdrawals),
    turnover: fromMinor(m.turnover),
    ggr: fromMinor(m.ggr),
    bonusCost: fromMinor(m.bonusCost),
    ngr: fromMinor(m.ggr - m.bonusCost),
    activePlayers: counts.active,
    newPlayers: counts.fresh,
    firstTimeDepositors: counts.ftd,
  };
}

const byDay = (rows: DayCount[]) => new Map(rows.map((r) => [r.day, r.n]));
const sumWhere = (m: Map<string, number>, inRange: (day: string) => boolean) =>
  [...m].reduce((s, [day, n]) => (inRange(day) ? s + n : s), 0);

/**
 * The back-office dashboard: a brand's figures for a period of its local days, the same number of
 * days right before it, a daily series, and the live queues. Money and active players come from
 * the roll-ups (dashboard_day, dashboard_member_year), never from the
 * ledger itself; they lag the ledger by at most one roll-up interval (README).
 */
export class DashboardService {
  constructor(private readonly repo: DashboardRepository) {}

  /**
   * Folds every ledger entry not yet rolled up, batch by batch, until it reaches the horizon.
   * Safe to run from several instances at once (each batch locks the watermark). Returns the
   * number of entries folded by this call.
   */
  async rollUp(batch = ROLLUP_BATCH): Promise<number> {
    let total = 0;
    for (;;) {
      const { entries } = await this.repo.foldBatch(batch);
      total += entries;
      if (entries < batch) return total;
    }
  }

  async dashboard(brand: { code: string; timezone: string }, from: string, to: string): Promise<Dashboard> {
    const start = parseDay(from);
    const end = parseDay(to);
    if (Number.isNaN(start) || Number.isNaN(end) || end < start) throw new AppError('dashboard.period.order');
    const days = end - start + 1;
    if (days > DASHBOARD_MAX_DAYS)
      throw new AppError('dashboard.period.too.long', undefined, [DASHBOARD_MAX_DAYS]);
    const timezone = validZone(brand.timezone);
    const prevFrom = dayText(start - days);
    const prevTo = dayText(start - 1);
    const cur: Days = { merchant: brand.code, timezone, from, to };
    const prev: Days = { merchant: brand.code, timezone, from: prevFrom, to: prevTo };
    const both: Days = { ...cur, from: prevFrom };

    const [money, active, activePrev, fresh, pending] = await Promise.all([
      this.repo.money(both),
      this.repo.activePlayers(cur),
      this.repo.activePlayers(prev),
      this.repo.newPerDay(both),
      this.repo.pending(brand.code),
    ]);

    const moneyByDay = new Map<string, DayMoney>(money.map((m) => [m.day, m]));
    const freshByDay = byDay(fresh);
    const ftdByDay = new Map(money.map((m) => [m.day, m.firstDeposits]));
    const inCur = (day: string) => day >= from;
    const inPrev = (day: string) => day < from;

    const series: Dashboard['series'] = [];
    let curMoney = ZERO;
    for (let d = start; d <= end; d++) {
      const day = dayText(d);
      const m = moneyByDay.get(day) ?? ZERO;
      curMoney = add(curMoney, m);
      series.push({
        day,
        ...figures(m, {
          active: moneyByDay.get(day)?.active ?? 0,
          fresh: freshByDay.get(day) ?? 0,
          ftd: ftdByDay.get(day) ?? 0,
        }),
      });
    }
    const prevMoney = money.filter((m) => inPrev(m.day)).reduce(add, ZERO);
    return {
      current: figures(curMoney, {
        active,
        fresh: sumWhere(freshByDay, inCur),
        ftd: sumWhere(ftdByDay, inCur),
      }),
      previous: figures(prevMoney, {
        active: activePrev,
        fresh: sumWhere(freshByDay, inPrev),
        ftd: sumWhere(ftdByDay, inPrev),
      }),
      series,
      pending,
    };
  }
}
