import type { Db } from '../../db/repository';
import type { LedgerAccountKind } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { checkViolation } from '../../platform/db-errors';
import type { PushNotices } from '../../platform/push-topics';
import { LedgerRepository, type AccountKey } from './ledger.repository';

/** One leg of an entry: an account id and a signed amount in minor units (credit +, debit -). */
export interface Posting {
  accountId: string;
  amount: bigint;
}

interface EntryInput {
  merchant: string;
  /**
   * The caller's reference, unique per brand: a request id, a provider transaction id, a
   * settlement period. WARNING: two different operations must never share a reference, and one
   * operation must always build the same reference on retry, or money moves twice or not at all.
   */
  reference: string;
  /** What the movement is (a TRANSACTION_TYPES value, or an operator-only kind such as WITHDRAW_PAID). */
  kind: string;
  /** The member whose account record shows the entry. */
  memberId: string | null;
  memo?: Record<string, unknown>;
  postings: Posting[];
}

export interface PostResult {
  entryId: string;
  /** false: the reference was already applied; nothing moved this time. */
  created: boolean;
}

/** Player-side account kinds: each belongs to a member, keeps a balance row and never goes negative. */
const PLAYER_KINDS: readonly LedgerAccountKind[] = ['MAIN', 'VENDOR', 'WITHDRAW_HOLD', 'BET_HOLD'];

const sameLegs = (a: Posting[], b: Posting[]) => {
  const key = (p: Posting[]) =>
    p
      .map((x) => `${x.accountId}:${x.amount}`)
      .sort()
      .join(',');
  return key(a) === key(b);
};

function isOverdraft(err: unknown): boolean {
  return checkViolation(err, 'ledger_account_player_not_negative');
}

/**
 * The double-entry ledger (ARCHITECTURE section 4). Every movement of money goes through post():
 * one entry whose postings sum to zero, player balances updated in the same transaction with the
 * accounts locked in id order, and the caller's reference as the one idempotency key.
 */
export class LedgerService {
  private readonly repo = new LedgerRepository();
  /** Account ids never change once committed: cached per process. */
  private readonly ids = new Map<string, string>();

  constructor(
    private readonly db: Db,
    /** Tells a member's open pages their wallet changed (a moment later, once the entry has committed). */
    private readonly notices?: PushNotices,
  ) {}

  /**
   * The id of an account, created on first use.
   * WARNING: call it before opening a transaction, never inside one. It creates accounts on the
   * root connection so that only committed ids are cached (an account created in a transaction
   * that rolls back would leave a dangling id here), and on PGlite, whose one connection a
   * transaction holds, a root query made inside a transaction would wait forever.
   */
  async account(
    merchant: string,
    kind: LedgerAccountKind,
    memberId: string | null = null,
    vendor = '',
  ): Promise<string> {
    const player = PLAYER_KINDS.includes(kind);
    if (player !== (memberId !== null))
      throw new Error(`ledger: ${kind} ${player ? 'needs' : 'takes no'} member`);
    const key: AccountKey = { merchant, kind, memberId, vendor };
    const cacheKey = `${merchant}|${kind}|${memberId ?? ''}|${vendor}`;
    const cached = this.ids.get(cacheKey);
    if (cached) return cached;
    const id = (await this.repo.findAccount(this.db, key)) ?? (await this.repo.createAccount(this.db, key));
    this.ids.set(cacheKey, id);
    return id;
  }

  /**
   * Posts an entry on `db` (the caller's transaction, or the root for a one-entry operation).
   * A retry with the same reference and the same postings returns the first entry and moves
   * nothing; the same reference with other postings is refused. An overdraft of a player account
   * is refused with wallet.insufficient, and the caller's transaction is then aborted.
   */
  async post(db: Db, input: EntryInput): Promise<PostResult> {
    const postings = input.postings.filter((p) => p.amount !== 0n);
    let result: PostResult;
    try {
      result = await this.repo.post(db, {
        merchant: input.merchant,
        reference: input.reference,
        kind: input.kind,
        memberId: input.memberId,
        memo: input.memo ?? {},
        accounts: postings.map((p) => p.accountId),
        amounts: postings.map((p) => p.amount),
      });
    } catch (err) {
      if (isOverdraft(err)) throw new AppError('wallet.insufficient');
      throw err;
    }
    if (result.created && input.memberId) this.notices?.member(input.merchant, input.memberId, 'wallet');
    if (!result.created) {
      const stored = (await this.repo.postingsOf(db, result.entryId)).map((p) => ({
        accountId: p.account_id,
        amount: BigInt(p.amount),
      }));
      if (!sameLegs(stored, postings)) throw new AppError('wallet.reference.conflict');
    }
    return result;
  }

  /** The entry a reference was applied as, if it was. */
  entry(db: Db, merchant: string, reference: string) {
    return this.repo.entryByReference(db, merchant, reference);
  }

  /** The entries any of these references were applied as (one query; none when none was). */
  entries(db: Db, merchant: string, references: string[]) {
    return this.repo.entriesByReferences(db, merchant, references);
  }

  /**
   * Locks these accounts (in id order) for the rest of the caller's transaction: a check made
   * after it (a daily count, a balance read) cannot be invalidated by a concurrent request of the
   * same member before this transaction ends. Use it against write skew.
   */
  lock(db: Db, accountIds: string[]): Promise<void> {
    return this.repo.lock(db, accountIds);
  }

  /** Balances of a member's player accounts, keyed `KIND` or `VENDOR:<code>`; missing ones are 0. */
  async memberBalances(db: Db, memberId: string): Promise<Map<string, bigint>> {
    const out = new Map<string, bigint>();
    for (const a of await this.repo.memberAccounts(db, memberId)) {
      out.set(a.kind === 'VENDOR' ? `VENDOR:${a.vendor_code}` : a.kind, BigInt(a.balance));
    }
    return out;
  }

  /** An operator-side account's balance (sum of its postings: it keeps no balance row). */
  derivedBalance(db: Db, accountId: string): Promise<bigint> {
    return this.repo.derivedBalance(db, accountId);
  }
}
