/**
 * Lottery favourites (SPEC sections 3 and 4): toggled locally and kept in localStorage under
 * LOTTFAV, one list of game codes per username: `{"demo01": ["VN_NORTH", "ELOTT_1M"]}`.
 * A value in another shape (an older client, a hand edit) reads as no favourites rather than
 * failing, and other users' lists are kept as they are.
 */
type FavouriteBook = Record<string, string[]>;

export function parseFavourites(raw: string | null): FavouriteBook {
  if (!raw) return {};
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const book: FavouriteBook = {};
  for (const [user, list] of Object.entries(data as Record<string, unknown>)) {
    if (Array.isArray(list)) book[user] = list.filter((x): x is string => typeof x === 'string');
  }
  return book;
}

/** The user's favourites (none without a username). */
export const favouritesOf = (book: FavouriteBook, username: string | null): string[] =>
  username ? (book[username] ?? []) : [];

/** The book with the game added to or removed from the user's list (the newest first). */
export function toggleFavourite(book: FavouriteBook, username: string, gameCode: string): FavouriteBook {
  const list = book[username] ?? [];
  const next = list.includes(gameCode) ? list.filter((c) => c !== gameCode) : [gameCode, ...list];
  return { ...book, [username]: next };
}
