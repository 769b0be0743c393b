export { createKycModule } from './kyc.module';
export type { KycService } from './kyc.service';
