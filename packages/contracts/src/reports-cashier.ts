import { z } from 'zod';

/**
 * The cashier report (GET /wps/admin/reports/cashier...): deposits and withdrawals by channel and
 * provider, their success, amounts, fees and times, and the reconciliation of a provider's
 * settlement file. Money is a number with 2 decimals; times are seconds.
 */

export const CASHIER_DIRECTIONS = ['DEPOSIT', 'WITHDRAWAL'] as const;
export type CashierDirection = (typeof CASHIER_DIRECTIONS)[number];

/** An order's outcome: SUCCEEDED credited (deposit) or paid in full (withdrawal); FAILED rejected, failed or expired. */
export const CASHIER_OUTCOMES = ['SUCCEEDED', 'FAILED', 'PENDING'] as const;
export type CashierOutcome = (typeof CASHIER_OUTCOMES)[number];

/** What the orders of one direction (or one channel and provider) came to. */
export const cashierFiguresSchema = z.object({
  requests: z.number().int(),
  succeeded: z.number().int(),
  /** Rejected by staff, failed or expired at the provider (deposits); rejected or returned (withdrawals). */
  failed: z.number().int(),
  pending: z.number().int(),
  /** succeeded ÷ (succeeded + failed): the orders still open are left out; null when none is decided. */
  successRate: z.number().nullable(),
  /** What was asked for, over every order. */
  requested: z.number(),
  /** Credited (deposits, before the fee) or paid out (withdrawals, part payments included). */
  amount: z.number(),
  /** Fees on the succeeded deposits (withdrawals carry none). */
  fees: z.number(),
  /** From request to credit (deposits) or to the payment that completed it (withdrawals): succeeded orders only. */
  avgSeconds: z.number().nullable(),
  /** The 90th percentile of the same times (linear interpolation between the two nearest orders). */
  p90Seconds: z.number().nullable(),
});
export type CashierFigures = z.infer<typeof cashierFiguresSchema>;

export const cashierChannelRowSchema = cashierFiguresSchema.extend({
  merchant: z.string(),
  direction: z.enum(CASHIER_DIRECTIONS),
  /** Deposit channel code, or the payout bank code of a withdrawal. */
  channel: z.string(),
  channelName: z.string(),
  /** BANK / ONLINE for deposits; BANK / EWALLET for withdrawals. */
  kind: z.string(),
  /** The payment provider (DEMO, XENDIT ...), MANUAL for orders settled by staff. */
  provider: z.string(),
});
export type CashierChannelRow = z.infer<typeof cashierChannelRowSchema>;

export const cashierDaySchema = z.object({
  day: z.string(),
  deposits: z.number(),
  depositCount: z.number().int(),
  withdrawals: z.number(),
  withdrawalCount: z.number().int(),
});
export type CashierDay = z.infer<typeof cashierDaySchema>;

export const cashierReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  deposits: cashierFiguresSchema,
  withdrawals: cashierFiguresSchema,
  /** Every day of the period, by the day the order was asked for. */
  days: z.array(cashierDaySchema),
  rows: z.array(cashierChannelRowSchema),
});
export type CashierReport = z.infer<typeof cashierReportSchema>;

export const cashierOrderSchema = z.object({
  id: z.string(),
  merchant: z.string(),
  direction: z.enum(CASHIER_DIRECTIONS),
  orderNo: z.string(),
  memberId: z.string(),
  username: z.string(),
  channel: z.string(),
  provider: z.string(),
  status: z.string(),
  outcome: z.enum(CASHIER_OUTCOMES),
  amount: z.number(),
  /** Credited or paid so far. */
  settled: z.number(),
  fee: z.number(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  seconds: z.number().nullable(),
});
export type CashierOrder = z.infer<typeof cashierOrderSchema>;

export const cashierOrderPageSchema = z.object({
  list: z.array(cashierOrderSchema),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type CashierOrderPage = z.infer<typeof cashierOrderPageSchema>;

// ---- reconciliation --------------------------------------------------------------------------------

export const RECONCILIATION_ISSUES = [
  'MISSING_OURS',
  'MISSING_FILE',
  'AMOUNT',
  'FEE',
  'STATUS',
  'DUPLICATE',
] as const;
export type ReconciliationIssue = (typeof RECONCILIATION_ISSUES)[number];

/** The largest settlement file taken, in bytes, and its most data lines. */
export const RECONCILIATION_MAX_BYTES = 5 * 1024 * 1024;
export const RECONCILIATION_MAX_LINES = 200_000;

export const reconciliationUploadSchema = z.object({
  provider: z.string().min(1).max(40),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  fileName: z.string().min(1).max(200),
  /** The file's text (UTF-8). */
  content: z.string(),
});
export type ReconciliationUpload = z.infer<typeof reconciliationUploadSchema>;

export const reconciliationRunSchema = z.object({
  id: z.string(),
  provider: z.string(),
  from: z.string(),
  to: z.string(),
  fileName: z.string(),
  fileLines: z.number().int(),
  matched: z.number().int(),
  mismatched: z.number().int(),
  kinds: z.record(z.string(), z.number().int()),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationLineSchema = z.object({
  seq: z.number().int(),
  fileLine: z.number().int().nullable(),
  issues: z.array(z.enum(RECONCILIATION_ISSUES)),
  direction: z.enum(['DEPOSIT', 'PAYOUT']).nullable(),
  orderNo: z.string().nullable(),
  providerRef: z.string().nullable(),
  fileAmount: z.number().nullable(),
  ourAmount: z.number().nullable(),
  fileFee: z.number().nullable(),
  ourFee: z.number().nullable(),
  fileStatus: z.string().nullable(),
  ourStatus: z.string().nullable(),
  fileTime: z.string().nullable(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLineSchema>;

export const reconciliationLinePageSchema = z.object({
  run: reconciliationRunSchema,
  list: z.array(reconciliationLineSchema),
  next: z.number().int().nullable(),
});
export type ReconciliationLinePage = z.infer<typeof reconciliationLinePageSchema>;

/** The providers a brand may reconcile: its payment providers with orders or a configuration. */
export const reconciliationProvidersSchema = z.array(z.string());
