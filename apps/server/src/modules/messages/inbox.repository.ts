import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export class InboxRepository {
  constructor(private readonly db: Db) {}

  insert(
    db: Db,
    m: { merchant: string; memberId: string; kind: string; params: Record<string, string | number> },
  ) {
    return db
      .insertInto('member_message')
      .values({
        merchant_code: m.merchant,
        member_id: m.memberId,
        kind: m.kind,
        params: JSON.stringify(m.params),
      })
      .execute();
  }

  async page(memberId: string, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('member_message')
        .select(['id', 'kind', 'params', 'read_at', 'created_at'])
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('member_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async unread(memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom('member_message')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks one message (or all when id is null) of this member read; another member's id matches nothing. */
  async markRead(memberId: string, id: string | null): Promise<number> {
    let q = this.db
      .updateTable('member_message')
      .set({ read_at: new Date() })
      .where('member_id', '=', memberId)
      .where('read_at', 'is', null);
    if (id !== null) q = q.where('id', '=', id);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
