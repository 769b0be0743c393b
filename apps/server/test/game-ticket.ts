import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

const exchanged = new Map<string, string>();

/**
 * The game ticket of a launch URL, as its game client gets it: the URL's one-time code exchanged
 * at POST /wps/house/ticket. Remembered per URL, so a test may ask for the same launch's ticket
 * again (the code itself works once).
 */
export async function ticketOf(app: FastifyInstance, url: string, host = 'localhost'): Promise<string> {
  const known = exchanged.get(url);
  if (known) return known;
  const code = new URL(url, 'http://x').searchParams.get('code');
  expect(code, `no launch code in ${url}`).toBeTruthy();
  const res = await app.inject({
    method: 'POST',
    url: '/wps/house/ticket',
    headers: { host },
    payload: { code },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json<{ value: { token: string } }>().value.token;
  exchanged.set(url, token);
  return token;
}
