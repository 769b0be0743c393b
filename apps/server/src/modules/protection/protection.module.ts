import type { ModuleContext, ServerModule } from '../../platform/module';
import { ProtectionRepository } from './protection.repository';
import { protectionAdminRoutes } from './protection-admin.routes';
import { protectionRoutes } from './protection.routes';
import { ProtectionService } from './protection.service';

/**
 * Player protection (responsible gambling): members' limits, time-outs and self-exclusions with
 * their append-only history; the money paths ask `protection` what a member may still do.
 */
export function createProtectionModule(ctx: ModuleContext): ServerModule<{ protection: ProtectionService }> {
  const protection = new ProtectionService(new ProtectionRepository(ctx.db));
  return {
    services: { protection },
    routes: async (app) => {
      await app.register(protectionRoutes, { protection });
      await app.register(protectionAdminRoutes, { protection });
    },
  };
}
