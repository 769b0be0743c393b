import { randomBytes } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { VendorWallet } from '../vendors';
import type { LedgerService, Posting } from './ledger.service';
import type { VendorTransferRepository, VendorTransferRow } from './vendor-transfer.repository';

/** The member as a transfer-wallet vendor knows them (the providers' VendorPlayer). */
export interface TransferPlayer {
  merchant: string;
  vendor: string;
  memberId: string;
  username: string;
  /** The brand's currency as the brand names it; the adapter maps it to the vendor's code. */
  currency: string;
}

/**
 * The transfer operations of a vendor's adapter (the providers' TransferWalletOps, the same
 * shape: the wallet cannot import providers, composed after it). `ledgerBacked`: the vendor keeps
 * the member's balance in our ledger vendor account itself (the simulated studio): its balance is
 * that account's and its moves confirm at once, so they are made in our transaction.
 */
export interface VendorTransferOps {
  readonly ledgerBacked?: boolean;
  deposit(player: TransferPlayer, reference: string, amount: bigint): Promise<'DONE' | 'FAILED'>;
  withdraw(player: TransferPlayer, reference: string, amount: bigint): Promise<'DONE' | 'FAILED'>;
  balance(player: TransferPlayer): Promise<bigint>;
  status(player: TransferPlayer, reference: string): Promise<'DONE' | 'FAILED' | 'UNKNOWN'>;
}

/** The adapter's transfer operations by adapter code (undefined: the adapter has none). */
export type TransferOpsLookup = (adapter: string) => VendorTransferOps | undefined;

export interface VendorTransferTuning {
  /** How long a call to the vendor may take before the move is left pending (ms). */
  callTimeoutMs: number;
  /** Unanswered status queries before a pending move goes to REVIEW for an operator. */
  maxAttempts: number;
}

/** What a member's request moved: its moves and whether an earlier call with its key made them. */
export interface TransferOutcome {
  repeat: boolean;
  moves: VendorTransferRow[];
}

type Ask = Record<string, string | number | null>;

const vendorKey = (code: string) => `VENDOR:${code}`;
const newReference = () => `T${randomBytes(12).toString('hex')}`;

class CallTimeout extends Error {}

