export { createProtectionModule } from './protection.module';
export type { ProtectionService } from './protection.service';
export { ageOn } from './protection-rules';
