import type { LotteryBetTypeInfo } from '@app/contracts';

/**
 * The betting page's tabs: each bet type that names numbers is a tab of its own; the fast games'
 * big/small and odd/even bets (no numbers) share one tab, "sides".
 */
export interface PickerGroup {
  key: string;
  types: LotteryBetTypeInfo[];
}

export const SIDES = 'SIDES' as const;

export function pickerGroups(betTypes: readonly LotteryBetTypeInfo[]): PickerGroup[] {
  const groups: PickerGroup[] = [];
  for (const b of betTypes) {
    if (b.pick.count === 0) {
      const sides = groups.find((g) => g.key === SIDES);
      if (sides) sides.types.push(b);
      else groups.push({ key: SIDES, types: [b] });
    } else {
      groups.push({ key: b.betType, types: [b] });
    }
  }
  return groups;
}

/** The tab a bet type is in (?playType= may name one). */
export function groupOf(groups: readonly PickerGroup[], betType: string | null): string | null {
  if (!betType) return null;
  const upper = betType.toUpperCase();
  return groups.find((g) => g.types.some((t) => t.betType === upper))?.key ?? null;
}

/** A line's odds: a SUM bet's depend on its sum. */
export function lineOdds(
  info: Pick<LotteryBetTypeInfo, 'odds' | 'oddsBySum'>,
  numbers: readonly string[],
): number {
  if (info.oddsBySum && numbers.length === 1) return info.oddsBySum[Number(numbers[0])] ?? info.odds;
  return info.odds;
}
