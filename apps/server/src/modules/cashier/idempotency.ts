import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sql } from 'kysely';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { IntervalJob } from '../../platform/module';

/** The back-office app sends a UUID per click; integrations may send any key of this shape. */
const keySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/**
 * How long a stored answer is replayed. A click is retried within seconds or minutes; after a day
 * the key is forgotten, and a very late repeat is still refused by the decision's own state check.
 */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;
/** Rows deleted per statement, so a backlog never holds one long transaction. */
const PRUNE_BATCH = 5_000;

/**
 * Money decisions keyed by the caller's Idempotency-Key header: the first successful answer is
 * stored, a repeat (same caller, same key, same route and body) gets it back and changes nothing,
 * the same key with another body is refused (idempotency.mismatch). Without the header the call
 * runs as is; the decision itself is still safe to repeat because its state check refuses a
 * second decision. Failures are not stored, so a retry after one runs again.
 */
export class IdempotencyStore {
  constructor(private readonly db: Db) {}

  async run<T>(req: FastifyRequest, route: string, fn: () => Promise<T>): Promise<T> {
    const header = req.headers['idempotency-key'];
    if (header === undefined) return fn();
    const parsed = keySchema.safeParse(header);
    if (!parsed.success)
      throw new AppError('request.invalid', { fields: [{ field: 'Idempotency-Key', message: 'format' }] });
    const key = parsed.data;
    // The guard has run (operatorRoute), so the caller is known.
    const { kind, id, name } = req.operator!;
    const actor = `${kind}:${id}:${name}`;
    const hash = createHash('sha256')
      .update(JSON.stringify({ params: req.params, body: req.body }))
      .digest('hex');
    const merchant = req.brand.code;
    const seen = await this.db
      .selectFrom('idempotency_record')
      .select(['route', 'request_hash', 'response'])
      .where('merchant_code', '=', merchant)
      .where('actor', '=', actor)
      .where('key', '=', key)
      .executeTakeFirst();
    if (seen) {
      if (seen.route !== route || seen.request_hash !== hash) throw new AppError('idempotency.mismatch');
      // A replay changes nothing, so it writes no audit row either.
      req.auditDetail = { written: true };
      return seen.response as T;
    }
    const answer = await fn();
    await this.db
      .insertInto('idempotency_record')
      .values({
        merchant_code: merchant,
        actor,
        key,
        route,
        request_hash: hash,
        response: JSON.stringify(answer),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return answer;
  }

  /** Deletes the answers stored before `before`, in batches; returns how many went. */
  async prune(before: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const res = await sql`
        DELETE FROM idempotency_record
        WHERE ctid IN (SELECT ctid FROM idempotency_record WHERE created_at < ${before} LIMIT ${PRUNE_BATCH})
      `.execute(this.db);
      const n = Number(res.numAffectedRows ?? 0n);
      total += n;
      if (n < PRUNE_BATCH) return total;
    }
  }
}

/** Forgets answers older than IDEMPOTENCY_KEEP_MS (a day), hourly. Idempotent; instances may race harmlessly. */
export function idempotencyPruneJob(store: IdempotencyStore, now: () => number = Date.now): IntervalJob {
  return {
    name: 'idempotency prune',
    everyMs: 60 * 60_000,
    run: () => store.prune(new Date(now() - IDEMPOTENCY_KEEP_MS)),
  };
}
