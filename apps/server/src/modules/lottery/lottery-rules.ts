import {
  LOTTERY_FAST_BIG_MIN_SUM,
  LOTTERY_FAST_MAX_SUM,
  LOTTERY_MULTI_HIT_BET_TYPES,
  type LotteryBetType,
  type LotteryPick,
  type LotteryPrize,
  type LotteryPrizeTier,
  type LotteryResult,
  type LotteryTable,
} from '@app/contracts';

/*
 * The lottery's rules as pure functions: the result tables, drawing a result, which bets a table
 * takes and what a line may name, how many times a line hits, the exact probability behind each
 * bet type, and the odds and RTP that follow from a target return. No I/O, no clock.
 *
 * Every prize of a digit table is drawn digit by digit, independently and uniformly, so the last
 * two (three, four) digits of each prize are independent and uniform: the probabilities below are
 * exact, not simulated.
 */

/**
 * The one thing a draw needs from a random source (the house games' secure RNG, SecureRng, in
 * production; tests inject a scripted one): a uniform integer in [0, n).
 */
export interface Rng {
  int(n: number): number;
}

interface TierSpec {
  tier: LotteryPrizeTier;
  count: number;
  digits: number;
}

/** The tiers of each table, special first (SPEC issue 7 tables; see LOTTERY_TABLES). */
export const TABLE_TIERS: Record<LotteryTable, readonly TierSpec[]> = {
  NORTH: [
    { tier: 'SPECIAL', count: 1, digits: 5 },
    { tier: 'FIRST', count: 1, digits: 5 },
    { tier: 'SECOND', count: 2, digits: 5 },
    { tier: 'THIRD', count: 6, digits: 5 },
    { tier: 'FOURTH', count: 4, digits: 4 },
    { tier: 'FIFTH', count: 6, digits: 4 },
    { tier: 'SIXTH', count: 3, digits: 3 },
    { tier: 'SEVENTH', count: 4, digits: 2 },
  ],
  SOUTH: [
    { tier: 'SPECIAL', count: 1, digits: 6 },
    { tier: 'FIRST', count: 1, digits: 5 },
    { tier: 'SECOND', count: 1, digits: 5 },
    { tier: 'THIRD', count: 2, digits: 5 },
    { tier: 'FOURTH', count: 7, digits: 5 },
    { tier: 'FIFTH', count: 1, digits: 4 },
    { tier: 'SIXTH', count: 3, digits: 4 },
    { tier: 'SEVENTH', count: 1, digits: 3 },
    { tier: 'EIGHTH', count: 1, digits: 2 },
  ],
  MEGA645: [{ tier: 'NUMBERS', count: 6, digits: 2 }],
  THAI: [
    { tier: 'FIRST', count: 1, digits: 6 },
    { tier: 'FRONT3', count: 2, digits: 3 },
    { tier: 'LAST3', count: 2, digits: 3 },
    { tier: 'LAST2', count: 1, digits: 2 },
  ],
  FOUR_D: [
    { tier: 'FIRST', count: 1, digits: 4 },
    { tier: 'SECOND', count: 1, digits: 4 },
    { tier: 'THIRD', count: 1, digits: 4 },
    { tier: 'STARTER', count: 10, digits: 4 },
    { tier: 'CONSOLATION', count: 10, digits: 4 },
  ],
  THREE_BALL: [{ tier: 'BALLS', count: 3, digits: 1 }],
};

/** Mega 6/45: six different numbers of 1..45. */
const MEGA_BALLS = 45;
const MEGA_DRAWN = 6;

/** A stored result: the prize table (special first). */
export interface DrawnResult {
  prizes: LotteryPrize[];
}

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');

/** Draws a table's result with `rng` (the secure RNG in production). */
export function drawResult(table: LotteryTable, rng: Rng): DrawnResult {
  if (table === 'MEGA645') {
    // A partial Fisher-Yates shuffle: six different balls, each set equally likely.
    const balls = Array.from({ length: MEGA_BALLS }, (_, i) => i + 1);
    for (let i = 0; i < MEGA_DRAWN; i++) {
      const j = i + rng.int(MEGA_BALLS - i);
      [balls[i], balls[j]] = [balls[j]!, balls[i]!];
    }
    const six = balls.slice(0, MEGA_DRAWN).sort((a, b) => a - b);
    return { prizes: [{ tier: 'NUMBERS', numbers: six.map((n) => pad(n, 2)) }] };
  }
  return {
    prizes: TABLE_TIERS[table].map((t) => ({
      tier: t.tier,
      // Digit by digit: one uniform draw per digit keeps every digit independent and uniform.
      numbers: Array.from({ length: t.count }, () =>
        Array.from({ length: t.digits }, () => String(rng.int(10))).join(''),
      ),
    })),
  };
}

