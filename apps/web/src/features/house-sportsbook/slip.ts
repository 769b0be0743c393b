import type { SportsbookMarket, SportsbookPick } from '@app/contracts';

/** One selection in the bet slip, with the odds the player saw. */
export interface SlipItem {
  fixtureId: string;
  market: SportsbookMarket;
  line?: number;
  pick: SportsbookPick;
  odds: number;
  /** What the slip shows: "ASH v KGM", the market and the pick. */
  matchLabel: string;
  pickLabel: string;
  /** Set when the server answered other odds for this selection (the slip shows both). */
  previousOdds?: number;
}

export const selectionId = (s: { fixtureId: string; market: string; line?: number; pick: string }) =>
  `${s.fixtureId}/${s.market}/${s.line ?? ''}/${s.pick}`;

/**
 * Taps an odds button: the same selection again removes it; another selection of a match already
 * in the slip replaces that one (a match appears once: selections of one match cannot be combined).
 */
export function toggleSelection(slip: readonly SlipItem[], item: SlipItem): SlipItem[] {
  const id = selectionId(item);
  if (slip.some((s) => selectionId(s) === id)) return slip.filter((s) => selectionId(s) !== id);
  const i = slip.findIndex((s) => s.fixtureId === item.fixtureId);
  if (i >= 0) return slip.map((s, k) => (k === i ? item : s));
  return [...slip, item];
}

/** Cents of a money amount typed or shown (null when it is not a valid amount of at most 2 decimals). */
export function toCents(text: string | number): number | null {
  const s = typeof text === 'number' ? String(text) : text.trim();
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * What a bet returns if it wins, stake included, rounded down to the cent as the server does:
 * stake × product of the odds. Odds are whole hundredths, so this is exact integer arithmetic.
 */
export function potentialReturn(stake: number, odds: readonly number[]): number {
  const cents = toCents(stake.toFixed(2));
  if (cents === null) return 0;
  let numerator = BigInt(cents);
  let denominator = 1n;
  for (const o of odds) {
    numerator *= BigInt(Math.round(o * 100));
    denominator *= 100n;
  }
  return Number(numerator / denominator) / 100;
}

/** Product of the odds (a parlay's odds), as shown: two decimals, rounded down. */
export const combinedOdds = (odds: readonly number[]) => potentialReturn(1, odds);
