import type { Db } from '../../db/repository';
import type { VerificationCodeTable } from '../../db/schema';

type Purpose = VerificationCodeTable['purpose'];
type Channel = VerificationCodeTable['channel'];

export class VerificationRepository {
  constructor(private readonly db: Db) {}

  insertCode(row: {
    merchant_code: string;
    purpose: Purpose;
    channel: Channel;
    target: string;
    code_hash: string;
    expires_at: Date;
    ip: string;
  }) {
    return this.db.insertInto('verification_code').values(row).execute();
  }

  /** The newest code not yet used for this purpose and target. */
  newestUnused(merchant: string, channel: Channel, purpose: Purpose, target: string) {
    return this.db
      .selectFrom('verification_code')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('channel', '=', channel)
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Marks a code used; false when another request used it first (single use under races). */
  async markUsed(id: string): Promise<boolean> {
    const res = await this.db
      .updateTable('verification_code')
      .set({ used_at: new Date() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async addTry(id: string): Promise<number> {
    const row = await this.db
      .updateTable('verification_code')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', id)
      .returning('tries')
      .executeTakeFirstOrThrow();
    return row.tries;
  }

  writeOutbox(row: { merchant_code: string; channel: string; target: string; body: string }) {
    return this.db.insertInto('dev_outbox').values(row).execute();
  }

  readOutbox(merchant: string, target: string | undefined, limit: number) {
    let q = this.db
      .selectFrom('dev_outbox')
      .select(['channel', 'target', 'body', 'created_at'])
      .where('merchant_code', '=', merchant);
    if (target) q = q.where('target', '=', target);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }
}
