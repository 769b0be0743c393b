import type { Game, GameType, VendorCard, VendorCategory } from '@app/contracts';

/** The vendors of a lobby's types, types in the order given, each vendor once per type. */
export function lobbyVendors(categories: VendorCategory[], types: readonly GameType[]): VendorCard[] {
  const seen = new Set<string>();
  const out: VendorCard[] = [];
  for (const type of types) {
    for (const c of categories) {
      if (c.title !== type) continue;
      for (const v of c.cards) {
        const key = `${v.gameType}:${v.vassalage}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(v);
      }
    }
  }
  return out;
}

/** Several game lists as one, each game once (first place wins). */
export function mergeGames(lists: readonly (readonly Game[] | undefined)[]): Game[] {
  const seen = new Set<number>();
  const out: Game[] = [];
  for (const g of lists.flat()) {
    if (!g || seen.has(g.nodeId)) continue;
    seen.add(g.nodeId);
    out.push(g);
  }
  return out;
}

/** The /hot page's groups, in spec order (SPEC section 3: hot games by gameType). */
export const HOT_PAGE_TYPES = [
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
] as const satisfies readonly GameType[];
