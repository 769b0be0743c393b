import {
  DEFAULT_LABEL_COLOR,
  FALLBACK_LANGUAGE,
  IDENTITY_LIMITS,
  TRIAL_IS_AGENT,
  isModuleOnTree,
  type Language,
  type LoginResult,
  type MemberInfo,
  type RegisterField,
  type RegisterRequest,
} from '@app/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Selectable } from 'kysely';
import * as OTPAuth from 'otpauth';
import type { Database, MemberTable } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import { uniqueViolation } from '../../platform/db-errors';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/password';
import type { RateLimiter } from '../../platform/rate-limit';
import { randomCode, randomToken } from '../../platform/secrets';
import type { CaptchaService } from '../session/captcha.service';
import { phoneTarget, type VerificationService } from '../session/verification.service';
import type { SystemService } from '../system/system.service';
import type { MemberRepository } from './member.repository';
import { checkRegistration, type FieldError } from './register-rules';

export type Member = Selectable<MemberTable>;

/** Who is asking: kept with sessions and login history. */
export interface ClientContext {
  ip: string;
  device: string;
  /** The client's own random device id (x-device-id), when it sent a well-formed one. */
  deviceId?: string | null;
  userAgent: string;
}

/** Starts a session for a member who has just proved who they are (owned by the session module). */
export type StartSession = (
  brand: Brand,
  member: Member,
  ctx: ClientContext,
  opts: { method: string; remember?: boolean; viaSms?: boolean },
) => Promise<LoginResult>;
export type RevokeSessions = (memberId: string, exceptSessionId?: string) => Promise<void>;
/** The member's VIP level, its label in a language and its colour (owned by the VIP module). */
export type VipLabelLookup = (
  memberId: string,
  lang: Language,
) => Promise<{ level: number; labelName: string; color: string }>;

/** Wrong confirmations of the own password before sensitive changes lock for lockMinutes. */
const OWN_PASSWORD_TRIES = 5;
/** How long a confirmation waits for the member's other confirmations still being checked. */
const CHECK_WAIT_MS = 10_000;
/** Forgot-password e-mails: per IP per hour, and per account per hour. */
const RESET_MAILS_PER_IP = 5;
const RESET_MAILS_PER_ACCOUNT = 3;
const normalizeDialing = (code: string | undefined) => (code ?? '').replace(/^\+/, '');

/**
 * Two sign-ups racing past the checks for the same name or number: the unique keys decide, and
 * the loser gets the same answer it would have got a moment later, not a server error.
 */
function takenByRace(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'member_merchant_code_username_key') throw new AppError('member.account.used');
  if (constraint === 'member_mobile_key') throw new AppError('member.mobile.used');
  throw err;
}

function fieldErrors(errors: FieldError[]): never {
  if (errors.some((e) => e.reason === 'mismatch') && errors.length === 1) {
    throw new AppError('register.password.mismatch', { fields: errors });
  }
  throw new AppError('register.field.invalid', { fields: errors });
}

export class MemberService {
  constructor(
    private readonly repo: MemberRepository,
    private readonly system: SystemService,
    private readonly codes: VerificationService,
    private readonly captcha: CaptchaService,
    private readonly startSession: StartSession,
    private readonly revokeSessions: RevokeSessions,
    private readonly limits: RateLimiter,
  ) {}

  private vipLabel: VipLabelLookup = async () => ({ level: 0, labelName: '', color: DEFAULT_LABEL_COLOR });

  /** Binds the VIP module's level lookup (built after the members) into member info. */
  bindVipLabel(fn: VipLabelLookup): void {
    this.vipLabel = fn;
  }

  /**
   * The member's own login password, asked again for a sensitive change. Wrong answers are
   * counted per member: a stolen session token must not allow unlimited guessing.
   */
  private confirmOwnPassword(m: Member, password: string): Promise<void> {
    return this.limitedCheck(
      `own-password:${m.id}`,
      () => verifyPassword(m.password_hash, password),
      'password.old.wrong',
    );
  }

