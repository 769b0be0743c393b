import {
  fromMinor,
  MONEY_METRICS,
  type MissionMetric,
  type MissionPeriod,
  type MissionStanding,
  type MissionState,
} from '@app/contracts';
import { periodAt, type Period } from '../../platform/periods';
import { maskAccount } from '../../platform/mask';
import type { TurnoverLine } from '../wallet';

/**
 * The rules of missions, pure: which period a mission counts in, its progress from a period's
 * facts, its state, and the leaderboard rows as members see them.
 */

/** What a member did in one period, counted from the real records (minor units for money). */
export interface PeriodFacts {
  /** Settled bets with settled_at in the period, per game type (BetStatsService). */
  turnover: readonly TurnoverLine[];
  /** Deposits credited in the period (APPROVED by an operator or ARRIVED from a gateway). */
  deposits: bigint;
  /** Local days of the brand's zone in the period with at least one successful login. */
  loginDays: number;
}

/** The part of a mission its progress depends on. */
interface MissionGoal {
  metric: MissionMetric;
  gameType: string | null;
  /** WARNING: minor units for money metrics, a count for the others. */
  target: bigint;
}

export const NO_FACTS: PeriodFacts = { turnover: [], deposits: 0n, loginDays: 0 };

/** The current period of a mission: the brand-zone day (D) or Monday-to-Sunday week (W) holding `now`. */
export const missionPeriod = (period: MissionPeriod, now: number, tz: string): Period =>
  periodAt(period === 'DAILY' ? 'D' : 'W', now, tz);

/** The week (its key) a mission period falls in: a day lies inside exactly one Monday-to-Sunday week. */
export const weekOf = (period: Period, tz: string): string => periodAt('W', period.start.getTime(), tz).key;

/** What the mission has counted so far in a period (minor units for money metrics, else a count). */
export function progressOf(goal: Pick<MissionGoal, 'metric' | 'gameType'>, facts: PeriodFacts): bigint {
  const lines = facts.turnover.filter((l) => goal.gameType === null || l.gameType === goal.gameType);
  switch (goal.metric) {
    case 'TURNOVER':
      return lines.reduce((sum, l) => sum + l.validBet, 0n);
    case 'WINS':
      return lines.reduce((sum, l) => sum + BigInt(l.wins), 0n);
    case 'DEPOSIT':
      return facts.deposits;
    case 'LOGIN':
      return BigInt(facts.loginDays);
  }
}

/** A mission's state in a period: claimed once paid, else claimable once progress reaches the target. */
export function stateOf(progress: bigint, target: bigint, claimed: boolean): MissionState {
  if (claimed) return 'CLAIMED';
  return progress >= target ? 'CLAIMABLE' : 'IN_PROGRESS';
}

/** A progress or target figure for an answer: money as a number with 2 decimals, counts as they are. */
export const shownFigure = (metric: MissionMetric, value: bigint): number =>
  MONEY_METRICS.includes(metric) ? fromMinor(value) : Number(value);

/** The turnover a reward adds before the member may withdraw. */
export const turnoverFor = (reward: bigint, multiple: number): bigint => reward * BigInt(multiple);

/**
 * WARNING: the one reward of a mission for a member and period; a claim of the same period always
 * builds the same reference (so it pays once), another period or member never does.
 */
export const missionReference = (missionId: string, memberId: string, periodKey: string): string =>
  `MISSION:${missionId}:${memberId}:${periodKey}`;

/** A member's standing as the database ranks it (see MissionRepository.standings). */
export interface StandingRow {
  rank: number;
  memberId: string;
  username: string;
  completed: number;
  /** Minor units. */
  rewards: bigint;
}

/**
 * The leaderboard as members see it: rows in rank order, usernames masked (the caller's too, as
 * the winner board does), the caller's row marked, and the caller's own standing, which is a row
 * of the top `size` or one ranked further down, or unranked when nothing was claimed this week.
 */
export function leaderboardView(
  rows: readonly StandingRow[],
  me: { memberId: string; username: string },
  size: number,
): { list: MissionStanding[]; mine: MissionStanding } {
  const view = (r: StandingRow): MissionStanding => ({
    rank: r.rank,
    account: maskAccount(r.username),
    completed: r.completed,
    rewards: fromMinor(r.rewards),
    me: r.memberId === me.memberId,
  });
  const ordered = [...rows].sort((a, b) => a.rank - b.rank);
  const list = ordered.filter((r) => r.rank <= size).map(view);
  const own = ordered.find((r) => r.memberId === me.memberId);
  const mine = own
    ? view(own)
    : { rank: null, account: maskAccount(me.username), completed: 0, rewards: 0, me: true };
  return { list, mine };
}
