import type { FastifyInstance } from 'fastify';
import type { Brand } from '../../platform/brand';
import type { ModuleContext, ServerModule } from '../../platform/module';
import { LegacySwitchRepository } from './legacy-switch.repository';
import { legacySwitchRoutes } from './legacy-switch.routes';
import { LegacySwitchService } from './legacy-switch.service';
import { SystemRepository } from './system.repository';
import { manifestRoute, systemRoutes } from './system.routes';
import { SystemService } from './system.service';

interface SystemDeps extends ModuleContext {
  /** Whether the member gets the VIP customer service (the VIP module's rule). */
  vipService: (merchant: string, memberId: string) => Promise<boolean>;
  /** The home page's average deposit and withdrawal times (the reports module, composed later). */
  cashierTimes?: (brand: Brand) => Promise<Brand['stats']>;
}

/**
 * The brand's site settings: module switches, countries, customer service, the web manifest and
 * the operator's legacy-encryption switch.
 */
export function createSystemModule(deps: SystemDeps): ServerModule<{ system: SystemService }> {
  const system = new SystemService(new SystemRepository(deps.db), deps.vipService, deps.cashierTimes);
  const legacy = new LegacySwitchService(new LegacySwitchRepository(deps.db));
  return {
    services: { system },
    routes: async (app: FastifyInstance) => {
      await app.register(systemRoutes, { system });
      await app.register(legacySwitchRoutes, { legacy, brands: deps.brands });
      await app.register(manifestRoute, { brands: deps.brands });
    },
  };
}
