import { z } from 'zod';
import { GAME_TYPES, LANGUAGES } from './constants';
import { MISSION_METRICS, MISSION_PERIODS } from './missions';
import { AMOUNT_PATTERN, toMinor } from './money';
import { POINT_REWARD_KINDS } from './points';

/**
 * The back office's rewards setup: missions, VIP levels, rebate rates and their cost forecast, the
 * referral programme, points earning, the points-mall catalogue and a pause per reward kind. Money
 * goes both ways as numbers with at most 2 decimals; rates as basis points (80 = 0.80%).
 */

/** Reward kinds an operator can pause on a brand; what members already hold is kept. */
export const REWARD_PAUSE_KINDS = ['MISSIONS', 'REBATES', 'REFERRAL', 'POINTS_EARNING', 'MALL'] as const;
export type RewardPauseKind = (typeof REWARD_PAUSE_KINDS)[number];

export const REWARDS_ADMIN_LIMITS = {
  /** Highest VIP level (the vip_level table allows 0..99). */
  maxLevel: 99,
  /** A rebate rate's ceiling in basis points (10%). */
  maxRateBp: 1000,
  maxTurnoverMultiple: 100,
  textMax: 200,
  descriptionMax: 2000,
  benefitsMax: 20,
  /** Days of valid turnover the rebate forecast reads. */
  forecastDays: 30,
  /** A mall image's largest size. */
  maxImageBytes: 1024 * 1024,
  maxStock: 1_000_000,
  maxPoints: 100_000_000,
} as const;

/** A money amount an operator types: >= 0, at most 2 decimals (checked again by the server). */
const moneyIn = z
  .union([z.number(), z.string()])
  .refine((v) => AMOUNT_PATTERN.test(String(v).trim()) && toMinor(v) !== null, { message: 'amount.format' })
  .transform((v) => Number(String(v).trim()));
/** Like moneyIn but strictly above zero. */
const positiveMoneyIn = moneyIn.refine((v) => v > 0, { message: 'amount.range' });

const langKey = z.enum(LANGUAGES);
/** Texts per language: at least one, none empty. */
export const localizedTextInput = (max: number = REWARDS_ADMIN_LIMITS.textMax) =>
  z
    .partialRecord(langKey, z.string().trim().min(1).max(max))
    .refine((r) => Object.keys(r).length > 0, { message: 'text.required' });
/** Optional texts per language (a description): may be empty. */
const optionalText = (max: number) => z.partialRecord(langKey, z.string().trim().max(max));
const localized = z.record(z.string(), z.string());
const multiple = z.number().int().min(0).max(REWARDS_ADMIN_LIMITS.maxTurnoverMultiple);

// ---- pauses --------------------------------------------------------------------------------------

export const rewardPauseSchema = z.object({
  kind: z.enum(REWARD_PAUSE_KINDS),
  paused: z.boolean(),
  pausedBy: z.string().nullable(),
  pausedTime: z.string().nullable(),
});
export type RewardPause = z.infer<typeof rewardPauseSchema>;
export const rewardPauseListSchema = z.object({ list: z.array(rewardPauseSchema) });
export const rewardPauseInputSchema = z.object({ paused: z.boolean() });

// ---- missions ------------------------------------------------------------------------------------

export const adminMissionSchema = z.object({
  id: z.string(),
  code: z.string(),
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  gameType: z.enum(GAME_TYPES).nullable(),
  /** Money (TURNOVER, DEPOSIT) or a count (WINS: bets, LOGIN: days). */
  target: z.number(),
  reward: z.number(),
  turnoverMultiple: z.number().int(),
  title: localized,
  description: localized,
  sort: z.number().int(),
  active: z.boolean(),
  /** Claims paid so far (they keep the reward they were paid). */
  claims: z.number().int(),
});
export type AdminMission = z.infer<typeof adminMissionSchema>;
export const adminMissionListSchema = z.object({ list: z.array(adminMissionSchema) });

export const missionInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,40}$/),
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  gameType: z.enum(GAME_TYPES).nullable().default(null),
  target: positiveMoneyIn,
  reward: positiveMoneyIn,
  turnoverMultiple: multiple,
  title: localizedTextInput(),
  description: optionalText(REWARDS_ADMIN_LIMITS.descriptionMax).default({}),
  sort: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
});
export type MissionInput = z.output<typeof missionInputSchema>;
export const activeInputSchema = z.object({ active: z.boolean() });

