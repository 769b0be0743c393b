import { sql } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { ProviderPayoutState } from '../../db/schema';

/** A withdrawal payment sent to a provider (withdrawal_provider_payout). */
export interface ProviderPayoutRow {
  id: string;
  merchant_code: string;
  withdrawal_id: string;
  provider: string;
  reference: string;
  /** Minor units (int8 arrives as a string). */
  amount: string;
  currency: string;
  channel_code: string;
  account_no: string;
  account_name: string;
  state: ProviderPayoutState;
  provider_ref: string | null;
  provider_status: string | null;
  failure_code: string | null;
  operator: string;
  create_entry_id: string;
  payout_id: string | null;
  return_entry_id: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
}

export interface NewProviderPayout {
  merchant: string;
  withdrawalId: string;
  provider: string;
  reference: string;
  amount: bigint;
  currency: string;
  channelCode: string;
  accountNo: string;
  accountName: string;
  operator: string;
  createEntryId: string;
}

/** SQL of provider payouts and the notifications applied to them. */
export class ProviderPayoutRepository extends Repository {
  private select(db: Db) {
    return db.selectFrom('withdrawal_provider_payout').selectAll();
  }

  byReference(merchant: string, reference: string, db: Db = this.db): Promise<ProviderPayoutRow | undefined> {
    return this.select(db)
      .where('merchant_code', '=', merchant)
      .where('reference', '=', reference)
      .executeTakeFirst() as Promise<ProviderPayoutRow | undefined>;
  }

  byCreateEntry(db: Db, entryId: string): Promise<ProviderPayoutRow | undefined> {
    return this.select(db).where('create_entry_id', '=', entryId).executeTakeFirst() as Promise<
      ProviderPayoutRow | undefined
    >;
  }

  /** The payment of a withdrawal still waiting for the provider's word, if any. */
  inFlight(db: Db, withdrawalId: string): Promise<ProviderPayoutRow | undefined> {
    return this.select(db)
      .where('withdrawal_id', '=', withdrawalId)
      .where('state', '=', 'IN_FLIGHT')
      .executeTakeFirst() as Promise<ProviderPayoutRow | undefined>;
  }

  /** Every provider payment of these withdrawals, oldest first. */
  ofWithdrawals(withdrawalIds: string[]): Promise<ProviderPayoutRow[]> {
    if (withdrawalIds.length === 0) return Promise.resolve([]);
    return this.select(this.db)
      .where('withdrawal_id', 'in', withdrawalIds)
      .orderBy('id')
      .execute() as Promise<ProviderPayoutRow[]>;
  }

  /** How many provider payments a withdrawal has had (under its row lock: the next reference's number). */
  async countOf(db: Db, withdrawalId: string): Promise<number> {
    const row = await db
      .selectFrom('withdrawal_provider_payout')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('withdrawal_id', '=', withdrawalId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Locks the payment for the rest of the transaction (after its withdrawal's row: the order of every decision). */
  lock(db: Db, merchant: string, reference: string): Promise<ProviderPayoutRow | undefined> {
    return this.select(db)
      .where('merchant_code', '=', merchant)
      .where('reference', '=', reference)
      .forUpdate()
      .executeTakeFirst() as Promise<ProviderPayoutRow | undefined>;
  }

  /** In-flight payments of a brand last sent before `before` (the reconciliation's work). */
  async dueForReconcile(merchant: string, before: Date, limit: number): Promise<ProviderPayoutRow[]> {
    return (await this.select(this.db)
      .where('merchant_code', '=', merchant)
      .where('state', '=', 'IN_FLIGHT')
      .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<', before)]))
      .orderBy('id')
      .limit(limit)
      .execute()) as ProviderPayoutRow[];
  }

  async insert(db: Db, p: NewProviderPayout): Promise<string> {
    const row = await db
      .insertInto('withdrawal_provider_payout')
      .values({
        merchant_code: p.merchant,
        withdrawal_id: p.withdrawalId,
        provider: p.provider,
        reference: p.reference,
        amount: p.amount,
        currency: p.currency,
        channel_code: p.channelCode,
        account_no: p.accountNo,
        account_name: p.accountName,
        operator: p.operator,
        create_entry_id: p.createEntryId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A create call is about to go out (counted whether or not it comes back). */
  async markSent(reference: string): Promise<void> {
    await this.db
      .updateTable('withdrawal_provider_payout')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_sent_at: eb.fn<Date>('now') }))
      .where('reference', '=', reference)
      .execute();
  }

  /** What the provider said, and the state it leads to (with what it moved). */
  async update(
    db: Db,
    id: string,
    u: {
      state?: ProviderPayoutState;
      providerRef?: string | null;
      providerStatus: string;
      failureCode?: string | null;
      payoutId?: string;
      returnEntryId?: string;
    },
  ): Promise<void> {
    await db
      .updateTable('withdrawal_provider_payout')
      .set((eb) => ({
        provider_status: u.providerStatus,
        updated_at: eb.fn<Date>('now'),
        ...(u.state ? { state: u.state } : {}),
        ...(u.providerRef ? { provider_ref: u.providerRef } : {}),
        ...(u.failureCode !== undefined ? { failure_code: u.failureCode } : {}),
        ...(u.payoutId ? { payout_id: u.payoutId } : {}),
        ...(u.returnEntryId ? { return_entry_id: u.returnEntryId } : {}),
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Records a notification's event id; false: it was applied before (a repeat). */
  async recordEvent(
    db: Db,
    e: { provider: string; eventId: string; merchant: string; reference: string; status: string },
  ): Promise<boolean> {
    const res = await db
      .insertInto('provider_payout_event')
      .values({
        provider: e.provider,
        event_id: e.eventId,
        merchant_code: e.merchant,
        reference: e.reference,
        status: e.status,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return res !== undefined;
  }
}
