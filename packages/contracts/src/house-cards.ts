import { z } from 'zod';

/**
 * The house card game (game type PVP): Three Card Showdown. Players sit at tables of
 * CARDS_SEATS seats in rooms at a few stake levels; seats no player takes are played by the house
 * by a fixed published rule. Every seat antes, gets three cards, and plays (a second bet equal to
 * the ante) or folds; the best hand among those who play takes the pot less the rake. Hands run on
 * a clock: hand n of every room is dealt at n x the hand cycle. Every call but the room list carries
 * the launch ticket in the X-Game-Token header (GAME_TOKEN_HEADER).
 */

/** Seats at a table, players and house seats together. */
export const CARDS_SEATS = 6;
/** Rake taken from every pot, in percent (the house's revenue from the players' pots). */
export const CARDS_RAKE_PERCENT = 5;
/** Hands the game client can recall. */
export const CARDS_HISTORY_SIZE = 10;

/** The rooms of every brand: one table each, by ante (major units). */
export const CARDS_ROOMS = [
  { roomId: 'bronze', ante: 0.5 },
  { roomId: 'silver', ante: 2 },
  { roomId: 'gold', ante: 10 },
] as const;
export type CardsRoomId = (typeof CARDS_ROOMS)[number]['roomId'];
export const CARDS_ROOM_IDS = CARDS_ROOMS.map((r) => r.roomId) as [CardsRoomId, ...CardsRoomId[]];

/** Hand categories, best first (three-card poker order: a straight beats a flush). */
export const CARDS_HAND_RANKS = [
  'STRAIGHT_FLUSH',
  'THREE_OF_A_KIND',
  'STRAIGHT',
  'FLUSH',
  'PAIR',
  'HIGH_CARD',
] as const;
export type CardsHandRank = (typeof CARDS_HAND_RANKS)[number];

/** A card as rank then suit: 'AS' ace of spades, 'TD' ten of diamonds, '2C', '9H'. */
export const cardSchema = z.string().regex(/^[2-9TJQKA][SHDC]$/);

const money = z.number();
const roomIdSchema = z.enum(CARDS_ROOM_IDS);

/** GLS2_roomList data: any of the real clients' filters; the house lists its rooms for each. */
export const roomListQuerySchema = z
  .object({
    vassalage: z.string().max(40).optional(),
    gameCode: z.string().max(64).optional(),
    gameType: z.string().max(20).optional(),
  })
  .optional();

export const cardsRoomSchema = z.object({
  roomId: roomIdSchema,
  vendor: z.string(),
  /** Each seat's ante per hand (a player who plays stakes it twice). */
  ante: money,
  /** What a seat needs in the wallet to play a hand through: ante and play bet. */
  minBuyIn: money,
  seats: z.number().int(),
  /** Seats real players hold in the hand in play or the next one. */
  taken: z.number().int(),
  /** Seats the house plays in the hand in play (0 when no hand is running). */
  houseSeats: z.number().int(),
  /** The next hand to join, and when it is dealt (ISO). */
  nextHandNo: z.number().int(),
  nextDealAt: z.string(),
});
export type CardsRoom = z.infer<typeof cardsRoomSchema>;
export const roomListSchema = z.object({ list: z.array(cardsRoomSchema) });
export type RoomList = z.infer<typeof roomListSchema>;

export const cardsInfoSchema = z.object({
  gameName: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  currencySymbol: z.string(),
  balance: money,
  rooms: z.array(cardsRoomSchema),
  seats: z.number().int(),
  rakePercent: z.number(),
  /** The published return of the pots to the seats: 100 - rake (percent). */
  rtp: z.number(),
  /** Decision window of a hand and the whole hand cycle, in milliseconds. */
  decisionMs: z.number().int(),
  cycleMs: z.number().int(),
  /** The house seats play with this hand or better, else fold: Q-6-4 high. */
  houseSeatRule: z.array(cardSchema),
  handRanks: z.array(z.enum(CARDS_HAND_RANKS)),
});
export type CardsInfo = z.infer<typeof cardsInfoSchema>;

export const cardsActionSchema = z.enum(['PLAY', 'FOLD']);
export type CardsAction = z.infer<typeof cardsActionSchema>;

export const cardsSeatSchema = z.object({
  seat: z.number().int(),
  kind: z.enum(['PLAYER', 'HOUSE']),
  you: z.boolean(),
  /** Shown to the seat's own player during the hand, to everyone after the showdown. */
  cards: z.array(cardSchema).nullable(),
  rank: z.enum(CARDS_HAND_RANKS).nullable(),
  /** Null while undecided (house seats decide at the showdown). */
  action: cardsActionSchema.nullable(),
  stake: money,
  /** After the showdown: what the seat got back (0 for a loss). */
  payout: money.nullable(),
  winner: z.boolean(),
});
export type CardsSeat = z.infer<typeof cardsSeatSchema>;

export const cardsHandSchema = z.object({
  roomId: roomIdSchema,
  handNo: z.number().int(),
  ante: money,
  /** ISO times: dealt, and the end of the decision window. */
  dealAt: z.string(),
  decideBy: z.string(),
  settled: z.boolean(),
  seats: z.array(cardsSeatSchema),
  pot: money,
  /** Taken from the pot at the showdown (null before). */
  rake: money.nullable(),
});
export type CardsHand = z.infer<typeof cardsHandSchema>;

export const cardsTableSchema = z.object({
  roomId: roomIdSchema,
  ante: money,
  serverTime: z.string(),
  /** The hand in play or just shown (null: none yet in this cycle). */
  hand: cardsHandSchema.nullable(),
  next: z.object({
    handNo: z.number().int(),
    dealAt: z.string(),
    /** Real players joined so far. */
    taken: z.number().int(),
    /** Your seat in it, if you joined (null: not joined). */
    seat: z.number().int().nullable(),
  }),
  balance: money,
});
export type CardsTable = z.infer<typeof cardsTableSchema>;

export const cardsTableQuerySchema = z.object({ roomId: roomIdSchema });

/** Take a seat in a coming hand and pay its ante (idempotent: one seat per member per hand). */
export const cardsJoinRequestSchema = z.object({
  roomId: roomIdSchema,
  handNo: z.number().int().positive(),
});

/** Play (the second bet, equal to the ante) or fold, within the decision window. Idempotent. */
export const cardsActRequestSchema = z.object({
  roomId: roomIdSchema,
  handNo: z.number().int().positive(),
  action: cardsActionSchema,
});

export const cardsHistoryEntrySchema = cardsHandSchema.extend({
  /** Your stake (ante, plus the play bet if you played) and what came back. */
  stake: money,
  payout: money,
});
export type CardsHistoryEntry = z.infer<typeof cardsHistoryEntrySchema>;
export const cardsHistorySchema = z.object({ list: z.array(cardsHistoryEntrySchema) });
export type CardsHistory = z.infer<typeof cardsHistorySchema>;

/** The operator's view: the rake taken (house revenue) and the house seats' result, per room. */
export const cardsReportRowSchema = z.object({
  roomId: z.string(),
  hands: z.number().int(),
  pots: money,
  rake: money,
  /** What the house seats staked and got back (their net is house money too). */
  houseSeatStakes: money,
  houseSeatPayouts: money,
});
export const cardsReportSchema = z.object({
  list: z.array(cardsReportRowSchema),
  total: cardsReportRowSchema,
});
export type CardsReport = z.infer<typeof cardsReportSchema>;
