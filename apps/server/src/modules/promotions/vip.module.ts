import type { FastifyInstance } from 'fastify';
import type { EngagementDeps } from '../../engagement';
import { RebateRepository } from './rebate.repository';
import { RebateRewardSource } from './rebate-reward-source';
import { rebateRoutes } from './rebate.routes';
import { RebateService } from './rebate.service';
import { startVipAndRebateJobs } from './vip.job';
import { VipRepository } from './vip.repository';
import { vipRoutes } from './vip.routes';
import { VipService, hasVipService } from './vip.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** VIP levels (tests and the e2e server run a pass or evaluate a member at once). */
    vip: VipService;
    /** Rebates (tests and the e2e server pay a named ended day). */
    rebates: RebateService;
  }
}

/**
 * VIP levels and rebates: the services, their calls, the VIP pass and the daily rebate
 * job; the member info's level, label and colour and the customer-service choice follow the
 * member's level; rebates join the reward centre. Returns the level lookup promotions use for
 * their minimum VIP level.
 */
export async function registerVipAndRebates(
  app: FastifyInstance,
  deps: EngagementDeps,
): Promise<{ levelOf: (merchant: string, memberId: string) => Promise<number> }> {
  const vipRepo = new VipRepository(deps.db);
  // The stored level: cheap (one row), what rebates pay by and promotions check.
  const levelOf = (merchant: string, memberId: string) => vipRepo.level(merchant, memberId);
  const rebates = new RebateService(
    new RebateRepository(deps.db),
    deps.betStats,
    deps.bonus,
    deps.brands,
    levelOf,
    app.log,
  );
  const vip = new VipService(
    vipRepo,
    deps.bonus,
    deps.inbox,
    deps.brands,
    (merchant) => rebates.rule(merchant),
    app.log,
  );

  deps.members.bindVipLabel((memberId, lang) => vip.labelOf(memberId, lang));
  deps.system.bindVipService(async (merchant, memberId) => hasVipService(await levelOf(merchant, memberId)));
  deps.rewardSources.push(new RebateRewardSource(rebates));

  app.decorate('vip', vip);
  app.decorate('rebates', rebates);
  await app.register(vipRoutes, { vip });
  await app.register(rebateRoutes, { rebates });
  startVipAndRebateJobs(app, vip, rebates);
  return { levelOf };
}
