/**
 * Lottery constants shared by server and site (the schemas are in lottery.ts). No zod here: the
 * site's home page imports them in its first screens.
 */
import type { GAME_TYPES } from './constants';

// ---- spec constants (SPEC section 9) --------------------------------------------------------------

/** Recent lottery games asked for by /lgw/vn/games/game_menu/recent (recentCount). */
export const LOTTERY_RECENT_COUNT = 100;
/** Opened draws asked for by /lgw/vn/numeros/opened/game (count: "VN numbers 100"). */
export const LOTTERY_OPENED_COUNT = 100;
/** Popular lotteries asked for by /lgw/games/popular (count). */
export const LOTTERY_POPULAR_COUNT = 20;
/** The open-number refresh timer (SPEC section 4): at most this long between refreshes... */
export const LOTTERY_REFRESH_MAX_MS = 30_000;
/** ...and this long when the smallest remaining time is 0 or less (a draw is due now). */
export const LOTTERY_REFRESH_RETRY_MS = 7_000;
/** The lobby's open-number display shows at most this many digits (SPEC section 2). */
export const LOTTERY_OPEN_NUMBER_MAX_DIGITS = 6;
/** The member's bets the betting page recalls (my bets). */
export const LOTTERY_HISTORY_SIZE = 10;
/** Draws the betting page's result history shows by default (at most LOTTERY_OPENED_COUNT). */
export const LOTTERY_DRAW_HISTORY_SIZE = 20;
/** Lines one bet slip may hold. */
export const LOTTERY_SLIP_MAX_LINES = 20;

/**
 * Weekday numbering of drawDayOfWeek and the weekday filter (SPEC section 2): Sunday 1, Monday 2,
 * ... Saturday 7.
 */
export const LOTTERY_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type LotteryWeekday = (typeof LOTTERY_WEEKDAYS)[number];
export const LOTTERY_SUNDAY: LotteryWeekday = 1;
export const LOTTERY_SATURDAY: LotteryWeekday = 7;
/** A JavaScript day (Date#getDay / getUTCDay: Sunday 0) as the lottery numbers it (Sunday 1). */
export const lotteryWeekdayOf = (jsDay: number): LotteryWeekday =>
  ((((jsDay % 7) + 7) % 7) + 1) as LotteryWeekday;

/** Prize modes (SPEC section 9): the odds scheme a menu, a game and a bet are answered in. */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
/** The vendors whose presence in a category makes its prize mode Elott (SPEC section 9). */
export const ELOTT_PRIZE_MODE_VENDORS = ['TCG_LOTTO_VN', 'LOTT'] as const;
/**
 * SPEC section 9: the prize mode is electronic lottery (Elott) if the category holds TCG_LOTTO_VN
 * or LOTT, else lottery (Lott). What a menu call answers when it names no prizeMode.
 */
export function defaultPrizeMode(categoryVendors: readonly string[]): PrizeMode {
  return categoryVendors.some((v) => (ELOTT_PRIZE_MODE_VENDORS as readonly string[]).includes(v))
    ? 'Elott'
    : 'Lott';
}

/** Vendors whose games open the /lottery screen (SPEC section 2). */
export const LOTTERY_VENDORS = ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT'] as const;
export type LotteryVendor = (typeof LOTTERY_VENDORS)[number];
/** The game types (categories) lottery games belong to. */
export const LOTTERY_GAME_TYPES = ['LOTT', 'ELOTT'] as const satisfies readonly (typeof GAME_TYPES)[number][];
export type LotteryGameType = (typeof LOTTERY_GAME_TYPES)[number];

/**
 * Keeps the digits of a winning number for the lobby's open-number display, at most
 * LOTTERY_OPEN_NUMBER_MAX_DIGITS of them (the first ones).
 */
export function openNumberDisplay(winningNumber: string | null | undefined): string {
  return (winningNumber ?? '').replace(/\D/g, '').slice(0, LOTTERY_OPEN_NUMBER_MAX_DIGITS);
}

// ---- games, tables and bet types ----------------------------------------------------------------

export const LOTTERY_FAMILIES = ['DIGIT', 'FAST'] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];

/** Menu tags (the lottery screen's tabs): Vietnamese regional draws, other SEA draws, fast games. */
export const LOTTERY_MENU_TAGS = ['VN', 'SEA', 'FAST'] as const;
export type LotteryMenuTag = (typeof LOTTERY_MENU_TAGS)[number];

