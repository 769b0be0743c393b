import type { ConfirmState, KycTrigger, WithdrawalState } from '@app/contracts';
import { sql } from 'kysely';
import { Repository, type Db } from '../../db/repository';

/** A withdrawal as every answer shows it: the order and the account it pays to. */
export interface WithdrawalRow {
  id: string;
  merchant_code: string;
  member_id: string;
  request_id: string;
  order_no: string;
  payout_account_id: string;
  /** Minor units (int8 arrives as a string). */
  amount: string;
  /** Minor units paid so far: the sum of the payouts. */
  paid_amount: string;
  status: WithdrawalState;
  reject_reason: string | null;
  reviewed_by: string | null;
  created_at: Date;
  updated_at: Date;
  /** Held until the member is verified (KYC): the trigger that held it; null: not held. */
  kyc_wait: KycTrigger | null;
  bank_code: string;
  bank_kind: 'BANK' | 'EWALLET';
  bank_name: string;
  account_name: string;
  /** WARNING: the full number; member answers mask it. */
  account_no: string;
  account_created_at: Date;
}

export interface PayoutRow {
  id: string;
  withdrawal_id: string;
  amount: string;
  entry_id: string;
  confirm_status: ConfirmState;
  confirm_deadline: Date;
  proof_image_ids: string[];
  remark: string | null;
  confirmed_at: Date | null;
  created_at: Date;
}

/** A withdrawal locked for a decision: what the decision needs, nothing joined. */
interface LockedWithdrawal {
  id: string;
  merchant_code: string;
  member_id: string;
  order_no: string;
  amount: string;
  paid_amount: string;
  status: WithdrawalState;
  kyc_wait: KycTrigger | null;
}

/** A payout locked for the member's (or an operator's) answer. */
interface LockedPayout {
  id: string;
  withdrawal_id: string;
  member_id: string;
  confirm_status: ConfirmState;
  /** Whether its confirmation deadline is still ahead (by the database clock). */
  open: boolean;
}

/** The operators' queue filters; from/to bound created_at. */
export interface QueueFilter {
  status?: WithdrawalState;
  from?: Date;
  to?: Date;
  q?: string;
}

export interface LastApproval {
  withdrawal_id: string;
  id: string;
  state: 'PENDING' | 'APPROVING' | 'APPROVED' | 'REJECTED';
  requested_by: string;
}

interface NewWithdrawal {
  merchant: string;
  memberId: string;
  requestId: string;
  orderNo: string;
  payoutAccountId: string;
  amount: bigint;
  /** The verification trigger that holds it until the member is approved (null: none). */
  kycWait: KycTrigger | null;
}

/** SQL of withdrawals and their payouts, nothing else. */
export class WithdrawalRepository extends Repository {
  settings(merchant: string) {
    return this.db
      .selectFrom('cashier_setting')
      .select(['withdraw_min', 'withdraw_max', 'withdraw_daily_count', 'withdraw_confirm_minutes'])
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
  }

  // ---- reads -----------------------------------------------------------------------------------

  private view(db: Db) {
    return db
      .selectFrom('withdrawal as w')
      .innerJoin('payout_account as a', 'a.id', 'w.payout_account_id')
      .innerJoin('payout_bank as b', (j) =>
        j.onRef('b.merchant_code', '=', 'a.merchant_code').onRef('b.code', '=', 'a.bank_code'),
      )
      .select([
        'w.id',
        'w.merchant_code',
        'w.member_id',
        'w.request_id',
        'w.order_no',
        'w.payout_account_id',
        'w.amount',
        'w.paid_amount',
        'w.status',
        'w.reject_reason',
        'w.reviewed_by',
        'w.created_at',
        'w.updated_at',
        'w.kyc_wait',
        'a.bank_code',
        'b.kind as bank_kind',
        'b.name as bank_name',
        'a.account_name',
        'a.account_no',
        'a.created_at as account_created_at',
      ]);
  }

  /** Whether the operator blocked this member's withdrawals (back office). */
  async blocked(memberId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('member')
      .select('block_withdrawal')
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row?.block_withdrawal ?? false;
  }

  byRequest(memberId: string, requestId: string, db: Db = this.db): Promise<WithdrawalRow | undefined> {
    return this.view(db)
      .where('w.member_id', '=', memberId)
      .where('w.request_id', '=', requestId)
      .executeTakeFirst();
  }

  byId(merchant: string, id: string, db: Db = this.db): Promise<WithdrawalRow | undefined> {
    return this.view(db).where('w.merchant_code', '=', merchant).where('w.id', '=', id).executeTakeFirst();
  }

