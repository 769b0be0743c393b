import type { ModuleContext, ServerModule } from '../../platform/module';
import { VendorRepository } from './vendor.repository';
import { VendorService } from './vendor.service';

/**
 * The game vendors each brand offers and their wallets. The vendor lists' calls are the games
 * module's (they count the catalogue's games); the wallet module transfers by these wallets.
 */
export function createVendorsModule(ctx: ModuleContext): ServerModule<{ vendors: VendorService }> {
  return { services: { vendors: new VendorService(new VendorRepository(ctx.db)) } };
}
