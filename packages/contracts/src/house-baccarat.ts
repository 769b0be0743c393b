import { z } from 'zod';

/**
 * The house live baccarat: punto banco dealt by the server from an eight-deck shoe, on a
 * few tables that each run timed rounds shared by every player of the brand. Every call carries
 * the launch ticket in the X-Game-Token header (GAME_TOKEN_HEADER, see house-slot).
 */

export const BACCARAT_BET_TYPES = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'] as const;
export type BaccaratBetType = (typeof BACCARAT_BET_TYPES)[number];
export const BACCARAT_OUTCOMES = ['PLAYER', 'BANKER', 'TIE'] as const;

/** The tables every brand runs (ids 1..n); each has its own shoe, schedule and roads. */
export const BACCARAT_TABLE_IDS = [1, 2, 3] as const;
/** Rounds the game client can recall (the player's own). */
export const BACCARAT_HISTORY_SIZE = 10;
/** Chip values offered, major units. Whole units: every stake is a multiple of BACCARAT_STAKE_STEP. */
export const BACCARAT_CHIPS = [1, 5, 10, 50, 100, 500] as const;
/**
 * Every stake is a whole multiple of this (major units). WARNING: it keeps the banker's 5%
 * commission exact: on a stake that is not a multiple of 0.20 the commission would round down in
 * the player's favour (on stakes under 0.20 there would be none at all).
 */
export const BACCARAT_STAKE_STEP = 1;
/** Table limits per bet type, major units, per player and round. */
export const BACCARAT_LIMITS: Readonly<Record<BaccaratBetType, { min: number; max: number }>> = {
  PLAYER: { min: 1, max: 5000 },
  BANKER: { min: 1, max: 5000 },
  TIE: { min: 1, max: 1000 },
  PLAYER_PAIR: { min: 1, max: 500 },
  BANKER_PAIR: { min: 1, max: 500 },
};

const money = z.number();
const betType = z.enum(BACCARAT_BET_TYPES);
const outcome = z.enum(BACCARAT_OUTCOMES);
/** Two-character card codes: rank A23456789TJQK then suit SHDC ('TH' is the ten of hearts). */
const card = z.string().regex(/^[A2-9TJQK][SHDC]$/);

export const baccaratResultSchema = z.object({
  /** In the order dealt: two or three cards each. */
  playerCards: z.array(card),
  bankerCards: z.array(card),
  playerTotal: z.number().int(),
  bankerTotal: z.number().int(),
  outcome,
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
  natural: z.boolean(),
  /** The shoe (1, 2, ..) and the hand's place in it (1, 2, ..). */
  shoeNo: z.number().int(),
  handNo: z.number().int(),
});
export type BaccaratResult = z.infer<typeof baccaratResultSchema>;

export const baccaratBetSchema = z.object({
  type: betType,
  stake: money,
  /** Paid back, stake included; null until the round is settled. */
  payout: money.nullable(),
  status: z.enum(['PLACED', 'SETTLED', 'VOID']),
});
export type BaccaratBet = z.infer<typeof baccaratBetSchema>;

export const baccaratBeadCellSchema = z.object({
  col: z.number().int(),
  row: z.number().int(),
  outcome,
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
});
export const baccaratBigRoadCellSchema = z.object({
  col: z.number().int(),
  row: z.number().int(),
  outcome: z.enum(['PLAYER', 'BANKER']),
  ties: z.number().int(),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
});
export type BaccaratBeadCell = z.infer<typeof baccaratBeadCellSchema>;
export type BaccaratBigRoadCell = z.infer<typeof baccaratBigRoadCellSchema>;

export const baccaratRoadsSchema = z.object({
  shoeNo: z.number().int(),
  bead: z.array(baccaratBeadCellSchema),
  bigRoad: z.array(baccaratBigRoadCellSchema),
  /** Hands of the shoe so far by outcome. */
  counts: z.object({ PLAYER: z.number().int(), BANKER: z.number().int(), TIE: z.number().int() }),
});
export type BaccaratRoads = z.infer<typeof baccaratRoadsSchema>;

