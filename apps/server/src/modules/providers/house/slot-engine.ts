import { SLOT_REELS, SLOT_ROWS, SLOT_SYMBOLS, type SlotSymbol } from '@app/contracts';
import type { Rng } from './secure-rng';
import {
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPIN_TRIGGER,
  SLOT_FREE_SPINS,
  SLOT_LINE_COUNT,
  SLOT_LINE_PAYS,
  SLOT_LINES,
  SLOT_REEL_STRIPS,
  SLOT_SCATTER_PAYS,
  type LineSymbol,
} from './slot-paytable';

/**
 * The house slot's maths: plays rounds from an Rng and computes the exact published figures.
 *
 * Inside, symbols are their index in SLOT_SYMBOLS and amounts are whole "units" of the bet per line
 * (every pay is an integer multiple of it; a scatter pay of x total bets is x * 20 units). Money
 * (bigint minor units) appears only when a round is reported: units * betPerLine.
 */

const SYMBOLS = SLOT_SYMBOLS.length;
const WILD = SLOT_SYMBOLS.indexOf('WILD');
const SCATTER = SLOT_SYMBOLS.indexOf('SCATTER');
/** Free spins are worth this many base spins each trigger (10 spins x 3). */
const FREE_SPIN_WEIGHT = SLOT_FREE_SPINS * SLOT_FREE_SPIN_MULTIPLIER;

// ---- compiled game (built once at load) ----------------------------------------------------------

const STRIP_LENGTHS: readonly number[] = SLOT_REEL_STRIPS.map((s) => s.length);
/** Per reel: the strip as symbol indices, then its first ROWS-1 again, so a stop's window never wraps. */
const WINDOWS: readonly Uint8Array[] = SLOT_REEL_STRIPS.map((strip) => {
  const out = new Uint8Array(strip.length + SLOT_ROWS - 1);
  for (let i = 0; i < out.length; i++) out[i] = SLOT_SYMBOLS.indexOf(strip[i % strip.length]!);
  return out;
});
/** Per reel and stop: 1 if the window shows a scatter (never more than one: see checkStrips). */
const SCATTER_SEEN: readonly Uint8Array[] = WINDOWS.map((w, r) => {
  const out = new Uint8Array(STRIP_LENGTHS[r]!);
  for (let stop = 0; stop < out.length; stop++) {
    for (let row = 0; row < SLOT_ROWS; row++) if (w[stop + row] === SCATTER) out[stop] = 1;
  }
  return out;
});
/** LINE_ROWS[line * REELS + reel]: the row that line crosses on that reel. */
const LINE_ROWS = Int32Array.from(SLOT_LINES.flat());
/** Units won by the scatters, by the number on the grid. */
const SCATTER_UNITS = Int32Array.from({ length: SLOT_REELS + 1 }, (_, count) => {
  const pays: Readonly<Record<number, number>> = SLOT_SCATTER_PAYS;
  return (pays[count] ?? 0) * SLOT_LINE_COUNT;
});

/** Pay of a line symbol for `count` (3..5) of a kind, in units. */
function linePay(symbol: number, count: number): number {
  if (count < 3) return 0;
  return SLOT_LINE_PAYS[SLOT_SYMBOLS[symbol] as LineSymbol][count - 3] ?? 0;
}

interface LineResult {
  /** Index into SLOT_SYMBOLS: WILD for a paid run of wilds, else the symbol the wilds stood in for. */
  symbol: number;
  /** Symbols counted from the leftmost reel (3 to 5). */
  count: number;
  /** In units of the bet per line. */
  pay: number;
}

/**
 * The payline rule, on the symbol indices the line crosses (leftmost reel first); null if it pays
 * nothing. Runs count from the leftmost reel only.
 * - SCATTER never counts on a line (it pays on its own, anywhere), so a line starting with it pays
 *   nothing, and a scatter ends any run.
 * - Otherwise the line's symbol is the first symbol that is not a WILD, and the run is the
 *   consecutive symbols from reel 1 that are that symbol or WILD.
 * - A line starting with WILDs can also pay the WILD run on its own (the leading wilds, at least 3).
 *   It pays the better of the two, never both: WILD WILD WILD K K pays K x5 (125) rather than
 *   WILD x3 (50); WILD WILD WILD WILD J pays WILD x4 (250) rather than J x5 (75). On a tie the WILD
 *   run is reported. Five WILDs pay WILD x5.
 */