  /**
   * A secret check limited to OWN_PASSWORD_TRIES wrong answers per window, then locked. The try
   * is counted before the slow hash and taken back when right: counting only after the hash let
   * a burst of concurrent guesses all pass the check while the count was still low. A check that
   * finds the tries taken by checks still running (a member's parallel payments, not wrong
   * answers) waits for them to end rather than refuse a right answer; a lock ends the wait.
   */
  private async limitedCheck(
    key: string,
    check: () => Promise<boolean>,
    wrong: 'password.old.wrong' | 'payment.password.wrong',
  ): Promise<void> {
    const window = IDENTITY_LIMITS.failureWindowMinutes * 60;
    const giveUpAt = Date.now() + CHECK_WAIT_MS;
    for (;;) {
      const lockedFor = await this.limits.lockedFor(key);
      if (lockedFor > 0) throw new AppError('login.account.locked', undefined, [Math.ceil(lockedFor / 60)]);
      const attempt = await this.limits.reserve(key, window);
      if (attempt.count <= OWN_PASSWORD_TRIES) {
        if (await check()) {
          await attempt.release();
          return;
        }
        if (attempt.count >= OWN_PASSWORD_TRIES) {
          await this.limits.lock(key, IDENTITY_LIMITS.lockMinutes * 60);
        }
        throw new AppError(wrong);
      }
      await attempt.release();
      if (Date.now() >= giveUpAt) throw new AppError('system.throttled');
      await sleep(20 + Math.floor(Math.random() * 30));
    }
  }

  // ---- registration ------------------------------------------------------------------------

  /** Self-registration by username or by mobile number; the new member is logged in. */
  async register(
    brand: Brand,
    body: RegisterRequest,
    ctx: ClientContext,
    mode: 'username' | 'mobile',
  ): Promise<LoginResult> {
    const tree = await this.system.whitelabel(brand);
    const flag = mode === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3';
    if (!isModuleOnTree(tree, flag)) throw new AppError('system.feature.disabled');
    const smsNeeded = mode === 'mobile' || isModuleOnTree(tree, 'REGMOBVERF3');

    // A mobile sign-up may leave the username out: the account is then named after the number.
    const rules = (await this.system.registerRules(brand)).map((r) =>
      mode === 'mobile' && r.field === 'username' ? { ...r, required: false } : r,
    );
    const alwaysRequired: RegisterField[] =
      mode === 'username' ? ['username', 'password'] : ['mobileNum', 'password'];
    const values = { ...body } as Partial<Record<RegisterField, string>>;
    const errors = checkRegistration(
      rules,
      values,
      smsNeeded ? [...alwaysRequired, 'mobileNum'] : alwaysRequired,
    );
    if (smsNeeded && !body.verificationCode) {
      errors.push({ field: 'verificationCode', patternId: 'DIGITS', min: 0, max: 255, reason: 'required' });
    }
    if (errors.length) fieldErrors(errors);

    const captchaRule = rules.find((r) => r.field === 'captcha');
    if (captchaRule?.enabled && captchaRule.required)
      await this.captcha.check(brand.code, ctx.ip, body.captcha);

    const dialing = normalizeDialing(body.countryDialingCode) || null;
    const mobile = body.mobileNum?.trim() || null;
    if (mobile && !dialing) {
      fieldErrors([{ field: 'mobileNum', patternId: 'DIGITS', min: 0, max: 0, reason: 'required' }]);
    }
    const username = (
      body.username?.trim() || (mode === 'mobile' ? `m${dialing}${mobile}` : '')
    ).toLowerCase();
    if (await this.repo.byUsername(brand.code, username)) throw new AppError('member.account.used');
    // Where an SMS code proves the number, whether it already has an account is told only after
    // the code: the code call answers alike for every number (and sends none to a taken one), so
    // neither call tells a stranger which numbers are members. Without SMS it is told at once, as
    // a taken username is.
    const mobileTaken = !!(mobile && dialing && (await this.repo.byMobile(brand.code, dialing, mobile)));
    if (mobileTaken && !smsNeeded) throw new AppError('member.mobile.used');
    // Before the code is used up: a mistyped invitation code must not cost the member a new SMS.
    const { upline, referrer } = await this.uplineFor(brand, body.affiliateCode, body.referralCode);
    if (smsNeeded && mobile && dialing) {
      await this.codes.consume({
        merchant: brand.code,
        channel: 'SMS',
        purpose: 'REGISTER',
        target: phoneTarget(dialing, mobile),
        code: body.verificationCode ?? '',
      });
    }
    if (mobileTaken) throw new AppError('member.mobile.used');

    // Fields the brand has not enabled were not validated, so they are not kept either.
    const enabled = new Set(rules.filter((r) => r.enabled).map((r) => r.field));
    const kept = (field: RegisterField) => (enabled.has(field) ? body[field]?.trim() || null : null);
    const member = await this.repo
      .insert({
        merchant_code: brand.code,
        username,
        password_hash: await hashPassword(body.password ?? ''),
        payment_password_hash:
          enabled.has('paymentPassword') && body.paymentPassword
            ? await hashPassword(body.paymentPassword)
            : null,
        payee_name: kept('payeeName'),
        email: kept('email'),
        country_dialing_code: mobile ? dialing : null,
        mobile_num: mobile,
        qq_num: kept('qqNum'),
        line: kept('line'),
        whatsapp: kept('whatsapp'),
        facebook: kept('facebook'),
        wechat: kept('wechat'),
        id_number: kept('idNumber'),
        recommender_id: kept('recommenderId'),
        upline_id: upline,
        referrer_id: referrer,
        referral_code: randomCode(8),
        register_ip: ctx.ip,
        register_device: ctx.deviceId ?? null,
        register_url: body.registerUrl ?? null,
        register_domain: body.domain ?? null,
        register_method: body.registerMethod,
      })
      .catch(takenByRace);
    return this.startSession(brand, member, ctx, {
      method: mode === 'username' ? 'REGISTER' : 'REGISTER_MOBILE',
    });
  }

