import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { GroupCommit } from '../../platform/group-commit';

interface RoundKey {
  merchant: string;
  vendor: string;
  roundId: string;
}

/** SQL of vendor secrets and rollback markers. */
export class VendorCallbackRepository {
  /**
   * Every placed vendor stake asks for its round's marker: the questions asked at the same moment
   * share one query (the same batching as the stakes themselves; it is a read, so duplicates are
   * harmless, but a batch holds distinct keys by construction).
   */
  private readonly markers = new GroupCommit<RoundKey, boolean>((keys) => this.markedOf(keys), {
    maxBatch: 128,
    maxInFlight: 2,
    key: (k) => `${k.merchant}|${k.vendor}|${k.roundId}`,
  });

  constructor(private readonly db: Kysely<Database>) {}

  async secret(merchant: string, vendor: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('vendor_secret')
      .select('secret')
      .where('merchant_code', '=', merchant)
      .where('vendor_code', '=', vendor)
      .executeTakeFirst();
    return row?.secret ?? null;
  }

  async setSecret(merchant: string, vendor: string, secret: string): Promise<void> {
    await this.db
      .insertInto('vendor_secret')
      .values({ merchant_code: merchant, vendor_code: vendor, secret })
      .onConflict((oc) =>
        oc.columns(['merchant_code', 'vendor_code']).doUpdateSet({ secret, created_at: new Date() }),
      )
      .execute();
  }

  /** Marks a round as rolled back (committed before the caller looks for its bet). */
  async markRolledBack(merchant: string, vendor: string, roundId: string): Promise<void> {
    await this.db
      .insertInto('vendor_rollback')
      .values({ merchant_code: merchant, vendor_code: vendor, round_id: roundId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Whether a round has a rollback marker (committed before this is asked). */
  isRolledBack(merchant: string, vendor: string, roundId: string): Promise<boolean> {
    return this.markers.submit({ merchant, vendor, roundId });
  }

  private async markedOf(keys: RoundKey[]): Promise<{ ok: true; value: boolean }[]> {
    const { rows } = await sql<{ ord: number }>`
      SELECT u.ord::int AS ord
        FROM unnest(${keys.map((k) => k.merchant)}::text[], ${keys.map((k) => k.vendor)}::text[],
                    ${keys.map((k) => k.roundId)}::text[]) WITH ORDINALITY AS u(m, v, r, ord)
       WHERE EXISTS (SELECT 1 FROM vendor_rollback x
                      WHERE x.merchant_code = u.m AND x.vendor_code = u.v AND x.round_id = u.r)`.execute(
      this.db,
    );
    const marked = new Set(rows.map((r) => r.ord));
    return keys.map((_, i) => ({ ok: true, value: marked.has(i + 1) }));
  }
}
