import {
  fromMinor,
  minorText,
  toMinor,
  type Language,
  type PromoApplication,
  type promoApplicationQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { pickText, type Brand } from '../../platform/brand';
import type { InboxService } from '../messages';
import type { BonusService } from '../wallet';
import type { LedgerService } from '../wallet';
import type { ApplicationRow, PromotionRepository } from './promotion.repository';
import { turnoverRequired } from './promotion-rules';
import { chargeCaps, payPromotion } from './promotion.service';

type ApplicationQuery = z.output<typeof promoApplicationQuerySchema>;

/**
 * The operator's side of APPLY promotions: the applications, and the decision on a pending one:
 * approve with an amount (paid at once as a bonus with the promotion's turnover multiple, message
 * PROMO_APPLY_APPROVED) or reject with a reason (message PROMO_APPLY_REJECTED). The application row
 * is locked and must still be APPLYING, so two operators deciding at once decide it once.
 */
export class PromotionReviewService {
  constructor(
    private readonly repo: PromotionRepository,
    private readonly ledger: LedgerService,
    private readonly bonus: BonusService,
    private readonly inbox: InboxService,
  ) {}

  async list(brand: Brand, lang: Language, q: ApplicationQuery) {
    const { rows, total } = await this.repo.applications(
      brand.code,
      q.status,
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map((r) => this.present(r, brand, lang)),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      totalCount: total,
    };
  }

  async approve(
    brand: Brand,
    lang: Language,
    id: string,
    amountText: string,
    operator: string,
  ): Promise<PromoApplication> {
    const app = await this.mustFind(brand, id);
    const amount = toMinor(amountText);
    // The cap and multiple the member applied on (a later edit of the promotion is for later applications).
    const terms = app.terms;
    const maxText = terms ? terms.maxBonus : app.max_bonus;
    const multiple = terms ? terms.turnoverMultiple : app.turnover_multiple;
    const max = maxText === null ? null : BigInt(maxText);
    // The schema let only a positive amount with at most 2 decimals through.
    if (amount === null || amount <= 0n)
      throw new AppError('request.invalid', { fields: [{ field: 'amount', message: 'amount.range' }] });
    if (max !== null && amount > max) throw new AppError('promo.amount.range', undefined, [minorText(max)]);
    const title = pickText(app.promotion_title, brand.defaultLanguage, brand);
    // Resolved before the transaction (LedgerService.account WARNING).
    const acc = await this.bonus.accounts(brand.code, app.member_id);
    await this.repo.transaction(async (trx) => {
      await this.ledger.lock(trx, [acc.main]);
      const x = await this.repo.participationForUpdate(trx, id);
      if (!x || x.status !== 'APPLYING') throw new AppError('promo.application.state');
      const caps = await chargeCaps(this.repo, trx, x.promotion_id, x.member_id, amount);
      if (caps.kind === 'refused') throw new AppError(caps.code);
      const turnover = turnoverRequired(amount, multiple);
      const posted = await payPromotion(this.bonus, trx, acc, {
        promotionId: x.promotion_id,
        periodKey: x.period_key,
        title,
        amount,
        turnover,
        message: 'PROMO_APPLY_APPROVED',
      });
      await this.repo.markIssued(trx, id, {
        amount,
        turnoverRequired: turnover,
        entryId: posted.entryId,
        reviewedBy: operator,
      });
    });
    return this.present(await this.mustFind(brand, id), brand, lang);
  }

  async reject(
    brand: Brand,
    lang: Language,
    id: string,
    reason: string,
    operator: string,
  ): Promise<PromoApplication> {
    const app = await this.mustFind(brand, id);
    const title = pickText(app.promotion_title, brand.defaultLanguage, brand);
    await this.repo.transaction(async (trx) => {
      const x = await this.repo.participationForUpdate(trx, id);
      if (!x || x.status !== 'APPLYING') throw new AppError('promo.application.state');
      await this.repo.markRejected(trx, id, reason, operator);
      await this.inbox.notify(trx, {
        merchant: brand.code,
        memberId: x.member_id,
        kind: 'PROMO_APPLY_REJECTED',
        params: { title, reason },
      });
    });
    return this.present(await this.mustFind(brand, id), brand, lang);
  }

  /** An application of this brand (another brand's id is not found). */
  private async mustFind(brand: Brand, id: string): Promise<ApplicationRow> {
    const app = await this.repo.application(this.repo.db, brand.code, id);
    if (!app) throw new AppError('promo.application.not.found');
    return app;
  }

  private present(r: ApplicationRow, brand: Brand, lang: Language): PromoApplication {
    return {
      id: r.id,
      promotionId: r.promotion_id,
      promotionTitle: pickText(r.promotion_title, lang, brand),
      memberId: r.member_id,
      username: r.username,
      periodKey: r.period_key,
      // An APPLY promotion's participation is only ever one of these three.
      status: r.status as PromoApplication['status'],
      remark: r.remark,
      imageIds: r.image_ids,
      amount: r.amount === null ? null : fromMinor(r.amount),
      maxAmount:
        (r.terms ? r.terms.maxBonus : r.max_bonus) === null
          ? null
          : fromMinor((r.terms ? r.terms.maxBonus : r.max_bonus)!),
      rejectReason: r.reject_reason,
      reviewedBy: r.reviewed_by,
      createdTime: r.created_at.toISOString(),
      updatedTime: r.updated_at.toISOString(),
    };
  }
}
