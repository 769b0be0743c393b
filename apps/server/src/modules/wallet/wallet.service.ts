import { randomBytes } from 'node:crypto';
import {
  IDENTITY_LIMITS,
  fromMinor,
  toMinor,
  type MerchantWallet,
  type WalletBalance,
  type walletTransferSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { VendorService, VendorWallet } from '../vendors';
import type { InboxService } from '../messages';
import type { LedgerService } from './ledger.service';
import type { VendorTransferService } from './vendor-transfer.service';
import type { TurnoverService } from './turnover.service';
import type { CashierSettings, WalletRepository } from './wallet.repository';

type TransferInput = z.output<typeof walletTransferSchema>;
/**
 * A manual credit or debit, as an approved maker-checker request asks for it (see the cashier's
 * approvals): requestId keys the ledger entry, so a repeated approval posts once.
 */
export interface AdjustmentInput {
  requestId: string;
  username: string;
  /** Signed amount text: a credit is positive, a debit negative. */
  amount: string;
  reason: string;
  /** Bet this many times the credit before withdrawing (bonus-like credits). */
  turnoverMultiple: number;
}

/** What an adjustment answers. */
export interface AdjustmentResult {
  id: string;
  username: string;
  /** Signed: a credit is positive, a debit negative. */
  amount: number;
  /** The member's main wallet afterwards. */
  balance: number;
  /** Turnover the credit added to the member's requirements (0 when none). */
  turnoverRequired: number;
  createdTime: string;
}

/** The balance list's row for the main wallet. */
const MAIN_WALLET = 'MAIN';

const vendorKey = (code: string) => `VENDOR:${code}`;

/** What a money request asked for, kept in the entry's memo so a retry can be compared with it. */
type Ask = Record<string, string | number | null>;

/**
 * A retried request must ask for the same thing as the first one: the same key with other
 * details is a different request that reused a key, refused rather than silently ignored.
 */
function sameAsk(memo: Record<string, unknown>, ask: Ask): void {
  const first = memo.request as Ask | undefined;
  const same =
    first !== undefined &&
    Object.keys(ask).length === Object.keys(first).length &&
    Object.entries(ask).every(([k, v]) => first[k] === v);
  if (!same) throw new AppError('wallet.reference.conflict');
}

const amountInvalid = () => new AppError('wallet.amount.invalid');

/** What a recall to main may meet without failing its caller (see recallToMain). */
const RECALL_TOLERATED = new Set<string>([
  'wallet.insufficient',
  'wallet.transfer.failed',
  'wallet.transfer.unavailable',
]);

/**
 * The member's wallets: balances, transfers between the main wallet and transfer-wallet
 * vendors, operator adjustments and trial play money (payments to another member's wallet are
 * MemberTransferService's). Every movement is one ledger entry whose reference is built from the
 * caller's key, so a retried request moves money once and answers as the first one did.
 */
export class WalletService {
  constructor(
    private readonly repo: WalletRepository,
    private readonly ledger: LedgerService,
    private readonly inbox: InboxService,
    private readonly turnover: TurnoverService,
    private readonly vendors: VendorService,
    private readonly vendorTransfers: VendorTransferService,
  ) {}

  // ---- reading -------------------------------------------------------------------------------

  /**
   * The balance list: the main wallet, then one row per enabled transfer-wallet vendor (none on a
   * single-wallet brand). A vendor wallet that still holds money is listed even if the vendor was
   * switched off since, so no money is ever out of sight; sumBalance counts every vendor wallet.
   * Missing accounts read as 0: reading never creates an account.
   */
  async balance(brand: Brand, memberId: string): Promise<WalletBalance> {
    const [settings, balances, vendors] = await Promise.all([
      this.settings(brand.code),
      this.ledger.memberBalances(this.repo.db, memberId),
      this.vendors.wallets(brand.code),
    ]);
    const main = balances.get('MAIN') ?? 0n;
    let sum = main;
    for (const [key, value] of balances) if (key.startsWith('VENDOR:')) sum += value;

    const rows: WalletBalance['balance'] = [
      { vendor: MAIN_WALLET, displayName: 'Main wallet', gameType: MAIN_WALLET, balance: fromMinor(main) },
    ];
    if (!settings.singleWallet) {
      const listed = new Set<string>();
      for (const v of vendors) {
        const held = balances.get(vendorKey(v.code)) ?? 0n;
        if ((v.enabled && v.walletType === 'TRANSFER') || held > 0n) {
          rows.push({
            vendor: v.code,
            displayName: v.displayName,
            gameType: v.gameType,
            balance: fromMinor(held),
          });
          listed.add(v.code);
        }
      }
      // A wallet of a vendor the brand no longer has at all: shown under its code.
      for (const [key, value] of balances) {
        const code = key.slice('VENDOR:'.length);
        if (key.startsWith('VENDOR:') && value > 0n && !listed.has(code))
          rows.push({ vendor: code, displayName: code, gameType: '', balance: fromMinor(value) });
      }
    }
    return {
      sumBalance: fromMinor(sum),
      mainBalance: fromMinor(main),
      lockedBalance: fromMinor(balances.get('WITHDRAW_HOLD') ?? 0n),
      balance: rows,
      currencySymbol: brand.currencySymbol,
    };
  }

  /** Whether the brand runs one wallet, and its enabled vendors with their wallet type. */
  async merchantWallet(brand: Brand): Promise<MerchantWallet> {
    const [settings, vendors] = await Promise.all([
      this.settings(brand.code),
      this.vendors.wallets(brand.code),
    ]);
    return {
      isSingle: settings.singleWallet,
      wallets: vendors
        .filter((v) => v.enabled)
        .map((v) => ({
          vendor: v.code,
          displayName: v.displayName,
          gameType: v.gameType,
          walletType: v.walletType,
        })),
    };
  }

  // ---- main <-> vendor wallets -----------------------------------------------------------------

  /**
   * IN moves main → vendor, OUT vendor → main; without an amount everything moves, and OUT without
   * a vendor recalls every vendor wallet into main as one entry. Answers the new balance list.
   * WARNING: the retry check comes before every rule: a retried request must get its answer even
   * if the vendor was switched off since, and an "all" retry must not move what is there now.
   */
  async transfer(brand: Brand, memberId: string, input: TransferInput): Promise<WalletBalance> {
    const requested = input.amount === undefined ? null : toMinor(input.amount);
    if (input.amount !== undefined && (requested === null || requested <= 0n)) throw amountInvalid();
    const vendor = input.vendor?.toUpperCase() ?? null;
    const reference = `TRANSFER:${memberId}:${input.requestId}`;
    const ask: Ask = {
      direction: input.direction,
      vendor,
      amount: requested === null ? null : requested.toString(),
    };
    if (await this.answered(brand.code, reference, ask)) return this.balance(brand, memberId);

    const settings = await this.settings(brand.code);
    if (settings.singleWallet) throw new AppError('wallet.transfer.unavailable');
    const wallets = await this.vendors.wallets(brand.code);
    const target = vendor === null ? null : this.transferVendor(wallets, vendor);

    // Refusals that need no lock are made before any account is created for them.
    const before = await this.ledger.memberBalances(this.repo.db, memberId);
    const codes =
      vendor !== null
        ? [vendor]
        : [...before]
            .filter(([key, value]) => key.startsWith('VENDOR:') && value > 0n)
            .map(([key]) => key.slice('VENDOR:'.length));
    const source =
      vendor === null ? null : (before.get(input.direction === 'IN' ? 'MAIN' : vendorKey(vendor)) ?? 0n);
    if (codes.length === 0 || source === 0n) {
      // A twin of this request may have committed after the retry check above, emptying the
      // source: its answer stands, not a refusal (the balances were read after that commit).
      if (await this.answered(brand.code, reference, ask)) return this.balance(brand, memberId);
      throw new AppError('wallet.insufficient');
    }

    // Every move goes through the vendor's adapter (VendorTransferService); a twin of this request
    // that got there first is answered as it was.
    const outcome =
      input.direction === 'IN' && target
        ? await this.vendorTransfers.deposit(brand, memberId, target, reference, ask, requested)
        : await this.vendorTransfers.withdraw(
            brand,
            memberId,
            // An amount without a vendor comes from the first vendor wallet that holds money.
            target
              ? [target]
              : (requested === null ? codes : codes.slice(0, 1)).map((c) => this.walletOf(wallets, c)),
            reference,
            ask,
            requested,
          );
    if (outcome.repeat) sameAsk({ request: outcome.moves[0]!.request }, ask);
    return this.balance(brand, memberId);
  }

  /**
   * Whether the request key was answered already (its moves, or the ledger entry of a transfer
   * made before moves were recorded); a retry with other details is refused.
   */
  private async answered(merchant: string, reference: string, ask: Ask): Promise<boolean> {
    const moves = await this.vendorTransfers.earlier(merchant, reference);
    if (moves.length > 0) {
      sameAsk({ request: moves[0]!.request }, ask);
      return true;
    }
    const done = await this.ledger.entry(this.repo.db, merchant, reference);
    if (!done) return false;
    sameAsk(done.memo, ask);
    return true;
  }

  /**
   * Brings the money held at every vendor wallet back to main, as one entry. Whatever spends from
   * main (a lottery slip, a game that plays from main) calls it first, so the member can stake all
   * they own whatever game they left last. Nothing held at a vendor, or a single-wallet brand,
   * moves nothing.
   */
  async recallToMain(brand: Brand, memberId: string): Promise<void> {
    if ((await this.settings(brand.code)).singleWallet) return;
    const held = await this.ledger.memberBalances(this.repo.db, memberId);
    if (![...held].some(([key, value]) => key.startsWith('VENDOR:') && value > 0n)) return;
    try {
      await this.transfer(brand, memberId, {
        requestId: `R${randomBytes(12).toString('hex')}`,
        direction: 'OUT',
      });
    } catch (err) {
      // A concurrent recall emptied the vendor wallets first: nothing left to move is no error; a
      // vendor that refused or could not answer keeps its money (the member still sees it there).
      if (!(err instanceof AppError) || !RECALL_TOLERATED.has(err.code)) throw err;
    }
  }

  /**
   * A vendor code a member may move money to or from: enabled, with a transfer wallet whose
   * adapter can move money.
   */
  private transferVendor(wallets: VendorWallet[], code: string): VendorWallet {
    const wallet = wallets.find((w) => w.code === code && w.enabled);
    if (!wallet) throw new AppError('wallet.vendor.unknown');
    if (wallet.walletType !== 'TRANSFER' || !this.vendorTransfers.supports(wallet))
      throw new AppError('wallet.transfer.unavailable');
    return wallet;
  }

  /**
   * The wallet of a vendor code the member holds money at, switched off or gone since: a vendor the
   * brand no longer lists is recalled through the adapter its row named, else not at all.
   */
  private walletOf(wallets: VendorWallet[], code: string): VendorWallet {
    return (
      wallets.find((w) => w.code === code) ?? {
        code,
        displayName: code,
        gameType: 'RNG',
        walletType: 'TRANSFER',
        enabled: false,
        adapter: '',
      }
    );
  }

  // ---- operators ---------------------------------------------------------------------------------

  /**
   * An operator credits (ADJUSTMENT → MAIN) or debits (MAIN → ADJUSTMENT) a member. A credit
   * with a turnover multiple adds a requirement of amount × multiple in the same transaction;
   * the member gets an inbox message. The reference is the operator's request id.
   */
  async adjust(brand: Brand, operator: string, input: AdjustmentInput): Promise<AdjustmentResult> {
    const debit = input.amount.startsWith('-');
    const minor = toMinor(input.amount.replace(/^-/, ''));
    if (minor === null || minor <= 0n) throw amountInvalid();
    const member = await this.repo.memberByUsername(brand.code, input.username);
    if (!member)
      throw new AppError('request.invalid', { fields: [{ field: 'username', message: 'unknown' }] });
    const signed = debit ? -minor : minor;
    const required = !debit && input.turnoverMultiple > 0 ? minor * BigInt(input.turnoverMultiple) : 0n;
    const reference = `ADJUST:${input.requestId}`;
    const ask: Ask = {
      memberId: member.id,
      amount: signed.toString(),
      turnoverMultiple: input.turnoverMultiple,
    };
    const adjustment = await this.ledger.account(brand.code, 'ADJUSTMENT');
    const main = await this.ledger.account(brand.code, 'MAIN', member.id);

    return this.repo.transaction(async (trx) => {
      const posted = await this.ledger.post(trx, {
        merchant: brand.code,
        reference,
        kind: 'ADJUSTMENT',
        memberId: member.id,
        memo: { reason: input.reason, operator, request: ask },
        postings: [
          { accountId: adjustment, amount: -signed },
          { accountId: main, amount: signed },
        ],
      });
      const entry = await this.ledger.entry(trx, brand.code, reference);
      if (!entry) throw new Error(`ledger: entry ${reference} missing after post`);
      if (posted.created) {
        await this.turnover.add(trx, {
          merchant: brand.code,
          memberId: member.id,
          required,
          source: reference,
        });
        await this.inbox.notify(trx, {
          merchant: brand.code,
          memberId: member.id,
          kind: 'ADJUSTMENT',
          params: { amount: fromMinor(signed), reason: input.reason },
        });
      } else {
        // Same legs, but a different turnover multiple is still a different request.
        sameAsk(entry.memo, ask);
      }
      const balances = await this.ledger.memberBalances(trx, member.id);
      return {
        id: posted.entryId,
        username: member.username,
        amount: fromMinor(signed),
        balance: fromMinor(balances.get('MAIN') ?? 0n),
        turnoverRequired: fromMinor(required),
        createdTime: entry.created_at.toISOString(),
      };
    });
  }

  // ---- trial accounts ----------------------------------------------------------------------------

  /** Play money for a new trial account (free play), once per member. */
  async creditTrial(merchant: string, memberId: string): Promise<void> {
    const fund = await this.ledger.account(merchant, 'TRIAL_FUND');
    const main = await this.ledger.account(merchant, 'MAIN', memberId);
    const amount = BigInt(IDENTITY_LIMITS.trialPlayMoney);
    // One entry is one statement: atomic without an explicit transaction.
    await this.ledger.post(this.repo.db, {
      merchant,
      reference: `TRIAL:${memberId}`,
      kind: 'TRIAL_CREDIT',
      memberId,
      postings: [
        { accountId: fund, amount: -amount },
        { accountId: main, amount },
      ],
    });
  }

  // ---- internals ----------------------------------------------------------------------------------

  private settings(merchant: string): Promise<CashierSettings> {
    return this.repo.cashierSettings(merchant);
  }
}
