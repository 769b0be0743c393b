import { AppError } from '../../platform/app-error';
import type { Db } from '../../db/repository';

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The most rows one CSV export holds; a wider export is refused (narrow the filters). */
const EXPORT_MAX_ROWS = 50_000;

const COLUMNS = [
  'id',
  'createdAt',
  'actor',
  'actorKind',
  'role',
  'action',
  'target',
  'before',
  'after',
  'ip',
  'userAgent',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. A
 * cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return
 * before one) gets a leading apostrophe.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The audit log of one brand: searched by page, or exported as CSV. */
export class AuditSearchService {
  constructor(private readonly db: Db) {}

  private query(merchant: string, f: AuditFilter) {
    let q = this.db.selectFrom('audit_log').selectAll().where('merchant_code', '=', merchant);
    if (f.actor) q = q.where('actor', '=', f.actor);
    if (f.action) q = q.where('action', '=', f.action);
    if (f.target) q = q.where('target', '=', f.target);
    if (f.from) q = q.where('created_at', '>=', new Date(f.from));
    if (f.to) q = q.where('created_at', '<', new Date(f.to));
    return q.orderBy('id', 'desc');
  }

  private static view(r: {
    id: string;
    actor: string;
    actor_kind: string;
    role: string | null;
    action: string;
    target: string | null;
    before: unknown;
    after: unknown;
    ip: string | null;
    user_agent: string | null;
    created_at: Date;
  }) {
    return {
      id: r.id,
      actor: r.actor,
      actorKind: r.actor_kind,
      role: r.role,
      action: r.action,
      target: r.target,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
      userAgent: r.user_agent,
      createdAt: r.created_at.toISOString(),
    };
  }

  async search(merchant: string, f: AuditFilter, page: number, pageSize: number) {
    const rows = await this.query(merchant, f)
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize)
      .execute();
    return {
      list: rows.slice(0, pageSize).map(AuditSearchService.view),
      page,
      pageSize,
      hasMore: rows.length > pageSize,
    };
  }

  async csv(merchant: string, f: AuditFilter): Promise<string> {
    const rows = await this.query(merchant, f)
      .limit(EXPORT_MAX_ROWS + 1)
      .execute();
    if (rows.length > EXPORT_MAX_ROWS)
      throw new AppError('audit.export.too.large', undefined, [EXPORT_MAX_ROWS]);
    const lines = [COLUMNS.join(',')];
    for (const r of rows.map(AuditSearchService.view)) {
      lines.push(
        COLUMNS.map((c) => {
          const v = r[c];
          return csvCell(v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));
        }).join(','),
      );
    }
    return `${lines.join('\r\n')}\r\n`;
  }
}
