import { z } from 'zod';
import { amountSchema } from './wallet';

/**
 * Player protection (responsible gambling): limits, time-outs, self-exclusion, their history.
 * Money in major units on the wire; the session limit in minutes.
 */
export const PROTECTION_LIMIT_KINDS = ['DEPOSIT', 'LOSS', 'WAGER', 'SESSION'] as const;
export type ProtectionLimitKind = (typeof PROTECTION_LIMIT_KINDS)[number];
/** D day, W week (Monday to Sunday), M month, in the brand's time zone; S per session (SESSION). */
export const PROTECTION_PERIODS = ['D', 'W', 'M', 'S'] as const;
export const EXCLUSION_TERMS = ['6M', '1Y', '5Y', 'PERMANENT'] as const;
export const TIMEOUT_DAYS_MAX = 42;
/** The longest session limit a member may set: a day. */
export const SESSION_MINUTES_MAX = 1440;

export const protectionLimitSchema = z.object({
  kind: z.enum(PROTECTION_LIMIT_KINDS),
  period: z.enum(PROTECTION_PERIODS),
  /** What applies now; null: no limit. */
  amount: z.number().nullable(),
  /** A raise or removal waiting for its cooling-off (amount null: removal). */
  pending: z.object({ amount: z.number().nullable(), from: z.string(), confirmable: z.boolean() }).nullable(),
  /** Used in the current period (money kinds); null for SESSION. */
  used: z.number().nullable(),
});
export type ProtectionLimit = z.infer<typeof protectionLimitSchema>;

export const exclusionSchema = z.object({
  kind: z.enum(['TIMEOUT', 'SELF_EXCLUSION']),
  term: z.string(),
  startsAt: z.string(),
  /** null: permanent. */
  endsAt: z.string().nullable(),
  allBrands: z.boolean(),
  /** EXCLUDED until endsAt; then ASK (a return may be requested); WAITING its cooling-off. */
  status: z.enum(['EXCLUDED', 'ASK', 'WAITING']),
  returnFrom: z.string().nullable(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

export const protectionStateSchema = z.object({
  limits: z.array(protectionLimitSchema),
  exclusion: exclusionSchema.nullable(),
  rules: z.object({
    coolingOffHours: z.number(),
    exclusionTerms: z.array(z.enum(EXCLUSION_TERMS)),
    timeoutMaxDays: z.number(),
    sessionMinutesMax: z.number(),
  }),
});
export type ProtectionState = z.infer<typeof protectionStateSchema>;

/** PUT /wps/member/protection/limits: one limit set (null removes it). */
export const limitInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['DEPOSIT', 'LOSS', 'WAGER']),
    period: z.enum(['D', 'W', 'M']),
    amount: amountSchema.nullable(),
  }),
  z.object({
    kind: z.literal('SESSION'),
    period: z.literal('S'),
    amount: z.number().int().min(5).max(SESSION_MINUTES_MAX).nullable(),
  }),
]);
export type LimitInput = z.infer<typeof limitInputSchema>;

export const limitChoiceSchema = z.object({
  kind: z.enum(PROTECTION_LIMIT_KINDS),
  period: z.enum(PROTECTION_PERIODS),
});

/** POST /wps/member/protection/exclusion. */
export const exclusionInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('TIMEOUT'),
    days: z.number().int().min(1).max(TIMEOUT_DAYS_MAX),
    allBrands: z.boolean().default(false),
  }),
  z.object({
    kind: z.literal('SELF_EXCLUSION'),
    term: z.enum(EXCLUSION_TERMS),
    allBrands: z.boolean().default(false),
  }),
]);
export type ExclusionInput = z.infer<typeof exclusionInputSchema>;