/** A stored result is well formed for its table (a guard on what the database hands back). */
export function isResultOf(table: LotteryTable, r: DrawnResult): boolean {
  const tiers = TABLE_TIERS[table];
  return (
    r.prizes.length === tiers.length &&
    tiers.every(
      (t, i) =>
        r.prizes[i]!.tier === t.tier &&
        r.prizes[i]!.numbers.length === t.count &&
        r.prizes[i]!.numbers.every((n) => n.length === t.digits && /^\d+$/.test(n)),
    )
  );
}

const ballsOf = (r: DrawnResult) => r.prizes[0]!.numbers.map(Number);
const sumOf = (r: DrawnResult) => ballsOf(r).reduce((a, b) => a + b, 0);

/** The result as the site reads it: the winning number, the table, the sum of a fast game's balls. */
export function presentResult(table: LotteryTable, r: DrawnResult): LotteryResult {
  const special = r.prizes[0]!.numbers;
  return {
    winningNumber: table === 'MEGA645' ? special.join(',') : special.join(''),
    prizes: r.prizes.map((p) => ({ tier: p.tier, numbers: [...p.numbers] })),
    sum: table === 'THREE_BALL' ? sumOf(r) : null,
  };
}

// ---- bet types and picks --------------------------------------------------------------------------

const DIGIT_BETS: readonly LotteryBetType[] = [
  'LO2',
  'LO3',
  'DE2',
  'DE3',
  'DE4',
  'XIEN2',
  'XIEN3',
  'XIEN4',
  'HEAD',
  'TAIL',
];

/** The bet types a table takes, in display order. */
export function betTypesOf(table: LotteryTable): LotteryBetType[] {
  if (table === 'THREE_BALL') return ['BIG', 'SMALL', 'ODD', 'EVEN', 'SUM', 'NUMBER'];
  if (table === 'MEGA645') return ['LO2', 'XIEN2', 'XIEN3', 'XIEN4'];
  const specialDigits = TABLE_TIERS[table][0]!.digits;
  // DE4 reads the special's last four digits: only where the special has them.
  return DIGIT_BETS.filter((b) => b !== 'DE4' || specialDigits >= 4);
}

const XIEN_SIZE: Partial<Record<LotteryBetType, number>> = { XIEN2: 2, XIEN3: 3, XIEN4: 4 };

/** What a line of this type names. */
export function pickOf(table: LotteryTable, betType: LotteryBetType): LotteryPick {
  const mega = table === 'MEGA645';
  const two = { digits: 2, min: mega ? 1 : 0, max: mega ? MEGA_BALLS : 99 };
  switch (betType) {
    case 'LO2':
    case 'DE2':
      return { count: 1, ...two, distinct: false };
    case 'XIEN2':
    case 'XIEN3':
    case 'XIEN4':
      return { count: XIEN_SIZE[betType]!, ...two, distinct: true };
    case 'LO3':
    case 'DE3':
      return { count: 1, digits: 3, min: 0, max: 999, distinct: false };
    case 'DE4':
      return { count: 1, digits: 4, min: 0, max: 9999, distinct: false };
    case 'HEAD':
    case 'TAIL':
      return { count: 1, digits: 1, min: 0, max: 9, distinct: false };
    case 'SUM':
      return { count: 1, digits: 2, min: 0, max: LOTTERY_FAST_MAX_SUM, distinct: false };
    case 'NUMBER':
      return { count: 1, digits: 3, min: 0, max: 999, distinct: false };
    case 'BIG':
    case 'SMALL':
    case 'ODD':
    case 'EVEN':
      return { count: 0, digits: 0, min: 0, max: 0, distinct: false };
  }
}

/**
 * A line's numbers in their one written form (padded to the pick's digits; a xien's in ascending
 * order), or null if the table does not take the bet type or the numbers do not fit it.
 */
