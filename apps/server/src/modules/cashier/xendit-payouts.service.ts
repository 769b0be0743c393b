import { fromMinor } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { ProviderConfigSource } from '../integrations';
import type { InboxService } from '../messages';
import type { LedgerService } from '../wallet';
import type { PayoutProviderOps, PayoutStatus } from './payment-adapter';
import type { ProviderPayoutRepository, ProviderPayoutRow } from './xendit-payouts.repository';
import type { WithdrawalRepository } from './withdrawal.repository';

/** A payout provider as the cashier routes withdrawals to it. */
export interface PayoutProvider extends PayoutProviderOps {
  readonly code: string;
  /** The provider's channel for a payout bank of the brand, where the brand pays through it; else null. */
  channel(merchant: string, bankCode: string): Promise<{ channelCode: string; currency: string } | null>;
}

/** Where an approved payment goes: the provider, its channel and currency. */
export interface PayoutRoute {
  provider: string;
  channelCode: string;
  currency: string;
}

/** The accounts a provider payout moves money between, resolved before its transaction. */
export interface ProviderPayoutAccounts {
  main: string;
  hold: string;
  /** PAYOUT_CLEARING: sent to the provider, outcome unknown. */
  inFlight: string;
  /** PAYMENT_CLEARING: paid out (where a manual payment goes too). */
  clearing: string;
}

/** The withdrawal's own bookkeeping of a payment that arrived (WithdrawalService.payInTx). */
export type RecordPayment = (
  trx: Db,
  merchant: string,
  w: { id: string; member_id: string; order_no: string; amount: string; paid_amount: string },
  a: { hold: string; clearing: string },
  payment: bigint,
  reference: string,
  operator: string,
  confirmMinutes: number,
  memo: { requestId: string; reason: string | null },
) => Promise<'PAID' | 'PARTIAL'>;

/** Ledger references of a provider payout. WARNING: each must be built the same way on every retry. */
const refs = {
  succeeded: (reference: string) => `PAYOUT_SUCCEEDED:${reference}`,
  returned: (reference: string) => `PAYOUT_RETURNED:${reference}`,
  reversed: (reference: string) => `PAYOUT_REVERSED:${reference}`,
};

/** The failure code a payout held for review carries (the provider's amount and currency after it). */
export const MISMATCH = 'AMOUNT_MISMATCH';

/** Whether the provider names an amount or currency other than our payout's. */
function mismatch(p: ProviderPayoutRow, s: PayoutStatus): boolean {
  return (
    (s.amount !== undefined && s.amount !== BigInt(p.amount)) ||
    (s.currency !== undefined && s.currency !== p.currency)
  );
}

/** Who the withdrawal's history names for what a provider decided. */
const providerActor = (provider: string) => `provider:${provider}`;

/** An in-flight payout last sent this long ago is asked about again (the webhook may never come). */
export const RECONCILE_AFTER_MS = 60_000;
const RECONCILE_BATCH = 100;

type Outcome = 'applied' | 'repeat' | 'unknown';

/**
 * Withdrawals paid through a payment provider's payouts API. The approved payment leaves the
 * member's withdrawal hold for PAYOUT_CLEARING in the transaction that records the payout
 * (startInTx, inside the operator's decision); the call to the provider goes out after commit with
 * our reference as its idempotency key (send). The provider's word, by webhook, by the create's
 * answer or by the reconciliation's status query, is applied in one transaction that locks the
 * withdrawal row and then the payout row, so two of them at once are applied one after the other
 * and the second finds the payout decided:
 * - SUCCEEDED: PAYOUT_CLEARING → PAYMENT_CLEARING, the withdrawal payout the member confirms, PAID;
 * - FAILED, CANCELLED, or REVERSED before we heard of a success: PAYOUT_CLEARING (and whatever the
 *   withdrawal still holds) → MAIN, the withdrawal REJECTED with the provider's code;
 * - REVERSED after SUCCEEDED: PAYMENT_CLEARING → MAIN, the payment taken off the withdrawal.
 * Each movement has its own reference, so the ledger refuses a second one even so.
 */
export class ProviderPayoutService {
  private readonly providers = new Map<string, PayoutProvider>();

  constructor(
    private readonly repo: ProviderPayoutRepository,
    private readonly withdrawals: WithdrawalRepository,
    private readonly ledger: LedgerService,
    private readonly inbox: InboxService,
    private readonly configs: ProviderConfigSource,
    providers: readonly PayoutProvider[],
    private readonly recordPayment: RecordPayment,
    private readonly log?: FastifyBaseLogger,
    /** Tells the member's screens and the operators' queue that a withdrawal changed (after commit). */
    private readonly changed: (merchant: string, memberId: string) => void = () => {},
  ) {
    for (const p of providers) this.providers.set(p.code, p);
  }

