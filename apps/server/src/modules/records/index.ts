export { createRecordsModule } from './records.module';
