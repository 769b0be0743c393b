import {
  FALLBACK_LANGUAGE,
  IDENTITY_LIMITS,
  TRIAL_IS_AGENT,
  parseLanguage,
  type Language,
  type MemberInfo,
  type RegisterField,
} from '@app/contracts';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import { hashPassword, verifyPassword } from '../../platform/password';
import type { RateLimiter } from '../../platform/rate-limit';
import { noticeLanguage, noticeText } from '../../platform/notice-texts';
import { randomCode } from '../../platform/secrets';
import type { SystemService } from '../system';
import { phoneTarget, type VerificationService } from '../verification';
import type { Member } from './member-directory.service';
import type { MemberRepository } from './member.repository';
import { checkRegistration, fieldErrors, normalizeDialing, type FieldError } from './register-rules';
import type { SecretChecks } from './secret-checks';

/** The member's VIP level, its label in a language and its colour (owned by the VIP module). */
export type VipLabelLookup = (
  memberId: string,
  lang: Language,
) => Promise<{ level: number; labelName: string; color: string }>;

/** Forgot-password e-mails: per IP per hour, and per account per hour. */
const RESET_MAILS_PER_IP = 5;
const RESET_MAILS_PER_ACCOUNT = 3;

/**
 * The member's own account: member info, profile and mobile number, the login password
 * (change, forgotten by e-mail or mobile), the payment password that confirms money movements,
 * and the payee name a first payout account sets.
 */
export class ProfileService {
  constructor(
    private readonly repo: MemberRepository,
    private readonly system: SystemService,
    private readonly codes: VerificationService,
    private readonly checks: SecretChecks,
    private readonly limits: RateLimiter,
    /** The member's VIP level as member info shows it (the VIP module's). */
    private readonly vipLabel: VipLabelLookup,
  ) {}

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
      language: m.language,
    };
  }

  /**
   * The language call: the member's language from now on, one the brand offers. SMS and e-mail to
   * the member are written in it, and the inbox answers in it when a request names no language.
   */
  async setLanguage(brand: Brand, memberId: string, raw: string): Promise<{ language: Language }> {
    const language = parseLanguage(raw);
    if (!language || !brand.languages.includes(language)) throw new AppError('system.language.unsupported');
    await this.repo.update(memberId, { language });
    return { language };
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
    await this.checks.confirmOwnPassword(m, body.password);
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
  async sendMobileCode(
    brand: Brand,
    memberId: string,
    dialing: string,
    mobile: string,
    ip: string,
    lang: Language,
  ) {
    await this.checkMobileRule(brand, mobile);
    const me = await this.mustGet(memberId);
    const other = await this.repo.byMobile(brand.code, normalizeDialing(dialing), mobile);
    if (other && other.id !== memberId) throw new AppError('member.mobile.used');
    return this.codes.send({
      merchant: brand.code,
      channel: 'SMS',
      purpose: 'MOBILE',
      target: phoneTarget(normalizeDialing(dialing), mobile),
      ip,
      lang: noticeLanguage(brand, me.language, lang),
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

  /**
   * Changes the login password. Every session of the member must end after it (the site logs in
   * again): the session module's route does that, as it owns the sessions.
   */
  async changePassword(
    brand: Brand,
    memberId: string,
    body: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  ): Promise<void> {
    const m = await this.mustGet(memberId);
    if (body.newPassword !== body.confirmNewPassword) throw new AppError('register.password.mismatch');
    if ((await this.passwordRuleErrors(brand, body.newPassword)).length) throw new AppError('password.rule');
    await this.checks.confirmOwnPassword(m, body.oldPassword);
    await this.repo.update(memberId, {
      password_hash: await hashPassword(body.newPassword),
      must_change_password: false,
      password_changed_at: new Date(),
    });
  }

  /**
   * Forgot password by e-mail: when username and e-mail match, a temporary password goes to
   * the e-mail. It works beside the old one until used or expired, then must be changed.
   */
  async forgotByEmail(
    brand: Brand,
    username: string,
    email: string,
    ip: string,
    lang: Language,
  ): Promise<void> {
    // Each request hashes a password and sends a mail: limited per address and per account.
    if (!(await this.limits.allow(`reset-mail-ip:${brand.code}:${ip}`, 3600, RESET_MAILS_PER_IP))) {
      throw new AppError('system.throttled');
    }
    if (
      !(await this.limits.allow(
        `reset-mail:${brand.code}:${username.trim().toLowerCase()}`,
        3600,
        RESET_MAILS_PER_ACCOUNT,
      ))
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
      noticeText('tempPassword', noticeLanguage(brand, m.language, lang), [
        temp,
        IDENTITY_LIMITS.resetPasswordMinutes,
      ]),
    );
  }

  /**
   * An operator's password reset (back office): a temporary password replaces the old one (which
   * may be what leaked) and goes to the member by SMS, else by e-mail; it must be changed at the
   * next login. Nobody else ever sees it. The caller ends the member's sessions.
   */
  async operatorReset(brand: Brand, memberId: string): Promise<'SMS' | 'EMAIL'> {
    const m = await this.mustGet(memberId);
    if (m.merchant_code !== brand.code) throw new AppError('player.not.found');
    const phone =
      m.mobile_num && m.country_dialing_code ? phoneTarget(m.country_dialing_code, m.mobile_num) : null;
    const to = phone
      ? ({ channel: 'SMS', target: phone } as const)
      : m.email
        ? ({ channel: 'EMAIL', target: m.email } as const)
        : null;
    if (!to) throw new AppError('player.reset.no.contact');
    const temp = randomCode(10);
    await this.repo.update(m.id, {
      password_hash: await hashPassword(temp),
      must_change_password: true,
      password_changed_at: new Date(),
    });
    await this.codes.deliver(
      brand.code,
      to.channel,
      to.target,
      noticeText('operatorReset', noticeLanguage(brand, m.language, brand.defaultLanguage), [temp]),
    );
    return to.channel;
  }

  /**
   * Forgot password by mobile: the SMS code proves the number; answers the member with the new
   * password. The session module's route ends the member's sessions and logs it in.
   */
  async resetByMobile(
    brand: Brand,
    body: { countryDialingCode?: string; mobileNum: string; verificationCode: string; newPassword: string },
  ): Promise<Member> {
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
    return { ...m, must_change_password: false, password_changed_at: new Date() };
  }

  async setPaymentPassword(memberId: string, body: { password: string; newPaymentPassword: string }) {
    const m = await this.mustGet(memberId);
    if (!/^\d{6}$/.test(body.newPaymentPassword)) throw new AppError('password.rule');
    await this.checks.confirmOwnPassword(m, body.password);
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
    await this.checks.limitedCheck(
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
  async adoptPayeeName(db: Db, memberId: string, name: string): Promise<string> {
    const payee = await this.repo.adoptPayeeName(db, memberId, name.trim().replace(/\s+/g, ' '));
    if (payee === null) throw new AppError('login.not.session');
    return payee;
  }

  private async mustGet(memberId: string): Promise<Member> {
    const m = await this.repo.byId(memberId);
    if (!m) throw new AppError('login.not.session');
    return m;
  }
}