export function canonicalNumbers(
  table: LotteryTable,
  betType: LotteryBetType,
  numbers: readonly string[],
): string[] | null {
  if (!betTypesOf(table).includes(betType)) return null;
  const pick = pickOf(table, betType);
  if (numbers.length !== pick.count) return null;
  const out: string[] = [];
  for (const raw of numbers) {
    const text = raw.trim();
    if (!/^\d+$/.test(text) || text.length > pick.digits) return null;
    const n = Number(text);
    if (n < pick.min || n > pick.max) return null;
    out.push(pad(n, pick.digits));
  }
  if (pick.distinct) {
    if (new Set(out).size !== out.length) return null;
    out.sort();
  }
  return out;
}

export const isMultiHit = (betType: LotteryBetType): boolean =>
  (LOTTERY_MULTI_HIT_BET_TYPES as readonly LotteryBetType[]).includes(betType);

/** The last `n` digits of every prize that has at least `n` (the lo numbers for n = 2). */
function tails(r: DrawnResult, n: number): string[] {
  return r.prizes.flatMap((p) => p.numbers.filter((x) => x.length >= n).map((x) => x.slice(-n)));
}

/**
 * How many times a line hits: lo bets count every prize that ends in the number (a number drawn
 * twice hits twice); every other bet hits once or not at all. `numbers` are canonical.
 */
export function hitsOf(
  table: LotteryTable,
  betType: LotteryBetType,
  numbers: readonly string[],
  r: DrawnResult,
): number {
  const special = r.prizes[0]!.numbers[0]!;
  switch (betType) {
    case 'LO2':
      return tails(r, 2).filter((x) => x === numbers[0]).length;
    case 'LO3':
      return tails(r, 3).filter((x) => x === numbers[0]).length;
    case 'DE2':
      return special.slice(-2) === numbers[0] ? 1 : 0;
    case 'DE3':
      return special.length >= 3 && special.slice(-3) === numbers[0] ? 1 : 0;
    case 'DE4':
      return special.length >= 4 && special.slice(-4) === numbers[0] ? 1 : 0;
    case 'XIEN2':
    case 'XIEN3':
    case 'XIEN4': {
      const lo = new Set(tails(r, 2));
      return numbers.every((n) => lo.has(n)) ? 1 : 0;
    }
    case 'HEAD':
      return special.slice(-2, -1) === numbers[0] ? 1 : 0;
    case 'TAIL':
      return special.slice(-1) === numbers[0] ? 1 : 0;
    default:
      return fastHits(betType, numbers, r, table);
  }
}

function fastHits(betType: LotteryBetType, numbers: readonly string[], r: DrawnResult, table: LotteryTable) {
  if (table !== 'THREE_BALL') return 0;
  const sum = sumOf(r);
  switch (betType) {
    case 'BIG':
      return sum >= LOTTERY_FAST_BIG_MIN_SUM ? 1 : 0;
    case 'SMALL':
      return sum < LOTTERY_FAST_BIG_MIN_SUM ? 1 : 0;
    case 'ODD':
      return sum % 2 === 1 ? 1 : 0;
    case 'EVEN':
      return sum % 2 === 0 ? 1 : 0;
    case 'SUM':
      return sum === Number(numbers[0]) ? 1 : 0;
    case 'NUMBER':
      return r.prizes[0]!.numbers.join('') === numbers[0] ? 1 : 0;
    default:
      return 0;
  }
}

/**
 * What a line pays (stake included), minor units: stake x odds x hits, rounded down to the minor
 * unit. `oddsHundredths` is the decimal odds x 100 (95.00 is 9500).
 * WARNING: odds are integers of hundredths so a payout never touches a float.
 */
export function payoutOf(stake: bigint, oddsHundredths: number, hits: number): bigint {
  return (stake * BigInt(oddsHundredths) * BigInt(hits)) / 100n;
}

// ---- exact probabilities, odds and RTP ---------------------------------------------------------------

/** An exact fraction (non-negative). */
interface Fraction {
  num: bigint;
  den: bigint;
}

const frac = (num: bigint | number, den: bigint | number): Fraction => ({
  num: BigInt(num),
  den: BigInt(den),
});

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

/** How many prizes of a table have at least `n` digits. */
export function prizesWith(table: LotteryTable, n: number): number {
  return TABLE_TIERS[table].filter((t) => t.digits >= n).reduce((a, t) => a + t.count, 0);
}

/** Ways three balls 0-9 make each sum 0..27 (out of 1000). */
export const THREE_BALL_SUM_WAYS: readonly number[] = (() => {
  const ways = Array<number>(LOTTERY_FAST_MAX_SUM + 1).fill(0);
  for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) for (let c = 0; c < 10; c++) ways[a + b + c]!++;
  return ways;
})();

