import type { FishSpecies, FishSpeciesId } from '@app/contracts';

/**
 * The sea the player shoots into: where each fish is, how it swims, which fish a tap hits. Pure
 * (no canvas, no clock of its own) so it can be tested; the canvas steps it every frame. What a
 * shot wins is never decided here: the server answers it.
 */

export interface OceanFish {
  key: number;
  species: FishSpeciesId;
  multiplier: number;
  boss: boolean;
  /** Half the body length, in CSS pixels. */
  radius: number;
  x: number;
  y: number;
  /** 1: swims right, -1: swims left. */
  dir: 1 | -1;
  /** Pixels per second (0 when motion is reduced). */
  speed: number;
  baseY: number;
  amp: number;
  /** Radians per second of the up-and-down wave. */
  freq: number;
  phase: number;
  state: 'swim' | 'caught';
  /** Ocean clock (ms) when caught. */
  caughtAt: number;
}

export type Effect =
  | {
      kind: 'bullet';
      id: number;
      fromX: number;
      fromY: number;
      toX: number;
      toY: number;
      start: number;
      ms: number;
    }
  | { kind: 'burst'; x: number; y: number; start: number }
  | { kind: 'win'; x: number; y: number; text: string; start: number; big: boolean };

export interface Ocean {
  width: number;
  height: number;
  fish: OceanFish[];
  effects: Effect[];
  /** Milliseconds the sea has run (paused while the page is hidden). */
  clock: number;
  nextKey: number;
  species: readonly FishSpecies[];
  /** Reduced motion: fish hold still and are replaced where they were caught. */
  still: boolean;
  rand: () => number;
}

/** How long a caught fish lingers (its explosion), and an effect lives. */
export const CAUGHT_MS = 900;
export const EFFECT_MS = { burst: 450, win: 1400 } as const;

/** Body size grows with the multiplier, and with the sea (phones get smaller fish). */
function fishRadius(multiplier: number, width: number, height: number): number {
  const scale = Math.min(1.15, Math.max(0.62, Math.min(width, height * 1.4) / 560));
  return Math.round((11 + 7.5 * Math.log2(Math.max(1, multiplier))) * scale);
}

/** Fish in the sea at once, by its area. */
export const targetCount = (width: number, height: number) =>
  Math.min(16, Math.max(6, Math.round((width * height) / 24_000)));

/** Small fish are common, big ones rare; the boss rarest, and one at a time. */
function pickSpecies(o: Ocean): FishSpecies {
  const bossOut = o.fish.some((f) => f.boss && f.state === 'swim');
  const pool = o.species.filter((s) => !(s.boss && bossOut));
  const weight = (s: FishSpecies) => (s.boss ? 0.12 : 1 / Math.pow(s.multiplier, 0.55));
  const total = pool.reduce((sum, s) => sum + weight(s), 0);
  let r = o.rand() * total;
  for (const s of pool) {
    r -= weight(s);
    if (r <= 0) return s;
  }
  return pool[pool.length - 1]!;
}

function spawn(o: Ocean, anywhere: boolean): OceanFish {
  const s = pickSpecies(o);
  const radius = fishRadius(s.multiplier, o.width, o.height);
  const dir: 1 | -1 = o.rand() < 0.5 ? 1 : -1;
  const margin = radius * 0.8;
  const baseY = margin + o.rand() * Math.max(1, o.height * 0.78 - 2 * margin);
  // Big fish swim slower: a chance to aim at them.
  const speed = o.still ? 0 : (28 + o.rand() * 36) * (s.boss ? 0.55 : 1 / Math.pow(s.multiplier, 0.12));
  const x =
    anywhere || o.still
      ? radius + o.rand() * Math.max(1, o.width - 2 * radius)
      : dir === 1
        ? -radius
        : o.width + radius;
  return {
    key: o.nextKey++,
    species: s.id,
    multiplier: s.multiplier,
    boss: s.boss,
    radius,
    x,
    y: baseY,
    dir,
    speed,
    baseY,
    amp: o.still ? 0 : 6 + o.rand() * 14,
    freq: 0.6 + o.rand() * 0.9,
    phase: o.rand() * Math.PI * 2,
    state: 'swim',
    caughtAt: 0,
  };
}

