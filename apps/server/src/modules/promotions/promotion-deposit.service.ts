import { pickText, type BrandResolver } from '../../platform/brand';
import type { BonusService } from '../wallet';
import type { LedgerService } from '../wallet';
import type { PromotionRepository } from './promotion.repository';
import { depositBonus, turnoverRequired } from './promotion-rules';
import { chargeCaps, payPromotion, termsOf } from './promotion.service';

/** Members looked at per catch-up pass (the next pass takes the rest). */
const DUE_PER_PASS = 100;

/**
 * The bonus of a deposit promotion (FIRST_DEPOSIT, RELOAD): a member joined it, then a deposit of
 * at least the minimum was credited within the period (for FIRST_DEPOSIT, the member's first
 * credited deposit ever) → bonus = min(deposit x rate, cap), turnover requirement (deposit +
 * bonus) x multiple, paid at once (ISSUED).
 *
 * Two ways in, one way through: DepositService tells us after a credit has committed
 * (`onDepositCredited`), and the catch-up pass (`runDue`, every minute) finds members a credit
 * was missed for (the process died between the credit's commit and the listener). Both settle the
 * member the same way: under the member's main-wallet row lock and the participation's row lock,
 * only a JOINED row is paid, with the earliest qualifying deposit no other promotion's bonus used;
 * the row becomes ISSUED in the transaction that pays it, the deposit's order number is unique
 * among participations, and the ledger reference is unique, so any number of listeners, passes
 * and instances pay a participation once.
 */
export class PromotionDepositService {
  constructor(
    private readonly repo: PromotionRepository,
    private readonly brands: BrandResolver,
    private readonly ledger: LedgerService,
    private readonly bonus: BonusService,
  ) {}

  /** DepositService's listener: a deposit of this member was credited. Returns the bonuses issued. */
  onDepositCredited(d: { merchant: string; memberId: string }): Promise<number> {
    return this.settleMember(d.merchant, d.memberId);
  }

  /** The catch-up pass: members with a joined deposit promotion a credited deposit may have earned. */
  async runDue(limit = DUE_PER_PASS): Promise<number> {
    let issued = 0;
    for (const m of await this.repo.membersDue(limit))
      issued += await this.settleMember(m.merchant_code, m.member_id);
    return issued;
  }

  /** Pays every JOINED deposit promotion of the member that a credited deposit has earned. */
  async settleMember(merchant: string, memberId: string): Promise<number> {
    const joined = await this.repo.joinedDepositPromotions(memberId);
    if (joined.length === 0) return 0;
    const brand = await this.brands.resolve(merchant, undefined);
    // Resolved before any transaction (LedgerService.account WARNING).
    const acc = await this.bonus.accounts(merchant, memberId);
    let issued = 0;
    for (const j of joined) {
      const promo = await this.repo.promotion(merchant, j.promotion_id);
      // Switched off since the member joined: nothing is paid for it.
      if (!promo || (promo.kind !== 'FIRST_DEPOSIT' && promo.kind !== 'RELOAD')) continue;
      const title = pickText(promo.title, brand.defaultLanguage, brand);
      const paid = await this.repo.transaction(async (trx) => {
        await this.ledger.lock(trx, [acc.main]);
        const x = await this.repo.participationForUpdate(trx, j.id);
        if (!x || x.status !== 'JOINED') return false;
        // The figures the member joined on; a later edit of the promotion is for later joins.
        const terms = x.terms ?? termsOf(promo);
        // Only a deposit credited after the join counts ("the next deposit"), within the period.
        const from = x.created_at.getTime() > x.period_start.getTime() ? x.created_at : x.period_start;
        const deposit = await this.repo.qualifyingDeposit(trx, {
          memberId,
          from,
          to: x.period_end,
          min: BigInt(terms.minDeposit!),
          firstOnly: promo.kind === 'FIRST_DEPOSIT',
        });
        if (!deposit) return false;
        const depositAmount = BigInt(deposit.amount);
        const full = depositBonus(depositAmount, terms.bonusRateBp!, BigInt(terms.maxBonus!));
        if (full <= 0n) return false;
        // A stopped promotion pays nothing new; the row stays JOINED until it is resumed.
        const caps = await chargeCaps(this.repo, trx, promo.id, memberId, full, true);
        if (caps.kind === 'refused' && caps.code === 'promo.stopped') return false;
        if (caps.kind === 'refused' || caps.amount <= 0n) {
          // The budget or the member's cap is used up: the join is settled without a bonus, so
          // the catch-up pass does not come back to it.
          await this.repo.markRejected(
            trx,
            x.id,
            caps.kind === 'refused' ? caps.code : 'promo.budget.exhausted',
            null,
          );
          return false;
        }
        const amount = caps.amount;
        const turnover = turnoverRequired(amount, terms.turnoverMultiple, depositAmount);
        const posted = await payPromotion(this.bonus, trx, acc, {
          promotionId: promo.id,
          periodKey: x.period_key,
          title,
          amount,
          turnover,
          message: 'PROMO_BONUS',
        });
        await this.repo.markIssued(trx, x.id, {
          amount,
          turnoverRequired: turnover,
          entryId: posted.entryId,
          deposit: { orderNo: deposit.order_no, amount: depositAmount },
        });
        return true;
      });
      if (paid) issued++;
    }
    return issued;
  }
}
