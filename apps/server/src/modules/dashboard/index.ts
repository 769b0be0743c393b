export { createDashboardModule } from './dashboard.module';
export type { DashboardService } from './dashboard.service';
