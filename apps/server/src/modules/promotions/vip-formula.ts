/**
 * The pure side of VIP levels: which level a member's lifetime figures reach, which
 * upgrades that pays, and what the next level still needs. Minor units in, no database.
 */

/** A level's thresholds: both must be met (either may be 0). */
export interface LevelThresholds {
  level: number;
  minTurnover: bigint;
  minDeposit: bigint;
}

/**
 * The highest level whose thresholds the figures meet; 0 when none (level 0 is an ordinary
 * member). Levels are not assumed to rise in both figures: the highest level met wins, and
 * reaching it counts as reaching every level below it (upgradesTo).
 */
export function levelFor(levels: readonly LevelThresholds[], turnover: bigint, deposits: bigint): number {
  let best = 0;
  for (const l of levels) {
    if (l.level > best && turnover >= l.minTurnover && deposits >= l.minDeposit) best = l.level;
  }
  return best;
}

/**
 * The levels a member passes going from `current` to `target` (each pays its upgrade bonus once):
 * every configured level above `current` up to `target`, in order. Empty when `target` is not
 * higher (levels never go down).
 */
export function upgradesTo(levels: readonly LevelThresholds[], current: number, target: number): number[] {
  return levels
    .map((l) => l.level)
    .filter((l) => l > current && l <= target)
    .sort((a, b) => a - b);
}

/** The next configured level above `current`, or null at the top. */
export function nextLevel<L extends LevelThresholds>(levels: readonly L[], current: number): L | null {
  let next: L | null = null;
  for (const l of levels) if (l.level > current && (!next || l.level < next.level)) next = l;
  return next;
}

/** What is still missing to reach `min` (never negative). */
export const stillNeeded = (min: bigint, have: bigint): bigint => (have >= min ? 0n : min - have);
