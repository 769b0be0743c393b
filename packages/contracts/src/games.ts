import { z } from 'zod';
import { DEFAULT_VENDOR_PLATFORM, GAME_LIST_PAGE_SIZE, GAME_TYPES } from './constants';
import {
  GAME_CLASSIFIES,
  JACKPOT_POOLS,
  JACKPOT_WINNERS_MAX,
  MIN_BET_FILTERS,
  POPULAR_GAMES_COUNT,
  WINNER_BOARD_SIZE,
} from './game-constants';
import { lotteryItemSchema, prizeModeParam } from './lottery';
import { LOTTERY_AREAS, LOTTERY_LAUNCH_MODE, LOTTERY_VIEWS } from './lottery-constants';

/** Real clients send empty parameters for "all": an empty string counts as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const gameTypeParam = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(GAME_TYPES));

export const vendorCardSchema = z.object({
  vassalage: z.string(),
  gameType: z.enum(GAME_TYPES),
  displayName: z.string(),
  /** 1 shows the hot icon. */
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** 'VASSALAGE' opens a popup game list instead of a lobby. */
  isGame: z.string().nullable(),
  logoUrl: z.string(),
  /** The vendor's icon as absolute URLs on the brand's image CDN, under each name real clients read. */
  smallIcon: z.string(),
  mobileSmallIcon: z.string(),
  h5Icon: z.string(),
  lagerIcon: z.string(),
  walletType: z.enum(['TRANSFER', 'SEAMLESS']),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const vendorCategorySchema = z.object({
  title: z.enum(GAME_TYPES),
  cards: z.array(vendorCardSchema),
  /** Vendor codes of the category, in display order. */
  gameClassify: z.array(z.string()),
});
export type VendorCategory = z.infer<typeof vendorCategorySchema>;

export const newGameVendorQuerySchema = z.object({
  platform: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[a-z0-9,-]{1,64}$/)
      .default(DEFAULT_VENDOR_PLATFORM),
  ),
  gameType: optional(gameTypeParam),
});

export const vassGameTypeQuerySchema = z.object({
  vassalage: optional(z.string().regex(/^[A-Za-z0-9_]{1,40}$/)),
});
export const vassGameTypeSchema = z.array(
  z.object({ vassalage: z.string(), gameType: z.enum(GAME_TYPES), isGame: z.string().nullable() }),
);

// ---- catalogue, lists and launch --------------------------------------------------

/** A game as lists answer it (SPEC section 3 plus what the list screen shows). */
export const gameSchema = z.object({
  nodeId: z.number().int(),
  /** Vendor code. `vendor` and `accountTypeId` carry the same value for older clients. */
  vassalage: z.string(),
  vendor: z.string(),
  accountTypeId: z.string(),
  /** The vendor's display name. */
  accountTypeName: z.string(),
  gameType: z.enum(GAME_TYPES),
  gameId: z.string(),
  gameCode: z.string(),
  code: z.string(),
  displayName: z.string(),
  /** The name in the request's language (the real clients read this one). */
  gameName: z.string(),
  /** The catalogue node's own name (not translated). */
  nodeName: z.string(),
  /** The id launchGame takes as roomId: the node id. */
  roomId: z.number().int(),
  defaultPlayType: z.string().nullable(),
  /** 'VASSALAGE' opens the vendor's popup game list instead of launching. */
  isGame: z.string().nullable(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** 1: the operator marked it new (the site shows a "new" badge). */
  isNew: z.union([z.literal(0), z.literal(1)]),
  /** Icon: an absolute URL on the brand's image CDN, in the request's language when it has one. */
  showIcon: z.string(),
  classify: z.enum(GAME_CLASSIFIES),
  /** Smallest stake, major units. */
  minBet: z.number(),
  lineNum: z.number().int(),
});
export type Game = z.infer<typeof gameSchema>;

const pageNoParam = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeParam = z.coerce.number().int().min(1).max(100).default(GAME_LIST_PAGE_SIZE);
/** The game list takes whole-catalogue pages (an export tool asks for every game at once). */
export const GAME_LIST_MAX_PAGE_SIZE = 3000;
const vendorParam = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,40}$/)
  .transform((v) => v.toUpperCase());
const languageParam = optional(z.string().regex(/^[A-Za-z]{2,5}$/));

