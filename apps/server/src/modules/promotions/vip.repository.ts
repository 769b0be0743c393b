import { TRIAL_IS_AGENT } from '@app/contracts';
import { sql } from 'kysely';
import { Repository, type Db } from '../../db/repository';

/**
 * WARNING: the VIP pass counts bets settled (and deposits credited) up to this long ago, not up
 * to now. A row becomes visible when its transaction commits, which is a little after its
 * settled_at / updated_at; a window closed too early would miss such a row for good.
 */
const VIP_PASS_LAG_SECONDS = 30;

interface MemberVipRow {
  member_id: string;
  merchant_code: string;
  level: number;
  reached_at: Date | null;
  turnover: string;
  deposits: string;
  dirty: boolean;
}

/** SQL of VIP levels, members' levels and lifetime figures, and the VIP pass. */
export class VipRepository extends Repository {
  rates(db: Db, merchant: string) {
    return db
      .selectFrom('vip_rebate_rate')
      .select(['level', 'game_type', 'rate_bp'])
      .where('merchant_code', '=', merchant)
      .orderBy('level')
      .orderBy('game_type')
      .execute();
  }

  /** Brands with VIP levels (the pass runs for them). */
  async brandsWithLevels(): Promise<string[]> {
    const { rows } = await sql<{ code: string }>`
      SELECT m.code FROM merchant m
       WHERE EXISTS (SELECT 1 FROM vip_level l WHERE l.merchant_code = m.code AND l.level > 0)
       ORDER BY m.code`.execute(this.db);
    return rows.map((r) => r.code);
  }

  /** The member's stored row (levels and figures as last counted), if it has one. */
  memberVip(db: Db, merchant: string, memberId: string): Promise<MemberVipRow | undefined> {
    return db
      .selectFrom('member_vip')
      .select(['member_id', 'merchant_code', 'level', 'reached_at', 'turnover', 'deposits', 'dirty'])
      .where('member_id', '=', memberId)
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
  }

  /** The member of the brand and its account type, if it is one. */
  member(db: Db, merchant: string, memberId: string) {
    return db
      .selectFrom('member')
      .select(['id', 'is_agent'])
      .where('id', '=', memberId)
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
  }

