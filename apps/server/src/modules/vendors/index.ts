export { createVendorsModule } from './vendors.module';
export type { VendorService } from './vendor.service';
export type { VendorWallet } from './vendor.service';
