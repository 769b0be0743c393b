import { z } from 'zod';
import { requestIdSchema } from './wallet';

/**
 * The house sportsbook: football (game type SPORTS) and esports (ESPORTS) on one engine.
 * Fixtures, prices, live scores and results are the server's; these are the calls of its game
 * client, each with the launch ticket in the X-Game-Token header. Odds are decimal numbers with
 * two decimals (1.95); money is major units with at most two decimals.
 */

export const SPORTSBOOK_MARKETS = [
  'MATCH_RESULT',
  'HANDICAP',
  'TOTAL_GOALS',
  'MATCH_WINNER',
  'MAP_HANDICAP',
  'TOTAL_MAPS',
] as const;
export type SportsbookMarket = (typeof SPORTSBOOK_MARKETS)[number];
export const SPORTSBOOK_PICKS = ['HOME', 'DRAW', 'AWAY', 'OVER', 'UNDER'] as const;
export type SportsbookPick = (typeof SPORTSBOOK_PICKS)[number];
/** Bets the game client can recall. */
export const SPORTSBOOK_HISTORY_SIZE = 10;
export const SPORTSBOOK_MAX_PARLAY_LEGS = 10;

const money = z.number();
const odds = z.number();

export const sportsbookSelectionSchema = z.object({
  market: z.enum(SPORTSBOOK_MARKETS),
  /** Handicap (home side's) or total line; absent for 1X2 and match winner. */
  line: z.number().optional(),
  pick: z.enum(SPORTSBOOK_PICKS),
});
export type SportsbookSelection = z.infer<typeof sportsbookSelectionSchema>;

export const sportsbookTeamSchema = z.object({ name: z.string(), shortName: z.string() });

export const sportsbookOutcomeSchema = z.object({ pick: z.enum(SPORTSBOOK_PICKS), odds });
export const sportsbookMarketSchema = z.object({
  /** 'HANDICAP/-1.5'. */
  key: z.string(),
  market: z.enum(SPORTSBOOK_MARKETS),
  line: z.number().optional(),
  /** Shown but taking no bets (decided, or one outcome too likely). */
  suspended: z.boolean(),
  outcomes: z.array(sportsbookOutcomeSchema),
});
export type SportsbookMarketOffer = z.infer<typeof sportsbookMarketSchema>;

export const sportsbookMatchStatusSchema = z.enum(['PRE_MATCH', 'LIVE', 'FINISHED', 'CANCELLED']);
export type SportsbookMatchStatus = z.infer<typeof sportsbookMatchStatusSchema>;

export const sportsbookMatchSchema = z.object({
  id: z.string(),
  leagueId: z.string(),
  leagueName: z.string(),
  /** Esports leagues: MOBA or FPS. */
  game: z.string().optional(),
  home: sportsbookTeamSchema,
  away: sportsbookTeamSchema,
  /** ISO instant of the kick-off on the sportsbook clock (the real clock in production). */
  kickOff: z.string(),
  /** Milliseconds until kick-off on the real clock (0 once started). */
  startsInMs: z.number(),
  status: sportsbookMatchStatusSchema,
  /** Football: match minute. Esports: the map being (or next to be) played. */
  minute: z.number().int(),
  phase: z.enum(['FIRST_HALF', 'HALF_TIME', 'SECOND_HALF', 'MAP', 'BREAK']).nullable(),
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
  markets: z.array(sportsbookMarketSchema),
});
export type SportsbookMatch = z.infer<typeof sportsbookMatchSchema>;

export const sportsbookMatchesSchema = z.object({
  /** The sportsbook clock now (ISO). */
  now: z.string(),
  matches: z.array(sportsbookMatchSchema),
});
export type SportsbookMatches = z.infer<typeof sportsbookMatchesSchema>;

