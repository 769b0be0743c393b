import { REWARD_SOURCES, type Claimable, type RewardSource } from '@app/contracts';

/** Claimable rewards grouped by source, in the sources' fixed order; empty groups are left out. */
export function groupBySource(list: readonly Claimable[]): { source: RewardSource; items: Claimable[] }[] {
  return REWARD_SOURCES.map((source) => ({ source, items: list.filter((c) => c.source === source) })).filter(
    (g) => g.items.length > 0,
  );
}

/** A reward's key in the list: its source and the source's id. */
export const rewardKey = (c: Pick<Claimable, 'source' | 'id'>): string => `${c.source}:${c.id}`;
