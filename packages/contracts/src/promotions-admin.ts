import { z } from 'zod';
import { LANGUAGES } from './constants';
import { PROMOTION_KINDS, PROMOTION_PERIODS } from './promotions';
import { amountSchema } from './wallet';

/**
 * Promotions set up in the back office (rewards.manage): categories, promotions with their rules,
 * eligibility, caps, texts and images per language, publishing, the bonus cost forecast and the
 * kill switch. Money in major units on the wire (numbers with at most 2 decimals).
 *
 * A participation keeps the figures it was taken on: an edit applies to new joins, claims and
 * applications only. Caps are counted when a bonus is paid, under the promotion's row lock.
 */

export const PROMO_ADMIN_LIMITS = {
  codeMax: 40,
  titleMax: 120,
  summaryMax: 300,
  /** HTML per language (sanitised when stored). */
  contentMax: 20_000,
  maxPrizes: 20,
  /** The image: PNG or JPEG (checked from its bytes), at most 5 MB. */
  maxImageBytes: 5 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'] as const,
  maxVipLevel: 100,
  maxNewMemberDays: 365,
  /** The forecast's window of past activity. */
  forecastDays: 30,
} as const;

const idText = z.string().regex(/^\d{1,18}$/, { message: 'id.format' });
const languageKeys = z.enum(LANGUAGES);
/** A text per language (every key a site language); the brand's default language is required. */
const texts = (max: number) =>
  z.partialRecord(languageKeys, z.string().trim().max(max, { message: 'text.length' })).default({});
const nullableAmount = amountSchema.nullable().default(null);
/** An image link: one of ours (/wps/media/...), a path on the brand's media host, or https. */
const imagePath = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/wps\/media\/promotion-images\/[0-9a-f-]{36}|https:\/\/[^\s"'<>]+|[a-z0-9][a-z0-9/_.-]*)$/i, {
    message: 'image.path',
  });

export const promoCategoryAdminSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.record(z.string(), z.string()),
  sort: z.number().int(),
  active: z.boolean(),
  promotions: z.number().int(),
});
export type PromoCategoryAdmin = z.infer<typeof promoCategoryAdminSchema>;

export const promoCategoryInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/, { message: 'code.format' }),
  name: texts(60),
  sort: z.number().int().min(0).max(9999).default(0),
  active: z.boolean().default(true),
});
export type PromoCategoryInput = z.input<typeof promoCategoryInputSchema>;

/** The promotion's settings (create and edit; kind and code are set once, at creation). */
const promotionSettingsShape = {
  categoryId: idText,
  title: texts(PROMO_ADMIN_LIMITS.titleMax),
  summary: texts(PROMO_ADMIN_LIMITS.summaryMax),
  content: texts(PROMO_ADMIN_LIMITS.contentMax),
  imagePath: imagePath.nullable().default(null),
  images: z.partialRecord(languageKeys, imagePath).default({}),
  startTime: z.string().datetime({ offset: true, message: 'date.format' }),
  endTime: z.string().datetime({ offset: true, message: 'date.format' }).nullable().default(null),
  period: z.enum(PROMOTION_PERIODS).default('NONE'),
  minVipLevel: z.number().int().min(0).max(PROMO_ADMIN_LIMITS.maxVipLevel).default(0),
  maxVipLevel: z.number().int().min(0).max(PROMO_ADMIN_LIMITS.maxVipLevel).nullable().default(null),
  newMemberDays: z.number().int().min(1).max(PROMO_ADMIN_LIMITS.maxNewMemberDays).nullable().default(null),
  minDeposit: nullableAmount,
  /** A deposit bonus's rate, percent with at most 2 decimals (10 = 10 %). */
  bonusPercent: z.number().min(0.01).max(1000).multipleOf(0.01).nullable().default(null),
  maxBonus: nullableAmount,
  bonusAmount: nullableAmount,
  targetTurnover: nullableAmount,
  turnoverMultiple: z.number().int().min(0).max(100).default(0),
  /** RAFFLE: the prize table (chance = weight / sum of weights). */
  prizes: z
    .array(z.object({ amount: amountSchema, weight: z.number().int().min(1).max(1_000_000) }))
    .max(PROMO_ADMIN_LIMITS.maxPrizes)
    .default([]),
  budgetTotal: nullableAmount,
  perMemberCap: nullableAmount,
  maxClaims: z.number().int().min(1).max(10_000_000).nullable().default(null),
  sort: z.number().int().min(0).max(9999).default(0),
};

