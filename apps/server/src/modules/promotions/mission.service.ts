import {
  fromMinor,
  MISSION_LEADERBOARD_SIZE,
  TRIAL_IS_AGENT,
  type Claimable,
  type Language,
  type Mission,
  type MissionLeaderboard,
  type MissionPeriod,
  type MissionSummaryDetails,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { pickText, type Brand } from '../../platform/brand';
import type { Period } from '../../platform/periods';
import { validZone } from '../../platform/zoned-time';
import type { MemberDirectory } from '../member';
import type { BetStatsService } from '../wallet';
import type { BonusService } from '../wallet';
import type { RewardSource } from './reward-source';
import type { ClaimRow, MissionRepository, MissionRow } from './mission.repository';
import {
  leaderboardView,
  missionPeriod,
  missionReference,
  NO_FACTS,
  progressOf,
  shownFigure,
  stateOf,
  turnoverFor,
  weekOf,
  type PeriodFacts,
} from './mission-rules';

interface MissionDeps {
  betStats: BetStatsService;
  bonus: BonusService;
  members: MemberDirectory;
  /** Whether the operator paused missions on the brand: no new claims (paid ones stay). */
  paused?: (merchant: string) => Promise<boolean>;
  /** The current instant (tests move it to another day). */
  now?: () => number;
}

/** One mission with its counted progress in the current period. */
interface Progressed {
  row: MissionRow;
  period: Period;
  progress: bigint;
  claim: ClaimRow | undefined;
}

const PERIODS: readonly MissionPeriod[] = ['DAILY', 'WEEKLY'];

/**
 * Daily and weekly missions: progress counted from the member's real play in the
 * current period of the brand's zone (valid turnover and wins of settled bets, credited deposits,
 * login days), claimed into the wallet once per mission, member and period through
 * BonusService, a weekly leaderboard of claimed missions, and the reward centre's MISSION source.
 */
export class MissionService {
  private readonly now: () => number;

  constructor(
    private readonly repo: MissionRepository,
    private readonly deps: MissionDeps,
  ) {
    // Read through Date at each call (not a saved Date.now), so a test's frozen clock applies.
    this.now = deps.now ?? (() => Date.now());
  }

  /** `MCSFE_getMissionSummaryDetails`: my missions of the current day and week, and a summary. */
  async summary(brand: Brand, memberId: string, lang: Language): Promise<MissionSummaryDetails> {
    const now = this.now();
    const tz = validZone(brand.timezone);
    const missions = (await this.progressed(brand, memberId, now)).map((p) => this.view(p, brand, lang));
    const week = missionPeriod('WEEKLY', now, tz);
    return {
      missions,
      summary: {
        total: missions.length,
        completed: missions.filter((m) => m.state !== 'IN_PROGRESS').length,
        claimable: missions.filter((m) => m.state === 'CLAIMABLE').length,
        rewardsThisWeek: fromMinor(await this.repo.weekRewards(memberId, brand.code, week.key)),
      },
      dayEndTime: missionPeriod('DAILY', now, tz).end.toISOString(),
      weekEndTime: week.end.toISOString(),
    };
  }

  /** `MCSFE_getMissionLeaderboard`: the brand's members this week, the top 20 and my own standing. */
  async leaderboard(brand: Brand, memberId: string, username: string): Promise<MissionLeaderboard> {
    const week = missionPeriod('WEEKLY', this.now(), validZone(brand.timezone));
    const rows = await this.repo.standings(brand.code, week.key, MISSION_LEADERBOARD_SIZE, memberId);
    const view = leaderboardView(
      rows.map((r) => ({
        rank: r.rank,
        memberId: r.member_id,
        username: r.username,
        completed: r.completed,
        rewards: BigInt(r.rewards),
      })),
      { memberId, username },
      MISSION_LEADERBOARD_SIZE,
    );
    return { weekStartTime: week.start.toISOString(), weekEndTime: week.end.toISOString(), ...view };
  }

  /**
   * Claims the current period's reward of one mission: refused (and nothing moves) for an
   * unknown, inactive or other brand's mission, a trial account, a target not reached yet and a
   * period already claimed; else one ledger entry under the mission's reference, its turnover
   * requirement, a MISSION_REWARD message and the claim row, in one transaction.
   */
  async claim(brand: Brand, memberId: string, missionId: string, lang: Language): Promise<Mission> {
    const now = this.now();
    const row = /^\d{1,18}$/.test(missionId) ? await this.repo.activeById(brand.code, missionId) : undefined;
    if (!row) throw new AppError('request.invalid', { fields: [{ field: 'missionId', message: 'unknown' }] });
    if (await this.isPaused(brand.code)) throw new AppError('reward.paused');
    await this.assertRealMember(brand, memberId);
    const tz = validZone(brand.timezone);
    const period = missionPeriod(row.period, now, tz);
    const facts = await this.facts(memberId, period, tz, [row]);
    const progress = progressOf(this.goal(row), facts);
    if (progress < BigInt(row.target)) throw new AppError('reward.not.claimable');

    const amount = BigInt(row.reward);
    const turnoverRequired = turnoverFor(amount, row.turnover_multiple);
    const title = pickText(row.title, lang, brand);
    // Looked up before the transaction (see LedgerService.account).
    const accounts = await this.deps.bonus.accounts(brand.code, memberId);
    const claim = await this.repo.transaction(async (trx) => {
      const posted = await this.deps.bonus.credit(trx, accounts, {
        amount,
        kind: 'BONUS',
        reference: missionReference(row.id, memberId, period.key),
        turnoverRequired,
        memo: { source: 'MISSION', title, missionId: row.id, period: period.key },
        message: { kind: 'MISSION_REWARD', params: { title, amount: fromMinor(amount) } },
      });
      // The reference is taken: this period was claimed already (by this call's twin, perhaps a
      // moment ago on another instance). Nothing was moved or written.
      if (!posted.created) return null;
      return this.repo.insertClaim(trx, {
        merchant_code: brand.code,
        mission_id: row.id,
        member_id: memberId,
        period_key: period.key,
        week_key: weekOf(period, tz),
        amount: amount.toString(),
        turnover_required: turnoverRequired.toString(),
        entry_id: posted.entryId,
      });
    });
    if (!claim) throw new AppError('reward.not.claimable');
    return this.view({ row, period, progress, claim }, brand, lang);
  }

  /** The reward centre's view of missions: the ones claimable now. */
  readonly rewardSource: RewardSource = {
    source: 'MISSION',
    claimables: async (brand, memberId, lang) =>
      (await this.isPaused(brand.code))
        ? []
        : (await this.progressed(brand, memberId, this.now()))
            .filter((p) => stateOf(p.progress, BigInt(p.row.target), !!p.claim) === 'CLAIMABLE')
            .map((p) => this.claimable(this.view(p, brand, lang))),
    claim: async (brand, memberId, id, lang) => this.claimable(await this.claim(brand, memberId, id, lang)),
  };

  // ---- internals ---------------------------------------------------------------------------

  private async isPaused(merchant: string): Promise<boolean> {
    return (await this.deps.paused?.(merchant)) ?? false;
  }

  private claimable(m: Mission): Claimable {
    return {
      source: 'MISSION',
      id: m.id,
      title: m.title,
      amount: m.reward,
      turnoverRequired: m.turnoverRequired,
      expiresTime: m.endTime,
    };
  }

  /** The brand's active missions with the member's progress and claim of their current period. */
  private async progressed(brand: Brand, memberId: string, now: number): Promise<Progressed[]> {
    const rows = await this.repo.active(brand.code);
    if (rows.length === 0) return [];
    const tz = validZone(brand.timezone);
    const periods = Object.fromEntries(PERIODS.map((p) => [p, missionPeriod(p, now, tz)])) as Record<
      MissionPeriod,
      Period
    >;
    const [daily, weekly, claims] = await Promise.all([
      this.facts(
        memberId,
        periods.DAILY,
        tz,
        rows.filter((r) => r.period === 'DAILY'),
      ),
      this.facts(
        memberId,
        periods.WEEKLY,
        tz,
        rows.filter((r) => r.period === 'WEEKLY'),
      ),
      this.repo.claimsOf(memberId, [periods.DAILY.key, periods.WEEKLY.key]),
    ]);
    const facts: Record<MissionPeriod, PeriodFacts> = { DAILY: daily, WEEKLY: weekly };
    return rows.map((row) => {
      const period = periods[row.period];
      return {
        row,
        period,
        progress: progressOf(this.goal(row), facts[row.period]),
        claim: claims.find((c) => c.mission_id === row.id && c.period_key === period.key),
      };
    });
  }

  /** A period's facts, reading only what these missions count. */
  private async facts(
    memberId: string,
    period: Period,
    tz: string,
    rows: readonly MissionRow[],
  ): Promise<PeriodFacts> {
    const counts = (...metrics: MissionRow['metric'][]) => rows.some((r) => metrics.includes(r.metric));
    const [turnover, deposits, loginDays] = await Promise.all([
      counts('TURNOVER', 'WINS')
        ? this.deps.betStats.memberTurnover(memberId, period.start, period.end)
        : NO_FACTS.turnover,
      counts('DEPOSIT') ? this.repo.creditedDeposits(memberId, period.start, period.end) : 0n,
      counts('LOGIN') ? this.repo.loginDays(memberId, period.start, period.end, tz) : 0,
    ]);
    return { turnover, deposits, loginDays };
  }

  private goal(row: MissionRow) {
    return { metric: row.metric, gameType: row.game_type, target: BigInt(row.target) };
  }

  private view(p: Progressed, brand: Brand, lang: Language): Mission {
    const target = BigInt(p.row.target);
    // A claimed period shows what was paid: the operator may have changed the reward since.
    const reward = BigInt(p.claim?.amount ?? p.row.reward);
    return {
      id: p.row.id,
      period: p.row.period,
      metric: p.row.metric,
      gameType: p.row.game_type,
      title: pickText(p.row.title, lang, brand),
      description: pickText(p.row.description, lang, brand),
      progress: shownFigure(p.row.metric, p.progress),
      target: shownFigure(p.row.metric, target),
      reward: fromMinor(reward),
      turnoverRequired: fromMinor(
        p.claim ? BigInt(p.claim.turnover_required) : turnoverFor(reward, p.row.turnover_multiple),
      ),
      state: stateOf(p.progress, target, !!p.claim),
      endTime: p.period.end.toISOString(),
      claimedTime: p.claim ? p.claim.claimed_at.toISOString() : null,
    };
  }

  /** Routes refuse trial sessions already; a claim checks the account itself as well (money moves). */
  private async assertRealMember(brand: Brand, memberId: string): Promise<void> {
    const member = await this.deps.members.byId(memberId);
    if (!member || member.merchant_code !== brand.code) throw new AppError('login.not.session');
    if (member.is_agent === TRIAL_IS_AGENT) throw new AppError('member.trial.forbidden');
  }
}
