import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a text cannot be taken: PostgreSQL stores no NUL character (text and jsonb refuse it, and
 * the statement fails), and a lone UTF-16 surrogate is no Unicode character at all (jsonb refuses
 * its \u escape; in text the driver would silently turn it into U+FFFD).
 */
function unstorableReason(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (no lone surrogate)';
  return null;
}

/**
 * The first key or string anywhere in a parsed value that cannot be stored, as the field path
 * ("items.2.name") and the reason, or null. Walks with its own stack: a deeply nested body must
 * not overflow the call stack.
 */
export function findUnstorable(value: unknown): { field: string; message: string } | null {
  const stack: [unknown, string][] = [[value, '']];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const reason = unstorableReason(v);
      if (reason) return { field: path, message: reason };
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, join(path, i)]));
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        const reason = unstorableReason(key);
        if (reason) return { field: join(path, key), message: `name ${reason}` };
        stack.push([item, join(path, key)]);
      }
    }
  }
  return null;
}

/** Refuses a value that holds text that cannot be stored, as request.invalid naming the field. */
export function refuseUnstorable(value: unknown): void {
  const found = findUnstorable(value);
  if (found) throw new AppError('request.invalid', { fields: [found] });
}

function checkPart(value: unknown, prefix: string): void {
  const found = findUnstorable(value);
  if (found) {
    throw new AppError('request.invalid', {
      fields: [{ field: found.field || prefix, message: found.message }],
    });
  }
}

/**
 * One check, before any handler or hook reads the database, that no text a request carries
 * contains what PostgreSQL cannot store: otherwise the statement that meets it fails as a 500
 * (anywhere a query string, path segment, header or JSON field reaches SQL). Query string, path
 * parameters and headers are checked as the request arrives, before the brand is resolved from
 * them; the body once parsed (and decrypted), before the handler. Raw bodies (signed callbacks,
 * uploads) are Buffers, checked by their handlers after parsing. Register it before
 * requestContext.
 */
export const inputGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      checkPart(request.params, 'params');
      checkPart(request.query, 'query');
      checkPart(request.headers, 'headers');
    });
    app.addHook('preHandler', async (request: FastifyRequest) => {
      checkPart(request.body, 'body');
    });
  },
  { name: 'input-guard' },
);