// ---- VIP levels ------------------------------------------------------------------------------------

export const adminVipLevelSchema = z.object({
  level: z.number().int(),
  label: localized,
  color: z.string(),
  minTurnover: z.number(),
  minDeposit: z.number(),
  upgradeBonus: z.number(),
  turnoverMultiple: z.number().int(),
  benefits: z.array(localized),
  /** Members at this level now. */
  members: z.number().int(),
});
export type AdminVipLevel = z.infer<typeof adminVipLevelSchema>;
export const adminVipLevelListSchema = z.object({ list: z.array(adminVipLevelSchema) });

export const vipLevelInputSchema = z.object({
  level: z.number().int().min(0).max(REWARDS_ADMIN_LIMITS.maxLevel),
  label: localizedTextInput(40),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/),
  minTurnover: moneyIn,
  minDeposit: moneyIn,
  upgradeBonus: moneyIn,
  turnoverMultiple: multiple,
  benefits: z.array(localizedTextInput()).max(REWARDS_ADMIN_LIMITS.benefitsMax).default([]),
});
export type VipLevelInput = z.output<typeof vipLevelInputSchema>;
/** The brand's whole ladder, level 0 (ordinary members) first. */
export const vipLevelsInputSchema = z.object({
  levels: z
    .array(vipLevelInputSchema)
    .min(1)
    .max(REWARDS_ADMIN_LIMITS.maxLevel + 1),
});

// ---- rebates ---------------------------------------------------------------------------------------

export const rebateRuleInputSchema = z.object({
  minPayout: positiveMoneyIn,
  dailyCap: positiveMoneyIn.nullable(),
  turnoverMultiple: multiple,
});
const rateBp = z.number().int().min(0).max(REWARDS_ADMIN_LIMITS.maxRateBp);
export const rebateRatesInputSchema = z.object({
  rule: rebateRuleInputSchema,
  /** Per VIP level, per game type (a game type left out pays none). */
  rates: z
    .array(
      z.object({
        level: z.number().int().min(0).max(REWARDS_ADMIN_LIMITS.maxLevel),
        rates: z.partialRecord(z.enum(GAME_TYPES), rateBp),
      }),
    )
    .max(REWARDS_ADMIN_LIMITS.maxLevel + 1),
});
export type RebateRatesInput = z.output<typeof rebateRatesInputSchema>;

export const adminRebateSchema = z.object({
  rule: z
    .object({ minPayout: z.number(), dailyCap: z.number().nullable(), turnoverMultiple: z.number().int() })
    .nullable(),
  rates: z.array(z.object({ level: z.number().int(), rates: z.record(z.string(), z.number().int()) })),
  /** The brand-zone day from which saved changes apply (today's and earlier days keep their terms). */
  effectiveFrom: z.string(),
});
export type AdminRebate = z.infer<typeof adminRebateSchema>;

export const rebateForecastSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  turnover: z.number(),
  /** What the last `days` days would have cost at the current and at the proposed terms. */
  currentCost: z.number(),
  proposedCost: z.number(),
  lines: z.array(
    z.object({
      level: z.number().int(),
      gameType: z.string(),
      turnover: z.number(),
      currentCost: z.number(),
      proposedCost: z.number(),
    }),
  ),
});
export type RebateForecast = z.infer<typeof rebateForecastSchema>;

// ---- referral --------------------------------------------------------------------------------------

