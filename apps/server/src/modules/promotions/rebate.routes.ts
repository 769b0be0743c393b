import {
  manualRebateSchema,
  ok,
  rebateClaimResultSchema,
  rebateClaimSchema,
  rebateHistoryQuerySchema,
  rebateHistorySchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { RebateService } from './rebate.service';

/** Rebates: the member centre's manualRebate page: today's rebate, the claim, the history. */
export async function rebateRoutes(app: FastifyInstance, opts: { rebates: RebateService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rebates } = opts;
  const tags = ['rebate'];
  const config = { auth: 'real' } as const;

  r.get(
    '/wps/rebate/manual',
    {
      config,
      schema: {
        summary:
          "Today's rebate so far (bets settled up to now, brand-zone day): per game type turnover, rate and rebate; claimed, claimable, the minimum payout",
        tags,
        response: { 200: ok(manualRebateSchema) },
      },
    },
    async (req) => envelope(await rebates.manual(req.brand, req.member!.memberId)),
  );

  r.post(
    '/wps/rebate/manual/claim',
    {
      config,
      schema: {
        summary:
          "Claim today's claimable rebate into the main wallet at once (refused with reward.not.claimable when below the minimum, already claimed, or the day has ended)",
        tags,
        body: rebateClaimSchema,
        response: { 200: ok(rebateClaimResultSchema) },
      },
    },
    async (req) => envelope(await rebates.claim(req.brand, req.member!.memberId, req.body.day)),
  );

  r.get(
    '/wps/rebate/history',
    {
      config,
      schema: {
        summary: 'My rebate payouts of the last days (manual claims and the daily payouts), newest first',
        tags,
        querystring: rebateHistoryQuerySchema,
        response: { 200: ok(rebateHistorySchema) },
      },
    },
    async (req) => envelope(await rebates.history(req.brand, req.member!.memberId, req.query.days)),
  );
}
