/** The constraint a PostgreSQL unique violation (SQLSTATE 23505) names, or null for any other error. */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && typeof e.constraint === 'string' ? e.constraint : null;
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
