import {
  type Deposit,
  DEPOSIT_STATES,
  type depositListQuerySchema,
  type depositRequestSchema,
  type DepositQueueRow,
  type DepositState,
  fromMinor,
  type Language,
  minorText,
  type PaymentChannel,
  toMinor,
} from '@app/contracts';
import { z } from 'zod';
import type { PushNotices } from '../../platform/push-topics';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { FastifyBaseLogger } from 'fastify';
import { uniqueViolation } from '../../platform/db-errors';
import { pickText, type Brand } from '../../platform/brand';
import type { InboxKind, InboxService } from '../messages';
import type { LedgerService } from '../wallet';
import type { ImageService } from '../uploads';
import { invalidField, newOrderNo } from './cashier-orders';
import { AFTER_PAYMENT_URL, type GatewayOrder, type GatewayOrders } from './demo-gateway';
import type { ChangedDeposit, DepositRepository, DepositRow } from './deposit.repository';
import type { DepositAction, DepositProviderOps, DepositStatus, PaymentAdapter } from './payment-adapter';

/** Open (PENDING) deposits a member may have at once: enough for real use, not for flooding the review queue. */
const MAX_PENDING = 5;
/** Order-number collisions are retried this many times (10 random digits per day make them very rare). */
const ORDER_NO_ATTEMPTS = 3;
/** Open provider orders this old with no notification are asked about (a webhook may be late or lost). */
const RECONCILE_AFTER_MS = 3 * 60_000;
/** ... and no older than this: past it a provider has long expired them (reconciliation stops asking). */
const RECONCILE_WITHIN_MS = 3 * 24 * 3600_000;
/** Orders asked about per pass. */
const RECONCILE_BATCH = 100;
/** The provider status recorded on an open order whose notification named another amount or currency. */
const AMOUNT_MISMATCH = 'AMOUNT_MISMATCH';
/** The provider status of an order the provider would not take (an outage or a refusal at creation). */
const NOT_CREATED = 'NOT_CREATED';

type DepositInput = z.output<typeof depositRequestSchema>;
type DepositListQuery = z.output<typeof depositListQuerySchema>;

/** The back office's deposit queue filters (`GET /wps/admin/deposits`). */
export const depositQueueQuerySchema = z
  .object({
    status: z.enum(DEPOSIT_STATES).optional(),
    channelType: z.enum(['BANK', 'ONLINE']).optional(),
    /** Created at or after / at or before (ISO times with an offset). */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** An order number, a username or a member id. */
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to), {
    path: ['to'],
    message: 'before.from',
  });
type DepositQueueQuery = z.output<typeof depositQueueQuerySchema>;

/** An operator decision's before and after, as its audit row records them. */
interface DecisionRecord {
  orderNo: string;
  status: DepositState;
  amount: number;
  decidedBy: string | null;
  reason: string | null;
}
/** Writes the decision's audit row in the decision's own transaction. */
export type DecisionAudit = (trx: Db, before: DecisionRecord, after: DecisionRecord) => Promise<void>;

export const callbackResultSchema = z.object({ orderNo: z.string(), status: z.string() });

/** A deposit whose credit has committed, as DepositService.onCredited listeners hear of it. */
interface CreditedDeposit {
  merchant: string;
  memberId: string;
  orderNo: string;
  /** The order's amount (minor units), before the fee. */
  amount: bigint;
}

/** The accounts a credited deposit moves money between, resolved before its transaction. */
interface CreditAccounts {
  clearing: string;
  main: string;
  house: string;
}

/**
 * Deposits (depositv2): a member asks to pay in on a channel; a BANK order waits for an
 * operator to check the receipt, an ONLINE order for the gateway's signed notification. Nothing
 * moves money when the order is made; the credit (clearing → member, fee → house) is one ledger
 * entry with the reference DEPOSIT:<orderNo>, posted in the same transaction that moves the order
 * out of PENDING, so an order is credited at most once however many approvals or notifications race.
 */
export class DepositService implements GatewayOrders {
  private readonly creditedListeners: ((d: CreditedDeposit) => Promise<unknown>)[] = [];