async function within<T>(ms: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CallTimeout(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Every move of a member's money between the main wallet and a transfer-wallet vendor: launch
 * funding, the member's own transfers, recalls to main (withdrawals, lottery, house games). A move
 * is a vendor_transfer row under our own unique reference, written in the transaction of its
 * ledger move, then the adapter's call with that reference:
 * - a deposit to the vendor debits main (main → the member's vendor account) before the call;
 *   DONE keeps it, FAILED gives it back to main exactly once, no answer leaves it PENDING;
 * - a withdrawal asks the vendor's balance first and moves at most that (and at most what our
 *   vendor account holds beyond other pending withdrawals); main is credited only once the vendor
 *   says DONE;
 * - `reconcile` asks the vendor about PENDING moves (status by reference) until it knows, then
 *   finishes them as above; after `maxAttempts` unanswered queries the move goes to REVIEW.
 * Finishing locks the row and acts only on PENDING, so two reconcilers never finish a move twice
 * (and the ledger's unique references would refuse a second entry anyway).
 */
export class VendorTransferService {
  constructor(
    private readonly repo: VendorTransferRepository,
    private readonly ledger: LedgerService,
    private readonly lookup: TransferOpsLookup,
    private readonly tuning: VendorTransferTuning,
    /** Refuses a member who may not play now (on a break): nothing moves into a vendor's wallet. */
    private readonly mayPlay?: (brand: Brand, memberId: string) => Promise<void>,
  ) {}

  /** Whether the vendor's adapter can move money (a transfer wallet without it cannot be funded). */
  supports(vendor: VendorWallet): boolean {
    return this.lookup(vendor.adapter) !== undefined;
  }

  /** The moves an earlier call with this request key made (none: a new request). */
  earlier(merchant: string, requestKey: string): Promise<VendorTransferRow[]> {
    return this.repo.byRequest(this.repo.db, merchant, requestKey);
  }

  /**
   * Main → the vendor: `requested`, or the whole main balance (read under lock). The ledger entry
   * is `requestKey` (TRANSFER_IN). Refuses what main cannot cover (wallet.insufficient) and a
   * vendor that refused the move (wallet.transfer.failed, main given back).
   */
  async deposit(
    brand: Brand,
    memberId: string,
    vendor: VendorWallet,
    requestKey: string,
    ask: Ask,
    requested: bigint | null,
  ): Promise<TransferOutcome> {
    const ops = this.opsOf(vendor);
    // A retry of a move already made answers as it did, break or not.
    if ((await this.earlier(brand.code, requestKey)).length === 0) await this.mayPlay?.(brand, memberId);
    const player = await this.player(brand.code, memberId, vendor.code);
    const main = await this.ledger.account(brand.code, 'MAIN', memberId);
    const wallet = await this.ledger.account(brand.code, 'VENDOR', memberId, vendor.code);
    const reference = newReference();
    const made = await this.repo.transaction(async (trx) => {
      await this.ledger.lock(trx, [main, wallet]);
      const twin = await this.repo.byRequest(trx, brand.code, requestKey);
      if (twin.length > 0) return { repeat: true as const, moves: twin };
      const now = await this.ledger.memberBalances(trx, memberId);
      const held = now.get('MAIN') ?? 0n;
      const amount = requested ?? held;
      if (amount <= 0n || amount > held) throw new AppError('wallet.insufficient');
      // In-process vendors confirm with the ledger move itself.
      const outcome = ops.ledgerBacked ? await ops.deposit(player, reference, amount) : null;
      if (outcome === 'FAILED') throw new AppError('wallet.transfer.failed');
      await this.ledger.post(trx, {
        merchant: brand.code,
        reference: requestKey,
        kind: 'TRANSFER_IN',
        memberId,
        memo: { request: ask, vendorReference: reference },
        postings: [
          { accountId: main, amount: -amount },
          { accountId: wallet, amount },
        ],
      });
      const row = await this.repo.insert(trx, {
        merchant: brand.code,
        memberId,
        vendor: vendor.code,
        adapter: vendor.adapter,
        reference,
        requestKey,
        request: ask,
        direction: 'DEPOSIT',
        amount,
        state: outcome ?? 'PENDING',
        entryReference: requestKey,
      });
      return { repeat: false as const, moves: [row] };
    });
    if (made.repeat || ops.ledgerBacked) return made;
    const row = made.moves[0]!;
    const after = await this.call(row, () => ops.deposit(player, reference, BigInt(row.amount)));
    if (after.state === 'FAILED') throw new AppError('wallet.transfer.failed');
    return { repeat: false, moves: [after] };
  }

  /**
   * The vendors → main: `requested` from the one vendor given, or everything each vendor can give
   * back (a recall names several). Each vendor's balance is asked first; a vendor that cannot
   * answer is left out of a recall (and fails a single withdrawal: wallet.transfer.failed). Ledger
   * entries: the in-process vendors' moves as one entry `requestKey` (TRANSFER_OUT), a remote
   * vendor's move once it is DONE, as `requestKey` when it is the only vendor, else
   * `requestKey:<vendor>`.
   */
  async withdraw(
    brand: Brand,
    memberId: string,
    vendors: VendorWallet[],
    requestKey: string,
    ask: Ask,
    requested: bigint | null,
  ): Promise<TransferOutcome> {
    const single = vendors.length === 1;
    const sources: {
      vendor: VendorWallet;
      ops: VendorTransferOps;
      account: string;
      balance: bigint | null;
    }[] = [];
    for (const vendor of vendors) {
      const ops = this.lookup(vendor.adapter);
      if (!ops) {
        if (single) throw new AppError('wallet.transfer.unavailable');
        continue;
      }
      let balance: bigint | null = null;
      if (!ops.ledgerBacked) {
        try {
          const player = await this.player(brand.code, memberId, vendor.code);
          balance = await within(this.tuning.callTimeoutMs, () => ops.balance(player));
        } catch (err) {
          if (err instanceof AppError) throw err;
          if (single) throw new AppError('wallet.transfer.failed');
          continue;
        }
      }
      const account = await this.ledger.account(brand.code, 'VENDOR', memberId, vendor.code);
      sources.push({ vendor, ops, account, balance });
    }
    if (sources.length === 0) throw new AppError('wallet.insufficient');
    const main = await this.ledger.account(brand.code, 'MAIN', memberId);
    const players = new Map<string, Awaited<ReturnType<VendorTransferService['player']>>>();
    for (const s of sources)
      players.set(s.vendor.code, await this.player(brand.code, memberId, s.vendor.code));

    const made = await this.repo.transaction(async (trx) => {
      await this.ledger.lock(trx, [main, ...sources.map((s) => s.account)]);
      const twin = await this.repo.byRequest(trx, brand.code, requestKey);
      if (twin.length > 0) return { repeat: true as const, moves: twin };
      const now = await this.ledger.memberBalances(trx, memberId);
      const moves: VendorTransferRow[] = [];
      const legs: Posting[] = [];
      let total = 0n;
      for (const s of sources) {
        const held =
          (now.get(vendorKey(s.vendor.code)) ?? 0n) -
          (await this.repo.pendingWithdrawn(trx, memberId, s.vendor.code));
        const available = s.balance === null ? held : held < s.balance ? held : s.balance;
        const amount = requested ?? available;
        if (amount <= 0n || amount > available) {
          if (single) throw new AppError('wallet.insufficient');
          continue;
        }
        const reference = newReference();
        const player = players.get(s.vendor.code)!;
        const outcome = s.ops.ledgerBacked ? await s.ops.withdraw(player, reference, amount) : null;
        if (outcome === 'FAILED') continue;
        if (outcome === 'DONE') {
          legs.push({ accountId: s.account, amount: -amount });
          total += amount;
        }
        moves.push(
          await this.repo.insert(trx, {
            merchant: brand.code,
            memberId,
            vendor: s.vendor.code,
            adapter: s.vendor.adapter,
            reference,
            requestKey,
            request: ask,
            direction: 'WITHDRAW',
            amount,
            state: outcome ?? 'PENDING',
            entryReference: outcome !== null || single ? requestKey : `${requestKey}:${s.vendor.code}`,
          }),
        );
      }
      if (moves.length === 0) throw new AppError(single ? 'wallet.transfer.failed' : 'wallet.insufficient');
      if (total > 0n)
        await this.ledger.post(trx, {
          merchant: brand.code,
          reference: requestKey,
          kind: 'TRANSFER_OUT',
          memberId,
          memo: { request: ask },
          postings: [...legs, { accountId: main, amount: total }],
        });
      return { repeat: false as const, moves };
    });
    if (made.repeat) return made;
    const moves: VendorTransferRow[] = [];
    for (const row of made.moves) {
      if (row.state !== 'PENDING') {
        moves.push(row);
        continue;
      }
      const s = sources.find((x) => x.vendor.code === row.vendor_code)!;
      const player = players.get(row.vendor_code)!;
      moves.push(await this.call(row, () => s.ops.withdraw(player, row.reference, BigInt(row.amount))));
    }
    if (single && moves[0]!.state === 'FAILED') throw new AppError('wallet.transfer.failed');
    return { repeat: false, moves };
  }

  /**
   * Asks the vendors about moves still PENDING after `olderThanMs`, and finishes those they know
   * about. Answers how many were finished.
   */
  async reconcile(olderThanMs: number, limit = 100): Promise<number> {
    const rows = await this.repo.pendingBefore(new Date(Date.now() - olderThanMs), limit);
    let finished = 0;
    for (const row of rows) {
      const ops = this.lookup(row.adapter);
      if (!ops) {
        await this.repo.unanswered(
          row.id,
          `adapter ${row.adapter} is not registered`,
          this.tuning.maxAttempts,
        );
        continue;
      }
      let status: 'DONE' | 'FAILED' | 'UNKNOWN';
      try {
        const player = await this.player(row.merchant_code, row.member_id, row.vendor_code);
        status = await within(this.tuning.callTimeoutMs, () => ops.status(player, row.reference));
      } catch (err) {
        await this.repo.unanswered(row.id, describe(err), this.tuning.maxAttempts);
        continue;
      }
      if (status === 'UNKNOWN') {
        await this.repo.unanswered(row.id, 'vendor: status unknown', this.tuning.maxAttempts);
        continue;
      }
      const after = await this.finish(row, status);
      if (after.state === status) finished += 1;
    }
    return finished;
  }

  /** Moves the reconciliation gave up on (REVIEW), newest first: an operator decides. */
  review(merchant: string, limit = 200): Promise<VendorTransferRow[]> {
    return this.repo.inState(merchant, 'REVIEW', limit);
  }

  // ---- internals -------------------------------------------------------------------------------

  private opsOf(vendor: VendorWallet): VendorTransferOps {
    const ops = this.lookup(vendor.adapter);
    if (!ops) throw new AppError('wallet.transfer.unavailable');
    return ops;
  }

  private async player(merchant: string, memberId: string, vendor: string): Promise<TransferPlayer> {
    const row = await this.repo.player(memberId);
    if (!row) throw new Error(`vendor transfer: member ${memberId} unknown`);
    return { merchant, vendor, memberId, username: row.username, currency: row.currency_symbol };
  }

  /** The vendor's call for a PENDING move: its answer finishes the move; no answer leaves it. */
  private async call(
    row: VendorTransferRow,
    move: () => Promise<'DONE' | 'FAILED'>,
  ): Promise<VendorTransferRow> {
    let outcome: 'DONE' | 'FAILED';
    try {
      outcome = await within(this.tuning.callTimeoutMs, move);
    } catch (err) {
      await this.repo.setState(this.repo.db, row.id, 'PENDING', { lastError: describe(err) });
      return row;
    }
    return this.finish(row, outcome);
  }

  /**
   * Finishes a PENDING move the vendor answered for, once: the row is locked and only a PENDING
   * row is acted on. A DONE withdrawal credits main; a FAILED deposit gives main its money back.
   * Our vendor account short of the amount (spent meanwhile) is no move to make: REVIEW.
   */
  private async finish(row: VendorTransferRow, outcome: 'DONE' | 'FAILED'): Promise<VendorTransferRow> {
    const needsMove =
      (row.direction === 'WITHDRAW' && outcome === 'DONE') ||
      (row.direction === 'DEPOSIT' && outcome === 'FAILED');
    const main = needsMove ? await this.ledger.account(row.merchant_code, 'MAIN', row.member_id) : '';
    const wallet = needsMove
      ? await this.ledger.account(row.merchant_code, 'VENDOR', row.member_id, row.vendor_code)
      : '';
    return this.repo.transaction(async (trx) => {
      const locked = await this.repo.lockRow(trx, row.id);
      if (!locked || locked.state !== 'PENDING') return locked ?? row;
      if (!needsMove) {
        await this.repo.setState(trx, row.id, outcome, { lastError: null });
        return { ...locked, state: outcome };
      }
      await this.ledger.lock(trx, [main, wallet]);
      const amount = BigInt(row.amount);
      const held =
        (await this.ledger.memberBalances(trx, row.member_id)).get(vendorKey(row.vendor_code)) ?? 0n;
      if (held < amount) {
        await this.repo.setState(trx, row.id, 'REVIEW', {
          lastError: `vendor ${outcome}, but the member's vendor account holds ${held} of ${amount}`,
        });
        return { ...locked, state: 'REVIEW' as const };
      }
      const reversal = `TRANSFER_REVERSAL:${row.reference}`;
      await this.ledger.post(trx, {
        merchant: row.merchant_code,
        reference: row.direction === 'WITHDRAW' ? row.entry_reference! : reversal,
        kind: 'TRANSFER_OUT',
        memberId: row.member_id,
        memo:
          row.direction === 'WITHDRAW'
            ? { request: row.request, vendorReference: row.reference }
            : { reversal: row.reference },
        postings: [
          { accountId: wallet, amount: -amount },
          { accountId: main, amount },
        ],
      });
      await this.repo.setState(trx, row.id, outcome, {
        lastError: null,
        ...(row.direction === 'DEPOSIT' ? { reversalReference: reversal } : {}),
      });
      return { ...locked, state: outcome };
    });
  }
}
