import { describe, expect, it } from 'vitest';
import { favouritesOf, parseFavourites, toggleFavourite } from './favourites';

describe('lottery favourites per username (LOTTFAV)', () => {
  it('keeps one list per username', () => {
    let book = parseFavourites(null);
    book = toggleFavourite(book, 'demo01', 'VN_NORTH');
    book = toggleFavourite(book, 'demo01', 'ELOTT_1M');
    book = toggleFavourite(book, 'other', 'VN_SOUTH');
    expect(favouritesOf(book, 'demo01')).toEqual(['ELOTT_1M', 'VN_NORTH']);
    expect(favouritesOf(book, 'other')).toEqual(['VN_SOUTH']);
    expect(favouritesOf(book, null)).toEqual([]);
    expect(favouritesOf(book, 'nobody')).toEqual([]);
  });

  it('toggles: a second time removes, leaving other users alone', () => {
    const book = toggleFavourite({ a: ['X', 'Y'], b: ['X'] }, 'a', 'X');
    expect(book).toEqual({ a: ['Y'], b: ['X'] });
  });

  it('survives a round trip through storage text', () => {
    const book = toggleFavourite({}, 'demo01', 'VN_NORTH');
    expect(parseFavourites(JSON.stringify(book))).toEqual(book);
  });

  it('reads junk as no favourites and drops bad entries', () => {
    expect(parseFavourites('not json')).toEqual({});
    expect(parseFavourites('[1,2]')).toEqual({});
    expect(parseFavourites('"x"')).toEqual({});
    expect(parseFavourites('{"a":["X",3,null],"b":"Y"}')).toEqual({ a: ['X'] });
  });
});