  /** The provider that pays this bank for the brand, if any (read before a decision's transaction). */
  async route(merchant: string, bankCode: string): Promise<PayoutRoute | null> {
    for (const p of this.providers.values()) {
      const c = await p.channel(merchant, bankCode);
      if (c) return { provider: p.code, ...c };
    }
    return null;
  }

  async accounts(merchant: string, memberId: string): Promise<ProviderPayoutAccounts> {
    return {
      main: await this.ledger.account(merchant, 'MAIN', memberId),
      hold: await this.ledger.account(merchant, 'WITHDRAW_HOLD', memberId),
      inFlight: await this.ledger.account(merchant, 'PAYOUT_CLEARING'),
      clearing: await this.ledger.account(merchant, 'PAYMENT_CLEARING'),
    };
  }

  /** The withdrawal's payment still waiting for its provider, if any (under the withdrawal's lock). */
  inFlight(trx: Db, withdrawalId: string) {
    return this.repo.inFlight(trx, withdrawalId);
  }

  /** The provider payout a decision's ledger entry started (a retried decision finds it). */
  byCreateEntry(trx: Db, entryId: string) {
    return this.repo.byCreateEntry(trx, entryId);
  }

  /** Every provider payout of these withdrawals (back office). */
  ofWithdrawals(ids: string[]): Promise<ProviderPayoutRow[]> {
    return this.repo.ofWithdrawals(ids);
  }

  /**
   * Starts a provider payout inside the decision's transaction, which holds the withdrawal's row
   * lock: the payment leaves the hold for PAYOUT_CLEARING under the decision's own ledger reference
   * (a retried decision finds it), and the payout is recorded. Returns our reference, to send
   * after commit.
   */
  async startInTx(
    trx: Db,
    o: {
      merchant: string;
      w: { id: string; member_id: string; order_no: string };
      route: PayoutRoute;
      payment: bigint;
      ledgerReference: string;
      operator: string;
      accountNo: string;
      accountName: string;
      accounts: ProviderPayoutAccounts;
      memo: Record<string, unknown>;
    },
  ): Promise<string> {
    const n = (await this.repo.countOf(trx, o.w.id)) + 1;
    // Unique: order numbers are; short enough for any provider's reference field.
    const reference = `${o.w.order_no}-P${n}`;
    const entry = await this.ledger.post(trx, {
      merchant: o.merchant,
      reference: o.ledgerReference,
      kind: 'WITHDRAW_PAYOUT',
      // WARNING: no member on this entry, as for a manual payment: the member's record showed the
      // withdrawal when it was asked for.
      memberId: null,
      memo: {
        orderNo: o.w.order_no,
        memberId: o.w.member_id,
        provider: o.route.provider,
        reference,
        ...o.memo,
      },
      postings: [
        { accountId: o.accounts.hold, amount: -o.payment },
        { accountId: o.accounts.inFlight, amount: o.payment },
      ],
    });
    await this.repo.insert(trx, {
      merchant: o.merchant,
      withdrawalId: o.w.id,
      provider: o.route.provider,
      reference,
      amount: o.payment,
      currency: o.route.currency,
      channelCode: o.route.channelCode,
      accountNo: o.accountNo,
      accountName: o.accountName,
      operator: o.operator,
      createEntryId: entry.entryId,
    });
    return reference;
  }

  /**
   * Asks the provider to pay (after the payout's transaction committed). Never throws: a call that
   * times out or fails leaves the payout in flight, and the reconciliation asks again with the
   * same idempotency key.
   */
  async send(merchant: string, reference: string): Promise<void> {
    const p = await this.repo.byReference(merchant, reference);
    if (!p || p.state !== 'IN_FLIGHT') return;
    const provider = this.providers.get(p.provider);
    if (!provider) return;
    await this.repo.markSent(reference);
    let status: PayoutStatus;
    try {
      status = await provider.create({
        merchant,
        reference,
        amount: BigInt(p.amount),
        currency: p.currency,
        channelCode: p.channel_code,
        accountNo: p.account_no,
        accountName: p.account_name,
      });
    } catch (err) {
      this.log?.warn({ err, reference }, 'provider payout: create not answered; left in flight');
      return;
    }
    try {
      await this.apply(merchant, reference, status);
    } catch (err) {
      // The decision has committed; the reconciliation applies the provider's word later.
      this.log?.error({ err, reference }, 'provider payout: answer not applied; left in flight');
    }
  }

