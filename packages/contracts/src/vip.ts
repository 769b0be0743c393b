import { z } from 'zod';
import { GAME_TYPES } from './constants';

/**
 * VIP levels and rebates. A brand's members climb levels 0..N (0 is an ordinary member) by
 * lifetime valid turnover and lifetime approved deposits; each level has a label and colour (the
 * member label of SPEC section 3), an upgrade bonus paid once, benefits, and the rebate rates per
 * game type that the daily rebate pays.
 */

/** A money value in an answer (a number with at most 2 decimals). */
const money = z.number();
/** A rate in an answer: a percentage (basis points / 100: 80 bp → 0.8). */
const percent = z.number();

export const REBATE_LIMITS = {
  /** How many days of rebate payouts the history lists. */
  historyDays: 30,
} as const;

/** A brand-zone calendar day as the rebate calls name it. */
export const rebateDaySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'day.format' });

// ---- VIP -------------------------------------------------------------------------------------------

/** One game type's rebate rate at a level. */
export const rebateRateSchema = z.object({ gameType: z.enum(GAME_TYPES), rate: percent });

export const vipLevelSchema = z.object({
  level: z.number().int(),
  /** In the request language. */
  label: z.string(),
  /** CSS colour of the member label at this level. */
  color: z.string(),
  /** Lifetime valid turnover needed (0: none). */
  minTurnover: money,
  /** Lifetime approved deposits needed (0: none). */
  minDeposit: money,
  /** Paid once when the member first reaches the level (0: none). */
  upgradeBonus: money,
  /** The upgrade bonus must be bet this many times before withdrawing. */
  turnoverMultiple: z.number().int(),
  /** In the request language. */
  benefits: z.array(z.string()),
  /** Daily rebate rates at this level (game types without a rate pay none). */
  rebates: z.array(rebateRateSchema),
  /** Whether members of this level get the VIP customer service (rank level above 4). */
  vipService: z.boolean(),
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

/** The brand's rebate rule (null: the brand pays no rebates). */
export const rebateRuleSchema = z.object({
  /** A payout (a manual claim, or a day's rebate) below this is not paid. */
  minPayout: money,
  /** The most one day's rebate pays (null: no cap). */
  dailyCap: money.nullable(),
  /** A rebate must be bet this many times before withdrawing (0: none). */
  turnoverMultiple: z.number().int(),
});
export type RebateRule = z.infer<typeof rebateRuleSchema>;

/** `GET /wps/vip/levels` (public): the brand's levels, their thresholds, benefits and rebate rates. */
export const vipLevelsSchema = z.object({
  levels: z.array(vipLevelSchema),
  rebate: rebateRuleSchema.nullable(),
});
export type VipLevels = z.infer<typeof vipLevelsSchema>;

/** `GET /wps/vip/me` (member): the member's level and what the next one still needs. */
export const vipMeSchema = z.object({
  level: z.number().int(),
  label: z.string(),
  color: z.string(),
  /** When the member reached the level (null: level 0, never upgraded). */
  reachedTime: z.string().nullable(),
  /** Lifetime valid turnover (settled bets). */
  turnover: money,
  /** Lifetime approved deposits. */
  deposits: money,
  vipService: z.boolean(),
  /** The next level and what it still needs; null at the top level. */
  next: z
    .object({
      level: z.number().int(),
      label: z.string(),
      color: z.string(),
      minTurnover: money,
      minDeposit: money,
      /** Still to bet (0: reached). */
      turnoverNeeded: money,
      /** Still to deposit (0: reached). */
      depositNeeded: money,
    })
    .nullable(),
});
export type VipMe = z.infer<typeof vipMeSchema>;

// ---- rebates ---------------------------------------------------------------------------------------

/** `GET /wps/rebate/manual` (member): today's rebate so far, per game type, and what can be claimed. */
export const manualRebateSchema = z.object({
  /** false: the brand pays no rebates (everything below is 0). */
  enabled: z.boolean(),
  /** Today in the brand's zone (yyyy-mm-dd): claim with it. */
  day: z.string(),
  /** Bets settled up to this time count. */
  asOfTime: z.string(),
  level: z.number().int(),
  lines: z.array(
    z.object({
      gameType: z.enum(GAME_TYPES),
      /** Valid turnover of today's settled bets. */
      turnover: money,
      rate: percent,
      rebate: money,
    }),
  ),
  turnover: money,
  /** Today's rebate so far (after the daily cap). */
  rebate: money,
  /** Whether the daily cap cut it. */
  capped: z.boolean(),
  /** Already claimed today. */
  claimed: money,
  /** rebate - claimed (never negative). */
  claimable: money,
  /** Whether `claimable` can be claimed now (it reaches the minimum payout). */
  canClaim: z.boolean(),
  rule: rebateRuleSchema.nullable(),
});
export type ManualRebate = z.infer<typeof manualRebateSchema>;

/** `POST /wps/rebate/manual/claim`: claims today's claimable rebate at once. */
export const rebateClaimSchema = z.object({
  /**
   * The day the member saw and confirmed (manualRebate.day). Refused when it is no longer today
   * (the daily job pays an ended day's rest), so a confirmation shown before midnight never claims
   * the next day's figure.
   */
  day: rebateDaySchema,
});
export const rebateClaimResultSchema = z.object({
  day: z.string(),
  /** What this claim paid. */
  amount: money,
  /** Claimed today, this claim included. */
  claimed: money,
  /** Turnover to bet before withdrawing that the claim added. */
  turnoverRequired: money,
});
export type RebateClaimResult = z.infer<typeof rebateClaimResultSchema>;

/** `GET /wps/rebate/history` (member): rebate payouts of the last days, newest first. */
export const rebateHistoryQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(REBATE_LIMITS.historyDays).default(REBATE_LIMITS.historyDays),
});
export const rebateHistorySchema = z.object({
  list: z.array(
    z.object({
      day: z.string(),
      /** MANUAL: a claim from the rebate page; DAILY: the job's payout of the day's rest. */
      kind: z.enum(['MANUAL', 'DAILY']),
      /** The day's valid turnover when it was paid. */
      turnover: money,
      amount: money,
      time: z.string(),
    }),
  ),
  total: money,
});
export type RebateHistory = z.infer<typeof rebateHistorySchema>;
