import { z } from 'zod';
import { GAME_TYPES } from './constants';
import { requestIdSchema } from './wallet';

/**
 * Points and the points mall (SPEC sections 1, 2, 4, 7 and 9). Points are not money: a
 * ledger of their own (whole points, signed entries, a balance that never goes below zero), earned
 * from valid turnover and credited deposits at the brand's integer rates, never expiring, spent on
 * rewards in the mall (a bonus paid into the main wallet at once, or goods an operator hands out)
 * or converted to cash. Points travel as JSON integers.
 */

export const POINTS_LIMITS = {
  /** Redemptions and points history per page. */
  pageSize: 10,
  /** The note a member may add to a goods redemption (SPEC section 5: remarks are 140 characters). */
  remarkMax: 140,
  /** The most points one request may name. */
  maxPoints: 1_000_000_000,
  /** The highest earning rate a brand may set: points per 1.00 of valid turnover or deposit. */
  maxRate: 1_000,
} as const;

/** BONUS: money credited to the main wallet at once; ITEM: goods an operator approves and sends. */
export const POINT_REWARD_KINDS = ['BONUS', 'ITEM'] as const;
export type PointRewardKind = (typeof POINT_REWARD_KINDS)[number];

/** Redeem states (SPEC section 4): in process, rejected, approved. */
export const REDEEM_STATES = ['IN_PROCESS', 'APPROVED', 'REJECTED'] as const;
export type RedeemState = (typeof REDEEM_STATES)[number];

/**
 * What moved a member's points: EARN (a day's valid turnover and deposits), REDEEM (a mall reward),
 * REDEEM_REFUND (a rejected goods redemption given back), CONVERT (points turned into cash), SEED
 * (an opening balance), ADJUSTMENT (an operator's correction).
 */
export const POINT_ENTRY_KINDS = [
  'EARN',
  'REDEEM',
  'REDEEM_REFUND',
  'CONVERT',
  'SEED',
  'ADJUSTMENT',
] as const;
export type PointEntryKind = (typeof POINT_ENTRY_KINDS)[number];

const points = z.number().int();
/** A money value in an answer (a number with at most 2 decimals). */
const money = z.number();
const dbId = z.string().regex(/^\d{1,18}$/, { message: 'id.format' });
const page = {
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(POINTS_LIMITS.pageSize),
};

// ---- balance and rules --------------------------------------------------------------------------

/** `GET /wps/points/getPointBalance`. */
export const pointBalanceSchema = z.object({
  balance: points,
  /** Goods redemptions still waiting for an operator. */
  inProcess: z.number().int(),
});
export type PointBalance = z.infer<typeof pointBalanceSchema>;

