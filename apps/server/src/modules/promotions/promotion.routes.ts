import {
  adminReasonSchema,
  bonusDetailsQuerySchema,
  bonusDetailsSchema,
  ok,
  PROMO_CALLS,
  promoApplicationListSchema,
  promoApplicationQuerySchema,
  promoApplicationSchema,
  promoApproveSchema,
  promotionActionSchema,
  promotionApplySchema,
  promotionCategoriesSchema,
  promotionCountsSchema,
  promotionDetailQuerySchema,
  promotionDetailSchema,
  promotionListQuerySchema,
  promotionListSchema,
  raffleResultSchema,
  TRIAL_IS_AGENT,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import type { BonusDetailsService } from './bonus-details.service';
import type { PromotionReviewService } from './promotion-review.service';
import type { PromotionService } from './promotion.service';
import { operatorName, operatorRoute } from '../../platform/operator-auth';

const relay = (name: string) => `/wps/relay/${name}`;
const tags = ['promotions'];
const adminTags = ['operator'];
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * The caller whose state the reads show: a member's; a visitor's without a session, and for a
 * trial account (it plays with play money and may not take part).
 */
const viewer = (req: FastifyRequest): string | null =>
  req.member && req.member.isAgent !== TRIAL_IS_AGENT ? req.member.memberId : null;

/**
 * Promotions: the reads anyone may make (a member's state shows when a session is
 * sent), the member's actions (real accounts only: a trial account gets member.trial.forbidden),
 * the bonus details page, and the operator's review of applications.
 */
export async function promotionRoutes(
  app: FastifyInstance,
  opts: { promotions: PromotionService; review: PromotionReviewService; bonusDetails: BonusDetailsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { promotions, review, bonusDetails } = opts;
  const optional = { auth: 'optional' } as const;
  const real = { auth: 'real' } as const;
  const me = (req: FastifyRequest) => req.member!.memberId;

  r.get(
    relay(PROMO_CALLS.categories),
    {
      config: optional,
      schema: {
        summary: 'Promotion categories of the brand, in the request language',
        tags,
        response: { 200: ok(promotionCategoriesSchema) },
      },
    },
    async (req) => envelope(await promotions.categories(req.brand, req.lang)),
  );

  r.get(
    relay(PROMO_CALLS.list),
    {
      config: optional,
      schema: {
        summary:
          'Promotions of a category (or all), paged, running ones first; each with my state and ' +
          'button (a visitor’s without a session)',
        tags,
        querystring: promotionListQuerySchema,
        response: { 200: ok(promotionListSchema) },
      },
    },
    async (req) => envelope(await promotions.list(req.brand, req.lang, viewer(req), req.query)),
  );

  r.get(
    relay(PROMO_CALLS.detail),
    {
      config: optional,
      schema: {
        summary: 'One promotion: content (sanitised HTML), rule figures, my state, progress and part',
        tags,
        querystring: promotionDetailQuerySchema,
        response: { 200: ok(promotionDetailSchema) },
      },
    },
    async (req) => envelope(await promotions.detail(req.brand, req.lang, viewer(req), req.query.promotionId)),
  );

  r.get(
    relay(PROMO_CALLS.counts),
    {
      config: optional,
      schema: {
        summary:
          'Promotion counts: availablePromoCount (promotions I can act on now), unreadMessage ' +
          '(inbox), availablePromo.REFERRAL.enabled; zeros for a visitor',
        tags,
        response: { 200: ok(promotionCountsSchema) },
      },
    },
    async (req) => envelope(await promotions.counts(req.brand, viewer(req))),
  );

  r.post(
    relay(PROMO_CALLS.join),
    {
      config: real,
      schema: {
        summary:
          'Join a deposit promotion (FIRST_DEPOSIT, RELOAD): the next approved deposit of the period ' +
          'gets the bonus; joining again changes nothing',
        tags,
        body: promotionActionSchema,
        response: { 200: ok(promotionDetailSchema) },
      },
    },
    async (req) => envelope(await promotions.join(req.brand, req.lang, me(req), req.body.promotionId)),
  );

  r.post(
    relay(PROMO_CALLS.apply),
    {
      config: real,
      schema: {
        summary:
          'Apply to an APPLY promotion: a remark (at most 140 characters) and up to 3 of my uploaded ' +
          'images (POST /wps/cashier/images); an operator approves or rejects',
        tags,
        body: promotionApplySchema,
        response: { 200: ok(promotionDetailSchema) },
      },
    },
    async (req) => envelope(await promotions.apply(req.brand, req.lang, me(req), req.body)),
  );

  r.post(
    relay(PROMO_CALLS.claim),
    {
      config: real,
      schema: {
        summary:
          'Claim a TURNOVER promotion’s bonus once the period’s valid turnover reached the target; ' +
          'pays once per period however often it is called',
        tags,
        body: promotionActionSchema,
        response: { 200: ok(promotionDetailSchema) },
      },
    },
    async (req) => envelope(await promotions.claim(req.brand, req.lang, me(req), req.body.promotionId)),
  );

  r.post(
    relay(PROMO_CALLS.sign),
    {
      config: real,
      schema: {
        summary: 'Today’s check-in of a SIGN_IN promotion and its bonus (once per day)',
        tags,
        body: promotionActionSchema,
        response: { 200: ok(promotionDetailSchema) },
      },
    },
    async (req) => envelope(await promotions.sign(req.brand, req.lang, me(req), req.body.promotionId)),
  );

  r.post(
    relay(PROMO_CALLS.raffle),
    {
      config: real,
      schema: {
        summary:
          'Draw a RAFFLE promotion’s prize (once per period, for a member who deposited enough in ' +
          'it); answers the prize paid, the same prize again when called again',
        tags,
        body: promotionActionSchema,
        response: { 200: ok(raffleResultSchema) },
      },
    },
    async (req) => envelope(await promotions.draw(req.brand, req.lang, me(req), req.body.promotionId)),
  );

  r.get(
    relay(PROMO_CALLS.bonusDetails),
    {
      config: real,
      schema: {
        summary:
          'Bonus details: bonuses, rebates and points paid into my main wallet in a range of days, ' +
          'newest first, with the turnover each required and what is still to bet before withdrawing',
        tags,
        querystring: bonusDetailsQuerySchema,
        response: { 200: ok(bonusDetailsSchema) },
      },
    },
    async (req) => envelope(await bonusDetails.page(req.brand, me(req), req.query)),
  );

  // ---- operators -----------------------------------------------------------------------------------

  r.get(
    '/wps/admin/promotions/applications',
    {
      config: operatorRoute('rewards.review'),
      schema: {
        summary: 'Applications to APPLY promotions of the brand (Merchant header), newest first',
        tags: adminTags,
        querystring: promoApplicationQuerySchema,
        response: { 200: ok(promoApplicationListSchema) },
      },
    },
    async (req) => envelope(await review.list(req.brand, req.lang, req.query)),
  );

  r.post(
    '/wps/admin/promotions/applications/:id/approve',
    {
      config: operatorRoute('rewards.review'),
      schema: {
        summary: 'Approve a pending application with the bonus to pay (at most the promotion’s cap)',
        tags: adminTags,
        params: idParams,
        body: promoApproveSchema,
        response: { 200: ok(promoApplicationSchema) },
      },
    },
    async (req) =>
      envelope(await review.approve(req.brand, req.lang, req.params.id, req.body.amount, operatorName(req))),
  );

  r.post(
    '/wps/admin/promotions/applications/:id/reject',
    {
      config: operatorRoute('rewards.review'),
      schema: {
        summary: 'Reject a pending application with a reason (the member is told)',
        tags: adminTags,
        params: idParams,
        body: adminReasonSchema,
        response: { 200: ok(promoApplicationSchema) },
      },
    },
    async (req) =>
      envelope(await review.reject(req.brand, req.lang, req.params.id, req.body.reason, operatorName(req))),
  );
}
