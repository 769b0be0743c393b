import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { ProviderConfigSource } from '../integrations';
import type { VendorService } from '../vendors';
import { CatalogueAdminRepository } from './catalogue-admin.repository';
import { catalogueAdminRoutes } from './catalogue-admin.routes';
import { CatalogueAdminService } from './catalogue-admin.service';
import { CatalogueService } from './catalogue.service';
import { GameRepository } from './game.repository';
import { gameRoutes } from './game.routes';
import { GameService } from './game.service';
import { HouseCatalogueRepository } from './house-catalogue.repository';
import { houseCatalogueRoutes } from './house-catalogue.routes';
import { HouseCatalogueService } from './house-catalogue.service';
import { vendorRoutes } from './vendor.routes';

interface GamesDeps extends ModuleContext {
  vendors: VendorService;
  /** Brands' provider settings (the house offer says whether Hub88 is set up). */
  configs: ProviderConfigSource;
}

/**
 * The game catalogue: vendor and game lists, search, hot games, favourites, recently played and
 * the winner boards. Launching is the lobby's (it needs the providers and the wallet).
 */
export function createGamesModule(
  deps: GamesDeps,
): ServerModule<{ catalogue: CatalogueService; games: GameService }> {
  const catalogue = new CatalogueService(new GameRepository(deps.db), undefined, deps.bus);
  const games = new GameService(new GameRepository(deps.db), catalogue);
  const admin = new CatalogueAdminService(new CatalogueAdminRepository(deps.db), catalogue);
  const house = new HouseCatalogueService(new HouseCatalogueRepository(deps.db), catalogue, deps.configs);
  return {
    services: { catalogue, games },
    routes: async (app: FastifyInstance) => {
      await app.register(vendorRoutes, { vendors: deps.vendors, catalogue });
      await app.register(gameRoutes, { catalogue, games, front: deps.front });
      await app.register(catalogueAdminRoutes, { admin, vendors: deps.vendors, catalogue });
      await app.register(houseCatalogueRoutes, { house });
    },
  };
}
