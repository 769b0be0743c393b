import { sql, type Insertable, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { MissionTable } from '../../db/schema';

export type AdminMissionRow = Selectable<MissionTable> & { claims: number };

/**
 * SQL of the back office's rewards setup: missions, the VIP ladder, rebate rules and rates (and
 * the versions ended days keep), and the referral rule. Members' reads stay in each reward's own
 * repository.
 */
export class RewardsAdminRepository extends Repository {
  // ---- missions ------------------------------------------------------------------------------------

  missions(merchant: string, db: Db = this.db): Promise<AdminMissionRow[]> {
    return db
      .selectFrom('mission as m')
      .selectAll('m')
      .select(sql<number>`(SELECT count(*)::int FROM mission_claim c WHERE c.mission_id = m.id)`.as('claims'))
      .where('m.merchant_code', '=', merchant)
      .orderBy('m.period')
      .orderBy('m.sort')
      .orderBy('m.id')
      .execute();
  }

  async mission(merchant: string, id: string, db: Db = this.db): Promise<AdminMissionRow | undefined> {
    return (await this.missions(merchant, db)).find((m) => m.id === id);
  }

  async missionCodeTaken(merchant: string, code: string, exceptId: string | null): Promise<boolean> {
    let q = this.db
      .selectFrom('mission')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insertMission(row: Insertable<MissionTable>): Promise<string> {
    const r = await this.db.insertInto('mission').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  async updateMission(
    merchant: string,
    id: string,
    set: Partial<Omit<Insertable<MissionTable>, 'id' | 'merchant_code'>>,
  ): Promise<void> {
    await this.db
      .updateTable('mission')
      .set(set)
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .execute();
  }

  // ---- VIP -----------------------------------------------------------------------------------------

  levels(merchant: string, db: Db = this.db) {
    return db
      .selectFrom('vip_level as l')
      .selectAll('l')
      .select(
        sql<number>`(SELECT count(*)::int FROM member_vip v
                      WHERE v.merchant_code = l.merchant_code AND v.level = l.level)`.as('members'),
      )
      .where('l.merchant_code', '=', merchant)
      .orderBy('l.level')
      .execute();
  }

  /** Members of the brand stored at each level from `from` up. */
  async membersAbove(trx: Db, merchant: string, from: number): Promise<{ level: number; members: number }[]> {
    const { rows } = await sql<{ level: number; members: number }>`
      SELECT level, count(*)::int AS members FROM member_vip
       WHERE merchant_code = ${merchant} AND level >= ${from}
       GROUP BY level ORDER BY level`.execute(trx);
    return rows;
  }

  // ---- rebates -------------------------------------------------------------------------------------

  rebateRule(merchant: string, db: Db = this.db) {
    return db.selectFrom('rebate_rule').selectAll().where('merchant_code', '=', merchant).executeTakeFirst();
  }

  async rebateRates(merchant: string, db: Db = this.db): Promise<Map<number, Map<string, number>>> {
    const rows = await db
      .selectFrom('vip_rebate_rate')
      .select(['level', 'game_type', 'rate_bp'])
      .where('merchant_code', '=', merchant)
      .execute();
    const out = new Map<number, Map<string, number>>();
    for (const r of rows) {
      const level = out.get(r.level) ?? new Map<string, number>();
      level.set(r.game_type, r.rate_bp);
      out.set(r.level, level);
    }
    return out;
  }

  /** Keeps the terms in force for days up to `untilDay`; a version saved earlier that day is kept. */
  async keepTerms(
    trx: Db,
    merchant: string,
    untilDay: string,
    rule: { minPayout: string; dailyCap: string | null; turnoverMultiple: number } | null,
    rates: Record<string, Record<string, number>>,
  ): Promise<void> {
    await trx
      .insertInto('rebate_terms_version')
      .values({
        merchant_code: merchant,
        until_day: untilDay,
        rule: JSON.stringify(rule),
        rates: JSON.stringify(rates),
      })
      .onConflict((oc) => oc.columns(['merchant_code', 'until_day']).doNothing())
      .execute();
  }

  /** Member-days of the brand's valid turnover per game type: brand-zone days in [fromDay, toDay]. */
  async memberLevels(merchant: string, memberIds: readonly string[]): Promise<Map<string, number>> {
    if (memberIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('member as m')
      .leftJoin('member_vip as v', 'v.member_id', 'm.id')
      .select(['m.id', 'v.level'])
      .where('m.merchant_code', '=', merchant)
      // One array parameter: a day's members as an IN list can pass the protocol's 65,535.
      .where(sql<boolean>`m.id = ANY(${[...memberIds]}::bigint[])`)
      .execute();
    return new Map(rows.map((r) => [r.id, r.level ?? 0]));
  }

  // ---- referral ------------------------------------------------------------------------------------

  referralRule(merchant: string, db: Db = this.db) {
    return db
      .selectFrom('referral_rule')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
  }

  async heldReferralRewards(merchant: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM referral_reward WHERE merchant_code = ${merchant} AND status = 'HELD'`.execute(
      this.db,
    );
    return rows[0]?.n ?? 0;
  }
}