function evaluateLine(symbols: ArrayLike<number>): LineResult | null {
  const n = symbols.length;
  let wilds = 0;
  while (wilds < n && symbols[wilds] === WILD) wilds++;
  const wildPay = linePay(WILD, wilds);
  let best: LineResult | null = wildPay > 0 ? { symbol: WILD, count: wilds, pay: wildPay } : null;
  const symbol = symbols[wilds];
  if (symbol !== undefined && symbol !== SCATTER) {
    let count = wilds;
    while (count < n && (symbols[count] === symbol || symbols[count] === WILD)) count++;
    const pay = linePay(symbol, count);
    if (pay > (best?.pay ?? 0)) best = { symbol, count, pay };
  }
  return best;
}

const KEYS = SYMBOLS ** SLOT_REELS;
/**
 * Every line outcome, packed: pay * 256 + count * 16 + symbol (0 = no win), indexed by the line's
 * symbols read as a base-10 number (reel 1 most significant). 100,000 entries: a line costs one
 * lookup in the hot path, and the analytic RTP sums this same table, so the two cannot disagree.
 */
const LINE_TABLE: Int32Array = (() => {
  const table = new Int32Array(KEYS);
  const symbols = new Array<number>(SLOT_REELS);
  for (let key = 0; key < KEYS; key++) {
    for (let r = SLOT_REELS - 1, k = key; r >= 0; r--, k = Math.floor(k / SYMBOLS)) symbols[r] = k % SYMBOLS;
    const result = evaluateLine(symbols);
    if (result) table[key] = result.pay * 256 + result.count * 16 + result.symbol;
  }
  return table;
})();

/** Throws if a strip breaks the rules the maths relies on (one scatter at most per window). */
function checkStrips(): void {
  SLOT_REEL_STRIPS.forEach((strip, r) => {
    if (strip.length < SLOT_ROWS) throw new Error(`Reel ${r + 1} is shorter than the window`);
    const w = WINDOWS[r]!;
    for (let stop = 0; stop < strip.length; stop++) {
      let scatters = 0;
      for (let row = 0; row < SLOT_ROWS; row++) if (w[stop + row] === SCATTER) scatters++;
      if (scatters > 1) throw new Error(`Reel ${r + 1} shows ${scatters} scatters at stop ${stop}`);
    }
  });
}
checkStrips();

// ---- playing -------------------------------------------------------------------------------------

/** Reused by the allocation-free path; the engine is synchronous, so one scratch array is enough. */
const scratchStops = new Int32Array(SLOT_REELS);

/** Draws the stops of one spin, reel 1 first (the order every path must keep). */
function drawStops(rng: Rng, stops: Int32Array): void {
  for (let r = 0; r < SLOT_REELS; r++) stops[r] = rng.int(STRIP_LENGTHS[r]!);
}

function lineKey(stops: Int32Array, line: number): number {
  const o = line * SLOT_REELS;
  let key = 0;
  for (let r = 0; r < SLOT_REELS; r++) key = key * SYMBOLS + WINDOWS[r]![stops[r]! + LINE_ROWS[o + r]!]!;
  return key;
}

function scatterCount(stops: Int32Array): number {
  let count = 0;
  for (let r = 0; r < SLOT_REELS; r++) count += SCATTER_SEEN[r]![stops[r]!]!;
  return count;
}

/** One spin's win before its multiplier, in units, times 8, plus its scatter count (no allocation). */
function spinPacked(rng: Rng): number {
  drawStops(rng, scratchStops);
  let units = 0;
  for (let line = 0; line < SLOT_LINE_COUNT; line++) units += LINE_TABLE[lineKey(scratchStops, line)]! >>> 8;
  const scatters = scatterCount(scratchStops);
  return (units + SCATTER_UNITS[scatters]!) * 8 + scatters;
}

/**
 * One round (base spin and its free spins) in units of the bet per line, without building the
 * outcome: the simulator's hot path. Draws exactly what playSlotRound draws, in the same order, and
 * wins exactly what it wins (tests check both on the same draws).
 */
export function playRoundUnits(rng: Rng): number {
  const base = spinPacked(rng);
  let units = Math.floor(base / 8);
  if (base % 8 >= SLOT_FREE_SPIN_TRIGGER) {
    for (let i = 0; i < SLOT_FREE_SPINS; i++)
      units += Math.floor(spinPacked(rng) / 8) * SLOT_FREE_SPIN_MULTIPLIER;
  }
  return units;
}

export interface SlotLineWinOutcome {
  /** Index into SLOT_LINES. */
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** Minor units, before the spin's multiplier. */
  win: bigint;
}

