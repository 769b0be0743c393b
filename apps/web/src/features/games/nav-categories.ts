import {
  COCKFIGHT_OFFSET_AFTER_SPORTS,
  NAV_CATEGORIES,
  VENDOR_STRIP_EXCLUDED_PREFIX,
  type GameType,
  type VendorCard,
  type VendorCategory,
} from '@app/contracts';

interface NavCategory {
  type: GameType;
  vendors: VendorCard[];
}

/**
 * Navigation categories (SPEC section 2): spec order, only those with vendors; lottery
 * gathers LOTT and ELOTT vendors (/elott serves both); cockfight is always present, two
 * places after sports.
 */
export function navCategories(categories: VendorCategory[]): NavCategory[] {
  const byType = new Map(categories.map((c) => [c.title, c.cards]));
  const list: NavCategory[] = NAV_CATEGORIES.map((type) => ({
    type: type as GameType,
    vendors:
      type === 'LOTT'
        ? [...(byType.get('LOTT') ?? []), ...(byType.get('ELOTT') ?? [])]
        : (byType.get(type) ?? []),
  })).filter((c) => c.vendors.length > 0);
  const sports = list.findIndex((c) => c.type === 'SPORTS');
  const at = sports >= 0 ? Math.min(sports + COCKFIGHT_OFFSET_AFTER_SPORTS, list.length) : list.length;
  list.splice(at, 0, { type: 'COCKFIGHT', vendors: byType.get('COCKFIGHT') ?? [] });
  return list;
}

/** Vendors for the footer logo strip: one per vendor code, TCG-prefixed vendors left out. */
export function stripVendors(categories: VendorCategory[]): VendorCard[] {
  const seen = new Set<string>();
  const out: VendorCard[] = [];
  for (const c of categories) {
    for (const v of c.cards) {
      if (v.vassalage.startsWith(VENDOR_STRIP_EXCLUDED_PREFIX) || seen.has(v.vassalage)) continue;
      seen.add(v.vassalage);
      out.push(v);
    }
  }
  return out;
}