export const gameListQuerySchema = z.object({
  clientType: optional(z.coerce.number().int()),
  platform: optional(z.string().max(64)),
  channel: optional(z.string().max(40)),
  merchant: optional(z.string().max(40)),
  gameType: optional(gameTypeParam),
  vassalage: optional(vendorParam),
  gameClassify: optional(z.enum(GAME_CLASSIFIES)),
  gameName: optional(z.string().trim().max(50)),
  minBet: optional(z.enum(MIN_BET_FILTERS)),
  minLineNum: optional(z.coerce.number().int().min(0).max(1024)),
  pageNo: pageNoParam,
  pageSize: z.coerce.number().int().min(1).max(GAME_LIST_MAX_PAGE_SIZE).default(GAME_LIST_PAGE_SIZE),
  language: languageParam,
});
export type GameListQuery = z.infer<typeof gameListQuerySchema>;

export const gameListSchema = z.object({
  games: z.array(gameSchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  /** Classifications present in the list before the classification filter (the filter's options). */
  classifies: z.array(z.enum(GAME_CLASSIFIES)),
});
export type GameList = z.infer<typeof gameListSchema>;

export const hotGamesQuerySchema = z.object({
  merchantCode: optional(z.string().max(40)),
  isPlatform: optional(z.coerce.number().int()),
  vassalage: optional(vendorParam),
  gameType: optional(gameTypeParam),
  platform: optional(z.string().max(64)),
  language: languageParam,
});
export const hotGamesSchema = z.object({ list: z.array(gameSchema) });

export const favoriteIdsQuerySchema = z.object({ gameType: optional(gameTypeParam) });
export const favoriteListQuerySchema = z.object({
  clientType: optional(z.coerce.number().int()),
  platform: optional(z.string().max(64)),
  language: languageParam,
  gameType: optional(gameTypeParam),
  pageNo: pageNoParam,
  pageSize: pageSizeParam,
});
export const favoriteListSchema = z.object({ content: z.array(gameSchema), totalPages: z.number().int() });
/** Favourite add and remove (SPEC section 7): the game's node id, its vendor and type. */
export const favoriteChangeSchema = z.object({
  nodeId: z.coerce.number().int().positive(),
  vendor: vendorParam,
  gameType: gameTypeParam,
});

export const recentGamesQuerySchema = z.object({
  clientType: optional(z.coerce.number().int()),
  vassalage: optional(vendorParam),
  gameType: optional(gameTypeParam),
  language: languageParam,
  pageNo: pageNoParam,
  pageSize: pageSizeParam,
});
export const recentGamesSchema = z.object({ list: z.array(gameSchema), totalPages: z.number().int() });

export const winnerBoardQuerySchema = z.object({
  gameCategory: optional(z.union([z.literal('ALL'), gameTypeParam])),
  language: languageParam,
  limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_SIZE).default(WINNER_BOARD_SIZE),
});
export const winnerSchema = z.object({
  /** Masked account name (first 2 and last character). */
  account: z.string(),
  nodeId: z.number().int().nullable(),
  vendor: z.string(),
  gameType: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  betAmount: z.number(),
  winAmount: z.number(),
  /** Payout over stake, 2 decimals. */
  multiplier: z.number(),
  /** ISO time of the settlement. */
  time: z.string(),
  /** A progressive jackpot win (paid from the pool, beside the bet's own payout). */
  jackpot: z.boolean().optional(),
});
export type Winner = z.infer<typeof winnerSchema>;
export const winnerBoardSchema = z.object({ list: z.array(z.object({ vo: winnerSchema })) });

/**
 * /lgw/games/popular. Asked for a lottery type (gameType LOTT or ELOTT) or with a prizeMode, it
 * answers popular lotteries (both lottery types unless gameType names one), each carrying its
 * lottery item.
 */
export const popularGamesQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(POPULAR_GAMES_COUNT).default(POPULAR_GAMES_COUNT),
  gameType: optional(gameTypeParam),
  prizeMode: optional(prizeModeParam),
  language: languageParam,
});
export const popularGameSchema = gameSchema.extend({
  /** Popular lotteries only: the game's lottery item (current numero, times, prize mode). */
  lottery: lotteryItemSchema.optional(),
});
export type PopularGame = z.infer<typeof popularGameSchema>;
export const popularGamesSchema = z.array(popularGameSchema);

export const playerAvatarSchema = z.object({ avatar: z.string(), nickname: z.string() });

/** launchMode of an ordinary game launch (the game launch service), besides the lottery's LOTT. */
export const GAME_LAUNCH_SERVICE_MODE = 'GLS';

/**
 * How the site opens a launched game: in the /game frame page, the header-only /seamless page, or
 * PAGE: the URL is a route of this site to navigate to (lottery games open /lottery).
 */
