import { z } from 'zod';
import { requestIdSchema } from './wallet';

/**
 * The house cockfight arena, played by the cockfight vendors DS88, DIG and WS168 under
 * their own names and wallets. Fights run on a clock schedule per arena (brand + vendor + game):
 * a betting window, the fight, the result, then the next fight. The result of a fight is decided
 * on the server once betting has closed. Every call carries the launch ticket in the X-Game-Token
 * header (GAME_TOKEN_HEADER).
 */

/** What a bet can be placed on: meron (the red corner), wala (the blue corner), or a draw. */
export const COCKFIGHT_SIDES = ['MERON', 'WALA', 'DRAW'] as const;
export type CockfightSide = (typeof COCKFIGHT_SIDES)[number];
/** How a fight ends: a side wins, a draw, or no contest (cancelled: every bet is refunded). */
export const COCKFIGHT_RESULTS = ['MERON', 'WALA', 'DRAW', 'CANCELLED'] as const;
export type CockfightResult = (typeof COCKFIGHT_RESULTS)[number];
/** Where a fight is in its cycle. */
export const COCKFIGHT_PHASES = ['BETTING', 'FIGHTING', 'RESULT'] as const;
export type CockfightPhase = (typeof COCKFIGHT_PHASES)[number];
/**
 * A bet's state: PLACING (stake on its way), OPEN (waits for the result), WON, LOST, REFUNDED
 * (meron/wala bet on a drawn fight: the stake comes back), VOID (cancelled fight or a placement
 * that did not complete: the stake comes back), REJECTED (the stake was refused: nothing moved).
 */
export const COCKFIGHT_BET_STATUSES = [
  'PLACING',
  'OPEN',
  'WON',
  'LOST',
  'REFUNDED',
  'VOID',
  'REJECTED',
] as const;
export type CockfightBetStatus = (typeof COCKFIGHT_BET_STATUSES)[number];
/** Bets the game client recalls. */
export const COCKFIGHT_HISTORY_SIZE = 10;
/** Results of the arena shown in the trend road. */
export const COCKFIGHT_ROAD_SIZE = 48;

const money = z.number();

export const cockfightFighterSchema = z.object({
  /** A breed and a ring number, e.g. "Sweater #27" (proper names: not translated). */
  name: z.string(),
  /** Fighting weight in grams. */
  weight: z.number().int(),
  /** Plumage colour index (0-5) the client paints the bird with. */
  plumage: z.number().int(),
  /** Fixed decimal odds of a bet on this fighter (stake included: 1.88 pays 1.88 per 1 staked). */
  odds: z.number(),
});
export type CockfightFighter = z.infer<typeof cockfightFighterSchema>;

export const cockfightBetSchema = z.object({
  betId: z.string(),
  fightNo: z.number().int(),
  side: z.enum(COCKFIGHT_SIDES),
  stake: money,
  odds: z.number(),
  status: z.enum(COCKFIGHT_BET_STATUSES),
  /** What came back (stake included); null until settled. */
  payout: money.nullable(),
  /** The fight's result once it is shown; null before. */
  result: z.enum(COCKFIGHT_RESULTS).nullable(),
  /** ISO time the bet was placed. */
  time: z.string(),
});
export type CockfightBet = z.infer<typeof cockfightBetSchema>;

export const cockfightFightSchema = z.object({
  fightNo: z.number().int(),
  phase: z.enum(COCKFIGHT_PHASES),
  /** ISO times: betting opens, betting closes (the fight starts), the result is shown, the next fight opens. */
  opensAt: z.string(),
  closesAt: z.string(),
  revealAt: z.string(),
  nextAt: z.string(),
  meron: cockfightFighterSchema,
  wala: cockfightFighterSchema,
  drawOdds: z.number(),
  /** Shown from revealAt on; null before. */
  result: z.enum(COCKFIGHT_RESULTS).nullable(),
  /** Every bet of the fight has been settled. */
  settled: z.boolean(),
});
export type CockfightFight = z.infer<typeof cockfightFightSchema>;

export const cockfightRoadEntrySchema = z.object({
  fightNo: z.number().int(),
  result: z.enum(COCKFIGHT_RESULTS),
});
export type CockfightRoadEntry = z.infer<typeof cockfightRoadEntrySchema>;

export const cockfightStateSchema = z.object({
  /** The server's clock (ISO): the client counts down against it, not its own. */
  serverTime: z.string(),
  fight: cockfightFightSchema,
  /** The player's bets on this fight. */
  myBets: z.array(cockfightBetSchema),
  /** Results of the arena's last fights, newest first. */
  road: z.array(cockfightRoadEntrySchema),
  balance: money,
});
export type CockfightState = z.infer<typeof cockfightStateSchema>;

export const cockfightBetRequestSchema = z.object({
  /** The fight the player sees: a bet named for another fight is refused (cockfight.betting.closed). */
  fightNo: z.number().int().positive(),
  side: z.enum(COCKFIGHT_SIDES),
  amount: z.union([z.number(), z.string()]),
  requestId: requestIdSchema,
});
export type CockfightBetRequest = z.infer<typeof cockfightBetRequestSchema>;

export const cockfightBetResultSchema = z.object({
  bet: cockfightBetSchema,
  /** The wallet the game plays from, right after the stake. */
  balance: money,
});
export type CockfightBetResult = z.infer<typeof cockfightBetResultSchema>;

export const cockfightInfoSchema = z.object({
  gameName: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  currencySymbol: z.string(),
  balance: money,
  /** Chip values, ascending; a bet is any amount from minBet to maxBet. */
  chips: z.array(money),
  minBet: money,
  maxBet: money,
  /** Seconds of each phase of a fight. */
  betSeconds: z.number().int(),
  fightSeconds: z.number().int(),
  resultSeconds: z.number().int(),
  /** Published figures, percent: chance of a draw and of no contest, return to player per bet type. */
  drawChance: z.number(),
  cancelChance: z.number(),
  drawOdds: z.number(),
  rtp: z.object({ MERON: z.number(), WALA: z.number(), DRAW: z.number() }),
});
export type CockfightInfo = z.infer<typeof cockfightInfoSchema>;

export const cockfightHistorySchema = z.object({ list: z.array(cockfightBetSchema) });
export type CockfightHistory = z.infer<typeof cockfightHistorySchema>;
