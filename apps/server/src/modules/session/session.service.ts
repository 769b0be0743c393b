import {
  ACCOUNT_CENTRE_TYPES,
  EXTRA_VERIFICATION_METHODS,
  IDENTITY_LIMITS,
  TRIAL_IS_AGENT,
  isModuleOnTree,
  type ExtraVerificationMethod,
  type Language,
  type LoginRequest,
  type LoginResult,
  type VerificationRequired,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { SessionMember } from '../../platform/auth';
import type { Brand } from '../../platform/brand';
import type { RateLimiter } from '../../platform/rate-limit';
import { noticeLanguage } from '../../platform/notice-texts';
import { randomToken, tokenHash } from '../../platform/secrets';
import type { ClientContext } from '../../platform/client-context';
import type { Member } from '../member';
import type { MemberDirectory } from '../member';
import type { RegistrationService } from '../member';
import type { SecondFactorService } from '../member';
import type { SystemService } from '../system';
import type { CaptchaService } from '../verification';
import { phoneTarget, type VerificationService } from '../verification';
import type { SessionRepository } from './session.repository';

const L = IDENTITY_LIMITS;
const minutes = (n: number) => n * 60_000;
/** Logins per IP per minute, counted before any password hashing. */
const LOGINS_PER_IP_PER_MINUTE = 30;
/** How often a session's last-seen time is written (not on every request). */
const TOUCH_EVERY_MS = 60_000;

function mask(value: string, keepEnd: number): string {
  return value.length <= keepEnd
    ? value
    : `${'•'.repeat(Math.min(4, value.length - keepEnd))}${value.slice(-keepEnd)}`;
}

/**
 * What tells two people behind one IP apart at login: the Device header names only the client
 * kind (every browser of the site sends WEB), so the user agent goes with it.
 */
function deviceOf(ctx: ClientContext): string {
  return `${ctx.device}:${tokenHash(ctx.userAgent).slice(0, 16)}`;
}

/** The agent-page login admits agent types only (SPEC section 6: non-agents cannot log in to it). */
function refuseNonAgent(member: Member): void {
  if (!(ACCOUNT_CENTRE_TYPES as readonly number[]).includes(member.is_agent)) {
    throw new AppError('login.not.agent');
  }
}

/** What logging in asks of the member module: its lookups, trial accounts and the second factor. */
export interface SessionMembers {
  directory: MemberDirectory;
  registration: Pick<RegistrationService, 'createTrial'>;
  secondFactor: Pick<SecondFactorService, 'totpValid'>;
}

/** Gives a new trial account its play money (the wallet module's WalletService.creditTrial). */
export type CreditTrial = (merchant: string, memberId: string) => Promise<void>;

/**
 * Logging in and out: password and SMS logins with captcha after failures, lockouts, extra
 * verification from a new IP, remember tokens, free play, and the session tokens themselves.
 */
export class SessionService {
  constructor(
    private readonly repo: SessionRepository,
    private readonly members: SessionMembers,
    private readonly system: SystemService,
    private readonly captcha: CaptchaService,
    private readonly codes: VerificationService,
    private readonly limits: RateLimiter,
    private readonly creditTrial: CreditTrial,
  ) {}

  // ---- tokens ------------------------------------------------------------------------------

  /** Starts a session (and a remember token if asked) and builds the login result. */
  async start(
    brand: Brand,
    member: Member,
    ctx: ClientContext,
    opts: { method: string; remember?: boolean; viaSms?: boolean },
  ): Promise<LoginResult> {
    // The operator's login block: every way in (password, SMS, remember token, after a second
    // factor) ends here. Told plainly: only the account's owner, past its credentials, sees it.
    if (member.block_login) {
      await this.repo.recordLogin({
        merchant_code: brand.code,
        member_id: member.id,
        ip: ctx.ip,
        device: ctx.device,
        user_agent: ctx.userAgent,
        method: opts.method,
        success: false,
        reason: 'login blocked',
      });
      throw new AppError('login.account.disabled');
    }
    const tree = await this.system.whitelabel(brand);
    const passwordExpired = this.members.directory.passwordExpired(brand, member);
    // Forced change (SPEC section 4): someone else chose the password, or it expired where the
    // brand enforces expiry; never for SMS logins, which prove the phone, not the password.
    // Kept on the session: the auth guard lets such a session do nothing else until it changes.
    const mustChangePassword =
      !opts.viaSms &&
      member.is_agent !== TRIAL_IS_AGENT &&
      isModuleOnTree(tree, 'FORCECHANGEPASS') &&
      (member.must_change_password || (passwordExpired && brand.enforcePasswordExpiry));

    const now = new Date();
    const token = randomToken();
    const session = await this.repo.insertSession({
      member_id: member.id,
      kind: 'SESSION',
      token_hash: tokenHash(token),
      ip: ctx.ip,
      device: ctx.device,
      user_agent: ctx.userAgent,
      expires_at: new Date(now.getTime() + L.sessionAbsoluteHours * 3_600_000),
      must_change_password: mustChangePassword,
    });
    let rememberToken: string | undefined;
    if (opts.remember) {
      rememberToken = randomToken();
      await this.repo.insertSession({
        member_id: member.id,
        kind: 'REMEMBER',
        token_hash: tokenHash(rememberToken),
        ip: ctx.ip,
        device: ctx.device,
        user_agent: ctx.userAgent,
        expires_at: new Date(now.getTime() + L.rememberDays * 86_400_000),
        bound_session_id: session.id,
      });
    }
    const previousLogins = await this.members.directory.countLogin(member.id, ctx.ip);
    await this.repo.rememberIp(member.id, ctx.ip);
    await this.repo.recordLogin({
      merchant_code: brand.code,
      member_id: member.id,
      ip: ctx.ip,
      device: ctx.device,
      user_agent: ctx.userAgent,
      method: opts.method,
      success: true,
      reason: null,
    });

    return {
      token,
      firstTimeLogin: previousLogins === 0,
      passwordExpired,
      mustChangePassword,
      isAgent: member.is_agent,
      username: member.username,
      customerId: Number(member.id),
      id: Number(member.id),
      ...(rememberToken ? { rememberToken } : {}),
    };
  }

  /** The auth guard's lookup: a live session of this brand, within its idle and absolute limits. */
  async verifyToken(token: string, merchantCode: string): Promise<SessionMember | null> {
    const now = new Date();
    const row = await this.repo.findLive(tokenHash(token), 'SESSION', now);
    if (!row || row.merchant_code !== merchantCode || row.status !== 'ACTIVE') return null;
    if (now.getTime() - row.last_seen_at.getTime() > minutes(L.sessionIdleMinutes)) {
      await this.repo.revoke(row.id, now);
      return null;
    }
    if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) await this.repo.touch(row.id, now);
    return {
      memberId: row.member_id,
      sessionId: row.id,
      merchantCode: row.merchant_code,
      username: row.username,
      isAgent: row.is_agent,
      mustChangePassword: row.must_change_password,
      bettingBlocked: row.block_betting,
    };
  }

  /**
   * Ends this session and the remember token issued with it (logging out forgets the device
   * even when the client does not send the token back), and the remember token sent, if any.
   */
  async logout(session: SessionMember, rememberToken?: string): Promise<void> {
    const now = new Date();
    await this.repo.revoke(session.sessionId, now);
    await this.repo.revokeBoundTo(session.sessionId, now);
    if (rememberToken) await this.repo.revokeRemember(session.memberId, tokenHash(rememberToken), now);
  }

  /** Ends every other session and remember token of the member. */
  async logoutOthers(session: SessionMember): Promise<void> {
    await this.repo.revokeAllOf(session.memberId, new Date(), session.sessionId);
  }

  async revokeAll(memberId: string, exceptSessionId?: string): Promise<void> {
    await this.repo.revokeAllOf(memberId, new Date(), exceptSessionId);
  }

  // ---- password and SMS login --------------------------------------------------------------

  /**
   * `agentOnly`: the agent-page login (SPEC section 6): an account that is not an agent type is
   * refused with login.not.agent once its credentials are proved, and no session starts.
   */
  async login(
    brand: Brand,
    body: LoginRequest,
    ctx: ClientContext,
    opts: { agentOnly?: boolean } = {},
  ): Promise<LoginResult> {
    if (!(await this.limits.allow(`login-ip:${brand.code}:${ctx.ip}`, 60, LOGINS_PER_IP_PER_MINUTE))) {
      throw new AppError('system.throttled');
    }
    if (body.type === 'sms') return this.smsLogin(brand, body, ctx, opts);

    const username = body.username?.trim().toLowerCase();
    if (!username || !body.password) throw new AppError('login.required.fields');
    const window = L.failureWindowMinutes * 60;
    const accountKey = `login-fail:${brand.code}:${username}`;

    const lockedFor = await this.limits.lockedFor(accountKey);
    if (lockedFor > 0) throw new AppError('login.account.locked', undefined, [Math.ceil(lockedFor / 60)]);
    // Every attempt is counted as a failure before the password is hashed, and taken back when
    // it proves right or is refused unhashed: concurrent attempts then see each other, so a burst
    // cannot get more tries past the captcha or the lock than a sequence could.
    // Failures count per account and per (IP, device), so one person's typos do not put a captcha
    // on everyone behind a shared carrier IP; the IP as a whole has a much higher ceiling.
    const attempts = {
      account: await this.limits.reserve(accountKey, window),
      device: await this.limits.reserve(`login-fail-dev:${brand.code}:${ctx.ip}:${deviceOf(ctx)}`, window),
      ip: await this.limits.reserve(`login-fail-ip:${brand.code}:${ctx.ip}`, window),
    };
    const releaseAll = () =>
      Promise.all([attempts.account.release(), attempts.device.release(), attempts.ip.release()]);
    /** Whether an attempt `ahead` places after this one needs the captcha (0: this one). */
    const captchaFor = (ahead: number) =>
      attempts.account.count + ahead > L.captchaAfterFailures ||
      attempts.device.count + ahead > L.captchaAfterFailures ||
      attempts.ip.count + ahead > L.captchaAfterIpFailures;
    if (captchaFor(0)) {
      try {
        await this.captcha.check(brand.code, ctx.ip, body.captcha);
      } catch (err) {
        // No password was tried: a missing or wrong captcha is not a failed login (else anyone
        // could lock an account without solving a single captcha).
        await releaseAll();
        throw err;
      }
    }
    if (attempts.account.count > L.lockAfterFailures) {
      // The tries allowed are taken by failures or attempts still in flight.
      await releaseAll();
      throw new AppError('login.account.locked', undefined, [L.lockMinutes]);
    }

    const member = await this.members.directory.byUsername(brand, username);
    const verdict = await this.members.directory.checkPassword(member, body.password);
    // A disabled account answers exactly like a wrong password, whatever password is sent:
    // telling "disabled" only to the right password would confirm the password to a guesser,
    // and telling it to any password would confirm the username exists.
    if (!member || verdict === 'wrong' || member.is_agent === TRIAL_IS_AGENT || member.status !== 'ACTIVE') {
      if (attempts.account.count >= L.lockAfterFailures)
        await this.limits.lock(accountKey, L.lockMinutes * 60);
      await this.repo.recordLogin({
        merchant_code: brand.code,
        member_id: member?.id ?? null,
        ip: ctx.ip,
        device: ctx.device,
        user_agent: ctx.userAgent,
        method: 'PASSWORD',
        success: false,
        reason: member && member.status !== 'ACTIVE' ? 'account disabled' : 'wrong password',
      });
      throw new AppError('login.failed', { captchaRequired: captchaFor(1) });
    }
    await this.limits.clear(accountKey);
    await Promise.all([attempts.device.release(), attempts.ip.release()]);
    if (opts.agentOnly) refuseNonAgent(member);

    const fresh =
      verdict === 'temporary' ? ((await this.members.directory.byId(member.id)) ?? member) : member;
    const pending = await this.needsExtraVerification(fresh, ctx, !!body.remember);
    if (pending) throw new AppError('login.verification.required', pending);
    return this.start(brand, fresh, ctx, { method: 'PASSWORD', remember: body.remember });
  }

  private async smsLogin(
    brand: Brand,
    body: LoginRequest,
    ctx: ClientContext,
    opts: { agentOnly?: boolean },
  ): Promise<LoginResult> {
    const tree = await this.system.whitelabel(brand);
    if (!isModuleOnTree(tree, 'MOBILEVERCODELOGIN3')) throw new AppError('system.feature.disabled');
    const dialing = (body.countryDialingCode ?? '').replace(/^\+/, '');
    const mobile = body.mobileNum?.trim() ?? '';
    if (!/^\d{1,4}$/.test(dialing) || !/^\d{5,15}$/.test(mobile) || !body.verificationCode) {
      throw new AppError('login.required.fields');
    }
    await this.codes.consume({
      merchant: brand.code,
      channel: 'SMS',
      purpose: 'LOGIN',
      target: phoneTarget(dialing, mobile),
      code: body.verificationCode,
    });
    const member = await this.members.directory.byMobile(brand, dialing, mobile);
    if (!member || member.is_agent === TRIAL_IS_AGENT) throw new AppError('login.failed');
    if (member.status !== 'ACTIVE') throw new AppError('login.account.disabled');
    if (opts.agentOnly) refuseNonAgent(member);
    return this.start(brand, member, ctx, { method: 'SMS', remember: body.remember, viaSms: true });
  }

  /**
   * Sends a login (or reset) code. A number with no account behind it still counts against
   * the throttles and answers the same, so the call does not reveal which numbers are members.
   */
  async sendNoLoginCode(
    brand: Brand,
    body: { countryDialingCode: string; mobileNum?: string; mobileNo?: string; purpose?: 'login' | 'reset' },
    ctx: ClientContext,
  ) {
    const mobile = body.mobileNum ?? body.mobileNo;
    if (!mobile)
      throw new AppError('request.invalid', { fields: [{ field: 'mobileNum', message: 'required' }] });
    const dialing = body.countryDialingCode.replace(/^\+/, '');
    const member = await this.members.directory.byMobile(brand, dialing, mobile);
    return this.codes.send({
      merchant: brand.code,
      channel: 'SMS',
      purpose: body.purpose === 'reset' ? 'RESET' : 'LOGIN',
      target: phoneTarget(dialing, mobile),
      ip: ctx.ip,
      lang: noticeLanguage(brand, member?.language, ctx.lang ?? brand.defaultLanguage),
      deliver: !!member && member.is_agent !== TRIAL_IS_AGENT,
    });
  }

  /**
   * Registration codes. A number that already has an account answers like any other and counts
   * against the same throttles, but gets no code: answering member.mobile.used here told anyone
   * which numbers are members. The registration itself says so once a code proves the number.
   */
  async sendRegisterCode(
    brand: Brand,
    body: { countryDialingCode: string; mobileNum?: string; mobileNo?: string },
    ip: string,
    lang: Language,
  ) {
    const mobile = body.mobileNum ?? body.mobileNo;
    if (!mobile)
      throw new AppError('request.invalid', { fields: [{ field: 'mobileNo', message: 'required' }] });
    const dialing = body.countryDialingCode.replace(/^\+/, '');
    const taken = !!(await this.members.directory.byMobile(brand, dialing, mobile));
    return this.codes.send({
      merchant: brand.code,
      channel: 'SMS',
      purpose: 'REGISTER',
      target: phoneTarget(dialing, mobile),
      ip,
      lang,
      deliver: !taken,
    });
  }

  // ---- extra verification from a new IP ------------------------------------------------------

  private methodsOf(member: Member): { methods: ExtraVerificationMethod[]; targets: Record<string, string> } {
    const methods: ExtraVerificationMethod[] = [];
    const targets: Record<string, string> = {};
    if (member.mobile_num && member.country_dialing_code) {
      methods.push('SMS');
      targets.SMS = `+${member.country_dialing_code} ${mask(member.mobile_num, 4)}`;
    }
    if (member.email) {
      methods.push('EMAIL');
      const [name = '', domain = ''] = member.email.split('@');
      targets.EMAIL = `${name.slice(0, 1)}•••@${domain}`;
    }
    if (member.payee_name) methods.push('BANK_NAME');
    if (member.totp_enabled) methods.push('TOTP');
    return { methods: EXTRA_VERIFICATION_METHODS.filter((m) => methods.includes(m)), targets };
  }

  /** A pending login when this IP is new for a member who has logged in before and can verify. */
  private async needsExtraVerification(
    member: Member,
    ctx: ClientContext,
    remember: boolean,
  ): Promise<VerificationRequired | null> {
    const known = await this.repo.knownIps(member.id);
    if (known.length === 0 || known.includes(ctx.ip)) return null;
    const { methods, targets } = this.methodsOf(member);
    if (methods.length === 0) return null;
    const pendingToken = randomToken();
    await this.repo.insertPending({
      token_hash: tokenHash(pendingToken),
      member_id: member.id,
      ip: ctx.ip,
      remember,
      expires_at: new Date(Date.now() + minutes(L.pendingLoginMinutes)),
    });
    return { pendingToken, methods, targets };
  }

  private async pendingOf(pendingToken: string, ctx: ClientContext) {
    const pending = await this.repo.findPending(tokenHash(pendingToken), new Date());
    if (!pending || pending.ip !== ctx.ip) throw new AppError('login.verification.invalid');
    const member = await this.members.directory.byId(pending.member_id);
    if (!member || member.status !== 'ACTIVE') throw new AppError('login.verification.invalid');
    return { pending, member };
  }

  async sendPendingCode(
    brand: Brand,
    body: { pendingToken: string; method: 'SMS' | 'EMAIL' },
    ctx: ClientContext,
  ) {
    const { member } = await this.pendingOf(body.pendingToken, ctx);
    const target =
      body.method === 'SMS' && member.mobile_num && member.country_dialing_code
        ? phoneTarget(member.country_dialing_code, member.mobile_num)
        : body.method === 'EMAIL' && member.email
          ? member.email
          : null;
    if (!target) throw new AppError('login.verification.invalid');
    return this.codes.send({
      merchant: brand.code,
      channel: body.method,
      purpose: 'EXTRA',
      target,
      ip: ctx.ip,
      lang: noticeLanguage(brand, member.language, ctx.lang ?? brand.defaultLanguage),
    });
  }

  async verifyPending(
    brand: Brand,
    body: { pendingToken: string; method: ExtraVerificationMethod; answer: string; remember?: boolean },
    ctx: ClientContext,
  ): Promise<LoginResult> {
    const { pending, member } = await this.pendingOf(body.pendingToken, ctx);
    if (!this.methodsOf(member).methods.includes(body.method))
      throw new AppError('login.verification.invalid');
    const wrong = async (): Promise<never> => {
      if ((await this.repo.addPendingTry(pending.token_hash)) >= L.smsMaxTries) {
        await this.repo.usePending(pending.token_hash, new Date());
      }
      throw new AppError('login.verification.invalid');
    };
    switch (body.method) {
      case 'SMS':
      case 'EMAIL': {
        const target =
          body.method === 'SMS'
            ? phoneTarget(member.country_dialing_code ?? '', member.mobile_num ?? '')
            : (member.email ?? '');
        await this.codes.consume({
          merchant: brand.code,
          channel: body.method,
          purpose: 'EXTRA',
          target,
          code: body.answer,
        });
        break;
      }
      case 'BANK_NAME': {
        // Counted per member across pending logins, since each password login makes a new one.
        const key = `bank-name:${member.id}`;
        if ((await this.limits.lockedFor(key)) > 0)
          throw new AppError('login.account.locked', undefined, [L.lockMinutes]);
        // Reserved before comparing, like the password tries: a concurrent burst of names gets
        // no more guesses than a sequence.
        const attempt = await this.limits.reserve(key, L.failureWindowMinutes * 60);
        if (attempt.count > L.smsMaxTries) {
          await attempt.release();
          throw new AppError('login.account.locked', undefined, [L.lockMinutes]);
        }
        const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toUpperCase();
        if (norm(body.answer) !== norm(member.payee_name ?? '')) {
          if (attempt.count >= L.smsMaxTries) await this.limits.lock(key, L.lockMinutes * 60);
          await wrong();
        }
        await attempt.release();
        break;
      }
      case 'TOTP':
        if (!this.members.secondFactor.totpValid(brand, member, body.answer)) await wrong();
        break;
    }
    if (!(await this.repo.usePending(pending.token_hash, new Date())))
      throw new AppError('login.verification.invalid');
    return this.start(brand, member, ctx, {
      method: `PASSWORD+${body.method}`,
      remember: pending.remember || body.remember,
    });
  }

  // ---- remember me and free play -------------------------------------------------------------

  /** Exchanges a remember token for a new session; the remember token rotates. */
  async loginWithRemember(brand: Brand, rememberToken: string, ctx: ClientContext): Promise<LoginResult> {
    const now = new Date();
    const row = await this.repo.findLive(tokenHash(rememberToken), 'REMEMBER', now);
    if (!row || row.merchant_code !== brand.code || row.status !== 'ACTIVE')
      throw new AppError('login.not.session');
    // Single use under concurrency: only the request whose revoke changed the row goes on.
    if (!(await this.repo.revoke(row.id, now))) throw new AppError('login.not.session');
    const member = await this.members.directory.byId(row.member_id);
    if (!member) throw new AppError('login.not.session');
    return this.start(brand, member, ctx, { method: 'REMEMBER', remember: true });
  }

  async freePlay(brand: Brand, ctx: ClientContext): Promise<LoginResult> {
    const tree = await this.system.whitelabel(brand);
    if (!isModuleOnTree(tree, 'FREEPLAY')) throw new AppError('system.feature.disabled');
    if (!(await this.limits.allow(`freeplay:${brand.code}:${ctx.ip}`, 3600, 10)))
      throw new AppError('system.throttled');
    const member = await this.members.registration.createTrial(brand, ctx);
    await this.creditTrial(brand.code, member.id);
    return this.start(brand, member, ctx, { method: 'FREEPLAY' });
  }

  async history(memberId: string, pageNo: number, pageSize: number) {
    const { rows, total } = await this.repo.loginHistory(memberId, (pageNo - 1) * pageSize, pageSize);
    return {
      list: rows.map((r) => ({
        time: r.at.toISOString(),
        ip: r.ip,
        device: r.device,
        success: r.success,
        method: r.method,
      })),
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
    };
  }
}
