export { createVendorsModule } from './vendors.module';
export type { VendorService } from './vendor.service';
export type { AdapterVendor, VendorWallet } from './vendor.service';
