export { createReportsModule } from './reports.module';