export interface SlotSpinOutcome {
  /** grid[reel][row], rows top to bottom. */
  grid: SlotSymbol[][];
  lineWins: SlotLineWinOutcome[];
  scatterCount: number;
  /** Minor units, before the spin's multiplier. */
  scatterWin: bigint;
  freeSpinsAwarded: number;
  /** 1 on the base spin, SLOT_FREE_SPIN_MULTIPLIER on free spins. */
  multiplier: number;
  /** (line wins + scatter win) * multiplier, minor units. */
  win: bigint;
}

export interface SlotRoundOutcome {
  /** Total bet: betPerLine * 20, minor units. */
  bet: bigint;
  base: SlotSpinOutcome;
  freeSpins: SlotSpinOutcome[];
  /** base.win plus every free spin's win, minor units. */
  totalWin: bigint;
}

function playSpin(rng: Rng, betPerLine: bigint, multiplier: number, mayTrigger: boolean): SlotSpinOutcome {
  const stops = new Int32Array(SLOT_REELS);
  drawStops(rng, stops);
  const grid = WINDOWS.map((w, r) =>
    Array.from({ length: SLOT_ROWS }, (_, row) => SLOT_SYMBOLS[w[stops[r]! + row]!]!),
  );
  const lineWins: SlotLineWinOutcome[] = [];
  let units = 0;
  for (let line = 0; line < SLOT_LINE_COUNT; line++) {
    const packed = LINE_TABLE[lineKey(stops, line)]!;
    if (packed === 0) continue;
    const pay = packed >>> 8;
    units += pay;
    lineWins.push({
      line,
      symbol: SLOT_SYMBOLS[packed & 15]!,
      count: (packed >>> 4) & 15,
      win: BigInt(pay) * betPerLine,
    });
  }
  const scatters = scatterCount(stops);
  const scatterUnits = SCATTER_UNITS[scatters]!;
  units += scatterUnits;
  return {
    grid,
    lineWins,
    scatterCount: scatters,
    scatterWin: BigInt(scatterUnits) * betPerLine,
    freeSpinsAwarded: mayTrigger && scatters >= SLOT_FREE_SPIN_TRIGGER ? SLOT_FREE_SPINS : 0,
    multiplier,
    win: BigInt(units * multiplier) * betPerLine,
  };
}

/**
 * Plays one paid round: a base spin (one uniform stop per reel, reel 1 first) and, if it shows 3+
 * scatters, SLOT_FREE_SPINS free spins on the same strips whose wins are multiplied by
 * SLOT_FREE_SPIN_MULTIPLIER and which award no further free spins. Amounts are minor units.
 */
export function playSlotRound(rng: Rng, betPerLine: bigint): SlotRoundOutcome {
  if (betPerLine <= 0n) throw new RangeError('betPerLine must be positive');
  const base = playSpin(rng, betPerLine, 1, true);
  const freeSpins: SlotSpinOutcome[] = [];
  for (let i = 0; i < base.freeSpinsAwarded; i++) {
    freeSpins.push(playSpin(rng, betPerLine, SLOT_FREE_SPIN_MULTIPLIER, false));
  }
  return {
    bet: betPerLine * BigInt(SLOT_LINE_COUNT),
    base,
    freeSpins,
    totalWin: freeSpins.reduce((sum, spin) => sum + spin.win, base.win),
  };
}

// ---- exact figures -------------------------------------------------------------------------------

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
};

/** numerator/denominator in percent, rounded half up to `decimals` places. */
function percentOf(numerator: bigint, denominator: bigint, decimals = 2): number {
  const scale = 100n * 10n ** BigInt(decimals);
  const rounded = (2n * numerator * scale + denominator) / (2n * denominator);
  return Number(rounded) / 10 ** decimals;
}

interface SlotRtp {
  /** Return to player as an exact fraction of the total bet (reduced). */
  numerator: bigint;
  denominator: bigint;
  /** In percent, rounded half up to 2 decimals (the published figure). */
  percent: number;
  /** In percent to 8 decimals, for reports and the simulator's check. */
  precise: number;
  /** The base spin's share and the free spins' share of the RTP, in percent (8 decimals). */
  basePercent: number;
  freeSpinsPercent: number;
  /** Chance of starting free spins on a paid round, as an exact fraction. */
  triggerNumerator: bigint;
  triggerDenominator: bigint;
  /** Base-game stop combinations D, and D * E[base spin win] in total bets (exact, an integer). */
  combinations: bigint;
  baseNumerator: bigint;
}

