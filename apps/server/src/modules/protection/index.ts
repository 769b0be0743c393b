export { createProtectionModule } from './protection.module';
export type { ProtectionService } from './protection.service';
export { protectionGuard, PLAY_ROUTES, BREAK_ROUTES } from './protection.guard';
/** Full years between a date of birth and a day (both yyyy-mm-dd): for identity verification. */
export { ageOn } from './protection-rules';