  /**
   * The upline a new member is linked to and the member who invited it. WARNING: a referrer is
   * never an upline. The upline is the agent tree (transfers to the upline, team reports, wages),
   * so only an agent's affiliate code (or the agent creating the account) puts a member under
   * someone; a referral code only records who invited the member, for the referral programme.
   */
  private async uplineFor(
    brand: Brand,
    affiliateCode?: string,
    referralCode?: string,
  ): Promise<{ upline: string | null; referrer: string | null }> {
    // An unknown referral code from a shared link is not worth refusing a sign-up over.
    const referrer = referralCode
      ? ((await this.repo.byReferralCode(brand.code, referralCode.trim()))?.id ?? null)
      : null;
    if (affiliateCode) {
      const agent = await this.repo.agentByAffiliateCode(brand.code, affiliateCode.trim());
      if (!agent) throw new AppError('affiliate.code.invalid');
      return { upline: agent.id, referrer };
    }
    return { upline: null, referrer };
  }

  /**
   * An account an agent creates under itself (agent centre): the brand's registration
   * rules apply as at sign-up, except what proves a person is present (captcha, SMS code) and
   * what links or secures an account the agent does not own (invitation codes, payment password).
   * The agent chose the password, so it must be changed at the first login. A sub-agent gets the
   * creating agent's type and an invitation code of its own.
   */
  async registerSubAccount(
    brand: Brand,
    upline: { id: string; isAgent: number },
    body: Partial<Record<RegisterField, string>> & {
      countryDialingCode?: string;
      accountType: 'MEMBER' | 'AGENT';
    },
    ctx: ClientContext,
  ): Promise<Member> {
    const skipped = new Set<RegisterField>([
      'captcha',
      'verificationCode',
      'affiliateCode',
      'recommenderId',
      'paymentPassword',
    ]);
    const rules = (await this.system.registerRules(brand)).filter((r) => !skipped.has(r.field));
    const errors = checkRegistration(rules, body, ['username', 'password', 'confirmPassword']);
    if (errors.length) fieldErrors(errors);
    const dialing = normalizeDialing(body.countryDialingCode) || null;
    const mobile = body.mobileNum?.trim() || null;
    if (mobile && !dialing) {
      fieldErrors([{ field: 'mobileNum', patternId: 'DIGITS', min: 0, max: 0, reason: 'required' }]);
    }
    const username = (body.username ?? '').trim().toLowerCase();
    if (await this.repo.byUsername(brand.code, username)) throw new AppError('member.account.used');
    if (mobile && dialing && (await this.repo.byMobile(brand.code, dialing, mobile))) {
      throw new AppError('member.mobile.used');
    }
    const enabled = new Set(rules.filter((r) => r.enabled).map((r) => r.field));
    const kept = (field: RegisterField) => (enabled.has(field) ? body[field]?.trim() || null : null);
    const agent = body.accountType === 'AGENT';
    return this.repo
      .insert({
        merchant_code: brand.code,
        username,
        password_hash: await hashPassword(body.password ?? ''),
        must_change_password: true,
        payee_name: kept('payeeName'),
        email: kept('email'),
        country_dialing_code: mobile ? dialing : null,
        mobile_num: mobile,
        qq_num: kept('qqNum'),
        line: kept('line'),
        whatsapp: kept('whatsapp'),
        facebook: kept('facebook'),
        wechat: kept('wechat'),
        id_number: kept('idNumber'),
        is_agent: agent ? upline.isAgent : 0,
        affiliate_code: agent ? randomCode(8) : null,
        upline_id: upline.id,
        referral_code: randomCode(8),
        register_ip: ctx.ip,
        register_method: 'AGENT',
      })
      .catch(takenByRace);
  }

