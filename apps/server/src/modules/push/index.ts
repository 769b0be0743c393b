export { createPushModule } from './push.module';
export type { PushHub } from './push-hub';
