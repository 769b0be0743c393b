import { z } from 'zod';
import { requestIdSchema } from './wallet';
import {
  LOTTERY_RECENT_COUNT,
  LOTTERY_OPENED_COUNT,
  LOTTERY_DRAW_HISTORY_SIZE,
  LOTTERY_SLIP_MAX_LINES,
  PRIZE_MODES,
  LOTTERY_GAME_TYPES,
  LOTTERY_FAMILIES,
  LOTTERY_MENU_TAGS,
  LOTTERY_TABLES,
  LOTTERY_PRIZE_TIERS,
  LOTTERY_BET_TYPES,
  LOTTERY_DRAW_STATUSES,
  LOTTERY_BET_STATUSES,
} from './lottery-constants';

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
