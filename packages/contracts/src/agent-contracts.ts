import { z } from 'zod';
import { AMOUNT_PATTERN, toMinor } from './money';
import { dateRangeSchema } from './wallet';

/**
 * Agent contracts, wages and dividends (SPEC sections 3, 4 and 7). An agent offers a
 * contract to a direct downline agent; the downline accepts or rejects it; either side may ask to
 * terminate an accepted one and the other side accepts or rejects that request. The terms both
 * sides agreed to are stored with a version number and never change.
 *
 * Rates are percentages with at most 2 decimals ("0.80" = 0.8%), held by the server as basis
 * points (80). A contract's rate, where the rules compare rates, is its highest tier's rate.
 */

export const CONTRACT_KINDS = ['DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/**
 * Settlement periods: D (a calendar day of the brand), W (a week, Monday to Sunday), H (an hour),
 * SM (half a month: 1-15, 16-end), M (a calendar month). Wages settle by D, W, H or M (SPEC section
 * 4); a real-time wage accrues within its day (D) every 5 minutes.
 */
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'SM', 'M'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];

/** The periods each kind may settle by. */
export const CONTRACT_KIND_PERIODS: Record<ContractKind, readonly ContractPeriod[]> = {
  DIVIDEND: ['SM', 'M'],
  /** A daily wage is figured on the period's team turnover and paid by day, week or month. */
  DAILY: ['D', 'W', 'M'],
  HOURLY: ['H'],
  REALTIME: ['D'],
};

export const CONTRACT_STATES = ['PENDING', 'ACCEPTED', 'REJECTED', 'TERMINATED'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
export const CONTRACT_REQUEST_TYPES = ['NEW', 'TERMINATION'] as const;
export type ContractRequestType = (typeof CONTRACT_REQUEST_TYPES)[number];

export const CONTRACT_LIMITS = {
  /**
   * The brand's ceiling, in basis points, on a top agent's offers (a top agent has no upline
   * contract to cap it): 3% of turnover for wages, 50% of the team's loss for dividends.
   */
  maxRateBp: { DIVIDEND: 5000, DAILY: 300, HOURLY: 300, REALTIME: 300 } as Record<ContractKind, number>,
  maxTiers: 10,
  maxActiveMembers: 100_000,
  /** Real-time wages are settled every 5 minutes (SPEC section 9). */
  realTimeSlotMinutes: 5,
  pageSize: 15,
} as const;

/**
 * The consolidated call's contract flags (SPEC section 3): 0 the feature is off (or the member is
 * not an agent type), 1 on with nothing awaiting the member, 2 a new contract offer awaits the
 * member's answer, 3 a termination request awaits the member's answer.
 */
export const CONTRACT_FLAG = { OFF: 0, ON: 1, NEW_PENDING: 2, TERMINATION_PENDING: 3 } as const;

// ---- building blocks -------------------------------------------------------------------------

const memberIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/, { message: 'memberId.format' });
const contractIdSchema = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,18}$/, { message: 'contractId.format' });

/** A percentage with at most 2 decimals, 0 < rate <= 100; parses to basis points. */
const rateSchema = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => AMOUNT_PATTERN.test(v), { message: 'rate.format' })
  .transform((v) => Number(toMinor(v)))
  .refine((bp) => bp > 0 && bp <= 10_000, { message: 'rate.range' });

/** A threshold amount (may be 0), as number or string with at most 2 decimals; parses to minor units. */
const thresholdSchema = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => toMinor(v) !== null, { message: 'amount.format' })
  .transform((v) => toMinor(v)!);

/**
 * One tier: from `minAmount` of team turnover (wages) or team loss (dividends) and at least
 * `minActive` active members (team members with a settled bet in the period), `rate` % is paid.
 */
export const contractTierInputSchema = z.object({
  minAmount: thresholdSchema,
  minActive: z.coerce.number().int().min(0).max(CONTRACT_LIMITS.maxActiveMembers),
  rate: rateSchema,
});

// ---- the process calls (SPEC section 7) ------------------------------------------------------

/**
 * `POST /wps/relay/MCS2_processDividendReq`, `MCS2_processDailySalContract`,
 * `MCS2_processContractHourSalary`, `MCSFE_processRealTimeSalaryContract`: one body shape, the
 * call names the kind.
 * - OFFER (the upline): a NEW request to the direct downline agent memberId with these terms.
 * - ACCEPT / REJECT (the side that must answer): answers the request pending on contractId.
 * - TERMINATE (either side): asks to end the accepted contract contractId; the other side answers.
 */
