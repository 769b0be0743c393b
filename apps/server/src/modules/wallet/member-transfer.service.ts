import { fromMinor, toMinor } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { LedgerService } from './ledger.service';
import type { TurnoverService } from './turnover.service';
import type { WalletRepository } from './wallet.repository';

/** What the payer asks: its request id (the idempotency key), the amount and its payment password. */
interface MemberTransferInput {
  requestId: string;
  amount: string;
  paymentPassword: string;
}

/** The member who receives the money. */
interface Payee {
  id: string;
  username: string;
}

/** The answer of a transfer (and of its retries): the entry, who was paid, the payer's main wallet after. */
interface MemberTransferDone {
  id: string;
  amount: number;
  to: string;
  balance: number;
  createdTime: string;
}

/** The member module's payment-password check (slow on purpose, counted, locks after failures). */
interface PaymentPasswordCheck {
  confirmPaymentPassword(memberId: string, paymentPassword: string): Promise<void>;
}

type TransferKind = 'UPLINE_TRANSFER' | 'AGENT_TRANSFER';

/**
 * The ledger reference of each kind of payer transfer. A payer's request id names one transfer
 * whichever call carries it: before posting, the entries of every reference below are looked up,
 * so the same id cannot pay the upline and a downline, nor the upline twice through its two calls.
 * WARNING: upline transfers made through the agent call before it shared this use case were
 * written under `AGENT:`; they are found there and answered, never paid again.
 */
const REFERENCE_PREFIX: Record<TransferKind, string> = {
  UPLINE_TRANSFER: 'UPLINE',
  AGENT_TRANSFER: 'AGENT',
};

const references = (payerId: string, requestId: string) =>
  Object.values(REFERENCE_PREFIX).map((prefix) => `${prefix}:${payerId}:${requestId}`);

/**
 * Money one member sends from its main wallet to another member's: to its upline agent (the
 * member's and the agent's upline calls, one rule set) or, for an agent, to a member of its own
 * downline (the agent module checks the team first). Every transfer is one ledger entry, confirmed
 * by the payer's payment password, refused while the payer has turnover still to bet
 * (TurnoverService.assertFreeToSend), and idempotent on the payer's request id.
 */
export class MemberTransferService {
  constructor(
    private readonly repo: WalletRepository,
    private readonly ledger: LedgerService,
    private readonly turnover: TurnoverService,
    private readonly passwords: PaymentPasswordCheck,
  ) {}

  /**
   * The payer pays its upline agent. Refused when the brand's switch is off
   * (upline.transfer.disabled) and when the payer has no agent upline in the brand (upline.none):
   * an upline that is no agent type is no one to pay.
   */
  async toUpline(brand: Brand, payerId: string, input: MemberTransferInput): Promise<MemberTransferDone> {
    const amount = positive(input.amount);
    if (!(await this.repo.cashierSettings(brand.code)).uplineTransfer)
      throw new AppError('upline.transfer.disabled');
    const upline = await this.repo.upline(brand.code, payerId);
    if (!upline) throw new AppError('upline.none');
    return this.pay(brand, payerId, upline, 'UPLINE_TRANSFER', amount, input);
  }

  /** An agent pays a member of its downline; the caller has checked that the payee is in it. */
  toDownline(
    brand: Brand,
    agentId: string,
    payee: Payee,
    input: MemberTransferInput,
  ): Promise<MemberTransferDone> {
    return this.pay(brand, agentId, payee, 'AGENT_TRANSFER', positive(input.amount), input);
  }

  /**
   * One ledger entry from the payer's main wallet to the payee's. No balance is read before
   * moving: both main wallets are locked (id order, as the ledger locks them) and the ledger's
   * not-negative CHECK refuses an overdraft, rolling the whole entry back, so concurrent transfers
   * never overdraw the payer. A retry of a transfer already made answers as the first call did,
   * whatever was credited to the payer since (no turnover check); the same id with another payee
   * or amount has other legs (wallet.reference.conflict), and so does the id of another kind.
   */
  private async pay(
    brand: Brand,
    payerId: string,
    to: Payee,
    kind: TransferKind,
    amount: bigint,
    input: MemberTransferInput,
  ): Promise<MemberTransferDone> {
    // Slow on purpose (password hashing): before the transaction, never inside it.
    await this.passwords.confirmPaymentPassword(payerId, input.paymentPassword);
    // WARNING: account() must run before the transaction opens (see LedgerService.account).
    const from = await this.ledger.account(brand.code, 'MAIN', payerId);
    const dest = await this.ledger.account(brand.code, 'MAIN', to.id);
    const own = `${REFERENCE_PREFIX[kind]}:${payerId}:${input.requestId}`;
    return this.repo.transaction(async (trx) => {
      // After the lock, a twin of this request that held it first has committed and is seen here.
      await this.ledger.lock(trx, [from, dest]);
      const earlier = await this.ledger.entries(trx, brand.code, references(payerId, input.requestId));
      if (earlier.some((e) => e.kind !== kind)) throw new AppError('wallet.reference.conflict');
      const done = earlier.find((e) => e.reference === own) ?? earlier[0];
      if (!done) await this.turnover.assertFreeToSend(trx, payerId);
      const reference = done?.reference ?? own;
      const posted = await this.ledger.post(trx, {
        merchant: brand.code,
        reference,
        kind,
        memberId: payerId,
        memo: { to: to.username },
        postings: [
          { accountId: from, amount: -amount },
          { accountId: dest, amount },
        ],
      });
      const entry = done ?? (await this.ledger.entry(trx, brand.code, reference));
      const balances = await this.ledger.memberBalances(trx, payerId);
      return {
        id: posted.entryId,
        amount: fromMinor(amount),
        to: to.username,
        balance: fromMinor(balances.get('MAIN') ?? 0n),
        createdTime: (entry?.created_at ?? new Date()).toISOString(),
      };
    });
  }
}

function positive(text: string): bigint {
  const amount = toMinor(text);
  if (amount === null || amount <= 0n) throw new AppError('wallet.amount.invalid');
  return amount;
}