  /** A provider's notification: authenticated by the provider's own scheme first, then applied once. */
  async notification(
    brand: Brand,
    provider: string,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true; repeat: boolean }> {
    const p = this.providers.get(provider);
    if (!p) throw new AppError('integration.unknown');
    const n = await p.notification(brand.code, raw, headers);
    const outcome = await this.apply(brand.code, n.reference, n, { provider, eventId: n.eventId });
    if (outcome === 'unknown') throw new AppError('cashier.order.not.found');
    return { received: true, repeat: outcome === 'repeat' };
  }

  /**
   * Asks the providers about every payout still in flight and last sent at least `afterMs` ago:
   * one the provider never received is sent again (same idempotency key), any other answer is
   * applied. Returns how many it asked about.
   */
  async reconcile(afterMs = RECONCILE_AFTER_MS): Promise<number> {
    let asked = 0;
    for (const provider of this.providers.values()) {
      for (const merchant of await this.configs.enabledBrands(provider.code)) {
        const due = await this.repo.dueForReconcile(
          merchant,
          new Date(Date.now() - afterMs),
          RECONCILE_BATCH,
        );
        for (const p of due.filter((x) => x.provider === provider.code)) {
          asked++;
          try {
            const status = await provider.status(merchant, p.reference, p.provider_ref);
            if (status === null) await this.send(merchant, p.reference);
            else await this.apply(merchant, p.reference, status);
          } catch (err) {
            this.log?.warn({ err, reference: p.reference }, 'provider payout: status query failed');
          }
        }
      }
    }
    return asked;
  }

  // ---- applying the provider's word ------------------------------------------------------------

  /**
   * Applies what the provider says of a payout. With an event, the event id is recorded in the
   * same transaction, so a repeated notification is answered and changes nothing.
   */
  async apply(
    merchant: string,
    reference: string,
    s: PayoutStatus,
    event?: { provider: string; eventId: string },
  ): Promise<Outcome> {
    const found = await this.repo.byReference(merchant, reference);
    if (!found) return 'unknown';
    const order = await this.withdrawals.byId(merchant, found.withdrawal_id);
    if (!order) return 'unknown';
    const a = await this.accounts(merchant, order.member_id);
    const confirmMinutes = (await this.withdrawals.settings(merchant))?.withdraw_confirm_minutes ?? 0;
    return this.withdrawals.transaction(async (trx): Promise<Outcome> => {
      if (event) {
        const first = await this.repo.recordEvent(trx, {
          provider: event.provider,
          eventId: event.eventId,
          merchant,
          reference,
          status: s.providerStatus,
        });
        if (!first) return 'repeat';
      }
      const w = await this.withdrawals.lock(trx, merchant, found.withdrawal_id);
      const p = await this.repo.lock(trx, merchant, reference);
      if (!w || !p) return 'unknown';
      // The provider's word is about another amount or currency than we asked it to pay: it is
      // not taken (no payment recorded, no money returned). The payout stays in flight, marked for
      // staff to review with the provider; the money stays in PAYOUT_CLEARING meanwhile.
      if (s.state !== 'PENDING' && mismatch(p, s)) {
        const code = `${MISMATCH}:${s.amount === undefined ? '?' : fromMinor(s.amount)} ${s.currency ?? '?'}`;
        this.log?.error(
          {
            reference,
            ours: { amount: p.amount, currency: p.currency },
            theirs: { amount: s.amount?.toString(), currency: s.currency },
            status: s.providerStatus,
          },
          'provider payout: amount or currency differs from our order; held for review',
        );
        if (p.state === 'IN_FLIGHT')
          await this.repo.update(trx, p.id, {
            providerRef: s.providerRef || null,
            providerStatus: `${s.providerStatus}:REVIEW`,
            failureCode: code.slice(0, 120),
          });
        return 'applied';
      }
      if (p.state === 'IN_FLIGHT') {
        if (s.state === 'PENDING') {
          await this.repo.update(trx, p.id, {
            providerRef: s.providerRef || null,
            providerStatus: s.providerStatus,
          });
        } else if (s.state === 'SUCCEEDED') {
          await this.succeeded(trx, merchant, w, p, s, a, confirmMinutes);
        } else {
          await this.returned(trx, merchant, w, p, s, a);
        }
      } else if (p.state === 'SUCCEEDED' && s.providerStatus === 'REVERSED') {
        await this.reversed(trx, merchant, w, p, s, a);
      }
      // Anything else is news about a decided payout (a late or reordered notification): kept
      // out of the books, which already hold the final word.
      return 'applied';
    });
  }