  async usernameOf(memberId: string): Promise<string> {
    const row = await this.db
      .selectFrom('member')
      .select('username')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return row.username;
  }

  /** Payouts of these withdrawals, oldest first. */
  payoutsOf(withdrawalIds: string[], db: Db = this.db): Promise<PayoutRow[]> {
    if (withdrawalIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('withdrawal_payout')
      .selectAll()
      .where('withdrawal_id', 'in', withdrawalIds)
      .orderBy('id')
      .execute();
  }

  payoutByEntry(db: Db, entryId: string): Promise<PayoutRow | undefined> {
    return db.selectFrom('withdrawal_payout').selectAll().where('entry_id', '=', entryId).executeTakeFirst();
  }

  /**
   * Withdrawals the member asked for today that count against the daily limit (all but REJECTED).
   * "Today" is the brand's calendar day: midnight in its time zone, as an instant.
   */
  async countToday(db: Db, memberId: string, timezone: string): Promise<number> {
    const row = await db
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .where('status', '<>', 'REJECTED')
      .where(
        'created_at',
        '>=',
        sql<Date>`(date_trunc('day', now() AT TIME ZONE ${timezone}) AT TIME ZONE ${timezone})`,
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async memberPage(memberId: string, status: WithdrawalState | undefined, offset: number, limit: number) {
    let rows = this.view(this.db).where('w.member_id', '=', memberId);
    let count = this.db
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId);
    if (status) {
      rows = rows.where('w.status', '=', status);
      count = count.where('status', '=', status);
    }
    const [list, total] = await Promise.all([
      rows.orderBy('w.created_at', 'desc').orderBy('w.id', 'desc').offset(offset).limit(limit).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: list, total: Number(total.n) };
  }

  /**
   * The operators' queue of a brand, newest first: one page (limit rows from offset) with the
   * username and the member's account age in whole days. q is an order number, a username or a
   * member id (exact).
   */
  queuePage(merchant: string, f: QueueFilter, offset: number, limit: number) {
    let rows = this.view(this.db)
      .innerJoin('member as m', 'm.id', 'w.member_id')
      .select([
        'm.username',
        sql<number>`floor(extract(epoch FROM now() - m.created_at) / 86400)::int`.as('account_age_days'),
      ])
      .where('w.merchant_code', '=', merchant);
    if (f.status) rows = rows.where('w.status', '=', f.status);
    if (f.from) rows = rows.where('w.created_at', '>=', f.from);
    if (f.to) rows = rows.where('w.created_at', '<=', f.to);
    if (f.q) {
      const q = f.q;
      rows = rows.where((eb) =>
        eb.or([
          eb('w.order_no', '=', q),
          eb('m.username', '=', q),
          ...(/^\d{1,18}$/.test(q) ? [eb('w.member_id', '=', q)] : []),
        ]),
      );
    }
    return rows.orderBy('w.created_at', 'desc').orderBy('w.id', 'desc').offset(offset).limit(limit).execute();
  }

  /** The newest WITHDRAWAL approval request of each of these withdrawals (open or decided). */
  async lastApprovals(withdrawalIds: string[]): Promise<LastApproval[]> {
    if (withdrawalIds.length === 0) return [];
    const { rows } = await sql<LastApproval>`
      SELECT DISTINCT ON (withdrawal_id) withdrawal_id::text AS withdrawal_id, id::text AS id, state, requested_by
        FROM approval_request
       WHERE withdrawal_id IN (${sql.join(withdrawalIds.map((id) => sql`${id}::bigint`))})
       ORDER BY withdrawal_id, id DESC`.execute(this.db);
    return rows;
  }

  /**
   * Per member, over the 30 days up to now: credited deposits (amount less fee: what reached the
   * wallet) and the withdrawals asked for (every status: a rejected request still shows intent).
   */
  async flows30d(
    memberIds: string[],
  ): Promise<{ member_id: string; deposits: string; withdrawals: string }[]> {
    if (memberIds.length === 0) return [];
    const ids = sql.join(memberIds.map((id) => sql`${id}::bigint`));
    const { rows } = await sql<{ member_id: string; deposits: string; withdrawals: string }>`
      SELECT m.id::text AS member_id,
             coalesce((SELECT sum(d.amount - d.fee) FROM deposit d
                        WHERE d.member_id = m.id AND d.status IN ('APPROVED', 'ARRIVED')
                          AND d.created_at >= now() - interval '30 days'), 0)::text AS deposits,
             coalesce((SELECT sum(w.amount) FROM withdrawal w
                        WHERE w.member_id = m.id AND w.created_at >= now() - interval '30 days'), 0)::text
               AS withdrawals
        FROM member m
       WHERE m.id IN (${ids})`.execute(this.db);
    return rows;
  }

  /**
   * Which of these withdrawals go to an account number of the brand that no earlier PAID or
   * PARTIAL withdrawal (of any member) was paid to.
   */
  async firstToAccount(withdrawalIds: string[]): Promise<Set<string>> {
    if (withdrawalIds.length === 0) return new Set();
    const { rows } = await sql<{ id: string }>`
      SELECT w.id::text AS id
        FROM withdrawal w
        JOIN payout_account a ON a.id = w.payout_account_id
       WHERE w.id IN (${sql.join(withdrawalIds.map((id) => sql`${id}::bigint`))})
         AND NOT EXISTS (
           SELECT 1
             FROM payout_account a2
             JOIN withdrawal w2 ON w2.payout_account_id = a2.id
            WHERE a2.merchant_code = a.merchant_code
              AND a2.account_no = a.account_no
              AND w2.status IN ('PAID', 'PARTIAL')
              AND w2.created_at < w.created_at)`.execute(this.db);
    return new Set(rows.map((r) => r.id));
  }

  // ---- withdrawal approvals (maker-checker) ----------------------------------------------------

  /** The open (PENDING or APPROVING) approval request on a withdrawal, if any. */
  openApproval(db: Db, withdrawalId: string) {
    return db
      .selectFrom('approval_request')
      .select(['id', 'state'])
      .where('withdrawal_id', '=', withdrawalId)
      .where('state', 'in', ['PENDING', 'APPROVING'])
      .executeTakeFirst();
  }

  async insertApproval(
    db: Db,
    a: {
      merchant: string;
      memberId: string;
      withdrawalId: string;
      amount: bigint;
      reason: string | null;
      by: { kind: 'STAFF' | 'API_KEY' | 'CLI'; id: string; name: string };
    },
  ): Promise<string> {
    const row = await db
      .insertInto('approval_request')
      .values({
        merchant_code: a.merchant,
        kind: 'WITHDRAWAL',
        member_id: a.memberId,
        withdrawal_id: a.withdrawalId,
        amount: a.amount,
        reason: a.reason,
        requested_kind: a.by.kind,
        requested_id: a.by.id,
        requested_by: a.by.name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Locks a WITHDRAWAL approval request of the brand (after its withdrawal: the lock order). */
  lockApproval(db: Db, merchant: string, id: string) {
    return db
      .selectFrom('approval_request')
      .select(['id', 'withdrawal_id', 'amount', 'reason', 'state'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('kind', '=', 'WITHDRAWAL')
      .forUpdate()
      .executeTakeFirst();
  }

  /** The withdrawal a WITHDRAWAL approval request pays (read before locking it). */
  async approvalTarget(merchant: string, id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('approval_request')
      .select('withdrawal_id')
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('kind', '=', 'WITHDRAWAL')
      .executeTakeFirst();
    return row?.withdrawal_id ?? null;
  }

  async decideApproval(
    db: Db,
    id: string,
    d: { state: 'APPROVED' | 'REJECTED'; by: string; reason: string | null },
  ): Promise<void> {
    await db
      .updateTable('approval_request')
      .set({ state: d.state, decided_by: d.by, decided_at: new Date(), decision_reason: d.reason })
      .where('id', '=', id)
      .execute();
  }

  /** Closes the open request on a withdrawal being rejected; returns its id if there was one. */
  async rejectOpenApproval(db: Db, withdrawalId: string, by: string, reason: string): Promise<string | null> {
    const row = await db
      .updateTable('approval_request')
      .set({ state: 'REJECTED', decided_by: by, decided_at: new Date(), decision_reason: reason })
      .where('withdrawal_id', '=', withdrawalId)
      .where('state', 'in', ['PENDING', 'APPROVING'])
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  // ---- writes ----------------------------------------------------------------------------------

  async insert(db: Db, w: NewWithdrawal): Promise<string> {
    const row = await db
      .insertInto('withdrawal')
      .values({
        merchant_code: w.merchant,
        member_id: w.memberId,
        request_id: w.requestId,
        order_no: w.orderNo,
        payout_account_id: w.payoutAccountId,
        amount: w.amount,
        kyc_wait: w.kycWait,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Lets the member's withdrawals held for verification join the normal queue (their money is
   * already held); returns their ids. Runs in the approval's transaction.
   */
  async releaseKycWait(db: Db, merchant: string, memberId: string): Promise<string[]> {
    const rows = await db
      .updateTable('withdrawal')
      .set((eb) => ({ kyc_wait: null, updated_at: eb.fn<Date>('now') }))
      .where('merchant_code', '=', merchant)
      .where('member_id', '=', memberId)
      .where('status', '=', 'PENDING')
      .where('kyc_wait', 'is not', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Locks the withdrawal row for the rest of the transaction; every decision on it starts here. */
  lock(db: Db, merchant: string, id: string): Promise<LockedWithdrawal | undefined> {
    return db
      .selectFrom('withdrawal')
      .select(['id', 'merchant_code', 'member_id', 'order_no', 'amount', 'paid_amount', 'status', 'kyc_wait'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async recordPayment(
    db: Db,
    id: string,
    paid: bigint,
    status: 'PARTIAL' | 'PAID',
    operator: string,
  ): Promise<void> {
    await db
      .updateTable('withdrawal')
      .set((eb) => ({ paid_amount: paid, status, reviewed_by: operator, updated_at: eb.fn<Date>('now') }))
      .where('id', '=', id)
      .execute();
  }

  async reject(db: Db, id: string, reason: string, operator: string): Promise<void> {
    await db
      .updateTable('withdrawal')
      .set((eb) => ({
        status: 'REJECTED',
        reject_reason: reason,
        reviewed_by: operator,
        kyc_wait: null,
        updated_at: eb.fn<Date>('now'),
      }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * A payment that came back after it was paid (a provider's reversal): it no longer counts as
   * paid, and the withdrawal is closed with the reason.
   */
  async reversePayment(db: Db, id: string, paid: bigint, reason: string, operator: string): Promise<void> {
    await db
      .updateTable('withdrawal')
      .set((eb) => ({
        paid_amount: paid,
        status: 'REJECTED',
        reject_reason: reason,
        reviewed_by: operator,
        updated_at: eb.fn<Date>('now'),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** A payout, due for the member's answer `confirmMinutes` from now (by the database clock). */
  async insertPayout(
    db: Db,
    p: { withdrawalId: string; amount: bigint; entryId: string; confirmMinutes: number },
  ): Promise<string> {
    const row = await db
      .insertInto('withdrawal_payout')
      .values({
        withdrawal_id: p.withdrawalId,
        amount: p.amount,
        entry_id: p.entryId,
        confirm_deadline: sql<Date>`now() + make_interval(mins => ${p.confirmMinutes}::int)`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Locks one payout of one withdrawal of this brand (and of this member, unless memberId is
   * null: an operator) for the rest of the transaction. Only the payout row is locked.
   */
  lockPayout(
    db: Db,
    merchant: string,
    memberId: string | null,
    withdrawalId: string,
    payoutId: string,
  ): Promise<LockedPayout | undefined> {
    let q = db
      .selectFrom('withdrawal_payout as p')
      .innerJoin('withdrawal as w', 'w.id', 'p.withdrawal_id')
      .select([
        'p.id',
        'p.withdrawal_id',
        'w.member_id',
        'p.confirm_status',
        sql<boolean>`p.confirm_deadline > now()`.as('open'),
      ])
      .where('w.merchant_code', '=', merchant)
      .where('w.id', '=', withdrawalId)
      .where('p.id', '=', payoutId);
    if (memberId !== null) q = q.where('w.member_id', '=', memberId);
    return q.forUpdate('p').executeTakeFirst();
  }

  async answerPayout(
    db: Db,
    payoutId: string,
    a: { status: 'RECEIVED' | 'NOT_RECEIVED'; imageIds?: string[]; remark?: string | null },
  ): Promise<void> {
    await db
      .updateTable('withdrawal_payout')
      .set((eb) => ({
        confirm_status: a.status,
        confirmed_at: eb.fn<Date>('now'),
        ...(a.imageIds !== undefined ? { proof_image_ids: a.imageIds } : {}),
        ...(a.remark !== undefined ? { remark: a.remark } : {}),
      }))
      .where('id', '=', payoutId)
      .execute();
  }

  /**
   * Every AWAITING payout past its deadline counts as received. One statement: idempotent, safe
   * on several instances at once, and a member's answer racing it waits on the row lock and then
   * finds the payout settled (or the other way round). Returns how many it settled.
   */
  async autoConfirm(): Promise<number> {
    const result = await this.db
      .updateTable('withdrawal_payout')
      .set((eb) => ({ confirm_status: 'AUTO_RECEIVED', confirmed_at: eb.fn<Date>('now') }))
      .where('confirm_status', '=', 'AWAITING')
      .where('confirm_deadline', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