  async checkAffiliate(brand: Brand, code: string): Promise<{ valid: boolean }> {
    return { valid: !!(await this.repo.agentByAffiliateCode(brand.code, code.trim())) };
  }

  /** A trial account with play money (free play); its password is random and never shown. */
  async createTrial(brand: Brand, ctx: ClientContext): Promise<Member> {
    return this.repo.insert({
      merchant_code: brand.code,
      username: `guest${randomCode(8).toLowerCase()}`,
      password_hash: await hashPassword(randomToken()),
      is_agent: TRIAL_IS_AGENT,
      referral_code: randomCode(8),
      register_ip: ctx.ip,
      register_method: 'FREEPLAY',
    });
  }

  // ---- lookups and credentials for the session module -------------------------------------

  byUsername(brand: Brand, username: string) {
    return this.repo.byUsername(brand.code, username.trim());
  }

  byMobile(brand: Brand, countryDialingCode: string, mobileNum: string) {
    return this.repo.byMobile(brand.code, normalizeDialing(countryDialingCode), mobileNum.trim());
  }

  byId(id: string) {
    return this.repo.byId(id);
  }

  /**
   * Checks a password against the member's, or an unused e-mailed temporary one. With no
   * member, burns the same time on a dummy hash so timing does not reveal usernames.
   */
  async checkPassword(member: Member | undefined, password: string): Promise<'ok' | 'temporary' | 'wrong'> {
    if (!member) {
      await verifyPassword(await dummyHash(), password);
      return 'wrong';
    }
    if (await verifyPassword(member.password_hash, password)) return 'ok';
    for (const reset of await this.repo.liveResets(member.id, new Date())) {
      if (
        (await verifyPassword(reset.temp_hash, password)) &&
        (await this.repo.useReset(reset.id, new Date()))
      ) {
        await this.repo.update(member.id, {
          password_hash: reset.temp_hash,
          must_change_password: true,
          password_changed_at: new Date(),
        });
        return 'temporary';
      }
    }
    return 'wrong';
  }

  countLogin(memberId: string, ip: string) {
    return this.repo.countLogin(memberId, ip, new Date());
  }

  /** Whether the password has outlived the brand's expiry. */
  passwordExpired(brand: { passwordExpiryDays: number | null }, member: Member): boolean {
    if (!brand.passwordExpiryDays) return false;
    return Date.now() - member.password_changed_at.getTime() > brand.passwordExpiryDays * 86_400_000;
  }

  // ---- member info and profile -------------------------------------------------------------

