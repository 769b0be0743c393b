import type { ModuleContext, ServerModule } from '../../platform/module';
import { dashboardRollupJob } from './dashboard-rollup.job';
import { DashboardRepository } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { DashboardService } from './dashboard.service';

interface DashboardServices {
  /** The dashboard's figures and the roll-up that feeds them (`rollUp`, also run by its job). */
  dashboard: DashboardService;
}

/**
 * The back-office dashboard. It reads the ledger's entries (through its own roll-ups), the members
 * table and the cashier's queues; it moves no money and changes nothing any other module owns.
 */
export function createDashboardModule(deps: ModuleContext): ServerModule<DashboardServices> {
  const dashboard = new DashboardService(new DashboardRepository(deps.db));
  return {
    routes: async (app) => {
      await app.register(dashboardRoutes, { dashboard });
    },
    jobs: [dashboardRollupJob(dashboard)],
    services: { dashboard },
  };
}
