/** The constraint a PostgreSQL unique violation (SQLSTATE 23505) names, or null for any other error. */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && typeof e.constraint === 'string' ? e.constraint : null;
}
