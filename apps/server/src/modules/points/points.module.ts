import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { ProfileService } from '../member';
import type { InboxService } from '../messages';
import type { BetStatsService } from '../wallet';
import type { BonusService } from '../wallet';
import { PointsAdminRepository } from './points-admin.repository';
import { pointsAdminRoutes } from './points-admin.routes';
import { PointsAdminService } from './points-admin.service';
import { pointsEarningJob } from './points-earning.job';
import { PointsEarningService } from './points-earning.service';
import { PointsLedger } from './points-ledger.service';
import { PointsMallRepository } from './points-mall.repository';
import { PointsMallService } from './points-mall.service';
import { pointsRoutes } from './points.routes';
import { PointsRepository } from './points.repository';
import { PointsService } from './points.service';

interface PointsDeps extends ModuleContext {
  inbox: InboxService;
  profile: ProfileService;
  bonus: BonusService;
  betStats: BetStatsService;
}

interface PointsServices {
  points: PointsService;
  mall: PointsMallService;
  earning: PointsEarningService;
  ledger: PointsLedger;
}

/**
 * Points and the points mall: the calls under /wps/points, the operator's answers to
 * goods redemptions, and the job that credits points earned from valid turnover and deposits.
 */
export function createPointsModule(deps: PointsDeps): ServerModule<PointsServices> {
  const repo = new PointsRepository(deps.db);
  const mallRepo = new PointsMallRepository(deps.db);
  const ledger = new PointsLedger(repo);
  const points = new PointsService(repo, mallRepo, ledger, deps.bonus, deps.profile);
  const mall = new PointsMallService(mallRepo, ledger, deps.bonus, deps.profile, deps.inbox, (m) =>
    repo.paused(m, 'MALL'),
  );
  const earning = new PointsEarningService(
    repo,
    ledger,
    deps.betStats,
    async (merchant) => (await deps.brands.resolve(merchant, undefined)).timezone,
  );
  return {
    services: { points, mall, earning, ledger },
    routes: async (app: FastifyInstance) => {
      await app.register(pointsRoutes, { points, mall });
      await app.register(pointsAdminRoutes, {
        admin: new PointsAdminService(new PointsAdminRepository(deps.db)),
      });
    },
    jobs: [pointsEarningJob(earning)],
  };
}
