import { z } from 'zod';
import { GAME_TYPES, LANGUAGES } from './constants';
import { GAME_CLASSIFIES } from './game-constants';
import { lotteryResultSchema } from './lottery';
import { LOTTERY_DRAW_STATUSES, LOTTERY_MENU_TAGS, LOTTERY_TABLES, PRIZE_MODES } from './lottery-constants';
import { AMOUNT_PATTERN, MAX_AMOUNT_MINOR, toMinor } from './money';

/**
 * The back office's game catalogue and lottery screens: a brand's categories, vendors and games
 * as staff edit them, and the lottery's schedules, draws and their RNG records. Money in major
 * units on the wire.
 */

/** A game category (game type) of the brand: how many vendors and games it has, and how many are on. */
export const adminCategorySchema = z.object({
  gameType: z.enum(GAME_TYPES),
  vendors: z.number().int(),
  enabledVendors: z.number().int(),
  games: z.number().int(),
  enabledGames: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** One vendor row of the brand (a vendor has one row per game type it serves). */
export const adminVendorSchema = z.object({
  code: z.string(),
  gameType: z.enum(GAME_TYPES),
  displayName: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  hot: z.boolean(),
  adapter: z.string(),
  walletType: z.string(),
  games: z.number().int(),
  enabledGames: z.number().int(),
});
export type AdminVendor = z.infer<typeof adminVendorSchema>;

const SORT_MAX = 99_999;
const sortSchema = z.number().int().min(0).max(SORT_MAX);
const nameSchema = z.string().trim().min(1).max(80);

export const adminVendorPatchSchema = z
  .object({
    enabled: z.boolean().optional(),
    hot: z.boolean().optional(),
    sort: sortSchema.optional(),
    displayName: nameSchema.optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'name at least one field to change' });
export type AdminVendorPatch = z.input<typeof adminVendorPatchSchema>;

/** A game as the back office edits it. */
export const adminGameSchema = z.object({
  nodeId: z.string(),
  vendor: z.string(),
  vendorName: z.string(),
  gameType: z.enum(GAME_TYPES),
  gameCode: z.string(),
  displayName: z.string(),
  /** The player-facing name per language; a language left out shows displayName. */
  names: z.partialRecord(z.enum(LANGUAGES), z.string()),
  classify: z.enum(GAME_CLASSIFIES),
  /** Smallest stake, major units (the site's minimum-bet filter reads it). */
  minBet: z.number(),
  enabled: z.boolean(),
  /** Whether its vendor row is on (a game of a switched-off vendor is hidden whatever its own switch). */
  vendorEnabled: z.boolean(),
  hot: z.boolean(),
  /** Marked new: the site shows a "new" badge on its tile. */
  isNew: z.boolean(),
  sort: z.number().int(),
  /** The icon shown where a language has none of its own: uploaded, else the vendor's. */
  iconUrl: z.string(),
  /** Uploaded icons ('default' and per language), absolute URLs. */
  icons: z.partialRecord(z.enum([...LANGUAGES, 'default']), z.string()),
  /** The house engine that runs it, or null for a third-party game. */
  engine: z.string().nullable(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const adminGamesQuerySchema = z.object({
  /** Part of the name (any language) or of the game code, case-insensitive. */
  q: z.string().trim().max(80).optional(),
  vendor: z
    .string()
    .regex(/^[A-Z0-9_]{1,32}$/)
    .optional(),
  gameType: z.enum(GAME_TYPES).optional(),
  enabled: flag.optional(),
  hot: flag.optional(),
  isNew: flag.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminGamesQuery = z.input<typeof adminGamesQuerySchema>;

export const adminGamePageSchema = z.object({
  list: z.array(adminGameSchema),
  total: z.number().int(),
});
export type AdminGamePage = z.infer<typeof adminGamePageSchema>;

/** A minimum bet: above 0, at most 2 decimals; parses to minor units. */
const minBetSchema = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => AMOUNT_PATTERN.test(v), { message: 'amount.format' })
  .transform((v) => toMinor(v)!)
  .refine((m) => m > 0n && m <= MAX_AMOUNT_MINOR, { message: 'amount.range' });

export const adminGamePatchSchema = z
  .object({
    enabled: z.boolean().optional(),
    hot: z.boolean().optional(),
    isNew: z.boolean().optional(),
    sort: sortSchema.optional(),
    minBet: minBetSchema.optional(),
    displayName: nameSchema.optional(),
    /** Names per language; an empty text removes that language's name (displayName shows). */
    names: z
      .partialRecord(z.enum(LANGUAGES), z.string().trim().max(80))
      .refine((m) => Object.keys(m).length > 0, { message: 'name at least one language' })
      .optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'name at least one field to change' });
export type AdminGamePatch = z.input<typeof adminGamePatchSchema>;

export const adminGameBulkSchema = z
  .object({
    nodeIds: z
      .array(z.string().regex(/^\d{1,18}$/))
      .min(1)
      .max(1000),
    /** What to set on every game named: its switch, its "new" flag, or both (at least one). */
    enabled: z.boolean().optional(),
    isNew: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.enabled !== undefined || b.isNew !== undefined, {
    message: 'name enabled or isNew',
  });
export type AdminGameBulk = z.input<typeof adminGameBulkSchema>;

export const adminGameBulkResultSchema = z.object({ changed: z.number().int() });

/** Uploaded game icons: what the bytes may be and how big (pixels square, bytes). */
export const GAME_ICON_LIMITS = {
  types: ['image/png', 'image/jpeg', 'image/webp'],
  maxBytes: 512 * 1024,
  minPixels: 64,
  maxPixels: 1024,
} as const;

/** Which icon an upload or removal is for: one language, or 'default' (every language without its own). */
export const GAME_ICON_SLOTS = [...LANGUAGES, 'default'] as const;
export type GameIconSlot = (typeof GAME_ICON_SLOTS)[number];

export const adminGameIconUploadSchema = z
  .object({
    lang: z.enum(GAME_ICON_SLOTS),
    /** The image file, base64 (PNG, JPEG or WebP; square; see GAME_ICON_LIMITS). */
    // Room past the limit so an icon a little too large is answered game.icon.too.large.
    data: z
      .string()
      .min(1)
      .max(GAME_ICON_LIMITS.maxBytes * 2),
  })
  .strict();
export type AdminGameIconUpload = z.input<typeof adminGameIconUploadSchema>;

// ---- lottery ---------------------------------------------------------------------------------------

/** A lottery game of the brand with its draw schedule and the draw taking bets now. */
export const adminLotteryGameSchema = z.object({
  vendor: z.string(),
  gameCode: z.string(),
  name: z.string(),
  family: z.enum(['DIGIT', 'FAST']),
  table: z.enum(LOTTERY_TABLES),
  menuTag: z.enum(LOTTERY_MENU_TAGS),
  /** Digit games: weekdays (Sunday 1 ... Saturday 7), local draw time, minutes betting closes before. */
  days: z.array(z.number().int()).nullable(),
  drawTime: z.string().nullable(),
  lockMinutes: z.number().int().nullable(),
  timeZone: z.string().nullable(),
  /** Fast games: a draw every intervalSeconds, betting closes lockSeconds before. */
  intervalSeconds: z.number().int().nullable(),
  lockSeconds: z.number().int().nullable(),
  current: z.object({ numero: z.string(), lockAt: z.string(), drawAt: z.string() }).nullable(),
  /** Switched on for the brand: off takes no new slips, gets no new draws and leaves the menus. */
  enabled: z.boolean(),
});
export type AdminLotteryGame = z.infer<typeof adminLotteryGameSchema>;

export const adminLotteryGamePatchSchema = z.object({ enabled: z.boolean() }).strict();
export type AdminLotteryGamePatch = z.input<typeof adminLotteryGamePatchSchema>;

/**
 * How a draw's result was drawn: the generator and every value it gave, in order, with the range
 * it was asked for (replaying the values through the table's drawing rule gives the result).
 */
export const lotteryRngRecordSchema = z.object({
  generator: z.string(),
  drawnAt: z.string(),
  calls: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type LotteryRngRecord = z.infer<typeof lotteryRngRecordSchema>;

export const adminLotteryDrawSchema = z.object({
  id: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  numero: z.string(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  lockAt: z.string(),
  drawAt: z.string(),
  openedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  result: lotteryResultSchema.nullable(),
  /** Null for a draw not drawn yet, or drawn before RNG records were kept. */
  rng: lotteryRngRecordSchema.nullable(),
  lines: z.number().int(),
  stake: z.number(),
  payout: z.number(),
});
export type AdminLotteryDraw = z.infer<typeof adminLotteryDrawSchema>;

export const adminLotteryDrawsQuerySchema = z.object({
  vendor: z
    .string()
    .regex(/^[A-Z0-9_]{1,32}$/)
    .optional(),
  gameCode: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  status: z.enum(LOTTERY_DRAW_STATUSES).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
});
export type AdminLotteryDrawsQuery = z.input<typeof adminLotteryDrawsQuerySchema>;

export const adminLotteryDrawPageSchema = z.object({
  list: z.array(adminLotteryDrawSchema),
  total: z.number().int(),
});
export type AdminLotteryDrawPage = z.infer<typeof adminLotteryDrawPageSchema>;

export const adminLotteryRtpRowSchema = z.object({
  prizeMode: z.enum(PRIZE_MODES),
  rtpBp: z.number().int(),
  defaultRtpBp: z.number().int(),
  source: z.enum(['BRAND', 'DEFAULT']),
});
export type AdminLotteryRtpRow = z.infer<typeof adminLotteryRtpRowSchema>;

// ---- house games ---------------------------------------------------------------------------------

export const HOUSE_ADMIN_ENGINES = ['SLOT', 'BACCARAT', 'FISH', 'CARDS', 'COCKFIGHT', 'SPORTSBOOK'] as const;
export type HouseAdminEngine = (typeof HOUSE_ADMIN_ENGINES)[number];
/** The house games whose rooms or tables a brand opens and closes. */
export const HOUSE_ROOM_ENGINES = ['CARDS', 'BACCARAT'] as const;

/**
 * A house game as the back office shows it: the returns it publishes (measured by `npm run
 * sim:games`; each game has one published configuration, so they are shown, not chosen), its
 * platform settings, and the rooms or tables the brand can open and close.
 */
export const adminHouseGameSchema = z.object({
  engine: z.enum(HOUSE_ADMIN_ENGINES),
  /** Published configurations: one per game today. */
  configurations: z.number().int(),
  figures: z.array(z.object({ name: z.string(), rtp: z.number() })),
  /** Platform-wide settings the engine runs with (server configuration), read-only here. */
  settings: z.array(z.object({ key: z.string(), value: z.string() })),
  rooms: z.array(
    z.object({
      roomId: z.string(),
      /** Switched on for the brand. */
      enabled: z.boolean(),
      /** Opening hours in the brand's time zone; null: all day. */
      hours: z.object({ from: z.string(), until: z.string() }).nullable(),
      /** On and within its hours now: in the lobby and taking seats and bets. */
      openNow: z.boolean(),
      detail: z.string(),
    }),
  ),
});
export type AdminHouseGame = z.infer<typeof adminHouseGameSchema>;

export const adminHouseRoomPatchSchema = z.object({ enabled: z.boolean() }).strict();

const HHMM = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'must be a time like 18:30' });
/** A room's opening hours (brand time zone, until exclusive; past midnight when until < from), or null: all day. */
export const adminHouseRoomHoursSchema = z
  .object({
    hours: z
      .object({ from: HHMM, until: HHMM })
      .strict()
      .refine((h) => h.from !== h.until, { error: 'opening and closing times must differ' })
      .nullable(),
  })
  .strict();
export type AdminHouseRoomHours = z.infer<typeof adminHouseRoomHoursSchema>;
