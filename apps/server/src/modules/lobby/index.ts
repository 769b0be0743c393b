export { createLobbyModule } from './lobby.module';
