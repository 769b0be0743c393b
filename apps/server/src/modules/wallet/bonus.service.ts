import type { Db } from '../../db/repository';
import type { InboxKind, InboxService } from '../messages';
import type { LedgerService, PostResult } from './ledger.service';
import type { TurnoverService } from './turnover.service';

/** Entry kinds of money the operator gives (account records show them; bonusDetails lists them). */
type BonusKind = 'BONUS' | 'REBATE' | 'POINTS';

/** The two accounts a bonus moves between; look them up before opening the transaction. */
export interface BonusAccounts {
  merchant: string;
  memberId: string;
  /** The brand's PROMOTION_EXPENSE account (untracked: no hot row). */
  expense: string;
  /** The member's MAIN wallet. */
  main: string;
}

interface BonusCredit {
  /** Minor units, > 0. */
  amount: bigint;
  kind: BonusKind;
  /**
   * Unique per brand. WARNING: one reward must always build the same reference (a promotion, its
   * member and period; a mission and its period; a rebate day), and two rewards never the same
   * one, or a reward is paid twice or never.
   */
  reference: string;
  /** Turnover the member must bet before withdrawing, added with the credit (minor units, 0: none). */
  turnoverRequired: bigint;
  /** Where the reward came from, kept with the entry (the bonus details page shows `title`). */
  memo: { source: string; title: string } & Record<string, unknown>;
  /** The inbox message sent with the credit; null sends none. */
  message: { kind: InboxKind; params: Record<string, string | number> } | null;
}

/**
 * Money the operator gives a member: promotion bonuses, mission rewards, raffle prizes, referral
 * rewards, VIP upgrade bonuses, rebates, points converted to cash. One ledger entry
 * (PROMOTION_EXPENSE → MAIN) under the reward's reference, its turnover requirement and its inbox
 * message, all in the caller's transaction, so the reward and the caller's own record of it (a
 * claim marked CLAIMED, a statement line PAID) commit together or not at all. A second credit under
 * the same reference moves nothing and adds nothing (`created: false`).
 */
export class BonusService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly turnover: TurnoverService,
    private readonly inbox: InboxService,
  ) {}

  /** The accounts of a member's bonuses. Call before opening a transaction (see LedgerService.account). */
  async accounts(merchant: string, memberId: string): Promise<BonusAccounts> {
    return {
      merchant,
      memberId,
      expense: await this.ledger.account(merchant, 'PROMOTION_EXPENSE'),
      main: await this.ledger.account(merchant, 'MAIN', memberId),
    };
  }

  /** Credits a reward on `trx` (see the class comment); the same reference twice credits once. */
  async credit(trx: Db, to: BonusAccounts, c: BonusCredit): Promise<PostResult> {
    if (c.amount <= 0n) throw new Error(`bonus ${c.reference}: amount must be positive`);
    if (c.turnoverRequired < 0n) throw new Error(`bonus ${c.reference}: negative turnover`);
    const posted = await this.ledger.post(trx, {
      merchant: to.merchant,
      reference: c.reference,
      kind: c.kind,
      memberId: to.memberId,
      memo: { ...c.memo, turnoverRequired: c.turnoverRequired.toString() },
      postings: [
        { accountId: to.expense, amount: -c.amount },
        { accountId: to.main, amount: c.amount },
      ],
    });
    if (posted.created) {
      await this.turnover.add(trx, {
        merchant: to.merchant,
        memberId: to.memberId,
        required: c.turnoverRequired,
        source: c.reference,
      });
      if (c.message) {
        await this.inbox.notify(trx, {
          merchant: to.merchant,
          memberId: to.memberId,
          kind: c.message.kind,
          params: c.message.params,
        });
      }
    }
    return posted;
  }
}
