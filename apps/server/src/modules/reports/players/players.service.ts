import {
  fromMinor,
  type Language,
  type PlayerActivity,
  type PlayerCohorts,
  type PlayerRankingRow,
  type ReportBucket,
  type VipDistribution,
} from '@app/contracts';
import { pickText, type Brand } from '../../../platform/brand';
import type { ReportScope } from '../report-scope';
import { bucketDistance, bucketsBetween } from './buckets';
import type { MemberSums, PlayersReportRepository } from './players.repository';

const counts = (rows: { period: string; n: number }[]) => new Map(rows.map((r) => [r.period, r.n]));

/** A member's sums on the wire (major units). */
export function rankingRow(m: MemberSums): PlayerRankingRow {
  return {
    memberId: m.memberId,
    merchant: m.merchant,
    username: m.username,
    vipLevel: m.vipLevel,
    bets: m.bets,
    turnover: fromMinor(m.turnover),
    validTurnover: fromMinor(m.validTurnover),
    ggr: fromMinor(m.ggr),
    playerProfit: fromMinor(-m.ggr),
    deposits: fromMinor(m.deposits),
    withdrawals: fromMinor(m.withdrawals),
    bonus: fromMinor(m.bonus),
  };
}

/**
 * The players reports: registrations, first-time depositors and actives per bucket, registration
 * cohorts' activity, the profit and loss ranking and the VIP distribution. Reads only.
 */
export class PlayersReportService {
  constructor(readonly repo: PlayersReportRepository) {}

  async activity(s: ReportScope, by: ReportBucket): Promise<PlayerActivity> {
    const [reg, ftd, act] = [
      counts(await this.repo.registrations(s, by)),
      counts(await this.repo.firstDepositors(s, by)),
      await this.repo.active(s, by),
    ];
    const active = counts(act.buckets);
    const series = bucketsBetween(s.from, s.to, by).map((period) => ({
      period,
      registrations: reg.get(period) ?? 0,
      firstDepositors: ftd.get(period) ?? 0,
      active: active.get(period) ?? 0,
    }));
    return {
      by,
      series,
      totals: {
        registrations: series.reduce((a, r) => a + r.registrations, 0),
        firstDepositors: series.reduce((a, r) => a + r.firstDepositors, 0),
        active: act.total,
      },
    };
  }

  /**
   * Cohorts by the bucket of their registration (every bucket of the period, empty ones too), each
   * with one cell per bucket from its own to the period's last: members who bet in it, and the share.
   */
  async cohorts(s: ReportScope, by: 'week' | 'month'): Promise<PlayerCohorts> {
    const sizes = counts(await this.repo.cohortSizes(s, by));
    const cells = new Map<string, number>();
    for (const c of await this.repo.cohortActivity(s, by)) cells.set(`${c.cohort}|${c.period}`, c.n);
    const buckets = bucketsBetween(s.from, s.to, by);
    const cohorts = buckets.map((cohort) => {
      const size = sizes.get(cohort) ?? 0;
      const later = buckets.filter((b) => b >= cohort);
      const active = later.map((p) => cells.get(`${cohort}|${p}`) ?? 0);
      // Each later bucket's index is its distance from the cohort's.
      if (later.some((p, i) => bucketDistance(cohort, p, by) !== i))
        throw new Error('cohort buckets out of order');
      return { cohort, size, active, share: active.map((n) => (size > 0 ? n / size : 0)) };
    });
    return { by, cohorts };
  }

  async ranking(s: ReportScope, side: 'winners' | 'losers', limit: number) {
    return { side, items: (await this.repo.ranking(s, side, limit)).map(rankingRow) };
  }

  /** Levels with members or defined by the request brand, 0 first; labels from the request brand. */
  async vip(s: ReportScope, brand: Brand, lang: Language): Promise<VipDistribution> {
    const members = new Map((await this.repo.vipMembers(s)).map((r) => [r.level, r.n]));
    const active = new Map((await this.repo.vipActive(s)).map((r) => [r.level, r.n]));
    const labels = new Map((await this.repo.vipLabels(brand.code)).map((r) => [r.level, r.label]));
    const levels = [...new Set([0, ...members.keys(), ...labels.keys()])].sort((a, b) => a - b);
    return {
      levels: levels.map((level) => {
        const label = labels.get(level);
        return {
          level,
          label: label ? pickText(label, lang, brand) : '',
          members: members.get(level) ?? 0,
          active: active.get(level) ?? 0,
        };
      }),
    };
  }
}
