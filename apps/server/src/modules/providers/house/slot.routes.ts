import {
  GAME_TOKEN_HEADER,
  ok,
  slotHistorySchema,
  slotInfoSchema,
  slotSpinRequestSchema,
  slotSpinResultSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../../platform/envelope';
import type { HouseSlotService } from './slot.service';

/** The house slot's game client calls: authenticated by the launch ticket, not a session. */
export async function houseSlotRoutes(app: FastifyInstance, opts: { slot: HouseSlotService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { slot } = opts;
  const tags = ['house games'];

  r.get(
    '/wps/house/slot/info',
    {
      schema: {
        summary: 'Game facts: balance, bets, paylines, paytable, RTP (X-Game-Token: the launch ticket)',
        tags,
        response: { 200: ok(slotInfoSchema) },
      },
    },
    async (req) => envelope(await slot.info(req.headers[GAME_TOKEN_HEADER], req.brand.code)),
  );

  r.post(
    '/wps/house/slot/spin',
    {
      schema: {
        summary: 'One paid spin and its free spins, settled at once (idempotent on requestId)',
        tags,
        body: slotSpinRequestSchema,
        response: { 200: ok(slotSpinResultSchema) },
      },
    },
    async (req) => envelope(await slot.spin(req.headers[GAME_TOKEN_HEADER], req.brand.code, req.body)),
  );

  r.get(
    '/wps/house/slot/history',
    {
      schema: { summary: 'The last 10 rounds of this game', tags, response: { 200: ok(slotHistorySchema) } },
    },
    async (req) => envelope(await slot.history(req.headers[GAME_TOKEN_HEADER], req.brand.code)),
  );
}
