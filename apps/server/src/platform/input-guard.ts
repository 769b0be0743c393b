import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

/** String.prototype.isWellFormed (ES2024, Node 20): false when the text holds a lone surrogate. */
type WellFormedCheck = { isWellFormed(): boolean };

/**
 * Why a text cannot be taken: PostgreSQL stores no NUL character (text and jsonb refuse it, and
 * the statement fails), and a lone UTF-16 surrogate is no Unicode character at all (jsonb refuses
 * its \u escape; in text the driver would silently turn it into U+FFFD).
 */
function unstorableReason(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (!(text as unknown as WellFormedCheck).isWellFormed())
    return 'must be valid Unicode (no lone surrogate)';
  return null;
}

/** Where a value sits in the request: its key under its parent's place (null: the top). */
type Place = { parent: Place; key: string | number } | null;

/** "items.2.name": built only for the field reported, not for every value walked. */
function fieldOf(place: Place): string {
  const keys: (string | number)[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.');
}

/**
 * The first key or string anywhere in a parsed value that cannot be stored, as the field path
 * ("items.2.name") and the reason, or null. Walks with its own stack: a deeply nested body must
 * not overflow the call stack. Every request's headers, query and body pass through it.
 */
export function findUnstorable(value: unknown): { field: string; message: string } | null {
  const values: unknown[] = [value];
  const places: Place[] = [null];
  while (values.length > 0) {
    const v = values.pop();
    const place = places.pop()!;
    if (typeof v === 'string') {
      const reason = unstorableReason(v);
      if (reason) return { field: fieldOf(place), message: reason };
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        values.push(v[i]);
        places.push({ parent: place, key: i });
      }
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        const reason = unstorableReason(key);
        if (reason) return { field: fieldOf({ parent: place, key }), message: `name ${reason}` };
        values.push((v as Record<string, unknown>)[key]);
        places.push({ parent: place, key });
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
