/**
 * How your bets are settled
 *
 * - A single bet wins when its selection wins. It pays your stake times the odds, rounded down to
 *   the cent (the smallest unit of your currency). If it loses, the stake is lost.
 * - Handicap, total goals and total maps lines are all half lines (such as -1.5 or 2.5), so a
 *   selection always either wins or loses: there is no refund (push) on these lines.
 * - If a match is cancelled, every selection on it is void. A single bet on a cancelled match is
 *   refunded: you get your stake back.
 * - A parlay combines 2 to 10 selections, each from a different match (two selections from the
 *   same match cannot be combined). Its odds are the odds of its selections multiplied together,
 *   exactly; only the final payout is rounded down to the cent. The parlay wins only if every
 *   selection wins, and it loses as soon as any one selection loses.
 * - A void selection stays in the parlay at odds 1.00: the parlay is paid on its other selections.
 *   If every selection of a parlay is void, your stake is returned.
 * - Cash-out: before your bet is settled we may offer to settle it early. The offer is your stake
 *   times your odds divided by the fair odds of your selections now (how likely they are to win
 *   at this moment), less a cash-out fee of a few percent (shown with the offer), rounded down to
 *   the cent. It is never more than the bet could pay if it won. A void selection counts at odds
 *   1.00. There is no cash-out once any selection has lost. A cash-out you accept is final: the
 *   results of the matches no longer change what you receive.
 */

import { MAX_ODDS, MIN_ODDS, ODDS_SCALE, selectionKey, type Selection } from './pricing';

type SelectionOutcome = 'WON' | 'LOST' | 'VOID';

/**
 * The result of a match: goals (football) or maps won (esports), or cancelled. A match that is
 * abandoned or otherwise not completed is CANCELLED.
 */
export type MatchResult = { status: 'FINISHED'; home: number; away: number } | { status: 'CANCELLED' };

const isBestOfThree = (home: number, away: number) =>
  (home === 2 && (away === 0 || away === 1)) || (away === 2 && (home === 0 || home === 1));

/** Settles one selection against its match's final result. */
export function settleSelection(selection: Selection, result: MatchResult): SelectionOutcome {
  if (result.status === 'CANCELLED') return 'VOID';
  const { home, away } = result;
  if (!Number.isInteger(home) || !Number.isInteger(away) || home < 0 || away < 0) {
    throw new RangeError(`Not a final score: ${home}:${away}`);
  }
  const esports =
    selection.market === 'MATCH_WINNER' ||
    selection.market === 'MAP_HANDICAP' ||
    selection.market === 'TOTAL_MAPS';
  if (esports && !isBestOfThree(home, away)) throw new RangeError(`Not a best-of-3 result: ${home}:${away}`);
  const won = (condition: boolean): SelectionOutcome => (condition ? 'WON' : 'LOST');
  switch (selection.market) {
    case 'MATCH_RESULT': {
      const outcome = home > away ? 'HOME' : home < away ? 'AWAY' : 'DRAW';
      return won(selection.pick === outcome);
    }
    case 'MATCH_WINNER':
      return won(selection.pick === (home > away ? 'HOME' : 'AWAY'));
    case 'HANDICAP':
    case 'MAP_HANDICAP':
      // The line is the home side's; a half line is never equal to the difference.
      return won(selection.pick === (home - away + selection.line > 0 ? 'HOME' : 'AWAY'));
    case 'TOTAL_GOALS':
    case 'TOTAL_MAPS':
      return won(selection.pick === (home + away > selection.line ? 'OVER' : 'UNDER'));
  }
}

// ---- bets ----------------------------------------------------------------------------------------

export const MAX_PARLAY_LEGS = 10;

export interface BetLeg {
  fixtureId: string;
  selection: Selection;
  /** Thousandths, as accepted when the bet was placed. */
  odds: number;
}

/** One leg is a single; 2 to MAX_PARLAY_LEGS legs on different fixtures are a parlay. */
export interface Bet {
  /** Minor units. */
  stake: bigint;
  legs: readonly BetLeg[];
}

type BetProblem = 'NO_LEGS' | 'TOO_MANY_LEGS' | 'SAME_MATCH_TWICE' | 'BAD_STAKE' | 'BAD_ODDS';

/** Why a bet cannot be accepted, or null if it can. */
export function checkBet(bet: Bet): BetProblem | null {
  if (bet.legs.length === 0) return 'NO_LEGS';
  if (bet.legs.length > MAX_PARLAY_LEGS) return 'TOO_MANY_LEGS';
  if (new Set(bet.legs.map((l) => l.fixtureId)).size !== bet.legs.length) return 'SAME_MATCH_TWICE';
  if (bet.stake <= 0n) return 'BAD_STAKE';
  if (bet.legs.some((l) => !Number.isInteger(l.odds) || l.odds < MIN_ODDS || l.odds > MAX_ODDS))
    return 'BAD_ODDS';
  return null;
}

