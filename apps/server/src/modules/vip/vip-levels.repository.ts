import type { Db } from '../../db/repository';

/** A brand's VIP level definitions, lowest first (in `db`: a transaction may read them). */
export function levelDefinitions(db: Db, merchant: string) {
  return db
    .selectFrom('vip_level')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .orderBy('level')
    .execute();
}

/** Reads of members' stored VIP levels and the brands' level definitions. */
export class VipLevelRepository {
  constructor(readonly db: Db) {}

  /** The stored level (0 without a row). */
  async level(merchant: string, memberId: string): Promise<number> {
    const r = await this.db
      .selectFrom('member_vip')
      .select('level')
      .where('member_id', '=', memberId)
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
    return r?.level ?? 0;
  }

  /** The member's brand and stored level (member info only knows the member). */
  async levelOfMember(memberId: string): Promise<{ merchant: string; level: number } | undefined> {
    const r = await this.db
      .selectFrom('member as m')
      .leftJoin('member_vip as v', 'v.member_id', 'm.id')
      .select(['m.merchant_code', 'v.level'])
      .where('m.id', '=', memberId)
      .executeTakeFirst();
    return r ? { merchant: r.merchant_code, level: r.level ?? 0 } : undefined;
  }

  /**
   * Sets the member's stored level (an operator's change); the level before it. Locks the row so a
   * VIP pass evaluating the member meanwhile waits. The pass keeps raising it from there as the
   * member's figures grow; it pays no upgrade bonus for a level set here.
   */
  async setLevel(merchant: string, memberId: string, level: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('member_vip')
        .values({ member_id: memberId, merchant_code: merchant })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
      const before = await trx
        .selectFrom('member_vip')
        .select('level')
        .where('member_id', '=', memberId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('member_vip')
        .set({ level, reached_at: level > 0 ? new Date() : null, updated_at: new Date() })
        .where('member_id', '=', memberId)
        .execute();
      return before.level;
    });
  }
}
