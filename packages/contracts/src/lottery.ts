import { z } from 'zod';
import type { GAME_TYPES } from './constants';
import { requestIdSchema } from './wallet';

/**
 * Lottery and electronic lottery (SPEC sections 2, 3, 4, 7 and 9).
 *
 * Two families of games, chosen per catalogue game:
 * - DIGIT: scheduled regional draws (vendors TCG_LOTTO_VN and TCG_SEA) on the weekdays of
 *   `drawDayOfWeek` at a local time of the brand's time zone; the result is a prize table of digit
 *   strings; bets are the Vietnamese lo / de / xien / 3-cang / head / tail types.
 * - FAST: electronic draws every few minutes (vendors ELOTT and LOTT): three balls 0-9; bets are
 *   big/small, odd/even, the exact sum and the exact three digits.
 *
 * Times on the wire: `remainTime` is milliseconds left (a duration); `lockTime`, `winningTime`,
 * `openTime` and `serverTime` are epoch milliseconds (instants); `time` fields of bets are ISO
 * strings. Money is a JSON number with 2 decimals. Odds are decimal odds, stake included: 95 pays
 * 95 per 1 staked (for lo bets, per occurrence of the number: see LOTTERY_MULTI_HIT_BET_TYPES).
 */

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

// ---- query parameters ---------------------------------------------------------------------------

/** Real clients send empty parameters for "all": an empty string counts as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
/** Prize mode as sent; case-insensitive ("elott" is Elott). */
export const prizeModeParam = z.preprocess(
  (v) =>
    typeof v === 'string' ? (PRIZE_MODES.find((m) => m.toLowerCase() === v.trim().toLowerCase()) ?? v) : v,
  z.enum(PRIZE_MODES),
);
const lotteryGameTypeParam = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(LOTTERY_GAME_TYPES),
);
const vendorParam = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,40}$/)
  .transform((v) => v.toUpperCase());
const gameCodeParam = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);
const deviceParam = optional(z.string().max(20));
const languageParam = optional(z.string().regex(/^[A-Za-z]{2,5}$/));

/** /lgw/games/game_menus and /lgw/vn/games/game_menu. No prizeMode: SPEC section 9's rule decides. */
export const lotteryMenuQuerySchema = z.object({
  prizeMode: optional(prizeModeParam),
  /** A category only (LOTT or ELOTT); absent: both. */
  gameType: optional(lotteryGameTypeParam),
  device: deviceParam,
  language: languageParam,
});
export type LotteryMenuQuery = z.infer<typeof lotteryMenuQuerySchema>;

/** /lgw/vn/games/game_menu/recent (needs a session). */
export const lotteryRecentQuerySchema = z.object({
  prizeMode: optional(prizeModeParam),
  device: deviceParam,
  recentCount: z.coerce.number().int().min(1).max(LOTTERY_RECENT_COUNT).default(LOTTERY_RECENT_COUNT),
  language: languageParam,
});
export type LotteryRecentQuery = z.infer<typeof lotteryRecentQuerySchema>;

/** /lgw/vn/numeros/opened/game: a game's opened draws, newest first. */
export const lotteryOpenedQuerySchema = z.object({
  gameCode: gameCodeParam,
  /** Needed only when two lottery vendors share a game code. */
  vendor: optional(vendorParam),
  count: z.coerce.number().int().min(1).max(LOTTERY_OPENED_COUNT).default(LOTTERY_OPENED_COUNT),
});
export type LotteryOpenedQuery = z.infer<typeof lotteryOpenedQuerySchema>;

/** /lotto/lgw/games/opened/numero: the latest opened draw of every lottery game. */
export const lotteryOpenNumeroQuerySchema = z.object({
  prizeMode: optional(prizeModeParam),
  gameType: optional(lotteryGameTypeParam),
  device: deviceParam,
});
export type LotteryOpenNumeroQuery = z.infer<typeof lotteryOpenNumeroQuerySchema>;

