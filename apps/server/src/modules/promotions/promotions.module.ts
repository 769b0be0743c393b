import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/repository';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { DepositService } from '../cashier';
import type { MemberDirectory } from '../member';
import type { InboxService } from '../messages';
import type { ImageService } from '../uploads';
import type { VipLevelService } from '../vip';
import type { BetStatsService } from '../wallet';
import type { BonusService } from '../wallet';
import type { LedgerService } from '../wallet';
import type { TurnoverService } from '../wallet';
import { MissionRepository } from './mission.repository';
import { missionRoutes } from './mission.routes';
import { MissionService } from './mission.service';
import { PromotionAdminRepository } from './promotion-admin.repository';
import { promotionAdminRoutes } from './promotion-admin.routes';
import { PromotionAdminService } from './promotion-admin.service';
import { createPromotionServices } from './promotion-services';
import { promotionCatchUpJob } from './promotion.job';
import { promotionRoutes } from './promotion.routes';
import { RebateRepository } from './rebate.repository';
import { RebateRewardSource } from './rebate-reward-source';
import { rebateRoutes } from './rebate.routes';
import { RebateService } from './rebate.service';
import { ReferralRepository } from './referral.repository';
import { referralRoutes } from './referral.routes';
import { ReferralService } from './referral.service';
import { RewardPauseRepository } from './reward-pause.repository';
import { rewardCentreRoutes } from './reward-centre.routes';
import { RewardCentreService } from './reward-centre.service';
import { RewardsAdminRepository } from './rewards-admin.repository';
import { rewardsAdminRoutes } from './rewards-admin.routes';
import { RewardsAdminService } from './rewards-admin.service';
import { vipAndRebateJobs } from './vip.job';
import { VipRepository } from './vip.repository';
import { vipRoutes } from './vip.routes';
import { VipService } from './vip.service';

interface PromotionsDeps extends ModuleContext {
  inbox: InboxService;
  images: ImageService;
  directory: MemberDirectory;
  levels: VipLevelService;
  ledger: LedgerService;
  turnover: TurnoverService;
  bonus: BonusService;
  betStats: BetStatsService;
  deposits: DepositService;
  /** A member on a break (read in the caller's transaction): VIP upgrades wait for its end. */
  onBreak?: (memberId: string, trx: Db) => Promise<boolean>;
}

interface PromotionsServices {
  vip: VipService;
  rebates: RebateService;
  referral: ReferralService;
  missions: MissionService;
}

/**
 * What the brand gives back: the VIP pass (levels reached, upgrade bonuses) and rebates, the
 * referral programme, promotions (applications, the operator's review, deposit bonuses), missions
 * and the reward centre that lists every claimable reward of them. Promotions are limited by VIP
 * levels and count the referral programme; the reward centre lists rebates, referral, promotion and
 * mission rewards.
 */
export function createPromotionsModule(deps: PromotionsDeps): ServerModule<PromotionsServices> {
  const { db, brands, log, bonus, betStats, inbox } = deps;
  const levelOf = (merchant: string, memberId: string) => deps.levels.levelOf(merchant, memberId);
  const pauses = new RewardPauseRepository(db);
  const paused = async (merchant: string, kind: 'MISSIONS' | 'REFERRAL') =>
    (await pauses.pausedAt(merchant, kind)) !== null;
  const rebates = new RebateService(new RebateRepository(db), betStats, bonus, brands, levelOf, log, (m) =>
    pauses.pausedAt(m, 'REBATES'),
  );
  const vip = new VipService(
    new VipRepository(db),
    bonus,
    inbox,
    brands,
    (m) => rebates.rule(m),
    log,
    deps.onBreak,
  );
  const referral = new ReferralService(new ReferralRepository(db), bonus, (m) => paused(m, 'REFERRAL'));
  const promotions = createPromotionServices({
    ...deps,
    vipLevelOf: levelOf,
    referralPays: (merchant) => referral.enabled(merchant),
  });
  // A credited deposit pays its promotion bonus at once; the catch-up job retries what failed here.
  deps.deposits.onCredited(async (d) => {
    try {
      await promotions.deposits.onDepositCredited(d);
    } catch (err) {
      log.warn({ err, orderNo: d.orderNo }, 'deposit promotion bonus failed; the catch-up pass retries it');
    }
  });
  const promotionAdmin = new PromotionAdminService(new PromotionAdminRepository(db));
  const missions = new MissionService(new MissionRepository(db), {
    betStats,
    bonus,
    members: deps.directory,
    paused: (m) => paused(m, 'MISSIONS'),
  });
  const rewardsAdmin = new RewardsAdminService(new RewardsAdminRepository(db), pauses, betStats);
  const centre = new RewardCentreService(
    [new RebateRewardSource(rebates), referral, promotions.promotions.rewardSource, missions.rewardSource],
    (context, message) => log.warn(context, message),
  );
  return {
    services: { vip, rebates, referral, missions },
    routes: async (app: FastifyInstance) => {
      await app.register(vipRoutes, { vip });
      await app.register(rebateRoutes, { rebates });
      await app.register(referralRoutes, { referral });
      await app.register(promotionRoutes, {
        promotions: promotions.promotions,
        review: promotions.review,
        bonusDetails: promotions.bonusDetails,
      });
      await app.register(promotionAdminRoutes, { admin: promotionAdmin });
      await app.register(missionRoutes, { missions });
      await app.register(rewardCentreRoutes, { centre });
      await app.register(rewardsAdminRoutes, { admin: rewardsAdmin });
    },
    jobs: [...vipAndRebateJobs(vip, rebates), promotionCatchUpJob(promotions.deposits)],
  };
}
