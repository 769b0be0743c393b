import type { ModuleContext, ServerModule } from '../../platform/module';
import { ImageRepository } from './image.repository';
import { ImageService } from './image.service';

/**
 * Members' uploaded images (receipts, proofs, promotion applications, feedback). The upload call
 * itself is the cashier's (its URL is the cashier's); the modules that attach images check them here.
 */
export function createUploadsModule(ctx: ModuleContext): ServerModule<{ images: ImageService }> {
  return { services: { images: new ImageService(new ImageRepository(ctx.db), ctx.limits) } };
}
