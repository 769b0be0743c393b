import { MIN_BET_FILTERS, type GameClassify } from '@app/contracts';
import { clampPage } from './pager';

/** The lists of the game list screen (SPEC section 4); fav and recent need a session. */
export const LIST_TYPES = ['hot', 'fav', 'recent', 'default'] as const;
export type ListType = (typeof LIST_TYPES)[number];
export const LOGIN_LIST_TYPES: readonly ListType[] = ['fav', 'recent'];

export type MinBetFilter = (typeof MIN_BET_FILTERS)[number];

/** Filters of the default ("all games") list; '' is "all". */
export interface GameFilters {
  gameName: string;
  classify: GameClassify | '';
  minBet: MinBetFilter | '';
}

export interface GameListState {
  vendor: string | null;
  listType: ListType;
  filters: GameFilters;
  /** Page of the paged lists (default and favourites), from 1. */
  page: number;
  /** Whether the member chose the list (a tab, a search, a filter) rather than the vendor's opening one. */
  chosen: boolean;
}

type GameListAction =
  /** Another vendor: filters and paging reset, the hot list shows (SPEC section 4). */
  | { type: 'vendor'; vendor: string | null }
  /** Leaving the default list clears its filters. */
  | { type: 'listType'; listType: ListType }
  /** Searching, or choosing a classification or minimum bet, shows the filtered default list. */
  | { type: 'search'; gameName: string }
  | { type: 'classify'; classify: GameClassify | '' }
  | { type: 'minBet'; minBet: MinBetFilter | '' }
  | { type: 'resetFilters' }
  | { type: 'page'; page: number; totalPages: number }
  /** The hot list came back empty: a vendor's opening list is then all its games. */
  | { type: 'hotEmpty' };

export const NO_FILTERS: GameFilters = { gameName: '', classify: '', minBet: '' };

export const initialListState = (vendor: string | null): GameListState => ({
  vendor,
  listType: 'hot',
  filters: NO_FILTERS,
  page: 1,
  chosen: false,
});

const filtered = (state: GameListState, filters: GameFilters): GameListState => ({
  ...state,
  filters,
  listType: 'default',
  page: 1,
  chosen: true,
});

export function gameListReducer(state: GameListState, action: GameListAction): GameListState {
  switch (action.type) {
    case 'vendor':
      return initialListState(action.vendor);
    case 'listType':
      if (action.listType === state.listType) return state;
      // Filters belong to the default list: another list shows them cleared rather than unused.
      return {
        ...state,
        listType: action.listType,
        filters: action.listType === 'default' ? state.filters : NO_FILTERS,
        page: 1,
        chosen: true,
      };
    case 'search': {
      const gameName = action.gameName.trim();
      if (gameName === state.filters.gameName) return state;
      // Clearing the search box keeps the current list; typing a name searches the default list.
      if (gameName === '') return { ...state, filters: { ...state.filters, gameName }, page: 1 };
      return filtered(state, { ...state.filters, gameName });
    }
    case 'classify':
      return filtered(state, { ...state.filters, classify: action.classify });
    case 'minBet':
      return filtered(state, { ...state.filters, minBet: action.minBet });
    case 'resetFilters':
      return { ...state, filters: NO_FILTERS, page: 1 };
    case 'page':
      return { ...state, page: clampPage(action.page, action.totalPages) };
    case 'hotEmpty':
      // A member who asked for the hot list sees that it is empty; an opening list never is.
      if (state.listType !== 'hot' || state.chosen) return state;
      return { ...state, listType: 'default' };
  }
}

export const hasFilters = (f: GameFilters) => f.gameName !== '' || f.classify !== '' || f.minBet !== '';

export const isMinBetFilter = (v: string): v is MinBetFilter =>
  (MIN_BET_FILTERS as readonly string[]).includes(v);

interface VendorChoice {
  vassalage: string;
  isGame: string | null;
}

/** Vendors whose games open in a popup list rather than on the page (isGame 'VASSALAGE'). */
export const opensPopup = (v: { isGame: string | null }) => v.isGame === 'VASSALAGE';

/**
 * The active vendor tab (SPEC section 2): the query parameter `page`, else the vendor stored for
 * the session, else the first. A popup-list vendor is never the page's own list: it falls through.
 */
export function resolveVendor(
  vendors: readonly VendorChoice[],
  fromQuery: string | null,
  stored: string | null,
): string | null {
  const pick = (code: string | null) => {
    if (!code) return null;
    const found = vendors.find((v) => v.vassalage.toUpperCase() === code.toUpperCase());
    return found && !opensPopup(found) ? found.vassalage : null;
  };
  return pick(fromQuery) ?? pick(stored) ?? vendors.find((v) => !opensPopup(v))?.vassalage ?? null;
}
