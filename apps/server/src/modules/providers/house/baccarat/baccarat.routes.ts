import {
  GAME_TOKEN_HEADER,
  baccaratBetRequestSchema,
  baccaratBetResultSchema,
  baccaratHistorySchema,
  baccaratInfoSchema,
  baccaratLobbySchema,
  baccaratStateQuerySchema,
  baccaratStateSchema,
  ok,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../../../platform/envelope';
import type { HouseBaccaratService } from './baccarat.service';

/** The house live baccarat's game client calls: authenticated by the launch ticket (X-Game-Token). */
export async function houseBaccaratRoutes(app: FastifyInstance, opts: { baccarat: HouseBaccaratService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { baccarat } = opts;
  const tags = ['house games'];
  const token = (req: { headers: Record<string, unknown> }) => req.headers[GAME_TOKEN_HEADER];

  r.get(
    '/wps/house/baccarat/info',
    {
      schema: {
        summary: 'Baccarat facts: balance, tables, chips, limits, pays, commission and house edges',
        tags,
        response: { 200: ok(baccaratInfoSchema) },
      },
    },
    async (req) => envelope(await baccarat.info(token(req), req.brand.code)),
  );

  r.get(
    '/wps/house/baccarat/tables',
    {
      schema: {
        summary: 'Every table now: round, phase and countdown, result, roads (the lobby)',
        tags,
        response: { 200: ok(baccaratLobbySchema) },
      },
    },
    async (req) => envelope(await baccarat.lobby(token(req), req.brand.code)),
  );

  r.get(
    '/wps/house/baccarat/state',
    {
      schema: {
        summary: 'One table now, with the player’s bets on its round and the balance (poll it)',
        tags,
        querystring: baccaratStateQuerySchema,
        response: { 200: ok(baccaratStateSchema) },
      },
    },
    async (req) => envelope(await baccarat.state(token(req), req.brand.code, req.query.table)),
  );

  r.post(
    '/wps/house/baccarat/bet',
    {
      schema: {
        summary: 'One bet on one spot of the open round (a repeat of the same bet moves nothing)',
        tags,
        body: baccaratBetRequestSchema,
        response: { 200: ok(baccaratBetResultSchema) },
      },
    },
    async (req) => envelope(await baccarat.bet(token(req), req.brand.code, req.body)),
  );

  r.get(
    '/wps/house/baccarat/history',
    {
      schema: {
        summary: 'The player’s last 10 rounds: bets, cards and payouts',
        tags,
        response: { 200: ok(baccaratHistorySchema) },
      },
    },
    async (req) => envelope(await baccarat.history(token(req), req.brand.code)),
  );
}
