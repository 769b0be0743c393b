import { z } from 'zod';

/** How a players report groups its days: each bucket is named by its first day (a week starts on Monday). */
export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];

/** Registrations, first-time depositors and active players (who bet) of one bucket of days. */
export const playerActivityRowSchema = z.object({
  period: z.string(),
  registrations: z.number().int(),
  firstDepositors: z.number().int(),
  active: z.number().int(),
});
export type PlayerActivityRow = z.infer<typeof playerActivityRowSchema>;

/** GET /wps/admin/reports/players/activity: the buckets, and the period's totals (actives counted once). */
export const playerActivitySchema = z.object({
  by: z.enum(REPORT_BUCKETS),
  series: z.array(playerActivityRowSchema),
  totals: playerActivityRowSchema.omit({ period: true }),
});
export type PlayerActivity = z.infer<typeof playerActivitySchema>;

/**
 * One registration cohort: its members, and per following period (0: the period they registered in)
 * how many of them bet in it and that share of the cohort (a fraction). Periods after the report's
 * last day are absent: the triangle.
 */
export const playerCohortSchema = z.object({
  cohort: z.string(),
  size: z.number().int(),
  active: z.array(z.number().int()),
  share: z.array(z.number()),
});
export type PlayerCohort = z.infer<typeof playerCohortSchema>;

/** GET /wps/admin/reports/players/cohorts. */
export const playerCohortsSchema = z.object({
  by: z.enum(['week', 'month']),
  cohorts: z.array(playerCohortSchema),
});
export type PlayerCohorts = z.infer<typeof playerCohortsSchema>;

/**
 * A member's figures over the period (money in major units). `playerProfit` is what the member won
 * from settled bets (payouts − stakes: the house's GGR with the sign turned); bonus is apart.
 */
export const playerRankingRowSchema = z.object({
  memberId: z.string(),
  merchant: z.string(),
  username: z.string(),
  vipLevel: z.number().int(),
  bets: z.number().int(),
  turnover: z.number(),
  validTurnover: z.number(),
  ggr: z.number(),
  playerProfit: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  bonus: z.number(),
});
export type PlayerRankingRow = z.infer<typeof playerRankingRowSchema>;

/** GET /wps/admin/reports/players/ranking (an audited read: personal data in bulk). */
export const playerRankingSchema = z.object({
  side: z.enum(['winners', 'losers']),
  items: z.array(playerRankingRowSchema),
});
export type PlayerRanking = z.infer<typeof playerRankingSchema>;

/** Members at one VIP level now, and those of them who bet in the period. */
export const vipLevelRowSchema = z.object({
  level: z.number().int(),
  /** The level's name in the request language (the request brand's levels); '' when it has none. */
  label: z.string(),
  members: z.number().int(),
  active: z.number().int(),
});
export type VipLevelRow = z.infer<typeof vipLevelRowSchema>;

/** GET /wps/admin/reports/players/vip. */
export const vipDistributionSchema = z.object({
  levels: z.array(vipLevelRowSchema),
});
export type VipDistribution = z.infer<typeof vipDistributionSchema>;
