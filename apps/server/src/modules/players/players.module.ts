import type { ModuleContext, ServerModule } from '../../platform/module';
import { PlayersRepository } from './players.repository';
import { playersRoutes } from './players.routes';
import { PlayersService, type PlayersDeps } from './players.service';

type PlayersModuleDeps = ModuleContext & PlayersDeps;

interface PlayersServices {
  /** Search, the player page and its tabs, and the operator's actions on a player. */
  players: PlayersService;
}

/**
 * Players in the back office. Last in the composition: it reads every module's tables for the
 * player page and changes members through the modules that own the change (sessions, passwords,
 * VIP levels); its own writes are the operator's blocks, tags and notes.
 */
export function createPlayersModule(deps: PlayersModuleDeps): ServerModule<PlayersServices> {
  const players = new PlayersService(new PlayersRepository(deps.db), deps);
  return {
    routes: async (app) => {
      await app.register(playersRoutes, { players });
    },
    services: { players },
  };
}
