import { TRIAL_IS_AGENT, isModuleOnTree, type RegisterField, type RegisterRequest } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { uniqueViolation } from '../../platform/db-errors';
import type { Brand } from '../../platform/brand';
import { hashPassword } from '../../platform/password';
import { randomCode, randomToken } from '../../platform/secrets';
import type { SystemService } from '../system';
import type { CaptchaService } from '../verification';
import { phoneTarget, type VerificationService } from '../verification';
import type { ClientContext } from '../../platform/client-context';
import type { Member } from './member-directory.service';
import type { MemberRepository } from './member.repository';
import { checkRegistration, fieldErrors, normalizeDialing } from './register-rules';

/**
 * Two sign-ups racing past the checks for the same name or number: the unique keys decide, and
 * the loser gets the same answer it would have got a moment later, not a server error.
 */
/** The optional contact and identity columns of a new member, as the brand's sign-up form kept them. */
function contactColumns(
  kept: (field: RegisterField) => string | null,
  dialing: string | null,
  mobile: string | null,
) {
  return {
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
  };
}

/** Refuses a sign-up's date of birth (missing where the brand asks it, or under the minimum age). */
export type BirthDateCheck = (brand: Brand, birth: string | undefined) => Promise<void>;

function takenByRace(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'member_merchant_code_username_key') throw new AppError('member.account.used');
  if (constraint === 'member_mobile_key') throw new AppError('member.mobile.used');
  throw err;
}

/**
 * New accounts: self-registration (by username or mobile number, with the brand's rules, captcha
 * and SMS code), the accounts an agent creates under itself, trial accounts, and the
 * affiliate-code check.
 */
export class RegistrationService {
  constructor(
    private readonly repo: MemberRepository,
    private readonly system: SystemService,
    private readonly codes: VerificationService,
    private readonly captcha: CaptchaService,
    private readonly checkBirthDate: BirthDateCheck = async () => {},
  ) {}

  /** Listeners of committed self-registrations (by member id); see onRegistered. */
  private readonly registeredListeners: ((memberId: string) => Promise<unknown>)[] = [];

  /**
   * Runs `fn` after each self-registration has committed (AML screening listens).
   * WARNING: a listener's failure never fails the sign-up, and a process that dies before it runs
   * never calls it: a listener must be idempotent and catch up on its own (the AML sweep does).
   */
  onRegistered(fn: (memberId: string) => Promise<unknown>): void {
    this.registeredListeners.push(fn);
  }

  /**
   * Self-registration by username or by mobile number: the new member. The session module's
   * route logs it in (that step is the session module's: members sit below sessions).
   */
  async register(
    brand: Brand,
    body: RegisterRequest,
    ctx: ClientContext,
    mode: 'username' | 'mobile',
  ): Promise<Member> {
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
    // Before the captcha and the SMS code are used up, and before anything is written.
    await this.checkBirthDate(brand, body.dateOfBirth);

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
        ...contactColumns(kept, dialing, mobile),
        recommender_id: kept('recommenderId'),
        date_of_birth: body.dateOfBirth ?? null,
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
    // After the commit: screening hears of the new member (it never fails the sign-up).
    await Promise.allSettled(this.registeredListeners.map((fn) => fn(member.id)));
    return member;
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
        ...contactColumns(kept, dialing, mobile),
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
}
