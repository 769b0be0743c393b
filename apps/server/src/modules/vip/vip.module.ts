import type { ModuleContext, ServerModule } from '../../platform/module';
import { VipLevelRepository } from './vip-levels.repository';
import { VipLevelService } from './vip-levels.service';

/** VIP levels as members hold them: no routes or jobs of its own (the VIP pass is in promotions). */
export function createVipModule(ctx: ModuleContext): ServerModule<{ levels: VipLevelService }> {
  return { services: { levels: new VipLevelService(new VipLevelRepository(ctx.db), ctx.brands) } };
}
