import type { BetStatsRepository, BetStatsRow } from './bet-stats.repository';

/** What a member bet on one game type in a window, from settled bets (minor units). */
export interface TurnoverLine {
  memberId: string;
  gameType: string;
  /** The part of the stakes that counts (rebates, points, missions, VIP, turnover requirements). */
  validBet: bigint;
  stake: bigint;
  payout: bigint;
  bets: number;
  /** Bets that paid more than their stake. */
  wins: number;
}

/**
 * WARNING: a member's window is searched among bets placed at most this long before it starts (the
 * member index is by placing time). A bet settled longer than this after it was placed (a
 * long-running sports future) is not counted in a member's window; brand-wide windows count it.
 */
const PLACED_BEFORE_SETTLED_MS = 31 * 86_400_000;

const toLine = (r: BetStatsRow): TurnoverLine => ({
  memberId: r.member_id,
  gameType: r.game_type,
  validBet: BigInt(r.valid_bet),
  stake: BigInt(r.stake),
  payout: BigInt(r.payout),
  bets: Number(r.bets),
  wins: Number(r.wins),
});

/**
 * Valid turnover from the betting record: settled bets counted by when they settled, the one
 * definition every engagement feature (ISSUE 9: rebates, points, missions, VIP) counts by. Voided
 * and open bets count for nothing. Reads only; callers decide who is eligible (trial accounts
 * play with play money).
 */
export class BetStatsService {
  constructor(private readonly repo: BetStatsRepository) {}

  /** Every member's settled bets of a brand with settled_at in [from, to), per game type. */
  async brandTurnover(merchant: string, from: Date, to: Date): Promise<TurnoverLine[]> {
    return (await this.repo.byBrand(merchant, from, to)).map(toLine);
  }

  /** One member's settled bets with settled_at in [from, to), per game type (see the WARNING above). */
  async memberTurnover(memberId: string, from: Date, to: Date): Promise<TurnoverLine[]> {
    const placedFrom = new Date(from.getTime() - PLACED_BEFORE_SETTLED_MS);
    return (await this.repo.byMember(memberId, placedFrom, from, to)).map(toLine);
  }
}

/** The valid turnover of some lines together. */
export const totalValid = (lines: readonly TurnoverLine[]): bigint =>
  lines.reduce((sum, l) => sum + l.validBet, 0n);
