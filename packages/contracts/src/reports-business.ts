import { z } from 'zod';

/**
 * The business reports (GET /wps/admin/reports/business/...): turnover, GGR, bonus cost and NGR
 * by period bucket, by category, vendor or game, and a game's bets. Money is in major units
 * (fromMinor); percentages are plain percent numbers (96.15 is 96.15 %), null where undefined.
 */

export const BUSINESS_GROUP_BY = ['day', 'week', 'month'] as const;
export type BusinessGroupBy = (typeof BUSINESS_GROUP_BY)[number];

export const BUSINESS_BREAKDOWN_BY = ['category', 'vendor', 'game'] as const;
export type BusinessBreakdownBy = (typeof BUSINESS_BREAKDOWN_BY)[number];

/**
 * The RTP check: a game is flagged when at least this many bets settled in the period and its
 * measured return is further from the published one than this many standard errors.
 */
export const RTP_FLAG_MIN_ROUNDS = 1_000;
export const RTP_FLAG_STANDARD_ERRORS = 4;

/** Bet figures of a bucket or a breakdown row (bets are counted on the day their stake was taken). */
export const businessFiguresSchema = z.object({
  /** Stakes taken (BET entries). */
  bets: z.number().int(),
  /** Stakes taken minus stakes voided. */
  turnover: z.number(),
  /** Valid turnover of the bets settled. */
  validTurnover: z.number(),
  /** Bets settled, their stakes and what they paid (stake included). */
  settled: z.number().int(),
  settledStake: z.number(),
  payout: z.number(),
  /** Settled stakes minus payouts. */
  ggr: z.number(),
  /** GGR / settled stakes, percent; null when nothing settled. */
  holdPct: z.number().nullable(),
});
export type BusinessFigures = z.infer<typeof businessFiguresSchema>;

export const businessSummaryRowSchema = businessFiguresSchema.extend({
  /** The bucket's first day (a Monday for weeks, the 1st for months), yyyy-mm-dd. */
  bucket: z.string(),
  /** The bucket's days inside the period (the first and last buckets may be partial). */
  from: z.string(),
  to: z.string(),
  /** What left the promotion and wage expense accounts (bonuses, rebates, rewards, agent pay). */
  bonusCost: z.number(),
  /** GGR − bonus cost. */
  ngr: z.number(),
});
export type BusinessSummaryRow = z.infer<typeof businessSummaryRowSchema>;

export const businessSummarySchema = z.object({
  groupBy: z.enum(BUSINESS_GROUP_BY),
  rows: z.array(businessSummaryRowSchema),
  totals: businessSummaryRowSchema.omit({ bucket: true }),
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;

export const businessBreakdownRowSchema = businessFiguresSchema.extend({
  /** category: the game type; vendor: its code; game: vendor:gameCode. */
  key: z.string(),
  /** The category (game type) of the row (a vendor's or game's own). */
  category: z.string(),
  vendorCode: z.string().nullable(),
  vendorName: z.string().nullable(),
  gameCode: z.string().nullable(),
  gameName: z.string().nullable(),
  /** Share of the period's turnover, percent. */
  turnoverShare: z.number().nullable(),
  /** Games only: the RTP the game publishes (house engines), percent, or null. */
  publishedRtp: z.number().nullable(),
  /** Games only: payouts / settled stakes, percent, null when nothing settled. */
  measuredRtp: z.number().nullable(),
  /** Games only: the standard error of the measured RTP, percent points. */
  rtpStandardError: z.number().nullable(),
  /** Games only: off its published RTP beyond luck (RTP_FLAG_* rule). */
  rtpFlag: z.boolean(),
});
export type BusinessBreakdownRow = z.infer<typeof businessBreakdownRowSchema>;

export const businessBreakdownSchema = z.object({
  by: z.enum(BUSINESS_BREAKDOWN_BY),
  rows: z.array(businessBreakdownRowSchema),
  totals: businessFiguresSchema,
});
export type BusinessBreakdown = z.infer<typeof businessBreakdownSchema>;

export const businessBetSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  memberId: z.string(),
  username: z.string(),
  roundId: z.string(),
  gameName: z.string(),
  stake: z.number(),
  validBet: z.number(),
  payout: z.number(),
  status: z.enum(['OPEN', 'SETTLED', 'VOID']),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BusinessBet = z.infer<typeof businessBetSchema>;

export const businessBetsSchema = z.object({
  items: z.array(businessBetSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type BusinessBets = z.infer<typeof businessBetsSchema>;
