export { createVipModule } from './vip.module';
export { levelDefinitions } from './vip-levels.repository';
export { hasVipService, type VipLevelService } from './vip-levels.service';
