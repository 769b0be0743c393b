import {
  adminReasonSchema,
  claimableSchema,
  ok,
  referralClaimSchema,
  referralFriendsQuerySchema,
  referralFriendsSchema,
  referralRewardListSchema,
  referralRewardQuerySchema,
  referralRewardSchema,
  referralSummarySchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import type { ReferralService } from './referral.service';
import { operatorName, operatorRoute } from '../../platform/operator-auth';

const adminTags = ['operator'];
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * Invite friends (member-centre page `referral`): the programme, invited friends, reward claims;
 * and the operator's review of rewards held because the friend looked like the member's own.
 */
export async function referralRoutes(app: FastifyInstance, opts: { referral: ReferralService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { referral } = opts;
  const tags = ['referral'];
  const config = { auth: 'real' } as const;

  r.get(
    '/wps/referral/summary',
    {
      config,
      schema: {
        summary:
          'The member’s referral code, the brand’s programme and the member’s invited friends in figures',
        tags,
        response: { 200: ok(referralSummarySchema) },
      },
    },
    async (req) => envelope(await referral.summary(req.brand, req.member!.memberId)),
  );

  r.get(
    '/wps/referral/friends',
    {
      config,
      schema: {
        summary:
          'Friends who registered with the member’s code (masked), their first deposit and reward state',
        tags,
        querystring: referralFriendsQuerySchema,
        response: { 200: ok(referralFriendsSchema) },
      },
    },
    async (req) =>
      envelope(await referral.friends(req.brand, req.member!.memberId, req.query.pageNo, req.query.pageSize)),
  );

  r.post(
    '/wps/referral/claim',
    {
      config,
      schema: {
        summary: 'Claim the reward for one qualified friend (once per friend)',
        tags,
        body: referralClaimSchema,
        response: { 200: ok(claimableSchema) },
      },
    },
    async (req) =>
      envelope(await referral.claim(req.brand, req.member!.memberId, req.body.friendId, req.lang)),
  );

  // ---- operators -----------------------------------------------------------------------------------

  r.get(
    '/wps/admin/referral/rewards',
    {
      config: operatorRoute('rewards.review'),
      schema: {
        summary:
          'Referral rewards of the brand (Merchant header), newest first; HELD ones await review ' +
          '(the friend shares an IP address, a device or a payout account with the inviting member)',
        tags: adminTags,
        querystring: referralRewardQuerySchema,
        response: { 200: ok(referralRewardListSchema) },
      },
    },
    async (req) => envelope(await referral.rewards(req.brand, req.query)),
  );

  r.post(
    '/wps/admin/referral/rewards/:id/approve',
    {
      config: operatorRoute('rewards.review'),
      schema: {
        summary: 'Pay a HELD referral reward after review (the amount and turnover it was claimed with)',
        tags: adminTags,
        params: idParams,
        response: { 200: ok(referralRewardSchema) },
      },
    },
    async (req) => envelope(await referral.approve(req.brand, req.params.id, operatorName(req))),
  );

  r.post(
    '/wps/admin/referral/rewards/:id/reject',
    {
      config: operatorRoute('rewards.review'),
      schema: {
        summary: 'Refuse a HELD referral reward after review, with a reason; nothing is paid',
        tags: adminTags,
        params: idParams,
        body: adminReasonSchema,
        response: { 200: ok(referralRewardSchema) },
      },
    },
    async (req) =>
      envelope(await referral.reject(req.brand, req.params.id, req.body.reason, operatorName(req))),
  );
}
