import { SLOT_SYMBOLS, type SlotSymbol } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { Rng } from './secure-rng';
import { playRoundUnits, playSlotRound, slotRtp, type SlotSpinOutcome } from './slot-engine';
import { SLOT_FIGURES } from './slot-figures';
import {
  SLOT_FREE_SPIN_MULTIPLIER,
  SLOT_FREE_SPINS,
  SLOT_LINE_PAYS,
  SLOT_LINES,
  SLOT_REEL_STRIPS,
  SLOT_SCATTER_PAYS,
  type LineSymbol,
} from './slot-paytable';

const BET_PER_LINE = 7n; // odd on purpose: every amount must be a whole multiple of it
const TOTAL_BET = BET_PER_LINE * 20n;

/** An Rng that returns the given stops in order and checks each is in range. */
function scripted(stops: number[]): Rng & { left: () => number } {
  const queue = [...stops];
  return {
    int(n) {
      const v = queue.shift();
      if (v === undefined) throw new Error('scripted RNG exhausted');
      if (v < 0 || v >= n) throw new Error(`stop ${v} out of range for a strip of ${n}`);
      return v;
    },
    left: () => queue.length,
  };
}

/** A seeded PRNG (mulberry32) for the property tests: reproducible, not for production. */
function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return {
    int(n) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    },
  };
}

const windowAt = (reel: number, stop: number): SlotSymbol[] => {
  const strip = SLOT_REEL_STRIPS[reel]!;
  return [0, 1, 2].map((row) => strip[(stop + row) % strip.length]!);
};

/** The first stop of `reel` whose window matches `rows` (null = anything) and passes `ok`. */
function findStop(reel: number, rows: (SlotSymbol | null)[], ok: (w: SlotSymbol[]) => boolean = () => true) {
  const strip = SLOT_REEL_STRIPS[reel]!;
  for (let stop = 0; stop < strip.length; stop++) {
    const w = windowAt(reel, stop);
    if (rows.every((s, row) => s === null || w[row] === s) && ok(w)) return stop;
  }
  throw new Error(`reel ${reel + 1} has no window ${rows.join(' ')}`);
}
const noScatter = (w: SlotSymbol[]) => !w.includes('SCATTER');
const middle = (s: SlotSymbol) => [null, s, null];

/**
 * Reference line rule, written independently of the engine: every line symbol is a candidate, its
 * run counts the leading positions showing it or a WILD (WILD alone for the WILD candidate), and
 * the best pay wins, WILD first on a tie. This equals the engine's "better of the wild run and the
 * first non-wild symbol's run" because WILD pays at least as much as any symbol for every count.
 */
function referenceLine(symbols: SlotSymbol[]): { symbol: SlotSymbol; count: number; pay: number } | null {
  let best: { symbol: SlotSymbol; count: number; pay: number } | null = null;
  for (const [candidate, pays] of Object.entries(SLOT_LINE_PAYS) as [LineSymbol, readonly number[]][]) {
    let count = 0;
    while (
      count < 5 &&
      (symbols[count] === candidate || (candidate !== 'WILD' && symbols[count] === 'WILD'))
    ) {
      count++;
    }
    const pay = count >= 3 ? pays[count - 3]! : 0;
    if (pay > (best?.pay ?? 0)) best = { symbol: candidate, count, pay };
  }
  return best;
}

/** What a base spin on this grid must pay, by the reference rule, in bets per line. */
function referenceSpin(grid: SlotSymbol[][]) {
  const lineWins = SLOT_LINES.flatMap((rows, line) => {
    const r = referenceLine(rows.map((row, reel) => grid[reel]![row]!));
    return r ? [{ line, symbol: r.symbol, count: r.count, win: BigInt(r.pay) * BET_PER_LINE }] : [];
  });
  const scatterCount = grid.flat().filter((s) => s === 'SCATTER').length;
  const scatterPay = (SLOT_SCATTER_PAYS as Record<number, number>)[scatterCount] ?? 0;
  const scatterWin = BigInt(scatterPay) * TOTAL_BET;
  return { lineWins, scatterCount, scatterWin, lineTotal: lineWins.reduce((s, w) => s + w.win, 0n) };
}

