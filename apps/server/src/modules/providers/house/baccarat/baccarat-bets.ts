import { countOutcomes, type BaccaratRound } from './baccarat-rules';

export const BACCARAT_BET_TYPES = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'] as const;
export type BaccaratBetType = (typeof BACCARAT_BET_TYPES)[number];

/**
 * What a winning bet wins per unit staked, as numerator / denominator (the stake comes back on top).
 * BANKER is 1:1 less a 5% commission on the win: 19/20.
 */
const BACCARAT_PAYS: Readonly<Record<BaccaratBetType, { numerator: bigint; denominator: bigint }>> = {
  PLAYER: { numerator: 1n, denominator: 1n },
  BANKER: { numerator: 19n, denominator: 20n },
  TIE: { numerator: 8n, denominator: 1n },
  PLAYER_PAIR: { numerator: 11n, denominator: 1n },
  BANKER_PAIR: { numerator: 11n, denominator: 1n },
};
/** The commission on a winning banker bet, percent of the amount won at 1:1. */
export const BANKER_COMMISSION_PERCENT = 5n;

interface BaccaratBet {
  type: BaccaratBetType;
  /** Minor units, positive. */
  stake: bigint;
}

export interface BaccaratSettlement {
  /** Everything paid back, stake included, minor units: 0 on a loss, the stake on a push. */
  payout: bigint;
  /** Turnover the bet counts for (rebates, wagering, reports): 0 when pushed, else the stake. */
  validBet: bigint;
}

export type BaccaratResult = Pick<BaccaratRound, 'outcome' | 'playerPair' | 'bankerPair'>;

/**
 * The commission a winning banker bet pays: 5% of the stake, rounded DOWN to the minor unit, so
 * the player never pays more than 5% (0.01 pays none, 1.23 pays 0.06 of 0.0615).
 * WARNING: a banker stake under 20 minor units pays no commission at all and so wins 1:1, which
 * turns the bet in the player's favour (about +1.24%); the table's minimum banker bet should be at
 * least 0.20 (a multiple of 0.20 makes the commission exact).
 */
export function bankerCommission(stake: bigint): bigint {
  return (stake * BANKER_COMMISSION_PERCENT) / 100n;
}

/**
 * Settles one bet on a finished round. PLAYER and BANKER push on a tie (stake back, no turnover);
 * TIE and the pairs win or lose on every round (a pair bet does not care who won).
 */
export function settle(bet: BaccaratBet, result: BaccaratResult): BaccaratSettlement {
  const { type, stake } = bet;
  if (stake <= 0n) throw new RangeError('stake must be positive');
  const won = (): BaccaratSettlement => {
    const win = type === 'BANKER' ? stake - bankerCommission(stake) : stake * BACCARAT_PAYS[type].numerator;
    return { payout: stake + win, validBet: stake };
  };
  const lost: BaccaratSettlement = { payout: 0n, validBet: stake };
  switch (type) {
    case 'PLAYER':
    case 'BANKER':
      if (result.outcome === 'TIE') return { payout: stake, validBet: 0n };
      return result.outcome === type ? won() : lost;
    case 'TIE':
      return result.outcome === 'TIE' ? won() : lost;
    case 'PLAYER_PAIR':
      return result.playerPair ? won() : lost;
    case 'BANKER_PAIR':
      return result.bankerPair ? won() : lost;
  }
}

// ---- published figures ---------------------------------------------------------------------------

interface BaccaratHouseEdge {
  /** The house's expected gain per unit staked, as an exact fraction (reduced). */
  numerator: bigint;
  denominator: bigint;
  /** Percent, rounded half up to 2 decimals: the published figure. */
  percent: number;
  /** Percent to 6 decimals, for reports and cross-checks. */
  precise: number;
}

interface BaccaratFigures {
  decks: number;
  /** Chance of each outcome, percent to 6 decimals. */
  outcomePercent: Record<'PLAYER' | 'BANKER' | 'TIE', number>;
  /** House edge per unit staked, by bet type; PLAYER and BANKER count pushed ties as bets (the usual convention). */
  houseEdge: Record<BaccaratBetType, BaccaratHouseEdge>;
  /** Return to player by bet type, percent to 2 decimals: 100 - house edge. */
  rtp: Record<BaccaratBetType, number>;
}

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
};

/** numerator/denominator in percent, rounded half up (away from zero) to `decimals` places. */
function percentOf(numerator: bigint, denominator: bigint, decimals: number): number {
  const scale = 100n * 10n ** BigInt(decimals);
  const sign = numerator < 0n ? -1 : 1;
  const abs = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * abs * scale + denominator) / (2n * denominator);
  return (sign * Number(rounded)) / 10 ** decimals;
}

function edge(numerator: bigint, denominator: bigint): BaccaratHouseEdge {
  const g = gcd(numerator, denominator);
  return {
    numerator: numerator / g,
    denominator: denominator / g,
    percent: percentOf(numerator, denominator, 2),
    precise: percentOf(numerator, denominator, 6),
  };
}

/**
 * Exact house edges of every bet for a full shoe of `decks` decks (countOutcomes enumerates the
 * tableau; well under a second). Based on the exact pays of BACCARAT_PAYS: the commission's rounding
 * down to the minor unit (bankerCommission) is ignored, as it is nil on stakes in multiples of 0.20.
 * Eight decks: banker 1.06%, player 1.24%, tie 14.36%, each pair 10.36%.
 */
export function baccaratFigures(decks = 8): BaccaratFigures {
  const c = countOutcomes(decks);
  // Expected house gain per unit staked, in sequences over c.total (or c.pairTotal for pairs):
  // the house keeps the losing stakes and pays pay * stake on the winning ones; pushes are 0.
  const outcomeEdge = (win: bigint, lose: bigint, pay: { numerator: bigint; denominator: bigint }) =>
    edge(lose * pay.denominator - win * pay.numerator, c.total * pay.denominator);
  const pairEdge = (pay: { numerator: bigint; denominator: bigint }) =>
    edge((c.pairTotal - c.pairs) * pay.denominator - c.pairs * pay.numerator, c.pairTotal * pay.denominator);
  const houseEdge: Record<BaccaratBetType, BaccaratHouseEdge> = {
    PLAYER: outcomeEdge(c.player, c.banker, BACCARAT_PAYS.PLAYER),
    BANKER: outcomeEdge(c.banker, c.player, BACCARAT_PAYS.BANKER),
    TIE: outcomeEdge(c.tie, c.player + c.banker, BACCARAT_PAYS.TIE),
    PLAYER_PAIR: pairEdge(BACCARAT_PAYS.PLAYER_PAIR),
    BANKER_PAIR: pairEdge(BACCARAT_PAYS.BANKER_PAIR),
  };
  const rtp = Object.fromEntries(
    BACCARAT_BET_TYPES.map((t) => {
      const e = houseEdge[t];
      return [t, percentOf(e.denominator - e.numerator, e.denominator, 2)];
    }),
  ) as Record<BaccaratBetType, number>;
  return {
    decks,
    outcomePercent: {
      PLAYER: percentOf(c.player, c.total, 6),
      BANKER: percentOf(c.banker, c.total, 6),
      TIE: percentOf(c.tie, c.total, 6),
    },
    houseEdge,
    rtp,
  };
}

let published: BaccaratFigures | undefined;
/** The figures of the house table's eight-deck shoe, computed once on first use. */
export function publishedBaccaratFigures(): BaccaratFigures {
  published ??= baccaratFigures(8);
  return published;
}
