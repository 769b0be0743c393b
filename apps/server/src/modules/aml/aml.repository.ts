import type { AmlCaseRule, AmlCaseState, AmlListKind, AmlRuleKind } from '@app/contracts';
import { sql } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { ListEntryInput } from './aml-rules';

/** A money movement as the rules read it. */
export interface Movement {
  kind: 'DEPOSIT' | 'WITHDRAWAL';
  id: string;
  merchant: string;
  memberId: string;
  orderNo: string;
  amount: bigint;
  at: Date;
}

/** A hit to record: the case it opens, or adds its movements to when one is open. */
export interface CaseHit {
  merchant: string;
  memberId: string;
  rule: AmlCaseRule;
  subject: string;
  detail: Record<string, unknown>;
  transactions: { kind: 'DEPOSIT' | 'WITHDRAWAL'; orderNo: string; amount: string; at: string }[];
  blocked?: boolean;
}

/** Credited deposits (APPROVED by staff, ARRIVED from a gateway): the ones money moved for. */
const CREDITED = ['APPROVED', 'ARRIVED'] as const;

/** How far back the sweep looks for movements nobody evaluated (older ones pre-date monitoring). */
export const SWEEP_LOOKBACK_DAYS = 7;

export class AmlRepository extends Repository {
  constructor(db: Db) {
    super(db);
  }

  // ---- rules -----------------------------------------------------------------------------------

  rules(merchant: string) {
    return this.db.selectFrom('aml_rule').selectAll().where('merchant_code', '=', merchant).execute();
  }