export const protectionEventSchema = z.object({
  at: z.string(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  actor: z.string(),
});
export type ProtectionEvent = z.infer<typeof protectionEventSchema>;

// ---- sessions and reality checks -------------------------------------------------------------

export const REALITY_CHECK_MINUTES_MIN = 5;
export const REALITY_CHECK_MINUTES_MAX = 240;

/**
 * GET /wps/member/protection/session: this session (since the member's latest login) as a reality
 * check shows it. Money in major units; net = payouts − stakes (negative: the member is down).
 */
export const protectionSessionSchema = z.object({
  startedAt: z.string().nullable(),
  playedMinutes: z.number().int(),
  staked: z.number(),
  paid: z.number(),
  net: z.number(),
  /** The interval in force: the member's own, else the brand's default; null: no reality checks. */
  realityCheckMinutes: z.number().int().nullable(),
  /** The member's own choice (null: the brand default applies). */
  realityCheckOwn: z.number().int().nullable(),
  /** The brand's default (null: no reality checks unless the member picks an interval). */
  realityCheckDefault: z.number().int().nullable(),
  /** The session time limit (minutes) and what is left of it; null without one. */
  sessionLimitMinutes: z.number().int().nullable(),
  sessionMinutesLeft: z.number().int().nullable(),
  /** A break in force: the member may only withdraw and manage protection. */
  excluded: z.boolean(),
  /** Where the brand offers limits to a new member besides the member centre. */
  offerLimits: z.enum(['NONE', 'REGISTRATION', 'FIRST_DEPOSIT']),
  /** The member has asked for a deposit that was not failed or rejected (any time). */
  hasDeposited: z.boolean(),
  /**
   * Offer the limits step now: the brand offers it, the member has never set a limit nor
   * deposited, is not on a break, and (REGISTRATION) this is the session the sign-up opened.
   * With FIRST_DEPOSIT the site shows it when the member opens the deposit page.
   */
  offerLimitsNow: z.boolean(),
});
export type ProtectionSession = z.infer<typeof protectionSessionSchema>;

/** PUT /wps/member/protection/reality-check: the member's interval (null: the brand default). */
export const realityIntervalInputSchema = z.object({
  minutes: z.number().int().min(REALITY_CHECK_MINUTES_MIN).max(REALITY_CHECK_MINUTES_MAX).nullable(),
});

/** POST /wps/member/protection/reality-check: a check was shown and the member answered. */
export const realityAnswerInputSchema = z.object({ choice: z.enum(['CONTINUE', 'LOGOUT']) });

/** GET /wps/system/protection: what the sign-up form needs before there is a member. */
export const protectionSignupSchema = z.object({ askBirthDate: z.boolean(), minAge: z.number().int() });

// ---- back office ---------------------------------------------------------------------------------

/** The brand's protection rules as staff edit them (PUT /wps/admin/protection/settings). */
export const protectionSettingsSchema = z.object({
  coolingOffHours: z.number().int().min(0).max(720),
  realityCheckMinutes: z
    .number()
    .int()
    .min(REALITY_CHECK_MINUTES_MIN)
    .max(REALITY_CHECK_MINUTES_MAX)
    .nullable(),
  minAge: z.number().int().min(18).max(25),
  askBirthDate: z.boolean(),
  exclusionTerms: z.array(z.enum(EXCLUSION_TERMS)).min(1),
  offerLimits: z.enum(['NONE', 'REGISTRATION', 'FIRST_DEPOSIT']),
  /** Brands sharing one operator: an exclusion "across all brands" reaches each of them. */
  operatorGroup: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .nullable(),
});
export type ProtectionSettings = z.infer<typeof protectionSettingsSchema>;

export const PROTECTED_FILTERS = ['ALL', 'LIMIT', 'TIMEOUT', 'SELF_EXCLUSION'] as const;

/** GET /wps/admin/protection/players: members with a limit or a break in force. */
export const protectedPlayerSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  limits: z.array(protectionLimitSchema.omit({ used: true })),
  exclusion: exclusionSchema.omit({ status: true }).nullable(),
  lastChangeAt: z.string().nullable(),
});
export type ProtectedPlayer = z.infer<typeof protectedPlayerSchema>;

/** GET /wps/admin/protection/reality-checks: the checks answered in a window. */
export const realityCheckReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  continued: z.number().int(),
  loggedOut: z.number().int(),
  members: z.number().int(),
});
export type RealityCheckReport = z.infer<typeof realityCheckReportSchema>;

/** GET /wps/admin/players/:memberId/protection: the player page's protection tab. */
export const playerProtectionSchema = z.object({
  limits: z.array(protectionLimitSchema),
  exclusion: exclusionSchema.nullable(),
  history: z.array(protectionEventSchema),
});
export type PlayerProtection = z.infer<typeof playerProtectionSchema>;