export const LAUNCH_MODES = ['FRAME', 'SEAMLESS', 'PAGE'] as const;
export const launchGameQuerySchema = z.object({
  vendor: optional(vendorParam),
  vassalage: optional(vendorParam),
  gameCode: optional(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/)),
  nodeId: optional(z.coerce.number().int().positive()),
  /** The real clients' name for nodeId (the roomId of the game lists). */
  roomId: optional(z.coerce.number().int().positive()),
  gameType: optional(gameTypeParam),
  language: languageParam,
  /** Where the game's exit button goes: a path of this site, or a URL on one of the brand's hosts. */
  backUrl: optional(z.string().max(512)),
  device: optional(z.string().max(20)),
  // The lottery lobby launch (SPEC section 7): launchMode LOTT with an area (VN:
  // TCG_LOTTO_VN, SEA: TCG_SEA) when no vendor is named, a prize mode, a game and the view to open.
  // GLS: the game launch service, i.e. an ordinary launch (what the real clients send for games).
  launchMode: optional(z.enum([LOTTERY_LAUNCH_MODE, GAME_LAUNCH_SERVICE_MODE])),
  lottoArea: optional(z.enum(LOTTERY_AREAS)),
  lottoPrizeMode: optional(prizeModeParam),
  lottoGameCode: optional(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/)),
  lottoView: optional(z.enum(LOTTERY_VIEWS)),
  /**
   * Play for fun: the vendor's demo mode (no wallet, no money moves), where the vendor offers
   * one. Trial accounts always play a vendor's demo mode where it has one.
   */
  demo: optional(z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true')),
});
export type LaunchGameQuery = z.infer<typeof launchGameQuerySchema>;
export const launchGameSchema = z.object({
  url: z.string(),
  /** The launch URL made absolute, under the names the real clients read. */
  gameUrl: z.string(),
  content: z.object({ game_url: z.string() }),
  mode: z.enum(LAUNCH_MODES),
  gameName: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  /** Money moved from the main wallet into a transfer-wallet vendor's wallet at launch. */
  transferred: z.number(),
  /** The game opened in the vendor's demo mode (play for fun: nothing is bet from the wallets). */
  demo: z.boolean().optional(),
});
export type LaunchGame = z.infer<typeof launchGameSchema>;

/** A bet recalled at its vendor: the vendor and the bet's round id, as the betting record lists them. */
export const roundDetailsQuerySchema = z.object({
  vendor: z.string().regex(/^[A-Za-z0-9_]{1,32}$/),
  roundId: z.string().min(1).max(255),
});
export type RoundDetailsQuery = z.infer<typeof roundDetailsQuerySchema>;
/** Where the vendor shows the round (its own page, opened in a new window or a frame). */
export const roundDetailsSchema = z.object({ url: z.string() });
export type RoundDetails = z.infer<typeof roundDetailsSchema>;
/** The brand's vendor codes whose bets can be recalled at the vendor. */
export const roundDetailsVendorsSchema = z.array(z.string());

/** `GET /wps/game/jackpot`: the brand's progressive jackpot pool. */
export const jackpotQuerySchema = z.object({
  pool: optional(z.enum(JACKPOT_POOLS)),
  /** Recent winners to answer. */
  limit: z.coerce.number().int().min(1).max(JACKPOT_WINNERS_MAX).default(JACKPOT_WINNERS_MAX),
});
export const jackpotWinnerSchema = z.object({
  /** Masked account name (first 2 and last character). */
  account: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  betAmount: z.number(),
  winAmount: z.number(),
  /** ISO time of the win. */
  time: z.string(),
});
export type JackpotWinner = z.infer<typeof jackpotWinnerSchema>;
export const jackpotSchema = z.object({
  pool: z.enum(JACKPOT_POOLS),
  /** What the pool holds now (a win pays all of it). */
  amount: z.number(),
  /** What the pool starts at again after a win (paid in by the operator). */
  seed: z.number(),
  /** Share of each eligible stake paid into the pool, percent. */
  contributionPercent: z.number(),
  /** A spin's chance to win is its stake in this many: 1 in `odds` per 1.00 staked. */
  odds: z.number().int(),
  /** The pool's long-run return per stake (contribution plus seed share), percent. */
  returnPercent: z.number(),
  /** The counter's animation: `step` every `stepMs` between real figures. */
  step: z.number(),
  stepMs: z.number().int(),
  /**
   * How far the counter may run ahead of `amount` before the next figure: what the pool grew by
   * over a refresh interval of late (0 when it did not grow).
   */
  lead: z.number(),
  /** When to ask again, ms. */
  refreshMs: z.number().int(),
  /** ISO time of the figure. */
  time: z.string(),
  /** Newest wins first. */
  winners: z.array(jackpotWinnerSchema),
});
export type Jackpot = z.infer<typeof jackpotSchema>;
