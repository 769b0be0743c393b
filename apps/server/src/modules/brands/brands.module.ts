import type { ModuleContext, ServerModule } from '../../platform/module';
import { BrandsRepository } from './brands.repository';
import { brandsRoutes } from './brands.routes';
import { BrandsService } from './brands.service';
import { MaintenanceService } from './maintenance.service';
import { SetupService, type CreateOwner } from './setup.service';

export interface BrandsServices {
  brands: BrandsService;
  maintenance: MaintenanceService;
  setup: SetupService;
}

/**
 * Brands run from the back office: creation with working defaults, every brand switch the site
 * reads, maintenance windows and region rules, and the first owner's set-up on an empty
 * platform. The first owner is created by the staff module (`createOwner`).
 */
export function createBrandsModule(
  ctx: ModuleContext & { createOwner: CreateOwner },
): ServerModule<BrandsServices> {
  const repo = new BrandsRepository(ctx.db);
  const brands = new BrandsService(repo, ctx.brands);
  const maintenance = new MaintenanceService(repo, ctx.brands);
  const setup = new SetupService(repo, ctx.limits, ctx.createOwner);
  return {
    services: { brands, maintenance, setup },
    routes: async (app) => {
      await app.register(brandsRoutes, { resolver: ctx.brands, brands, maintenance, setup });
      // While nobody can sign in, each instance prints a one-time token for the first owner.
      app.addHook('onReady', async () => {
        const token = await setup.prepare();
        if (token)
          ctx.log.warn(
            { setupToken: token },
            `No staff account exists. Open the back office's sign-in page, choose "Set up", and enter this one-time set-up token: ${token}`,
          );
      });
    },
  };
}