/** /lgw/lottery/game (game info), /lgw/lottery/draws (history) and /lgw/lottery/bets (my bets). */
export const lotteryGameQuerySchema = z.object({
  gameCode: gameCodeParam,
  vendor: optional(vendorParam),
  prizeMode: optional(prizeModeParam),
  language: languageParam,
});
export type LotteryGameQuery = z.infer<typeof lotteryGameQuerySchema>;
export const lotteryDrawsQuerySchema = z.object({
  gameCode: gameCodeParam,
  vendor: optional(vendorParam),
  count: z.coerce.number().int().min(1).max(LOTTERY_OPENED_COUNT).default(LOTTERY_DRAW_HISTORY_SIZE),
});
export type LotteryDrawsQuery = z.infer<typeof lotteryDrawsQuerySchema>;
/** My bets: of one game, or (no gameCode) of every lottery game. */
export const lotteryMyBetsQuerySchema = z.object({
  gameCode: optional(gameCodeParam),
  vendor: optional(vendorParam),
});
export type LotteryMyBetsQuery = z.infer<typeof lotteryMyBetsQuerySchema>;

// ---- menus --------------------------------------------------------------------------------------

/** A lottery item of a menu (SPEC section 3) plus what the lobby shows. */
export const lotteryItemSchema = z.object({
  /** The vendor's game id. */
  gameId: z.string(),
  /** The game's name in the request language. */
  remark: z.string(),
  gameMenuTag: z.enum(LOTTERY_MENU_TAGS),
  /** Comma list of the weekdays it draws on, Sunday 1 ... Saturday 7 ("1,2,3,4,5,6,7": daily). */
  drawDayOfWeek: z.string(),
  /** The issue number of the draw taking bets (or locked, waiting for its draw); null: none scheduled. */
  numero: z.string().nullable(),
  /** Milliseconds until that draw stops taking bets; 0 once locked. */
  remainTime: z.number().int(),
  /** Epoch ms: the draw stops taking bets. */
  lockTime: z.number().int().nullable(),
  /** Epoch ms: the draw's result is drawn and published. */
  winningTime: z.number().int().nullable(),
  status: z.enum(['OPEN', 'LOCKED']),
  vendor: z.string(),
  gameCode: z.string(),
  gameType: z.enum(LOTTERY_GAME_TYPES),
  nodeId: z.number().int(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  prizeMode: z.enum(PRIZE_MODES),
  family: z.enum(LOTTERY_FAMILIES),
  /** Icon URL (served by the app). */
  showIcon: z.string(),
});
export type LotteryItem = z.infer<typeof lotteryItemSchema>;

/** A menu: a tab of the lottery screen. /lgw/games/game_menus answers LotteryMenu[]. */
export const lotteryMenuSchema = z.object({
  tag: z.enum(LOTTERY_MENU_TAGS),
  gameMenus: z.array(lotteryItemSchema),
});
export type LotteryMenu = z.infer<typeof lotteryMenuSchema>;
export const lotteryMenusSchema = z.array(lotteryMenuSchema);

/** A lottery game group (SPEC section 3): /lgw/vn/games/game_menu answers one per vendor. */
export const lotteryGameGroupSchema = z.object({
  /** The vendor code (TCG_LOTTO_VN, TCG_SEA, LOTT, ELOTT). */
  gameGroupCode: z.string(),
  gameMenus: z.array(lotteryItemSchema),
});
export type LotteryGameGroup = z.infer<typeof lotteryGameGroupSchema>;
export const lotteryGameGroupsSchema = z.array(lotteryGameGroupSchema);

/** /lgw/vn/games/game_menu/recent: the member's lottery games, last played first. */
export const lotteryRecentSchema = z.array(lotteryItemSchema);

// ---- results and draws --------------------------------------------------------------------------

export const lotteryPrizeSchema = z.object({
  tier: z.enum(LOTTERY_PRIZE_TIERS),
  /** Digit strings (leading zeros kept); a fast game's balls are single digits. */
  numbers: z.array(z.string()),
});
export type LotteryPrize = z.infer<typeof lotteryPrizeSchema>;

export const lotteryResultSchema = z.object({
  /**
   * The number the lobby shows: the special (digit tables), the first prize (THAI, FOUR_D), the six
   * numbers joined by commas (MEGA645), the three balls' digits ("357", fast games). Display it
   * with openNumberDisplay().
   */
  winningNumber: z.string(),
  /** The prize table, special first. */
  prizes: z.array(lotteryPrizeSchema),
  /** Fast games: the sum of the balls; null for digit tables. */
  sum: z.number().int().nullable(),
});
export type LotteryResult = z.infer<typeof lotteryResultSchema>;

/** A draw of a game (history; opened draws are the DRAWN and SETTLED ones). */
export const lotteryDrawSchema = z.object({
  vendor: z.string(),
  gameCode: z.string(),
  numero: z.string(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  lockTime: z.number().int(),
  winningTime: z.number().int(),
  /** Epoch ms the result was drawn; null before (and for a draw cancelled before its result). */
  openTime: z.number().int().nullable(),
  /** Null until drawn; a draw cancelled after its result keeps it, but it pays nothing. */
  result: lotteryResultSchema.nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

/** /lgw/vn/numeros/opened/game: the opened draws of one game, newest first. */
export const lotteryOpenedSchema = z.object({
  vendor: z.string(),
  gameCode: z.string(),
  list: z.array(lotteryDrawSchema),
});
export type LotteryOpened = z.infer<typeof lotteryOpenedSchema>;

/** /lotto/lgw/games/opened/numero: per lottery game, its latest opened draw (null fields: none yet). */
export const lotteryOpenNumeroSchema = z.object({
  gameId: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  numero: z.string().nullable(),
  winningNumber: z.string().nullable(),
  /** Epoch ms of that draw's result. */
  openTime: z.number().int().nullable(),
});
export type LotteryOpenNumero = z.infer<typeof lotteryOpenNumeroSchema>;
export const lotteryOpenNumerosSchema = z.array(lotteryOpenNumeroSchema);

/** /lgw/lottery/draws: a game's past and current draws, newest first. */
export const lotteryDrawsSchema = z.object({ list: z.array(lotteryDrawSchema) });
export type LotteryDraws = z.infer<typeof lotteryDrawsSchema>;

// ---- game info ----------------------------------------------------------------------------------

/** What a bet line of this type picks. */
export const lotteryPickSchema = z.object({
  /** Numbers a line names (0: none, BIG/SMALL/ODD/EVEN). */
  count: z.number().int(),
  /** Digits of each number ("07" has 2); numbers are sent as strings with leading zeros. */
  digits: z.number().int(),
  /** Smallest and largest value of a number (MEGA645: 1-45; SUM: 0-27; HEAD/TAIL: 0-9). */
  min: z.number().int(),
  max: z.number().int(),
  /** The numbers of a line must differ from each other (xien). */
  distinct: z.boolean(),
});
export type LotteryPick = z.infer<typeof lotteryPickSchema>;

export const lotteryBetTypeInfoSchema = z.object({
  betType: z.enum(LOTTERY_BET_TYPES),
  pick: lotteryPickSchema,
  /** Decimal odds (stake included); for SUM the odds of the least likely sum (see oddsBySum). */
  odds: z.number(),
  /** SUM only: the odds of each sum 0..27 (index = sum); null for other types. */
  oddsBySum: z.array(z.number()).nullable(),
  /** Pays per occurrence (lo bets): a number drawn twice pays twice. */
  multiHit: z.boolean(),
  /** Return to player, percent with 2 decimals, exact from the table's probabilities (SUM: the lowest of its sums). */
  rtp: z.number(),
  /** Stake limits of one line. */
  minStake: z.number(),
  maxStake: z.number(),
  /** i18n key of the rule text (lottery.rules.<betType>). */
  rulesKey: z.string(),
});
export type LotteryBetTypeInfo = z.infer<typeof lotteryBetTypeInfoSchema>;

export const lotteryTierInfoSchema = z.object({
  tier: z.enum(LOTTERY_PRIZE_TIERS),
  count: z.number().int(),
  digits: z.number().int(),
});

/** The current draw of a game, as the betting page counts down to it. */
export const lotteryCurrentDrawSchema = z.object({
  numero: z.string(),
  status: z.enum(['OPEN', 'LOCKED']),
  /** Epoch ms. */
  lockTime: z.number().int(),
  winningTime: z.number().int(),
  /** Milliseconds until lockTime (0 once locked). */
  remainTime: z.number().int(),
});
export type LotteryCurrentDraw = z.infer<typeof lotteryCurrentDrawSchema>;

/** /lgw/lottery/game: what the betting page needs (a session is optional: balance null without). */
export const lotteryGameInfoSchema = z.object({
  gameId: z.string(),
  gameCode: z.string(),
  vendor: z.string(),
  gameType: z.enum(LOTTERY_GAME_TYPES),
  nodeId: z.number().int(),
  name: z.string(),
  family: z.enum(LOTTERY_FAMILIES),
  table: z.enum(LOTTERY_TABLES),
  /** The prize table's tiers (special first). */
  tiers: z.array(lotteryTierInfoSchema),
  gameMenuTag: z.enum(LOTTERY_MENU_TAGS),
  prizeMode: z.enum(PRIZE_MODES),
  drawDayOfWeek: z.string(),
  /** Digit games: the local draw time "HH:MM" in timeZone; fast games: null. */
  drawTime: z.string().nullable(),
  timeZone: z.string(),
  /** Fast games: seconds between draws; digit games: null. */
  intervalSeconds: z.number().int().nullable(),
  /** Seconds before the draw that betting closes. */
  lockSeconds: z.number().int(),
  currentDraw: lotteryCurrentDrawSchema.nullable(),
  betTypes: z.array(lotteryBetTypeInfoSchema),
  /** Epoch ms of the server's clock: count down against it, not the device's clock. */
  serverTime: z.number().int(),
  currencySymbol: z.string(),
  /** The member's main wallet (what lottery bets play from); null without a session. */
  balance: z.number().nullable(),
  maxLines: z.number().int(),
});
export type LotteryGameInfo = z.infer<typeof lotteryGameInfoSchema>;

// ---- bets ---------------------------------------------------------------------------------------

export const lotteryBetLineSchema = z.object({
  betType: z.enum(LOTTERY_BET_TYPES),
  /** The picked numbers as digit strings ("07", "123", "5", SUM "13"); [] for BIG/SMALL/ODD/EVEN. */
  numbers: z.array(z.string().trim().max(4)).max(4),
  /** The line's stake, major units. */
  amount: z.union([z.number(), z.string()]),
});
export type LotteryBetLine = z.infer<typeof lotteryBetLineSchema>;

/** POST /lgw/lottery/bet (needs a session; trial accounts play with play money). */
export const lotteryBetRequestSchema = z.object({
  gameCode: gameCodeParam,
  vendor: optional(vendorParam),
  /** The draw the player sees: a slip for another numero, or after its lock time, is refused. */
  numero: z.string().regex(/^\d{1,20}$/),
  prizeMode: optional(prizeModeParam),
  /** One per slip: a retried slip is the same slip (a different slip under it is a conflict). */
  requestId: requestIdSchema,
  lines: z.array(lotteryBetLineSchema).min(1).max(LOTTERY_SLIP_MAX_LINES),
});
export type LotteryBetRequest = z.input<typeof lotteryBetRequestSchema>;

export const lotteryBetSchema = z.object({
  betId: z.string(),
  /** The slip's request id (the lines of one slip share it). */
  requestId: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  numero: z.string(),
  prizeMode: z.enum(PRIZE_MODES),
  betType: z.enum(LOTTERY_BET_TYPES),
  numbers: z.array(z.string()),
  stake: z.number(),
  odds: z.number(),
  status: z.enum(LOTTERY_BET_STATUSES),
  /** Times the pick came up (lo bets count occurrences); null until settled. */
  hits: z.number().int().nullable(),
  /** What came back (stake included); null until settled. */
  payout: z.number().nullable(),
  drawStatus: z.enum(LOTTERY_DRAW_STATUSES),
  /** The draw's result once drawn. */
  result: lotteryResultSchema.nullable(),
  /** ISO time the bet was placed. */
  time: z.string(),
});
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

export const lotteryBetResultSchema = z.object({
  requestId: z.string(),
  bets: z.array(lotteryBetSchema),
  /** The main wallet right after the stakes. */
  balance: z.number(),
});
export type LotteryBetResult = z.infer<typeof lotteryBetResultSchema>;

/** /lgw/lottery/bets: the member's last LOTTERY_HISTORY_SIZE bet lines, newest first. */
export const lotteryMyBetsSchema = z.object({ list: z.array(lotteryBetSchema) });
export type LotteryMyBets = z.infer<typeof lotteryMyBetsSchema>;

// ---- operator -----------------------------------------------------------------------------------

/** POST /wps/admin/lottery/draws/cancel: cancels a draw that is not settled; every bet is refunded. */
export const lotteryCancelRequestSchema = z.object({
  vendor: vendorParam,
  gameCode: gameCodeParam,
  numero: z.string().regex(/^\d{1,20}$/),
  reason: z.string().trim().min(1).max(200),
});
export type LotteryCancelRequest = z.input<typeof lotteryCancelRequestSchema>;
export const lotteryCancelResultSchema = z.object({
  draw: lotteryDrawSchema,
  /** Bet lines refunded, and the stakes given back. */
  refunded: z.number().int(),
  amount: z.number(),
});
export type LotteryCancelResult = z.infer<typeof lotteryCancelResultSchema>;
