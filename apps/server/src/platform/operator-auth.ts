import { BACKOFFICE_HEADERS, permissionsOn, type OperatorGrant, type Permission } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/repository';
import { AppError } from './app-error';
import type { Brand } from './brand';
import { sameSecret } from './secrets';

/** Who calls an operator route: a signed-in staff member or an integration's API key. */
export interface OperatorPrincipal {
  kind: 'STAFF' | 'API_KEY' | 'CLI';
  /** The staff member's or the key's id. */
  id: string;
  /** The staff member's username or the key's name: what the audit log and the records show. */
  name: string;
  grants: readonly OperatorGrant[];
  /** The staff session's CSRF token; null for an API key (sent without cookies, so no CSRF). */
  csrfToken: string | null;
}

/** What an operator route requires. */
export interface OperatorRoute {
  permission: Permission;
  /** A platform-wide route: the permission must be held on every brand (a platform grant). */
  platform?: boolean;
  /** A read of personal data in bulk: audited like a change. */
  auditRead?: boolean;
  /**
   * Other permissions that also open the route (any one is enough). For a route whose use case
   * checks the exact permission per item (e.g. an approval of one kind or another).
   */
  orPermissions?: readonly Permission[];
}

/** What a handler tells the audit row about its change (else the route's params and body). */
export interface AuditDetail {
  action?: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  /** The handler wrote its row itself, in the change's own transaction (writeAudit). */
  written?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of an operator route (config.operator); null elsewhere. */
    operator: OperatorPrincipal | null;
    /** Set by an operator route's handler: the detail its audit row records. */
    auditDetail: AuditDetail | null;
  }
  interface FastifyContextConfig {
    /** An operator route: who may call it. Staff sessions and API keys are checked in the guard. */
    operator?: OperatorRoute;
  }
}

/** The config of an operator route: its permission, and open while the brand is in maintenance. */
export function operatorRoute(permission: Permission, extra: Omit<OperatorRoute, 'permission'> = {}) {
  return { operator: { permission, ...extra }, openWhenClosed: true } as const;
}

/** The name of the operator calling this route (for the records' approved-by columns). */
export function operatorName(req: FastifyRequest): string {
  return req.operator?.name ?? 'operator';
}

/** The roles the principal holds on a brand, as the audit log records them. */
export function rolesOn(principal: OperatorPrincipal, merchant: string | null): string | null {
  const roles = principal.grants
    .filter((g) => g.merchant === null || g.merchant === merchant)
    .map((g) => g.role);
  return roles.length ? [...new Set(roles)].sort().join(',') : null;
}

export interface OperatorAuthOptions {
  db: Db;
  /** Finds the caller from the request (session cookie or API key header); null: nobody. */
  authenticate: (req: FastifyRequest) => Promise<OperatorPrincipal | null>;
  /** Whether the brand lets this principal in from this address (the brand's staff allow-list). */
  allowIp: (brand: Brand, ip: string, principal: OperatorPrincipal) => Promise<boolean>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the principal holds the route's permission for the request's brand. */
export function allows(principal: OperatorPrincipal, route: OperatorRoute, merchant: string): boolean {
  const wanted = [route.permission, ...(route.orPermissions ?? [])];
  if (route.platform) {
    return principal.grants.some((g) => g.merchant === null && wanted.some((p) => g.permissions.includes(p)));
  }
  const held = permissionsOn(principal.grants, merchant);
  return wanted.some((p) => held.has(p));
}

/** Whether the caller of an operator route holds this permission on the request's brand. */
export function holds(req: FastifyRequest, permission: Permission): boolean {
  return req.operator !== null && permissionsOn(req.operator.grants, req.brand.code).has(permission);
}

/**
 * Guards every operator route: who calls (staff session or API key), CSRF for a staff session's
 * changes, the brand's address allow-list, and the route's permission on the request's brand
 * (the Merchant header). Then writes one audit row for every change that succeeded and for every
 * audited read, before the answer leaves: a failed audit write fails the call.
 */
export const operatorAuth = fp(
  async (app: FastifyInstance, opts: OperatorAuthOptions) => {
    app.decorateRequest('operator', null);
    app.decorateRequest('auditDetail', null);
    app.addHook('preValidation', async (request) => {
      const route = request.routeOptions.config.operator;
      if (!route) return;
      const principal = await opts.authenticate(request);
      if (!principal) throw new AppError('admin.unauthorized');
      if (principal.kind === 'STAFF' && !SAFE_METHODS.has(request.method)) {
        if (
          !principal.csrfToken ||
          !sameSecret(request.headers[BACKOFFICE_HEADERS.csrf], principal.csrfToken)
        ) {
          throw new AppError('operator.csrf');
        }
      }
      if (!(await opts.allowIp(request.brand, request.ip, principal)))
        throw new AppError('operator.ip.denied');
      if (!allows(principal, route, request.brand.code)) throw new AppError('operator.forbidden');
      request.operator = principal;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const route = request.routeOptions.config.operator;
      const principal = request.operator;
      if (!route || !principal || reply.statusCode >= 300) return payload;
      if (SAFE_METHODS.has(request.method) && !route.auditRead) return payload;
      const detail = request.auditDetail ?? {};
      if (detail.written) return payload;
      const ua = request.headers['user-agent'];
      await opts.db
        .insertInto('audit_log')
        .values({
          actor: principal.name,
          actor_kind: principal.kind,
          role: rolesOn(principal, request.brand.code),
          merchant_code: route.platform ? null : request.brand.code,
          action: detail.action ?? route.permission,
          target: detail.target ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
          before: detail.before === undefined ? null : JSON.stringify(detail.before),
          after: JSON.stringify(
            detail.after === undefined ? { params: request.params, query: request.query } : detail.after,
          ),
          ip: request.ip || null,
          user_agent: typeof ua === 'string' ? ua.slice(0, 300) : null,
        })
        .execute();
      return payload;
    });
  },
  { name: 'operator-auth', dependencies: ['request-context'] },
);
