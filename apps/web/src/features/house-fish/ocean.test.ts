import type { FishSpecies } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { catchFish, createOcean, cycleTarget, fishAt, resizeOcean, stepOcean, targetCount } from './ocean';

const SPECIES: FishSpecies[] = [
  { id: 'CLOWNFISH', multiplier: 2, captureHits: 24, captureOutOf: 50, boss: false },
  { id: 'SHARK', multiplier: 50, captureHits: 24, captureOutOf: 1250, boss: false },
  { id: 'DRAGON_KING', multiplier: 300, captureHits: 24, captureOutOf: 7500, boss: true },
];

/** mulberry32: a reproducible sea. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('ocean', () => {
  it('fills the sea, keeps it filled, never more than one boss swimming', () => {
    const o = createOcean(SPECIES, 375, 420, { rand: seeded(1) });
    expect(o.fish).toHaveLength(targetCount(375, 420));
    for (let i = 0; i < 5000; i++) {
      stepOcean(o, 16);
      expect(o.fish.filter((f) => f.boss && f.state === 'swim').length).toBeLessThanOrEqual(1);
    }
    expect(o.fish.filter((f) => f.state === 'swim').length).toBeGreaterThanOrEqual(targetCount(375, 420) - 1);
  });

  it('a tap hits the fish under it (the top one), not open water; a caught fish leaves', () => {
    const o = createOcean(SPECIES, 600, 400, { rand: seeded(2), still: true });
    const f = o.fish[o.fish.length - 1]!;
    expect(fishAt(o, f.x, f.y)?.key).toBe(f.key);
    expect(fishAt(o, -500, -500)).toBeNull();
    catchFish(o, f.key);
    expect(fishAt(o, f.x, f.y)?.key).not.toBe(f.key);
    for (let i = 0; i < 20; i++) stepOcean(o, 100);
    expect(o.fish.some((x) => x.key === f.key)).toBe(false);
    expect(o.fish.filter((x) => x.state === 'swim')).toHaveLength(targetCount(600, 400));
  });

  it('with reduced motion fish hold still; a long frame is clamped', () => {
    const still = createOcean(SPECIES, 500, 400, { rand: seeded(3), still: true });
    const at = still.fish.map((f) => [f.x, f.y]);
    stepOcean(still, 5000);
    expect(still.fish.map((f) => [f.x, f.y])).toEqual(at);
    const moving = createOcean(SPECIES, 500, 400, { rand: seeded(3) });
    const x0 = moving.fish[0]!.x;
    stepOcean(moving, 60_000);
    expect(Math.abs(moving.fish[0]!.x - x0)).toBeLessThan(10);
  });

  it('the keyboard cycles through fish left to right and wraps', () => {
    const o = createOcean(SPECIES, 800, 400, { rand: seeded(4), still: true });
    const order = [...o.fish].sort((a, b) => a.x - b.x).map((f) => f.key);
    let k = cycleTarget(o, null, 0);
    expect(k).toBe(order[0]);
    for (const want of [...order.slice(1), order[0]]) {
      k = cycleTarget(o, k, 1);
      expect(k).toBe(want);
    }
    expect(cycleTarget(o, order[0]!, -1)).toBe(order.at(-1));
  });

  it('resizing keeps fish in place relative to the sea', () => {
    const o = createOcean(SPECIES, 400, 400, { rand: seeded(5), still: true });
    const f = o.fish[0]!;
    const rel = f.x / 400;
    resizeOcean(o, 800, 400);
    expect(f.x / 800).toBeCloseTo(rel, 6);
  });
});