  async info(memberId: string, lang: Language = FALLBACK_LANGUAGE): Promise<MemberInfo> {
    const m = await this.repo.byId(memberId);
    if (!m) throw new AppError('login.not.session');
    const vip = await this.vipLabel(memberId, lang);
    return {
      id: Number(m.id),
      account: m.username,
      nickname: m.nickname || m.username,
      type: m.is_agent,
      isAgent: m.is_agent,
      toUpline: m.upline_id !== null,
      // The VIP level: level 0 is an ordinary member; the label's colour is the member
      // label colour (grey when the brand has no levels).
      clubLabel: { labelName: vip.labelName, rankLevel: vip.level },
      memberLabel: vip.labelName ? [{ labelName: vip.labelName, color: vip.color }] : [],
      hasVip: vip.level >= 1,
      vipRankLevel: vip.level,
      payeeName: m.payee_name,
      email: m.email,
      countryDialingCode: m.country_dialing_code,
      mobileNum: m.mobile_num,
      hasPaymentPassword: m.payment_password_hash !== null,
      totpEnabled: m.totp_enabled,
      referralCode: m.referral_code,
      createdTime: m.created_at.toISOString(),
    };
  }

  async updateProfile(
    brand: Brand,
    memberId: string,
    body: { nickname?: string; email?: string; payeeName?: string },
  ): Promise<void> {
    const m = await this.mustGet(memberId);
    const rules = await this.system.registerRules(brand);
    const values: Partial<Record<RegisterField, string>> = {};
    if (body.email !== undefined) values.email = body.email;
    if (body.payeeName !== undefined) values.payeeName = body.payeeName;
    const errors = checkRegistration(
      rules.filter((r) => r.field in values).map((r) => ({ ...r, enabled: true })),
      values,
      [],
    );
    if (errors.length) fieldErrors(errors);
    if (body.payeeName !== undefined && m.payee_name && body.payeeName.trim() !== m.payee_name) {
      // The real name must match the bank account; once set only customer service changes it.
      throw new AppError('system.forbidden');
    }
    const set = {
      ...(body.nickname !== undefined ? { nickname: body.nickname.trim() } : {}),
      ...(body.email !== undefined ? { email: body.email.trim() || null } : {}),
      ...(body.payeeName !== undefined ? { payee_name: body.payeeName.trim() || null } : {}),
    };
    // Every field is optional: a request naming none changes nothing (an UPDATE needs a SET).
    if (Object.keys(set).length > 0) await this.repo.update(memberId, set);
  }

  async changeMobile(
    brand: Brand,
    memberId: string,
    body: { countryDialingCode: string; mobileNum: string; verificationCode: string; password: string },
  ): Promise<void> {
    const m = await this.mustGet(memberId);
    await this.checkMobileRule(brand, body.mobileNum);
    await this.confirmOwnPassword(m, body.password);
    const dialing = normalizeDialing(body.countryDialingCode);
    const other = await this.repo.byMobile(brand.code, dialing, body.mobileNum);
    if (other && other.id !== memberId) throw new AppError('member.mobile.used');
    await this.codes.consume({
      merchant: brand.code,
      channel: 'SMS',
      purpose: 'MOBILE',
      target: phoneTarget(dialing, body.mobileNum),
      code: body.verificationCode,
    });
    await this.repo.update(memberId, { country_dialing_code: dialing, mobile_num: body.mobileNum });
  }

  /** Sends a code to a number the member wants to switch to. */
  async sendMobileCode(brand: Brand, memberId: string, dialing: string, mobile: string, ip: string) {
    await this.checkMobileRule(brand, mobile);
    const other = await this.repo.byMobile(brand.code, normalizeDialing(dialing), mobile);
    if (other && other.id !== memberId) throw new AppError('member.mobile.used');
    return this.codes.send({
      merchant: brand.code,
      channel: 'SMS',
      purpose: 'MOBILE',
      target: phoneTarget(normalizeDialing(dialing), mobile),
      ip,
    });
  }

