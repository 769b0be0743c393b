/**
 * Game list, pager, winner board and jackpot constants shared by server and site (the schemas are
 * in games.ts). No zod here: the site's home page imports them in its first screens.
 */

/** Classifications a game list can be filtered by (the list answers which ones its games have). */
export const GAME_CLASSIFIES = ['SLOT', 'ARCADE', 'TABLE', 'CRASH', 'BINGO', 'FISHING', 'CARD'] as const;
export type GameClassify = (typeof GAME_CLASSIFIES)[number];

/**
 * The house engines a catalogue game can run on: the house
 * vendor's games, and simulated studios' games played on a house engine under their own name.
 */
export const HOUSE_ENGINES = ['SLOT', 'BACCARAT', 'FISH', 'CARDS', 'SPORTSBOOK', 'COCKFIGHT'] as const;
export type HouseEngine = (typeof HOUSE_ENGINES)[number];

/**
 * Minimum-bet filter of the game list (SPEC section 2), as sent. A value keeps games whose
 * minimum bet is at most that amount: the games a player can start with that stake.
 */
export const MIN_BET_FILTERS = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;

/** Game list pagination (SPEC section 2): pages shown around the current one, and at each end. */
export const PAGER_RANGE = 3;
export const PAGER_MARGIN = 1;

/** Winner board length and popular-games count (SPEC section 9). */
export const WINNER_BOARD_SIZE = 50;
export const POPULAR_GAMES_COUNT = 20;
/** Vendor tabs or menus beyond this show a menu arrow (SPEC section 2). */
export const MENU_ARROW_AFTER = 7;
/**
 * Jackpot counter (SPEC section 9): between two real figures of the pool it counts up by this
 * much every JACKPOT_STEP_MS, never further ahead of the last real figure than the pool's recent
 * growth says it will be at the next one (`lead` in the jackpot call).
 */
export const JACKPOT_STEP = 165.11;
export const JACKPOT_STEP_MS = 3000;
/** How often the site asks for the pool's real figure. */
export const JACKPOT_REFRESH_MS = 10_000;
/** Recent jackpot winners the jackpot call answers at most. */
export const JACKPOT_WINNERS_MAX = 10;
/** The brand's pools: one, brand-wide, fed by every eligible game. */
export const JACKPOT_POOLS = ['ALL'] as const;
