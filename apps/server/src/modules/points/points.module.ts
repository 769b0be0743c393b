import type { FastifyInstance } from 'fastify';
import type { EngagementDeps } from '../../engagement';
import { startPointsEarning } from './points-earning.job';
import { PointsEarningService } from './points-earning.service';
import { PointsLedger } from './points-ledger.service';
import { PointsMallRepository } from './points-mall.repository';
import { PointsMallService } from './points-mall.service';
import { pointsRoutes } from './points.routes';
import { PointsRepository } from './points.repository';
import { PointsService } from './points.service';

/** The points services a test (or the e2e harness) drives directly. */
export interface PointsModule {
  points: PointsService;
  mall: PointsMallService;
  earning: PointsEarningService;
  ledger: PointsLedger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Points and the mall (tests run the earning job for named days). */
    points: PointsModule;
  }
}

/**
 * Points and the points mall: the calls under /wps/points, the operator's answers to
 * goods redemptions, and the job that credits points earned from valid turnover and deposits.
 */
export async function registerPoints(app: FastifyInstance, deps: EngagementDeps): Promise<void> {
  const repo = new PointsRepository(deps.db);
  const mallRepo = new PointsMallRepository(deps.db);
  const ledger = new PointsLedger(repo);
  const points = new PointsService(repo, mallRepo, ledger, deps.bonus, deps.members);
  const mall = new PointsMallService(mallRepo, ledger, deps.bonus, deps.members, deps.inbox);
  const earning = new PointsEarningService(
    repo,
    ledger,
    deps.betStats,
    async (merchant) => (await deps.brands.resolve(merchant, undefined)).timezone,
  );
  app.decorate('points', { points, mall, earning, ledger });
  await app.register(pointsRoutes, { points, mall });
  startPointsEarning(app, earning);
}
