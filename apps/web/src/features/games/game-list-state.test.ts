import { describe, expect, it } from 'vitest';
import {
  gameListReducer,
  hasFilters,
  initialListState,
  isMinBetFilter,
  NO_FILTERS,
  resolveVendor,
  type GameListState,
} from './game-list-state';

const filteredState: GameListState = {
  vendor: 'PG',
  listType: 'default',
  filters: { gameName: 'dragon', classify: 'SLOT', minBet: '0.5' },
  page: 4,
  chosen: true,
};

describe('gameListReducer', () => {
  it('starts on the hot list at page 1', () => {
    expect(initialListState('PG')).toEqual({
      vendor: 'PG',
      listType: 'hot',
      filters: { gameName: '', classify: '', minBet: '' },
      page: 1,
      chosen: false,
    });
  });
  it('resets filters and paging and selects hot when the vendor changes', () => {
    expect(gameListReducer(filteredState, { type: 'vendor', vendor: 'JILI' })).toEqual(
      initialListState('JILI'),
    );
  });
  it('changes list type from page 1; leaving the default list clears its filters', () => {
    const next = gameListReducer(filteredState, { type: 'listType', listType: 'fav' });
    expect(next).toEqual({ ...filteredState, listType: 'fav', filters: NO_FILTERS, page: 1 });
    expect(gameListReducer(next, { type: 'listType', listType: 'fav' })).toBe(next);
    const back = gameListReducer(
      { ...filteredState, listType: 'hot', filters: { ...NO_FILTERS, gameName: 'x' } },
      { type: 'listType', listType: 'default' },
    );
    expect(back).toMatchObject({ listType: 'default', filters: { gameName: 'x' }, page: 1 });
  });
  it('searches the default list from page 1', () => {
    const hot = initialListState('PG');
    expect(gameListReducer(hot, { type: 'search', gameName: '  fortune ' })).toEqual({
      ...hot,
      listType: 'default',
      filters: { ...hot.filters, gameName: 'fortune' },
      chosen: true,
    });
  });
  it('keeps the state when the search does not change, and keeps the list when it is cleared', () => {
    expect(gameListReducer(filteredState, { type: 'search', gameName: 'dragon ' })).toBe(filteredState);
    const hot = { ...filteredState, listType: 'hot' as const };
    expect(gameListReducer(hot, { type: 'search', gameName: '' })).toEqual({
      ...hot,
      filters: { ...hot.filters, gameName: '' },
      page: 1,
    });
  });
  it('filters by classification and minimum bet on the default list', () => {
    const hot = initialListState('PG');
    const byClass = gameListReducer(hot, { type: 'classify', classify: 'CRASH' });
    expect(byClass).toMatchObject({ listType: 'default', page: 1, filters: { classify: 'CRASH' } });
    const byBet = gameListReducer({ ...byClass, page: 3 }, { type: 'minBet', minBet: '0.05' });
    expect(byBet).toMatchObject({
      listType: 'default',
      page: 1,
      filters: { classify: 'CRASH', minBet: '0.05' },
    });
    expect(gameListReducer(byBet, { type: 'resetFilters' }).filters).toEqual(initialListState(null).filters);
  });
  it('opens a vendor on all its games when its hot list is empty, unless the member asked for hot', () => {
    const opening = initialListState('HOUSE');
    expect(gameListReducer(opening, { type: 'hotEmpty' })).toEqual({ ...opening, listType: 'default' });
    const asked = gameListReducer(gameListReducer(opening, { type: 'listType', listType: 'default' }), {
      type: 'listType',
      listType: 'hot',
    });
    expect(gameListReducer(asked, { type: 'hotEmpty' })).toBe(asked);
    expect(gameListReducer(filteredState, { type: 'hotEmpty' })).toBe(filteredState);
    // Another vendor opens on its hot list again.
    expect(gameListReducer(asked, { type: 'vendor', vendor: 'JILI' })).toEqual(initialListState('JILI'));
  });
  it('bounds page moves to 1..totalPages', () => {
    expect(gameListReducer(filteredState, { type: 'page', page: 9, totalPages: 6 }).page).toBe(6);
    expect(gameListReducer(filteredState, { type: 'page', page: 0, totalPages: 6 }).page).toBe(1);
    expect(gameListReducer(filteredState, { type: 'page', page: 2, totalPages: 6 }).page).toBe(2);
  });
});

describe('filters', () => {
  it('knows when any filter is set', () => {
    expect(hasFilters(initialListState(null).filters)).toBe(false);
    expect(hasFilters(filteredState.filters)).toBe(true);
  });
  it('accepts only the spec minimum bets', () => {
    expect(isMinBetFilter('0.75')).toBe(true);
    expect(isMinBetFilter('1')).toBe(false);
  });
});

describe('resolveVendor', () => {
  const vendors = [
    { vassalage: 'KM', isGame: 'VASSALAGE' },
    { vassalage: 'PG', isGame: null },
    { vassalage: 'JILI', isGame: null },
  ];
  it('takes the query parameter first (any case), then the stored vendor, then the first', () => {
    expect(resolveVendor(vendors, 'jili', 'PG')).toBe('JILI');
    expect(resolveVendor(vendors, null, 'JILI')).toBe('JILI');
    expect(resolveVendor(vendors, 'NOPE', null)).toBe('PG');
    expect(resolveVendor(vendors, 'NOPE', 'GONE')).toBe('PG');
  });
  it('never makes a popup-list vendor the page list', () => {
    expect(resolveVendor(vendors, 'KM', 'KM')).toBe('PG');
  });
  it('answers null without vendors', () => {
    expect(resolveVendor([], 'PG', 'PG')).toBeNull();
  });
});
