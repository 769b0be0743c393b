import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the operator is (X-Operator header, for the audit columns); set on admin routes. */
    operator: string | null;
  }
  interface FastifyContextConfig {
    /** An operator route: needs the X-Admin-Key header to equal ADMIN_API_KEY. */
    admin?: boolean;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Guards operator routes with the key from the environment. Without a configured key every
 * operator call is refused. Keys are compared as digests in constant time.
 */
export const adminAuth = fp(
  async (app: FastifyInstance, opts: { apiKey: string | undefined }) => {
    const expected = opts.apiKey ? digest(opts.apiKey) : null;
    app.decorateRequest('operator', null);
    app.addHook('preValidation', async (request) => {
      if (!request.routeOptions.config.admin) return;
      const given = request.headers['x-admin-key'];
      if (!expected || typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        throw new AppError('admin.unauthorized');
      }
      const name = request.headers['x-operator'];
      request.operator = (typeof name === 'string' && name.trim().slice(0, 40)) || 'operator';
    });
  },
  { name: 'admin-auth', dependencies: ['request-context'] },
);
