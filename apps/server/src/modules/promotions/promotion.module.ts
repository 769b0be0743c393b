import type { FastifyInstance } from 'fastify';
import type { EngagementDeps } from '../../engagement';
import { BonusDetailsRepository } from './bonus-details.repository';
import { BonusDetailsService } from './bonus-details.service';
import { PromotionDepositService } from './promotion-deposit.service';
import { startPromotionCatchUp } from './promotion.job';
import { PromotionRepository } from './promotion.repository';
import { PromotionReviewService } from './promotion-review.service';
import { promotionRoutes } from './promotion.routes';
import { PromotionService } from './promotion.service';
import { cryptoRng, type Rng } from './raffle-rules';

/** What the promotion services need of the platform (tests build them with their own clock, RNG and VIP levels). */
export type PromotionModuleDeps = Pick<
  EngagementDeps,
  'db' | 'brands' | 'ledger' | 'inbox' | 'turnover' | 'bonus' | 'betStats' | 'images'
> & {
  vipLevelOf: (merchant: string, memberId: string) => Promise<number>;
  referralPays?: (merchant: string) => Promise<boolean>;
  now?: () => number;
  rng?: Rng;
};

export interface PromotionServices {
  promotions: PromotionService;
  deposits: PromotionDepositService;
  review: PromotionReviewService;
  bonusDetails: BonusDetailsService;
}

export function createPromotionServices(deps: PromotionModuleDeps): PromotionServices {
  const repo = new PromotionRepository(deps.db);
  return {
    promotions: new PromotionService({
      repo,
      ledger: deps.ledger,
      bonus: deps.bonus,
      betStats: deps.betStats,
      inbox: deps.inbox,
      images: deps.images,
      vipLevelOf: deps.vipLevelOf,
      ...(deps.referralPays ? { referralPays: deps.referralPays } : {}),
      now: deps.now ?? Date.now,
      rng: deps.rng ?? cryptoRng,
    }),
    deposits: new PromotionDepositService(repo, deps.brands, deps.ledger, deps.bonus),
    review: new PromotionReviewService(repo, deps.ledger, deps.bonus, deps.inbox),
    bonusDetails: new BonusDetailsService(new BonusDetailsRepository(deps.db), deps.turnover, deps.db),
  };
}

/**
 * Promotions: the member calls and the operator's review (promotion.routes.ts), the
 * reward centre's PROMOTION source, the deposit promotions' bonus when a deposit is credited (a
 * DepositService listener) and their catch-up pass every minute, and the bonus details page.
 */
export async function registerPromotions(
  app: FastifyInstance,
  deps: EngagementDeps & {
    vipLevelOf: (merchant: string, memberId: string) => Promise<number>;
    referralPays: (merchant: string) => Promise<boolean>;
  },
): Promise<void> {
  const s = createPromotionServices(deps);
  deps.rewardSources.push(s.promotions.rewardSource);
  deps.deposits.onCredited(async (d) => {
    try {
      await s.deposits.onDepositCredited(d);
    } catch (err) {
      app.log.warn(
        { err, orderNo: d.orderNo },
        'deposit promotion bonus failed; the catch-up pass retries it',
      );
    }
  });
  await app.register(promotionRoutes, {
    promotions: s.promotions,
    review: s.review,
    bonusDetails: s.bonusDetails,
  });
  startPromotionCatchUp(app, s.deposits);
}
