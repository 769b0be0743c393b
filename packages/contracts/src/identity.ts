import { z } from 'zod';
import { LANGUAGES } from './constants';

export const LOGIN_TYPES = ['username', 'sms'] as const;
/** Login types as the real clients' legacy scheme names them: "1" is by username. */
export const LEGACY_LOGIN_TYPES: Record<string, (typeof LOGIN_TYPES)[number]> = { '1': 'username' };

const trimmed = (max: number) => z.string().trim().max(max);

export const loginRequestSchema = z.object({
  type: z
    .preprocess(
      (v) => (typeof v === 'string' || typeof v === 'number' ? (LEGACY_LOGIN_TYPES[String(v)] ?? v) : v),
      z.enum(LOGIN_TYPES),
    )
    .default('username'),
  username: trimmed(64).optional(),
  password: z.string().max(128).optional(),
  captcha: trimmed(16).optional(),
  countryDialingCode: trimmed(6).optional(),
  mobileNum: trimmed(20).optional(),
  verificationCode: trimmed(12).optional(),
  /** Keep a revocable remember token (never the password). */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const EXTRA_VERIFICATION_METHODS = ['SMS', 'EMAIL', 'BANK_NAME', 'TOTP'] as const;
export type ExtraVerificationMethod = (typeof EXTRA_VERIFICATION_METHODS)[number];

export const loginResultSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The change-password modal must be shown and cannot be dismissed. */
  mustChangePassword: z.boolean(),
  isAgent: z.number().int(),
  username: z.string(),
  customerId: z.number().int(),
  /** The member id again, under the name the real clients read. */
  id: z.number().int(),
  rememberToken: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Value of a login failure that needs a second step (new IP). */
export const verificationRequiredSchema = z.object({
  pendingToken: z.string(),
  methods: z.array(z.enum(EXTRA_VERIFICATION_METHODS)),
  /** Masked targets, e.g. "+63 •••• 4567", "j•••@example.com". */
  targets: z.record(z.string(), z.string()),
});
export type VerificationRequired = z.infer<typeof verificationRequiredSchema>;

export const verifyLoginRequestSchema = z.object({
  pendingToken: z.string().max(200),
  method: z.enum(EXTRA_VERIFICATION_METHODS),
  answer: trimmed(100),
  remember: z.boolean().optional(),
});
export const sendLoginVerificationSchema = z.object({
  pendingToken: z.string().max(200),
  method: z.enum(['SMS', 'EMAIL']),
});

export const rememberLoginSchema = z.object({ rememberToken: z.string().min(10).max(200) });

export const freePlayRequestSchema = z.object({
  os: trimmed(40).optional(),
  platform: z.literal('W').default('W'),
  random: trimmed(100).optional(),
});

export const smsSendSchema = z.object({
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/),
  mobileNum: z
    .string()
    .trim()
    .regex(/^\d{5,15}$/)
    .optional(),
  /** The registration SMS call names it mobileNo (SPEC section 3). */
  mobileNo: z
    .string()
    .trim()
    .regex(/^\d{5,15}$/)
    .optional(),
  purpose: z.enum(['login', 'reset']).optional(),
});
export const smsSentSchema = z.object({ expiredMinutes: z.number().int() });

/** Registration: every field is checked against the brand's rules on the server. */
export const registerRequestSchema = z.object({
  username: trimmed(64).optional(),
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  payeeName: trimmed(100).optional(),
  email: trimmed(120).optional(),
  qqNum: trimmed(30).optional(),
  mobileNum: trimmed(20).optional(),
  countryDialingCode: trimmed(6).optional(),
  recommenderId: trimmed(40).optional(),
  captcha: trimmed(16).optional(),
  verificationCode: trimmed(255).optional(),
  affiliateCode: trimmed(40).optional(),
  paymentPassword: z.string().max(40).optional(),
  line: trimmed(60).optional(),
  whatsapp: trimmed(30).optional(),
  facebook: trimmed(100).optional(),
  wechat: trimmed(60).optional(),
  idNumber: trimmed(40).optional(),
  /** yyyy-mm-dd; required where the brand asks it (protection_settings.ask_birth_date). */
  dateOfBirth: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  referralCode: trimmed(40).optional(),
  domain: trimmed(253).optional(),
  registerUrl: trimmed(500).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  login: z.boolean().optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const affiliateQuerySchema = z.object({ code: trimmed(40).min(1), domain: trimmed(253).optional() });
export const affiliateCheckSchema = z.object({ valid: z.boolean() });

export const changePasswordSchema = z.object({
  oldPassword: z.string().max(128),
  newPassword: z.string().max(128),
  confirmNewPassword: z.string().max(128),
});
export const forgotByEmailSchema = z.object({ username: trimmed(64).min(1), email: trimmed(120).min(1) });
export const resetByMobileSchema = z.object({
  countryDialingCode: trimmed(6).optional(),
  mobileNum: trimmed(20),
  verificationCode: trimmed(12),
  newPassword: z.string().max(128),
});

export const memberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.number().int(),
  toUpline: z.boolean(),
  clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int() }),
  memberLabel: z.array(z.object({ labelName: z.string(), color: z.string() })),
  hasVip: z.boolean(),
  vipRankLevel: z.number().int(),
  payeeName: z.string().nullable(),
  email: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  mobileNum: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  totpEnabled: z.boolean(),
  referralCode: z.string(),
  createdTime: z.string(),
  /** The language the member chose (the language call); null: never chosen. */
  language: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** The language call's payload: one of the brand's languages (else system.language.unsupported). */
export const memberLanguageSchema = z.object({ language: z.string().trim().min(1).max(8) });
export const memberLanguageResultSchema = z.object({ language: z.enum(LANGUAGES) });

export const profileUpdateSchema = z.object({
  nickname: trimmed(30).optional(),
  email: trimmed(120).optional(),
  payeeName: trimmed(100).optional(),
});
export const mobileChangeSchema = z.object({
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/),
  mobileNum: z
    .string()
    .trim()
    .regex(/^\d{5,15}$/),
  verificationCode: trimmed(12),
  password: z.string().max(128),
});
export const paymentPasswordSchema = z.object({
  /** The login password proves it is the member (also when a payment password exists). */
  password: z.string().max(128),
  newPaymentPassword: z.string().max(40),
});
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  password: z.string().max(128).optional(),
});

export const loginHistoryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(15),
});
export const loginHistorySchema = z.object({
  list: z.array(
    z.object({
      time: z.string(),
      ip: z.string(),
      device: z.string(),
      success: z.boolean(),
      method: z.string(),
    }),
  ),
  totalPages: z.number().int(),
});

export const countrySchema = z.object({ countryCode: z.string(), countryDialingCode: z.string() });
