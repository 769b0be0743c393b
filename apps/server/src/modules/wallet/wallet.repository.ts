import { ACCOUNT_CENTRE_TYPES } from '@app/contracts';
import { Repository } from '../../db/repository';

export interface CashierSettings {
  singleWallet: boolean;
  uplineTransfer: boolean;
}

/** SQL of the wallet calls (balances and postings themselves are the ledger's). */
export class WalletRepository extends Repository {
  /** The brand's cashier switches; a brand without cashier settings gets the safe answer: one wallet, no upline transfers. */
  async cashierSettings(merchant: string): Promise<CashierSettings> {
    const row = await this.db
      .selectFrom('cashier_setting')
      .select(['single_wallet', 'upline_transfer_enabled'])
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
    return {
      singleWallet: row?.single_wallet ?? true,
      uplineTransfer: row?.upline_transfer_enabled ?? false,
    };
  }

  /**
   * The member's upline agent in the same brand, if it has one. An upline that is no agent type
   * is not one to pay (the agent tree is only ever agents above members).
   */
  upline(merchant: string, memberId: string) {
    return this.db
      .selectFrom('member as m')
      .innerJoin('member as u', 'u.id', 'm.upline_id')
      .select(['u.id', 'u.username'])
      .where('m.id', '=', memberId)
      .where('u.merchant_code', '=', merchant)
      .where('u.is_agent', 'in', [...ACCOUNT_CENTRE_TYPES])
      .executeTakeFirst();
  }

  memberByUsername(merchant: string, username: string) {
    return this.db
      .selectFrom('member')
      .select(['id', 'username'])
      .where('merchant_code', '=', merchant)
      .where('username', '=', username.toLowerCase())
      .executeTakeFirst();
  }

  usernameOf(memberId: string) {
    return this.db.selectFrom('member').select('username').where('id', '=', memberId).executeTakeFirst();
  }
}
