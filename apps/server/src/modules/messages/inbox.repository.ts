import { sql } from 'kysely';
import type { Db } from '../../db/repository';

/**
 * Whether the member (`member.id` of the outer query) is on a break now: a time-out not yet over
 * or a self-exclusion not yet returned from (player protection: no marketing reaches them; in
 * force as bet_place_batch() reads it).
 */
export const onBreakNow = sql<boolean>`EXISTS (SELECT 1 FROM protection_exclusion e
  WHERE e.member_id = member.id AND e.returned_at IS NULL
    AND CASE WHEN e.kind = 'TIMEOUT' THEN e.ends_at > now()
             ELSE e.return_from IS NULL OR e.return_from > now() END)`;

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
        .where('deleted_at', 'is', null)
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('member_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .where('deleted_at', 'is', null)
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
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks one message (or all when id is null) of this member read; another member's id matches nothing. */
  async markRead(memberId: string, id: string | null): Promise<number> {
    let q = this.db
      .updateTable('member_message')
      .set({ read_at: new Date() })
      .where('member_id', '=', memberId)
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null);
    if (id !== null) q = q.where('id', '=', id);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Deletes these messages of this member (hidden, kept); another member's ids match nothing. */
  async delete(memberId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.db
      .updateTable('member_message')
      .set({ deleted_at: new Date() })
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Deletes every message of this member that has been read. */
  async deleteRead(memberId: string): Promise<number> {
    const r = await this.db
      .updateTable('member_message')
      .set({ deleted_at: new Date() })
      .where('member_id', '=', memberId)
      .where('read_at', 'is not', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** The language the member chose (the language call), if any. */
  async memberLanguage(memberId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('member')
      .select('language')
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row?.language ?? null;
  }

  /** The ids of these usernames (lower case) among the brand's members, keyed by username. */
  async memberIds(merchant: string, usernames: string[]): Promise<Map<string, string>> {
    if (usernames.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('member')
      .select(['id', 'username'])
      .where('merchant_code', '=', merchant)
      .where('username', 'in', usernames)
      .execute();
    return new Map(rows.map((r) => [r.username, r.id]));
  }

  /**
   * One message to each of these members of a brand (others' ids are skipped); how many were sent.
   * Marketing skips members on a break they took (player protection: no marketing reaches them;
   * in force as bet_place_batch() reads it).
   */
  async insertMany(
    merchant: string,
    memberIds: string[] | 'ALL',
    kind: string,
    params: Record<string, string | number>,
    marketing = false,
  ): Promise<number> {
    let q = this.db
      .selectFrom('member')
      .select([
        'merchant_code',
        sql<string>`id`.as('member_id'),
        sql<string>`${kind}`.as('kind'),
        sql<string>`${JSON.stringify(params)}::jsonb`.as('params'),
      ])
      .where('merchant_code', '=', merchant)
      // Trial accounts are throw-away guests: no notices.
      .where('is_agent', '<>', 4);
    if (memberIds !== 'ALL') q = q.where('id', 'in', memberIds.length > 0 ? memberIds : ['0']);
    if (marketing) q = q.where(sql<boolean>`NOT ${onBreakNow}`);
    const r = await this.db
      .insertInto('member_message')
      .columns(['merchant_code', 'member_id', 'kind', 'params'])
      .expression(q)
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n);
  }
}
