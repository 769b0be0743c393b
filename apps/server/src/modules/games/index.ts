export { createGamesModule } from './games.module';
export { gameIcon, gameName, type CatalogueGame, type CatalogueService } from './catalogue.service';
export type { GameService } from './game.service';