/**
 * The expected hits per line of this bet type (for bets that hit once: the chance to win), exact.
 * `sum` picks the sum of a SUM bet. Lo: each of the table's n prizes ends in the number with
 * chance 1/100 (1/1000 for three digits), so E[hits] = n/100. Xien of k numbers among n lo
 * numbers: by inclusion-exclusion, sum over j of (-1)^j C(k,j) ((100-j)/100)^n. Mega 6/45: a
 * number is among the six with chance 6/45; k numbers all are with C(45-k, 6-k)/C(45, 6).
 */
export function expectedHits(table: LotteryTable, betType: LotteryBetType, sum = 0): Fraction {
  const k = XIEN_SIZE[betType];
  if (table === 'MEGA645') {
    if (betType === 'LO2') return frac(MEGA_DRAWN, MEGA_BALLS);
    if (k) return frac(choose(MEGA_BALLS - k, MEGA_DRAWN - k), choose(MEGA_BALLS, MEGA_DRAWN));
    throw new RangeError(`${table} takes no ${betType} bets`);
  }
  if (table === 'THREE_BALL') {
    switch (betType) {
      case 'BIG':
        return frac(
          THREE_BALL_SUM_WAYS.slice(LOTTERY_FAST_BIG_MIN_SUM).reduce((a, b) => a + b, 0),
          1000,
        );
      case 'SMALL':
        return frac(
          THREE_BALL_SUM_WAYS.slice(0, LOTTERY_FAST_BIG_MIN_SUM).reduce((a, b) => a + b, 0),
          1000,
        );
      case 'ODD':
        return frac(
          THREE_BALL_SUM_WAYS.filter((_, s) => s % 2 === 1).reduce((a, b) => a + b, 0),
          1000,
        );
      case 'EVEN':
        return frac(
          THREE_BALL_SUM_WAYS.filter((_, s) => s % 2 === 0).reduce((a, b) => a + b, 0),
          1000,
        );
      case 'SUM':
        return frac(THREE_BALL_SUM_WAYS[sum] ?? 0, 1000);
      case 'NUMBER':
        return frac(1, 1000);
      default:
        throw new RangeError(`${table} takes no ${betType} bets`);
    }
  }
  if (!betTypesOf(table).includes(betType)) throw new RangeError(`${table} takes no ${betType} bets`);
  switch (betType) {
    case 'LO2':
      return frac(prizesWith(table, 2), 100);
    case 'LO3':
      return frac(prizesWith(table, 3), 1000);
    case 'DE2':
      return frac(1, 100);
    case 'DE3':
      return frac(1, 1000);
    case 'DE4':
      return frac(1, 10_000);
    case 'HEAD':
    case 'TAIL':
      return frac(1, 10);
    default: {
      // Xien: every prize has at least two digits, so there are as many lo numbers as prizes.
      const n = prizesWith(table, 2);
      let num = 0n;
      for (let j = 0; j <= k!; j++) {
        const term = choose(k!, j) * BigInt(100 - j) ** BigInt(n);
        num += j % 2 === 0 ? term : -term;
      }
      return frac(num, 100n ** BigInt(n));
    }
  }
}

/**
 * The decimal odds (in hundredths) that return `rtpBp` basis points of the stake on average:
 * rtp / E[hits], rounded down to the hundredth (so the published RTP never exceeds the target).
 */
export function oddsFor(rtpBp: number, p: Fraction): number {
  if (p.num === 0n) return 0;
  // rtpBp / 10000 / (num / den) x 100 = rtpBp x den / (100 x num)
  return Number((BigInt(rtpBp) * p.den) / (100n * p.num));
}

/** The RTP those odds give, percent, rounded down to 2 decimals: odds x E[hits]. */
export function rtpPercent(oddsHundredths: number, p: Fraction): number {
  // (odds / 100) x (num / den) x 100 percent, in hundredths of a percent:
  return Number((BigInt(oddsHundredths) * p.num * 100n) / p.den) / 100;
}

/** Odds of a line: SUM bets are priced per sum, the others per bet type. */
export function lineOdds(
  table: LotteryTable,
  betType: LotteryBetType,
  numbers: readonly string[],
  rtpBp: number,
) {
  return oddsFor(rtpBp, expectedHits(table, betType, betType === 'SUM' ? Number(numbers[0]) : 0));
}
