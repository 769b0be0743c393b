import { z } from 'zod';

/**
 * GET /wps/admin/reports/status: how fresh the reports' aggregates are. The report screens show
 * "figures as of `asOf`" (or as of `serverTime` when nothing is pending). Instants are ISO 8601.
 */
export const reportStatusSchema = z.object({
  /** When the aggregates last took in new ledger entries; null: never. */
  movedAt: z.string().nullable(),
  /** When the newest ledger entry they include was made; null: they include none yet. */
  asOf: z.string().nullable(),
  /** Ledger entries the aggregates include. */
  entriesFolded: z.number().int().nonnegative(),
  /** Ledger entries not included yet (committed or still being written), counted up to a cap. */
  pendingEntries: z.number().int().nonnegative(),
  /** pendingEntries reached the cap: at least that many. */
  pendingCapped: z.boolean(),
  /** The server's clock when it answered. */
  serverTime: z.string(),
});
export type ReportStatus = z.infer<typeof reportStatusSchema>;
