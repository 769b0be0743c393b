import type { ModuleContext, ServerModule } from '../../platform/module';
import { aggregatesJob } from './aggregates/aggregates.job';
import { AggregatesRepository } from './aggregates/aggregates.repository';
import { aggregatesRoutes } from './aggregates/aggregates.routes';
import { AggregatesService } from './aggregates/aggregates.service';
import { agentsReports } from './agents/agents.part';
import { businessReports } from './business/business.part';
import { cashierReports } from './cashier/cashier.part';
import { complianceReports } from './compliance/compliance.part';
import { reportExports } from './exports/exports.part';
import { playersReports } from './players/players.part';
import { rewardsReports } from './rewards/rewards.part';

/**
 * Reports and exports: aggregates folded from the ledger (per brand, day, game and member), the
 * back office's report screens, and exports of any of them. Reads every module's tables; moves no
 * money and changes nothing another module owns.
 */
export function createReportsModule(deps: ModuleContext) {
  const aggregates = new AggregatesService(new AggregatesRepository(deps.db));
  const business = businessReports(deps);
  const cashier = cashierReports(deps);
  const players = playersReports(deps);
  const rewards = rewardsReports(deps);
  const agents = agentsReports(deps);
  const compliance = complianceReports(deps);
  const parts = [business, cashier, players, rewards, agents, compliance];
  const exportsPart = reportExports(
    deps,
    parts.flatMap((p) => p.sources ?? []),
  );
  const all = [...parts, exportsPart];
  return {
    routes: async (app) => {
      await app.register(aggregatesRoutes(aggregates));
      for (const p of all) if (p.routes) await app.register(p.routes);
    },
    jobs: [aggregatesJob(aggregates), ...all.flatMap((p) => p.jobs ?? [])],
    services: {
      aggregates,
      cashierReports: cashier.services,
      reportExports: exportsPart.services,
    },
  } satisfies ServerModule<object>;
}
