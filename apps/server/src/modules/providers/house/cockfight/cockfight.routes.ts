import {
  cockfightBetRequestSchema,
  cockfightBetResultSchema,
  cockfightHistorySchema,
  cockfightInfoSchema,
  cockfightStateSchema,
  GAME_TOKEN_HEADER,
  ok,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../../../platform/envelope';
import type { HouseCockfightService } from './cockfight.service';

/** The cockfight arena's game client calls: authenticated by the launch ticket, not a session. */
export async function houseCockfightRoutes(app: FastifyInstance, opts: { cockfight: HouseCockfightService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cockfight } = opts;
  const tags = ['house games'];
  const token = (headers: Record<string, unknown>) => headers[GAME_TOKEN_HEADER];

  r.get(
    '/wps/house/cockfight/info',
    {
      schema: {
        summary: 'Arena facts: balance, chips, bet limits, phase lengths, published odds rules and RTP',
        tags,
        response: { 200: ok(cockfightInfoSchema) },
      },
    },
    async (req) => envelope(await cockfight.info(token(req.headers), req.brand.code)),
  );

  r.get(
    '/wps/house/cockfight/state',
    {
      schema: {
        summary: 'The current fight (card, odds, phase, result once shown), my bets on it, the road, balance',
        tags,
        response: { 200: ok(cockfightStateSchema) },
      },
    },
    async (req) => envelope(await cockfight.state(token(req.headers), req.brand.code)),
  );

  r.post(
    '/wps/house/cockfight/bet',
    {
      schema: {
        summary: 'A bet on meron, wala or draw of the fight in its betting window (idempotent on requestId)',
        tags,
        body: cockfightBetRequestSchema,
        response: { 200: ok(cockfightBetResultSchema) },
      },
    },
    async (req) => envelope(await cockfight.bet(token(req.headers), req.brand.code, req.body)),
  );

  r.get(
    '/wps/house/cockfight/history',
    {
      schema: {
        summary: 'The player’s last 10 bets in this game',
        tags,
        response: { 200: ok(cockfightHistorySchema) },
      },
    },
    async (req) => envelope(await cockfight.history(token(req.headers), req.brand.code)),
  );
}
