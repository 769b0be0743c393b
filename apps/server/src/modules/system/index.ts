export { createSystemModule } from './system.module';
export { SitePages } from './site-page';
export type { SystemService } from './system.service';
