import type { DepositState } from '@app/contracts';
import { Repository, type Db } from '../../db/repository';
import type { LocalizedText } from '../../db/schema';

/** A deposit as every answer shows it: the order and the channel it was made on. */
export interface DepositRow {
  id: string;
  merchant_code: string;
  member_id: string;
  request_id: string;
  order_no: string;
  channel_id: string;
  amount: string;
  fee: string;
  status: DepositState;
  payer_name: string | null;
  image_ids: string[];
  remark: string | null;
  reject_reason: string | null;
  gateway_txn: string | null;
  reviewed_by: string | null;
  entry_id: string | null;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
  provider_status: string | null;
  provider_notified_at: Date | null;
  provider_ref: string | null;
  pay_action: Record<string, string> | null;
  pay_expires_at: Date | null;
  currency: string | null;
  channel_code: string;
  channel_kind: 'BANK' | 'ONLINE';
  channel_name: LocalizedText;
  channel_gateway: string | null;
  channel_provider_code: string | null;
}

/** A channel as a provider's configuration asks the cashier to offer it (payment_channel row). */
export interface MirroredChannel {
  code: string;
  providerChannel: string;
  name: string;
  logo: string | null;
  minAmount: bigint;
  maxAmount: bigint;
  feeBp: number;
  feeFixed: bigint;
}

/** What a state change returns: enough to post the credit and word the message. */
export interface ChangedDeposit {
  id: string;
  merchant_code: string;
  member_id: string;
  order_no: string;
  amount: string;
  fee: string;
}

interface NewDeposit {
  merchant: string;
  memberId: string;
  requestId: string;
  orderNo: string;
  channelId: string;
  amount: bigint;
  fee: bigint;
  payerName: string | null;
  imageIds: string[];
  remark: string | null;
}

/** The back office queue's filters (all optional). */
export interface DepositQueueFilter {
  status?: DepositState;
  channelType?: 'BANK' | 'ONLINE';
  from?: Date;
  to?: Date;
  q?: string;
}

const CHANGED = ['id', 'merchant_code', 'member_id', 'order_no', 'amount', 'fee'] as const;

/** SQL of deposits and payment channels, nothing else. */
export class DepositRepository extends Repository {
  // ---- channels and settings ---------------------------------------------------------------------