export const contractProcessSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('OFFER'),
    memberId: memberIdSchema,
    period: z.enum(CONTRACT_PERIODS),
    tiers: z.array(contractTierInputSchema).min(1).max(CONTRACT_LIMITS.maxTiers),
  }),
  z.object({ action: z.literal('ACCEPT'), contractId: contractIdSchema }),
  z.object({ action: z.literal('REJECT'), contractId: contractIdSchema }),
  z.object({ action: z.literal('TERMINATE'), contractId: contractIdSchema }),
]);
export type ContractProcessRequest = z.input<typeof contractProcessSchema>;

/** The terms as both sides agreed to them (amounts as 2-decimal text, rates as % text). */
export const contractTermsSchema = z.object({
  kind: z.enum(CONTRACT_KINDS),
  period: z.enum(CONTRACT_PERIODS),
  tiers: z.array(z.object({ minAmount: z.string(), minActive: z.number().int(), rate: z.string() })),
});
export type ContractTerms = z.infer<typeof contractTermsSchema>;

export const contractSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  /** The offering upline's account (null: the platform, for a top agent). */
  upline: z.string().nullable(),
  uplineId: z.number().int().nullable(),
  member: z.string(),
  memberId: z.number().int(),
  /** 1, 2, ... per (member, kind): each new offer is a new version. */
  version: z.number().int(),
  state: z.enum(CONTRACT_STATES),
  /** The request awaiting an answer (NEW while PENDING, TERMINATION when one was asked), or null. */
  pendingRequest: z.enum(CONTRACT_REQUEST_TYPES).nullable(),
  /** Who must answer the pending request (account), or null. */
  awaiting: z.string().nullable(),
  terms: contractTermsSchema,
  /** The exact contract text both sides agreed to (canonical JSON of the terms). */
  termsText: z.string(),
  /** The highest tier's rate, %. */
  rate: z.number(),
  endReason: z.string().nullable(),
  createdTime: z.string(),
  acceptedTime: z.string().nullable(),
  endedTime: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

/**
 * `POST /wps/admin/agent/contracts` (operator): the platform grants a top agent (no upline) a
 * contract, in force at once, replacing the one of that kind it held.
 */
export const platformContractSchema = z.object({
  username: z.string().trim().min(1).max(64),
  kind: z.enum(CONTRACT_KINDS),
  period: z.enum(CONTRACT_PERIODS),
  tiers: z.array(contractTierInputSchema).min(1).max(CONTRACT_LIMITS.maxTiers),
});
export type PlatformContractRequest = z.input<typeof platformContractSchema>;

// ---- reads for the web -----------------------------------------------------------------------

/** `GET /wps/agent/contracts`: the caller's contracts as upline (offered) and as downline (held). */
export const myContractsQuerySchema = z.object({ kind: z.enum(CONTRACT_KINDS).optional() });
export const myContractsSchema = z.object({
  asUpline: z.array(contractSchema),
  asDownline: z.array(contractSchema),
});
export type MyContracts = z.infer<typeof myContractsSchema>;

/** `GET /wps/agent/contracts/member`: the contracts between the caller and one direct downline. */
export const memberContractsQuerySchema = z.object({
  memberId: memberIdSchema,
  kind: z.enum(CONTRACT_KINDS).optional(),
});
export const memberContractsSchema = z.object({ list: z.array(contractSchema) });
export type MemberContracts = z.infer<typeof memberContractsSchema>;

/** PAID; UNPAID (the upline could not pay, nothing moved; reason says why); NONE (nothing was due). */
export const SETTLEMENT_STATES = ['PAID', 'UNPAID', 'NONE'] as const;
/** `GET /wps/agent/contracts/statements`: settlement lines paid to (IN) or by (OUT) the caller. */
export const statementQuerySchema = dateRangeSchema.extend({
  kind: z.enum(CONTRACT_KINDS).optional(),
  side: z.enum(['IN', 'OUT']).default('IN'),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(CONTRACT_LIMITS.pageSize),
});
export const statementSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      contractId: z.string(),
      version: z.number().int(),
      kind: z.enum(CONTRACT_KINDS),
      /** e.g. D:2026-11-25, W:2026-11-23, H:2026-11-25T13, RT:2026-11-25@13:35, SM:2026-11-1, M:2026-11 */
      period: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      member: z.string(),
      /** The payer's account, or null for the platform. */
      payer: z.string().nullable(),
      /** Team turnover (wages) or team loss (dividends) the line was computed from. */
      base: z.number(),
      activeMembers: z.number().int(),
      /** 1-based tier reached, 0 for none. */
      tier: z.number().int(),
      rate: z.number(),
      /** The period's figure (real-time: the day's figure so far). */
      figure: z.number(),
      /** What this line pays: the figure, or for a real-time accrual the figure less what was paid before. */
      amount: z.number(),
      status: z.enum(SETTLEMENT_STATES),
      reason: z.string().nullable(),
      createdTime: z.string(),
    }),
  ),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  totalPaid: z.number(),
});
export type Statement = z.infer<typeof statementSchema>;
