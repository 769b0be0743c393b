import type { Db } from '../../db/repository';

export class ImageRepository {
  constructor(private readonly db: Db) {}

  insert(row: {
    id: string;
    merchant: string;
    memberId: string;
    contentType: 'image/png' | 'image/jpeg';
    bytes: Buffer;
  }) {
    return this.db
      .insertInto('cashier_image')
      .values({
        id: row.id,
        merchant_code: row.merchant,
        member_id: row.memberId,
        content_type: row.contentType,
        bytes: row.bytes,
        size: row.bytes.length,
      })
      .execute();
  }

  /** The ids among `ids` that this member uploaded. */
  async ownedBy(db: Db, memberId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('cashier_image')
      .select('id')
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  get(merchant: string, id: string) {
    return this.db
      .selectFrom('cashier_image')
      .select(['id', 'member_id', 'content_type', 'bytes'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
