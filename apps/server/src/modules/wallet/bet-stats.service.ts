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
  /** One of the round's two opposite sides (BANKER / PLAYER, MERON / WALA); null: no opposite. */
  side: 'A' | 'B' | null;
  /** What the bet counts on its own (minor units, >= 0; 0 for a push). */
  valid: bigint;
}

/**
 * Valid turnover is net exposure. Stakes on one side of a round that stakes on the opposite side
 * of the same round cover risk nothing, so they count for nothing: rebates, points, missions, VIP
 * and turnover requirements would otherwise pay for a hedged, riskless bet (Banker 100 and Player
 * 100 in one baccarat round). Per group, min(sum of side A, sum of side B) is taken off each side,
 * from its bets in the order given (ascending id: the same answer on every retry), leaving
 * |A - B| on the larger side: Banker 300 + Player 100 counts 200. Bets without an opposite side,
 * and bets of other rounds, keep what they count.
 *
 * This is where every settled bet's valid_bet is decided for games whose rounds have two opposite
 * sides: a round's settlement computes it over all of the member's bets of the round, then each
 * bet is settled with its share, so bet_record.valid_bet (what BetStatsService sums and
 * turnover_accrue() counts) is already net: no extra query per stake or per settlement.
 */
export function netValidTurnover(legs: readonly RoundLeg[]): Map<string, bigint> {
  const sums = new Map<string, { A: bigint; B: bigint }>();
  for (const l of legs) {
    if (l.valid < 0n) throw new RangeError(`bet ${l.id}: negative valid turnover`);
    if (l.side === null) continue;
    const s = sums.get(l.group) ?? { A: 0n, B: 0n };
    s[l.side] += l.valid;
    sums.set(l.group, s);
  }
  // What each side of each group still has to give up.
  const left = new Map<string, bigint>();
  for (const [group, s] of sums) {
    const c = s.A < s.B ? s.A : s.B;
    left.set(`${group}\u0000A`, c);
    left.set(`${group}\u0000B`, c);
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
