import {
  cardsActRequestSchema,
  cardsHistorySchema,
  cardsInfoSchema,
  cardsJoinRequestSchema,
  cardsReportSchema,
  cardsTableQuerySchema,
  cardsTableSchema,
  GAME_TOKEN_HEADER,
  ok,
  roomListQuerySchema,
  roomListSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../../../platform/envelope';
import type { HouseCardsService } from './cards.service';
import { operatorRoute } from '../../../../platform/operator-auth';

/**
 * The house card game's calls: the room list relay (public, GET or POST like the real clients'
 * relays), the game client's calls (authenticated by the launch ticket in X-Game-Token), and the
 * operator's rake report.
 */
export async function houseCardsRoutes(app: FastifyInstance, opts: { cards: HouseCardsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cards } = opts;
  const tags = ['house games'];
  const token = (headers: Record<string, unknown>) => headers[GAME_TOKEN_HEADER];

  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/wps/relay/GLS2_roomList',
      schema: {
        summary: 'Card rooms of the brand: ante, minimum buy-in, seats taken of the total, next hand',
        tags,
        ...(method === 'GET' ? { querystring: roomListQuerySchema } : { body: roomListQuerySchema }),
        response: { 200: ok(roomListSchema) },
      },
      handler: async (req) => envelope({ list: await cards.rooms(req.brand.code) }),
    });
  }

  r.get(
    '/wps/house/cards/info',
    {
      schema: {
        summary: 'Game facts: balance, rooms, seats, rake, timing, house seat rule (X-Game-Token)',
        tags,
        response: { 200: ok(cardsInfoSchema) },
      },
    },
    async (req) => envelope(await cards.info(token(req.headers), req.brand.code)),
  );

  r.get(
    '/wps/house/cards/table',
    {
      schema: {
        summary: 'A room’s table as this player sees it: the hand in play or on show, the next hand',
        tags,
        querystring: cardsTableQuerySchema,
        response: { 200: ok(cardsTableSchema) },
      },
    },
    async (req) => envelope(await cards.table(token(req.headers), req.brand.code, req.query.roomId)),
  );

  r.post(
    '/wps/house/cards/join',
    {
      schema: {
        summary: 'Take a seat in the coming hand and pay its ante (idempotent per hand)',
        tags,
        body: cardsJoinRequestSchema,
        response: { 200: ok(cardsTableSchema) },
      },
    },
    async (req) => envelope(await cards.join(token(req.headers), req.brand.code, req.body)),
  );

  r.post(
    '/wps/house/cards/act',
    {
      schema: {
        summary: 'Play (a second bet equal to the ante) or fold within the decision window',
        tags,
        body: cardsActRequestSchema,
        response: { 200: ok(cardsTableSchema) },
      },
    },
    async (req) => envelope(await cards.act(token(req.headers), req.brand.code, req.body)),
  );

  r.get(
    '/wps/house/cards/history',
    {
      schema: {
        summary: 'The player’s last 10 hands of this game',
        tags,
        response: { 200: ok(cardsHistorySchema) },
      },
    },
    async (req) => envelope(await cards.history(token(req.headers), req.brand.code)),
  );

  r.get(
    '/wps/admin/house/cards/report',
    {
      config: operatorRoute('reports.view'),
      schema: {
        summary: 'Card rooms: hands, pots, rake (house revenue) and the house seats’ stakes and payouts',
        tags: ['admin'],
        response: { 200: ok(cardsReportSchema) },
      },
    },
    async (req) => envelope(await cards.report(req.brand.code)),
  );
}