  async upsertRule(
    merchant: string,
    kind: AmlRuleKind,
    v: {
      enabled: boolean;
      amount: bigint | null;
      windowHours: number | null;
      percent: number | null;
      count: number | null;
    },
    by: string,
  ) {
    const values = {
      enabled: v.enabled,
      amount: v.amount,
      window_hours: v.windowHours,
      percent: v.percent,
      count: v.count,
      updated_by: by,
    };
    await this.db
      .insertInto('aml_rule')
      .values({ merchant_code: merchant, kind, ...values })
      .onConflict((oc) =>
        oc.columns(['merchant_code', 'kind']).doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
  }

  // ---- movements -------------------------------------------------------------------------------

  async creditedDeposit(id: string): Promise<Movement | undefined> {
    const r = await this.db
      .selectFrom('deposit')
      .select(['id', 'merchant_code', 'member_id', 'order_no', 'amount', 'updated_at'])
      .where('id', '=', id)
      .where('status', 'in', CREDITED)
      .executeTakeFirst();
    return (
      r && {
        kind: 'DEPOSIT',
        id: String(r.id),
        merchant: r.merchant_code,
        memberId: String(r.member_id),
        orderNo: r.order_no,
        amount: BigInt(r.amount),
        at: r.updated_at,
      }
    );
  }

  async depositByOrder(orderNo: string) {
    return this.db.selectFrom('deposit').select('id').where('order_no', '=', orderNo).executeTakeFirst();
  }

  async withdrawal(id: string): Promise<(Movement & { accountNo: string }) | undefined> {
    const r = await this.db
      .selectFrom('withdrawal as w')
      .innerJoin('payout_account as p', 'p.id', 'w.payout_account_id')
      .select([
        'w.id',
        'w.merchant_code',
        'w.member_id',
        'w.order_no',
        'w.amount',
        'w.created_at',
        'p.account_no',
      ])
      .where('w.id', '=', id)
      .executeTakeFirst();
    return (
      r && {
        kind: 'WITHDRAWAL',
        id: String(r.id),
        merchant: r.merchant_code,
        memberId: String(r.member_id),
        orderNo: r.order_no,
        amount: BigInt(r.amount),
        at: r.created_at,
        accountNo: r.account_no,
      }
    );
  }

  /** The member's credited deposits in (from, to]. */
  async depositsBetween(memberId: string, from: Date, to: Date): Promise<Movement[]> {
    const rows = await this.db
      .selectFrom('deposit')
      .select(['id', 'merchant_code', 'member_id', 'order_no', 'amount', 'updated_at'])
      .where('member_id', '=', memberId)
      .where('status', 'in', CREDITED)
      .where('updated_at', '>', from)
      .where('updated_at', '<=', to)
      .orderBy('updated_at')
      .execute();
    return rows.map((r) => ({
      kind: 'DEPOSIT' as const,
      id: String(r.id),
      merchant: r.merchant_code,
      memberId: String(r.member_id),
      orderNo: r.order_no,
      amount: BigInt(r.amount),
      at: r.updated_at,
    }));
  }

  /** The member's stakes placed in [from, to] (voided bets staked nothing). */
  async stakesBetween(memberId: string, from: Date, to: Date): Promise<bigint> {
    const r = await this.db
      .selectFrom('bet_record')
      .select(sql<string>`coalesce(sum(stake), 0)::text`.as('total'))
      .where('member_id', '=', memberId)
      .where('status', '<>', 'VOID')
      .where('placed_at', '>=', from)
      .where('placed_at', '<=', to)
      .executeTakeFirstOrThrow();
    return BigInt(r.total);
  }

  /** Members of the brand with a payout account of this number. */
  async membersOnPayoutAccount(merchant: string, accountNo: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('payout_account')
      .select('member_id')
      .distinct()
      .where('merchant_code', '=', merchant)
      .where('account_no', '=', accountNo)
      .execute();
    return rows.map((r) => String(r.member_id));
  }

  /**
   * The device id a member registered with (the client's own random id). WARNING: login history's
   * `device` is the client type (WEB, H5...), shared by everyone, so it is never compared here.
   */
  async devicesOf(memberId: string): Promise<string[]> {
    const r = await this.db
      .selectFrom('member')
      .select('register_device')
      .where('id', '=', memberId)
      .where('register_device', 'is not', null)
      .executeTakeFirst();
    return r?.register_device ? [r.register_device] : [];
  }

  /** Members of the brand that registered with this device id. */
  async membersOnDevice(merchant: string, device: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('register_device', '=', device)
      .execute();
    return rows.map((r) => String(r.id));
  }

  // ---- evaluations and cases -------------------------------------------------------------------

  /** Claims an evaluation; false when it was already done (by the after-commit call or a sweep). */
  async claim(trx: Db, merchant: string, subject: string, hits: number): Promise<boolean> {
    const r = await trx
      .insertInto('aml_evaluation')
      .values({ subject, merchant_code: merchant, hits })
      .onConflict((oc) => oc.column('subject').doNothing())
      .returning('subject')
      .executeTakeFirst();
    return r !== undefined;
  }

  async evaluated(subject: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('aml_evaluation')
      .select('subject')
      .where('subject', '=', subject)
      .executeTakeFirst();
    return r !== undefined;
  }

  /**
   * Opens the hit's case, or adds its movements to the member's open case of that rule and
   * subject (one open case each). Returns the case and whether it is new.
   */
  async openOrTrigger(trx: Db, h: CaseHit): Promise<{ id: string; created: boolean }> {
    const r = await sql<{ id: string; created: boolean }>`
      INSERT INTO aml_case (merchant_code, member_id, rule, subject, detail, transactions, blocked)
      VALUES (${h.merchant}, ${h.memberId}, ${h.rule}, ${h.subject}, ${JSON.stringify(h.detail)}::jsonb,
              ${JSON.stringify(h.transactions)}::jsonb, ${h.blocked ?? false})
      ON CONFLICT (member_id, rule, subject) WHERE state = 'OPEN' DO UPDATE
        SET transactions = aml_case.transactions || EXCLUDED.transactions,
            detail = EXCLUDED.detail,
            blocked = aml_case.blocked OR EXCLUDED.blocked,
            updated_at = now()
      RETURNING id::text AS id, (xmax = 0) AS created`.execute(trx);
    const row = r.rows[0];
    if (!row) throw new Error('aml_case upsert returned nothing');
    return row;
  }

  async addNote(
    db: Db,
    caseId: string,
    kind: 'OPENED' | 'TRIGGERED' | 'ASSIGNED' | 'NOTE' | 'DECIDED',
    actor: string,
    body: string,
    detail: Record<string, unknown> = {},
  ) {
    await db
      .insertInto('aml_case_note')
      .values({ case_id: caseId, kind, actor, body, detail: JSON.stringify(detail) })
      .execute();
  }

  /** Credited deposits and withdrawals of the lookback period that no evaluation has claimed. */
  async unevaluated(limit: number): Promise<{ kind: 'D' | 'W' | 'R'; id: string }[]> {
    const since = new Date(Date.now() - SWEEP_LOOKBACK_DAYS * 86_400_000);
    const r = await sql<{ kind: 'D' | 'W' | 'R'; id: string }>`
      (SELECT 'D' AS kind, d.id::text AS id FROM deposit d
        WHERE d.status IN ('APPROVED', 'ARRIVED') AND d.updated_at > ${since}
          AND NOT EXISTS (SELECT 1 FROM aml_evaluation e WHERE e.subject = 'D:' || d.id)
        ORDER BY d.id LIMIT ${limit})
      UNION ALL
      (SELECT 'W', w.id::text FROM withdrawal w
        WHERE w.created_at > ${since}
          AND NOT EXISTS (SELECT 1 FROM aml_evaluation e WHERE e.subject = 'W:' || w.id)
        ORDER BY w.id LIMIT ${limit})
      UNION ALL
      (SELECT 'R', m.id::text FROM member m
        WHERE m.created_at > ${since}
          AND NOT EXISTS (SELECT 1 FROM aml_evaluation e WHERE e.subject = 'R:' || m.id)
        ORDER BY m.id LIMIT ${limit})`.execute(this.db);
    return r.rows;
  }

  async caseById(merchant: string, id: string) {
    if (!/^\d{1,18}$/.test(id)) return undefined;
    return this.db
      .selectFrom('aml_case as c')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .selectAll('c')
      .select([
        'm.username',
        'm.payee_name',
        'm.date_of_birth',
        'm.status as member_status',
        'm.created_at as registered_at',
      ])
      .where('c.merchant_code', '=', merchant)
      .where('c.id', '=', id)
      .executeTakeFirst();
  }

  async notes(caseId: string) {
    return this.db
      .selectFrom('aml_case_note')
      .selectAll()
      .where('case_id', '=', caseId)
      .orderBy('id')
      .execute();
  }

  async casePage(
    merchant: string,
    f: { state?: AmlCaseState; rule?: AmlCaseRule; assignee?: string; minAgeHours?: number },
    offset: number,
    limit: number,
  ) {
    let q = this.db
      .selectFrom('aml_case as c')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .select([
        'c.id',
        'c.member_id',
        'm.username',
        'c.rule',
        'c.subject',
        'c.state',
        'c.assignee',
        'c.blocked',
        'c.created_at',
        'c.decided_at',
      ])
      .where('c.merchant_code', '=', merchant);
    if (f.state) q = q.where('c.state', '=', f.state);
    if (f.rule) q = q.where('c.rule', '=', f.rule);
    if (f.assignee) q = q.where('c.assignee', '=', f.assignee);
    if (f.minAgeHours !== undefined)
      q = q.where('c.created_at', '<=', new Date(Date.now() - f.minAgeHours * 3_600_000));
    return q.orderBy('c.created_at', 'asc').orderBy('c.id', 'asc').offset(offset).limit(limit).execute();
  }

  async moneyTotals(memberId: string) {
    const r = await sql<{ deposits: string; withdrawals: string }>`
      SELECT
        (SELECT coalesce(sum(amount), 0) FROM deposit WHERE member_id = ${memberId} AND status IN ('APPROVED', 'ARRIVED'))::text AS deposits,
        (SELECT coalesce(sum(amount), 0) FROM withdrawal WHERE member_id = ${memberId} AND status <> 'REJECTED')::text AS withdrawals`.execute(
      this.db,
    );
    return r.rows[0] ?? { deposits: '0', withdrawals: '0' };
  }

  async setAssignee(trx: Db, merchant: string, id: string, assignee: string) {
    const r = await trx
      .updateTable('aml_case')
      .set({ assignee, updated_at: new Date() })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('state', '=', 'OPEN')
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** OPEN → the decision; false when someone else decided first. */
  async decide(
    trx: Db,
    merchant: string,
    id: string,
    state: Exclude<AmlCaseState, 'OPEN'>,
    by: string,
    reason: string,
  ) {
    const r = await trx
      .updateTable('aml_case')
      .set({ state, decided_by: by, decision_reason: reason, decided_at: new Date(), updated_at: new Date() })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('state', '=', 'OPEN')
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** Whether another open case of the member still holds deposits and betting blocked. */
  async otherBlockingCase(trx: Db, memberId: string, exceptId: string) {
    const r = await trx
      .selectFrom('aml_case')
      .select('id')
      .where('member_id', '=', memberId)
      .where('state', '=', 'OPEN')
      .where('blocked', '=', true)
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    return r !== undefined;
  }

  /**
   * Sets or lifts the deposit and betting blocks the players module's blocks use (the columns the
   * money paths already refuse on). WARNING: lifted only when the AML case set them (case.blocked).
   */
  async setMoneyBlocks(trx: Db, memberId: string, blocked: boolean) {
    await trx
      .updateTable('member')
      .set({ block_deposit: blocked, block_betting: blocked })
      .where('id', '=', memberId)
      .execute();
  }

  async stats(merchant: string, from: Date | null) {
    let q = this.db
      .selectFrom('aml_case')
      .select(['rule', 'state', sql<string>`count(*)::text`.as('count')])
      .where('merchant_code', '=', merchant);
    if (from) q = q.where('created_at', '>=', from);
    return q.groupBy(['rule', 'state']).orderBy('rule').orderBy('state').execute();
  }

  async reported(merchant: string, from: Date, to: Date) {
    return this.db
      .selectFrom('aml_case as c')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .select([
        'c.id',
        'c.rule',
        'c.subject',
        'c.created_at',
        'c.decided_at',
        'c.decided_by',
        'c.decision_reason',
        'c.transactions',
        'c.detail',
        'm.id as member_id',
        'm.username',
        'm.payee_name',
        'm.date_of_birth',
        'm.email',
        'm.country_dialing_code',
        'm.mobile_num',
        'm.id_number',
        'm.register_ip',
      ])
      .where('c.merchant_code', '=', merchant)
      .where('c.state', '=', 'REPORTED')
      .where('c.decided_at', '>=', from)
      .where('c.decided_at', '<', to)
      .orderBy('c.decided_at')
      .execute();
  }

  // ---- screening -------------------------------------------------------------------------------

  async memberForScreening(memberId: string) {
    return this.db
      .selectFrom('member')
      .select(['id', 'merchant_code', 'payee_name', 'date_of_birth'])
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  async listMatches(merchant: string, nameKey: string) {
    return this.db
      .selectFrom('aml_list_entry')
      .select(['id', 'list_kind', 'name', 'date_of_birth', 'country'])
      .where('merchant_code', '=', merchant)
      .where('name_key', '=', nameKey)
      .execute();
  }

  /** Replaces the brand's list of this kind in one transaction. */
  async replaceList(merchant: string, kind: AmlListKind, entries: ListEntryInput[], by: string) {
    await this.transaction(async (trx) => {
      await trx
        .deleteFrom('aml_list_entry')
        .where('merchant_code', '=', merchant)
        .where('list_kind', '=', kind)
        .execute();
      for (let i = 0; i < entries.length; i += 500) {
        await trx
          .insertInto('aml_list_entry')
          .values(
            entries.slice(i, i + 500).map((e) => ({
              merchant_code: merchant,
              list_kind: kind,
              name: e.name,
              name_key: e.nameKey,
              date_of_birth: e.dateOfBirth,
              country: e.country,
              uploaded_by: by,
            })),
          )
          .execute();
      }
    });
  }

  async listSummary(merchant: string) {
    return this.db
      .selectFrom('aml_list_entry')
      .select([
        'list_kind',
        sql<string>`count(*)::text`.as('entries'),
        sql<Date>`max(uploaded_at)`.as('uploaded_at'),
        sql<string>`max(uploaded_by)`.as('uploaded_by'),
      ])
      .where('merchant_code', '=', merchant)
      .groupBy('list_kind')
      .execute();
  }
}
