import type { LoginResult, RegisterRequest } from '@app/contracts';
import type { Brand } from '../../platform/brand';
import type { ClientContext } from '../../platform/client-context';
import type { ProfileService } from '../member';
import type { RegistrationService } from '../member';
import type { SessionService } from './session.service';

/**
 * The member's account changes that start or end sessions. The member module makes the change;
 * this, above it, takes the session step after it, so the member module never calls back up into
 * sessions: a sign-up and a reset by mobile log the member in, and a new password (changed or
 * reset) ends every session the member had.
 */
export class AccountSessionService {
  constructor(
    private readonly registration: Pick<RegistrationService, 'register'>,
    private readonly profile: Pick<ProfileService, 'changePassword' | 'resetByMobile'>,
    private readonly sessions: SessionService,
  ) {}

  /** Self-registration by username or by mobile number; the new member is logged in. */
  async register(
    brand: Brand,
    body: RegisterRequest,
    ctx: ClientContext,
    mode: 'username' | 'mobile',
  ): Promise<LoginResult> {
    const member = await this.registration.register(brand, body, ctx, mode);
    return this.sessions.start(brand, member, ctx, {
      method: mode === 'username' ? 'REGISTER' : 'REGISTER_MOBILE',
    });
  }

  /** Changes the login password; every session of the member ends (the site logs in again). */
  async changePassword(
    brand: Brand,
    memberId: string,
    body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  ): Promise<void> {
    await this.profile.changePassword(brand, memberId, body);
    await this.sessions.revokeAll(memberId);
  }

  /** Forgot password by mobile: the member's other sessions end and the member is logged in. */
  async resetByMobile(
    brand: Brand,
    body: { countryDialingCode?: string; mobileNum: string; verificationCode: string; newPassword: string },
    ctx: ClientContext,
  ): Promise<LoginResult> {
    const member = await this.profile.resetByMobile(brand, body);
    await this.sessions.revokeAll(member.id);
    return this.sessions.start(brand, member, ctx, { method: 'RESET_MOBILE', viaSms: true });
  }
}
