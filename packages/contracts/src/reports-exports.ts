import { z } from 'zod';

/** Exports of reports to files (back office): the request and the export as the list shows it. */

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const reportExportFormatSchema = z.enum(REPORT_EXPORT_FORMATS);
export type ReportExportFormat = z.infer<typeof reportExportFormatSchema>;

export const REPORT_EXPORT_STATES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'EXPIRED'] as const;
export const reportExportStateSchema = z.enum(REPORT_EXPORT_STATES);
export type ReportExportState = z.infer<typeof reportExportStateSchema>;

/**
 * What a staff member asks for: a report source's name (e.g. business.games), the format, and the
 * report's query (from, to, scope and the report's own fields, as its screen sends them).
 */
export const reportExportRequestSchema = z.object({
  report: z.string().min(1).max(64),
  format: reportExportFormatSchema,
  query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type ReportExportRequest = z.infer<typeof reportExportRequestSchema>;

/** One export: its state, its progress (rowsTotal when known) and, once DONE, its file's name. */
export const reportExportSchema = z.object({
  id: z.string(),
  report: z.string(),
  format: reportExportFormatSchema,
  scope: z.enum(['brand', 'all']),
  /** Every brand's export: the currency its brands are in (null: one brand's). */
  currency: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  query: z.record(z.string(), z.unknown()),
  requestedBy: z.string(),
  /** EXPIRED: finished, and its file deleted after its keeping time. */
  status: reportExportStateSchema,
  rows: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  bytes: z.number().int(),
  error: z.string().nullable(),
  fileName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

export const reportExportListSchema = z.object({ items: z.array(reportExportSchema) });
export type ReportExportList = z.infer<typeof reportExportListSchema>;
