import { z } from 'zod';

/**
 * Responsible gaming and AML summaries (GET /wps/admin/reports/compliance/...), per brand-local
 * day, read from the protection, identity-verification and AML tables.
 */

/**
 * What a responsible-gaming event counts as: a limit set for the first time, lowered (at once),
 * a raise asked for (it waits the cooling-off), a raise applied, a raise withdrawn; a time-out or
 * self-exclusion started, a return asked for, a break ended; a reality check answered.
 */
export const RG_KINDS = [
  'limitSet',
  'limitLowered',
  'limitRaiseRequested',
  'limitRaised',
  'limitRaiseCancelled',
  'timeout',
  'selfExclusion',
  'returnRequested',
  'breakEnded',
  'realityCheck',
] as const;
export type RgKind = (typeof RG_KINDS)[number];

const kindCounts = z.record(z.enum(RG_KINDS), z.number().int());

export const rgReportSchema = z.object({
  byKind: z.array(z.object({ kind: z.enum(RG_KINDS), events: z.number().int(), members: z.number().int() })),
  /** Limit events by the limit's kind (DEPOSIT, LOSS, WAGER, SESSION). */
  byLimit: z.array(
    z.object({
      limit: z.string(),
      set: z.number().int(),
      lowered: z.number().int(),
      raised: z.number().int(),
    }),
  ),
  series: z.array(z.object({ day: z.string(), kinds: kindCounts })),
  /** Breaks in force now (not bound to the period). */
  excludedNow: z.object({
    timeouts: z.number().int(),
    selfExclusions: z.number().int(),
    permanent: z.number().int(),
  }),
  kyc: z.object({
    submitted: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    /** Waiting for a decision now. */
    pendingNow: z.number().int(),
    /** Submitted → decided, over the submissions decided in the period; null when none. */
    averageHours: z.number().nullable(),
    p90Hours: z.number().nullable(),
  }),
});
export type RgReport = z.infer<typeof rgReportSchema>;

export const amlReportRowSchema = z.object({
  rule: z.string(),
  /** Hits: a case opened, or movements added to an open case of the rule. */
  alerts: z.number().int(),
  opened: z.number().int(),
  cleared: z.number().int(),
  frozen: z.number().int(),
  reported: z.number().int(),
  /** Decided FROZEN or REPORTED: taken beyond clearing. */
  escalated: z.number().int(),
  /** Opened → decided, over the cases decided in the period; null when none. */
  averageCloseHours: z.number().nullable(),
});
export type AmlReportRow = z.infer<typeof amlReportRowSchema>;

export const amlReportSchema = z.object({
  byRule: z.array(amlReportRowSchema),
  totals: amlReportRowSchema.omit({ rule: true }).extend({ openNow: z.number().int() }),
  series: z.array(
    z.object({
      day: z.string(),
      alerts: z.number().int(),
      opened: z.number().int(),
      closed: z.number().int(),
    }),
  ),
});
export type AmlReport = z.infer<typeof amlReportSchema>;
