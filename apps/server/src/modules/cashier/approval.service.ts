import { fromMinor, minorText, toMinor, type Permission } from '@app/contracts';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { PushNotices } from '../../platform/push-topics';
import type { OperatorPrincipal } from '../../platform/operator-auth';
import type { WalletService } from '../wallet';

/** An approval's posting takes well under a second; a claim this old was left by a crash. */
const STALE_CLAIM_MS = 60_000;

/** Who a request or decision is by: enough to tell two callers apart. */
export type Actor = Pick<OperatorPrincipal, 'kind' | 'id' | 'name'>;

/** Whether two callers are the same person (or key): a principal is its kind and id. */
export function sameOperator(a: Actor, b: Actor): boolean {
  return a.kind === b.kind && a.id === b.id;
}

export interface AdjustmentRequestInput {
  direction: 'CREDIT' | 'DEBIT';
  /** Amount text, > 0, at most 2 decimals. */
  amount: string;
  reason: string;
  turnoverMultiplier: number;
}

export type ApprovalKind = 'ADJUSTMENT' | 'WITHDRAWAL';

/** The permission that decides each kind of request (the requester's own never counts). */
export const DECIDE_PERMISSION: Readonly<Record<ApprovalKind, Permission>> = {
  ADJUSTMENT: 'cashier.adjustments.approve',
  WITHDRAWAL: 'cashier.withdrawals.decide',
};

/**
 * What the withdrawals side does for a WITHDRAWAL request once a second person approves it: pay
 * the requested amount and mark the request APPROVED, once (WithdrawalService.payApproved).
 */
export type PayApprovedWithdrawal = (
  brand: Brand,
  approvalId: string,
  by: Actor,
  reason: string | null,
) => Promise<{ before: WithdrawalState; after: WithdrawalState }>;

/** A withdrawal's state before and after an approved payment (for the audit row). */
export interface WithdrawalState {
  orderNo: string;
  status: string;
  /** Major units. */
  paid: number;
}

export interface ApprovalView {
  id: string;
  kind: ApprovalKind;
  memberId: string;
  username: string;
  /** The adjustment's size (its sign is detail.direction), or the withdrawal payment asked for. */
  amount: number;
  detail:
    | { direction: 'CREDIT' | 'DEBIT'; turnoverMultiplier: number }
    | { withdrawalId: string; orderNo: string; withdrawalAmount: number };
  reason: string | null;
  requestedBy: string;
  requestedAt: string;
  state: 'PENDING' | 'APPROVED' | 'REJECTED';
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
}

/**
 * Maker-checker: one staff member asks, another decides. A manual adjustment moves through the
 * wallet's adjust use case with the reference ADJUST:approval-<id>; a withdrawal payment (at or
 * above the brand's threshold) through the withdrawals' pay, WITHDRAW_PAY:<orderNo>:approval-<id>.
 * Either is posted once however often or concurrently the approval runs.
 */
