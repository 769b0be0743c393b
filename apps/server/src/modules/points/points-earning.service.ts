import { dayOf, periodAt, type Period } from '../../platform/periods';
import { validZone } from '../../platform/zoned-time';
import type { BetStatsService } from '../wallet';
import type { PointsLedger } from './points-ledger.service';
import type { PointsRepository } from './points.repository';
import { dayFigure, earnReference, stillOwed, type DayFigure, type EarnRates } from './points-rules';

/** Ended days the job still looks at (a server down for a while catches up on these). */
const EARNING_LOOKBACK_DAYS = 3;
/**
 * A day is finished for good this long after it ends: a bet settled at 23:59:59 has committed by
 * then. The run after that computes the day once more and marks it closed; later runs skip it.
 */
export const DAY_CLOSE_MARGIN_MS = 10 * 60_000;

/**
 * Points earned from play and deposits: for each brand-zone day, a member earns
 * floor(valid turnover x rate) per game type plus floor(credited deposits x deposit rate). Each
 * run credits, per (member, day), the day's figure so far less what was already credited for it:
 * the (member, day) row is locked FOR UPDATE, the movement's reference carries the figure, and the
 * row records the figure credited, so the job may run for the day so far, again after the day has
 * ended, twice, or on several instances at once, and every point is credited once. Valid turnover
 * is BetStatsService's (settled bets by settlement time). Trial accounts earn nothing.
 */
export class PointsEarningService {
  constructor(
    private readonly repo: PointsRepository,
    private readonly ledger: PointsLedger,
    private readonly betStats: BetStatsService,
    private readonly timeZoneOf: (merchant: string) => Promise<string>,
  ) {}

  /**
   * What the job runs: for every brand that awards points, today so far and the last few ended
   * days not yet closed; an ended day past its margin is closed after this run computed it.
   * Returns the (member, day) credits made.
   */
  async runDue(now = Date.now()): Promise<number> {
    let credits = 0;
    for (const merchant of await this.repo.earningBrands()) {
      const tz = validZone(await this.timeZoneOf(merchant));
      const days: Period[] = [periodAt('D', now, tz)];
      for (let i = 0; i < EARNING_LOOKBACK_DAYS; i++)
        days.push(periodAt('D', days[days.length - 1]!.start.getTime() - 1, tz));
      const closed = await this.repo.closedDays(merchant, days.slice(1).map(dayOf));
      for (const day of days) {
        if (closed.has(dayOf(day))) continue;
        credits += await this.earnDay(merchant, day);
        if (day.end.getTime() + DAY_CLOSE_MARGIN_MS <= now) await this.repo.closeDay(merchant, dayOf(day));
      }
    }
    return credits;
  }

  /**
   * Credits every member of the brand what `day` (a D period of the brand's zone) owes them now.
   * Safe to call any number of times, concurrently too. Returns the (member, day) credits made.
   */
  async earnDay(merchant: string, day: Period): Promise<number> {
    const rates = await this.rates(merchant);
    if (!rates) return 0;
    const key = dayOf(day);
    const lines = await this.betStats.brandTurnover(merchant, day.start, day.end);
    const deposits = await this.repo.creditedDeposits(merchant, day.start, day.end);
    const byMember = new Map<string, { gameType: string; validBet: bigint }[]>();
    for (const l of lines) {
      const list = byMember.get(l.memberId) ?? [];
      list.push({ gameType: l.gameType, validBet: l.validBet });
      byMember.set(l.memberId, list);
    }
    for (const memberId of deposits.keys()) if (!byMember.has(memberId)) byMember.set(memberId, []);
    const trial = await this.repo.trialMembers([...byMember.keys()]);
    const credited = await this.repo.creditedOfDay(merchant, key);
    let credits = 0;
    for (const [memberId, memberLines] of byMember) {
      if (trial.has(memberId)) continue;
      const figure = dayFigure(memberLines, deposits.get(memberId) ?? 0n, rates);
      // Read without a lock to skip the members with nothing new; credit() decides under the lock.
      if (stillOwed(figure.total, credited.get(memberId) ?? 0n) === 0n) continue;
      if (await this.credit(merchant, memberId, key, figure)) credits++;
    }
    return credits;
  }

  /** Credits one (member, day) up to `figure` under the row lock; false when nothing was owed. */
  private credit(merchant: string, memberId: string, day: string, figure: DayFigure): Promise<boolean> {
    return this.repo.transaction(async (trx) => {
      const row = await this.repo.lockEarning(trx, merchant, memberId, day);
      // Another run (or instance) may have credited this day up to this figure, or past it, while
      // we computed: what it credited is what counts now.
      const owed = stillOwed(figure.total, BigInt(row.credited));
      if (owed === 0n) return false;
      await this.ledger.post(trx, {
        merchant,
        memberId,
        kind: 'EARN',
        points: owed,
        reference: earnReference(day, memberId, figure.total),
        memo: {
          day,
          figure: figure.total.toString(),
          turnoverPoints: figure.turnoverPoints.toString(),
          depositPoints: figure.depositPoints.toString(),
        },
      });
      await this.repo.recordEarning(trx, memberId, day, {
        turnoverPoints: figure.turnoverPoints,
        depositPoints: figure.depositPoints,
        credited: figure.total,
      });
      return true;
    });
  }

  private async rates(merchant: string): Promise<EarnRates | null> {
    const config = await this.repo.config(merchant);
    if (!config?.earning_enabled) return null;
    // Paused by the operator: nothing more is earned; what was credited stays.
    if (await this.repo.paused(merchant, 'POINTS_EARNING')) return null;
    const rates = await this.repo.rates(merchant);
    return {
      turnover: new Map(rates.map((r) => [r.game_type, r.points])),
      deposit: config.deposit_rate,
    };
  }
}