  enabledChannels(merchant: string) {
    return this.db
      .selectFrom('payment_channel')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** A channel of this brand (enabled or not); another brand's id finds nothing. */
  channel(merchant: string, id: string) {
    return this.db
      .selectFrom('payment_channel')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async gatewaySecret(merchant: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('cashier_setting')
      .select('gateway_secret')
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
    return row?.gateway_secret ?? null;
  }

  // ---- reads -----------------------------------------------------------------------------------

  private view(db: Db) {
    return db
      .selectFrom('deposit as d')
      .innerJoin('payment_channel as c', 'c.id', 'd.channel_id')
      .select([
        'd.id',
        'd.merchant_code',
        'd.member_id',
        'd.request_id',
        'd.order_no',
        'd.channel_id',
        'd.amount',
        'd.fee',
        'd.status',
        'd.payer_name',
        'd.image_ids',
        'd.remark',
        'd.reject_reason',
        'd.gateway_txn',
        'd.reviewed_by',
        'd.entry_id',
        'd.created_at',
        'd.updated_at',
        'd.decided_at',
        'd.provider_status',
        'd.provider_notified_at',
        'd.provider_ref',
        'd.pay_action',
        'd.pay_expires_at',
        'd.currency',
        'c.code as channel_code',
        'c.kind as channel_kind',
        'c.name as channel_name',
        'c.gateway as channel_gateway',
        'c.provider_channel as channel_provider_code',
      ]);
  }

  /** Whether the operator blocked this member's deposits (back office). */
  async blocked(memberId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('member')
      .select('block_deposit')
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row?.block_deposit ?? false;
  }

  byRequest(memberId: string, requestId: string, db: Db = this.db): Promise<DepositRow | undefined> {
    return this.view(db)
      .where('d.member_id', '=', memberId)
      .where('d.request_id', '=', requestId)
      .executeTakeFirst();
  }

  byId(merchant: string, id: string, db: Db = this.db): Promise<DepositRow | undefined> {
    return this.view(db).where('d.merchant_code', '=', merchant).where('d.id', '=', id).executeTakeFirst();
  }

  /** Any brand's order by its number: the gateway has no brand context, only the number. */
  byOrderNo(orderNo: string): Promise<DepositRow | undefined> {
    return this.view(this.db).where('d.order_no', '=', orderNo).executeTakeFirst();
  }

  /** What the gateway page shows about the brand of an order. */
  brandOf(merchant: string) {
    return this.db
      .selectFrom('merchant')
      .select(['code', 'name', 'currency_symbol', 'default_language'])
      .where('code', '=', merchant)
      .executeTakeFirst();
  }

  async countPending(db: Db, memberId: string): Promise<number> {
    const row = await db
      .selectFrom('deposit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async memberPage(memberId: string, status: DepositState | undefined, offset: number, limit: number) {
    let rows = this.view(this.db).where('d.member_id', '=', memberId);
    let count = this.db
      .selectFrom('deposit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId);
    if (status) {
      rows = rows.where('d.status', '=', status);
      count = count.where('status', '=', status);
    }
    const [list, total] = await Promise.all([
      rows.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').offset(offset).limit(limit).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: list, total: Number(total.n) };
  }

  /**
   * The back office's queue: a brand's deposits newest first, with the member's username, filtered
   * as asked. `q` is an order number, a username or a member id (whichever it matches). Reads
   * `limit` rows from `offset` and counts nothing: the caller asks one more to know whether
   * another page follows (deposit_queue_idx / deposit_queue_status_idx serve the order).
   */
  async queuePage(merchant: string, f: DepositQueueFilter, offset: number, limit: number) {
    let rows = this.view(this.db)
      .innerJoin('member as m', 'm.id', 'd.member_id')
      .select('m.username')
      .where('d.merchant_code', '=', merchant);
    if (f.status) rows = rows.where('d.status', '=', f.status);
    if (f.channelType) rows = rows.where('c.kind', '=', f.channelType);
    if (f.from) rows = rows.where('d.created_at', '>=', f.from);
    if (f.to) rows = rows.where('d.created_at', '<=', f.to);
    const q = f.q;
    if (q) {
      // The member is looked up first, so the match is two index lookups on deposit (its order
      // number, its member) rather than a filter over the brand's whole queue.
      const members = [
        ...(/^\d{1,18}$/.test(q) ? [q] : []),
        ...(
          await this.db
            .selectFrom('member')
            .select('id')
            .where('merchant_code', '=', merchant)
            // Usernames are stored in lower case (the member module's rule).
            .where('username', '=', q.toLowerCase())
            .execute()
        ).map((m) => m.id),
      ];
      rows = rows.where((eb) =>
        eb.or([
          eb('d.order_no', '=', q.toUpperCase()),
          ...(members.length > 0 ? [eb('d.member_id', 'in', members)] : []),
        ]),
      );
    }
    return rows.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').offset(offset).limit(limit).execute();
  }

  // ---- writes ----------------------------------------------------------------------------------

  async insert(db: Db, d: NewDeposit): Promise<string> {
    const row = await db
      .insertInto('deposit')
      .values({
        merchant_code: d.merchant,
        member_id: d.memberId,
        request_id: d.requestId,
        order_no: d.orderNo,
        channel_id: d.channelId,
        amount: d.amount,
        fee: d.fee,
        payer_name: d.payerName,
        image_ids: d.imageIds,
        remark: d.remark,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * PENDING → `to`, only if still PENDING: the row lock this takes serialises racing callers, and
   * the loser finds no row (undefined) instead of changing the order twice.
   */
  settle(
    db: Db,
    merchant: string,
    id: string,
    to: 'ARRIVED' | 'FAILED' | 'APPROVED' | 'REJECTED',
    extra: {
      gatewayTxn?: string;
      /** The gateway's own status, from the notification that settles the order. */
      providerStatus?: string;
      reviewedBy?: string;
      rejectReason?: string;
    } = {},
  ): Promise<ChangedDeposit | undefined> {
    return db
      .updateTable('deposit')
      .set((eb) => ({
        status: to,
        updated_at: eb.fn<Date>('now'),
        decided_at: eb.fn<Date>('now'),
        ...(extra.gatewayTxn !== undefined ? { gateway_txn: extra.gatewayTxn } : {}),
        ...(extra.providerStatus !== undefined
          ? { provider_status: extra.providerStatus, provider_notified_at: eb.fn<Date>('now') }
          : {}),
        ...(extra.reviewedBy !== undefined ? { reviewed_by: extra.reviewedBy } : {}),
        ...(extra.rejectReason !== undefined ? { reject_reason: extra.rejectReason } : {}),
      }))
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .returning(CHANGED)
      .executeTakeFirst();
  }

  async setEntry(db: Db, id: string, entryId: string): Promise<void> {
    await db.updateTable('deposit').set({ entry_id: entryId }).where('id', '=', id).execute();
  }

  // ---- payment providers ---------------------------------------------------------------------------

  /** A provider's channels of a brand (payment_channel rows with gateway = provider), enabled or not. */
  providerChannels(merchant: string, gateway: string) {
    return this.db
      .selectFrom('payment_channel')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('gateway', '=', gateway)
      .execute();
  }

  /** Creates or updates one mirrored channel (by its code) and switches it on. */
  async upsertProviderChannel(merchant: string, gateway: string, c: MirroredChannel, sort: number) {
    const values = {
      kind: 'ONLINE' as const,
      name: JSON.stringify({ EN: c.name }),
      min_amount: c.minAmount,
      max_amount: c.maxAmount,
      fee_bp: c.feeBp,
      fee_fixed: c.feeFixed,
      gateway,
      provider_channel: c.providerChannel,
      logo: c.logo,
      enabled: true,
      sort,
    };
    await this.db
      .insertInto('payment_channel')
      .values({ merchant_code: merchant, code: c.code, presets: [], ...values })
      .onConflict((oc) => oc.columns(['merchant_code', 'code']).doUpdateSet(values))
      .execute();
  }

  /** Switches off a provider's channels of a brand that its configuration no longer lists. */
  async disableProviderChannels(merchant: string, gateway: string, keep: string[]): Promise<void> {
    let q = this.db
      .updateTable('payment_channel')
      .set({ enabled: false })
      .where('merchant_code', '=', merchant)
      .where('gateway', '=', gateway)
      .where('enabled', '=', true);
    if (keep.length > 0) q = q.where('code', 'not in', keep);
    await q.execute();
  }

  /** Records what the provider answered when asked to collect; only the first answer is kept. */
  async setCollection(
    id: string,
    c: {
      providerRef: string;
      action: Record<string, string>;
      expiresAt: Date | null;
      currency: string | null;
    },
  ): Promise<void> {
    await this.db
      .updateTable('deposit')
      .set({
        provider_ref: c.providerRef,
        pay_action: JSON.stringify(c.action),
        pay_expires_at: c.expiresAt,
        currency: c.currency,
      })
      .where('id', '=', id)
      .where('provider_ref', 'is', null)
      .execute();
  }

  /** The provider's word on a still open order that settled nothing (an amount mismatch), for the back office. */
  async markProviderStatus(id: string, providerStatus: string): Promise<void> {
    await this.db
      .updateTable('deposit')
      .set((eb) => ({ provider_status: providerStatus, provider_notified_at: eb.fn<Date>('now') }))
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .execute();
  }

  /** Open ONLINE orders a provider was asked to collect, made between `from` and `to` (reconciliation). */
  openCollections(from: Date, to: Date, limit: number) {
    return this.view(this.db)
      .where('d.status', '=', 'PENDING')
      .where('d.provider_ref', 'is not', null)
      .where('d.created_at', '>=', from)
      .where('d.created_at', '<=', to)
      .orderBy('d.created_at')
      .limit(limit)
      .execute();
  }

  providerEvent(db: Db, gateway: string, eventId: string) {
    return db
      .selectFrom('deposit_provider_event')
      .selectAll()
      .where('gateway', '=', gateway)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
  }

  /** Records a provider event once; false when this event id was already recorded. */
  async recordProviderEvent(
    db: Db,
    e: {
      gateway: string;
      eventId: string;
      merchant: string;
      orderNo: string;
      providerRef: string;
      providerStatus: string;
      amount: bigint;
      currency: string | null;
      outcome: 'APPLIED' | 'SEEN' | 'MISMATCH' | 'CONFLICT';
    },
  ): Promise<boolean> {
    const row = await db
      .insertInto('deposit_provider_event')
      .values({
        gateway: e.gateway,
        event_id: e.eventId,
        merchant_code: e.merchant,
        order_no: e.orderNo,
        provider_ref: e.providerRef,
        provider_status: e.providerStatus,
        amount: e.amount,
        currency: e.currency,
        outcome: e.outcome,
      })
      .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks a recorded event as contradicting its order's final state (for an operator). */
  async markConflict(gateway: string, eventId: string): Promise<void> {
    await this.db
      .updateTable('deposit_provider_event')
      .set({ outcome: 'CONFLICT' })
      .where('gateway', '=', gateway)
      .where('event_id', '=', eventId)
      .execute();
  }
}
