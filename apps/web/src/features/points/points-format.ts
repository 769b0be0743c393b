import { convertPoints, fromMinor, POINTS_LIMITS } from '@app/contracts';

/** Whole points for display: "12,500". */
export const showPoints = (points: number): string => Math.trunc(points).toLocaleString('en-US');

type ConvertProblem = 'required' | 'format' | 'min' | 'over';

/**
 * What the conversion form says about a typed number of points: a problem, or the cash it pays
 * and the points it takes (the server's arithmetic, from contracts, so the preview is exact).
 */
export function convertPreview(
  text: string,
  rules: { pointsPerUnit: number; minPoints: number },
  balance: number,
): { ok: false; problem: ConvertProblem } | { ok: true; points: number; pointsUsed: number; amount: number } {
  const typed = text.trim();
  if (typed === '') return { ok: false, problem: 'required' };
  if (!/^\d{1,10}$/.test(typed)) return { ok: false, problem: 'format' };
  const points = Number(typed);
  if (points < 1 || points > POINTS_LIMITS.maxPoints) return { ok: false, problem: 'format' };
  if (points < rules.minPoints) return { ok: false, problem: 'min' };
  if (points > balance) return { ok: false, problem: 'over' };
  const c = convertPoints(BigInt(points), rules.pointsPerUnit);
  if (c.amountMinor <= 0n) return { ok: false, problem: 'min' };
  return { ok: true, points, pointsUsed: Number(c.pointsUsed), amount: fromMinor(c.amountMinor) };
}
