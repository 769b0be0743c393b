import {
  GAME_TOKEN_HEADER,
  ok,
  sportsbookBetResultSchema,
  sportsbookBetsSchema,
  sportsbookCashOutRequestSchema,
  sportsbookInfoSchema,
  sportsbookMatchesSchema,
  sportsbookPlaceRequestSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../../../platform/envelope';
import type { HouseSportsbookService } from './sportsbook.service';

/** The house sportsbook's game client calls: authenticated by the launch ticket, not a session. */
export async function houseSportsbookRoutes(
  app: FastifyInstance,
  opts: { sportsbook: HouseSportsbookService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sportsbook } = opts;
  const tags = ['house games'];
  const token = (headers: Record<string, unknown>) => headers[GAME_TOKEN_HEADER];

  r.get(
    '/wps/house/sportsbook/info',
    {
      schema: {
        summary: 'Sportsbook facts: balance, stake limits, margins per market, time zone (X-Game-Token)',
        tags,
        response: { 200: ok(sportsbookInfoSchema) },
      },
    },
    async (req) => envelope(await sportsbook.info(token(req.headers), req.brand.code, req.brand.timezone)),
  );

  r.get(
    '/wps/house/sportsbook/matches',
    {
      schema: {
        summary: 'Live, upcoming and just finished matches of the game’s sport with their markets and odds',
        tags,
        response: { 200: ok(sportsbookMatchesSchema) },
      },
    },
    async (req) => envelope(await sportsbook.matches(token(req.headers), req.brand.code, req.brand.timezone)),
  );

  r.post(
    '/wps/house/sportsbook/bet',
    {
      schema: {
        summary: 'Places a single (one leg) or a parlay at the odds seen (idempotent on requestId)',
        tags,
        body: sportsbookPlaceRequestSchema,
        response: { 200: ok(sportsbookBetResultSchema) },
      },
    },
    async (req) => envelope(await sportsbook.place(token(req.headers), req.brand.code, req.body)),
  );

  r.get(
    '/wps/house/sportsbook/bets',
    {
      schema: {
        summary: 'Open bets with their cash-out offers, and the last 10 bets',
        tags,
        response: { 200: ok(sportsbookBetsSchema) },
      },
    },
    async (req) => envelope(await sportsbook.bets(token(req.headers), req.brand.code)),
  );

  r.post(
    '/wps/house/sportsbook/cashout',
    {
      schema: {
        summary: 'Settles an open bet now for the offer seen (refused with the new offer if it changed)',
        tags,
        body: sportsbookCashOutRequestSchema,
        response: { 200: ok(sportsbookBetResultSchema) },
      },
    },
    async (req) => envelope(await sportsbook.cashOut(token(req.headers), req.brand.code, req.body)),
  );
}