export const referralRuleInputSchema = z.object({
  minFirstDeposit: positiveMoneyIn,
  reward: positiveMoneyIn,
  turnoverMultiple: multiple,
  qualifyDays: z.number().int().min(1).max(366),
  monthlyLimit: z.number().int().min(1).max(10_000),
  /** Hold every claim for an operator's review (tied friends are held either way). */
  reviewAll: z.boolean().default(false),
});
export type ReferralRuleInput = z.output<typeof referralRuleInputSchema>;
export const adminReferralSchema = z.object({
  rule: z
    .object({
      minFirstDeposit: z.number(),
      reward: z.number(),
      turnoverMultiple: z.number().int(),
      qualifyDays: z.number().int(),
      monthlyLimit: z.number().int(),
      reviewAll: z.boolean(),
    })
    .nullable(),
  /** Rewards held for review: paid, when approved, with the terms they were claimed with. */
  held: z.number().int(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;

// ---- points earning --------------------------------------------------------------------------------

export const pointRulesInputSchema = z.object({
  /** Points per 1.00 of a credited deposit. */
  depositRate: z.number().int().min(0).max(1000),
  /** Points per 1.00 of valid turnover, per game type (left out: none). */
  earnRates: z.partialRecord(z.enum(GAME_TYPES), z.number().int().min(0).max(1000)),
  convertEnabled: z.boolean(),
  convertPointsPerUnit: z.number().int().min(1).max(1_000_000),
  convertMinPoints: z.number().int().min(1).max(REWARDS_ADMIN_LIMITS.maxPoints),
  convertTurnoverMultiple: multiple,
});
export type PointRulesInput = z.output<typeof pointRulesInputSchema>;
export const adminPointRulesSchema = z.object({
  configured: z.boolean(),
  depositRate: z.number().int(),
  earnRates: z.record(z.string(), z.number().int()),
  convertEnabled: z.boolean(),
  convertPointsPerUnit: z.number().int(),
  convertMinPoints: z.number().int(),
  convertTurnoverMultiple: z.number().int(),
});
export type AdminPointRules = z.infer<typeof adminPointRulesSchema>;

// ---- the mall --------------------------------------------------------------------------------------

export const adminMallItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(POINT_REWARD_KINDS),
  name: localized,
  description: localized,
  imagePath: z.string(),
  /** The image as the back office shows it. */
  imageUrl: z.string(),
  cost: z.number().int(),
  /** Left to redeem; null: unlimited. */
  stock: z.number().int().nullable(),
  bonusAmount: z.number().nullable(),
  turnoverMultiple: z.number().int(),
  sort: z.number().int(),
  active: z.boolean(),
  /** Goods redemptions waiting for an operator (they keep the terms they were redeemed with). */
  inProcess: z.number().int(),
});
export type AdminMallItem = z.infer<typeof adminMallItemSchema>;
export const adminMallListSchema = z.object({ list: z.array(adminMallItemSchema) });

export const mallItemInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,40}$/),
  kind: z.enum(POINT_REWARD_KINDS),
  name: localizedTextInput(80),
  description: optionalText(REWARDS_ADMIN_LIMITS.descriptionMax).default({}),
  /** An uploaded image (reward-images/<id>.png) or a path on the brand's image CDN. */
  imagePath: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .regex(/^[A-Za-z0-9_./-]+$/)
    .refine((p) => !p.includes('..'), { message: 'path' }),
  cost: z.number().int().min(1).max(REWARDS_ADMIN_LIMITS.maxPoints),
  bonusAmount: positiveMoneyIn.nullable().default(null),
  turnoverMultiple: multiple.default(0),
  sort: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
});
export type MallItemInput = z.output<typeof mallItemInputSchema>;
/** A new item also says its starting stock (null: unlimited). */
export const mallItemCreateSchema = mallItemInputSchema.extend({
  stock: z.number().int().min(0).max(REWARDS_ADMIN_LIMITS.maxStock).nullable(),
});
export type MallItemCreate = z.output<typeof mallItemCreateSchema>;

/**
 * A stock change: add or take away (`change`, applied to the stock as it is at that moment, so
 * redemptions running at the same time are never lost), or switch between limited and unlimited.
 */
export const mallStockInputSchema = z.union([
  z.object({
    change: z
      .number()
      .int()
      .min(-REWARDS_ADMIN_LIMITS.maxStock)
      .max(REWARDS_ADMIN_LIMITS.maxStock)
      .refine((n) => n !== 0, { message: 'stock.change' }),
  }),
  z.object({ unlimited: z.literal(true) }),
  z.object({ limitedTo: z.number().int().min(0).max(REWARDS_ADMIN_LIMITS.maxStock) }),
]);
export type MallStockInput = z.infer<typeof mallStockInputSchema>;

export const rewardImageUploadSchema = z.object({
  /** The file's bytes, base64. */
  data: z
    .string()
    .min(4)
    // Room above the limit so a slightly larger file gets its own answer (reward.image.too.large).
    .max(REWARDS_ADMIN_LIMITS.maxImageBytes * 2),
});
export const rewardImageSchema = z.object({ imagePath: z.string(), imageUrl: z.string(), size: z.number() });