/**
 * The exact RTP, analytically (instant, no enumeration of stops).
 *
 * Stops are uniform and independent per reel, so every row of a reel shows symbol s with
 * probability count(s) / length, and the five positions of one payline (one per reel) are
 * independent. The expected pay of one line is then the sum over all symbol 5-tuples of
 * pay(tuple) * product of those probabilities, the same for all 20 lines; 20 lines at 1/20 of the
 * total bet each make it the line part of the base RTP. Scatters: the window of reel r shows a
 * scatter with probability seen(r) / length(r) (at most one per window), independently per reel;
 * their count's distribution gives the scatter pays and P(trigger). Free spins play the same strips
 * with no retrigger, so E[round] = E[base spin] * (1 + P(trigger) * 10 * 3).
 * Everything is an integer over D = product of the strip lengths, so the result is an exact fraction.
 */
export function slotRtp(): SlotRtp {
  const counts = WINDOWS.map((w, r) => {
    const c = new Array<number>(SYMBOLS).fill(0);
    for (let i = 0; i < STRIP_LENGTHS[r]!; i++) c[w[i]!]!++;
    return c;
  });
  const d = STRIP_LENGTHS.reduce((p, l) => p * BigInt(l), 1n);

  // Sum over symbol tuples of pay * product of counts: D * E[pay of one line], in units per line.
  let lineNumerator = 0n;
  for (let key = 0; key < KEYS; key++) {
    const pay = LINE_TABLE[key]! >>> 8;
    if (pay === 0) continue;
    let weight = 1;
    for (let r = SLOT_REELS - 1, k = key; r >= 0; r--, k = Math.floor(k / SYMBOLS))
      weight *= counts[r]![k % SYMBOLS]!;
    lineNumerator += BigInt(pay * weight);
  }

  // ways[k]: stop combinations (of D) showing k scatters.
  let ways = [1n];
  SCATTER_SEEN.forEach((seen, r) => {
    const hit = BigInt(seen.reduce((a, b) => a + b, 0));
    const miss = BigInt(STRIP_LENGTHS[r]!) - hit;
    ways = [...ways, 0n].map((_, k) => (ways[k] ?? 0n) * miss + (k > 0 ? ways[k - 1]! * hit : 0n));
  });
  // In total bets (units / 20), as is the line part above.
  let scatterNumerator = 0n;
  let triggerWays = 0n;
  ways.forEach((w, k) => {
    scatterNumerator += (w * BigInt(SCATTER_UNITS[k]!)) / BigInt(SLOT_LINE_COUNT);
    if (k >= SLOT_FREE_SPIN_TRIGGER) triggerWays += w;
  });

  const base = lineNumerator + scatterNumerator; // / D
  const free = base * BigInt(FREE_SPIN_WEIGHT) * triggerWays; // / D^2
  let numerator = base * d + free;
  let denominator = d * d;
  const g = gcd(numerator, denominator);
  numerator /= g;
  denominator /= g;
  const tg = gcd(triggerWays, d);
  return {
    numerator,
    denominator,
    percent: percentOf(numerator, denominator),
    precise: percentOf(numerator, denominator, 8),
    basePercent: percentOf(base * d, d * d, 8),
    freeSpinsPercent: percentOf(free, d * d, 8),
    triggerNumerator: triggerWays / tg,
    triggerDenominator: d / tg,
    combinations: d,
    baseNumerator: base,
  };
}

interface SlotEnumeration {
  /** Base-game stop combinations: the product of the strip lengths. */
  combinations: number;
  /** Combinations whose base spin wins anything (lines or scatters). */
  hits: number;
  /** Sum of the base spin wins over all combinations, in units (cross-checks slotRtp). */
  totalUnits: number;
  /** Largest single spin win, in units, over spins that start free spins and over the others. */
  maxTriggerSpinUnits: number;
  maxOtherSpinUnits: number;
}

/**
 * Plays every base-game stop combination once (about 38 million, a few seconds): the exact hit rate,
 * which does not follow from per-line probabilities because lines share positions and scatters
 * share reels with lines. Generator only (scripts/slot-figures.ts); runtime reads slot-figures.ts.
 */
