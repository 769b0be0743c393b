/** Identity constants shared by server and site. No zod here: the site imports them in its first load. */

/** isAgent values (SPEC section 6): 0 member; 1, 2, 41, 42 agents (account centre); 4 trial/guest. */
export const IS_AGENT = { MEMBER: 0, AGENT_1: 1, AGENT_2: 2, AGENT_41: 41, AGENT_42: 42, TRIAL: 4 } as const;
export const ACCOUNT_CENTRE_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_IS_AGENT = 4;

/** Identity limits, defined once for server and site. */
export const IDENTITY_LIMITS = {
  /** Failed logins (per account, or per IP and device) before a captcha is required. */
  captchaAfterFailures: 3,
  /**
   * Failed logins from one IP, whatever the account and device, before a captcha is required:
   * much higher than the above, since a carrier or office NAT puts many people behind one IP.
   */
  captchaAfterIpFailures: 30,
  /** Failed logins per account before it is locked for lockMinutes. */
  lockAfterFailures: 10,
  lockMinutes: 15,
  /** Window the failure counts above are taken over. */
  failureWindowMinutes: 15,
  captchaMinutes: 5,
  smsCodeDigits: 6,
  smsExpiredMinutes: 5,
  smsMaxTries: 5,
  /** Sends: one per second per number; 3 per number per 10 minutes; 20 per IP per hour. */
  smsPerNumberPer10Min: 3,
  smsPerIpPerHour: 20,
  /** Too many sends or wrong codes lock the number for this long (SPEC section 9: 5 minutes). */
  phoneLockoutMinutes: 5,
  sessionIdleMinutes: 60,
  sessionAbsoluteHours: 24,
  rememberDays: 30,
  resetPasswordMinutes: 30,
  pendingLoginMinutes: 10,
  /** Username availability checks per IP per 10 minutes (against enumerating accounts). */
  usernameChecksPerIpPer10Min: 30,
  /** Play money a trial account starts with, in minor units. */
  trialPlayMoney: 200_000,
} as const;

/** A country members may sign up from: ISO code and dialing code without '+'. */
export interface Country {
  countryCode: string;
  countryDialingCode: string;
}

/**
 * Countries the platform serves (the brands' markets first). A brand serves these minus its
 * blocked countries (GET /wps/system/country); the site's dialing-code picker offers them.
 */
export const SERVED_COUNTRIES: readonly Country[] = [
  { countryCode: 'PH', countryDialingCode: '63' },
  { countryCode: 'MY', countryDialingCode: '60' },
  { countryCode: 'ID', countryDialingCode: '62' },
  { countryCode: 'TH', countryDialingCode: '66' },
  { countryCode: 'VN', countryDialingCode: '84' },
  { countryCode: 'SG', countryDialingCode: '65' },
  { countryCode: 'KH', countryDialingCode: '855' },
  { countryCode: 'MM', countryDialingCode: '95' },
  { countryCode: 'LA', countryDialingCode: '856' },
  { countryCode: 'CN', countryDialingCode: '86' },
  { countryCode: 'HK', countryDialingCode: '852' },
  { countryCode: 'TW', countryDialingCode: '886' },
  { countryCode: 'IN', countryDialingCode: '91' },
  { countryCode: 'KR', countryDialingCode: '82' },
  { countryCode: 'JP', countryDialingCode: '81' },
];

/** Client-side throttles (SPEC section 9); the server enforces its own limits as well. */
export const SMS_SEND_THROTTLE_MS = 1000;
export const CAPTCHA_REFRESH_THROTTLE_MS = 1000;
