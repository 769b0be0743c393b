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
}
