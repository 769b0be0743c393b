import { sql, type Insertable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { PointRewardTable } from '../../db/schema';

/** SQL of the back office's points setup: earning rules, the mall's catalogue and its images. */
export class PointsAdminRepository extends Repository {
  config(merchant: string, db: Db = this.db) {
    return db.selectFrom('point_config').selectAll().where('merchant_code', '=', merchant).executeTakeFirst();
  }

  earnRates(merchant: string, db: Db = this.db) {
    return db
      .selectFrom('point_earn_rate')
      .select(['game_type', 'points'])
      .where('merchant_code', '=', merchant)
      .orderBy('game_type')
      .execute();
  }

  /** The catalogue, inactive items too, with each item's goods redemptions waiting for an operator. */
  items(merchant: string, db: Db = this.db) {
    return db
      .selectFrom('point_reward as r')
      .selectAll('r')
      .select(
        sql<number>`(SELECT count(*)::int FROM point_redemption p
                      WHERE p.reward_id = r.id AND p.status = 'IN_PROCESS')`.as('in_process'),
      )
      .where('r.merchant_code', '=', merchant)
      .orderBy('r.sort')
      .orderBy('r.id')
      .execute();
  }

  async item(merchant: string, id: string, db: Db = this.db) {
    return (await this.items(merchant, db)).find((i) => i.id === id);
  }

  async codeTaken(merchant: string, code: string, exceptId: string | null): Promise<boolean> {
    let q = this.db
      .selectFrom('point_reward')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insertItem(row: Insertable<PointRewardTable>): Promise<string> {
    return (await this.db.insertInto('point_reward').values(row).returning('id').executeTakeFirstOrThrow())
      .id;
  }

  async updateItem(
    merchant: string,
    id: string,
    set: Partial<Omit<Insertable<PointRewardTable>, 'id' | 'merchant_code' | 'stock'>>,
  ): Promise<void> {
    await this.db
      .updateTable('point_reward')
      .set(set)
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Adds to or takes from a limited stock in one statement, against the stock as it is when the
   * row is locked (a redemption taking one at the same moment is counted, never overwritten):
   * the new stock, or null when it is unlimited or would go below zero (nothing changed).
   */
  async changeStock(merchant: string, id: string, change: number): Promise<number | null> {
    const r = await this.db
      .updateTable('point_reward')
      .set({ stock: sql<number>`stock + ${change}` })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('stock', 'is not', null)
      .where(sql<boolean>`stock + ${change} >= 0`)
      .returning('stock')
      .executeTakeFirst();
    return r?.stock ?? null;
  }

  async setStock(merchant: string, id: string, stock: number | null): Promise<void> {
    await this.db
      .updateTable('point_reward')
      .set({ stock })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .execute();
  }

  async insertImage(row: {
    id: string;
    merchant: string;
    contentType: 'image/png' | 'image/jpeg';
    bytes: Buffer;
    by: string;
  }): Promise<void> {
    await this.db
      .insertInto('reward_image')
      .values({
        id: row.id,
        merchant_code: row.merchant,
        content_type: row.contentType,
        bytes: row.bytes,
        size: row.bytes.length,
        uploaded_by: row.by,
      })
      .execute();
  }

  image(id: string) {
    return this.db
      .selectFrom('reward_image')
      .select(['content_type', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
