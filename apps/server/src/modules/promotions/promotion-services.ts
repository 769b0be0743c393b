import type { BrandResolver } from '../../platform/brand';
import type { Db } from '../../db/repository';
import type { InboxService } from '../messages';
import type { ImageService } from '../uploads';
import type { BetStatsService } from '../wallet';
import type { BonusService } from '../wallet';
import type { LedgerService } from '../wallet';
import type { TurnoverService } from '../wallet';
import { BonusDetailsRepository } from './bonus-details.repository';
import { BonusDetailsService } from './bonus-details.service';
import { PromotionDepositService } from './promotion-deposit.service';
import { PromotionRepository } from './promotion.repository';
import { PromotionReviewService } from './promotion-review.service';
import { PromotionService } from './promotion.service';
import { cryptoRng, type Rng } from './raffle-rules';

/** What the promotion services need of the platform (tests build them with their own clock, RNG and VIP levels). */
interface PromotionServiceDeps {
  db: Db;
  brands: BrandResolver;
  ledger: LedgerService;
  inbox: InboxService;
  turnover: TurnoverService;
  bonus: BonusService;
  betStats: BetStatsService;
  images: ImageService;
  vipLevelOf: (merchant: string, memberId: string) => Promise<number>;
  referralPays?: (merchant: string) => Promise<boolean>;
  now?: () => number;
  rng?: Rng;
}

export interface PromotionServices {
  promotions: PromotionService;
  deposits: PromotionDepositService;
  review: PromotionReviewService;
  bonusDetails: BonusDetailsService;
}

export function createPromotionServices(deps: PromotionServiceDeps): PromotionServices {
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
