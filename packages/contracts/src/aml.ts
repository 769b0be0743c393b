import { z } from 'zod';

/** Anti-money-laundering: monitoring rules, cases, screening lists (back office). */

export const AML_RULE_KINDS = [
  'LARGE_TRANSACTION',
  'CUMULATIVE_DEPOSITS',
  'LITTLE_PLAY',
  'SHARED_PAYOUT_ACCOUNT',
  'SHARED_DEVICE',
  'STRUCTURING',
] as const;
export const amlRuleKindSchema = z.enum(AML_RULE_KINDS);
export type AmlRuleKind = z.infer<typeof amlRuleKindSchema>;

/** A case's rule: a monitoring rule, or a screening-list match. */
export const amlCaseRuleSchema = z.enum([...AML_RULE_KINDS, 'SCREENING']);
export type AmlCaseRule = z.infer<typeof amlCaseRuleSchema>;

export const AML_CASE_STATES = ['OPEN', 'CLEARED', 'FROZEN', 'REPORTED'] as const;
export const amlCaseStateSchema = z.enum(AML_CASE_STATES);
export type AmlCaseState = z.infer<typeof amlCaseStateSchema>;

export const AML_LIST_KINDS = ['SANCTIONS', 'PEP', 'RESTRICTED'] as const;
export const amlListKindSchema = z.enum(AML_LIST_KINDS);
export type AmlListKind = z.infer<typeof amlListKindSchema>;

/**
 * One rule of a brand. amount is money (major units, 2 decimals) for LARGE_TRANSACTION,
 * CUMULATIVE_DEPOSITS; windowHours for CUMULATIVE_DEPOSITS, LITTLE_PLAY, STRUCTURING; percent for
 * LITTLE_PLAY (stakes below this share of the deposits) and STRUCTURING (band below the large
 * threshold); count for SHARED_* (members allowed on one account or device) and STRUCTURING
 * (deposits in the band that make a hit).
 */
export const amlRuleSchema = z.object({
  kind: amlRuleKindSchema,
  enabled: z.boolean(),
  amount: z.number().nullable(),
  windowHours: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  count: z.number().int().nullable(),
});
export type AmlRule = z.infer<typeof amlRuleSchema>;

export const amlRuleInputSchema = z.object({
  enabled: z.boolean(),
  amount: z
    .string()
    .regex(/^(0|[1-9]\d{0,11})(\.\d{1,2})?$/, 'amount.format')
    .nullable()
    .optional(),
  windowHours: z.number().int().min(1).max(8760).nullable().optional(),
  percent: z.number().int().min(1).max(100).nullable().optional(),
  count: z.number().int().min(1).max(1000).nullable().optional(),
});
export type AmlRuleInput = z.infer<typeof amlRuleInputSchema>;

export const amlTransactionSchema = z.object({
  kind: z.enum(['DEPOSIT', 'WITHDRAWAL']),
  orderNo: z.string(),
  amount: z.number(),
  at: z.string(),
});
export type AmlTransaction = z.infer<typeof amlTransactionSchema>;

export const amlCaseRowSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  username: z.string(),
  rule: amlCaseRuleSchema,
  subject: z.string(),
  state: amlCaseStateSchema,
  assignee: z.string().nullable(),
  blocked: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AmlCaseRow = z.infer<typeof amlCaseRowSchema>;

export const amlCaseNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(['OPENED', 'TRIGGERED', 'ASSIGNED', 'NOTE', 'DECIDED']),
  actor: z.string(),
  body: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type AmlCaseNote = z.infer<typeof amlCaseNoteSchema>;

export const amlCaseSchema = amlCaseRowSchema.extend({
  detail: z.record(z.string(), z.unknown()),
  transactions: z.array(amlTransactionSchema),
  decisionReason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  member: z.object({
    username: z.string(),
    payeeName: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    status: z.string(),
    registeredAt: z.string(),
    depositTotal: z.number(),
    withdrawalTotal: z.number(),
  }),
  notes: z.array(amlCaseNoteSchema),
});
export type AmlCase = z.infer<typeof amlCaseSchema>;

export const amlCaseQuerySchema = z.object({
  state: amlCaseStateSchema.optional(),
  rule: amlCaseRuleSchema.optional(),
  assignee: z.string().max(60).optional(),
  /** Only cases opened at least this many hours ago. */
  minAgeHours: z.coerce.number().int().min(0).max(100_000).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
});
export type AmlCaseQuery = z.infer<typeof amlCaseQuerySchema>;

export const amlDecisionSchema = z.object({
  decision: z.enum(['CLEARED', 'FROZEN', 'REPORTED']),
  reason: z.string().trim().min(3).max(1000),
});
export type AmlDecision = z.infer<typeof amlDecisionSchema>;

export const amlNoteInputSchema = z.object({ text: z.string().trim().min(1).max(2000) });

export const amlListUploadSchema = z.object({
  kind: amlListKindSchema,
  /** CSV: name, date_of_birth (yyyy-mm-dd or empty), country (optional); a header row is allowed. */
  csv: z.string().min(1).max(2_000_000),
});
export type AmlListUpload = z.infer<typeof amlListUploadSchema>;

export const amlListSummarySchema = z.object({
  kind: amlListKindSchema,
  entries: z.number(),
  uploadedAt: z.string().nullable(),
  uploadedBy: z.string().nullable(),
});

export const amlCaseStatsSchema = z.array(
  z.object({ rule: amlCaseRuleSchema, state: amlCaseStateSchema, count: z.number() }),
);

export const amlReportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