/** `GET /wps/points/getPointConfig`: how points are earned and what they convert to. */
export const pointConfigSchema = z.object({
  /** Whether the brand awards points at all. */
  earningEnabled: z.boolean(),
  /** Points per 1.00 of valid turnover, per game type (game types not listed earn none). */
  turnoverRates: z.array(z.object({ gameType: z.enum(GAME_TYPES), points })),
  /** Points per 1.00 of a credited deposit (0: deposits earn none). */
  depositRate: points,
  convert: z.object({
    enabled: z.boolean(),
    /** Points worth 1.00 of cash. */
    pointsPerUnit: points,
    /** The fewest points one conversion takes. */
    minPoints: points,
    /** Converted cash must be bet this many times before a withdrawal (0: never). */
    turnoverMultiple: z.number().int(),
  }),
  currencySymbol: z.string(),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;

// ---- the mall ------------------------------------------------------------------------------------

/** One reward of the catalogue, in the request language. */
export const pointRewardSchema = z.object({
  id: z.string(),
  kind: z.enum(POINT_REWARD_KINDS),
  name: z.string(),
  description: z.string(),
  /** Relative to the brand's image CDN (like banners), or absolute. */
  imageUrl: z.string(),
  cost: points,
  /** How many are left; null: unlimited. */
  stock: z.number().int().nullable(),
  /** What a BONUS reward pays into the main wallet; null for goods. */
  bonusAmount: money.nullable(),
  /** Turnover the bonus adds before a withdrawal (0: none; always 0 for goods). */
  turnoverRequired: money,
});
export type PointReward = z.infer<typeof pointRewardSchema>;

/** `GET /wps/points/getPointReward`: the brand's active rewards in display order. */
export const pointRewardListSchema = z.object({
  list: z.array(pointRewardSchema),
  currencySymbol: z.string(),
});
export type PointRewardList = z.infer<typeof pointRewardListSchema>;

/** `POST /wps/points/passwordCheck/redeemPointReward` (encrypted, idempotent on requestId). */
export const redeemPointRewardSchema = z.object({
  requestId: requestIdSchema,
  rewardId: dbId,
  paymentPassword: z.string().min(1).max(40),
  /** Where goods should go, or any note for the operator. */
  remark: z.string().trim().max(POINTS_LIMITS.remarkMax).optional(),
});
export type RedeemPointRewardRequest = z.input<typeof redeemPointRewardSchema>;

export const redemptionSchema = z.object({
  id: z.string(),
  rewardId: z.string(),
  kind: z.enum(POINT_REWARD_KINDS),
  /** The reward's name as it was when redeemed, in the request language. */
  rewardName: z.string(),
  imageUrl: z.string(),
  cost: points,
  bonusAmount: money.nullable(),
  state: z.enum(REDEEM_STATES),
  remark: z.string().nullable(),
  /** Why an operator rejected it. */
  reason: z.string().nullable(),
  createdTime: z.string(),
  updatedTime: z.string(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

/** `GET /wps/points/getRedeemPointList`: the member's redemptions, newest first. */
export const redemptionListQuerySchema = z.object({ ...page, state: z.enum(REDEEM_STATES).optional() });
export const redemptionListSchema = z.object({
  list: z.array(redemptionSchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type RedemptionList = z.infer<typeof redemptionListSchema>;

// ---- history and conversion ----------------------------------------------------------------------

/** `GET /wps/points/getPointHistory`: the member's point entries, newest first. */
export const pointHistoryQuerySchema = z.object({ ...page, kind: z.enum(POINT_ENTRY_KINDS).optional() });
export const pointEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(POINT_ENTRY_KINDS),
  /** Signed: earned is positive, spent negative. */
  points,
  balanceAfter: points,
  /** EARN: the brand-zone day the points were earned for (yyyy-mm-dd). */
  day: z.string().nullable(),
  /** REDEEM and REDEEM_REFUND: the reward, in the request language. */
  reward: z.string().nullable(),
  /** CONVERT: the cash it became. */
  amount: money.nullable(),
  time: z.string(),
});
export type PointEntry = z.infer<typeof pointEntrySchema>;
export const pointHistorySchema = z.object({
  list: z.array(pointEntrySchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type PointHistory = z.infer<typeof pointHistorySchema>;

/** `POST /wps/points/passwordCheck/convertPoint` (encrypted, idempotent on requestId). */
export const convertPointSchema = z.object({
  requestId: requestIdSchema,
  points: z.coerce.number().int().min(1).max(POINTS_LIMITS.maxPoints),
  paymentPassword: z.string().min(1).max(40),
});
export type ConvertPointRequest = z.input<typeof convertPointSchema>;
export const conversionSchema = z.object({
  id: z.string(),
  /** The points asked for. */
  points,
  /** The points taken: those worth exactly `amount` (the rest of the request stays). */
  pointsUsed: points,
  amount: money,
  /** The member's points after it. */
  balance: points,
  createdTime: z.string(),
});
export type Conversion = z.infer<typeof conversionSchema>;

// ---- operators -------------------------------------------------------------------------------------

/** `GET /wps/admin/points/redemptions`: the brand's redemptions, oldest first. */
export const adminRedemptionQuerySchema = redemptionListQuerySchema;
export const adminRedemptionSchema = redemptionSchema.extend({
  memberId: z.string(),
  username: z.string(),
  reviewedBy: z.string().nullable(),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export const adminRedemptionListSchema = z.object({
  list: z.array(adminRedemptionSchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

// ---- the arithmetic (pure; server and site agree on it) --------------------------------------------

/** Minor units per 1.00 (every brand's currency has 2 decimals). */
const MINOR = 100n;

/**
 * Points for an amount of minor units at `rate` points per 1.00: floor(amount x rate), in whole
 * points. Integers only: 12.34 at 3 points per 1.00 is floor(1234 x 3 / 100) = 37.
 */
export function pointsFor(amountMinor: bigint, rate: number | bigint): bigint {
  if (amountMinor <= 0n) return 0n;
  return (amountMinor * BigInt(rate)) / MINOR;
}

/**
 * What converting `requested` points pays at `pointsPerUnit` points per 1.00: the cash in minor
 * units (rounded down to a whole cent) and the points worth exactly that much, which are all that
 * is taken (`pointsUsed` <= requested; the rest stays with the member). Amount 0: too few points.
 */
export function convertPoints(
  requested: bigint,
  pointsPerUnit: number | bigint,
): { amountMinor: bigint; pointsUsed: bigint } {
  const per = BigInt(pointsPerUnit);
  if (requested <= 0n || per <= 0n) return { amountMinor: 0n, pointsUsed: 0n };
  const amountMinor = (requested * MINOR) / per;
  // The fewest points worth amountMinor: ceil(amountMinor x per / 100), never more than requested.
  const pointsUsed = (amountMinor * per + MINOR - 1n) / MINOR;
  return { amountMinor, pointsUsed };
}
