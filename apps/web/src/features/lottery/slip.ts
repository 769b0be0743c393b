import { toMinor } from '@app/contracts';

/** A line of the bet slip: a bet type, its numbers and the stake as typed. */
export interface SlipLine {
  /** Stable id of the line in the slip (React key, removal). */
  id: string;
  betType: string;
  numbers: string[];
  stake: string;
}

/** What the slip checks a line against: its bet type's stake limits and odds. */
interface LineLimits {
  minStake: number;
  maxStake: number;
  odds: number;
}

type StakeProblem = 'stake' | 'min' | 'max';

/** A line's stake in minor units, or null when it is not an amount. */
const stakeMinor = (stake: string): bigint | null => {
  const m = toMinor(stake);
  return m === null || m === 0n ? null : m;
};

export function stakeProblem(
  stake: string,
  limits: Pick<LineLimits, 'minStake' | 'maxStake'>,
): StakeProblem | null {
  const m = stakeMinor(stake);
  if (m === null) return 'stake';
  if (m < toMinor(limits.minStake.toFixed(2))!) return 'min';
  if (m > toMinor(limits.maxStake.toFixed(2))!) return 'max';
  return null;
}

/** The slip's total stake, minor units (lines without a valid amount count 0). */
export function slipTotal(lines: readonly Pick<SlipLine, 'stake'>[]): bigint {
  return lines.reduce((sum, l) => sum + (stakeMinor(l.stake) ?? 0n), 0n);
}

/**
 * What a line returns if its pick comes up once, stake included, minor units rounded down (as the
 * server pays): stake × odds. Odds are whole hundredths, so this is exact integer arithmetic.
 */
export function lineReturn(stake: string, odds: number): bigint {
  const m = stakeMinor(stake);
  if (m === null) return 0n;
  return (m * BigInt(Math.round(odds * 100))) / 100n;
}

/** The same key for the same bet (type and numbers): a pick already in the slip is not added twice. */
const lineKey = (l: Pick<SlipLine, 'betType' | 'numbers'>) => `${l.betType}:${l.numbers.join('-')}`;

/** Adds lines not yet in the slip, up to `max` lines; answers the new slip and how many did not fit. */
export function addLines(
  slip: readonly SlipLine[],
  add: readonly SlipLine[],
  max: number,
): { slip: SlipLine[]; dropped: number } {
  const keys = new Set(slip.map(lineKey));
  const next = [...slip];
  let dropped = 0;
  for (const l of add) {
    const key = lineKey(l);
    if (keys.has(key)) continue;
    if (next.length >= max) {
      dropped++;
      continue;
    }
    keys.add(key);
    next.push(l);
  }
  return { slip: next, dropped };
}
