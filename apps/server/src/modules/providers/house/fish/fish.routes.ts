import {
  GAME_TOKEN_HEADER,
  fishHistorySchema,
  fishInfoSchema,
  fishShotRequestSchema,
  fishShotResultSchema,
  ok,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../../../platform/envelope';
import type { HouseFishService } from './fish.service';

/** The fishing shooter's game client calls: authenticated by the launch ticket, not a session. */
export async function houseFishRoutes(app: FastifyInstance, opts: { fish: HouseFishService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { fish } = opts;
  const tags = ['house games'];

  r.get(
    '/wps/house/fish/info',
    {
      schema: {
        summary: 'Game facts: balance, bets per shot, fish table with capture chances, RTP (X-Game-Token)',
        tags,
        response: { 200: ok(fishInfoSchema) },
      },
    },
    async (req) => envelope(await fish.info(req.headers[GAME_TOKEN_HEADER], req.brand.code)),
  );

  r.post(
    '/wps/house/fish/shoot',
    {
      schema: {
        summary: 'One shot at a fish, decided and settled at once (idempotent on requestId)',
        tags,
        body: fishShotRequestSchema,
        response: { 200: ok(fishShotResultSchema) },
      },
    },
    async (req) => envelope(await fish.shoot(req.headers[GAME_TOKEN_HEADER], req.brand.code, req.body)),
  );

  r.get(
    '/wps/house/fish/history',
    {
      schema: { summary: 'The last 10 shots of this game', tags, response: { 200: ok(fishHistorySchema) } },
    },
    async (req) => envelope(await fish.history(req.headers[GAME_TOKEN_HEADER], req.brand.code)),
  );
}
