import { TRIAL_IS_AGENT } from '@app/contracts';
import { sql } from 'kysely';
import { Repository, type Db } from '../../db/repository';

export interface RebateRuleRow {
  minPayout: bigint;
  dailyCap: bigint | null;
  turnoverMultiple: number;
}

interface RebateDayRow {
  id: string;
  turnover: string;
  rebate: string;
  claimed: string;
  paid: string;
  status: 'OPEN' | 'SETTLED';
}

/** SQL of rebate rules, the (member, day) rows every payout locks, payouts and finished days. */
export class RebateRepository extends Repository {
  /**
   * The terms a day keeps when the operator changed them after it began: the version saved with
   * the smallest until_day on or after the day (see migration 0053), or none (today's terms).
   */
  private termsOf(merchant: string, day: string) {
    return this.db
      .selectFrom('rebate_terms_version')
      .select(['rule', 'rates'])
      .where('merchant_code', '=', merchant)
      .where('until_day', '>=', day)
      .orderBy('until_day')
      .limit(1)
      .executeTakeFirst();
  }

  /** The brand's rebate rule when it pays rebates: the one `day` was earned under when a day is given. */
  async rule(merchant: string, day?: string): Promise<RebateRuleRow | null> {
    const kept = day === undefined ? undefined : await this.termsOf(merchant, day);
    if (kept) {
      const r = kept.rule;
      return r
        ? {
            minPayout: BigInt(r.minPayout),
            dailyCap: r.dailyCap === null ? null : BigInt(r.dailyCap),
            turnoverMultiple: r.turnoverMultiple,
          }
        : null;
    }
    const r = await this.db
      .selectFrom('rebate_rule')
      .select(['min_payout', 'daily_cap', 'turnover_multiple'])
      .where('merchant_code', '=', merchant)
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!r) return null;
    return {
      minPayout: BigInt(r.min_payout),
      dailyCap: r.daily_cap === null ? null : BigInt(r.daily_cap),
      turnoverMultiple: r.turnover_multiple,
    };
  }

  /** Brands that pay rebates. */
  async brandsWithRule(): Promise<{ code: string; timezone: string }[]> {
    const { rows } = await sql<{ code: string; timezone: string }>`
      SELECT m.code, m.timezone FROM merchant m JOIN rebate_rule r ON r.merchant_code = m.code
       WHERE r.enabled ORDER BY m.code`.execute(this.db);
    return rows;
  }

  /** The rates of one level, per game type (basis points): the ones `day` was earned at when given. */
  async ratesAt(merchant: string, level: number, day?: string): Promise<Map<string, number>> {
    const kept = day === undefined ? undefined : await this.termsOf(merchant, day);
    if (kept) return new Map(Object.entries(kept.rates[String(level)] ?? {}));
    const rows = await this.db
      .selectFrom('vip_rebate_rate')
      .select(['game_type', 'rate_bp'])
      .where('merchant_code', '=', merchant)
      .where('level', '=', level)
      .execute();
    return new Map(rows.map((r) => [r.game_type, r.rate_bp]));
  }

  /**
   * The stored VIP level of each of these members who may get rebates (members of the brand that
   * are not trial accounts); the others are left out.
   */
  async eligibleLevels(merchant: string, memberIds: readonly string[]): Promise<Map<string, number>> {
    if (memberIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('member as m')
      .leftJoin('member_vip as v', 'v.member_id', 'm.id')
      .select(['m.id', 'v.level'])
      .where('m.merchant_code', '=', merchant)
      .where('m.is_agent', '<>', TRIAL_IS_AGENT)
      // One array parameter: a day's bettors can pass the protocol's 65,535 parameters (an IN list
      // of 83,335 members failed the daily rebate at a million members).
      .where(sql<boolean>`m.id = ANY(${[...memberIds]}::bigint[])`)
      .execute();
    return new Map(rows.map((r) => [r.id, r.level ?? 0]));
  }

  /** The (member, day) row, created if missing, locked for the rest of the transaction. */
  async lockDay(trx: Db, merchant: string, memberId: string, day: string): Promise<RebateDayRow> {
    await trx
      .insertInto('rebate_day')
      .values({ merchant_code: merchant, member_id: memberId, day })
      .onConflict((oc) => oc.columns(['member_id', 'day']).doNothing())
      .execute();
    return trx
      .selectFrom('rebate_day')
      .select(['id', 'turnover', 'rebate', 'claimed', 'paid', 'status'])
      .where('member_id', '=', memberId)
      .where('day', '=', day)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  /** The (member, day) row as it stands, if any (no lock: for display). */
  day(merchant: string, memberId: string, day: string) {
    return this.db
      .selectFrom('rebate_day')
      .select(['claimed', 'paid', 'status'])
      .where('member_id', '=', memberId)
      .where('merchant_code', '=', merchant)
      .where('day', '=', day)
      .executeTakeFirst();
  }

  async updateClaimed(trx: Db, id: string, set: { turnover: bigint; rebate: bigint; claimed: bigint }) {
    await trx
      .updateTable('rebate_day')
      .set({ turnover: set.turnover, rebate: set.rebate, claimed: set.claimed })
      .where('id', '=', id)
      .execute();
  }

  async settleDay(trx: Db, id: string, set: { turnover: bigint; rebate: bigint; paid: bigint }) {
    await trx
      .updateTable('rebate_day')
      .set({
        turnover: set.turnover,
        rebate: set.rebate,
        paid: set.paid,
        status: 'SETTLED',
        settled_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  async insertPayout(
    trx: Db,
    row: {
      merchant: string;
      memberId: string;
      day: string;
      kind: 'MANUAL' | 'DAILY';
      turnover: bigint;
      amount: bigint;
      reference: string;
      entryId: string;
    },
  ): Promise<void> {
    await trx
      .insertInto('rebate_payout')
      .values({
        merchant_code: row.merchant,
        member_id: row.memberId,
        day: row.day,
        kind: row.kind,
        turnover: row.turnover,
        amount: row.amount,
        reference: row.reference,
        entry_id: row.entryId,
      })
      .execute();
  }

  /** The member's payouts of days from `fromDay` on (yyyy-mm-dd compares as text), newest first. */
  history(merchant: string, memberId: string, fromDay: string) {
    return this.db
      .selectFrom('rebate_payout')
      .select(['day', 'kind', 'turnover', 'amount', 'created_at'])
      .where('member_id', '=', memberId)
      .where('merchant_code', '=', merchant)
      .where('day', '>=', fromDay)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
  }

  async runDone(merchant: string, day: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('rebate_run')
      .select('day')
      .where('merchant_code', '=', merchant)
      .where('day', '=', day)
      .executeTakeFirst();
    return r !== undefined;
  }

  async insertRun(merchant: string, day: string, members: number, paid: bigint): Promise<void> {
    await this.db
      .insertInto('rebate_run')
      .values({ merchant_code: merchant, day, members, paid })
      .onConflict((oc) => oc.columns(['merchant_code', 'day']).doNothing())
      .execute();
  }
}
