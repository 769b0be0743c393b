import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';

/**
 * A relay real clients send as GET (data in the query) or POST (data in a JSON body): both verbs
 * are registered with the same schema and handler (ARCHITECTURE section 3).
 */
export function getOrPost<S extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  o: {
    auth?: 'member' | 'real';
    summary: string;
    tags: string[];
    data: S;
    response: R;
    handler: (req: FastifyRequest, data: z.output<S>) => Promise<unknown>;
  },
) {
  for (const method of ['GET', 'POST'] as const) {
    // The schema is typed loosely on purpose: the two verbs read the same data from different
    // places, and the handler gets it cast once below.
    const schema: FastifySchema = {
      summary: o.summary,
      tags: o.tags,
      ...(method === 'GET' ? { querystring: o.data } : { body: o.data }),
      response: { 200: o.response },
    };
    app.route({
      method,
      url,
      ...(o.auth ? { config: { auth: o.auth } } : {}),
      schema,
      // The schema has parsed it: the query or the body is S's output.
      handler: (req) => o.handler(req, (method === 'GET' ? req.query : req.body) as z.output<S>),
    });
  }
}