export const BACCARAT_PHASES = ['BETTING', 'DEALING', 'RESULT'] as const;
export type BaccaratPhase = (typeof BACCARAT_PHASES)[number];

/** A table now: its round (by the clock), the round's result once dealt, and its roads. */
export const baccaratTableSchema = z.object({
  tableId: z.number().int(),
  roundNo: z.number().int(),
  /**
   * BETTING until closesAt; then DEALING until the cards are drawn (a moment), then RESULT until
   * the next round opens at nextOpensAt.
   */
  phase: z.enum(BACCARAT_PHASES),
  /** Epoch milliseconds on the server's clock; serverTime says what the server's clock read. */
  opensAt: z.number().int(),
  closesAt: z.number().int(),
  nextOpensAt: z.number().int(),
  serverTime: z.number().int(),
  /** This round's cards, once dealt (RESULT phase). */
  result: baccaratResultSchema.nullable(),
  /** The previous dealt round's result (shown while betting). */
  previous: baccaratResultSchema.nullable(),
  roads: baccaratRoadsSchema,
});
export type BaccaratTable = z.infer<typeof baccaratTableSchema>;

export const baccaratStateSchema = baccaratTableSchema.extend({
  /** The player's bets on this round. */
  myBets: z.array(baccaratBetSchema),
  /** The wallet the game plays from. */
  balance: money,
});
export type BaccaratState = z.infer<typeof baccaratStateSchema>;

export const baccaratLobbySchema = z.object({ tables: z.array(baccaratTableSchema), balance: money });
export type BaccaratLobby = z.infer<typeof baccaratLobbySchema>;

const edgeSchema = z.object({ type: betType, pays: z.string(), houseEdge: z.number(), rtp: z.number() });

export const baccaratInfoSchema = z.object({
  gameName: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  currencySymbol: z.string(),
  balance: money,
  tables: z.array(z.number().int()),
  chips: z.array(money),
  stakeStep: money,
  limits: z.array(z.object({ type: betType, min: money, max: money })),
  /** The pays (e.g. '1:1', '0.95:1', '8:1') and exact house edges / RTP in percent to 2 decimals. */
  bets: z.array(edgeSchema),
  commissionPercent: z.number(),
  decks: z.number().int(),
  /** Seconds of each round's betting window and of the whole round. */
  betSeconds: z.number().int(),
  roundSeconds: z.number().int(),
});
export type BaccaratInfo = z.infer<typeof baccaratInfoSchema>;

export const baccaratStateQuerySchema = z.object({ table: z.coerce.number().int().min(1).max(99) });

export const baccaratBetRequestSchema = z.object({
  table: z.number().int().min(1).max(99),
  /** The round the player means (the one open when it chose): a later round is not bet on by mistake. */
  roundNo: z.number().int().min(0),
  type: betType,
  amount: z.union([z.number(), z.string()]),
});
export type BaccaratBetRequest = z.infer<typeof baccaratBetRequestSchema>;

export const baccaratBetResultSchema = z.object({
  tableId: z.number().int(),
  roundNo: z.number().int(),
  bet: baccaratBetSchema,
  /** Every bet of the player on this round, after this one. */
  myBets: z.array(baccaratBetSchema),
  balance: money,
});
export type BaccaratBetResult = z.infer<typeof baccaratBetResultSchema>;

/** One round the player bet on: its bets and, once dealt, its cards. */
export const baccaratHistoryRoundSchema = z.object({
  tableId: z.number().int(),
  roundNo: z.number().int(),
  /** ISO time of the player's first bet on the round. */
  time: z.string(),
  result: baccaratResultSchema.nullable(),
  bets: z.array(baccaratBetSchema),
  totalStake: money,
  /** Null until settled. */
  totalPayout: money.nullable(),
});
export type BaccaratHistoryRound = z.infer<typeof baccaratHistoryRoundSchema>;
export const baccaratHistorySchema = z.object({ list: z.array(baccaratHistoryRoundSchema) });
export type BaccaratHistory = z.infer<typeof baccaratHistorySchema>;