/**
 * Result tables:
 * - NORTH: 27 numbers (special 5 digits, 1st 5, 2nd x2 5, 3rd x6 5, 4th x4 4, 5th x6 4, 6th x3 3, 7th x4 2);
 * - SOUTH: 18 numbers (special 6 digits, 1st 5, 2nd 5, 3rd x2 5, 4th x7 5, 5th 4, 6th x3 4, 7th 3, 8th 2),
 *   used by the southern and central draws;
 * - MEGA645: six different numbers 01-45 (no special: lo and xien only);
 * - THAI: 1st 6 digits, front three x2, last three x2, last two;
 * - FOUR_D: 1st, 2nd, 3rd, 10 starters, 10 consolations, all 4 digits (23 numbers);
 * - THREE_BALL: the fast games' three balls 0-9.
 * The first tier is the special (the "de" bets read it).
 */
export const LOTTERY_TABLES = ['NORTH', 'SOUTH', 'MEGA645', 'THAI', 'FOUR_D', 'THREE_BALL'] as const;
export type LotteryTable = (typeof LOTTERY_TABLES)[number];

/** Prize tiers of the result tables (the site translates their names). */
export const LOTTERY_PRIZE_TIERS = [
  'SPECIAL',
  'FIRST',
  'SECOND',
  'THIRD',
  'FOURTH',
  'FIFTH',
  'SIXTH',
  'SEVENTH',
  'EIGHTH',
  'FRONT3',
  'LAST3',
  'LAST2',
  'STARTER',
  'CONSOLATION',
  'NUMBERS',
  'BALLS',
] as const;
export type LotteryPrizeTier = (typeof LOTTERY_PRIZE_TIERS)[number];

/**
 * Bet types. Digit lotteries:
 * - LO2: a 2-digit number; pays odds x stake per prize whose last two digits are it;
 * - LO3: a 3-digit number; per prize (of 3+ digits) whose last three digits are it;
 * - DE2 / DE3 / DE4: the last 2 / 3 / 4 digits of the special (DE3 is "3-cang");
 * - XIEN2 / XIEN3 / XIEN4: 2 to 4 different 2-digit numbers that must all be among the lo numbers
 *   (the last two digits of every prize); pays once;
 * - HEAD / TAIL: one digit, the first / last digit of the special's last two digits.
 * Fast lotteries (three balls 0-9, sum 0-27):
 * - BIG (sum 14-27) / SMALL (0-13), ODD / EVEN (of the sum): no numbers;
 * - SUM: the exact sum ("0"-"27"); NUMBER: the exact three digits in order ("000"-"999").
 */
export const LOTTERY_BET_TYPES = [
  'LO2',
  'LO3',
  'DE2',
  'DE3',
  'DE4',
  'XIEN2',
  'XIEN3',
  'XIEN4',
  'HEAD',
  'TAIL',
  'BIG',
  'SMALL',
  'ODD',
  'EVEN',
  'SUM',
  'NUMBER',
] as const;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[number];
/** Bet types that pay per occurrence of the number (the others pay once). */
export const LOTTERY_MULTI_HIT_BET_TYPES = ['LO2', 'LO3'] as const satisfies readonly LotteryBetType[];
/** The fast games' sums: BIG is BIG_MIN_SUM and above, SMALL below. */
export const LOTTERY_FAST_BIG_MIN_SUM = 14;
export const LOTTERY_FAST_MAX_SUM = 27;

/**
 * A draw's state: OPEN takes bets; LOCKED is past its lock time, waiting for the draw; DRAWN has
 * its result, bets being settled; SETTLED every bet paid; CANCELLED (by an operator): every bet
 * refunded.
 */
export const LOTTERY_DRAW_STATUSES = ['OPEN', 'LOCKED', 'DRAWN', 'SETTLED', 'CANCELLED'] as const;
export type LotteryDrawStatus = (typeof LOTTERY_DRAW_STATUSES)[number];
/**
 * A bet line's state: PLACING (stake on its way), OPEN (waits for the draw), WON, LOST, VOID
 * (cancelled draw, or a placement that did not complete: the stake came back).
 */
export const LOTTERY_BET_STATUSES = ['PLACING', 'OPEN', 'WON', 'LOST', 'VOID'] as const;
export type LotteryBetStatus = (typeof LOTTERY_BET_STATUSES)[number];

/** Lobby launch (SPEC section 7): the views a lottery launch opens, and the areas. */
export const LOTTERY_VIEWS = ['betting', 'lobby'] as const;
export type LotteryView = (typeof LOTTERY_VIEWS)[number];
export const LOTTERY_AREAS = ['VN', 'SEA'] as const;
/** launchMode of a lottery lobby launch. */
export const LOTTERY_LAUNCH_MODE = 'LOTT';
