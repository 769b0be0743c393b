export { createSystemModule } from './system.module';
export { SitePages, type PageHints } from './site-page';
export type { SystemService } from './system.service';
