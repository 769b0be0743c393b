import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { CatalogueService, GameService } from '../games';
import type { ProviderService } from '../providers';
import type { WalletService } from '../wallet';
import { isLotteryGame } from '../lottery';
import { GameLaunchService } from './launch.service';
import { lobbyRoutes, type LobbyRouteOptions } from './lobby.routes';

interface LobbyDeps extends ModuleContext {
  catalogue: CatalogueService;
  games: GameService;
  providers: ProviderService;
  wallet: WalletService;
  lotteryPopular: LobbyRouteOptions['lotteryPopular'];
}

/**
 * Where play starts: launching any game (money into a transfer-wallet vendor first, a house engine
 * through its ticket, a lottery on its own page) and the popular lists, lotteries included. It sits
 * above the catalogue, the providers, the wallet and the lottery, and is what ties them together.
 */
export function createLobbyModule(deps: LobbyDeps): ServerModule<{ launcher: GameLaunchService }> {
  const launcher = new GameLaunchService(
    deps.catalogue,
    deps.games,
    deps.providers,
    deps.wallet,
    isLotteryGame,
  );
  return {
    services: { launcher },
    routes: async (app: FastifyInstance) => {
      await app.register(lobbyRoutes, {
        brands: deps.brands,
        games: deps.games,
        launcher,
        lotteryPopular: deps.lotteryPopular,
      });
    },
  };
}
