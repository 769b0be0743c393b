import { describe, expect, it } from 'vitest';
import { cryptoRng, drawPrize, prizeChances, type Prize, type Rng } from './raffle-rules';

const PRIZES: Prize[] = [
  { seq: 0, amount: 8_00n, weight: 50 },
  { seq: 1, amount: 18_00n, weight: 30 },
  { seq: 2, amount: 38_00n, weight: 15 },
  { seq: 3, amount: 88_00n, weight: 4 },
  { seq: 4, amount: 388_00n, weight: 1 },
];

/** An rng that answers these values in turn and records what it was asked for. */
function scripted(values: number[]): Rng & { asked: number[] } {
  const asked: number[] = [];
  let i = 0;
  return {
    asked,
    int(n) {
      asked.push(n);
      return values[i++]!;
    },
  };
}

describe('drawPrize', () => {
  it('draws from the whole weight and maps each value to its prize’s range', () => {
    const expected: [number, number][] = [
      [0, 0],
      [49, 0],
      [50, 1],
      [79, 1],
      [80, 2],
      [94, 2],
      [95, 3],
      [98, 3],
      [99, 4],
    ];
    for (const [r, seq] of expected) {
      const rng = scripted([r]);
      expect(drawPrize(PRIZES, rng).seq).toBe(seq);
      expect(rng.asked).toEqual([100]);
    }
  });

  it('gives every prize exactly weight values of the range (each value once: chance = weight / total)', () => {
    const counts = new Map<number, number>();
    for (let r = 0; r < 100; r++) {
      const seq = drawPrize(PRIZES, scripted([r])).seq;
      counts.set(seq, (counts.get(seq) ?? 0) + 1);
    }
    expect([...counts.entries()].sort((a, b) => a[0] - b[0])).toEqual(PRIZES.map((p) => [p.seq, p.weight]));
  });

  it('with the crypto rng lands in the published chances (500 000 draws, 5 sigma)', () => {
    const n = 500_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const seq = drawPrize(PRIZES, cryptoRng).seq;
      counts.set(seq, (counts.get(seq) ?? 0) + 1);
    }
    for (const p of PRIZES) {
      const chance = p.weight / 100;
      const sigma = Math.sqrt(n * chance * (1 - chance));
      expect(Math.abs((counts.get(p.seq) ?? 0) - n * chance)).toBeLessThan(5 * sigma);
    }
  });

  it('refuses an empty table, a bad weight, and an rng out of range', () => {
    expect(() => drawPrize([], cryptoRng)).toThrow('no prizes');
    expect(() => drawPrize([{ seq: 0, amount: 1n, weight: 0 }], cryptoRng)).toThrow('bad weight');
    expect(() => drawPrize([{ seq: 0, amount: 1n, weight: 1.5 }], cryptoRng)).toThrow('bad weight');
    expect(() => drawPrize(PRIZES, scripted([100]))).toThrow('rng returned 100');
  });
});

describe('prizeChances', () => {
  it('gives each prize its chance in percent with 2 decimals', () => {
    expect(prizeChances(PRIZES).map((p) => p.chance)).toEqual([50, 30, 15, 4, 1]);
    expect(
      prizeChances([
        { seq: 0, amount: 1n, weight: 1 },
        { seq: 1, amount: 2n, weight: 2 },
      ]).map((p) => p.chance),
    ).toEqual([33.33, 66.67]);
  });
});
