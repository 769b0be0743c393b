import type { RedeemState } from '@app/contracts';
import { sql, type Insertable, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { PointConversionTable, PointRedemptionTable, PointRewardTable } from '../../db/schema';

export type RewardRow = Selectable<PointRewardTable>;
export type RedemptionRow = Selectable<PointRedemptionTable>;
export type AdminRedemptionRow = RedemptionRow & { username: string };
export type ConversionRow = Selectable<PointConversionTable>;

/** SQL of the mall's catalogue, redemptions and conversions, nothing else. */
export class PointsMallRepository extends Repository {
  // ---- catalogue ----------------------------------------------------------------------------------

  activeRewards(merchant: string) {
    return this.db
      .selectFrom('point_reward')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  reward(db: Db, merchant: string, id: string) {
    return db
      .selectFrom('point_reward')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Takes one of an active reward's stock in one statement (the row lock it takes orders racing
   * redemptions): false when the reward is inactive or none is left. Unlimited stock stays null.
   */
  async takeStock(trx: Db, merchant: string, id: string): Promise<boolean> {
    const row = await trx
      .updateTable('point_reward')
      .set({ stock: sql<number | null>`CASE WHEN stock IS NULL THEN NULL ELSE stock - 1 END` })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('active', '=', true)
      .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Puts one back (a rejected goods redemption); unlimited stock stays null. */
  async returnStock(trx: Db, id: string): Promise<void> {
    await trx
      .updateTable('point_reward')
      .set({ stock: sql<number>`stock + 1` })
      .where('id', '=', id)
      .where('stock', 'is not', null)
      .execute();
  }

  /** A reward by its (brand, code), unless it exists (the demo seed; operators' edits survive). */
  insertRewardIfMissing(db: Db, row: Insertable<PointRewardTable>) {
    return db
      .insertInto('point_reward')
      .values(row)
      .onConflict((oc) => oc.columns(['merchant_code', 'code']).doNothing())
      .execute();
  }

  // ---- redemptions --------------------------------------------------------------------------------

  byRequest(db: Db, memberId: string, requestId: string) {
    return db
      .selectFrom('point_redemption')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  async insertRedemption(trx: Db, row: Insertable<PointRedemptionTable>): Promise<string> {
    const r = await trx.insertInto('point_redemption').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  redemption(db: Db, merchant: string, id: string) {
    return db
      .selectFrom('point_redemption')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The redemption, locked for the rest of the transaction (an operator's answer). */
  lockRedemption(trx: Db, merchant: string, id: string) {
    return trx
      .selectFrom('point_redemption')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async answer(
    trx: Db,
    id: string,
    a: {
      status: 'APPROVED' | 'REJECTED';
      reviewedBy: string;
      reason: string | null;
      refundEntryId: string | null;
    },
  ): Promise<void> {
    await trx
      .updateTable('point_redemption')
      .set({
        status: a.status,
        reviewed_by: a.reviewedBy,
        reason: a.reason,
        refund_entry_id: a.refundEntryId,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  async memberPage(memberId: string, state: RedeemState | undefined, offset: number, limit: number) {
    let base = this.db.selectFrom('point_redemption').where('member_id', '=', memberId);
    if (state) base = base.where('status', '=', state);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async brandPage(merchant: string, state: RedeemState | undefined, offset: number, limit: number) {
    let base = this.db
      .selectFrom('point_redemption as r')
      .innerJoin('member as m', 'm.id', 'r.member_id')
      .where('r.merchant_code', '=', merchant);
    if (state) base = base.where('r.status', '=', state);
    const [rows, count] = await Promise.all([
      base.selectAll('r').select('m.username').orderBy('r.id').offset(offset).limit(limit).execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as AdminRedemptionRow[], total: Number(count.n) };
  }

  async inProcessCount(memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom('point_redemption')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'IN_PROCESS')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async usernameOf(memberId: string): Promise<string> {
    const row = await this.db
      .selectFrom('member')
      .select('username')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return row.username;
  }

  // ---- conversions --------------------------------------------------------------------------------

  conversionByRequest(db: Db, memberId: string, requestId: string) {
    return db
      .selectFrom('point_conversion')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  async insertConversion(trx: Db, row: Insertable<PointConversionTable>): Promise<string> {
    const r = await trx.insertInto('point_conversion').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  /** The balance right after a points entry (a conversion's answer on a retry). */
  async balanceAfter(db: Db, entryId: string): Promise<bigint> {
    const row = await db
      .selectFrom('point_entry')
      .select('balance_after')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    return BigInt(row.balance_after);
  }
}