function enumerateBaseGame(): SlotEnumeration {
  const [l0, l1, l2, l3, l4] = STRIP_LENGTHS as [number, number, number, number, number];
  const [w0, w1, w2, w3, w4] = WINDOWS as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const [s0, s1, s2, s3, s4] = SCATTER_SEEN as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const s2q = SYMBOLS * SYMBOLS;
  // Lines whose first three symbols cannot pay whatever follows are skipped (most of them).
  const prefixPays = new Uint8Array(SYMBOLS ** 3);
  for (let key = 0; key < KEYS; key++) if (LINE_TABLE[key] !== 0) prefixPays[Math.floor(key / s2q)] = 1;

  const activeKey = new Int32Array(SLOT_LINE_COUNT);
  const activeRow3 = new Int32Array(SLOT_LINE_COUNT);
  const activeRow4 = new Int32Array(SLOT_LINE_COUNT);
  const keyAfter3 = new Int32Array(SLOT_LINE_COUNT);
  let hits = 0;
  let totalUnits = 0;
  let maxTrigger = 0;
  let maxOther = 0;
  for (let a = 0; a < l0; a++) {
    for (let b = 0; b < l1; b++) {
      for (let c = 0; c < l2; c++) {
        let active = 0;
        for (let line = 0; line < SLOT_LINE_COUNT; line++) {
          const o = line * SLOT_REELS;
          const prefix =
            (w0[a + LINE_ROWS[o]!]! * SYMBOLS + w1[b + LINE_ROWS[o + 1]!]!) * SYMBOLS +
            w2[c + LINE_ROWS[o + 2]!]!;
          if (prefixPays[prefix] === 0) continue;
          activeKey[active] = prefix * s2q;
          activeRow3[active] = LINE_ROWS[o + 3]!;
          activeRow4[active] = LINE_ROWS[o + 4]!;
          active++;
        }
        const scatters3 = s0[a]! + s1[b]! + s2[c]!;
        for (let d = 0; d < l3; d++) {
          for (let i = 0; i < active; i++) keyAfter3[i] = activeKey[i]! + w3[d + activeRow3[i]!]! * SYMBOLS;
          const scatters4 = scatters3 + s3[d]!;
          for (let e = 0; e < l4; e++) {
            let units = 0;
            for (let i = 0; i < active; i++)
              units += LINE_TABLE[keyAfter3[i]! + w4[e + activeRow4[i]!]!]! >>> 8;
            const scatters = scatters4 + s4[e]!;
            units += SCATTER_UNITS[scatters]!;
            if (units === 0) continue;
            hits++;
            totalUnits += units;
            if (scatters >= SLOT_FREE_SPIN_TRIGGER) {
              if (units > maxTrigger) maxTrigger = units;
            } else if (units > maxOther) maxOther = units;
          }
        }
      }
    }
  }
  return {
    combinations: l0 * l1 * l2 * l3 * l4,
    hits,
    totalUnits,
    maxTriggerSpinUnits: maxTrigger,
    maxOtherSpinUnits: maxOther,
  };
}

interface SlotFigures {
  rtp: SlotRtp;
  /** Share of paid rounds that win anything, percent rounded to 2 decimals. */
  hitRate: number;
  hitCombinations: number;
  combinations: number;
  /** Largest win of one round, in units of the bet per line and as a whole multiple of the total bet. */
  maxWinUnits: number;
  maxWinMultiplier: number;
}

/**
 * Every published figure, exactly: slotRtp() and enumerateBaseGame(), checked against each other.
 * A round can win at most the best triggering base spin plus 10 free spins that each land the best
 * spin of all (free spins are independent draws on the same strips), times 3; or the best
 * non-triggering spin, whichever is larger. Every round that triggers free spins also wins the
 * 3-scatter pay, so "the round wins anything" is "the base spin wins anything".
 */
export function slotFigures(): SlotFigures {
  for (let k = SLOT_FREE_SPIN_TRIGGER; k <= SLOT_REELS; k++) {
    if (SCATTER_UNITS[k] === 0) {
      throw new Error('A free-spin trigger must pay, or the hit rate needs the free spins');
    }
  }
  const rtp = slotRtp();
  const all = enumerateBaseGame();
  const d = BigInt(all.combinations);
  // Two independent routes to the same number: the base-spin wins summed over every combination, and
  // the analytic expectation times D (in units, 20 per total bet).
  if (d !== rtp.combinations || BigInt(all.totalUnits) !== rtp.baseNumerator * BigInt(SLOT_LINE_COUNT)) {
    throw new Error(
      `Enumeration and analysis disagree: ${all.totalUnits} units over ${d} vs ${rtp.baseNumerator} total bets`,
    );
  }
  const maxSpin = Math.max(all.maxTriggerSpinUnits, all.maxOtherSpinUnits);
  const maxWinUnits = Math.max(all.maxOtherSpinUnits, all.maxTriggerSpinUnits + FREE_SPIN_WEIGHT * maxSpin);
  return {
    rtp,
    hitRate: percentOf(BigInt(all.hits), d),
    hitCombinations: all.hits,
    combinations: all.combinations,
    maxWinUnits,
    maxWinMultiplier: Math.floor(maxWinUnits / SLOT_LINE_COUNT),
  };
}
