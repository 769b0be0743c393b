import {
  type confirmPayoutSchema,
  type ProviderPayoutView,
  providerPayoutViewSchema,
  fromMinor,
  type KycTrigger,
  minorText,
  payoutAccountSchema,
  toMinor,
  type Withdrawal,
  WITHDRAWAL_STATES,
  type withdrawalListQuerySchema,
  withdrawalPayoutSchema,
  type withdrawalQueueSchema,
  withdrawalSchema,
  type WithdrawInfo,
  type withdrawRequestSchema,
} from '@app/contracts';
import { z } from 'zod';
import type { Db } from '../../db/repository';
import type { PushNotices } from '../../platform/push-topics';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import { uniqueViolation } from '../../platform/db-errors';
import type { ProfileService } from '../member';
import type { InboxService } from '../messages';
import type { CountLinked } from '../players';
import type { LedgerService } from '../wallet';
import type { TurnoverService } from '../wallet';
import type { ImageService } from '../uploads';
import type { Actor, WithdrawalState as WithdrawalAuditState } from './approval.service';
import type { CashierSettingsService } from './cashier-settings.service';
import { invalidField, newOrderNo } from './cashier-orders';
import { toPayoutAccount, type PayoutAccountService } from './payout-account.service';
import type { PayoutRow, WithdrawalRepository, WithdrawalRow } from './withdrawal.repository';
import type { ProviderPayoutRow } from './xendit-payouts.repository';
import type { ProviderPayoutService } from './xendit-payouts.service';

/**
 * Whether a new withdrawal of this member must wait for identity verification, and why (the kyc
 * module's rule; null: it need not). Asked inside the request's transaction.
 */
export type KycWaitRule = (trx: Db, merchant: string, memberId: string) => Promise<KycTrigger | null>;

/** Order-number collisions are retried this many times (10 random digits per day make them very rare). */
const ORDER_NO_ATTEMPTS = 3;

type WithdrawInput = z.output<typeof withdrawRequestSchema>;
type WithdrawalListQuery = z.output<typeof withdrawalListQuerySchema>;
type ConfirmPayoutInput = z.output<typeof confirmPayoutSchema>;

/**
 * A withdrawal as operators see it: who asked, who handled it, the full account number to pay
 * to, and each payout's remark and answer time.
 */