function assertBet(bet: Bet): void {
  const problem = checkBet(bet);
  if (problem) throw new RangeError(`Invalid bet: ${problem}`);
}

/**
 * stake × product(odds / 1000), rounded down to a minor unit, in exact integer arithmetic. Odds of
 * 1000 (a void leg) leave the amount unchanged.
 */
export function payoutFor(stake: bigint, odds: readonly number[]): bigint {
  let numerator = stake;
  let denominator = 1n;
  for (const o of odds) {
    if (!Number.isInteger(o) || o < ODDS_SCALE)
      throw new RangeError(`Odds must be integer thousandths >= 1000`);
    numerator *= BigInt(o);
    denominator *= BigInt(ODDS_SCALE);
  }
  return numerator / denominator;
}

/** What the bet pays if every leg wins (stake included). */
export function potentialPayout(bet: Bet): bigint {
  assertBet(bet);
  return payoutFor(
    bet.stake,
    bet.legs.map((l) => l.odds),
  );
}

type LegStatus = SelectionOutcome | 'PENDING';

interface BetSettlement {
  /** PENDING: some legs have no result yet and none has lost. */
  status: 'WON' | 'LOST' | 'VOID' | 'PENDING';
  legs: LegStatus[];
  /** Minor units returned to the player, stake included (0 if LOST or PENDING). */
  payout: bigint;
}

/**
 * Settles a single or a parlay against the results known so far (by fixture id). A parlay is LOST
 * as soon as one leg loses, even while others are pending.
 */
export function settleBet(bet: Bet, results: ReadonlyMap<string, MatchResult>): BetSettlement {
  assertBet(bet);
  const legs: LegStatus[] = bet.legs.map((l) => {
    const result = results.get(l.fixtureId);
    return result ? settleSelection(l.selection, result) : 'PENDING';
  });
  if (legs.includes('LOST')) return { status: 'LOST', legs, payout: 0n };
  if (legs.includes('PENDING')) return { status: 'PENDING', legs, payout: 0n };
  if (legs.every((s) => s === 'VOID')) return { status: 'VOID', legs, payout: bet.stake };
  const odds = bet.legs.map((l, i) => (legs[i] === 'VOID' ? ODDS_SCALE : l.odds));
  return { status: 'WON', legs, payout: payoutFor(bet.stake, odds) };
}

// ---- cash-out ------------------------------------------------------------------------------------

/** The cash-out fee: the offer is the bet's fair value now × (1 - this). */
export const DEFAULT_CASH_OUT_MARGIN = 0.05;

/** 2^52: the fair-value factor (a float in [0, 1]) is fixed to this many parts, rounded down. */
const FACTOR_SCALE = 2 ** 52;

/**
 * What the house offers to settle an open bet now: stake × (odds / fair odds now) × (1 - margin),
 * rounded down to a minor unit and never above the potential payout (void legs at 1000).
 *
 * `now` maps each leg's fixture id to the fair probability that the leg wins from here (1 once it
 * has won, 0 once it has lost), or 'VOID' if its match was cancelled. Fair odds now are
 * 1 / probability, so for a parlay stake × product(odds) × product(probability) × (1 - margin).
 * Returns 0 when a leg has lost: no cash-out is offered then.
 */
export function cashOutValue(
  bet: Bet,
  now: ReadonlyMap<string, number | 'VOID'>,
  margin = DEFAULT_CASH_OUT_MARGIN,
): bigint {
  assertBet(bet);
  if (!Number.isFinite(margin) || margin < 0 || margin >= 1) throw new RangeError(`margin must be in [0, 1)`);
  const odds: number[] = [];
  let factor = 1 - margin;
  for (const leg of bet.legs) {
    const p = now.get(leg.fixtureId);
    if (p === undefined) throw new RangeError(`No current probability for ${leg.fixtureId}`);
    if (p === 'VOID') {
      odds.push(ODDS_SCALE);
      continue;
    }
    if (!(p >= 0 && p <= 1))
      throw new RangeError(`Probability of ${selectionKey(leg.selection)} must be in [0, 1]`);
    if (p === 0) return 0n;
    odds.push(leg.odds);
    factor *= p;
  }
  // The factor is rounded down to 2^-52 and the amount to a minor unit. The 1e-12 only absorbs float
  // noise (0.95 × 0.6 comes out a hair under 0.57, which would cost a whole cent on 11.40); the cap
  // below still bounds the offer.
  const fixed = BigInt(Math.floor(Math.min(1, factor * (1 + 1e-12)) * FACTOR_SCALE));
  const value = payoutFor(bet.stake * fixed, odds) / BigInt(FACTOR_SCALE);
  const cap = payoutFor(bet.stake, odds);
  return value < cap ? value : cap;
}
