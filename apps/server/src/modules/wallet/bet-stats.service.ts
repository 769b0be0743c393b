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
 * definition rebates, points, missions and VIP count by (turnover requirements count the same
 * valid_bet as each bet settles). Voided and open bets count for nothing, and a settled bet's
 * valid_bet is already net of opposite bets in its round (netValidTurnover below). Reads only;
 * callers decide who is eligible (trial accounts play with play money).
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

/** One bet of a round as netting sees it: who and what round, which side, its valid turnover alone. */
export interface RoundLeg {
  /** The bet's own id (the answer is keyed by it). */
  id: string;
  /** Bets that can cover each other: one member's bets on one round (or one market). */
  group: string;
  /**
   * One of the round's mutually exclusive outcomes (BANKER / PLAYER, MERON / WALA, a market's
   * selections); null: a bet nothing covers (TIE, a pair).
   */
  side: string | null;
  /** How many outcomes the group's round has (2 unless said: 3 for football's 1X2). */
  sides?: number;
  /** What the bet counts on its own (minor units, >= 0; 0 for a push). */
  valid: bigint;
}

/**
 * Valid turnover is net exposure. Stakes on one outcome of a round that stakes on the other
 * outcomes of the same round cover risk nothing, so they count for nothing: rebates, points,
 * missions, VIP and turnover requirements would otherwise pay for a hedged, riskless bet (Banker
 * 100 and Player 100 in one baccarat round). A group whose every one of its n outcomes is backed
 * has n x (the smallest outcome's total) covered: that smallest total is taken off each outcome,
 * from its bets in the order given (ascending id: the same answer on every retry). Two outcomes
 * leave |A - B| on the larger one (Banker 300 + Player 100 counts 200); 1X2 with 100 on each counts
 * nothing, with 100 on two of the three counts 200 (one outcome still loses both). Bets without
 * an outcome of their own (side null), and bets of other groups, keep what they count.
 *
 * This is where every settled bet's valid_bet is decided for games whose rounds have mutually
 * exclusive outcomes: a round's (or market's) settlement computes it over all of the member's bets
 * of the round, then each bet is settled with its share, so bet_record.valid_bet (what
 * BetStatsService sums and turnover_accrue() counts) is already net: no extra query per stake.
 */
export function netValidTurnover(legs: readonly RoundLeg[]): Map<string, bigint> {
  const groups = new Map<string, { sides: number; sums: Map<string, bigint> }>();
  for (const l of legs) {
    if (l.valid < 0n) throw new RangeError(`bet ${l.id}: negative valid turnover`);
    if (l.side === null) continue;
    const sides = l.sides ?? 2;
    if (!Number.isInteger(sides) || sides < 2) throw new RangeError(`bet ${l.id}: ${sides} outcomes`);
    const g = groups.get(l.group) ?? { sides, sums: new Map<string, bigint>() };
    if (g.sides !== sides) throw new RangeError(`bet ${l.id}: outcomes differ within its group`);
    g.sums.set(l.side, (g.sums.get(l.side) ?? 0n) + l.valid);
    groups.set(l.group, g);
  }
  // What each outcome of each group still has to give up: the smallest outcome's total when every
  // outcome is backed (a push backs nothing), else nothing.
  const left = new Map<string, bigint>();
  for (const [group, g] of groups) {
    const backed = [...g.sums.values()].filter((v) => v > 0n);
    if (backed.length < g.sides) continue;
    const c = backed.reduce((m, v) => (v < m ? v : m));
    for (const side of g.sums.keys()) left.set(`${group}\u0000${side}`, c);
  }
  const out = new Map<string, bigint>();
  for (const l of legs) {
    if (l.side === null) {
      out.set(l.id, l.valid);
      continue;
    }
    const key = `${l.group}\u0000${l.side}`;
    const due = left.get(key) ?? 0n;
    const take = due < l.valid ? due : l.valid;
    left.set(key, due - take);
    out.set(l.id, l.valid - take);
  }
  return out;
}