type Settings = {
  kind: (typeof PROMOTION_KINDS)[number];
  period: (typeof PROMOTION_PERIODS)[number];
  startTime: string;
  endTime: string | null;
  minVipLevel: number;
  maxVipLevel: number | null;
  minDeposit: string | null;
  bonusPercent: number | null;
  maxBonus: string | null;
  bonusAmount: string | null;
  targetTurnover: string | null;
  prizes: unknown[];
};

/** Why a promotion's settings break its kind's rules (the back office translates each). */
export type PromotionRuleMessage = 'required' | 'date.order' | 'vip.range' | 'period.once' | 'period.daily';

/** The rules each kind needs (the database's checks, said first with the field that is wrong). */
export function promotionRuleIssues(v: Settings): { field: string; message: PromotionRuleMessage }[] {
  const issues: { field: string; message: PromotionRuleMessage }[] = [];
  const ctx = {
    addIssue: (i: { path: string[]; message: PromotionRuleMessage }) =>
      issues.push({ field: i.path[0]!, message: i.message }),
  };
  const need = (field: keyof Settings, ok: boolean) => {
    if (!ok) ctx.addIssue({ path: [field], message: 'required' });
  };
  if (v.endTime !== null && Date.parse(v.endTime) <= Date.parse(v.startTime))
    ctx.addIssue({ path: ['endTime'], message: 'date.order' });
  if (v.maxVipLevel !== null && v.maxVipLevel < v.minVipLevel)
    ctx.addIssue({ path: ['maxVipLevel'], message: 'vip.range' });
  switch (v.kind) {
    case 'FIRST_DEPOSIT':
    case 'RELOAD':
      need('minDeposit', v.minDeposit !== null);
      need('bonusPercent', v.bonusPercent !== null);
      need('maxBonus', v.maxBonus !== null);
      // A first deposit happens once in a member's life.
      if (v.kind === 'FIRST_DEPOSIT' && v.period !== 'NONE')
        ctx.addIssue({ path: ['period'], message: 'period.once' });
      break;
    case 'TURNOVER':
      need('targetTurnover', v.targetTurnover !== null);
      need('bonusAmount', v.bonusAmount !== null);
      break;
    case 'SIGN_IN':
      need('bonusAmount', v.bonusAmount !== null);
      if (v.period !== 'DAILY') ctx.addIssue({ path: ['period'], message: 'period.daily' });
      break;
    case 'RAFFLE':
      need('minDeposit', v.minDeposit !== null);
      need('prizes', v.prizes.length > 0);
      break;
    case 'APPLY':
    case 'REFERRAL':
      break;
  }
  return issues;
}

const checkPromotionRules = (v: Settings, ctx: z.RefinementCtx) => {
  for (const i of promotionRuleIssues(v))
    ctx.addIssue({ code: 'custom', path: [i.field], message: i.message });
};

export const promotionCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/, { message: 'code.format' }),
    kind: z.enum(PROMOTION_KINDS),
    ...promotionSettingsShape,
  })
  .superRefine(checkPromotionRules);
export type PromotionCreate = z.input<typeof promotionCreateSchema>;

/** An edit: everything but kind and code (the kind is what members took part in). */
export const promotionUpdateSchema = z.object(promotionSettingsShape);
export type PromotionUpdate = z.input<typeof promotionUpdateSchema>;

export const PROMOTION_ADMIN_STATES = ['DRAFT', 'SCHEDULED', 'RUNNING', 'ENDED', 'STOPPED'] as const;
export type PromotionAdminState = (typeof PROMOTION_ADMIN_STATES)[number];

