import {
  changePasswordSchema,
  loginResultSchema,
  ok,
  registerRequestSchema,
  resetByMobileSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientContext } from '../../platform/client-context';
import { ok as envelope } from '../../platform/envelope';
import type { AccountSessionService } from './account-sessions.service';

/** The member calls that start or end sessions: sign-up, reset by mobile, password change. */
export async function accountSessionRoutes(app: FastifyInstance, opts: { accounts: AccountSessionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts } = opts;
  // Member calls, listed with the member's in the API document.
  const tags = ['member'];
  const done = envelope(null);
  const nothing = { 200: ok(z.null()) };

  for (const [url, mode] of [
    ['/wps/member/register', 'username'],
    ['/wps/member/register/mobile', 'mobile'],
  ] as const) {
    r.put(
      url,
      {
        config: { encrypted: true },
        schema: {
          summary: `Register by ${mode} (encrypted); the new member is logged in`,
          tags,
          body: registerRequestSchema,
          response: { 200: ok(loginResultSchema) },
        },
      },
      async (req) => envelope(await accounts.register(req.brand, req.body, clientContext(req), mode)),
    );
  }

  r.post(
    '/wps/member/password',
    {
      config: { encrypted: true, auth: 'real', beforePasswordChange: true },
      schema: { tags, body: changePasswordSchema, response: nothing },
    },
    async (req) => {
      await accounts.changePassword(req.brand, req.member!.memberId, req.body);
      return done;
    },
  );

  r.post(
    '/wps/member/password/verification',
    {
      config: { encrypted: true },
      schema: {
        summary: 'Forgot password by mobile: SMS code and new password; logs in',
        tags,
        body: resetByMobileSchema,
        response: { 200: ok(loginResultSchema) },
      },
    },
    async (req) => envelope(await accounts.resetByMobile(req.brand, req.body, clientContext(req))),
  );
}
