import type { REGISTER_PATTERNS } from '@app/contracts';
import {
  MODULE_SWITCHES,
  WHITELABEL_FLAGS,
  type BrandCashier,
  type BrandRegisterRule,
  type ModuleSwitch,
  type RegisterField,
  type WhitelabelFlag,
} from '@app/contracts';

/*
 * What a brand created in the back office starts with, so its site works at once: sign-up by
 * username and password, nothing optional asked, withdrawals with ordinary limits. Every value
 * is a starting point the operator changes on the brand's settings page.
 */

/** Sign-up by username is on; mobile sign-up, SMS checks and code logins wait until SMS is set up. */
export const DEFAULT_FLAGS: Record<WhitelabelFlag, boolean> = {
  USERNAMEREG3: true,
  MOBILENUMREG3: false,
  MOBILENUMPASSREG3: false,
  REGMOBVERF3: false,
  DIRECTREG3: true,
  CHNGPASSVERIF3: false,
  MOBILEVERCODELOGIN3: false,
};

/** Only the forced password change is on; free play, salary and contracts are the operator's choice. */
export const DEFAULT_SWITCHES: Record<ModuleSwitch, boolean> = {
  FREEPLAY: false,
  FORCECHANGEPASS: true,
  PHONELOGIN: false,
  SALARY: false,
  HOURSALARY: false,
  REALTIMESALARY: false,
  CONTRACT: false,
  SOCIALFACEBOOK: false,
  SOCIALGOOGLE: false,
};

const rule = (
  field: RegisterField,
  enabled: boolean,
  required: boolean,
  patternId: keyof typeof REGISTER_PATTERNS,
  min: number,
  max: number,
): BrandRegisterRule => ({ field, enabled, required, patternId, min, max });

/** Username, password and its confirmation required; the contact and referral fields optional or off. */
export const DEFAULT_REGISTER_RULES: BrandRegisterRule[] = [
  rule('username', true, true, 'LETTER_FIRST_ALNUM', 4, 15),
  rule('password', true, true, 'LETTERS_AND_DIGITS', 8, 20),
  rule('confirmPassword', true, true, 'LETTERS_AND_DIGITS', 8, 20),
  rule('mobileNum', true, false, 'DIGITS', 8, 15),
  rule('verificationCode', false, false, 'DIGITS', 0, 255),
  rule('payeeName', true, false, 'ENGLISH_SPACES', 2, 50),
  rule('email', true, false, 'EMAIL', 5, 100),
  rule('affiliateCode', true, false, 'ALNUM', 4, 20),
  rule('captcha', false, false, 'ALNUM', 4, 6),
  rule('paymentPassword', false, false, 'DIGITS', 6, 6),
  rule('recommenderId', false, false, 'ALNUM', 2, 20),
  rule('qqNum', false, false, 'DIGITS', 5, 12),
  rule('line', false, false, 'NO_SPACES', 2, 30),
  rule('whatsapp', false, false, 'DIGITS', 8, 15),
  rule('facebook', false, false, 'NO_SPACES', 2, 50),
  rule('wechat', false, false, 'NO_SPACES', 2, 30),
  rule('idNumber', false, false, 'ALNUM', 6, 20),
];

export const DEFAULT_CASHIER: BrandCashier = {
  withdrawMin: '100.00',
  withdrawMax: '50000.00',
  withdrawDailyCount: 5,
  withdrawConfirmMinutes: 30,
  uplineTransfer: false,
  singleWallet: false,
};

/** A payment from this amount (major units) on needs a second staff member. */
export const DEFAULT_APPROVAL_THRESHOLD = '5000.00';

/** The module tree's rows for a brand: the two roots, then each flag and switch under its root. */
export function defaultModuleNodes(merchant: string) {
  return [
    { merchant_code: merchant, mod_id: 'WHITELABEL', parent_mod_id: null, enabled: true, sort: 0 },
    { merchant_code: merchant, mod_id: 'MODULES', parent_mod_id: null, enabled: true, sort: 1 },
    ...WHITELABEL_FLAGS.map((f, i) => ({
      merchant_code: merchant,
      mod_id: f,
      parent_mod_id: 'WHITELABEL',
      enabled: DEFAULT_FLAGS[f],
      sort: i,
    })),
    ...MODULE_SWITCHES.map((s, i) => ({
      merchant_code: merchant,
      mod_id: s,
      parent_mod_id: 'MODULES',
      enabled: DEFAULT_SWITCHES[s],
      sort: i,
    })),
  ];
}
