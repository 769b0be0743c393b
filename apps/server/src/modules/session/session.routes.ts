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
import { ok as envelope, sendFailure } from '../../platform/envelope';
import { isLoopback } from '../../platform/loopback';
import type { CaptchaService } from './captcha.service';
import type { PayloadKeyService } from './payload-key.service';
import type { SessionService } from './session.service';
import type { VerificationService } from './verification.service';

export async function sessionRoutes(
  app: FastifyInstance,
  opts: {
    payloadKeys: PayloadKeyService;
    sessions: SessionService;
    captcha: CaptchaService;
    codes: VerificationService;
    /** Serve the dev outbox (config.DEV_ROUTES, never in production). */
    devOutbox: boolean;
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

  r.get(
    '/wps/captcha',
    {
      schema: {
        summary: 'Captcha image (base64 PNG), bound to the caller',
        tags,
        response: { 200: ok(z.string()) },
      },
    },
    async (req) => envelope(await opts.captcha.issue(req.brand.code, req.ip)),
  );

  // Brands that use GeeTest give its captcha id; for the others this is a clear refusal, not a 404.
  r.get(
    '/wps/captcha/geetest',
    {
      schema: {
        summary: 'The brand’s GeeTest captcha id (value.gt); system.feature.disabled where it has none',
        tags,
        querystring: z.object({ product: z.string().max(40).optional(), t: z.string().max(20).optional() }),
        response: { 200: ok(z.object({ gt: z.string() })) },
      },
    },
    async (req) => {
      if (!req.brand.geetestId) throw new AppError('system.feature.disabled');
      return envelope({ gt: req.brand.geetestId });
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
    async (req) => envelope(await sessions.sendRegisterCode(req.brand, req.body, req.ip)),
  );

  // WARNING: development only. Without DEV_ROUTES the route does not exist at all, and even with it
  // it answers only a client on this machine: the socket's address, never X-Forwarded-For, which a
  // trusted proxy would pass on from anyone.
  if (opts.devOutbox) {
    r.get(
      '/wps/dev/outbox',
      {
        schema: {
          summary: 'Development: SMS and e-mail messages that would have been sent',
          tags: ['development'],
          querystring: z.object({ target: z.string().max(120).optional() }),
          response: {
            200: ok(
              z.array(
                z.object({
                  channel: z.string(),
                  target: z.string(),
                  body: z.string(),
                  createdTime: z.string(),
                }),
              ),
            ),
          },
        },
      },
      async (req, reply) => {
        if (!isLoopback(req.socket.remoteAddress)) return sendFailure(req, reply, 'system.not.found', 404);
        const rows = await opts.codes.outbox(req.brand.code, req.query.target);
        return envelope(
          rows.map((m) => ({
            channel: m.channel,
            target: m.target,
            body: m.body,
            createdTime: m.created_at.toISOString(),
          })),
        );
      },
    );
  }
}