export class ApprovalService {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly payWithdrawal: PayApprovedWithdrawal,
    /** The operators' approvals queue hears of each request made or decided. */
    private readonly notices?: PushNotices,
  ) {}

  async requestAdjustment(
    merchant: string,
    by: Actor,
    memberId: string,
    input: AdjustmentRequestInput,
  ): Promise<ApprovalView> {
    const minor = toMinor(input.amount);
    if (minor === null || minor <= 0n) throw new AppError('wallet.amount.invalid');
    const member = await this.db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!member)
      throw new AppError('request.invalid', { fields: [{ field: 'memberId', message: 'unknown' }] });
    const row = await this.db
      .insertInto('approval_request')
      .values({
        merchant_code: merchant,
        kind: 'ADJUSTMENT',
        member_id: memberId,
        amount: input.direction === 'DEBIT' ? -minor : minor,
        // A debit never creates a turnover requirement.
        turnover_multiple: input.direction === 'DEBIT' ? 0 : input.turnoverMultiplier,
        reason: input.reason,
        requested_kind: by.kind,
        requested_id: by.id,
        requested_by: by.name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.notices?.queue(merchant, 'approvals');
    return this.view(merchant, row.id);
  }

  async view(merchant: string, id: string): Promise<ApprovalView> {
    const [row] = await this.rows(merchant, { id });
    if (!row) throw new AppError('approval.not.found');
    return row;
  }

  /** The requests of the kinds the caller may decide (`kinds`), newest first. */
  async list(
    merchant: string,
    q: { state?: 'PENDING' | 'APPROVED' | 'REJECTED'; page: number; pageSize: number },
    kinds: readonly ApprovalKind[],
  ): Promise<{ list: ApprovalView[]; page: number; pageSize: number; hasMore: boolean }> {
    const rows = kinds.length === 0 ? [] : await this.rows(merchant, { ...q, kinds });
    return {
      list: rows.slice(0, q.pageSize),
      page: q.page,
      pageSize: q.pageSize,
      hasMore: rows.length > q.pageSize,
    };
  }

  private async rows(
    merchant: string,
    q: {
      id?: string;
      state?: 'PENDING' | 'APPROVED' | 'REJECTED';
      page?: number;
      pageSize?: number;
      kinds?: readonly ApprovalKind[];
    },
  ): Promise<ApprovalView[]> {
    let query = this.db
      .selectFrom('approval_request as a')
      .innerJoin('member as m', 'm.id', 'a.member_id')
      .leftJoin('withdrawal as w', 'w.id', 'a.withdrawal_id')
      .selectAll('a')
      .select(['m.username', 'w.order_no', 'w.amount as withdrawal_amount'])
      .where('a.merchant_code', '=', merchant)
      .orderBy('a.id', 'desc');
    if (q.id !== undefined) query = query.where('a.id', '=', q.id);
    if (q.kinds) query = query.where('a.kind', 'in', [...q.kinds]);
    // An approval in progress is still pending to the queue.
    if (q.state === 'PENDING') query = query.where('a.state', 'in', ['PENDING', 'APPROVING']);
    else if (q.state) query = query.where('a.state', '=', q.state);
    if (q.page !== undefined && q.pageSize !== undefined)
      query = query.limit(q.pageSize + 1).offset((q.page - 1) * q.pageSize);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      memberId: r.member_id,
      username: r.username,
      amount: fromMinor(BigInt(r.amount) < 0n ? -BigInt(r.amount) : BigInt(r.amount)),
      detail:
        r.kind === 'WITHDRAWAL'
          ? {
              withdrawalId: r.withdrawal_id ?? '',
              orderNo: r.order_no ?? '',
              withdrawalAmount: fromMinor(r.withdrawal_amount ?? '0'),
            }
          : {
              direction: BigInt(r.amount) < 0n ? 'DEBIT' : 'CREDIT',
              turnoverMultiplier: r.turnover_multiple,
            },
      reason: r.reason,
      requestedBy: r.requested_by,
      requestedAt: r.requested_at.toISOString(),
      state: r.state === 'APPROVING' ? 'PENDING' : r.state,
      decidedBy: r.decided_by,
      decidedAt: r.decided_at?.toISOString() ?? null,
      decisionReason: r.decision_reason,
    }));
  }

  /**
   * Approves and posts the adjustment. One UPDATE ... WHERE state = 'PENDING' claims the request,
   * so of two approvers at once only one posts; an APPROVING row left by a crash (older than
   * STALE_CLAIM_MS) is resumed by the next approval (the posting's reference makes the retry a no-op if it had committed).
   * A refusal by the wallet (a debit above the balance) hands the request back to PENDING.
   */
  async approve(
    brand: Brand,
    id: string,
    by: Actor,
    reason: string | null,
    may: (p: Permission) => boolean,
  ): Promise<{
    before: ApprovalView;
    after: ApprovalView;
    withdrawal?: { before: WithdrawalState; after: WithdrawalState };
  }> {
    const before = await this.view(brand.code, id);
    const row = await this.db
      .selectFrom('approval_request')
      .selectAll()
      .where('merchant_code', '=', brand.code)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    this.mayDecide(row, by, may);
    if (row.kind === 'WITHDRAWAL') {
      // Paid and marked in one transaction under the withdrawal's lock: no APPROVING step.
      const withdrawal = await this.payWithdrawal(brand, id, by, reason);
      return { before, after: await this.view(brand.code, id), withdrawal };
    }
    const claimed = await this.db
      .updateTable('approval_request')
      .set({ state: 'APPROVING', decided_by: by.name, decided_at: new Date(), decision_reason: reason })
      .where('id', '=', id)
      .where('state', '=', 'PENDING')
      .returning('id')
      .executeTakeFirst();
    if (!claimed && row.state !== 'APPROVING') throw new AppError('approval.decided');
    if (!claimed) {
      // Another approval holds the claim. Only a claim older than its posting could take (left by
      // a crashed instance) may be resumed; a live one means someone else is deciding right now.
      const current = await this.db
        .selectFrom('approval_request')
        .select(['state', 'decided_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const stale = current.decided_at !== null && current.decided_at.getTime() < Date.now() - STALE_CLAIM_MS;
      if (current.state !== 'APPROVING' || !stale) throw new AppError('approval.decided');
    }
    const amount = BigInt(row.amount);
    const member = await this.db
      .selectFrom('member')
      .select('username')
      .where('id', '=', row.member_id)
      .executeTakeFirstOrThrow();
    try {
      await this.wallet.adjust(brand, by.name, {
        requestId: `approval-${id}`,
        username: member.username,
        amount: minorText(amount),
        // The CHECK approval_request_kind_shape keeps an adjustment's reason set.
        reason: row.reason ?? '',
        turnoverMultiple: row.turnover_multiple,
      });
    } catch (err) {
      if (claimed)
        await this.db
          .updateTable('approval_request')
          .set({ state: 'PENDING', decided_by: null, decided_at: null, decision_reason: null })
          .where('id', '=', id)
          .where('state', '=', 'APPROVING')
          .execute();
      throw err;
    }
    await this.db
      .updateTable('approval_request')
      .set({ state: 'APPROVED' })
      .where('id', '=', id)
      .where('state', '=', 'APPROVING')
      .execute();
    this.notices?.queue(brand.code, 'approvals');
    return { before, after: await this.view(brand.code, id) };
  }

  /**
   * Rejects a request: nothing moves. A rejected WITHDRAWAL request leaves its withdrawal as it
   * was, back in the queue for another decision.
   */
  async reject(
    merchant: string,
    id: string,
    by: Actor,
    reason: string,
    may: (p: Permission) => boolean,
  ): Promise<{ before: ApprovalView; after: ApprovalView }> {
    const before = await this.view(merchant, id);
    const row = await this.db
      .selectFrom('approval_request')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    this.mayDecide(row, by, may);
    const done = await this.db
      .updateTable('approval_request')
      .set({ state: 'REJECTED', decided_by: by.name, decided_at: new Date(), decision_reason: reason })
      .where('id', '=', id)
      .where('state', '=', 'PENDING')
      .returning('id')
      .executeTakeFirst();
    if (!done) throw new AppError('approval.decided');
    this.notices?.queue(merchant, 'approvals');
    return { before, after: await this.view(merchant, id) };
  }

  /**
   * The route lets in holders of either deciding permission; each kind needs its own, checked
   * here. The requester never decides their own request.
   */
  private mayDecide(
    row: { kind: ApprovalKind; requested_kind: Actor['kind']; requested_id: string; requested_by: string },
    by: Actor,
    may: (p: Permission) => boolean,
  ) {
    if (!may(DECIDE_PERMISSION[row.kind])) throw new AppError('operator.forbidden');
    const requester: Actor = { kind: row.requested_kind, id: row.requested_id, name: row.requested_by };
    if (sameOperator(requester, by)) throw new AppError('approval.self');
  }
}
