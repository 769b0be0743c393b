/**
 * Odds move between the moment a player reads them and the moment the bet reaches the server.
 * The house accepts better odds automatically: if the odds now are at least those the player saw,
 * the bet is placed at the odds now (never less than seen); if they got worse, the bet is refused
 * and the player is shown the new odds to confirm. Odds are integer thousandths (see pricing.ts).
 */

type OddsCheck =
  /** Place the bet at `odds` (the current odds, at least the odds seen). */
  | { accepted: true; odds: number }
  /** The odds dropped: refuse and show `odds` (the current odds) for the player to confirm. */
  | { accepted: false; odds: number };

function assertOdds(odds: number, name: string): void {
  if (!Number.isInteger(odds) || odds < 1000)
    throw new RangeError(`${name} odds must be integer thousandths >= 1000`);
}

export function checkOddsChange(seen: number, current: number): OddsCheck {
  assertOdds(seen, 'seen');
  assertOdds(current, 'current');
  return { accepted: current >= seen, odds: current };
}

interface ParlayOddsCheck {
  /** True only if no leg's odds dropped. */
  accepted: boolean;
  /** Current odds of every leg, in the order given. */
  odds: number[];
  /** Indices of the legs whose odds dropped (empty when accepted). */
  dropped: number[];
}

/** The same rule leg by leg: one leg whose odds dropped refuses the whole parlay. */
export function checkParlayOddsChange(seen: readonly number[], current: readonly number[]): ParlayOddsCheck {
  if (seen.length !== current.length) throw new RangeError('seen and current must have one entry per leg');
  const dropped: number[] = [];
  seen.forEach((s, i) => {
    if (!checkOddsChange(s, current[i]!).accepted) dropped.push(i);
  });
  return { accepted: dropped.length === 0, odds: [...current], dropped };
}