  /** A new number follows the brand's mobile rule, as at sign-up. */
  private async checkMobileRule(brand: Brand, mobileNum: string): Promise<void> {
    const rule = (await this.system.registerRules(brand)).find((r) => r.field === 'mobileNum');
    const rules = rule ? [{ ...rule, enabled: true, required: true }] : [];
    const errors = checkRegistration(rules, { mobileNum }, ['mobileNum']);
    if (errors.length) fieldErrors(errors);
  }

  // ---- passwords ---------------------------------------------------------------------------

  private async passwordRuleErrors(brand: Brand, password: string): Promise<FieldError[]> {
    const rules = await this.system.registerRules(brand);
    const rule = rules.find((r) => r.field === 'password');
    return checkRegistration(rule ? [{ ...rule, enabled: true, required: true }] : [], { password }, [
      'password',
    ]);
  }

  /** Changes the login password; every session of the member ends (the site logs in again). */
  async changePassword(
    brand: Brand,
    memberId: string,
    body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  ): Promise<void> {
    const m = await this.mustGet(memberId);
    if (body.newPassword !== body.confirmNewPassword) throw new AppError('register.password.mismatch');
    if ((await this.passwordRuleErrors(brand, body.newPassword)).length) throw new AppError('password.rule');
    await this.confirmOwnPassword(m, body.oldPassword);
    await this.repo.update(memberId, {
      password_hash: await hashPassword(body.newPassword),
      must_change_password: false,
      password_changed_at: new Date(),
    });
    await this.revokeSessions(memberId);
  }

  /**
   * Forgot password by e-mail: when username and e-mail match, a temporary password goes to
   * the e-mail. It works beside the old one until used or expired, then must be changed.
   */
  async forgotByEmail(brand: Brand, username: string, email: string, ip: string): Promise<void> {
    // Each request hashes a password and sends a mail: limited per address and per account.
    if ((await this.limits.hit(`reset-mail-ip:${brand.code}:${ip}`, 3600)) > RESET_MAILS_PER_IP) {
      throw new AppError('system.throttled');
    }
    if (
      (await this.limits.hit(`reset-mail:${brand.code}:${username.trim().toLowerCase()}`, 3600)) >
      RESET_MAILS_PER_ACCOUNT
    ) {
      throw new AppError('system.throttled');
    }
    const m = await this.repo.byUsername(brand.code, username);
    // The temporary password is hashed whether or not the account matches: the hash is most of
    // the work, and skipping it answered "not found" several times faster than a sent mail,
    // which told a stranger which usernames exist. The SPEC keeps the "username or email not
    // found" answer, so the code stays; it only tells whether this username and e-mail match.
    const temp = randomCode(10);
    const tempHash = await hashPassword(temp);
    if (
      !m ||
      !m.email ||
      m.email.toLowerCase() !== email.trim().toLowerCase() ||
      m.is_agent === TRIAL_IS_AGENT
    ) {
      throw new AppError('reset.account.not.found');
    }
    await this.repo.insertReset({
      member_id: m.id,
      temp_hash: tempHash,
      expires_at: new Date(Date.now() + IDENTITY_LIMITS.resetPasswordMinutes * 60_000),
    });
    await this.codes.deliver(
      brand.code,
      'EMAIL',
      m.email,
      `Your temporary password is ${temp}. It works for ${IDENTITY_LIMITS.resetPasswordMinutes} minutes; you will choose a new password after logging in.`,
    );
  }

  /** Forgot password by mobile: the SMS code proves the number; the member is logged in. */
  async resetByMobile(
    brand: Brand,
    body: { countryDialingCode?: string; mobileNum: string; verificationCode: string; newPassword: string },
    ctx: ClientContext,
  ): Promise<LoginResult> {
    const dialing = normalizeDialing(body.countryDialingCode);
    if ((await this.passwordRuleErrors(brand, body.newPassword)).length) throw new AppError('password.rule');
    await this.codes.consume({
      merchant: brand.code,
      channel: 'SMS',
      purpose: 'RESET',
      target: phoneTarget(dialing, body.mobileNum),
      code: body.verificationCode,
    });
    const m = await this.repo.byMobile(brand.code, dialing, body.mobileNum);
    if (!m) throw new AppError('reset.account.not.found');
    await this.repo.update(m.id, {
      password_hash: await hashPassword(body.newPassword),
      must_change_password: false,
      password_changed_at: new Date(),
    });
    await this.revokeSessions(m.id);
    return this.startSession(
      brand,
      { ...m, must_change_password: false, password_changed_at: new Date() },
      ctx,
      {
        method: 'RESET_MOBILE',
        viaSms: true,
      },
    );
  }

