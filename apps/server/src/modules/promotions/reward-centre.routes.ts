import { claimableRewardsSchema, claimableSchema, ok, rewardClaimSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { RewardCentreService } from './reward-centre.service';

/** The reward centre: every source's claimable rewards, and a claim passed to its source. */
export async function rewardCentreRoutes(app: FastifyInstance, opts: { centre: RewardCentreService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { centre } = opts;
  const tags = ['rewards'];
  const config = { auth: 'real' } as const;

  r.get(
    '/wps/rewards/claimable',
    {
      config,
      schema: {
        summary: 'What I can claim now from promotions, missions, rebates and referral, and how many',
        tags,
        response: { 200: ok(claimableRewardsSchema) },
      },
    },
    async (req) => envelope(await centre.claimable(req.brand, req.member!.memberId, req.lang)),
  );

  r.post(
    '/wps/rewards/claim',
    {
      config,
      schema: {
        summary: 'Claim one listed reward ({source, id} as listed); its source pays it once',
        tags,
        body: rewardClaimSchema,
        response: { 200: ok(claimableSchema) },
      },
    },
    async (req) =>
      envelope(await centre.claim(req.brand, req.member!.memberId, req.body.source, req.body.id, req.lang)),
  );
}
