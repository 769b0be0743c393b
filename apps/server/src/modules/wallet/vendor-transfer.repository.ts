import { sql } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { VendorTransferState } from '../../db/schema';

/** One vendor_transfer row as the service works with it. */
export interface VendorTransferRow {
  id: string;
  merchant_code: string;
  member_id: string;
  vendor_code: string;
  adapter: string;
  reference: string;
  request_key: string;
  request: Record<string, string | number | null>;
  direction: 'DEPOSIT' | 'WITHDRAW';
  amount: string;
  state: VendorTransferState;
  entry_reference: string | null;
  reversal_reference: string | null;
  attempts: number;
  last_error: string | null;
  created_at: Date;
}

export interface NewVendorTransfer {
  merchant: string;
  memberId: string;
  vendor: string;
  adapter: string;
  reference: string;
  requestKey: string;
  request: Record<string, string | number | null>;
  direction: 'DEPOSIT' | 'WITHDRAW';
  amount: bigint;
  state: VendorTransferState;
  entryReference: string;
}

/** SQL of the transfer-wallet vendor moves (the ledger's postings are the ledger's). */
export class VendorTransferRepository extends Repository {
  insert(db: Db, t: NewVendorTransfer): Promise<VendorTransferRow> {
    return db
      .insertInto('vendor_transfer')
      .values({
        merchant_code: t.merchant,
        member_id: t.memberId,
        vendor_code: t.vendor,
        adapter: t.adapter,
        reference: t.reference,
        request_key: t.requestKey,
        request: JSON.stringify(t.request),
        direction: t.direction,
        amount: t.amount,
        state: t.state,
        entry_reference: t.entryReference,
      })
      .returningAll()
      .executeTakeFirstOrThrow() as Promise<VendorTransferRow>;
  }

  /** The moves a member's request made (none: the request is new). */
  byRequest(db: Db, merchant: string, requestKey: string): Promise<VendorTransferRow[]> {
    return db
      .selectFrom('vendor_transfer')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('request_key', '=', requestKey)
      .orderBy('id')
      .execute() as Promise<VendorTransferRow[]>;
  }

  /** The row, locked for the rest of the caller's transaction (one finaliser at a time). */
  lockRow(db: Db, id: string): Promise<VendorTransferRow | undefined> {
    return db
      .selectFrom('vendor_transfer')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst() as Promise<VendorTransferRow | undefined>;
  }

  /** What the member's pending withdrawals from a vendor have set aside (not to be moved twice). */
  async pendingWithdrawn(db: Db, memberId: string, vendor: string): Promise<bigint> {
    const row = await db
      .selectFrom('vendor_transfer')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('member_id', '=', memberId)
      .where('vendor_code', '=', vendor)
      .where('direction', '=', 'WITHDRAW')
      .where('state', 'in', ['PENDING', 'REVIEW'])
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  async setState(
    db: Db,
    id: string,
    state: VendorTransferState,
    extra: { reversalReference?: string; lastError?: string | null } = {},
  ): Promise<void> {
    await db
      .updateTable('vendor_transfer')
      .set({
        state,
        updated_at: new Date(),
        ...(extra.reversalReference !== undefined ? { reversal_reference: extra.reversalReference } : {}),
        ...(extra.lastError !== undefined ? { last_error: extra.lastError } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** One more unanswered attempt; at `limit` the row goes to REVIEW. Answers the new state. */
  async unanswered(id: string, error: string, limit: number): Promise<VendorTransferState | undefined> {
    const row = await this.db
      .updateTable('vendor_transfer')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: error.slice(0, 500),
        updated_at: new Date(),
        state: sql<VendorTransferState>`CASE WHEN attempts + 1 >= ${limit} THEN 'REVIEW' ELSE 'PENDING' END`,
      }))
      .where('id', '=', id)
      .where('state', '=', 'PENDING')
      .returning('state')
      .executeTakeFirst();
    return row?.state;
  }

  /** Pending moves created before `before`, oldest first. */
  pendingBefore(before: Date, limit: number): Promise<VendorTransferRow[]> {
    return this.db
      .selectFrom('vendor_transfer')
      .selectAll()
      .where('state', '=', 'PENDING')
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute() as Promise<VendorTransferRow[]>;
  }

  /** Moves in a state (the operators' list of what the reconciliation gave up on). */
  inState(merchant: string, state: VendorTransferState, limit: number): Promise<VendorTransferRow[]> {
    return this.db
      .selectFrom('vendor_transfer')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('state', '=', state)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute() as Promise<VendorTransferRow[]>;
  }

  /** The member as a vendor knows them: username and the brand's currency. */
  player(memberId: string) {
    return this.db
      .selectFrom('member as m')
      .innerJoin('merchant as b', 'b.code', 'm.merchant_code')
      .select(['m.username', 'b.currency_symbol'])
      .where('m.id', '=', memberId)
      .executeTakeFirst();
  }
}
