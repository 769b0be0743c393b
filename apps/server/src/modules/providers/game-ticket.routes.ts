import { gameTicketExchangeSchema, gameTicketSchema, ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { GameTicketService } from './game-ticket.service';

/** The house games' clients exchange their launch URL's one-time code for the game ticket. */
export async function gameTicketRoutes(app: FastifyInstance, opts: { tickets: GameTicketService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/wps/house/ticket',
    {
      schema: {
        summary: "The game ticket for a launch URL's one-time code (once, within two minutes)",
        tags: ['house games'],
        body: gameTicketExchangeSchema,
        response: { 200: ok(gameTicketSchema) },
      },
    },
    async (req) => envelope({ token: await opts.tickets.exchange(req.body.code, req.brand.code) }),
  );
}
