import { z } from 'zod';
import { amountSchema, CASHIER_LIMITS, dateRangeSchema } from './wallet';

/**
 * Promotions (SPEC sections 2, 3, 4, 7 and 9): categories, the list and detail pages,
 * what a member can do with a promotion now (its state and action), the actions themselves, the
 * promotion counts of the header, the operator's review of applications, and the bonus details
 * page of the member centre.
 *
 * A member takes part in a promotion once per period (NONE: once for its whole run). Every bonus
 * is paid into the main wallet and may add a turnover requirement that blocks withdrawals until
 * it has been bet.
 */

/**
 * FIRST_DEPOSIT and RELOAD: join, then the next approved deposit of at least the minimum within
 * the period gets a bonus of its rate (capped), paid at once (FIRST_DEPOSIT: the member's first
 * deposit ever). TURNOVER: valid turnover in the period reaches the target, then a fixed bonus is
 * claimed. APPLY: the member applies with a remark and images; an operator approves with an
 * amount or rejects with a reason. SIGN_IN: a daily check-in with a small bonus. RAFFLE: a member
 * who deposited enough in the period draws one prize. REFERRAL: the invite-friends programme.
 */
export const PROMOTION_KINDS = [
  'FIRST_DEPOSIT',
  'RELOAD',
  'TURNOVER',
  'APPLY',
  'SIGN_IN',
  'RAFFLE',
  'REFERRAL',
] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** SPEC section 4: promotion periods daily, weekly, semimonthly and monthly (NONE: one for its whole run). */
export const PROMOTION_PERIODS = ['NONE', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export type PromotionPeriod = (typeof PROMOTION_PERIODS)[number];

/**
 * SPEC section 4's promotion states: join, claim, applying (pending), close, rejected, issued,
 * claimed, process, joined, coming soon, signed. A member's state of a promotion is decided by one
 * function on the server (promotion.rules.ts) from the promotion, the time and the member's part.
 */
export const PROMOTION_STATES = [
  'JOIN',
  'CLAIM',
  'APPLYING',
  'CLOSE',
  'REJECTED',
  'ISSUED',
  'CLAIMED',
  'PROCESS',
  'JOINED',
  'COMING_SOON',
  'SIGNED',
] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

/** What the member's button does in a state (INVITE opens the invite-friends page). */
export const PROMOTION_ACTIONS = ['JOIN', 'APPLY', 'CLAIM', 'SIGN', 'DRAW', 'INVITE'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

/** Why a member cannot act on a promotion it sees: a VIP level below the minimum, or a deposit already made. */
export const PROMOTION_INELIGIBLE = ['VIP', 'FIRST_DEPOSIT'] as const;
export type PromotionIneligible = (typeof PROMOTION_INELIGIBLE)[number];

export const PROMO_LIMITS = {
  /** SPEC sections 5 and 9: an application's remark, at most 140 characters. */
  remarkMax: CASHIER_LIMITS.remarkMax,
  /** SPEC section 9: png or jpg, at most 5 MB each, at most 3 (uploaded with POST /wps/cashier/images). */
  maxImages: CASHIER_LIMITS.maxImages,
  maxImageBytes: CASHIER_LIMITS.maxImageBytes,
  imageTypes: CASHIER_LIMITS.imageTypes,
  /** Promotion cards per page of the list. */
  pageSize: 12,
  /** Lines per page of the bonus details page and the operator's application list. */
  recordsPageSize: CASHIER_LIMITS.recordsPageSize,
} as const;

/** The relay calls (`/wps/relay/<name>`); GET ones take their data as query parameters, POST ones as JSON. */
export const PROMO_CALLS = {
  /** GET: the brand's promotion categories. */
  categories: 'MCSFE_getPromotionCategories',
  /** GET: the promotion list, by category, paged, with my state when logged in. */
  list: 'MCSFE_getPromotionList',
  /** GET: one promotion with its content, rules and my part. */
  detail: 'MCSFE_getPromotionDetail',
  /** GET: the promotion counts (availablePromoCount, unreadMessage, availablePromo). */
  counts: 'MCSFE_getAvailablePromotions',
  /** POST: join a deposit promotion. */
  join: 'MCS2_joinPromotion',
  /** POST: claim a turnover promotion's bonus. */
  claim: 'MCS2_claimPromotion',
  /** POST: apply to an application promotion (remark and images). */
  apply: 'MCS2_applyPromotion',
  /** POST: today's check-in of a sign-in promotion. */
  sign: 'MCS2_signInPromotion',
  /** POST: draw a raffle promotion's prize (SPEC section 7). */
  raffle: 'MCS2_claimRafflePromotion',
  /** GET: the bonus details page (bonuses, rebates and points converted, with turnover to bet). */
  bonusDetails: 'ODSFE2_MemBonusDet',
} as const;

// ---- building blocks -------------------------------------------------------------------------

/** A money value in an answer (a number with at most 2 decimals). */
const money = z.number();
const idText = z.string().regex(/^\d{1,18}$/, { message: 'id.format' });
const page = (size: number) => ({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(size),
});

// ---- reads -----------------------------------------------------------------------------------

export const promotionCategorySchema = z.object({
  id: z.string(),
  code: z.string(),
  /** In the request language. */
  name: z.string(),
});
export type PromotionCategory = z.infer<typeof promotionCategorySchema>;
export const promotionCategoriesSchema = z.object({ list: z.array(promotionCategorySchema) });
export type PromotionCategories = z.infer<typeof promotionCategoriesSchema>;

export const promotionListQuerySchema = z.object({
  /** One category's promotions; none: every category. */
  categoryId: idText.optional(),
  ...page(PROMO_LIMITS.pageSize),
});
export type PromotionListQuery = z.input<typeof promotionListQuerySchema>;

/** Where a member stands on a promotion with a target (TURNOVER: valid turnover; RAFFLE: deposits). */
export const promotionProgressSchema = z.object({ current: money, target: money });

/** A promotion as a card shows it, with the caller's state (a visitor's when logged out). */
export const promotionSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  categoryId: z.string(),
  title: z.string(),
  summary: z.string(),
  /** A path on the brand's image CDN (or an absolute URL), or null. */
  imageUrl: z.string().nullable(),
  startTime: z.string(),
  /** null: no end date. */
  endTime: z.string().nullable(),
  period: z.enum(PROMOTION_PERIODS),
  minVipLevel: z.number().int(),
  state: z.enum(PROMOTION_STATES),
  /** The button of the state, or null (no button). */
  action: z.enum(PROMOTION_ACTIONS).nullable(),
  /** false: the member sees the action but may not take it (see ineligible). */
  eligible: z.boolean(),
  ineligible: z.enum(PROMOTION_INELIGIBLE).nullable(),
  progress: promotionProgressSchema.nullable(),
  /** When the current period ends (ISO time), or null (no period end before the promotion's). */
  periodEndTime: z.string().nullable(),
});
export type PromotionSummary = z.infer<typeof promotionSummarySchema>;

