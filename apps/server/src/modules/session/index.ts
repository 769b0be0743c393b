export { createSessionModule } from './session.module';
export type { SessionService } from './session.service';
