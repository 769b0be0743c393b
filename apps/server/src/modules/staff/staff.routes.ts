import { ok, ROLES, PERMISSIONS, STAFF_SESSION_COOKIE } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import { ok as envelope } from '../../platform/envelope';
import { operatorRoute, type OperatorPrincipal } from '../../platform/operator-auth';
import type { RateLimiter } from '../../platform/rate-limit';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../db/repository';
import type { AuditSearchService } from './audit-search.service';
import type { PasskeyService, WebAuthnSite } from './passkey.service';
import type { StaffAdminService } from './staff-admin.service';
import type { OpenedSession, StaffAuthService } from './staff-auth.service';

interface Opts {
  auth: StaffAuthService;
  admin: StaffAdminService;
  audit: AuditSearchService;
  passkeys: PasskeyService;
  limits: RateLimiter;
  db: Db;
  production: boolean;
}

const step = z.object({
  step: z.enum(['CHANGE_PASSWORD', 'ENROL_TOTP', 'SECOND_FACTOR']),
  challenge: z.string(),
  passkeys: z.boolean(),
});
const sessionSchema = z.object({
  staff: z.object({ id: z.string(), username: z.string(), displayName: z.string() }),
  csrfToken: z.string(),
  brands: z.array(
    z.object({ code: z.string(), name: z.string(), timeZone: z.string(), currency: z.string() }),
  ),
  grants: z.array(
    z.object({ merchant: z.string().nullable(), role: z.string(), permissions: z.array(z.string()) }),
  ),
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
});
const challenge = z.string().min(20).max(100);
const code = z.string().regex(/^\d{6}$/);
const password = z.string().min(1).max(128);
const idParam = z.object({ id: z.string().max(20) });
const role = z.enum(ROLES);
const permission = z.enum(PERMISSIONS);
const auditFilter = z.object({
  actor: z.string().max(80).optional(),
  action: z.string().max(80).optional(),
  target: z.string().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
const auditRow = z.object({
  id: z.string(),
  actor: z.string(),
  actorKind: z.string(),
  role: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});

/** The principal of an operator route (the guard set it before the handler runs). */
function who(req: FastifyRequest): OperatorPrincipal {
  if (!req.operator) throw new AppError('admin.unauthorized');
  return req.operator;
}

export async function staffRoutes(app: FastifyInstance, opts: Opts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['backoffice'];
  const { auth, admin } = opts;

  const setCookie = (reply: FastifyReply, opened: OpenedSession) =>
    reply.setCookie(STAFF_SESSION_COOKIE, opened.token, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure: opts.production,
      maxAge: 12 * 3600,
    });
  const where = (req: FastifyRequest) => {
    const ua = req.headers['user-agent'];
    return { ip: req.ip || null, userAgent: typeof ua === 'string' ? ua : null };
  };
  /** Sign-in steps after the password are limited per address as well as per account. */
  const throttle = async (req: FastifyRequest) => {
    if (!(await opts.limits.allow(`staff-auth-ip:${req.ip}`, 600, 100)))
      throw new AppError('system.throttled');
  };
  const open = { openWhenClosed: true } as const;

  // Sign-in.
  r.post(
    '/wps/admin/auth/login',
    {
      config: open,
      schema: {
        tags,
        body: z.object({ username: z.string().min(1).max(64), password }),
        response: { 200: ok(step) },
      },
    },
    async (req) => envelope(await auth.login(req.body.username, req.body.password, req.ip)),
  );
  r.post(
    '/wps/admin/auth/password',
    {
      config: open,
      schema: { tags, body: z.object({ challenge, newPassword: password }), response: { 200: ok(step) } },
    },
    async (req) => {
      await throttle(req);
      return envelope(await auth.changePassword(req.body.challenge, req.body.newPassword));
    },
  );
  r.post(
    '/wps/admin/auth/totp/enrol',
    {
      config: open,
      schema: {
        tags,
        body: z.object({ challenge }),
        response: {
          200: ok(z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() })),
        },
      },
    },
    async (req) => {
      await throttle(req);
      return envelope(await auth.enrolTotp(req.body.challenge));
    },
  );
  r.post(
    '/wps/admin/auth/totp/confirm',
    {
      config: open,
      schema: {
        tags,
        body: z.object({ challenge, code }),
        response: { 200: ok(z.object({ recoveryCodes: z.array(z.string()) })) },
      },
    },
    async (req, reply) => {
      await throttle(req);
      const { recoveryCodes, session } = await auth.confirmTotp(
        req.body.challenge,
        req.body.code,
        where(req),
      );
      setCookie(reply, session);
      return envelope({ recoveryCodes });
    },
  );
  r.post(
    '/wps/admin/auth/verify',
    {
      config: open,
      schema: {
        tags,
        body: z
          .object({ challenge, code: code.optional(), recoveryCode: z.string().min(10).max(20).optional() })
          .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), 'code or recoveryCode'),
        response: { 200: ok(sessionSchema) },
      },
    },
    async (req, reply) => {
      await throttle(req);
      const session = await auth.verify(req.body.challenge, req.body, where(req));
      setCookie(reply, session);
      return envelope(session.view);
    },
  );
  r.get(
    '/wps/admin/auth/session',
    { config: open, schema: { tags, response: { 200: ok(sessionSchema) } } },
    async (req) => envelope(await auth.sessionView(req.cookies[STAFF_SESSION_COOKIE])),
  );
  r.post(
    '/wps/admin/auth/logout',
    { config: open, schema: { tags, response: { 200: ok(z.object({})) } } },
    async (req, reply) => {
      const s = await auth.signedIn(req);
      await auth.logout(s.hash);
      reply.clearCookie(STAFF_SESSION_COOKIE, { path: '/' });
      return envelope({});
    },
  );
  r.post(
    '/wps/admin/auth/logout-all',
    { config: open, schema: { tags, response: { 200: ok(z.object({})) } } },
    async (req, reply) => {
      const s = await auth.signedIn(req);
      await auth.logoutAll(s.staffId);
      await writeAudit(opts.db, selfActor(req, s.username), {
        merchant: null,
        action: 'staff.sessions.end-all',
        target: `staff:${s.staffId}`,
        before: undefined,
        after: undefined,
      });
      reply.clearCookie(STAFF_SESSION_COOKIE, { path: '/' });
      return envelope({});
    },
  );

  // Passkeys: the browser's WebAuthn answers are checked by @simplewebauthn/server; their shape
  // is its JSON types, so the schema only bounds the size.
  const webauthnJson = z.record(z.string(), z.unknown()).refine((v) => JSON.stringify(v).length < 20_000);
  r.post(
    '/wps/admin/auth/passkey/options',
    { config: open, schema: { tags, body: z.object({ challenge }) } },
    async (req) => {
      await throttle(req);
      return envelope(await opts.passkeys.signInOptions(req.body.challenge, site(req)));
    },
  );
  r.post(
    '/wps/admin/auth/passkey/verify',
    {
      config: open,
      schema: {
        tags,
        body: z.object({ challenge, response: webauthnJson }),
        response: { 200: ok(sessionSchema) },
      },
    },
    async (req, reply) => {
      await throttle(req);
      const session = await opts.passkeys.signIn(
        req.body.challenge,
        // Its fields are checked by the verifier, which refuses anything malformed.
        req.body.response as unknown as Parameters<PasskeyService['signIn']>[1],
        site(req),
        where(req),
      );
      setCookie(reply, session);
      return envelope(session.view);
    },
  );
  r.get(
    '/wps/admin/me/passkeys',
    {
      config: open,
      schema: {
        tags,
        response: {
          200: ok(
            z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                createdAt: z.string(),
                lastUsedAt: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => envelope(await opts.passkeys.list((await auth.signedIn(req)).staffId)),
  );
  r.post('/wps/admin/me/passkeys/options', { config: open, schema: { tags } }, async (req) => {
    const s = await auth.signedIn(req);
    return envelope(await opts.passkeys.registrationOptions(s, site(req)));
  });
  r.post(
    '/wps/admin/me/passkeys',
    {
      config: open,
      schema: {
        tags,
        body: z.object({ name: z.string().trim().min(1).max(60), response: webauthnJson }),
        response: { 200: ok(z.object({ id: z.string() })) },
      },
    },
    async (req) => {
      const s = await auth.signedIn(req);
      const out = await opts.passkeys.register(
        s,
        req.body.name,
        // Checked field by field by the verifier.
        req.body.response as unknown as Parameters<PasskeyService['register']>[2],
        site(req),
      );
      await writeAudit(opts.db, selfActor(req, s.username), {
        merchant: null,
        action: 'staff.passkey.add',
        target: `staff:${s.staffId}`,
        before: undefined,
        after: { passkey: out.id, name: req.body.name },
      });
      return envelope(out);
    },
  );
  r.delete(
    '/wps/admin/me/passkeys/:id',
    { config: open, schema: { tags, params: idParam, response: { 200: ok(z.object({})) } } },
    async (req) => {
      const s = await auth.signedIn(req);
      const removed = await opts.passkeys.remove(s.staffId, req.params.id);
      await writeAudit(opts.db, selfActor(req, s.username), {
        merchant: null,
        action: 'staff.passkey.remove',
        target: `staff:${s.staffId}`,
        before: { passkey: req.params.id, name: removed.name },
        after: undefined,
      });
      return envelope({});
    },
  );

  // Own account.
  r.post(
    '/wps/admin/me/password',
    {
      config: open,
      schema: {
        tags,
        body: z.object({ currentPassword: password, newPassword: password }),
        response: { 200: ok(z.object({})) },
      },
    },
    async (req) => {
      const s = await auth.signedIn(req);
      await throttle(req);
      await auth.changeOwnPassword(s.staffId, req.body.currentPassword, req.body.newPassword);
      await writeAudit(opts.db, selfActor(req, s.username), {
        merchant: null,
        action: 'staff.password.change',
        target: `staff:${s.staffId}`,
        before: undefined,
        after: undefined,
      });
      return envelope({});
    },
  );
  r.post(
    '/wps/admin/me/recovery-codes',
    {
      config: open,
      schema: {
        tags,
        body: z.object({ code }),
        response: { 200: ok(z.object({ recoveryCodes: z.array(z.string()) })) },
      },
    },
    async (req) => {
      const s = await auth.signedIn(req);
      await throttle(req);
      const recoveryCodes = await auth.regenerateRecoveryCodes(s.staffId, req.body.code);
      await writeAudit(opts.db, selfActor(req, s.username), {
        merchant: null,
        action: 'staff.recovery-codes.renew',
        target: `staff:${s.staffId}`,
        before: undefined,
        after: undefined,
      });
      return envelope({ recoveryCodes });
    },
  );

  // Staff.
  const staffRow = z.object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    status: z.enum(['ACTIVE', 'DISABLED', 'LOCKED']),
    roles: z.array(z.string()),
    platformOwner: z.boolean(),
    totpEnrolled: z.boolean(),
    lastLoginAt: z.string().nullable(),
  });
  r.get(
    '/wps/admin/staff',
    { config: operatorRoute('staff.manage'), schema: { tags, response: { 200: ok(z.array(staffRow)) } } },
    async (req) => envelope(await admin.list(req.brand.code)),
  );
  r.post(
    '/wps/admin/staff',
    {
      config: operatorRoute('staff.manage'),
      schema: {
        tags,
        body: z.object({
          username: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/),
          displayName: z.string().trim().min(1).max(80),
          role,
        }),
        response: { 200: ok(z.object({ id: z.string(), oneTimePassword: z.string().nullable() })) },
      },
    },
    async (req) => {
      const out = await admin.create(who(req), req.brand.code, req.body);
      req.auditDetail = {
        action: 'staff.create',
        target: `staff:${out.id}`,
        before: out.created ? null : { role: null },
        after: { username: req.body.username.toLowerCase(), role: req.body.role, newAccount: out.created },
      };
      return envelope({ id: out.id, oneTimePassword: out.oneTimePassword });
    },
  );
  r.put(
    '/wps/admin/staff/:id/role',
    {
      config: operatorRoute('staff.manage'),
      schema: {
        tags,
        params: idParam,
        body: z.object({ role: role.nullable() }),
        response: { 200: ok(z.object({ role: z.string().nullable() })) },
      },
    },
    async (req) => {
      const { before, after } = await admin.setRole(who(req), req.brand.code, req.params.id, req.body.role);
      req.auditDetail = { action: 'staff.role', target: `staff:${req.params.id}`, before, after };
      return envelope(after);
    },
  );
  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    r.post(
      `/wps/admin/staff/:id/${verb}`,
      {
        config: operatorRoute('staff.manage'),
        schema: { tags, params: idParam, response: { 200: ok(z.object({ disabled: z.boolean() })) } },
      },
      async (req) => {
        const { before, after } = await admin.setDisabled(who(req), req.brand.code, req.params.id, disabled);
        req.auditDetail = { action: `staff.${verb}`, target: `staff:${req.params.id}`, before, after };
        return envelope(after);
      },
    );
  }
  r.post(
    '/wps/admin/staff/:id/reset',
    {
      config: operatorRoute('staff.manage'),
      schema: { tags, params: idParam, response: { 200: ok(z.object({ oneTimePassword: z.string() })) } },
    },
    async (req) => {
      const out = await admin.reset(who(req), req.brand.code, req.params.id);
      // The password itself never goes into the log.
      req.auditDetail = {
        action: 'staff.reset',
        target: `staff:${req.params.id}`,
        before: null,
        after: { reset: true },
      };
      return envelope(out);
    },
  );

  // API keys.
  r.get(
    '/wps/admin/api-keys',
    {
      config: operatorRoute('apikeys.manage'),
      schema: {
        tags,
        response: {
          200: ok(
            z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                prefix: z.string(),
                permissions: z.array(z.string()),
                createdBy: z.string(),
                createdAt: z.string(),
                lastUsedAt: z.string().nullable(),
                revokedAt: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => envelope(await admin.apiKeys(req.brand.code)),
  );
  r.post(
    '/wps/admin/api-keys',
    {
      config: operatorRoute('apikeys.manage'),
      schema: {
        tags,
        body: z.object({
          name: z.string().trim().min(1).max(80),
          permissions: z.array(permission).max(PERMISSIONS.length),
        }),
        response: { 200: ok(z.object({ id: z.string(), key: z.string() })) },
      },
    },
    async (req) => {
      const out = await admin.createApiKey(who(req), req.brand.code, req.body.name, req.body.permissions);
      req.auditDetail = {
        action: 'apikeys.create',
        target: `apikey:${out.id}`,
        before: null,
        after: { name: req.body.name, prefix: out.key.slice(0, 12), permissions: req.body.permissions },
      };
      return envelope(out);
    },
  );
  r.delete(
    '/wps/admin/api-keys/:id',
    {
      config: operatorRoute('apikeys.manage'),
      schema: { tags, params: idParam, response: { 200: ok(z.object({ revoked: z.literal(true) })) } },
    },
    async (req) => {
      const key = await admin.revokeApiKey(req.brand.code, req.params.id);
      req.auditDetail = {
        action: 'apikeys.revoke',
        target: `apikey:${key.id}`,
        before: { revoked: false, ...key },
        after: { revoked: true },
      };
      return envelope({ revoked: true as const });
    },
  );

  // Brand security.
  const security = z.object({ ipAllowList: z.array(z.string().max(64)).max(200) });
  r.get(
    '/wps/admin/brand-security',
    { config: operatorRoute('brand.security'), schema: { tags, response: { 200: ok(security) } } },
    async (req) => envelope({ ipAllowList: await admin.allowList(req.brand.code) }),
  );
  r.put(
    '/wps/admin/brand-security',
    {
      config: operatorRoute('brand.security'),
      schema: { tags, body: security, response: { 200: ok(security) } },
    },
    async (req) => {
      const { before, after } = await admin.setAllowList(
        who(req),
        req.brand.code,
        req.body.ipAllowList,
        req.ip,
      );
      req.auditDetail = { action: 'brand.security.ip', target: `merchant:${req.brand.code}`, before, after };
      return envelope(after);
    },
  );

  // Audit.
  r.get(
    '/wps/admin/audit',
    {
      config: operatorRoute('audit.view'),
      schema: {
        tags,
        querystring: auditFilter.extend({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: {
          200: ok(
            z.object({
              list: z.array(auditRow),
              page: z.number(),
              pageSize: z.number(),
              hasMore: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const { page, pageSize, ...filter } = req.query;
      return envelope(await opts.audit.search(req.brand.code, filter, page, pageSize));
    },
  );
  r.get(
    '/wps/admin/audit/export',
    {
      config: operatorRoute('audit.export', { auditRead: true }),
      schema: { tags, querystring: auditFilter },
    },
    async (req, reply) => {
      const csv = await opts.audit.csv(req.brand.code, req.query);
      req.auditDetail = {
        action: 'audit.export',
        target: `merchant:${req.brand.code}`,
        after: { filter: req.query },
      };
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${req.brand.code}.csv"`)
        .send(csv);
    },
  );
}

/** The relying party of a WebAuthn ceremony: the host name the browser called, and its origin. */
function site(req: FastifyRequest): WebAuthnSite {
  return { rpId: req.hostname, origin: `${req.protocol}://${req.host}` };
}

/** A staff member acting on their own account (no brand role involved). */
function selfActor(req: FastifyRequest, username: string) {
  const ua = req.headers['user-agent'];
  return {
    actor: username,
    kind: 'STAFF' as const,
    role: null,
    ip: req.ip || null,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
  };
}
