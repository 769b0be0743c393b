import { fromMinor, minorText, toMinor } from '@app/contracts';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
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

export interface ApprovalView {
  id: string;
  kind: 'ADJUSTMENT';
  memberId: string;
  username: string;
  amount: number;
  detail: { direction: 'CREDIT' | 'DEBIT'; turnoverMultiplier: number };
  reason: string;
  requestedBy: string;
  requestedAt: string;
  state: 'PENDING' | 'APPROVED' | 'REJECTED';
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
}

/**
 * Maker-checker for manual adjustments: one staff member asks, another decides. The money moves
 * through the wallet's adjust use case with the reference ADJUST:approval-<id>, so it is posted once
 * however often or concurrently the approval runs.
 */
export class ApprovalService {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
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
    return this.view(merchant, row.id);
  }

  async view(merchant: string, id: string): Promise<ApprovalView> {
    const [row] = await this.rows(merchant, { id });
    if (!row) throw new AppError('approval.not.found');
    return row;
  }

  async list(
    merchant: string,
    q: { state?: 'PENDING' | 'APPROVED' | 'REJECTED'; page: number; pageSize: number },
  ): Promise<{ list: ApprovalView[]; page: number; pageSize: number; hasMore: boolean }> {
    const rows = await this.rows(merchant, q);
    return {
      list: rows.slice(0, q.pageSize),
      page: q.page,
      pageSize: q.pageSize,
      hasMore: rows.length > q.pageSize,
    };
  }

  private async rows(
    merchant: string,
    q: { id?: string; state?: 'PENDING' | 'APPROVED' | 'REJECTED'; page?: number; pageSize?: number },
  ): Promise<ApprovalView[]> {
    let query = this.db
      .selectFrom('approval_request as a')
      .innerJoin('member as m', 'm.id', 'a.member_id')
      .selectAll('a')
      .select('m.username')
      .where('a.merchant_code', '=', merchant)
      .orderBy('a.id', 'desc');
    if (q.id !== undefined) query = query.where('a.id', '=', q.id);
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
      detail: {
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
  ): Promise<{ before: ApprovalView; after: ApprovalView }> {
    const before = await this.view(brand.code, id);
    const row = await this.db
      .selectFrom('approval_request')
      .selectAll()
      .where('merchant_code', '=', brand.code)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    this.mayDecide(row, by);
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
        reason: row.reason,
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
    return { before, after: await this.view(brand.code, id) };
  }

  async reject(
    merchant: string,
    id: string,
    by: Actor,
    reason: string,
  ): Promise<{ before: ApprovalView; after: ApprovalView }> {
    const before = await this.view(merchant, id);
    const row = await this.db
      .selectFrom('approval_request')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    this.mayDecide(row, by);
    const done = await this.db
      .updateTable('approval_request')
      .set({ state: 'REJECTED', decided_by: by.name, decided_at: new Date(), decision_reason: reason })
      .where('id', '=', id)
      .where('state', '=', 'PENDING')
      .returning('id')
      .executeTakeFirst();
    if (!done) throw new AppError('approval.decided');
    return { before, after: await this.view(merchant, id) };
  }

  private mayDecide(
    row: { requested_kind: Actor['kind']; requested_id: string; requested_by: string },
    by: Actor,
  ) {
    const requester: Actor = { kind: row.requested_kind, id: row.requested_id, name: row.requested_by };
    if (sameOperator(requester, by)) throw new AppError('approval.self');
  }
}
