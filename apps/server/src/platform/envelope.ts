import { parseLanguage, type ErrorCode, type Failure } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { isDatabaseUnavailable } from './db-errors';
import { messageFor } from './messages';
import { requestedLanguage } from './request-context';

/** The success envelope. */
export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}

function languageOf(request: FastifyRequest) {
  // request.lang is set once the brand is known; before that, honour the header if we can.
  return request.brand ? request.lang : (requestedLanguage(request).lang ?? parseLanguage('EN')!);
}

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  value?: unknown,
  params: (string | number)[] = [],
) {
  const body: Failure = {
    success: false,
    errorCode: code,
    message: messageFor(code, languageOf(request), params),
  };
  if (value !== undefined) body.value = value;
  return reply.status(status).send(body);
}

/** Seconds a client is asked to wait before repeating a request the database could not serve. */
const DB_RETRY_AFTER_SECONDS = 1;

/**
 * One error handler for the whole API: known failures keep their code, validation
 * failures become request.invalid with the fields at fault, a lost database connection
 * system.db.unavailable (retryable), anything else is logged with its context and
 * answered as system.error without its details.
 */
export const envelope = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return sendFailure(request, reply, error.code, error.statusCode, error.value, error.params);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = error.validation.map((v) => ({
          field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          message: v.message ?? 'invalid',
        }));
        return sendFailure(request, reply, 'request.invalid', 400, { fields });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Framework-level client errors: malformed JSON, wrong content type, body too large.
        const code: ErrorCode =
          status === 429 ? 'system.throttled' : status === 404 ? 'system.not.found' : 'request.invalid';
        return sendFailure(request, reply, code, status);
      }
      if (isDatabaseUnavailable(error)) {
        // Not a bug in the request or the code: the pool has dropped the broken connection and
        // opens a new one for the retry. Whether a write whose COMMIT went unanswered took effect is
        // for the client to read back (money moves carry their own idempotency references).
        request.log.warn({ err: error, url: request.url }, 'database unavailable');
        reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
        return sendFailure(request, reply, 'system.db.unavailable', 503);
      }
      request.log.error({ err: error, url: request.url, merchant: request.brand?.code }, 'unhandled error');
      return sendFailure(request, reply, 'system.error', 500);
    });
  },
  { name: 'envelope' },
);
