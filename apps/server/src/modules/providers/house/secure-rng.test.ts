import { describe, expect, it } from 'vitest';
import { SecureRng, type ByteSource } from './secure-rng';

/** A byte source that hands out the given little-endian 32-bit words, then fails. */
function words(...values: number[]): { source: ByteSource; calls: number[] } {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setUint32(i * 4, v, true));
  let used = 0;
  const calls: number[] = [];
  const source: ByteSource = (size) => {
    calls.push(size);
    if (used >= bytes.length) throw new Error('script exhausted');
    const chunk = bytes.subarray(used, used + size);
    used += chunk.length;
    return chunk;
  };
  return { source, calls };
}

describe('SecureRng', () => {
  it('draws integers in [0, n) for n = 1, 2, 3, 7, 36, 1000 and 2^32', () => {
    const rng = new SecureRng();
    for (const n of [1, 2, 3, 7, 36, 1000, 2 ** 32]) {
      let outside = 0;
      let top = 0;
      for (let i = 0; i < 20_000; i++) {
        const v = rng.int(n);
        if (!Number.isInteger(v) || v < 0 || v >= n) outside++;
        top = Math.max(top, v);
      }
      expect(outside, `n = ${n}`).toBe(0);
      // The top of the range is reached too (all but certain for n <= 1000 in 20,000 draws).
      if (n <= 1000) expect(top).toBe(n - 1);
    }
  });

  it('rejects n that is not an integer in [1, 2^32]', () => {
    const rng = new SecureRng();
    for (const n of [0, -1, 2.5, Number.NaN, Infinity, 2 ** 32 + 1])
      expect(() => rng.int(n)).toThrow(RangeError);
  });

  it('n = 3: rejects the word 0xFFFFFFFF (2^32 - 1 is the largest multiple of 3) and uses the next: 7 % 3 = 1', () => {
    const { source } = words(0xffffffff, 7);
    expect(new SecureRng(source, 8).int(3)).toBe(1);
  });

  it('n = 6: words 0xFFFFFFFC..0xFFFFFFFF are rejected, 0xFFFFFFFB (2^32 - 5) is kept and gives 5', () => {
    const { source } = words(0xfffffffc, 0xfffffffd, 0xfffffffe, 0xffffffff, 0xfffffffb);
    expect(new SecureRng(source, 20).int(6)).toBe(5);
  });

  it('reads little-endian words in order and refills a whole chunk when one runs out', () => {
    const { source, calls } = words(10, 11, 12, 13, 14);
    const rng = new SecureRng(source, 8);
    expect([rng.int(100), rng.int(100), rng.int(100), rng.int(100)]).toEqual([10, 11, 12, 13]);
    expect(calls).toEqual([8, 8]);
  });

  it('drops a chunk tail shorter than a word: chunk size 6 uses bytes 0-3, then the next chunk', () => {
    const { source } = words(21, 0xdeadbeef, 22);
    // First chunk: word 21 and half of 0xdeadbeef (dropped); second chunk starts at the other half.
    const rng = new SecureRng(source, 6);
    expect(rng.int(1000)).toBe(21);
    const second = rng.int(2 ** 32);
    expect(second).toBe(((22 & 0xffff) * 0x10000 + (0xdeadbeef >>> 16)) >>> 0);
  });

  it('is uniform over 6 buckets: 600,000 draws, every bucket within 2% of 100,000 and chi-square < 50', () => {
    const rng = new SecureRng();
    const buckets = new Array<number>(6).fill(0);
    for (let i = 0; i < 600_000; i++) buckets[rng.int(6)]!++;
    const expected = 100_000;
    // One bucket's standard deviation is about 290, so 2,000 is about 7 of them; chi-square with
    // 5 degrees of freedom is above 50 with probability about 1e-9: neither can flake.
    for (const count of buckets) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.02);
    const chiSquare = buckets.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(50);
  });
});
