import {
  betRecordListSchema,
  betRecordQuerySchema,
  ok,
  profitQuerySchema,
  profitSchema,
  transactionListSchema,
  transactionQuerySchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { RecordsService } from './records.service';

/** The member centre's records, as relay calls (GET with the query in the query string). */
export async function recordsRoutes(app: FastifyInstance, opts: { records: RecordsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { records } = opts;
  const tags = ['records'];
  const config = { auth: 'real' } as const;

  r.get(
    '/wps/relay/ODSFE2_MemTransDet',
    {
      config,
      schema: {
        summary: 'Account record: every movement of the member’s main and vendor wallets, newest first',
        tags,
        querystring: transactionQuerySchema,
        response: { 200: ok(transactionListSchema) },
      },
    },
    async (req) => envelope(await records.transactions(req.brand, req.member!.memberId, req.query)),
  );

  r.get(
    '/wps/relay/ODSFE2_MemBetDet',
    {
      config,
      schema: {
        summary: 'Betting record, newest first, with sums over the whole range',
        tags,
        querystring: betRecordQuerySchema,
        response: { 200: ok(betRecordListSchema) },
      },
    },
    async (req) => envelope(await records.bets(req.brand, req.member!.memberId, req.query)),
  );

  r.get(
    '/wps/relay/ODSFE2_MemProfit',
    {
      config,
      schema: {
        summary: 'Personal profit and loss per game type over settled bets',
        tags,
        querystring: profitQuerySchema,
        response: { 200: ok(profitSchema) },
      },
    },
    async (req) => envelope(await records.profit(req.brand, req.member!.memberId, req.query)),
  );
}
