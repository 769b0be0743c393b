import {
  CASHIER_LIMITS,
  type bindPayoutAccountSchema,
  type PayoutAccount,
  type payoutBankSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { uniqueViolation } from '../../platform/db-errors';
import type { Brand } from '../../platform/brand';
import type { ProfileService } from '../member';
import type { LedgerService } from '../wallet';
import type { PayoutAccountRepository, PayoutAccountRow } from './payout-account.repository';

type BindPayoutAccountInput = z.output<typeof bindPayoutAccountSchema>;
type PayoutBank = z.infer<typeof payoutBankSchema>;

/** "Juan  dela cruz " and "JUAN DELA CRUZ" name the same person: case and spacing do not count. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** What a member is shown of an account number: the last 4 digits. */
function maskAccountNo(accountNo: string): string {
  return `•••• ${accountNo.slice(-4)}`;
}

/**
 * The account as an answer shows it.
 * WARNING: `masked: false` gives the full account number; only operator answers may use it.
 */
export function toPayoutAccount(r: PayoutAccountRow, masked = true): PayoutAccount {
  return {
    id: r.id,
    kind: r.bank_kind,
    bankCode: r.bank_code,
    bankName: r.bank_name,
    accountName: r.account_name,
    accountNo: masked ? maskAccountNo(r.account_no) : r.account_no,
    createdTime: r.created_at.toISOString(),
  };
}

/**
 * Bank and e-wallet accounts a member withdraws to. An account must be in the member's
 * real name: the first one bound sets the payee name when the member has none, later ones must
 * match it.
 */
export class PayoutAccountService {
  constructor(
    private readonly repo: PayoutAccountRepository,
    private readonly ledger: LedgerService,
    private readonly members: ProfileService,
  ) {}

  async banks(merchant: string): Promise<PayoutBank[]> {
    return (await this.repo.banks(merchant)).map((b) => ({ code: b.code, name: b.name, kind: b.kind }));
  }

  async list(memberId: string): Promise<PayoutAccount[]> {
    return (await this.repo.ofMember(memberId)).map((r) => toPayoutAccount(r));
  }

  /** One of the member's own accounts (the full row), or undefined for anyone else's id. */
  own(memberId: string, id: string): Promise<PayoutAccountRow | undefined> {
    return this.repo.ownedBy(memberId, id);
  }

  async bind(brand: Brand, memberId: string, input: BindPayoutAccountInput): Promise<PayoutAccount> {
    const bank = await this.repo.bank(brand.code, input.bankCode);
    if (!bank) throw new AppError('withdraw.bank.unknown');
    // Hashing is slow on purpose: checked before the transaction, which then stays short.
    await this.members.confirmPaymentPassword(memberId, input.paymentPassword);
    const accountName = input.accountName.replace(/\s+/g, ' ');

    // The member's MAIN account lock serialises its cashier changes, so concurrent binds cannot
    // both pass the account limit. Resolved before the transaction (LedgerService.account WARNING).
    const main = await this.ledger.account(brand.code, 'MAIN', memberId);
    try {
      const id = await this.repo.transaction(async (trx) => {
        await this.ledger.lock(trx, [main]);
        const payee = await this.members.adoptPayeeName(trx, memberId, accountName);
        if (!sameName(payee, accountName)) throw new AppError('withdraw.account.name.mismatch');
        if (await this.repo.exists(trx, memberId, bank.code, input.accountNo))
          throw new AppError('withdraw.account.exists');
        if ((await this.repo.count(trx, memberId)) >= CASHIER_LIMITS.maxPayoutAccounts)
          throw new AppError('withdraw.account.limit', undefined, [CASHIER_LIMITS.maxPayoutAccounts]);
        return this.repo.insert(trx, {
          merchant: brand.code,
          memberId,
          bankCode: bank.code,
          accountName,
          accountNo: input.accountNo,
        });
      });
      const row = await this.repo.ownedBy(memberId, id);
      if (!row) throw new Error(`payout account ${id} vanished`);
      return toPayoutAccount(row);
    } catch (err) {
      // The lock makes this unreachable in practice; the unique key still has the last word.
      if (uniqueViolation(err) === 'payout_account_member_id_bank_code_account_no_key')
        throw new AppError('withdraw.account.exists');
      throw err;
    }
  }
}