  async setPaymentPassword(memberId: string, body: { password: string; newPaymentPassword: string }) {
    const m = await this.mustGet(memberId);
    if (!/^\d{6}$/.test(body.newPaymentPassword)) throw new AppError('password.rule');
    await this.confirmOwnPassword(m, body.password);
    await this.repo.update(memberId, { payment_password_hash: await hashPassword(body.newPaymentPassword) });
  }

  /**
   * The payment password confirms a money movement (withdrawal, binding a payout account, a
   * transfer to the upline). Wrong answers are counted and lock like the own password.
   * Call it before opening the money transaction: hashing is slow on purpose.
   */
  async confirmPaymentPassword(memberId: string, paymentPassword: string): Promise<void> {
    const m = await this.mustGet(memberId);
    const hash = m.payment_password_hash;
    if (!hash) throw new AppError('payment.password.unset');
    await this.limitedCheck(
      `payment-password:${m.id}`,
      () => verifyPassword(hash, paymentPassword),
      'payment.password.wrong',
    );
  }

  /**
   * The member's payee (real) name, for binding a payout account named `name`: when the member has
   * none yet, `name` (whitespace collapsed) becomes it, as the first bound account names the real
   * owner; otherwise the name it has is returned unchanged (once set only customer service changes
   * it, as in updateProfile). Runs on the caller's transaction so the name commits with the
   * account; comparing the two names is the caller's rule.
   */
  async adoptPayeeName(db: Kysely<Database>, memberId: string, name: string): Promise<string> {
    const payee = await this.repo.adoptPayeeName(db, memberId, name.trim().replace(/\s+/g, ' '));
    if (payee === null) throw new AppError('login.not.session');
    return payee;
  }

  // ---- TOTP authenticator --------------------------------------------------------------------

  private totp(brand: Brand, username: string, secret: string) {
    return new OTPAuth.TOTP({
      issuer: brand.name,
      label: username,
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: 30,
    });
  }

  /** A new secret to scan; it only takes effect once a code from it is confirmed. */
  async totpSetup(brand: Brand, memberId: string): Promise<{ secret: string; otpauthUrl: string }> {
    const m = await this.mustGet(memberId);
    if (m.totp_enabled) throw new AppError('system.conflict');
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.repo.update(memberId, { totp_secret: secret });
    return { secret, otpauthUrl: this.totp(brand, m.username, secret).toString() };
  }

  async totpEnable(brand: Brand, memberId: string, code: string): Promise<void> {
    const m = await this.mustGet(memberId);
    if (!m.totp_secret || m.totp_enabled) throw new AppError('system.conflict');
    if (!this.totpValid(brand, m, code)) throw new AppError('totp.invalid');
    await this.repo.update(memberId, { totp_enabled: true });
  }

  async totpDisable(brand: Brand, memberId: string, code: string, password: string): Promise<void> {
    const m = await this.mustGet(memberId);
    if (!m.totp_enabled) throw new AppError('system.conflict');
    await this.confirmOwnPassword(m, password);
    if (!this.totpValid(brand, m, code)) throw new AppError('totp.invalid');
    await this.repo.update(memberId, { totp_enabled: false, totp_secret: null });
  }

  totpValid(brand: Brand, m: Member, code: string): boolean {
    if (!m.totp_secret) return false;
    return this.totp(brand, m.username, m.totp_secret).validate({ token: code.trim(), window: 1 }) !== null;
  }

  private async mustGet(memberId: string): Promise<Member> {
    const m = await this.repo.byId(memberId);
    if (!m) throw new AppError('login.not.session');
    return m;
  }
}
