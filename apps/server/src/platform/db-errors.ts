/**
 * The one place that reads PostgreSQL's error codes (SQLSTATEs): every other module asks these
 * helpers what a failed statement means. Both drivers (pg, PGlite) put the SQLSTATE in `code` and
 * the violated constraint's name in `constraint`.
 */

/** The SQLSTATE and constraint of a database error; both undefined for anything else. */
function pgError(err: unknown): { code?: unknown; constraint?: unknown } {
  return err !== null && typeof err === 'object' ? err : {};
}

/** The constraint a unique violation (23505) names, or null for any other error. */
export function uniqueViolation(err: unknown): string | null {
  const { code, constraint } = pgError(err);
  return code === '23505' && typeof constraint === 'string' ? constraint : null;
}

/** Whether the error is a CHECK constraint's violation (23514), of `constraint` by name. */
export function checkViolation(err: unknown, constraint: string): boolean {
  const e = pgError(err);
  return e.code === '23514' && e.constraint === constraint;
}

/**
 * Whether a transaction lost a race: a serialization failure (40001, also raised by our own
 * functions when a reference was applied concurrently) or a deadlock (40P01). Trying again may
 * succeed.
 */
export function isSerializationFailure(err: unknown): boolean {
  const { code } = pgError(err);
  return code === '40001' || code === '40P01';
}

/**
 * SQLSTATEs of a session the server ended or will not start: admin_shutdown (57P01, a terminated
 * backend), crash_shutdown, cannot_connect_now (starting up, failing over), idle_session_timeout,
 * idle_in_transaction_session_timeout, too_many_connections. Class 08 (connection exception) is
 * matched as a class.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '53300']);

/** Socket failures on the way to the database (refused while it restarts, reset, unreachable). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres says when the socket closed under a query, or when a query is sent on a client
 * that already lost its connection (the rollback after a failed statement in a transaction).
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
];

/**
 * Whether an error means the database connection was lost or refused, not that the request or the
 * code was wrong: the same request may well succeed in a moment on a fresh connection. Follows
 * `cause` so a wrapped driver error still counts.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true;
    // Connecting tries every address of the host; the failures come as an AggregateError.
    e = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
  }
  return false;
}