export const promotionAdminSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  categoryId: z.string(),
  title: z.record(z.string(), z.string()),
  summary: z.record(z.string(), z.string()),
  content: z.record(z.string(), z.string()),
  imagePath: z.string().nullable(),
  images: z.record(z.string(), z.string()),
  startTime: z.string(),
  endTime: z.string().nullable(),
  period: z.enum(PROMOTION_PERIODS),
  minVipLevel: z.number().int(),
  maxVipLevel: z.number().int().nullable(),
  newMemberDays: z.number().int().nullable(),
  minDeposit: z.number().nullable(),
  bonusPercent: z.number().nullable(),
  maxBonus: z.number().nullable(),
  bonusAmount: z.number().nullable(),
  targetTurnover: z.number().nullable(),
  turnoverMultiple: z.number().int(),
  prizes: z.array(z.object({ amount: z.number(), weight: z.number().int() })),
  budgetTotal: z.number().nullable(),
  perMemberCap: z.number().nullable(),
  maxClaims: z.number().int().nullable(),
  budgetUsed: z.number(),
  claimsCount: z.number().int(),
  sort: z.number().int(),
  /** Shown on the site (the list and detail pages). */
  published: z.boolean(),
  /** DRAFT: not published; STOPPED: the kill switch; else by its dates. */
  state: z.enum(PROMOTION_ADMIN_STATES),
  killedAt: z.string().nullable(),
  killedBy: z.string().nullable(),
  /** Members holding a participation of it (joined, applied, paid). */
  participants: z.number().int(),
  updatedAt: z.string(),
});
export type PromotionAdmin = z.infer<typeof promotionAdminSchema>;

export const promotionAdminListQuerySchema = z.object({
  state: z.enum(PROMOTION_ADMIN_STATES).optional(),
  kind: z.enum(PROMOTION_KINDS).optional(),
  categoryId: idText.optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PromotionAdminListQuery = z.input<typeof promotionAdminListQuerySchema>;

export const promotionAdminListSchema = z.object({
  list: z.array(promotionAdminSchema),
  totalCount: z.number().int(),
  /** Running promotions of the brand that take claims now (the kill-all button's count). */
  live: z.number().int(),
});
export type PromotionAdminList = z.infer<typeof promotionAdminListSchema>;

/** Why the kill switch was pulled (kept in the audit log). */
export const promotionKillSchema = z.object({
  reason: z.string().trim().min(3, { message: 'reason.length' }).max(200, { message: 'reason.length' }),
});
export type PromotionKill = z.input<typeof promotionKillSchema>;

export const promotionKillAllResultSchema = z.object({ stopped: z.number().int(), ids: z.array(z.string()) });
export type PromotionKillAllResult = z.infer<typeof promotionKillAllResultSchema>;

export const promotionImageQuerySchema = z.object({ lang: languageKeys.optional() });
export const promotionImageResultSchema = z.object({ url: z.string(), promotion: promotionAdminSchema });
export type PromotionImageResult = z.infer<typeof promotionImageResultSchema>;

/** The bonus cost forecast (promotion-forecast.ts explains the method; the screen shows it). */
export const promotionForecastSchema = z.object({
  estimated: z.boolean(),
  windowDays: z.number().int(),
  /** Days of the promotion's run within the next window. */
  runDays: z.number(),
  activeMembers: z.number().int(),
  eligibleMembers: z.number().int(),
  maxClaims: z.number().int(),
  maxCost: z.number(),
  takeUp: z.number(),
  takeUpSource: z.enum(['SIMILAR', 'ASSUMED_ALL']),
  similarPromotions: z.number().int(),
  similarClaims: z.number().int(),
  similarCost: z.number(),
  expectedClaims: z.number().int(),
  expectedCost: z.number(),
  cappedBy: z.enum(['BUDGET', 'CLAIMS']).nullable(),
  budgetLeft: z.number().nullable(),
});
export type PromotionForecast = z.infer<typeof promotionForecastSchema>;