export function createOcean(
  species: readonly FishSpecies[],
  width: number,
  height: number,
  opts: { still?: boolean; rand?: () => number } = {},
): Ocean {
  const o: Ocean = {
    width,
    height,
    fish: [],
    effects: [],
    clock: 0,
    nextKey: 1,
    species,
    still: opts.still ?? false,
    rand: opts.rand ?? Math.random,
  };
  const n = targetCount(width, height);
  for (let i = 0; i < n; i++) o.fish.push(spawn(o, true));
  return o;
}

/** Advances the sea by `dtMs`: fish swim, those gone off the edge or long caught leave, new ones come. */
export function stepOcean(o: Ocean, dtMs: number): void {
  // A long frame (a stall, a hidden tab) must not throw the fish across the sea.
  const dt = Math.min(Math.max(0, dtMs), 100);
  o.clock += dt;
  const t = o.clock / 1000;
  for (const f of o.fish) {
    if (f.state !== 'swim') continue;
    f.x += f.dir * f.speed * (dt / 1000);
    f.y = f.baseY + Math.sin(t * f.freq + f.phase) * f.amp;
  }
  o.fish = o.fish.filter((f) =>
    f.state === 'caught'
      ? o.clock - f.caughtAt < CAUGHT_MS
      : f.x > -f.radius * 1.5 && f.x < o.width + f.radius * 1.5,
  );
  const swimming = o.fish.filter((f) => f.state === 'swim').length;
  if (swimming < targetCount(o.width, o.height)) o.fish.push(spawn(o, false));
  o.effects = o.effects.filter((e) =>
    e.kind === 'bullet' ? o.clock - e.start < e.ms + 50 : o.clock - e.start < EFFECT_MS[e.kind],
  );
}

/** Fits the sea to a new size, keeping each fish where it was relative to the sea. */
export function resizeOcean(o: Ocean, width: number, height: number): void {
  if (width === o.width && height === o.height) return;
  const sx = width / Math.max(1, o.width);
  const sy = height / Math.max(1, o.height);
  for (const f of o.fish) {
    f.x *= sx;
    f.baseY *= sy;
    f.y *= sy;
    f.radius = fishRadius(f.multiplier, width, height);
  }
  o.width = width;
  o.height = height;
}

/** Whether (x, y) is on the fish (its body, with room for a finger on small fish). */
function hits(f: OceanFish, x: number, y: number): boolean {
  const rx = Math.max(f.radius * 1.1, 22);
  const ry = Math.max(f.radius * 0.75, 20);
  const dx = (x - f.x) / rx;
  const dy = (y - f.y) / ry;
  return dx * dx + dy * dy <= 1;
}

/** The swimming fish under a tap: the one drawn on top (the last), if any. */
export function fishAt(o: Ocean, x: number, y: number): OceanFish | null {
  for (let i = o.fish.length - 1; i >= 0; i--) {
    const f = o.fish[i]!;
    if (f.state === 'swim' && hits(f, x, y)) return f;
  }
  return null;
}

export const findFish = (o: Ocean, key: number | null): OceanFish | null =>
  key === null ? null : (o.fish.find((f) => f.key === key && f.state === 'swim') ?? null);

/**
 * The next fish to aim at from the keyboard: swimming fish in order across the sea, left to
 * right; `step` 1 goes right, -1 left, 0 keeps the current one if it is still there.
 */
export function cycleTarget(o: Ocean, current: number | null, step: 1 | -1 | 0): number | null {
  const order = o.fish
    .filter((f) => f.state === 'swim' && f.x > 0 && f.x < o.width)
    .sort((a, b) => a.x - b.x || a.key - b.key);
  if (order.length === 0) return null;
  const at = order.findIndex((f) => f.key === current);
  if (at < 0) return order[step === -1 ? order.length - 1 : 0]!.key;
  if (step === 0) return current;
  return order[(at + step + order.length) % order.length]!.key;
}

/** Marks a fish caught: it stops and shows its explosion, then leaves. */
export function catchFish(o: Ocean, key: number): void {
  const f = o.fish.find((x) => x.key === key);
  if (!f || f.state !== 'swim') return;
  f.state = 'caught';
  f.caughtAt = o.clock;
}

export function addEffect(o: Ocean, e: Effect): void {
  o.effects.push(e);
}