export const adminWithdrawalSchema = withdrawalSchema.extend({
  memberId: z.string(),
  username: z.string(),
  reviewedBy: z.string().nullable(),
  /** WARNING: unmasked (the operator pays to it); never reuse this schema for a member answer. */
  account: payoutAccountSchema,
  payouts: z.array(
    withdrawalPayoutSchema.extend({ remark: z.string().nullable(), confirmedTime: z.string().nullable() }),
  ),
  /** Payments sent through a payment provider, oldest first, with the provider's status. */
  providerPayouts: z.array(providerPayoutViewSchema),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** The operators' queue filters: status, a created-at window (ISO instants), q, and the page. */
export const withdrawalQueueQuerySchema = z.object({
  status: z.enum(WITHDRAWAL_STATES).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** An order number, a username or a member id (exact). */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type WithdrawalQueueQuery = z.output<typeof withdrawalQueueQuerySchema>;

type WithdrawalQueuePage = z.infer<typeof withdrawalQueueSchema>;

/** What an operator's decision to pay did, and the withdrawal after it. */
export const withdrawalDecisionSchema = z.object({
  /** PAYOUT_SENT: the payment went to the brand's payment provider; its outcome comes later. */
  state: z.enum(['PAID', 'PARTLY_PAID', 'AWAITING_SECOND_APPROVAL', 'PAYOUT_SENT']),
  approvalId: z.string().optional(),
  withdrawal: adminWithdrawalSchema,
});
export type WithdrawalDecision = z.infer<typeof withdrawalDecisionSchema>;

/** The accounts a withdrawal moves money between, resolved before its transaction. */
interface HoldAccounts {
  main: string;
  hold: string;
}

/** The ledger references of one withdrawal. WARNING: each must be built the same way on every retry. */
const refs = {
  hold: (orderNo: string) => `WITHDRAW:${orderNo}`,
  /** One per payment: the operator's requestId makes a retried payment the same entry. */
  pay: (orderNo: string, requestId: string) => `WITHDRAW_PAY:${orderNo}:${requestId}`,
  back: (orderNo: string) => `WITHDRAW_RETURN:${orderNo}`,
};

/**
 * Withdrawals. The request moves the amount from the member's MAIN wallet to its
 * withdrawal hold; each operator payment moves part of the hold to payment clearing (the money
 * has left for the member's bank) and waits for the member's confirmation; a rejection returns
 * what is still held. Every state change, its ledger entry and the member's message commit in one
 * transaction that starts by locking the withdrawal row, so checkLedger's invariants hold at
 * every commit: the hold equals what open withdrawals still wait for, and paid equals the payouts.
 */
export class WithdrawalService {
  constructor(
    private readonly repo: WithdrawalRepository,
    private readonly accounts: PayoutAccountService,
    private readonly ledger: LedgerService,
    private readonly turnover: TurnoverService,
    private readonly inbox: InboxService,
    private readonly images: ImageService,
    private readonly members: ProfileService,
    /** Brings the member's vendor wallets back to main (the wallet module's recall). */
    private readonly recallToMain: (brand: Brand, memberId: string) => Promise<void>,
    private readonly thresholds: CashierSettingsService,
    /**
     * The players module's countLinked. That module is composed after this one: the function is
     * bound at composition and reaches it only when called.
     */
    private readonly countLinked: CountLinked,
    /**
     * Payments through the brand's payment provider (null: every payment is made by hand). Set
     * after construction: that service records payments through this one's payInTx.
     */
    private payouts: ProviderPayoutService | null = null,
    /** Identity verification's rule (none: no withdrawal ever waits for it). */
    private readonly kycWait: KycWaitRule = async () => null,
    /** The member's cashier screens and the operators' withdrawal queue hear of each change. */
    private readonly notices?: PushNotices,
  ) {}

  /** Sent a moment after the caller's transaction commits (PushNotices): a refetch, never data. */
  changed(
    merchant: string,
    memberId: string,
    queues: ('withdrawals' | 'approvals')[] = ['withdrawals'],
  ): void {
    this.notices?.member(merchant, memberId, 'cashier');
    for (const q of queues) this.notices?.queue(merchant, q);
  }

  /** Connects the provider payouts (composition only). */
  usePayouts(payouts: ProviderPayoutService): void {
    this.payouts = payouts;
  }

  // ---- member side -------------------------------------------------------------------------------

  /**
   * What the withdrawal page shows. A withdrawal is paid from main, so the vendor wallets are
   * recalled into it first: the balance is all the member owns. None of it is withdrawable while
   * a turnover requirement is open (every request would be refused): the page says what is left
   * to bet instead.
   */
  async info(brand: Brand, memberId: string): Promise<WithdrawInfo> {
    await this.recallToMain(brand, memberId);
    const s = await this.settings(brand.code);
    const member = await this.members.info(memberId);
    const used = await this.repo.countToday(this.repo.db, memberId, brand.timezone);
    const balances = await this.ledger.memberBalances(this.repo.db, memberId);
    const turnoverLeft = await this.turnover.remaining(this.repo.db, memberId);
    const main = balances.get('MAIN') ?? 0n;
    return {
      minAmount: fromMinor(s.min),
      maxAmount: fromMinor(s.max),
      dailyCount: s.dailyCount,
      usedToday: used,
      balance: fromMinor(main),
      withdrawable: fromMinor(turnoverLeft > 0n ? 0n : main),
      turnoverRemaining: fromMinor(turnoverLeft),
      hasPaymentPassword: member.hasPaymentPassword,
      payeeName: member.payeeName,
      accounts: await this.accounts.list(memberId),
      banks: await this.accounts.banks(brand.code),
      confirmMinutes: s.confirmMinutes,
      currencySymbol: brand.currencySymbol,
      kycWait: await this.kycWait(this.repo.db, brand.code, memberId),
    };
  }

  /** Listeners of committed withdrawal requests (by withdrawal id); see onRequested. */
  private readonly requestedListeners: ((withdrawalId: string) => Promise<unknown>)[] = [];

  /**
   * Runs `fn` after each new withdrawal request has committed (AML monitoring listens).
   * WARNING: a listener's failure never fails the request, and a process that dies before it runs
   * never calls it: a listener must be idempotent and catch up on its own (the AML sweep does).
   */
  onRequested(fn: (withdrawalId: string) => Promise<unknown>): void {
    this.requestedListeners.push(fn);
  }

  /**
   * Asks for a withdrawal: the amount moves from MAIN to the hold at once. A retry with the same
   * requestId returns the first order (and moves nothing); the same requestId for another amount
   * or account is wallet.reference.conflict.
   * WARNING: the idempotency check comes first, before any rule and before the payment password:
   * a retry must get its order back even if the daily limit has been reached since.
   */
  async create(brand: Brand, memberId: string, input: WithdrawInput): Promise<Withdrawal> {
    const amount = toMinor(input.amount);
    // The schema already refused anything else; this keeps the type honest.
    if (amount === null) throw invalidField('amount', 'amount.format');
    // "007" and "7" name the same account; compare them as the database does.
    const accountId = BigInt(input.payoutAccountId).toString();
    const existing = await this.repo.byRequest(memberId, input.requestId);
    if (existing) return this.sameRequest(existing, accountId, amount);
    // A repeat of a request made before the block still answers as it did; a new one is refused.
    if (await this.repo.blocked(memberId)) throw new AppError('cashier.withdrawal.blocked');

    const s = await this.settings(brand.code);
    if (amount < s.min || amount > s.max)
      throw new AppError('cashier.amount.range', undefined, [minorText(s.min), minorText(s.max)]);
    const account = await this.accounts.own(memberId, accountId);
    if (!account) throw new AppError('withdraw.account.unknown');
    await this.members.confirmPaymentPassword(memberId, input.paymentPassword);
    // Money left at a vendor wallet is the member's too: main pays, so it comes back first.
    const held = await this.ledger.memberBalances(this.repo.db, memberId);
    if ((held.get('MAIN') ?? 0n) < amount) await this.recallToMain(brand, memberId);

    const a = await this.holdAccounts(brand.code, memberId);
    for (let attempt = 1; ; attempt++) {
      try {
        const made = await this.repo.transaction(async (trx) => {
          // Both of the member's accounts, in id order (the order ledger_post uses, so a racing
          // rejection that returns money cannot deadlock with this). From here on no other
          // withdrawal of this member runs, so the daily count below cannot be overtaken.
          await this.ledger.lock(trx, [a.main, a.hold]);
          // A twin of this request that held the lock before us has committed by now: its order
          // is the answer, even if it was the one that reached the daily limit.
          const twin = await this.repo.byRequest(memberId, input.requestId, trx);
          if (twin) return twin;
          if ((await this.repo.countToday(trx, memberId, brand.timezone)) >= s.dailyCount)
            throw new AppError('withdraw.daily.limit', undefined, [s.dailyCount]);
          const left = await this.turnover.remaining(trx, memberId);
          if (left > 0n) throw new AppError('withdraw.turnover.unmet', undefined, [minorText(left)]);
          const orderNo = newOrderNo('W', brand.timezone);
          // A member who must be verified first still gets the order and its hold (the money is
          // reserved as for any request), but no payment is made until an approval releases it.
          const kycWait = await this.kycWait(trx, brand.code, memberId);
          const id = await this.repo.insert(trx, {
            merchant: brand.code,
            memberId,
            requestId: input.requestId,
            orderNo,
            payoutAccountId: account.id,
            amount,
            kycWait,
          });
          // An overdraft of MAIN is refused here (wallet.insufficient) and the order rolls back.
          await this.ledger.post(trx, {
            merchant: brand.code,
            reference: refs.hold(orderNo),
            kind: 'WITHDRAW',
            memberId,
            memo: { orderNo },
            postings: [
              { accountId: a.main, amount: -amount },
              { accountId: a.hold, amount },
            ],
          });
          return id;
        });
        if (typeof made !== 'string') return this.sameRequest(made, accountId, amount);
        this.changed(brand.code, memberId);
        // After the commit: AML monitoring hears of the request (it never fails the request).
        await Promise.allSettled(this.requestedListeners.map((fn) => fn(made)));
        return this.toWithdrawal(await this.mustGet(brand.code, made));
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'withdrawal_member_id_request_id_key') {
          // A racing twin of this request committed first: answer with its order.
          const first = await this.repo.byRequest(memberId, input.requestId);
          if (first) return this.sameRequest(first, accountId, amount);
        }
        if (constraint === 'withdrawal_order_no_key' && attempt < ORDER_NO_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  async list(memberId: string, q: WithdrawalListQuery) {
    const { rows, total } = await this.repo.memberPage(
      memberId,
      q.status,
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    const payouts = await this.payoutsByWithdrawal(rows.map((r) => r.id));
    return {
      list: rows.map((r) => this.toWithdrawal(r, payouts.get(r.id) ?? [])),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
    };
  }

  /**
   * The member takes back a withdrawal that waits for identity verification: the whole amount
   * returns from the hold to MAIN and the order closes as REJECTED (reviewed by MEMBER). The
   * return's ledger reference is the order's own, so a repeated cancel cannot return it twice.
   * Only a held order may be taken back: one in the normal queue is the operator's to decide.
   */
  async cancelWaiting(brand: Brand, memberId: string, id: string): Promise<Withdrawal> {
    const order = await this.repo.byId(brand.code, id);
    // Another member's order is as unknown as one that does not exist.
    if (!order || order.member_id !== memberId) throw new AppError('cashier.order.not.found');
    const a = await this.holdAccounts(brand.code, memberId);
    await this.repo.transaction(async (trx) => {
      const w = await this.repo.lock(trx, brand.code, id);
      if (!w || w.member_id !== memberId) throw new AppError('cashier.order.not.found');
      if (w.status !== 'PENDING' || !w.kyc_wait || BigInt(w.paid_amount) !== 0n)
        throw new AppError('cashier.order.state');
      await this.repo.reject(trx, w.id, 'CANCELLED_BY_MEMBER', 'MEMBER');
      await this.ledger.post(trx, {
        merchant: brand.code,
        reference: refs.back(w.order_no),
        kind: 'WITHDRAW_RETURN',
        memberId,
        memo: { orderNo: w.order_no, reason: 'CANCELLED_BY_MEMBER' },
        postings: [
          { accountId: a.hold, amount: -BigInt(w.amount) },
          { accountId: a.main, amount: BigInt(w.amount) },
        ],
      });
    });
    this.changed(brand.code, memberId);
    return this.toWithdrawal(await this.mustGet(brand.code, id));
  }

  /**
   * After the member's identity was approved: their held withdrawals join the normal queue.
   * Pass the approval's transaction; returns the released ids.
   */
  async releaseKycWait(trx: Db, merchant: string, memberId: string): Promise<string[]> {
    const released = await this.repo.releaseKycWait(trx, merchant, memberId);
    if (released.length > 0) this.changed(merchant, memberId);
    return released;
  }

  /**
   * The member's answer to one payout: received, or not received with proof. No money moves
   * either way; a NOT_RECEIVED payout is for an operator to investigate (resolvePayout).
   */
  async confirmPayout(
    brand: Brand,
    memberId: string,
    withdrawalId: string,
    payoutId: string,
    input: ConfirmPayoutInput,
  ): Promise<Withdrawal> {
    await this.repo.transaction(async (trx) => {
      const p = await this.repo.lockPayout(trx, brand.code, memberId, withdrawalId, payoutId);
      // Another member's payout is as unknown as one that does not exist.
      if (!p) throw new AppError('cashier.order.not.found');
      if (p.confirm_status !== 'AWAITING' || !p.open) throw new AppError('cashier.order.state');
      if (input.received) {
        await this.repo.answerPayout(trx, p.id, { status: 'RECEIVED', remark: input.remark || null });
      } else {
        const imageIds = input.imageIds ?? [];
        await this.images.assertOwned(trx, memberId, imageIds);
        await this.repo.answerPayout(trx, p.id, {
          status: 'NOT_RECEIVED',
          imageIds,
          remark: input.remark || null,
        });
      }
    });
    this.changed(brand.code, memberId);
    const row = await this.mustGet(brand.code, withdrawalId);
    return this.toWithdrawal(row, await this.repo.payoutsOf([row.id]));
  }

  // ---- the job -----------------------------------------------------------------------------------

  /** AWAITING payouts past their deadline count as received; returns how many. */
  autoConfirm(): Promise<number> {
    return this.repo.autoConfirm();
  }

  // ---- operators ----------------------------------------------------------------------------------

  /**
   * The operators' queue, newest first, one page (pageSize + 1 rows read to know whether more
   * follow), each row with its last maker-checker request and its risk signals. The signals are
   * read for the whole page at once (one query each), except linked accounts: the players module
   * counts those per member (countLinked), once per distinct member of the page.
   */
  async queue(brand: Brand, q: WithdrawalQueueQuery): Promise<WithdrawalQueuePage> {
    const rows = await this.repo.queuePage(
      brand.code,
      {
        status: q.status,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        q: q.q || undefined,
      },
      (q.page - 1) * q.pageSize,
      q.pageSize + 1,
    );
    const page = rows.slice(0, q.pageSize);
    const ids = page.map((r) => r.id);
    const members = [...new Set(page.map((r) => r.member_id))];
    const [approvals, turnover, flows, first, linked, sent] = await Promise.all([
      this.repo.lastApprovals(ids),
      this.turnover.remainingOf(this.repo.db, members),
      this.repo.flows30d(members),
      this.repo.firstToAccount(ids),
      Promise.all(members.map(async (m) => [m, await this.countLinked(brand.code, m)] as const)),
      this.payouts?.ofWithdrawals(ids) ?? Promise.resolve([]),
    ]);
    // Oldest first: the last one read is each withdrawal's latest.
    const sentOf = new Map(sent.map((p) => [p.withdrawal_id, p]));
    const approvalOf = new Map(approvals.map((a) => [a.withdrawal_id, a]));
    const flowOf = new Map(flows.map((f) => [f.member_id, f]));
    const linkedOf = new Map(linked);
    return {
      list: page.map((r) => {
        const a = approvalOf.get(r.id);
        const f = flowOf.get(r.member_id);
        const left = turnover.get(r.member_id) ?? 0n;
        const withdrawn = BigInt(f?.withdrawals ?? '0');
        const account = toPayoutAccount(this.accountRow(r));
        return {
          id: r.id,
          orderNo: r.order_no,
          memberId: r.member_id,
          username: r.username,
          amount: fromMinor(r.amount),
          paid: fromMinor(r.paid_amount),
          payoutAccount: {
            bank: account.bankName,
            holder: account.accountName,
            numberMasked: account.accountNo,
          },
          status: r.status,
          createdAt: r.created_at.toISOString(),
          kycWait: r.status === 'PENDING' ? r.kyc_wait : null,
          approval: a
            ? { id: a.id, state: a.state === 'APPROVING' ? 'PENDING' : a.state, requestedBy: a.requested_by }
            : null,
          providerPayout: sentOf.has(r.id) ? toProviderPayoutView(sentOf.get(r.id)!) : null,
          risk: {
            turnoverMet: left === 0n,
            turnoverLeft: fromMinor(left),
            accountAgeDays: r.account_age_days,
            linkedAccounts: linkedOf.get(r.member_id) ?? 0,
            depositToWithdrawal30d:
              withdrawn === 0n
                ? null
                : Math.round((Number(BigInt(f?.deposits ?? '0')) / Number(withdrawn)) * 100) / 100,
            firstToThisPayoutAccount: first.has(r.id),
          },
        };
      }),
      page: q.page,
      pageSize: q.pageSize,
      hasMore: rows.length > q.pageSize,
    };
  }

  /**
   * An operator's decision to pay a PENDING or PARTIAL withdrawal: `amount` (default: all that
   * remains; a part needs a reason). A payment below the brand's threshold
   * (withdrawalApprovalThreshold, minor units; strictly below, so a threshold of 0 sends every
   * payment to a second person) is made at once; one at or above it is recorded as a WITHDRAWAL
   * approval request for someone else to approve (payApproved) and moves no money. While a request
   * is open on the withdrawal, no other decision to pay is taken (withdrawal.approval.pending).
   * WARNING: requestId is the payment's ledger idempotency key: a retry with the same requestId
   * finds its entry and pays nothing more.
   */
  async approve(
    brand: Brand,
    id: string,
    by: Actor,
    input: { amount?: string; reason?: string },
    requestId: string,
  ): Promise<WithdrawalDecision> {
    const order = await this.repo.byId(brand.code, id);
    if (!order) throw new AppError('cashier.order.not.found');
    const wanted = input.amount === undefined ? null : toMinor(input.amount);
    if (input.amount !== undefined && (wanted === null || wanted <= 0n))
      throw invalidField('amount', 'amount.format');
    const threshold = (await this.thresholds.get(brand.code)).withdrawalApprovalThreshold;
    const s = await this.settings(brand.code);
    const a = await this.payAccounts(brand.code, order.member_id);
    const viaProvider = await this.providerRoute(brand.code, order);
    let sent: string | null = null;
    const outcome = await this.repo.transaction(
      async (trx): Promise<Omit<WithdrawalDecision, 'withdrawal'>> => {
        const w = await this.repo.lock(trx, brand.code, id);
        if (!w) throw new AppError('cashier.order.not.found');
        const reference = refs.pay(w.order_no, requestId);
        const done = await this.ledger.entry(trx, brand.code, reference);
        if (done) {
          // A retry of a payment already made: the same amount (or none given) is the same payment.
          const firstPayout = await this.repo.payoutByEntry(trx, done.id);
          const firstSent = firstPayout ? undefined : await this.payouts?.byCreateEntry(trx, done.id);
          const first = firstPayout ?? firstSent;
          if (!first || (wanted !== null && BigInt(first.amount) !== wanted))
            throw new AppError('wallet.reference.conflict');
          if (firstSent) return { state: 'PAYOUT_SENT' };
          return { state: w.status === 'PAID' ? 'PAID' : 'PARTLY_PAID' };
        }
        if (w.status !== 'PENDING' && w.status !== 'PARTIAL') throw new AppError('cashier.order.state');
        // WARNING: held for identity verification: only the member's approval releases it.
        if (w.kyc_wait) throw new AppError('kyc.withdrawal.waiting');
        if (await this.payouts?.inFlight(trx, w.id)) throw new AppError('withdrawal.payout.in.flight');
        if (await this.repo.openApproval(trx, w.id)) throw new AppError('withdrawal.approval.pending');
        const remaining = BigInt(w.amount) - BigInt(w.paid_amount);
        const payment = wanted ?? remaining;
        if (payment > remaining) throw invalidField('amount', 'amount.remaining');
        const reason = input.reason?.trim() || null;
        if (payment < remaining && !reason) throw invalidField('reason', 'reason.required');
        if (payment < threshold) {
          if (viaProvider && payment === remaining) {
            sent = await this.startProviderPayout(
              trx,
              brand.code,
              w,
              order,
              viaProvider,
              payment,
              reference,
              by.name,
              {
                requestId,
                reason,
              },
            );
            return { state: 'PAYOUT_SENT' };
          }
          const status = await this.payInTx(
            trx,
            brand.code,
            w,
            a,
            payment,
            reference,
            by.name,
            s.confirmMinutes,
            {
              requestId,
              reason,
            },
          );
          return { state: status === 'PAID' ? 'PAID' : 'PARTLY_PAID' };
        }
        const approvalId = await this.repo.insertApproval(trx, {
          merchant: brand.code,
          memberId: w.member_id,
          withdrawalId: w.id,
          amount: payment,
          reason,
          by,
        });
        return { state: 'AWAITING_SECOND_APPROVAL', approvalId };
      },
    );
    this.changed(brand.code, order.member_id, ['withdrawals', 'approvals']);
    // After commit: the payout is on our books before the provider hears of it.
    if (sent) await this.payouts?.send(brand.code, sent);
    return { ...outcome, withdrawal: await this.adminGet(brand.code, id) };
  }

  /**
   * The second person's approval of a WITHDRAWAL request: pays the requested amount in the same
   * transaction that marks the request APPROVED. The withdrawal row is locked first and the
   * request second (the order every decision on a withdrawal takes), so of two approvals at once
   * the second finds the request decided; the reference WITHDRAW_PAY:<orderNo>:approval-<id>
   * keeps the payment single even so. The caller (ApprovalService) has refused the requester.
   */
  async payApproved(
    brand: Brand,
    approvalId: string,
    by: Actor,
    reason: string | null,
  ): Promise<{ before: WithdrawalAuditState; after: WithdrawalAuditState }> {
    const withdrawalId = await this.repo.approvalTarget(brand.code, approvalId);
    if (!withdrawalId) throw new AppError('approval.not.found');
    const order = await this.repo.byId(brand.code, withdrawalId);
    if (!order) throw new AppError('cashier.order.not.found');
    const s = await this.settings(brand.code);
    const a = await this.payAccounts(brand.code, order.member_id);
    const viaProvider = await this.providerRoute(brand.code, order);
    let sent: string | null = null;
    const result = await this.repo.transaction(async (trx) => {
      const w = await this.repo.lock(trx, brand.code, withdrawalId);
      if (!w) throw new AppError('cashier.order.not.found');
      const req = await this.repo.lockApproval(trx, brand.code, approvalId);
      if (!req) throw new AppError('approval.not.found');
      if (req.state !== 'PENDING') throw new AppError('approval.decided');
      if (w.status !== 'PENDING' && w.status !== 'PARTIAL') throw new AppError('cashier.order.state');
      if (w.kyc_wait) throw new AppError('kyc.withdrawal.waiting');
      const payment = BigInt(req.amount);
      if (payment > BigInt(w.amount) - BigInt(w.paid_amount))
        throw invalidField('amount', 'amount.remaining');
      const reference = refs.pay(w.order_no, `approval-${approvalId}`);
      const before: WithdrawalAuditState = {
        orderNo: w.order_no,
        status: w.status,
        paid: fromMinor(w.paid_amount),
      };
      let after = before;
      if (!(await this.ledger.entry(trx, brand.code, reference))) {
        if (await this.payouts?.inFlight(trx, w.id)) throw new AppError('withdrawal.payout.in.flight');
        const memo = { requestId: `approval-${approvalId}`, reason: req.reason, approvalId };
        if (viaProvider && payment === BigInt(w.amount) - BigInt(w.paid_amount)) {
          sent = await this.startProviderPayout(
            trx,
            brand.code,
            w,
            order,
            viaProvider,
            payment,
            reference,
            by.name,
            memo,
          );
          after = { ...before, status: 'PAYOUT_SENT' };
        } else {
          const status = await this.payInTx(
            trx,
            brand.code,
            w,
            a,
            payment,
            reference,
            by.name,
            s.confirmMinutes,
            memo,
          );
          after = { orderNo: w.order_no, status, paid: fromMinor(BigInt(w.paid_amount) + payment) };
        }
      }
      await this.repo.decideApproval(trx, approvalId, { state: 'APPROVED', by: by.name, reason });
      return { before, after };
    });
    this.changed(brand.code, order.member_id, ['withdrawals', 'approvals']);
    if (sent) await this.payouts?.send(brand.code, sent);
    return result;
  }

  /** The withdrawal as operators see it (the answer of every decision). */
  detail(brand: Brand, id: string): Promise<AdminWithdrawal> {
    return this.adminGet(brand.code, id);
  }

  /**
   * Rejects a PENDING or PARTIAL withdrawal: what is still held (amount - paid) goes back to MAIN.
   * A partly paid order keeps its payouts; only the remaining returns.
   */
  async reject(brand: Brand, id: string, operator: string, reason: string): Promise<AdminWithdrawal> {
    const order = await this.repo.byId(brand.code, id);
    if (!order) throw new AppError('cashier.order.not.found');
    const a = await this.holdAccounts(brand.code, order.member_id);
    await this.repo.transaction(async (trx) => {
      const w = await this.repo.lock(trx, brand.code, id);
      if (!w) throw new AppError('cashier.order.not.found');
      if (w.status !== 'PENDING' && w.status !== 'PARTIAL') throw new AppError('cashier.order.state');
      // Money at the provider is not the hold's to return: the provider's word settles it first.
      if (await this.payouts?.inFlight(trx, w.id)) throw new AppError('withdrawal.payout.in.flight');
      const remaining = BigInt(w.amount) - BigInt(w.paid_amount);
      // A payment waiting for its second approver dies with the withdrawal.
      await this.repo.rejectOpenApproval(trx, w.id, operator, reason);
      await this.repo.reject(trx, w.id, reason, operator);
      // PENDING and PARTIAL always have something left (paid < amount); the guard keeps a zero
      // entry, which the ledger refuses, out of the question.
      if (remaining > 0n) {
        await this.ledger.post(trx, {
          merchant: brand.code,
          reference: refs.back(w.order_no),
          kind: 'WITHDRAW_RETURN',
          memberId: w.member_id,
          memo: { orderNo: w.order_no, reason },
          postings: [
            { accountId: a.hold, amount: -remaining },
            { accountId: a.main, amount: remaining },
          ],
        });
      }
      await this.inbox.notify(trx, {
        merchant: brand.code,
        memberId: w.member_id,
        kind: 'WITHDRAW_REJECTED',
        params: { orderNo: w.order_no, amount: fromMinor(remaining), reason },
      });
    });
    this.changed(brand.code, order.member_id, ['withdrawals', 'approvals']);
    return this.adminGet(brand.code, id);
  }

  /** After investigating a NOT_RECEIVED payout: it did arrive. No money moves. */
  async resolvePayout(brand: Brand, withdrawalId: string, payoutId: string): Promise<AdminWithdrawal> {
    const memberId = await this.repo.transaction(async (trx) => {
      const p = await this.repo.lockPayout(trx, brand.code, null, withdrawalId, payoutId);
      if (!p) throw new AppError('cashier.order.not.found');
      if (p.confirm_status !== 'NOT_RECEIVED') throw new AppError('cashier.order.state');
      await this.repo.answerPayout(trx, p.id, { status: 'RECEIVED' });
      return p.member_id;
    });
    this.changed(brand.code, memberId);
    return this.adminGet(brand.code, withdrawalId);
  }

  // ---- internals --------------------------------------------------------------------------------

  /**
   * One payment inside the caller's transaction, which holds the withdrawal's row lock: `a.hold`
   * (the member's hold, or PAYOUT_CLEARING for a provider's success) → payment clearing, a payout
   * for the member to confirm, PARTIAL or PAID, the member's message.
   */
  async payInTx(
    trx: Db,
    merchant: string,
    w: { id: string; member_id: string; order_no: string; amount: string; paid_amount: string },
    a: { hold: string; clearing: string },
    payment: bigint,
    reference: string,
    operator: string,
    confirmMinutes: number,
    memo: { requestId: string; reason: string | null; approvalId?: string },
  ): Promise<'PAID' | 'PARTIAL'> {
    const amount = BigInt(w.amount);
    const paidBefore = BigInt(w.paid_amount);
    const entry = await this.ledger.post(trx, {
      merchant,
      reference,
      kind: 'WITHDRAW_PAID',
      // WARNING: no member on this entry. The member's wallets do not change (the hold was
      // already shown as WITHDRAW when asked for), so its account record must not list it.
      memberId: null,
      memo: { orderNo: w.order_no, memberId: w.member_id, operator, ...memo },
      postings: [
        { accountId: a.hold, amount: -payment },
        { accountId: a.clearing, amount: payment },
      ],
    });
    await this.repo.insertPayout(trx, {
      withdrawalId: w.id,
      amount: payment,
      entryId: entry.entryId,
      confirmMinutes,
    });
    const paid = paidBefore + payment;
    const status = paid === amount ? 'PAID' : 'PARTIAL';
    await this.repo.recordPayment(trx, w.id, paid, status, operator);
    this.changed(merchant, w.member_id);
    await this.inbox.notify(trx, {
      merchant,
      memberId: w.member_id,
      kind: status === 'PAID' ? 'WITHDRAW_PAID' : 'WITHDRAW_PARTIAL',
      params: {
        orderNo: w.order_no,
        amount: fromMinor(amount),
        paid: fromMinor(paid),
        remaining: fromMinor(amount - paid),
        payment: fromMinor(payment),
      },
    });
    return status;
  }

  /** The provider that pays this withdrawal's account for the brand, if any (before the decision's transaction). */
  private async providerRoute(merchant: string, order: WithdrawalRow) {
    if (!this.payouts) return null;
    const route = await this.payouts.route(merchant, order.bank_code);
    return route ? { route, accounts: await this.payouts.accounts(merchant, order.member_id) } : null;
  }

  /** A payment of all that remains, sent through the provider (inside the decision's transaction). */
  private startProviderPayout(
    trx: Db,
    merchant: string,
    w: { id: string; member_id: string; order_no: string },
    order: WithdrawalRow,
    via: NonNullable<Awaited<ReturnType<WithdrawalService['providerRoute']>>>,
    payment: bigint,
    reference: string,
    operator: string,
    memo: Record<string, unknown>,
  ): Promise<string> {
    if (!this.payouts) throw new Error('withdrawals: no provider payouts');
    return this.payouts.startInTx(trx, {
      merchant,
      w,
      route: via.route,
      payment,
      ledgerReference: reference,
      operator,
      // WARNING: the account as the withdrawal named it; a later edit of the account does not move it.
      accountNo: order.account_no,
      accountName: order.account_name,
      accounts: via.accounts,
      memo,
    });
  }

  /** The accounts a payment moves money between, resolved before its transaction (LedgerService.account WARNING). */
  private async payAccounts(merchant: string, memberId: string) {
    return {
      hold: await this.ledger.account(merchant, 'WITHDRAW_HOLD', memberId),
      clearing: await this.ledger.account(merchant, 'PAYMENT_CLEARING'),
    };
  }

  private async settings(merchant: string) {
    const row = await this.repo.settings(merchant);
    // Every brand is seeded with its cashier settings; a brand without them cannot pay out.
    if (!row) throw new AppError('system.feature.disabled');
    return {
      min: BigInt(row.withdraw_min),
      max: BigInt(row.withdraw_max),
      dailyCount: row.withdraw_daily_count,
      confirmMinutes: row.withdraw_confirm_minutes,
    };
  }

  private async holdAccounts(merchant: string, memberId: string): Promise<HoldAccounts> {
    return {
      main: await this.ledger.account(merchant, 'MAIN', memberId),
      hold: await this.ledger.account(merchant, 'WITHDRAW_HOLD', memberId),
    };
  }

  private async mustGet(merchant: string, id: string): Promise<WithdrawalRow> {
    const row = await this.repo.byId(merchant, id);
    if (!row) throw new AppError('cashier.order.not.found');
    return row;
  }

  private async adminGet(merchant: string, id: string): Promise<AdminWithdrawal> {
    const row = await this.mustGet(merchant, id);
    const payouts = await this.repo.payoutsOf([id]);
    const sent = (await this.payouts?.ofWithdrawals([id])) ?? [];
    return this.toAdminWithdrawal(row, await this.repo.usernameOf(row.member_id), payouts, sent);
  }

  private async payoutsByWithdrawal(ids: string[]): Promise<Map<string, PayoutRow[]>> {
    const out = new Map<string, PayoutRow[]>();
    for (const p of await this.repo.payoutsOf(ids)) {
      const list = out.get(p.withdrawal_id) ?? [];
      list.push(p);
      out.set(p.withdrawal_id, list);
    }
    return out;
  }

  /** A retried request: the same order back, or a conflict if it now asks for something else. */
  private async sameRequest(existing: WithdrawalRow, accountId: string, amount: bigint): Promise<Withdrawal> {
    if (existing.payout_account_id !== accountId || BigInt(existing.amount) !== amount)
      throw new AppError('wallet.reference.conflict');
    return this.toWithdrawal(existing, await this.repo.payoutsOf([existing.id]));
  }

  private accountRow(r: WithdrawalRow) {
    return {
      id: r.payout_account_id,
      merchant_code: r.merchant_code,
      member_id: r.member_id,
      bank_code: r.bank_code,
      bank_kind: r.bank_kind,
      bank_name: r.bank_name,
      account_name: r.account_name,
      account_no: r.account_no,
      created_at: r.account_created_at,
    };
  }

  private toWithdrawal(r: WithdrawalRow, payouts: PayoutRow[] = []): Withdrawal {
    const amount = BigInt(r.amount);
    const paid = BigInt(r.paid_amount);
    return {
      id: r.id,
      orderNo: r.order_no,
      amount: fromMinor(amount),
      paidAmount: fromMinor(paid),
      // Nothing is still to come once rejected: the rest went back to the wallet.
      remainingAmount: fromMinor(r.status === 'REJECTED' ? 0n : amount - paid),
      status: r.status,
      account: toPayoutAccount(this.accountRow(r)),
      payouts: payouts.map((p) => ({
        id: p.id,
        amount: fromMinor(p.amount),
        paidTime: p.created_at.toISOString(),
        confirmStatus: p.confirm_status,
        confirmDeadline: p.confirm_deadline.toISOString(),
        proofImageIds: p.proof_image_ids,
      })),
      rejectReason: r.reject_reason,
      createdTime: r.created_at.toISOString(),
      updatedTime: r.updated_at.toISOString(),
      kycWait: r.status === 'PENDING' ? r.kyc_wait : null,
    };
  }

  private toAdminWithdrawal(
    r: WithdrawalRow,
    username: string,
    payouts: PayoutRow[],
    sent: ProviderPayoutRow[],
  ): AdminWithdrawal {
    const base = this.toWithdrawal(r, payouts);
    return {
      ...base,
      memberId: r.member_id,
      username,
      reviewedBy: r.reviewed_by,
      account: toPayoutAccount(this.accountRow(r), false),
      payouts: payouts.map((p, i) => ({
        ...base.payouts[i]!,
        remark: p.remark,
        confirmedTime: p.confirmed_at?.toISOString() ?? null,
      })),
      providerPayouts: sent.map(toProviderPayoutView),
    };
  }
}

/** A provider payout as the back office shows it. */
export function toProviderPayoutView(p: ProviderPayoutRow): ProviderPayoutView {
  return {
    reference: p.reference,
    provider: p.provider,
    channelCode: p.channel_code,
    amount: fromMinor(p.amount),
    state: p.state,
    providerRef: p.provider_ref,
    providerStatus: p.provider_status,
    failureCode: p.failure_code,
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
  };
}
