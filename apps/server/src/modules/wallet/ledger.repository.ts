import { sql } from 'kysely';
import type { Db } from '../../db/repository';
import type { LedgerAccountKind } from '../../db/schema';

export interface AccountKey {
  merchant: string;
  kind: LedgerAccountKind;
  memberId: string | null;
  vendor: string;
}

/** SQL of the ledger, nothing else. */
export class LedgerRepository {
  async findAccount(db: Db, key: AccountKey): Promise<string | undefined> {
    const row = await db
      .selectFrom('ledger_account')
      .select('id')
      .where('merchant_code', '=', key.merchant)
      .where('kind', '=', key.kind)
      .where((eb) =>
        key.memberId === null ? eb('member_id', 'is', null) : eb('member_id', '=', key.memberId),
      )
      .where('vendor_code', '=', key.vendor)
      .executeTakeFirst();
    return row?.id;
  }

  /** Creates the account if missing; returns its id either way (a racing creator wins harmlessly). */
  async createAccount(db: Db, key: AccountKey): Promise<string> {
    const inserted = await db
      .insertInto('ledger_account')
      .values({
        merchant_code: key.merchant,
        kind: key.kind,
        member_id: key.memberId,
        vendor_code: key.vendor,
        tracked: key.memberId !== null,
      })
      .onConflict((oc) => oc.constraint('ledger_account_unique').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    const found = await this.findAccount(db, key);
    if (!found) throw new Error(`ledger account ${JSON.stringify(key)} vanished`);
    return found;
  }

  /** One round trip: ledger_post() checks, locks in id order, updates balances and appends. */
  async post(
    db: Db,
    e: {
      merchant: string;
      reference: string;
      kind: string;
      memberId: string | null;
      memo: Record<string, unknown>;
      accounts: string[];
      amounts: bigint[];
    },
  ): Promise<{ entryId: string; created: boolean }> {
    const { rows } = await sql<{ entry_id: string; created: boolean }>`
      SELECT entry_id, created FROM ledger_post(
        ${e.merchant}, ${e.reference}, ${e.kind}, ${e.memberId}::bigint, ${JSON.stringify(e.memo)}::jsonb,
        ${e.accounts}::bigint[], ${e.amounts.map(String)}::bigint[])`.execute(db);
    const row = rows[0]!;
    return { entryId: row.entry_id, created: row.created };
  }

  postingsOf(db: Db, entryId: string) {
    return db
      .selectFrom('ledger_posting')
      .select(['account_id', 'amount', 'balance_after'])
      .where('entry_id', '=', entryId)
      .orderBy('id')
      .execute();
  }

  entryByReference(db: Db, merchant: string, reference: string) {
    return db
      .selectFrom('ledger_entry')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  entriesByReferences(db: Db, merchant: string, references: string[]) {
    return db
      .selectFrom('ledger_entry')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('reference', 'in', references)
      .execute();
  }

  /** Row locks on these accounts, in ascending id order (the order ledger_post() uses). */
  async lock(db: Db, accountIds: string[]): Promise<void> {
    if (accountIds.length === 0) return;
    await sql`SELECT id FROM ledger_account WHERE id = ANY(${accountIds}::bigint[]) ORDER BY id FOR UPDATE`.execute(
      db,
    );
  }

  /** Every tracked account of a member with its balance. */
  memberAccounts(db: Db, memberId: string) {
    return db
      .selectFrom('ledger_account')
      .select(['id', 'kind', 'vendor_code', 'balance'])
      .where('member_id', '=', memberId)
      .execute();
  }

  /** An untracked (operator-side) account's balance: the sum of its postings. */
  async derivedBalance(db: Db, accountId: string): Promise<bigint> {
    const row = await db
      .selectFrom('ledger_posting')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }
}
