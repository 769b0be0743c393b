import { z } from 'zod';
import { REPORT_BUCKETS } from './reports-players';

/**
 * What the operator gave, by where it came from (BonusService's memo.source): promotions (raffles
 * and sign-in included), missions, rebates, referral rewards, VIP upgrade bonuses, points (converted
 * to cash or redeemed for a bonus in the mall), anything else. Agent wages and dividends are not
 * here (the agents report).
 */
export const REWARD_CATEGORIES = [
  'promotion',
  'mission',
  'rebate',
  'referral',
  'vip',
  'points',
  'other',
] as const;
export type RewardCategory = (typeof REWARD_CATEGORIES)[number];

const costs = {
  promotion: z.number(),
  mission: z.number(),
  rebate: z.number(),
  referral: z.number(),
  vip: z.number(),
  points: z.number(),
  other: z.number(),
  /** Every category's cost. */
  total: z.number(),
  /** Credits paid (ledger entries). */
  credits: z.number().int(),
  ggr: z.number(),
  /** GGR − every bonus cost, agent wages and dividends included (the dashboard's NGR). */
  ngr: z.number(),
  /** total / NGR; null when NGR is not above zero (a ratio would mislead). */
  bonusToNgr: z.number().nullable(),
};

export const rewardCostRowSchema = z.object({ period: z.string(), ...costs });
export type RewardCostRow = z.infer<typeof rewardCostRowSchema>;

/** One entry kind and source of bonus cost over the period. */
export const rewardSourceRowSchema = z.object({
  category: z.enum(REWARD_CATEGORIES),
  kind: z.string(),
  source: z.string(),
  amount: z.number(),
  credits: z.number().int(),
});
export type RewardSourceRow = z.infer<typeof rewardSourceRowSchema>;

/** GET /wps/admin/reports/rewards/costs. */
export const rewardCostsSchema = z.object({
  by: z.enum(REPORT_BUCKETS),
  series: z.array(rewardCostRowSchema),
  totals: z.object(costs),
  sources: z.array(rewardSourceRowSchema),
});
export type RewardCosts = z.infer<typeof rewardCostsSchema>;

/** One promotion or mission: what it paid in the period, in how many claims, to how many members. */
export const rewardItemSchema = z.object({
  category: z.enum(['promotion', 'mission']),
  id: z.string(),
  merchant: z.string(),
  code: z.string(),
  /** In the request language. */
  title: z.string(),
  /** A promotion's kind (FIRST_DEPOSIT, RELOAD, ...), a mission's metric (TURNOVER, ...). */
  kind: z.string(),
  claims: z.number().int(),
  members: z.number().int(),
  amount: z.number(),
});
export type RewardItem = z.infer<typeof rewardItemSchema>;

/** GET /wps/admin/reports/rewards/items. */
export const rewardItemsSchema = z.object({ items: z.array(rewardItemSchema) });
export type RewardItems = z.infer<typeof rewardItemsSchema>;

/** Points (whole numbers) moved in one bucket of days. */
const pointsFigures = {
  /** Earned from turnover and deposits. */
  earned: z.number().int(),
  /** Spent in the points mall, refunds of rejected redemptions taken off. */
  redeemed: z.number().int(),
  /** Converted to cash. */
  converted: z.number().int(),
  /** Staff adjustments and opening grants (either sign). */
  adjusted: z.number().int(),
  /** Cash paid for points: conversions and mall bonuses (major units; in the costs' points). */
  cash: z.number(),
};
export const rewardPointsRowSchema = z.object({ period: z.string(), ...pointsFigures });
export type RewardPointsRow = z.infer<typeof rewardPointsRowSchema>;

/** GET /wps/admin/reports/rewards/points. */
export const rewardPointsSchema = z.object({
  by: z.enum(REPORT_BUCKETS),
  series: z.array(rewardPointsRowSchema),
  totals: z.object(pointsFigures),
});
export type RewardPoints = z.infer<typeof rewardPointsSchema>;