  private readonly providers = new Map<string, DepositProviderOps>();

  constructor(
    private readonly repo: DepositRepository,
    private readonly ledger: LedgerService,
    private readonly inbox: InboxService,
    private readonly images: ImageService,
    /**
     * Payment providers this server can take payments through (by code, payment_channel.gateway);
     * a channel on any other is not offered. The demo gateway is one only where
     * config.DEMO_GATEWAY allows it (never by default in production).
     */
    adapters: readonly PaymentAdapter[],
    private readonly log?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    /** The member's own protections (a break, deposit limits), asked under the member's lock. */
    private readonly guard?: (brand: Brand, memberId: string, amount: bigint, trx: Db) => Promise<void>,
    /** The member's cashier screens and the operators' deposit queue hear of each change. */
    private readonly notices?: PushNotices,
  ) {
    for (const a of adapters) if (a.deposits) this.providers.set(a.code, a.deposits);
  }

  /** The payment providers this server runs (what an ONLINE channel's gateway may name). */
  gateways(): string[] {
    return [...this.providers.keys()].sort();
  }

  /** The provider of an ONLINE channel, if this server runs it and the brand may use it now. */
  private async usable(merchant: string, gateway: string | null): Promise<DepositProviderOps | null> {
    const ops = gateway === null ? undefined : this.providers.get(gateway);
    if (!ops) return null;
    return (await ops.available(merchant)) ? ops : null;
  }

  /**
   * Runs `fn` after each deposit credit has committed (an operator's approval or a gateway
   * payment), before the call that credited it answers; the deposit promotions listen.
   * WARNING: a listener's failure never fails the credit (the money has moved), and a process that
   * dies between the commit and the listener never calls it: a listener must be idempotent and
   * catch up on its own (the deposit promotions' catch-up pass does).
   */
  onCredited(fn: (d: CreditedDeposit) => Promise<unknown>): void {
    this.creditedListeners.push(fn);
  }

  private async afterCredit(d: ChangedDeposit): Promise<void> {
    const event = {
      merchant: d.merchant_code,
      memberId: d.member_id,
      orderNo: d.order_no,
      amount: BigInt(d.amount),
    };
    await Promise.allSettled(this.creditedListeners.map((fn) => fn(event)));
  }

  // ---- member side -------------------------------------------------------------------------------

  async channels(
    brand: Brand,
    lang: Language,
  ): Promise<{ channels: PaymentChannel[]; currencySymbol: string }> {
    await this.mirrorProviderChannels(brand.code);
    const rows = await this.repo.enabledChannels(brand.code);
    const offered = new Map<string, boolean>();
    for (const gateway of new Set(rows.map((c) => c.gateway))) {
      if (gateway !== null) offered.set(gateway, (await this.usable(brand.code, gateway)) !== null);
    }
    return {
      channels: rows
        .filter((c) => c.kind === 'BANK' || (c.gateway !== null && offered.get(c.gateway) === true))
        .map((c) => ({
          id: c.id,
          code: c.code,
          kind: c.kind,
          name: pickText(c.name, lang, brand),
          minAmount: fromMinor(c.min_amount),
          maxAmount: fromMinor(c.max_amount),
          feePercent: c.fee_bp / 100,
          feeFixed: fromMinor(c.fee_fixed),
          presets: c.presets.map((p) => fromMinor(p)),
          logo: c.logo,
          bank:
            c.kind === 'BANK' && c.bank_name && c.account_name && c.account_no
              ? { bankName: c.bank_name, accountName: c.account_name, accountNo: c.account_no }
              : null,
        })),
      currencySymbol: brand.currencySymbol,
    };
  }

