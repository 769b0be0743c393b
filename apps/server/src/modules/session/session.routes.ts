import {
  freePlayRequestSchema,
  MODERN_KEY_PATH,
  loginHistoryQuerySchema,
  loginHistorySchema,
  loginRequestSchema,
  loginResultSchema,
  ok,
  rememberLoginSchema,
  rsaKeySchema,
  sendLoginVerificationSchema,
  smsSendSchema,
  smsSentSchema,
  verifyLoginRequestSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { clientContext } from '../../platform/client-context';
import { ok as envelope } from '../../platform/envelope';
import type { PayloadKeyService } from './payload-key.service';
import type { SessionService } from './session.service';

export async function sessionRoutes(
  app: FastifyInstance,
  opts: {
    payloadKeys: PayloadKeyService;
    sessions: SessionService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sessions } = opts;
  const tags = ['session'];

  r.get(
    MODERN_KEY_PATH,
    {
      schema: {
        summary: 'Public key of the modern payload scheme (RSA-OAEP + AES-GCM)',
        tags,
        response: { 200: ok(rsaKeySchema) },
      },
    },
    async () => envelope(await opts.payloadKeys.publicKey()),
  );

  // The legacy scheme's key as its clients read it: the bare text of the modulus in hex (e = 65537).
  r.get(
    '/wps/session/key/rsa',
    {
      schema: {
        summary: 'Legacy payload scheme: the RSA public modulus as plain hex text (brands with legacy on)',
        tags,
        querystring: z.object({ t: z.string().max(20).optional() }),
      },
    },
    async (req, reply) => {
      if (!req.brand.legacyCrypto) throw new AppError('system.feature.disabled');
      const hex = await opts.payloadKeys.legacyModulusHex();
      // Keys rotate: a cached copy would seal with a key no longer accepted.
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(hex);
    },
  );

  r.post(
    '/wps/session/login',
    {
      config: { encrypted: true },
      schema: {
        summary: 'Log in by username and password, or by mobile number and SMS code (encrypted)',
        tags,
        body: loginRequestSchema,
        response: { 200: ok(loginResultSchema) },
      },
    },
    async (req) => envelope(await sessions.login(req.brand, req.body, clientContext(req))),
  );

  r.post(
    '/wps/session/login/verify',
    {
      config: { encrypted: true },
      schema: {
        summary: 'Second step of a login from a new IP (encrypted)',
        tags,
        body: verifyLoginRequestSchema,
        response: { 200: ok(loginResultSchema) },
      },
    },
    async (req) => envelope(await sessions.verifyPending(req.brand, req.body, clientContext(req))),
  );

  r.post(
    '/wps/session/login/verify/send',
    { schema: { tags, body: sendLoginVerificationSchema, response: { 200: ok(smsSentSchema) } } },
    async (req) => envelope(await sessions.sendPendingCode(req.brand, req.body, clientContext(req))),
  );

  r.post(
    '/wps/session/login/remember',
    {
      schema: {
        summary: 'Exchange a remember token for a session (the token rotates)',
        tags,
        body: rememberLoginSchema,
        response: { 200: ok(loginResultSchema) },
      },
    },
    async (req) =>
      envelope(await sessions.loginWithRemember(req.brand, req.body.rememberToken, clientContext(req))),
  );

  r.post(
    '/wps/session/login/freeplay',
    {
      config: { encrypted: true },
      schema: {
        summary: 'Free play: a trial account (isAgent 4) with play money',
        tags,
        body: freePlayRequestSchema,
        response: { 200: ok(loginResultSchema) },
      },
    },
    async (req) => envelope(await sessions.freePlay(req.brand, clientContext(req))),
  );

  // Real clients disagree on the verb: both are accepted.
  for (const method of ['DELETE', 'POST'] as const) {
    r.route({
      method,
      url: '/wps/session/logout',
      config: { auth: 'member', beforePasswordChange: true },
      schema: { tags, response: { 200: ok(z.null()) } },
      handler: async (req) => {
        const body = req.body as { rememberToken?: unknown } | undefined;
        const remember = typeof body?.rememberToken === 'string' ? body.rememberToken : undefined;
        await sessions.logout(req.member!, remember);
        return envelope(null);
      },
    });
  }

  r.post(
    '/wps/session/logout/others',
    { config: { auth: 'member' }, schema: { tags, response: { 200: ok(z.null()) } } },
    async (req) => {
      await sessions.logoutOthers(req.member!);
      return envelope(null);
    },
  );

  r.get(
    '/wps/member/loginHistory',
    {
      config: { auth: 'real' },
      schema: { tags, querystring: loginHistoryQuerySchema, response: { 200: ok(loginHistorySchema) } },
    },
    async (req) =>
      envelope(await sessions.history(req.member!.memberId, req.query.pageNo, req.query.pageSize)),
  );

  r.post(
    '/wps/verification/sms/noLogin',
    {
      schema: {
        summary: 'SMS code for logging in (or, with purpose reset, for a forgotten password)',
        tags,
        body: smsSendSchema,
        response: { 200: ok(smsSentSchema) },
      },
    },
    async (req) => envelope(await sessions.sendNoLoginCode(req.brand, req.body, clientContext(req))),
  );

  r.post(
    '/wps/verification/sms/register',
    {
      schema: {
        summary: 'SMS code for registration',
        tags,
        body: smsSendSchema,
        response: { 200: ok(smsSentSchema) },
      },
    },
    async (req) => envelope(await sessions.sendRegisterCode(req.brand, req.body, req.ip, req.lang)),
  );
}