export const sportsbookInfoSchema = z.object({
  gameName: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  sport: z.enum(['FOOTBALL', 'ESPORTS']),
  currencySymbol: z.string(),
  balance: money,
  /** The brand's IANA time zone: kick-off times are shown in it. */
  timeZone: z.string(),
  minStake: money,
  maxStake: money,
  /** The most one bet can pay (stake included). */
  maxPayout: money,
  maxParlayLegs: z.number().int(),
  /** Real milliseconds per match minute (60000 in production). */
  minuteMs: z.number(),
  /** Per market type: return to player of singles and margin, percent. */
  margins: z.array(z.object({ market: z.enum(SPORTSBOOK_MARKETS), rtp: z.number(), margin: z.number() })),
  /** The cash-out fee, percent of the bet's fair value. */
  cashOutFee: z.number(),
});
export type SportsbookInfo = z.infer<typeof sportsbookInfoSchema>;

export const sportsbookLegStatusSchema = z.enum(['PENDING', 'WON', 'LOST', 'VOID']);
export const sportsbookBetStatusSchema = z.enum(['OPEN', 'WON', 'LOST', 'VOID', 'CASHED_OUT']);
export type SportsbookBetStatus = z.infer<typeof sportsbookBetStatusSchema>;

export const sportsbookBetLegSchema = sportsbookSelectionSchema.extend({
  fixtureId: z.string(),
  leagueName: z.string(),
  home: sportsbookTeamSchema,
  away: sportsbookTeamSchema,
  kickOff: z.string(),
  odds,
  status: sportsbookLegStatusSchema,
  /** Current or final score (null before kick-off). */
  score: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
});
export type SportsbookBetLeg = z.infer<typeof sportsbookBetLegSchema>;

export const sportsbookBetSchema = z.object({
  betId: z.string(),
  /** ISO time the bet was placed. */
  time: z.string(),
  kind: z.enum(['SINGLE', 'PARLAY']),
  stake: money,
  /** Product of the legs' odds. */
  odds,
  potentialPayout: money,
  status: sportsbookBetStatusSchema,
  /** Paid back, stake included (null while open). */
  payout: money.nullable(),
  settledAt: z.string().nullable(),
  /** The cash-out offer now, or null when none is offered (only on open bets). */
  cashOut: money.nullable(),
  legs: z.array(sportsbookBetLegSchema),
});
export type SportsbookBet = z.infer<typeof sportsbookBetSchema>;

export const sportsbookPlaceRequestSchema = z.object({
  requestId: requestIdSchema,
  stake: z.union([z.number(), z.string()]),
  /** Take the bet at the odds now when they are at least the odds seen (never lower ones). */
  acceptBetterOdds: z.boolean().default(false),
  legs: z
    .array(sportsbookSelectionSchema.extend({ fixtureId: z.string().min(1).max(40), odds }))
    .min(1)
    .max(SPORTSBOOK_MAX_PARLAY_LEGS),
});
export type SportsbookPlaceRequest = z.input<typeof sportsbookPlaceRequestSchema>;

export const sportsbookBetResultSchema = z.object({ bet: sportsbookBetSchema, balance: money });
export type SportsbookBetResult = z.infer<typeof sportsbookBetResultSchema>;

export const sportsbookBetsSchema = z.object({
  open: z.array(sportsbookBetSchema),
  /** The last SPORTSBOOK_HISTORY_SIZE bets, newest first (open ones included). */
  history: z.array(sportsbookBetSchema),
});
export type SportsbookBets = z.infer<typeof sportsbookBetsSchema>;

export const sportsbookCashOutRequestSchema = z.object({
  betId: z.string().min(1).max(120),
  /** The offer the player accepted; refused (with the new offer) if it changed. */
  value: z.union([z.number(), z.string()]),
});

/** The value of sportsbook.odds.changed: the current odds of each leg, in order (null: closed). */
export type SportsbookOddsChanged = { odds: (number | null)[] };
/** The value of sportsbook.cashout.changed: the offer now. */
export type SportsbookCashOutChanged = { value: number };