function expectMatchesReference(spin: SlotSpinOutcome) {
  const ref = referenceSpin(spin.grid);
  expect(spin.lineWins).toEqual(ref.lineWins);
  expect(spin.scatterCount).toBe(ref.scatterCount);
  expect(spin.scatterWin).toBe(ref.scatterWin);
  expect(spin.win).toBe((ref.lineTotal + ref.scatterWin) * BigInt(spin.multiplier));
  return ref;
}

/** Plays a base spin on the given stops and checks it against the reference rule. */
function baseSpin(stops: number[]) {
  const rng = scripted(stops);
  const round = playSlotRound(rng, BET_PER_LINE);
  expect(round.base.grid).toEqual(stops.map((stop, reel) => windowAt(reel, stop)));
  expectMatchesReference(round.base);
  return { round, rng };
}

/** The first scatter-free stops (odometer order, reel 5 fastest) whose grid pays nothing by the reference rule. */
function firstLosingStops(): number[] {
  const candidates = SLOT_REEL_STRIPS.map((strip, reel) =>
    strip.flatMap((_, stop) => (noScatter(windowAt(reel, stop)) ? [stop] : [])),
  );
  const at = [0, 0, 0, 0, 0];
  for (let guard = 0; guard < 1_000_000; guard++) {
    const stops = at.map((i, reel) => candidates[reel]![i]!);
    if (referenceSpin(stops.map((stop, reel) => windowAt(reel, stop))).lineWins.length === 0) return stops;
    for (let reel = 4; reel >= 0; reel--) {
      at[reel] = (at[reel]! + 1) % candidates[reel]!.length;
      if (at[reel] !== 0) break;
    }
  }
  throw new Error('no losing grid');
}

const winOn = (spin: SlotSpinOutcome, line: number) => spin.lineWins.find((w) => w.line === line);

describe('slot definition', () => {
  it('has 20 distinct paylines, each crossing one row in 0..2 of each of the 5 reels', () => {
    expect(SLOT_LINES).toHaveLength(20);
    expect(new Set(SLOT_LINES.map((l) => l.join(''))).size).toBe(20);
    for (const line of SLOT_LINES) {
      expect(line).toHaveLength(5);
      for (const row of line) expect([0, 1, 2]).toContain(row);
    }
  });

  it('has 5 strips of 30-40 known symbols, one scatter at most per 3-row window (scatters 3+ apart)', () => {
    expect(SLOT_REEL_STRIPS).toHaveLength(5);
    for (const strip of SLOT_REEL_STRIPS) {
      expect(strip.length).toBeGreaterThanOrEqual(30);
      expect(strip.length).toBeLessThanOrEqual(40);
      for (const s of strip) expect(SLOT_SYMBOLS).toContain(s);
      const scatters = strip.flatMap((s, i) => (s === 'SCATTER' ? [i] : []));
      expect(scatters.length).toBeGreaterThan(0);
      scatters.forEach((at, i) => {
        const next = scatters[(i + 1) % scatters.length]!;
        const gap = (next - at + strip.length) % strip.length || strip.length;
        expect(gap).toBeGreaterThanOrEqual(3);
      });
      // Every symbol can show, so every worked example below is reachable.
      for (const s of SLOT_SYMBOLS) expect(strip).toContain(s);
    }
    // Small enough for scripts/slot-figures.ts to play every combination.
    expect(SLOT_REEL_STRIPS.reduce((p, s) => p * s.length, 1)).toBeLessThan(40_000_000);
  });
});

