import type { Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { FeedbackTable } from '../../db/schema';

export type FeedbackRow = Selectable<FeedbackTable>;

/** SQL of members' feedback. */
export class FeedbackRepository extends Repository {
  /** Inserts unless the member already sent this request id; answers the stored row either way. */
  async insertOnce(
    db: Db,
    f: Pick<FeedbackRow, 'merchant_code' | 'member_id' | 'request_id' | 'category' | 'content' | 'image_ids'>,
  ): Promise<{ row: FeedbackRow; created: boolean }> {
    const inserted = await db
      .insertInto('feedback')
      .values(f)
      .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    const row = await db
      .selectFrom('feedback')
      .selectAll()
      .where('member_id', '=', f.member_id)
      .where('request_id', '=', f.request_id)
      .executeTakeFirstOrThrow();
    return { row, created: false };
  }

  async page(memberId: string, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('feedback')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** A brand's feedback not answered yet, oldest first (the operator's queue). */
  open(merchant: string, limit: number) {
    return this.db
      .selectFrom('feedback as f')
      .innerJoin('member as m', 'm.id', 'f.member_id')
      .selectAll('f')
      .select('m.username')
      .where('f.merchant_code', '=', merchant)
      .where('f.replied_at', 'is', null)
      .orderBy('f.id')
      .limit(limit)
      .execute();
  }

  /** Sets the answer of an unanswered feedback of the brand; null if there is none (or it was answered). */
  reply(db: Db, merchant: string, id: string, reply: string, operator: string) {
    return db
      .updateTable('feedback')
      .set({ reply, replied_by: operator, replied_at: new Date() })
      .where('id', '=', id)
      .where('merchant_code', '=', merchant)
      .where('replied_at', 'is', null)
      .returning(['id', 'member_id'])
      .executeTakeFirst();
  }
}
