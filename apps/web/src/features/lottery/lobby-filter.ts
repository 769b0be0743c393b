import type { LotteryItem } from '@app/contracts';
import { drawsOn, type Weekday } from './weekday';

/** The lobby's lists (SPEC section 2): every game of the tab, hot ones, favourites, recent. */
export const LOBBY_LISTS = ['all', 'hot', 'fav', 'recent'] as const;
export type LobbyList = (typeof LOBBY_LISTS)[number];
/** Lists that need a session. */
export const LOGIN_LISTS: readonly LobbyList[] = ['fav', 'recent'];

/** One key per game (two vendors may share a game code): what favourites store. */
export const itemKey = (item: Pick<LotteryItem, 'vendor' | 'gameCode'>) => `${item.vendor}:${item.gameCode}`;

export interface LobbyFilter {
  /** The chosen tab's key, matched against `tabOf(item)`; null: every tab. */
  tab: string | null;
  tabOf: (item: LotteryItem) => string;
  weekday: Weekday | null;
  /** Part of the name, any case. */
  search: string;
  /** Only these vendors' games (the lobby opened for one vendor); null: all. */
  vendor: string | null;
}

/** The games a list shows: of the tab and vendor, drawing on the weekday, named like the search. */
export function filterLotteries(items: readonly LotteryItem[], f: LobbyFilter): LotteryItem[] {
  const needle = f.search.trim().toLocaleLowerCase();
  return items.filter(
    (i) =>
      (f.tab === null || f.tabOf(i) === f.tab) &&
      (f.vendor === null || i.vendor.toUpperCase() === f.vendor.toUpperCase()) &&
      drawsOn(i.drawDayOfWeek, f.weekday) &&
      (needle === '' || i.remark.toLocaleLowerCase().includes(needle)),
  );
}

/** The games of a list type before the tab, day and search filters: `all` is every game of the menus. */
export function listItems(
  list: LobbyList,
  all: readonly LotteryItem[],
  recent: readonly LotteryItem[],
  favourites: ReadonlySet<string>,
): LotteryItem[] {
  switch (list) {
    case 'all':
      return [...all];
    case 'hot':
      return all.filter((i) => i.isHot === 1);
    case 'fav':
      return all.filter((i) => favourites.has(itemKey(i)));
    case 'recent':
      return [...recent];
  }
}

/** Each game once (menus may list a game under two tags), first place wins. */
export function uniqueItems(items: readonly LotteryItem[]): LotteryItem[] {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = itemKey(i);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