  /**
   * Makes an order, or returns the one this requestId already made. Money does not move here.
   * WARNING: the idempotency check comes first, before any rule: a retry must get its order back
   * even if the channel was switched off or the member has reached the open-order limit since.
   */
  async create(
    brand: Brand,
    lang: Language,
    memberId: string,
    input: DepositInput,
    /** The site's origin (https://host) the provider sends the member back to. */
    origin = '',
  ): Promise<Deposit> {
    const amount = toMinor(input.amount);
    // The schema already refused anything else; this keeps the type honest.
    if (amount === null) throw invalidField('amount', 'amount.format');
    // "007" and "7" name the same channel; compare them as the database does.
    const channelId = BigInt(input.channelId).toString();
    const existing = await this.repo.byRequest(memberId, input.requestId);
    if (existing) {
      const same = this.sameRequest(existing, channelId, amount, brand, lang);
      return needsCollection(existing) ? this.collect(existing, brand, lang, origin) : same;
    }
    // A repeat of a request made before the block still answers as it did; a new one is refused.
    if (await this.repo.blocked(memberId)) throw new AppError('cashier.deposit.blocked');

    const channel = await this.repo.channel(brand.code, channelId);
    if (
      !channel ||
      !channel.enabled ||
      (channel.kind === 'ONLINE' && (await this.usable(brand.code, channel.gateway)) === null)
    )
      throw new AppError('cashier.channel.unknown');
    const min = BigInt(channel.min_amount);
    const max = BigInt(channel.max_amount);
    const outOfRange = () =>
      new AppError('cashier.amount.range', undefined, [minorText(min), minorText(max)]);
    if (amount < min || amount > max) throw outOfRange();
    const fee = (amount * BigInt(channel.fee_bp)) / 10_000n + BigInt(channel.fee_fixed);
    // A fee that eats the whole amount would credit nothing (and the table refuses it).
    if (fee >= amount) throw outOfRange();
    const imageIds = input.imageIds ?? [];
    if (channel.kind === 'BANK' && imageIds.length === 0) throw new AppError('cashier.receipt.required');

    // Resolved before the transaction (LedgerService.account WARNING); locked inside it so two
    // concurrent requests of one member cannot both pass the open-order count.
    const main = await this.ledger.account(brand.code, 'MAIN', memberId);
    for (let attempt = 1; ; attempt++) {
      try {
        const made = await this.repo.transaction(async (trx) => {
          await this.ledger.lock(trx, [main]);
          // A twin of this request that held the lock before us has committed by now: its order
          // is the answer, even if it was the one that filled the open-order limit.
          const twin = await this.repo.byRequest(memberId, input.requestId, trx);
          if (twin) return twin;
          if (imageIds.length > 0) await this.images.assertOwned(trx, memberId, imageIds);
          if ((await this.repo.countPending(trx, memberId)) >= MAX_PENDING)
            throw new AppError('system.throttled');
          await this.guard?.(brand, memberId, amount, trx);
          return this.repo.insert(trx, {
            merchant: brand.code,
            memberId,
            requestId: input.requestId,
            orderNo: newOrderNo('D', brand.timezone),
            channelId: channel.id,
            amount,
            fee,
            payerName: input.payerName || null,
            imageIds,
            remark: input.remark || null,
          });
        });
        if (typeof made !== 'string') {
          const same = this.sameRequest(made, channelId, amount, brand, lang);
          return needsCollection(made) ? this.collect(made, brand, lang, origin) : same;
        }
        this.changed(brand.code, memberId);
        const order = await this.mustGet(brand.code, made);
        return needsCollection(order)
          ? this.collect(order, brand, lang, origin)
          : this.toDeposit(order, brand, lang);
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'deposit_member_id_request_id_key') {
          // A racing twin of this request committed first: answer with its order.
          const first = await this.repo.byRequest(memberId, input.requestId);
          if (first) {
            const same = this.sameRequest(first, channelId, amount, brand, lang);
            return needsCollection(first) ? this.collect(first, brand, lang, origin) : same;
          }
        }
        if (constraint === 'deposit_order_no_key' && attempt < ORDER_NO_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  async list(brand: Brand, lang: Language, memberId: string, q: DepositListQuery) {
    const { rows, total } = await this.repo.memberPage(
      memberId,
      q.status,
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map((r) => this.toDeposit(r, brand, lang)),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
    };
  }

  // ---- payment providers ------------------------------------------------------------------------

  /**
   * Asks the order's provider to collect it (idempotent at the provider on the order number) and
   * keeps its answer. A provider that cannot be reached or refuses fails the order cleanly: FAILED,
   * nothing credited, and the member is told to try again (cashier.gateway.unavailable). Only the
   * provider's failure does: once it took the order, a payment may arrive for it, so losing our own
   * database while keeping its answer leaves the order PENDING (a retry of the request collects
   * again, idempotently) and the caller gets the database's error.
   */
  private async collect(order: DepositRow, brand: Brand, lang: Language, origin: string): Promise<Deposit> {
    const ops = order.channel_gateway === null ? undefined : this.providers.get(order.channel_gateway);
    if (!ops) throw new AppError('cashier.channel.unknown');
    let created: Awaited<ReturnType<typeof ops.create>>;
    try {
      created = await ops.create({
        merchant: order.merchant_code,
        orderNo: order.order_no,
        memberId: order.member_id,
        amount: BigInt(order.amount),
        channelCode: order.channel_provider_code ?? order.channel_code,
        returnUrl: `${origin}${AFTER_PAYMENT_URL}&order=${encodeURIComponent(order.order_no)}`,
      });
    } catch (err) {
      this.log?.warn(
        { err, orderNo: order.order_no, gateway: order.channel_gateway },
        'payment provider did not take a deposit order',
      );
      await this.repo.transaction(async (trx) => {
        const changed = await this.repo.settle(trx, order.merchant_code, order.id, 'FAILED', {
          providerStatus: NOT_CREATED,
        });
        if (changed) await this.notify(trx, changed, 'DEPOSIT_FAILED');
      });
      // The adapter's own refusal (an amount the currency cannot take) says more than "unavailable".
      throw err instanceof AppError ? err : new AppError('cashier.gateway.unavailable');
    }
    await this.repo.setCollection(order.id, {
      providerRef: created.providerRef,
      action: actionRecord(created.action),
      expiresAt: created.expiresAt,
      currency: created.currency,
    });
    return this.toDeposit(await this.mustGet(order.merchant_code, order.id), brand, lang);
  }

  /**
   * Mirrors the channels brands configured at their providers (the provider's settings) into
   * payment_channel, so an order references a row and the cashier lists them with the others.
   * Writes only what differs, so listing channels costs reads alone once they match.
   */
  private async mirrorProviderChannels(merchant: string): Promise<void> {
    for (const [gateway, ops] of this.providers) {
      const wanted = ops.channels ? await ops.channels(merchant) : null;
      if (wanted === null) continue;
      const have = new Map((await this.repo.providerChannels(merchant, gateway)).map((r) => [r.code, r]));
      const codes: string[] = [];
      for (const [i, c] of wanted.entries()) {
        const code = `${gateway}_${c.channelCode}`;
        codes.push(code);
        const row = have.get(code);
        const same =
          row &&
          row.enabled &&
          row.provider_channel === c.channelCode &&
          row.name.EN === c.name &&
          row.logo === c.logo &&
          BigInt(row.min_amount) === c.minAmount &&
          BigInt(row.max_amount) === c.maxAmount &&
          row.fee_bp === c.feeBp &&
          BigInt(row.fee_fixed) === c.feeFixed &&
          row.sort === 1000 + i;
        if (!same) {
          await this.repo.upsertProviderChannel(
            merchant,
            gateway,
            { ...c, code, providerChannel: c.channelCode },
            1000 + i,
          );
        }
      }
      if ([...have.values()].some((r) => r.enabled && !codes.includes(r.code)))
        await this.repo.disableProviderChannels(merchant, gateway, codes);
    }
  }

  /**
   * A provider's notification (`/wps/cashier/callback/<gateway>`): the adapter checks its
   * authenticity over the exact bytes and headers and reads it; the one settle path applies it.
   * A repeat (same event id, or an order already settled the same way) is acknowledged and moves
   * nothing; one that contradicts the order's final state is refused with cashier.order.state.
   */
  async callback(
    brand: Brand,
    gateway: string,
    raw: unknown,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ orderNo: string; status: DepositState }> {
    const ops = this.providers.get(gateway);
    if (!ops) throw new AppError('system.not.found');
    if (!Buffer.isBuffer(raw)) throw new AppError('gateway.signature.invalid');
    const n = await ops.notification(brand.code, raw, headers);
    return this.applyProviderStatus(brand.code, gateway, n.orderNo, n, n.eventId);
  }

  /**
   * Reconciliation: open orders a provider was asked to collect, older than a few minutes, are
   * asked about; a final answer is applied through the same path as a notification (so a webhook
   * arriving later credits nothing more). Returns how many orders it settled.
   */
  async reconcile(now = new Date()): Promise<number> {
    const rows = await this.repo.openCollections(
      new Date(now.getTime() - RECONCILE_WITHIN_MS),
      new Date(now.getTime() - RECONCILE_AFTER_MS),
      RECONCILE_BATCH,
    );
    let settled = 0;
    for (const order of rows) {
      const ops = order.channel_gateway === null ? undefined : this.providers.get(order.channel_gateway);
      if (!ops || order.channel_gateway === null) continue;
      try {
        const s = await ops.status(order.merchant_code, order.order_no, order.provider_ref);
        if (!s || s.state === 'PENDING') continue;
        const r = await this.applyProviderStatus(
          order.merchant_code,
          order.channel_gateway,
          order.order_no,
          s,
          `reconcile:${s.providerRef}:${s.providerStatus}`,
        );
        if (r.status !== 'PENDING') settled++;
      } catch (err) {
        this.log?.warn({ err, orderNo: order.order_no }, 'deposit reconciliation could not settle an order');
      }
    }
    return settled;
  }

  /**
   * The one settle path of provider answers. Checks the order is this brand's, on this
   * provider; a recorded event id is a repeat (nothing moves); the amount and currency must be the
   * order's (else nothing is credited, the order shows AMOUNT_MISMATCH and an operator is warned);
   * PENDING → ARRIVED (credited, DEPOSIT:<orderNo>) or FAILED, in one transaction with the event.
   */
  private async applyProviderStatus(
    merchant: string,
    gateway: string,
    orderNo: string,
    s: DepositStatus,
    eventId: string,
  ): Promise<{ orderNo: string; status: DepositState }> {
    const order = await this.repo.byOrderNo(orderNo);
    if (
      !order ||
      order.merchant_code !== merchant ||
      order.channel_kind !== 'ONLINE' ||
      order.channel_gateway !== gateway
    )
      throw invalidField('orderNo', 'unknown');
    const event = (outcome: 'APPLIED' | 'SEEN' | 'MISMATCH' | 'CONFLICT') => ({
      gateway,
      eventId,
      merchant,
      orderNo: order.order_no,
      providerRef: s.providerRef,
      providerStatus: s.providerStatus,
      amount: s.amount,
      currency: s.currency,
      outcome,
    });
    const answer = async () => ({
      orderNo: order.order_no,
      status: (await this.mustGet(merchant, order.id)).status,
    });

    const prior = await this.repo.providerEvent(this.repo.db, gateway, eventId);
    if (prior) {
      if (prior.order_no !== order.order_no) throw invalidField('eventId', 'duplicate');
      return answer();
    }
    if (
      s.amount !== BigInt(order.amount) ||
      (s.currency !== null && order.currency !== null && s.currency !== order.currency)
    ) {
      await this.repo.recordProviderEvent(this.repo.db, event('MISMATCH'));
      await this.repo.markProviderStatus(order.id, AMOUNT_MISMATCH);
      this.log?.error(
        { gateway, orderNo, amount: s.amount.toString(), currency: s.currency, expected: order.amount },
        'payment provider reported another amount or currency than the order: nothing credited',
      );
      throw invalidField('amount', 'mismatch');
    }
    if (s.state === 'PENDING') {
      await this.repo.recordProviderEvent(this.repo.db, event('SEEN'));
      return answer();
    }

    if (order.status === 'PENDING') await this.settleByProvider(order, s, event);
    else await this.repo.recordProviderEvent(this.repo.db, event('SEEN'));

    const now = await answer();
    const credited = now.status === 'ARRIVED' || now.status === 'APPROVED';
    if ((s.state === 'ARRIVED') !== credited) {
      await this.repo.markConflict(gateway, eventId);
      this.log?.error(
        { gateway, orderNo, providerStatus: s.providerStatus, status: now.status },
        'payment provider contradicts a settled deposit',
      );
      throw new AppError('cashier.order.state');
    }
    return now;
  }

  /** PENDING → ARRIVED (credited) or FAILED with the event recorded; a racing loser finds the order settled. */
  private async settleByProvider(
    order: DepositRow,
    s: DepositStatus,
    event: (outcome: 'APPLIED' | 'SEEN') => Parameters<DepositRepository['recordProviderEvent']>[1],
  ): Promise<void> {
    const merchant = order.merchant_code;
    const extra = { gatewayTxn: s.providerRef, providerStatus: s.providerStatus };
    try {
      if (s.state === 'ARRIVED') {
        const accounts = await this.creditAccounts(merchant, order.member_id);
        const credited = await this.repo.transaction(async (trx) => {
          const changed = await this.repo.settle(trx, merchant, order.id, 'ARRIVED', extra);
          // Lost a race with another notification or an operator: nothing to do here.
          if (changed) await this.credit(trx, changed, accounts, 'DEPOSIT_ARRIVED');
          await this.repo.recordProviderEvent(trx, event(changed ? 'APPLIED' : 'SEEN'));
          return changed;
        });
        if (credited) await this.afterCredit(credited);
      } else {
        await this.repo.transaction(async (trx) => {
          const changed = await this.repo.settle(trx, merchant, order.id, 'FAILED', extra);
          if (changed) await this.notify(trx, changed, 'DEPOSIT_FAILED');
          await this.repo.recordProviderEvent(trx, event(changed ? 'APPLIED' : 'SEEN'));
        });
      }
    } catch (err) {
      // The gateway reused a transaction id of another order on this channel: a broken notification.
      if (uniqueViolation(err) === 'deposit_channel_id_gateway_txn_key')
        throw invalidField('gatewayTxn', 'duplicate');
      throw err;
    }
  }

  // ---- operators ----------------------------------------------------------------------------------

  /** The back office's queue: one page, newest first; one row more is read to tell hasMore. */
  async queue(brand: Brand, lang: Language, q: DepositQueueQuery) {
    const rows = await this.repo.queuePage(
      brand.code,
      {
        status: q.status,
        channelType: q.channelType,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        q: q.q || undefined,
      },
      (q.page - 1) * q.pageSize,
      q.pageSize + 1,
    );
    return {
      list: rows.slice(0, q.pageSize).map((r) => this.toQueueRow(r, r.username, brand, lang)),
      page: q.page,
      pageSize: q.pageSize,
      hasMore: rows.length > q.pageSize,
    };
  }

  /**
   * PENDING → APPROVED and the member credited, once, however many operators click at once. The
   * audit row (before and after) commits with the credit.
   */
  async approve(
    brand: Brand,
    lang: Language,
    id: string,
    operator: string,
    audit?: DecisionAudit,
  ): Promise<Deposit> {
    const order = await this.repo.byId(brand.code, id);
    if (!order) throw new AppError('cashier.order.not.found');
    if (order.status !== 'PENDING') throw new AppError('cashier.order.state');
    const accounts = await this.creditAccounts(brand.code, order.member_id);
    const credited = await this.repo.transaction(async (trx) => {
      const changed = await this.repo.settle(trx, brand.code, id, 'APPROVED', { reviewedBy: operator });
      if (!changed) throw new AppError('cashier.order.state');
      await this.credit(trx, changed, accounts, 'DEPOSIT_APPROVED');
      await audit?.(trx, decision(order, 'PENDING', null, null), decision(order, 'APPROVED', operator, null));
      return changed;
    });
    await this.afterCredit(credited);
    return this.toDeposit(await this.mustGet(brand.code, id), brand, lang);
  }

  /** PENDING → REJECTED with the reason the member is told; the audit row commits with it. */
  async reject(
    brand: Brand,
    lang: Language,
    id: string,
    operator: string,
    reason: string,
    audit?: DecisionAudit,
  ): Promise<Deposit> {
    const order = await this.repo.byId(brand.code, id);
    if (!order) throw new AppError('cashier.order.not.found');
    await this.repo.transaction(async (trx) => {
      const changed = await this.repo.settle(trx, brand.code, id, 'REJECTED', {
        reviewedBy: operator,
        rejectReason: reason,
      });
      if (!changed) throw new AppError('cashier.order.state');
      await this.notify(trx, changed, 'DEPOSIT_REJECTED', { reason });
      await audit?.(
        trx,
        decision(order, 'PENDING', null, null),
        decision(order, 'REJECTED', operator, reason),
      );
    });
    return this.toDeposit(await this.mustGet(brand.code, id), brand, lang);
  }

  // ---- what the demo gateway may know ------------------------------------------------------------

  async gatewayOrder(orderNo: string): Promise<GatewayOrder | null> {
    const order = await this.repo.byOrderNo(orderNo);
    if (!order) return null;
    const brand = await this.repo.brandOf(order.merchant_code);
    if (!brand) return null;
    const name = order.channel_name;
    return {
      merchant: order.merchant_code,
      brandName: brand.name,
      currencySymbol: brand.currency_symbol,
      orderNo: order.order_no,
      channelName: name[brand.default_language] ?? name.EN ?? Object.values(name)[0] ?? order.channel_code,
      kind: order.channel_kind,
      gateway: order.channel_gateway,
      amount: BigInt(order.amount),
      status: order.status,
    };
  }

  gatewaySecret(merchant: string): Promise<string | null> {
    return this.repo.gatewaySecret(merchant);
  }

  // ---- internals --------------------------------------------------------------------------------

  private async mustGet(merchant: string, id: string): Promise<DepositRow> {
    const row = await this.repo.byId(merchant, id);
    if (!row) throw new AppError('cashier.order.not.found');
    return row;
  }

  /** A retried request: the same order back, or a conflict if it now asks for something else. */
  private sameRequest(
    existing: DepositRow,
    channelId: string,
    amount: bigint,
    brand: Brand,
    lang: Language,
  ): Deposit {
    if (existing.channel_id !== channelId || BigInt(existing.amount) !== amount)
      throw new AppError('wallet.reference.conflict');
    return this.toDeposit(existing, brand, lang);
  }

  private async creditAccounts(merchant: string, memberId: string): Promise<CreditAccounts> {
    return {
      clearing: await this.ledger.account(merchant, 'PAYMENT_CLEARING'),
      main: await this.ledger.account(merchant, 'MAIN', memberId),
      house: await this.ledger.account(merchant, 'HOUSE'),
    };
  }

  /**
   * The credit of a deposit that has just left PENDING in this transaction: the money comes out
   * of payment clearing, the member gets amount - fee and the house the fee (a zero leg is dropped
   * by the ledger). The reference is the order number: one order, one entry, whoever credits it.
   */
  private async credit(trx: Db, d: ChangedDeposit, a: CreditAccounts, kind: InboxKind): Promise<void> {
    const amount = BigInt(d.amount);
    const fee = BigInt(d.fee);
    const entry = await this.ledger.post(trx, {
      merchant: d.merchant_code,
      reference: `DEPOSIT:${d.order_no}`,
      kind: 'DEPOSIT',
      memberId: d.member_id,
      memo: { orderNo: d.order_no },
      postings: [
        { accountId: a.clearing, amount: -amount },
        { accountId: a.main, amount: amount - fee },
        { accountId: a.house, amount: fee },
      ],
    });
    await this.repo.setEntry(trx, d.id, entry.entryId);
    await this.notify(trx, d, kind);
  }

  /** Every state change of an order is told to its member here (so the screens refetch too). */
  private notify(
    trx: Db,
    d: ChangedDeposit,
    kind: InboxKind,
    extra: Record<string, string | number> = {},
  ): Promise<unknown> {
    this.changed(d.merchant_code, d.member_id);
    const amount = BigInt(d.amount);
    return this.inbox.notify(trx, {
      merchant: d.merchant_code,
      memberId: d.member_id,
      kind,
      params: {
        orderNo: d.order_no,
        amount: fromMinor(amount),
        credit: fromMinor(amount - BigInt(d.fee)),
        ...extra,
      },
    });
  }

  /** Sent a moment after the caller's transaction commits (PushNotices). */
  private changed(merchant: string, memberId: string): void {
    this.notices?.member(merchant, memberId, 'cashier');
    this.notices?.queue(merchant, 'deposits');
  }

  private toDeposit(r: DepositRow, brand: Brand, lang: Language): Deposit {
    const amount = BigInt(r.amount);
    const fee = BigInt(r.fee);
    const open = r.channel_kind === 'ONLINE' && r.status === 'PENDING';
    const action = readAction(r.pay_action);
    return {
      id: r.id,
      orderNo: r.order_no,
      channelCode: r.channel_code,
      channelName: pickText(r.channel_name, lang, brand),
      kind: r.channel_kind,
      amount: fromMinor(amount),
      fee: fromMinor(fee),
      creditAmount: fromMinor(amount - fee),
      status: r.status,
      payUrl: open && action?.kind === 'REDIRECT' ? action.url : null,
      payAction: open ? action : null,
      payExpiresAt: open ? (r.pay_expires_at?.toISOString() ?? null) : null,
      imageIds: r.image_ids,
      remark: r.remark,
      rejectReason: r.reject_reason,
      createdTime: r.created_at.toISOString(),
      updatedTime: r.updated_at.toISOString(),
    };
  }

  private toQueueRow(r: DepositRow, username: string, brand: Brand, lang: Language): DepositQueueRow {
    const amount = BigInt(r.amount);
    const fee = BigInt(r.fee);
    const online = r.channel_kind === 'ONLINE';
    return {
      id: r.id,
      orderNo: r.order_no,
      memberId: r.member_id,
      username,
      amount: fromMinor(amount),
      fee: fromMinor(fee),
      creditAmount: fromMinor(amount - fee),
      channel: pickText(r.channel_name, lang, brand),
      channelCode: r.channel_code,
      channelType: r.channel_kind,
      status: r.status,
      providerStatus: online ? r.provider_status : null,
      providerTxn: online ? r.gateway_txn : null,
      providerNotifiedAt: online ? (r.provider_notified_at?.toISOString() ?? null) : null,
      receiptImageIds: r.image_ids,
      payerName: r.payer_name,
      remark: r.remark,
      createdAt: r.created_at.toISOString(),
      decidedBy: r.reviewed_by,
      decidedAt: r.decided_at?.toISOString() ?? null,
      reason: r.reject_reason,
    };
  }
}

function decision(
  order: DepositRow,
  status: DepositState,
  decidedBy: string | null,
  reason: string | null,
): DecisionRecord {
  return { orderNo: order.order_no, status, amount: fromMinor(BigInt(order.amount)), decidedBy, reason };
}

/** An ONLINE order still open that its provider has not been asked to collect yet. */
function needsCollection(r: DepositRow): boolean {
  return r.channel_kind === 'ONLINE' && r.status === 'PENDING' && r.provider_ref === null;
}

/** The stored form of an action (deposit.pay_action). */
function actionRecord(a: DepositAction): Record<string, string> {
  return { ...a };
}

/** An action as stored, read back; anything unrecognised is no action. */
function readAction(v: Record<string, string> | null): DepositAction | null {
  if (!v) return null;
  switch (v.kind) {
    case 'REDIRECT':
      return v.url ? { kind: 'REDIRECT', url: v.url } : null;
    case 'QR':
      return v.qr ? { kind: 'QR', qr: v.qr } : null;
    case 'VIRTUAL_ACCOUNT':
      return v.accountNo
        ? {
            kind: 'VIRTUAL_ACCOUNT',
            bank: v.bank ?? '',
            accountNo: v.accountNo,
            accountName: v.accountName ?? '',
          }
        : null;
    default:
      return null;
  }
}
