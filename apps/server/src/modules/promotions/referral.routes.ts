import {
  claimableSchema,
  ok,
  referralClaimSchema,
  referralFriendsQuerySchema,
  referralFriendsSchema,
  referralSummarySchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { ReferralService } from './referral.service';

/** Invite friends (member-centre page `referral`): the programme, invited friends, reward claims. */
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
}