export const promotionListSchema = z.object({
  list: z.array(promotionSummarySchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type PromotionList = z.infer<typeof promotionListSchema>;

export const promotionDetailQuerySchema = z.object({ promotionId: idText });

/** The figures of a promotion's rule, for the detail page to say in plain words (null: not part of it). */
export const promotionRulesSchema = z.object({
  /** FIRST_DEPOSIT, RELOAD: the smallest deposit that counts; RAFFLE: deposits needed in the period. */
  minDeposit: money.nullable(),
  /** FIRST_DEPOSIT, RELOAD: the bonus as a percentage of the deposit (2 decimals). */
  bonusPercent: z.number().nullable(),
  /** FIRST_DEPOSIT, RELOAD: the bonus cap; APPLY: the most an operator may grant. */
  maxBonus: money.nullable(),
  /** TURNOVER, SIGN_IN: the fixed bonus. */
  bonusAmount: money.nullable(),
  /** TURNOVER: valid turnover to reach in the period. */
  targetTurnover: money.nullable(),
  /**
   * Times to bet before withdrawing: (deposit + bonus) x this for FIRST_DEPOSIT and RELOAD, the
   * bonus x this for every other kind (0: no requirement).
   */
  turnoverMultiple: z.number().int(),
  /** RAFFLE: the prizes and their chances (percent, 2 decimals). */
  prizes: z.array(z.object({ amount: money, chance: z.number() })),
});
export type PromotionRules = z.infer<typeof promotionRulesSchema>;

export const PROMO_PARTICIPATION_STATUSES = [
  'JOINED',
  'APPLYING',
  'REJECTED',
  'ISSUED',
  'CLAIMED',
  'SIGNED',
] as const;
export type PromoParticipationStatus = (typeof PROMO_PARTICIPATION_STATUSES)[number];

/** The caller's part in the current period (or the last one, when the promotion has ended). */
export const promotionMineSchema = z.object({
  status: z.enum(PROMO_PARTICIPATION_STATUSES),
  periodKey: z.string(),
  /** The bonus or prize paid (null until paid). */
  amount: money.nullable(),
  turnoverRequired: money.nullable(),
  /** FIRST_DEPOSIT, RELOAD: the deposit that earned the bonus. */
  depositAmount: money.nullable(),
  remark: z.string().nullable(),
  imageIds: z.array(z.string()),
  rejectReason: z.string().nullable(),
  createdTime: z.string(),
  updatedTime: z.string(),
});
export type PromotionMine = z.infer<typeof promotionMineSchema>;

export const promotionDetailSchema = promotionSummarySchema.extend({
  /** Sanitised HTML in the request language. */
  content: z.string(),
  rules: promotionRulesSchema,
  mine: promotionMineSchema.nullable(),
});
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

/** `GET /wps/relay/MCSFE_getAvailablePromotions`: the promotion counts of SPEC section 3. */
export const promotionCountsSchema = z.object({
  /** Promotions the member can act on now (join, apply, claim, sign in, draw); 0 for a visitor. */
  availablePromoCount: z.number().int(),
  /** The inbox's unread messages; 0 for a visitor. */
  unreadMessage: z.number().int(),
  availablePromo: z.object({ REFERRAL: z.object({ enabled: z.boolean() }) }),
});
export type PromotionCounts = z.infer<typeof promotionCountsSchema>;

// ---- actions ---------------------------------------------------------------------------------

/** Join, claim, sign in and the raffle: the promotion to act on. */
export const promotionActionSchema = z.object({ promotionId: idText });
export type PromotionActionRequest = z.input<typeof promotionActionSchema>;

/** `POST /wps/relay/MCS2_applyPromotion`: images uploaded first with `POST /wps/cashier/images`. */
export const promotionApplySchema = z.object({
  promotionId: idText,
  remark: z.string().trim().min(1).max(PROMO_LIMITS.remarkMax),
  imageIds: z.array(z.string().uuid()).max(PROMO_LIMITS.maxImages).default([]),
});
export type PromotionApplyRequest = z.input<typeof promotionApplySchema>;

/** The raffle's answer: the prize drawn (the same prize again for a repeated call) and the promotion after it. */
export const raffleResultSchema = z.object({
  amount: money,
  turnoverRequired: money,
  promotion: promotionDetailSchema,
});
export type RaffleResult = z.infer<typeof raffleResultSchema>;

// ---- operators -------------------------------------------------------------------------------

export const PROMO_APPLICATION_STATUSES = ['APPLYING', 'ISSUED', 'REJECTED'] as const;
export const promoApplicationQuerySchema = z.object({
  status: z.enum(PROMO_APPLICATION_STATUSES).optional(),
  ...page(PROMO_LIMITS.recordsPageSize),
});
export const promoApplicationSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  promotionTitle: z.string(),
  memberId: z.string(),
  username: z.string(),
  periodKey: z.string(),
  status: z.enum(PROMO_APPLICATION_STATUSES),
  remark: z.string().nullable(),
  /** Read them with `GET /wps/admin/images/:id`. */
  imageIds: z.array(z.string()),
  amount: money.nullable(),
  maxAmount: money.nullable(),
  rejectReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  createdTime: z.string(),
  updatedTime: z.string(),
});
export type PromoApplication = z.infer<typeof promoApplicationSchema>;
export const promoApplicationListSchema = z.object({
  list: z.array(promoApplicationSchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
/** `POST /wps/admin/promotions/applications/:id/approve`: the bonus to grant. */
export const promoApproveSchema = z.object({ amount: amountSchema });

// ---- bonus details (member centre `bonusDetails`) --------------------------------------------

/** The entry kinds the bonus details page lists. */
export const BONUS_DETAIL_KINDS = ['BONUS', 'REBATE', 'POINTS'] as const;
export type BonusDetailKind = (typeof BONUS_DETAIL_KINDS)[number];

export const bonusDetailsQuerySchema = dateRangeSchema.extend({
  kind: z.enum(BONUS_DETAIL_KINDS).optional(),
  ...page(PROMO_LIMITS.recordsPageSize),
});
export type BonusDetailsQuery = z.input<typeof bonusDetailsQuerySchema>;

export const bonusDetailsSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      time: z.string(),
      kind: z.enum(BONUS_DETAIL_KINDS),
      /** What paid it (PROMOTION, MISSION, REBATE, POINTS, ...). */
      source: z.string(),
      /** As recorded when it was paid (the brand's default language). */
      title: z.string(),
      amount: money,
      turnoverRequired: money,
      /** What is still to bet of this bonus's requirement. */
      turnoverRemaining: money,
      reference: z.string(),
    }),
  ),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  /** Every listed entry of the range together. */
  totalAmount: money,
  /** Turnover still to bet, over every requirement, before a withdrawal is allowed. */
  turnoverRemaining: money,
});
export type BonusDetails = z.infer<typeof bonusDetailsSchema>;
