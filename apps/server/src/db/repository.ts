import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * The handle a query runs on: the root database, or a transaction opened on it (Kysely's
 * Transaction is a Kysely). Methods that take a `db` run on whichever they are given, so a caller
 * can put several of them in one transaction.
 */
export type Db = Kysely<Database>;

/**
 * What the repositories that run transactions share: the root database and `transaction(fn)`,
 * which runs fn in one new transaction on it (committed when fn resolves, rolled back when it
 * throws). Repositories never nest transactions: a method that is part of a caller's transaction
 * takes that transaction as its `db` instead of opening one.
 */
export abstract class Repository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }
}
