import type { ModuleContext, ServerModule } from '../../platform/module';
import { AmlCasesService, type LockMember } from './aml-cases.service';
import { AmlMonitorService } from './aml-monitor.service';
import { AmlRepository } from './aml.repository';
import { amlRoutes } from './aml.routes';
import { LocalListScreening, type ScreeningProvider } from './screening';

interface AmlDeps extends ModuleContext {
  /** The players module's account lock (a FROZEN decision). */
  lockMember: LockMember;
  /** Where members are screened; the brand's uploaded lists unless another provider is given. */
  screening?: ScreeningProvider;
}

/** How often the sweep evaluates what the after-commit calls missed. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Anti-money-laundering: transaction monitoring (rules per brand, evaluated after money moves),
 * cases and their workflow, screening against sanctions / PEP / restricted-persons lists, and the
 * suspicious-transaction report.
 */
export function createAmlModule(deps: AmlDeps): ServerModule<{
  monitor: AmlMonitorService;
  cases: AmlCasesService;
  screening: ScreeningProvider;
}> {
  const repo = new AmlRepository(deps.db);
  const screening = deps.screening ?? new LocalListScreening(repo);
  const monitor = new AmlMonitorService(repo, screening, deps.log, deps.notices);
  const cases = new AmlCasesService(repo, monitor, deps.lockMember, deps.notices);
  return {
    services: { monitor, cases, screening },
    routes: async (app) => {
      await app.register(amlRoutes, { cases });
    },
    jobs: [{ name: 'aml sweep', everyMs: SWEEP_EVERY_MS, run: () => monitor.sweep() }],
  };
}