  /** The member's row, created at level 0 if missing, locked for the rest of the transaction. */
  async lockMemberVip(trx: Db, merchant: string, memberId: string): Promise<MemberVipRow> {
    await trx
      .insertInto('member_vip')
      .values({ member_id: memberId, merchant_code: merchant })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
    return trx
      .selectFrom('member_vip')
      .select(['member_id', 'merchant_code', 'level', 'reached_at', 'turnover', 'deposits', 'dirty'])
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  /**
   * The member's lifetime valid turnover and approved deposits as of now: the turnover counted into
   * its row plus its bets settled since the brand's cursor, and every credited deposit.
   * WARNING: the stored turnover and the cursor must come from one snapshot (one statement): read
   * apart, a pass committing between the two reads would count its window twice or not at all.
   * Call it with the member's row locked, so no pass changes the row meanwhile.
   */
  async lifetime(
    db: Db,
    merchant: string,
    memberId: string,
  ): Promise<{ turnover: bigint; deposits: bigint }> {
    const { rows } = await sql<{ turnover: string; deposits: string }>`
      WITH counted AS (
        SELECT coalesce((SELECT turnover FROM member_vip WHERE member_id = ${memberId}), 0) AS turnover,
               coalesce((SELECT settled_to FROM vip_cursor WHERE merchant_code = ${merchant}),
                        'epoch'::timestamptz) AS settled_to
      )
      SELECT (c.turnover + coalesce((
                SELECT sum(b.valid_bet) FROM bet_record b
                 WHERE b.merchant_code = ${merchant} AND b.status = 'SETTLED' AND b.member_id = ${memberId}
                   AND b.settled_at >= c.settled_to AND b.settled_at < now()), 0))::text AS turnover,
             coalesce((SELECT sum(d.amount) FROM deposit d
                        WHERE d.member_id = ${memberId} AND d.status IN ('APPROVED', 'ARRIVED')), 0)::text AS deposits
        FROM counted c`.execute(db);
    const r = rows[0]!;
    return { turnover: BigInt(r.turnover), deposits: BigInt(r.deposits) };
  }

  async setEvaluated(
    trx: Db,
    memberId: string,
    set: { level: number; reachedAt: Date | null; deposits: bigint },
  ): Promise<void> {
    await trx
      .updateTable('member_vip')
      .set({
        level: set.level,
        reached_at: set.reachedAt,
        deposits: set.deposits.toString(),
        dirty: false,
        updated_at: sql<Date>`now()`,
      })
      .where('member_id', '=', memberId)
      .execute();
  }

  /** Records an upgrade; false when the level was already recorded for the member. */
  async insertUpgrade(
    trx: Db,
    row: { merchant: string; memberId: string; level: number; bonus: bigint; entryId: string | null },
  ): Promise<boolean> {
    const r = await trx
      .insertInto('vip_upgrade')
      .values({
        merchant_code: row.merchant,
        member_id: row.memberId,
        level: row.level,
        bonus: row.bonus.toString(),
        entry_id: row.entryId,
      })
      .onConflict((oc) => oc.columns(['member_id', 'level']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  }

  // ---- the VIP pass ------------------------------------------------------------------------------

  /**
   * Counts a brand's bets settled and deposits credited since its cursor into member_vip, marks
   * the members whose figures changed dirty, and moves the cursor; one transaction. Returns null
   * when another instance is counting the brand (its cursor row is locked), else the members touched.
   * Trial accounts are never counted (they never get a level).
   */
  async countWindow(merchant: string): Promise<number | null> {
    return this.transaction(async (trx) => {
      await trx
        .insertInto('vip_cursor')
        .values({ merchant_code: merchant, settled_to: new Date(0), deposits_to: new Date(0) })
        .onConflict((oc) => oc.column('merchant_code').doNothing())
        .execute();
      const { rows } = await sql<{ settled_to: Date; deposits_to: Date; up_to: Date }>`
        SELECT settled_to, deposits_to, now() - make_interval(secs => ${VIP_PASS_LAG_SECONDS}) AS up_to
          FROM vip_cursor WHERE merchant_code = ${merchant} FOR UPDATE SKIP LOCKED`.execute(trx);
      const cur = rows[0];
      if (!cur) return null;
      const upTo = new Date(cur.up_to);
      if (upTo <= new Date(cur.settled_to)) return 0;
      // Each bet of the window is added once: the window [settled_to, upTo) moves on in this
      // same transaction, under the cursor's lock.
      const bets = await sql`
        INSERT INTO member_vip (member_id, merchant_code, turnover, dirty)
        SELECT b.member_id, ${merchant}, sum(b.valid_bet), true
          FROM bet_record b JOIN member m ON m.id = b.member_id AND m.is_agent <> ${TRIAL_IS_AGENT}
         WHERE b.merchant_code = ${merchant} AND b.status = 'SETTLED'
           AND b.settled_at >= ${cur.settled_to} AND b.settled_at < ${upTo}
         GROUP BY b.member_id
         ORDER BY b.member_id
        ON CONFLICT (member_id) DO UPDATE
          SET turnover = member_vip.turnover + excluded.turnover, dirty = true, updated_at = now()`.execute(
        trx,
      );
      // Deposits are few: a member with a newly credited one (APPROVED by an operator or ARRIVED
      // from a gateway) gets its lifetime sum again: absolute, so a deposit is never counted twice.
      const deposits = await sql`
        INSERT INTO member_vip (member_id, merchant_code, deposits, dirty)
        SELECT n.member_id, ${merchant},
               (SELECT coalesce(sum(x.amount), 0) FROM deposit x
                 WHERE x.member_id = n.member_id AND x.status IN ('APPROVED', 'ARRIVED')),
               true
          FROM (SELECT DISTINCT d.member_id FROM deposit d
                 WHERE d.merchant_code = ${merchant} AND d.status IN ('APPROVED', 'ARRIVED')
                   AND d.updated_at >= ${cur.deposits_to} AND d.updated_at < ${upTo}) n
          JOIN member m ON m.id = n.member_id AND m.is_agent <> ${TRIAL_IS_AGENT}
         ORDER BY n.member_id
        ON CONFLICT (member_id) DO UPDATE
          SET deposits = excluded.deposits, dirty = true, updated_at = now()`.execute(trx);
      await trx
        .updateTable('vip_cursor')
        .set({ settled_to: upTo, deposits_to: upTo })
        .where('merchant_code', '=', merchant)
        .execute();
      return Number(bets.numAffectedRows ?? 0n) + Number(deposits.numAffectedRows ?? 0n);
    });
  }

  /** Members of the brand whose figures changed since their level was evaluated. */
  async dirtyMembers(merchant: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('member_vip')
      .select('member_id')
      .where('merchant_code', '=', merchant)
      .where('dirty', '=', true)
      .orderBy('member_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.member_id);
  }
}
