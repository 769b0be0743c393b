export { createPlayersModule } from './players.module';
export type { PlayersService } from './players.service';
