import { ok, roundDetailsQuerySchema, roundDetailsSchema, roundDetailsVendorsSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorRoute } from '../../platform/operator-auth';
import type { RoundDetailsService } from './round-details.service';

/**
 * A bet's round at its vendor: the member's own bets (betting record) and, for staff with
 * players.view, any player's (the player page's bets tab, audited as a read of that player).
 */
export async function roundDetailsRoutes(app: FastifyInstance, opts: { details: RoundDetailsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { details } = opts;

  r.get(
    '/wps/game/roundDetails/vendors',
    {
      config: { auth: 'real' },
      schema: {
        summary: "The brand's vendors whose bets can be recalled at the vendor (round details)",
        tags: ['records'],
        response: { 200: ok(roundDetailsVendorsSchema) },
      },
    },
    async (req) => envelope(await details.vendorCodes(req.brand.code)),
  );

  r.get(
    '/wps/game/roundDetails',
    {
      config: { auth: 'real' },
      schema: {
        summary: "Where the vendor shows one of the member's own bets (round details)",
        tags: ['records'],
        querystring: roundDetailsQuerySchema,
        response: { 200: ok(roundDetailsSchema) },
      },
    },
    async (req) =>
      envelope(await details.url(req.brand.code, req.query.vendor, req.query.roundId, req.member!.memberId)),
  );

  r.get(
    '/wps/admin/round-details/vendors',
    {
      config: operatorRoute('players.view'),
      schema: {
        summary: "The brand's vendors whose bets can be recalled at the vendor (round details)",
        tags: ['players'],
        response: { 200: ok(roundDetailsVendorsSchema) },
      },
    },
    async (req) => envelope(await details.vendorCodes(req.brand.code)),
  );

  r.get(
    '/wps/admin/players/:memberId/round-details',
    {
      config: operatorRoute('players.view', { auditRead: true }),
      schema: {
        summary: "Where the vendor shows one of the player's bets (round details), audited",
        tags: ['players'],
        params: z.object({ memberId: z.string().regex(/^\d{1,19}$/) }),
        querystring: roundDetailsQuerySchema,
        response: { 200: ok(roundDetailsSchema) },
      },
    },
    async (req) => {
      req.auditDetail = {
        action: 'players.view.roundDetails',
        target: `member:${req.params.memberId}`,
        after: { vendor: req.query.vendor, roundId: req.query.roundId },
      };
      return envelope(
        await details.url(req.brand.code, req.query.vendor, req.query.roundId, req.params.memberId),
      );
    },
  );
}
