import {
  adminReasonSchema,
  adminRedemptionListSchema,
  adminRedemptionQuerySchema,
  adminRedemptionSchema,
  conversionSchema,
  convertPointSchema,
  ok,
  pointBalanceSchema,
  pointConfigSchema,
  pointHistoryQuerySchema,
  pointHistorySchema,
  pointRewardListSchema,
  redeemPointRewardSchema,
  redemptionListQuerySchema,
  redemptionListSchema,
  redemptionSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import type { PointsMallService } from './points-mall.service';
import type { PointsService } from './points.service';
import { operatorName, operatorRoute } from '../../platform/operator-auth';

interface PointsRouteOptions {
  points: PointsService;
  mall: PointsMallService;
}

/** Where the points calls live: the SPEC's names (section 7) under one prefix. */
const POINTS_PREFIX = '/wps/points';
const tags = ['points'];
const adminTags = ['operator'];
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** Points, the points mall, and the operator's answers to goods redemptions. */
export async function pointsRoutes(app: FastifyInstance, opts: PointsRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { points, mall } = opts;

  r.get(
    `${POINTS_PREFIX}/getPointBalance`,
    {
      config: { auth: 'real' },
      schema: {
        summary: 'The member’s points and how many goods redemptions are in process',
        tags,
        response: { 200: ok(pointBalanceSchema) },
      },
    },
    async (req) => envelope(await points.balance(req.member!.memberId)),
  );

  r.get(
    `${POINTS_PREFIX}/getPointConfig`,
    {
      schema: {
        summary:
          'How the brand awards points (per 1.00 of valid turnover per game type, per 1.00 deposited) and converts them',
        tags,
        response: { 200: ok(pointConfigSchema) },
      },
    },
    async (req) => envelope(await points.config(req.brand)),
  );

  r.get(
    `${POINTS_PREFIX}/getPointReward`,
    {
      schema: {
        summary: 'The points mall: the brand’s active rewards with their cost and stock',
        tags,
        response: { 200: ok(pointRewardListSchema) },
      },
    },
    async (req) => envelope(await mall.rewards(req.brand, req.lang)),
  );

  r.get(
    `${POINTS_PREFIX}/getRedeemPointList`,
    {
      config: { auth: 'real' },
      schema: {
        summary: 'The member’s redemptions with their state (in process, approved, rejected), newest first',
        tags,
        querystring: redemptionListQuerySchema,
        response: { 200: ok(redemptionListSchema) },
      },
    },
    async (req) => envelope(await mall.list(req.brand, req.lang, req.member!.memberId, req.query)),
  );

  r.get(
    `${POINTS_PREFIX}/getPointHistory`,
    {
      config: { auth: 'real' },
      schema: {
        summary: 'The member’s points history (earned, redeemed, refunded, converted), newest first',
        tags,
        querystring: pointHistoryQuerySchema,
        response: { 200: ok(pointHistorySchema) },
      },
    },
    async (req) => envelope(await points.history(req.brand, req.lang, req.member!.memberId, req.query)),
  );

  r.post(
    `${POINTS_PREFIX}/passwordCheck/redeemPointReward`,
    {
      config: { auth: 'real', encrypted: true },
      schema: {
        summary: 'Redeem a reward with the payment password (encrypted, idempotent on requestId)',
        tags,
        body: redeemPointRewardSchema,
        response: { 200: ok(redemptionSchema) },
      },
    },
    async (req) => envelope(await mall.redeem(req.brand, req.lang, req.member!.memberId, req.body)),
  );

  r.post(
    `${POINTS_PREFIX}/passwordCheck/convertPoint`,
    {
      config: { auth: 'real', encrypted: true },
      schema: {
        summary:
          'Convert points into the main wallet with the payment password (encrypted, idempotent on requestId)',
        tags,
        body: convertPointSchema,
        response: { 200: ok(conversionSchema) },
      },
    },
    async (req) => envelope(await points.convert(req.brand, req.lang, req.member!.memberId, req.body)),
  );

  // ---- operators -----------------------------------------------------------------------------------

  r.get(
    '/wps/admin/points/redemptions',
    {
      config: operatorRoute('rewards.review'),
      schema: {
        summary: 'Points-mall redemptions of the brand (Merchant header), oldest first',
        tags: adminTags,
        querystring: adminRedemptionQuerySchema,
        response: { 200: ok(adminRedemptionListSchema) },
      },
    },
    async (req) => envelope(await mall.adminList(req.brand, req.lang, req.query)),
  );

  r.post(
    '/wps/admin/points/redemptions/:id/approve',
    {
      config: operatorRoute('rewards.review'),
      schema: {
        summary: 'Approve goods in process: the member is told they are on their way',
        tags: adminTags,
        params: idParams,
        response: { 200: ok(adminRedemptionSchema) },
      },
    },
    async (req) => envelope(await mall.approve(req.brand, req.lang, req.params.id, operatorName(req))),
  );

  r.post(
    '/wps/admin/points/redemptions/:id/reject',
    {
      config: operatorRoute('rewards.review'),
      schema: {
        summary: 'Reject goods in process: the points and the stock come back, once',
        tags: adminTags,
        params: idParams,
        body: adminReasonSchema,
        response: { 200: ok(adminRedemptionSchema) },
      },
    },
    async (req) =>
      envelope(await mall.reject(req.brand, req.lang, req.params.id, operatorName(req), req.body.reason)),
  );
}
