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
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import { refuseUnstorable } from '../../platform/input-guard';
import { uniqueViolation } from '../../platform/db-errors';
import { pickText, type Brand } from '../../platform/brand';
import { signatureMatches } from '../../platform/signing';
import type { InboxKind, InboxService } from '../messages';
import type { LedgerService } from '../wallet';
import type { ImageService } from '../uploads';
import { invalidField, newOrderNo } from './cashier-orders';
import {
  DEMO_GATEWAY,
  demoPayPath,
  gatewayNotificationSchema,
  type GatewayOrder,
  type GatewayOrders,
} from './demo-gateway';
import type { ChangedDeposit, DepositRepository, DepositRow } from './deposit.repository';

/** Open (PENDING) deposits a member may have at once: enough for real use, not for flooding the review queue. */
const MAX_PENDING = 5;
/** Order-number collisions are retried this many times (10 random digits per day make them very rare). */
const ORDER_NO_ATTEMPTS = 3;

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

  constructor(
    private readonly repo: DepositRepository,
    private readonly ledger: LedgerService,
    private readonly inbox: InboxService,
    private readonly images: ImageService,
    /**
     * Gateways this server can take payments through; a channel on any other is not offered.
     * The demo gateway is one only where config.DEMO_GATEWAY allows it (never by default in production).
     */
    private readonly gateways: readonly string[] = [DEMO_GATEWAY],
  ) {}

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
    const rows = await this.repo.enabledChannels(brand.code);
    return {
      channels: rows
        .filter((c) => c.kind === 'BANK' || (c.gateway !== null && this.gateways.includes(c.gateway)))
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
  async create(brand: Brand, lang: Language, memberId: string, input: DepositInput): Promise<Deposit> {
    const amount = toMinor(input.amount);
    // The schema already refused anything else; this keeps the type honest.
    if (amount === null) throw invalidField('amount', 'amount.format');
    // "007" and "7" name the same channel; compare them as the database does.
    const channelId = BigInt(input.channelId).toString();
    const existing = await this.repo.byRequest(memberId, input.requestId);
    if (existing) return this.sameRequest(existing, channelId, amount, brand, lang);
    // A repeat of a request made before the block still answers as it did; a new one is refused.
    if (await this.repo.blocked(memberId)) throw new AppError('cashier.deposit.blocked');

    const channel = await this.repo.channel(brand.code, channelId);
    if (
      !channel ||
      !channel.enabled ||
      (channel.kind === 'ONLINE' && (channel.gateway === null || !this.gateways.includes(channel.gateway)))
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
        if (typeof made !== 'string') return this.sameRequest(made, channelId, amount, brand, lang);
        return this.toDeposit(await this.mustGet(brand.code, made), brand, lang);
      } catch (err) {
        const constraint = uniqueViolation(err);
        if (constraint === 'deposit_member_id_request_id_key') {
          // A racing twin of this request committed first: answer with its order.
          const first = await this.repo.byRequest(memberId, input.requestId);
          if (first) return this.sameRequest(first, channelId, amount, brand, lang);
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

  // ---- gateway notifications -------------------------------------------------------------------

  /**
   * A gateway's notification. The signature is checked over the exact bytes received before
   * anything in them is believed. A repeat of a notification already applied is acknowledged and
   * moves nothing; one that contradicts the order's final state is refused with cashier.order.state.
   */
  async callback(
    brand: Brand,
    gateway: string,
    raw: unknown,
    signature: unknown,
  ): Promise<{ orderNo: string; status: DepositState }> {
    if (!this.gateways.includes(gateway)) throw new AppError('system.not.found');
    const secret = await this.repo.gatewaySecret(brand.code);
    // A gateway's signature counts with spaces around it, as it always has here.
    const given = typeof signature === 'string' ? signature.trim() : signature;
    if (!secret || !Buffer.isBuffer(raw) || !signatureMatches(secret, raw, given))
      throw new AppError('gateway.signature.invalid');
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw invalidField('body', 'json');
    }
    // Signed bodies skip the request-wide check (they are parsed only here, after the signature).
    refuseUnstorable(json);
    const parsed = gatewayNotificationSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('request.invalid', {
        fields: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      });
    }
    const n = parsed.data;
    const order = await this.repo.byOrderNo(n.orderNo);
    if (
      !order ||
      order.merchant_code !== brand.code ||
      order.channel_kind !== 'ONLINE' ||
      order.channel_gateway !== gateway
    )
      throw invalidField('orderNo', 'unknown');
    const amount = toMinor(n.amount);
    if (amount === null || amount !== BigInt(order.amount)) throw invalidField('amount', 'mismatch');

    if (order.status === 'PENDING') await this.applyNotification(order, n.status, n.gatewayTxn);

    const now = (await this.mustGet(brand.code, order.id)).status;
    const credited = now === 'ARRIVED' || now === 'APPROVED';
    if ((n.status === 'SUCCESS') !== credited) throw new AppError('cashier.order.state');
    return { orderNo: order.order_no, status: now };
  }

  /** PENDING → ARRIVED (credited) or FAILED; a racing loser finds the order settled and does nothing. */
  private async applyNotification(
    order: DepositRow,
    status: 'SUCCESS' | 'FAILED',
    gatewayTxn: string,
  ): Promise<void> {
    const merchant = order.merchant_code;
    try {
      if (status === 'SUCCESS') {
        const accounts = await this.creditAccounts(merchant, order.member_id);
        const credited = await this.repo.transaction(async (trx) => {
          const changed = await this.repo.settle(trx, merchant, order.id, 'ARRIVED', {
            gatewayTxn,
            providerStatus: status,
          });
          // Lost a race with another notification or an operator: nothing to do here.
          if (changed) await this.credit(trx, changed, accounts, 'DEPOSIT_ARRIVED');
          return changed;
        });
        if (credited) await this.afterCredit(credited);
      } else {
        await this.repo.transaction(async (trx) => {
          const changed = await this.repo.settle(trx, merchant, order.id, 'FAILED', {
            gatewayTxn,
            providerStatus: status,
          });
          if (changed) await this.notify(trx, changed, 'DEPOSIT_FAILED');
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

  private notify(
    trx: Db,
    d: ChangedDeposit,
    kind: InboxKind,
    extra: Record<string, string | number> = {},
  ): Promise<unknown> {
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

  private toDeposit(r: DepositRow, brand: Brand, lang: Language): Deposit {
    const amount = BigInt(r.amount);
    const fee = BigInt(r.fee);
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
      payUrl: r.channel_kind === 'ONLINE' && r.status === 'PENDING' ? demoPayPath(r.order_no) : null,
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
