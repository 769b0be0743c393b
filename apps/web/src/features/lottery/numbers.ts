import type { LotteryPick } from '@app/contracts';

/** Why a line's numbers cannot be bet (null: they can). */
type NumberProblem = 'count' | 'format' | 'range' | 'distinct';

/** A number as the bet type writes it: digits only, leading zeros to its width ("7" → "07"). */
export function padNumber(pick: Pick<LotteryPick, 'digits'>, value: number): string {
  return String(value).padStart(pick.digits, '0');
}

/** Every number the bet type allows, in order ("00".."99", "01".."45", "0".."27"). */
export function allNumbers(pick: Pick<LotteryPick, 'digits' | 'min' | 'max'>): string[] {
  const out: string[] = [];
  for (let v = pick.min; v <= pick.max; v++) out.push(padNumber(pick, v));
  return out;
}

/**
 * Whether the numbers fit the bet type (the server checks the same): as many as it names, each of
 * exactly its digits within its range, and different from each other where it says so.
 */
export function checkNumbers(pick: LotteryPick, numbers: readonly string[]): NumberProblem | null {
  if (numbers.length !== pick.count) return 'count';
  for (const n of numbers) {
    if (!/^\d+$/.test(n) || n.length !== pick.digits) return 'format';
    const v = Number(n);
    if (v < pick.min || v > pick.max) return 'range';
  }
  if (pick.distinct && new Set(numbers).size !== numbers.length) return 'distinct';
  return null;
}

/**
 * Numbers typed in a box ("12 34,56"): split at spaces, commas and semicolons; a shorter number
 * of digits gets its leading zeros ("7" for a 2-digit type is "07"). What is not a number of the
 * type's digits is returned apart, so the player sees what was not taken.
 */
export function parseTyped(
  pick: Pick<LotteryPick, 'digits' | 'min' | 'max'>,
  text: string,
): { numbers: string[]; rejected: string[] } {
  const numbers: string[] = [];
  const rejected: string[] = [];
  for (const part of text.split(/[\s,;.]+/)) {
    if (part === '') continue;
    if (!/^\d+$/.test(part) || part.length > pick.digits) {
      rejected.push(part);
      continue;
    }
    const v = Number(part);
    if (v < pick.min || v > pick.max) {
      rejected.push(part);
      continue;
    }
    const n = padNumber(pick, v);
    if (!numbers.includes(n)) numbers.push(n);
  }
  return { numbers, rejected };
}

/** The lines a selection makes: one number per line, or the whole selection as one line (xien). */
export function linesOf(pick: Pick<LotteryPick, 'count'>, selected: readonly string[]): string[][] {
  if (pick.count === 0) return [[]];
  if (pick.count === 1) return selected.map((n) => [n]);
  return selected.length === pick.count ? [[...selected].sort()] : [];
}