describe('playSlotRound', () => {
  it('shows strip[stop], strip[stop+1], strip[stop+2] top to bottom, wrapping at the end of the strip', () => {
    const stops = SLOT_REEL_STRIPS.map((s) => s.length - 1);
    const { round } = baseSpin(stops);
    SLOT_REEL_STRIPS.forEach((strip, reel) => {
      expect(round.base.grid[reel]).toEqual([strip[strip.length - 1], strip[0], strip[1]]);
    });
  });

  it('WILD substitutes: K WILD K K on the middle line (not K on reel 5) pays K x4 = 25 x bet per line', () => {
    const { round } = baseSpin([
      findStop(0, middle('K')),
      findStop(1, middle('WILD')),
      findStop(2, middle('K')),
      findStop(3, middle('K')),
      findStop(4, middle('J')),
    ]);
    expect(winOn(round.base, 0)).toEqual({ line: 0, symbol: 'K', count: 4, win: 25n * BET_PER_LINE });
  });

  it('a line starting with wilds pays the better run: WILD WILD WILD K K pays K x5 (125), not WILD x3 (50)', () => {
    const { round } = baseSpin([
      findStop(0, middle('WILD')),
      findStop(1, middle('WILD')),
      findStop(2, middle('WILD')),
      findStop(3, middle('K')),
      findStop(4, middle('K')),
    ]);
    expect(winOn(round.base, 0)).toEqual({ line: 0, symbol: 'K', count: 5, win: 125n * BET_PER_LINE });
  });

  it('... and WILD WILD WILD WILD J pays WILD x4 (250), not J x5 (75)', () => {
    const { round } = baseSpin([
      findStop(0, middle('WILD')),
      findStop(1, middle('WILD')),
      findStop(2, middle('WILD')),
      findStop(3, middle('WILD')),
      findStop(4, middle('J')),
    ]);
    expect(winOn(round.base, 0)).toEqual({ line: 0, symbol: 'WILD', count: 4, win: 250n * BET_PER_LINE });
  });

  it('five WILDs on the middle line pay WILD x5 = 2,500 x bet per line', () => {
    const { round } = baseSpin([0, 1, 2, 3, 4].map((reel) => findStop(reel, middle('WILD'))));
    expect(winOn(round.base, 0)).toEqual({ line: 0, symbol: 'WILD', count: 5, win: 2500n * BET_PER_LINE });
  });

  it('a scatter ends a run: WILD WILD SCATTER on the middle line pays nothing on that line', () => {
    const { round } = baseSpin([
      findStop(0, middle('WILD')),
      findStop(1, middle('WILD')),
      findStop(2, middle('SCATTER')),
      findStop(3, [null, null, null], noScatter),
      findStop(4, [null, null, null], noScatter),
    ]);
    expect(winOn(round.base, 0)).toBeUndefined();
  });

  it('a grid with no 3 of a kind from the left on any line and no scatter pays nothing', () => {
    const stops = firstLosingStops();
    const { round, rng } = baseSpin(stops);
    expect(round.base.lineWins).toEqual([]);
    expect(round.base).toMatchObject({ scatterCount: 0, scatterWin: 0n, freeSpinsAwarded: 0, win: 0n });
    expect(round).toMatchObject({ bet: TOTAL_BET, freeSpins: [], totalWin: 0n });
    expect(rng.left()).toBe(0);
  });

  it('3 scatters pay 2 x total bet and start 10 free spins at 3x; a free spin with 3 scatters pays 3 x (2 x total bet + lines) and awards none', () => {
    const scatterWindow = (reel: number) => findStop(reel, [null, null, null], (w) => w.includes('SCATTER'));
    const threeScatters = [
      scatterWindow(0),
      scatterWindow(1),
      scatterWindow(2),
      findStop(3, [null, null, null], noScatter),
      findStop(4, [null, null, null], noScatter),
    ];
    const losing = firstLosingStops();
    const rng = scripted([
      ...threeScatters,
      ...threeScatters,
      ...Array.from({ length: 9 }, () => losing).flat(),
    ]);
    const round = playSlotRound(rng, BET_PER_LINE);
    expect(rng.left()).toBe(0);

    const base = expectMatchesReference(round.base);
    expect(round.base).toMatchObject({ scatterCount: 3, scatterWin: 2n * TOTAL_BET, freeSpinsAwarded: 10 });
    expect(round.base.multiplier).toBe(1);
    expect(round.base.win).toBe(base.lineTotal + 2n * TOTAL_BET);

    expect(round.freeSpins).toHaveLength(SLOT_FREE_SPINS);
    const [first, ...rest] = round.freeSpins;
    const free = expectMatchesReference(first!);
    expect(first).toMatchObject({ scatterCount: 3, scatterWin: 2n * TOTAL_BET, freeSpinsAwarded: 0 });
    expect(first!.multiplier).toBe(SLOT_FREE_SPIN_MULTIPLIER);
    // Line and scatter wins are reported before the multiplier; the spin's win includes it.
    expect(first!.win).toBe(3n * (free.lineTotal + 2n * TOTAL_BET));
    for (const spin of rest)
      expect(spin).toMatchObject({ lineWins: [], win: 0n, multiplier: 3, freeSpinsAwarded: 0 });
    expect(round.totalWin).toBe(round.base.win + first!.win);
  });

  it('5 scatters pay 50 x total bet', () => {
    const stops = [0, 1, 2, 3, 4].map((reel) => findStop(reel, middle('SCATTER')));
    const rng = scripted([...stops, ...Array.from({ length: 50 }, () => 0)]);
    const round = playSlotRound(rng, BET_PER_LINE);
    expect(round.base).toMatchObject({ scatterCount: 5, scatterWin: 50n * TOTAL_BET, freeSpinsAwarded: 10 });
  });

  it('rejects a bet per line of 0 or less', () => {
    expect(() => playSlotRound(seeded(1), 0n)).toThrow(RangeError);
    expect(() => playSlotRound(seeded(1), -5n)).toThrow(RangeError);
  });

  it('over 20,000 seeded rounds: amounts are bigint multiples of betPerLine and add up, lines follow the reference rule', () => {
    const rng = seeded(42);
    let freeRounds = 0;
    for (let i = 0; i < 20_000; i++) {
      const round = playSlotRound(rng, BET_PER_LINE);
      if (round.bet !== TOTAL_BET) throw new Error(`round ${i}: bet ${round.bet}`);
      for (const spin of [round.base, ...round.freeSpins]) {
        for (const amount of [spin.win, spin.scatterWin, ...spin.lineWins.map((w) => w.win)]) {
          if (typeof amount !== 'bigint' || amount % BET_PER_LINE !== 0n || amount < 0n) {
            throw new Error(`bad amount ${String(amount)} in round ${i}`);
          }
        }
        const lines = spin.lineWins.reduce((s, w) => s + w.win, 0n);
        if (spin.win !== (lines + spin.scatterWin) * BigInt(spin.multiplier)) throw new Error(`round ${i}`);
      }
      if (round.freeSpins.length > 0) {
        freeRounds++;
        expectMatchesReference(round.base);
        round.freeSpins.forEach(expectMatchesReference);
      } else if (i % 50 === 0) {
        expectMatchesReference(round.base);
      }
      const total = round.freeSpins.reduce((s, spin) => s + spin.win, round.base.win);
      if (round.totalWin !== total) throw new Error(`round ${i}: total ${round.totalWin} != ${total}`);
    }
    expect(freeRounds).toBeGreaterThan(50); // about 133 expected: the free-spin path was exercised
  });

  it('playRoundUnits (the simulator path) draws and wins exactly what playSlotRound does', () => {
    const a = seeded(7);
    const b = seeded(7);
    for (let i = 0; i < 20_000; i++) {
      const units = playRoundUnits(a);
      const round = playSlotRound(b, BET_PER_LINE);
      if (BigInt(units) * BET_PER_LINE !== round.totalWin) throw new Error(`round ${i}: ${units} units`);
    }
    expect(a.int(1_000_000)).toBe(b.int(1_000_000));
  });
});

