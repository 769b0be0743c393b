export type { CaptchaService } from './captcha.service';
export { createVerificationModule } from './verification.module';
export { type VerificationService, phoneTarget } from './verification.service';
