import { HEADERS } from '@app/contracts';
import type { FastifyRequest } from 'fastify';

/** Who is asking, as sessions and login history record it. */
export function clientContext(request: FastifyRequest) {
  const device = request.headers[HEADERS.device];
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    device: (typeof device === 'string' ? device : '').slice(0, 40),
    userAgent: (typeof ua === 'string' ? ua : '').slice(0, 300),
  };
}