describe('published figures', () => {
  it('the analytic RTP equals the published figure in slot-figures.ts, and lies in 95.5-96.8%', () => {
    const rtp = slotRtp();
    expect(rtp.numerator).toBe(SLOT_FIGURES.rtpNumerator);
    expect(rtp.denominator).toBe(SLOT_FIGURES.rtpDenominator);
    expect(rtp.percent).toBe(SLOT_FIGURES.rtp);
    expect(SLOT_FIGURES.rtp).toBeGreaterThanOrEqual(95.5);
    expect(SLOT_FIGURES.rtp).toBeLessThanOrEqual(96.8);
    expect(rtp.basePercent + rtp.freeSpinsPercent).toBeCloseTo(rtp.precise, 6);
  });

  it('an independent recomputation (reference rule over symbol tuples, exact fractions) gives the same RTP', () => {
    const symbols = SLOT_SYMBOLS as readonly SlotSymbol[];
    const counts = SLOT_REEL_STRIPS.map(
      (strip) => new Map(symbols.map((s) => [s, strip.filter((x) => x === s).length])),
    );
    const d = SLOT_REEL_STRIPS.reduce((p, s) => p * BigInt(s.length), 1n);
    // D * E[one line], in bets per line, over all symbol 5-tuples a line can show.
    let lines = 0n;
    const tuple: SlotSymbol[] = [];
    const walk = (reel: number, weight: bigint) => {
      if (weight === 0n) return;
      if (reel === 5) {
        lines += BigInt(referenceLine(tuple)?.pay ?? 0) * weight;
        return;
      }
      for (const s of symbols) {
        tuple[reel] = s;
        walk(reel + 1, weight * BigInt(counts[reel]!.get(s)!));
      }
    };
    walk(0, 1n);
    // Scatter count over the 5 reels: each window shows one with probability 3 * scatters / length.
    let ways = [1n];
    for (const strip of SLOT_REEL_STRIPS) {
      const seen = 3n * BigInt(strip.filter((s) => s === 'SCATTER').length);
      const miss = BigInt(strip.length) - seen;
      ways = [...ways, 0n].map((_, k) => (ways[k] ?? 0n) * miss + (k > 0 ? ways[k - 1]! * seen : 0n));
    }
    const pays = SLOT_SCATTER_PAYS as Record<number, number>;
    const scatter = ways.reduce((s, w, k) => s + w * BigInt(pays[k] ?? 0), 0n);
    const trigger = ways.slice(3).reduce((s, w) => s + w, 0n);
    // E[round] = E[base] * (1 + P(trigger) * 10 * 3); lines pay per line, 20 lines = 1 total bet.
    const numerator = (lines + scatter) * (d + 30n * trigger);
    const denominator = d * d;
    expect(numerator * SLOT_FIGURES.rtpDenominator).toBe(SLOT_FIGURES.rtpNumerator * denominator);
  });

  it('the published hit rate (32% range) matches a count over reels 1-3: every 3 of a kind pays, so those reels decide the lines', () => {
    const [l0, l1, l2, l3, l4] = SLOT_REEL_STRIPS.map((s) => s.length) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const scatterOn = (reel: number, stop: number) => (windowAt(reel, stop).includes('SCATTER') ? 1 : 0);
    // Stop pairs of reels 4 and 5 by how many scatters they show.
    const tail = [0, 0, 0];
    for (let d = 0; d < l3; d++) for (let e = 0; e < l4; e++) tail[scatterOn(3, d) + scatterOn(4, e)]!++;
    let hits = 0;
    for (let a = 0; a < l0; a++) {
      for (let b = 0; b < l1; b++) {
        for (let c = 0; c < l2; c++) {
          const w = [windowAt(0, a), windowAt(1, b), windowAt(2, c)];
          const lineHit = SLOT_LINES.some((rows) =>
            referenceLine([w[0]![rows[0]!]!, w[1]![rows[1]!]!, w[2]![rows[2]!]!, 'SCATTER', 'SCATTER']),
          );
          if (lineHit) {
            hits += l3 * l4;
            continue;
          }
          const head = scatterOn(0, a) + scatterOn(1, b) + scatterOn(2, c);
          tail.forEach((ways, k) => {
            if (head + k >= 3) hits += ways; // 3 scatters is the fewest that pay
          });
        }
      }
    }
    expect(hits).toBe(SLOT_FIGURES.hitCombinations);
    expect(l0 * l1 * l2 * l3 * l4).toBe(SLOT_FIGURES.combinations);
    expect(SLOT_FIGURES.hitRate).toBe(Math.round((hits / SLOT_FIGURES.combinations) * 10_000) / 100);
    expect(SLOT_FIGURES.hitRate).toBeGreaterThanOrEqual(25);
    expect(SLOT_FIGURES.hitRate).toBeLessThanOrEqual(40);
  });
});
