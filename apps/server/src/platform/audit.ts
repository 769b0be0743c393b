import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/repository';
import { rolesOn } from './operator-auth';

/** Who acts: a staff member (back office), an operator API key, or the operator CLI. */
export type ActorKind = 'STAFF' | 'API_KEY' | 'CLI';

/** Who did it and from where, as an operator route knows it. */
export interface AuditActor {
  actor: string;
  kind: ActorKind;
  role: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** One operator action: what it changed, from what to what. */
interface AuditRecord {
  merchant: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The acting operator of an operator route (config.operator, so request.operator is set). A
 * handler that writes its own row in its change's transaction sets request.auditDetail.written.
 */
export function auditActor(req: FastifyRequest): AuditActor {
  const ua = req.headers['user-agent'];
  const who = req.operator;
  return {
    actor: who?.name ?? 'operator',
    kind: who?.kind ?? 'API_KEY',
    role: who ? rolesOn(who, req.brand.code) : null,
    ip: req.ip || null,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
  };
}

/**
 * Appends one row to the audit log. Pass the transaction that makes the change, so the record
 * and the change commit (or roll back) together; the log refuses updates and deletes.
 */
export async function writeAudit(db: Db, who: AuditActor, what: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor: who.actor,
      actor_kind: who.kind,
      role: who.role,
      merchant_code: what.merchant,
      action: what.action,
      target: what.target,
      before: what.before === undefined ? null : JSON.stringify(what.before),
      after: what.after === undefined ? null : JSON.stringify(what.after),
      ip: who.ip,
      user_agent: who.userAgent,
    })
    .execute();
}
