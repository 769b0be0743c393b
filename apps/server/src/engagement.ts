import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { CashierImageService } from './modules/cashier/cashier-image.service';
import type { DepositService } from './modules/cashier/deposit.service';
import type { InboxService } from './modules/messages/inbox.service';
import type { MemberDirectory } from './modules/member/member-directory.service';
import type { ProfileService } from './modules/member/profile.service';
import { registerPoints } from './modules/points/points.module';
import { registerInboxExtras } from './modules/messages/inbox-extras.module';
import { registerMissions } from './modules/promotions/mission.module';
import { registerPromotions } from './modules/promotions/promotion.module';
import { registerReferral } from './modules/promotions/referral.module';
import type { RewardSource } from './modules/promotions/reward-source';
import { registerVipAndRebates } from './modules/promotions/vip.module';
import type { SystemService } from './modules/system/system.service';
import type { BetStatsService } from './modules/wallet/bet-stats.service';
import type { BonusService } from './modules/wallet/bonus.service';
import type { LedgerService } from './modules/wallet/ledger.service';
import type { TurnoverService } from './modules/wallet/turnover.service';
import type { WalletService } from './modules/wallet/wallet.service';
import type { BrandResolver } from './platform/brand';

/** What the engagement features are built from: the platform's services they use. */
export interface EngagementDeps {
  db: Kysely<Database>;
  config: Config;
  brands: BrandResolver;
  ledger: LedgerService;
  inbox: InboxService;
  turnover: TurnoverService;
  /** Every reward paid in money goes through it (one entry, turnover, inbox message; once). */
  bonus: BonusService;
  /** Valid turnover from settled bets: the one definition rebates, points, missions and VIP count. */
  betStats: BetStatsService;
  /** Member info (with the VIP label bound in) and the payment password. */
  members: ProfileService;
  memberDirectory: MemberDirectory;
  system: SystemService;
  wallet: WalletService;
  deposits: DepositService;
  /** Uploaded png/jpg images (promotion applications and feedback attach up to 3). */
  images: CashierImageService;
  /** The reward centre lists these; each part with claimable rewards adds its source. */
  rewardSources: RewardSource[];
}

/**
 * The engagement side of the member area, registered in dependency order: VIP levels
 * first (promotions are limited by them, rebates and member info read them), then points, the
 * referral programme (promotion counts say whether it pays), promotions, feedback, and last
 * missions and the reward centre (which lists every reward source added before it).
 */
export async function registerEngagement(app: FastifyInstance, deps: EngagementDeps): Promise<void> {
  const vip = await registerVipAndRebates(app, deps);
  await registerPoints(app, deps);
  const { referral } = await registerReferral(app, deps);
  await registerPromotions(app, {
    ...deps,
    vipLevelOf: vip.levelOf,
    referralPays: (merchant) => referral.enabled(merchant),
  });
  await registerInboxExtras(app, deps);
  await registerMissions(app, deps);
}
