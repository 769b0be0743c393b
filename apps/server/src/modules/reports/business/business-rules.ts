import { RTP_FLAG_MIN_ROUNDS, RTP_FLAG_STANDARD_ERRORS, type BusinessGroupBy } from '@app/contracts';
import { dayText, parseDay } from '../../../platform/periods';

/** One bucket of a summary: its key (first day of the week or month) and its days inside the period. */
export interface Bucket {
  bucket: string;
  from: string;
  to: string;
}

/** The first day of the bucket that holds `day` (day numbers since 1970-01-01). */
function bucketStart(day: number, groupBy: BusinessGroupBy): number {
  if (groupBy === 'day') return day;
  if (groupBy === 'week') return day - ((((day - 4) % 7) + 7) % 7); // 1970-01-01 was a Thursday.
  return parseDay(`${dayText(day).slice(0, 8)}01`);
}

/**
 * Every bucket of the period from..to (yyyy-mm-dd, both included), in order: days; weeks from
 * Monday; calendar months. The first and last may be cut by the period (`from`/`to` say where).
 */
export function buckets(from: string, to: string, groupBy: BusinessGroupBy): Bucket[] {
  const start = parseDay(from);
  const end = parseDay(to);
  const out: Bucket[] = [];
  let day = start;
  while (day <= end) {
    const key = bucketStart(day, groupBy);
    let last = day;
    while (last + 1 <= end && bucketStart(last + 1, groupBy) === key) last += 1;
    out.push({ bucket: dayText(key), from: dayText(day), to: dayText(last) });
    day = last + 1;
  }
  return out;
}

/** What the RTP check reads of a game over the period (minor units; ratioSq: Σ (payout/stake)²). */
export interface RtpInput {
  settled: bigint;
  settledStake: bigint;
  payout: bigint;
  ratioSq: number;
  /** Percent, or null when the game publishes none. */
  publishedRtp: number | null;
}

export interface RtpCheck {
  /** Payouts / settled stakes, percent; null when nothing settled. */
  measuredRtp: number | null;
  /** The standard error of the measured return, percent points; null below two settled bets. */
  standardError: number | null;
  flag: boolean;
}

/**
 * A game's measured return against its published one. The return of one bet is payout / stake;
 * over n settled bets its variance is Σr²/n − m² (m: the measured return, payouts / stakes), and
 * the standard error of m is √(variance / n). The game is flagged when n ≥ RTP_FLAG_MIN_ROUNDS
 * and |m − published| > RTP_FLAG_STANDARD_ERRORS standard errors: a fair game strays that far
 * about once in 16,000 checks, a faulty or rigged one soon does for good.
 */
export function rtpCheck(g: RtpInput): RtpCheck {
  if (g.settled <= 0n || g.settledStake <= 0n) return { measuredRtp: null, standardError: null, flag: false };
  const n = Number(g.settled);
  const mean = Number(g.payout) / Number(g.settledStake);
  const variance = Math.max(0, g.ratioSq / n - mean * mean);
  const se = n >= 2 ? Math.sqrt(variance / n) : null;
  const flag =
    g.publishedRtp !== null &&
    se !== null &&
    n >= RTP_FLAG_MIN_ROUNDS &&
    Math.abs(mean - g.publishedRtp / 100) > RTP_FLAG_STANDARD_ERRORS * se;
  return { measuredRtp: round(mean * 100, 4), standardError: se === null ? null : round(se * 100, 4), flag };
}

/** part / whole as a percent (2 decimals kept as 4 for sorting), null when whole is 0. */
export function percentOf(part: bigint, whole: bigint): number | null {
  if (whole === 0n) return null;
  return round((Number(part) / Number(whole)) * 100, 4);
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
