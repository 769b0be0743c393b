import { z } from 'zod';
import { requestIdSchema } from './wallet';

/**
 * The house slot: a 5-reel, 3-row video slot with 20 fixed paylines, a wild that stands
 * in for every symbol but the scatter, and a scatter that pays anywhere and starts free spins.
 * Outcomes are decided on the server; these are the calls of its game client. Every call carries
 * the launch ticket in the X-Game-Token header (GAME_TOKEN_HEADER).
 */

export const GAME_TOKEN_HEADER = 'x-game-token';

/**
 * A house game's launch URL carries a one-time code (?code=), valid for two minutes; the game
 * client exchanges it for the ticket it sends in GAME_TOKEN_HEADER (POST /wps/house/ticket).
 */
export const gameTicketExchangeSchema = z.object({ code: z.string().min(1).max(64) });
export const gameTicketSchema = z.object({ token: z.string() });
export type GameTicketValue = z.infer<typeof gameTicketSchema>;

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;
export const SLOT_SYMBOLS = [
  'WILD',
  'SCATTER',
  'DRAGON',
  'TIGER',
  'KOI',
  'LANTERN',
  'A',
  'K',
  'Q',
  'J',
] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
/** Rounds the game client can recall. */
export const SLOT_HISTORY_SIZE = 10;

const money = z.number();
const symbol = z.enum(SLOT_SYMBOLS);

export const slotLineWinSchema = z.object({
  /** Index into the info call's `lines`. */
  line: z.number().int(),
  symbol,
  /** Symbols counted from the leftmost reel (3 to 5). */
  count: z.number().int(),
  /** Before the spin's multiplier. */
  win: money,
});
export type SlotLineWin = z.infer<typeof slotLineWinSchema>;

/** One spin: the base spin of a round or one of its free spins. */
export const slotSpinSchema = z.object({
  /** grid[reel][row], rows top to bottom. */
  grid: z.array(z.array(symbol)),
  lineWins: z.array(slotLineWinSchema),
  scatterCount: z.number().int(),
  /** Before the spin's multiplier. */
  scatterWin: money,
  /** Free spins this spin awarded (0 if none). */
  freeSpinsAwarded: z.number().int(),
  /** Win multiplier of this spin (1 on the base spin). */
  multiplier: z.number().int(),
  /** Everything this spin won (lines and scatter, multiplied). */
  win: money,
});
export type SlotSpin = z.infer<typeof slotSpinSchema>;

/** A paid spin and the free spins it led to: one bet, settled as one. */
export const slotRoundSchema = z.object({
  roundId: z.string(),
  /** ISO time. */
  time: z.string(),
  bet: money,
  base: slotSpinSchema,
  freeSpins: z.array(slotSpinSchema),
  totalWin: money,
});
export type SlotRound = z.infer<typeof slotRoundSchema>;

export const slotSpinRequestSchema = z.object({
  bet: z.union([z.number(), z.string()]),
  requestId: requestIdSchema,
});
export const slotSpinResultSchema = slotRoundSchema.extend({
  /** The wallet the game plays from, right after the round was settled. */
  balance: money,
  /** Present when this round won the progressive jackpot: what it paid (to the same wallet). */
  jackpotWin: money.optional(),
});
export type SlotSpinResult = z.infer<typeof slotSpinResultSchema>;

const paySchema = z.object({ count: z.number().int(), multiplier: z.number().int() });

export const slotInfoSchema = z.object({
  gameName: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  currencySymbol: z.string(),
  balance: money,
  /** Total bets per spin the player can choose, ascending. */
  betOptions: z.array(money),
  /** Paylines: for each line, the row (0 top) it crosses on each reel. */
  lines: z.array(z.array(z.number().int())),
  /** Line pays as multiples of the bet per line (total bet / number of lines). */
  paytable: z.array(z.object({ symbol, pays: z.array(paySchema) })),
  scatter: z.object({
    /** Scatter pays as multiples of the total bet, wherever the scatters land. */
    pays: z.array(paySchema),
    /** Scatters needed to start free spins, and how many are awarded. */
    triggerCount: z.number().int(),
    freeSpins: z.number().int(),
    /** Free spins wins are multiplied by this. Free spins pay scatters but award no more free spins. */
    freeSpinMultiplier: z.number().int(),
  }),
  /**
   * Return to player in percent, 2 decimals: the paytable's (exact, from the reel strips) plus the
   * progressive jackpot's long-run return.
   */
  rtp: z.number(),
  /** The paytable's part of `rtp` (what the bets themselves pay back), percent. */
  paytableRtp: z.number(),
  /** The progressive jackpot every paid spin feeds and may win. */
  jackpot: z.object({
    /** Share of the stake paid into the pool, percent. */
    contributionPercent: z.number(),
    /** A spin's chance is its stake in this many: 1 in `odds` per 1.00 staked. */
    odds: z.number().int(),
    /** The jackpot's part of `rtp`, percent. */
    returnPercent: z.number(),
  }),
  /** Share of paid spins that win anything, in percent. */
  hitRate: z.number(),
  /** Largest win of one round, as a multiple of the total bet. */
  maxWinMultiplier: z.number().int(),
});
export type SlotInfo = z.infer<typeof slotInfoSchema>;

export const slotHistorySchema = z.object({ list: z.array(slotRoundSchema) });
export type SlotHistory = z.infer<typeof slotHistorySchema>;