  private async succeeded(
    trx: Db,
    merchant: string,
    w: { id: string; member_id: string; order_no: string; amount: string; paid_amount: string },
    p: ProviderPayoutRow,
    s: PayoutStatus,
    a: ProviderPayoutAccounts,
    confirmMinutes: number,
  ): Promise<void> {
    const reference = refs.succeeded(p.reference);
    await this.recordPayment(
      trx,
      merchant,
      w,
      { hold: a.inFlight, clearing: a.clearing },
      BigInt(p.amount),
      reference,
      providerActor(p.provider),
      confirmMinutes,
      { requestId: p.reference, reason: null },
    );
    const entry = await this.ledger.entry(trx, merchant, reference);
    const payout = entry ? await this.withdrawals.payoutByEntry(trx, entry.id) : undefined;
    await this.repo.update(trx, p.id, {
      state: 'SUCCEEDED',
      providerRef: s.providerRef || null,
      providerStatus: s.providerStatus,
      ...(payout ? { payoutId: payout.id } : {}),
    });
  }

  /** The payment never reached the member: it and what the withdrawal still holds go back to MAIN. */
  private async returned(
    trx: Db,
    merchant: string,
    w: { id: string; member_id: string; order_no: string; amount: string; paid_amount: string },
    p: ProviderPayoutRow,
    s: PayoutStatus,
    a: ProviderPayoutAccounts,
  ): Promise<void> {
    const amount = BigInt(p.amount);
    // Decisions pay all that remains through a provider, so nothing else is held; kept general.
    const held = BigInt(w.amount) - BigInt(w.paid_amount) - amount;
    if (held < 0n)
      throw new Error(`provider payout ${p.reference}: more in flight than the withdrawal holds`);
    const code = s.failureCode ?? s.providerStatus;
    const reason = `Payout ${s.providerStatus}: ${code}`;
    const entry = await this.ledger.post(trx, {
      merchant,
      reference: refs.returned(p.reference),
      kind: 'WITHDRAW_RETURN',
      memberId: w.member_id,
      memo: {
        orderNo: w.order_no,
        reference: p.reference,
        providerStatus: s.providerStatus,
        failureCode: code,
      },
      postings: [
        { accountId: a.inFlight, amount: -amount },
        { accountId: a.hold, amount: -held },
        { accountId: a.main, amount: amount + held },
      ],
    });
    await this.withdrawals.reject(trx, w.id, reason, providerActor(p.provider));
    this.changed(merchant, w.member_id);
    await this.inbox.notify(trx, {
      merchant,
      memberId: w.member_id,
      kind: 'WITHDRAW_REJECTED',
      params: { orderNo: w.order_no, amount: fromMinor(amount + held), reason },
    });
    await this.repo.update(trx, p.id, {
      state: s.providerStatus === 'REVERSED' ? 'REVERSED' : 'FAILED',
      providerRef: s.providerRef || null,
      providerStatus: s.providerStatus,
      failureCode: s.failureCode ?? null,
      returnEntryId: entry.entryId,
    });
  }

  /** A paid payout came back from the member's bank: the money is the member's again. */
  private async reversed(
    trx: Db,
    merchant: string,
    w: {
      id: string;
      member_id: string;
      order_no: string;
      amount: string;
      paid_amount: string;
      status: string;
    },
    p: ProviderPayoutRow,
    s: PayoutStatus,
    a: ProviderPayoutAccounts,
  ): Promise<void> {
    const amount = BigInt(p.amount);
    const open = w.status === 'PENDING' || w.status === 'PARTIAL';
    const held = open ? BigInt(w.amount) - BigInt(w.paid_amount) : 0n;
    const code = s.failureCode ?? 'REVERSED';
    const reason = `Payout REVERSED: ${code}`;
    const entry = await this.ledger.post(trx, {
      merchant,
      reference: refs.reversed(p.reference),
      kind: 'WITHDRAW_RETURN',
      memberId: w.member_id,
      memo: { orderNo: w.order_no, reference: p.reference, providerStatus: 'REVERSED', failureCode: code },
      postings: [
        { accountId: a.clearing, amount: -amount },
        { accountId: a.hold, amount: -held },
        { accountId: a.main, amount: amount + held },
      ],
    });
    await this.withdrawals.reversePayment(
      trx,
      w.id,
      BigInt(w.paid_amount) - amount,
      reason,
      providerActor(p.provider),
    );
    this.changed(merchant, w.member_id);
    await this.inbox.notify(trx, {
      merchant,
      memberId: w.member_id,
      kind: 'WITHDRAW_REJECTED',
      params: { orderNo: w.order_no, amount: fromMinor(amount + held), reason },
    });
    await this.repo.update(trx, p.id, {
      state: 'REVERSED',
      providerStatus: 'REVERSED',
      failureCode: s.failureCode ?? null,
      returnEntryId: entry.entryId,
    });
  }
}
