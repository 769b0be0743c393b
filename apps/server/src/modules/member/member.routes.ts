import {
  playerAvatarSchema,
  affiliateCheckSchema,
  affiliateQuerySchema,
  forgotByEmailSchema,
  memberLanguageSchema,
  memberLanguageResultSchema,
  memberInfoSchema,
  mobileChangeSchema,
  ok,
  paymentPasswordSchema,
  profileUpdateSchema,
  smsSendSchema,
  smsSentSchema,
  totpCodeSchema,
  totpSetupSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { ok as envelope } from '../../platform/envelope';
import { initialAvatar } from './avatar';
import type { ProfileService } from './profile.service';
import type { RegistrationService } from './registration.service';
import type { SecondFactorService } from './second-factor.service';

/**
 * The member's account calls. Those that start or end sessions (sign-up, reset by mobile, password
 * change) are the session module's routes: sessions sit above members.
 */
export async function memberRoutes(
  app: FastifyInstance,
  opts: { registration: RegistrationService; profile: ProfileService; secondFactor: SecondFactorService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { registration, profile, secondFactor } = opts;
  const tags = ['member'];
  const done = envelope(null);
  const nothing = { 200: ok(z.null()) };

  r.get(
    '/wps/agent/affiliate',
    {
      schema: {
        summary: 'Whether an affiliate (invitation) code belongs to an agent of this brand',
        tags: ['agent'],
        querystring: affiliateQuerySchema,
        response: { 200: ok(affiliateCheckSchema) },
      },
    },
    async (req) => envelope(await registration.checkAffiliate(req.brand, req.query.code)),
  );

  r.get(
    '/wps/member/info',
    {
      config: { auth: 'member', beforePasswordChange: true },
      schema: { tags, response: { 200: ok(memberInfoSchema) } },
    },
    async (req) => envelope(await profile.info(req.member!.memberId, req.lang)),
  );

  r.get(
    '/wps/member/info/icon',
    {
      config: { auth: 'member', beforePasswordChange: true },
      schema: {
        summary: 'Avatar (an initial on a colour of the account)',
        tags,
        response: { 200: ok(z.object({ icon: z.string() })) },
      },
    },
    async (req) => envelope({ icon: initialAvatar(req.member!.username) }),
  );

  r.get(
    '/wps/relay/MCSFE_getPlayerAvatar',
    {
      config: { auth: 'member' },
      schema: {
        summary: 'The player’s avatar and nickname (winner board, game pages)',
        tags,
        response: { 200: ok(playerAvatarSchema) },
      },
    },
    async (req) => {
      const info = await profile.info(req.member!.memberId);
      return envelope({ avatar: initialAvatar(info.account), nickname: info.nickname });
    },
  );

  r.post(
    '/wps/member/password/email',
    {
      config: { formBody: true },
      schema: {
        summary: 'Forgot password: a temporary password by e-mail',
        tags,
        body: forgotByEmailSchema,
        response: nothing,
      },
    },
    async (req) => {
      await profile.forgotByEmail(req.brand, req.body.username, req.body.email, req.ip, req.lang);
      return done;
    },
  );

  r.put(
    '/wps/member/language',
    {
      config: { auth: 'member' },
      schema: {
        summary: "The language update call: the member's language for SMS, e-mail and the inbox",
        tags,
        body: memberLanguageSchema,
        response: { 200: ok(memberLanguageResultSchema) },
      },
    },
    async (req) => envelope(await profile.setLanguage(req.brand, req.member!.memberId, req.body.language)),
  );

  r.put(
    '/wps/member/profile',
    { config: { auth: 'real' }, schema: { tags, body: profileUpdateSchema, response: nothing } },
    async (req) => {
      await profile.updateProfile(req.brand, req.member!.memberId, req.body);
      return done;
    },
  );

  r.post(
    '/wps/member/mobile/code',
    { config: { auth: 'real' }, schema: { tags, body: smsSendSchema, response: { 200: ok(smsSentSchema) } } },
    async (req) => {
      const mobile = req.body.mobileNum ?? req.body.mobileNo;
      if (!mobile)
        throw new AppError('request.invalid', { fields: [{ field: 'mobileNum', message: 'required' }] });
      return envelope(
        await profile.sendMobileCode(
          req.brand,
          req.member!.memberId,
          req.body.countryDialingCode,
          mobile,
          req.ip,
          req.lang,
        ),
      );
    },
  );

  r.put(
    '/wps/member/mobile',
    { config: { auth: 'real' }, schema: { tags, body: mobileChangeSchema, response: nothing } },
    async (req) => {
      await profile.changeMobile(req.brand, req.member!.memberId, req.body);
      return done;
    },
  );

  r.post(
    '/wps/member/password/payment',
    {
      config: { encrypted: true, auth: 'real' },
      schema: { tags, body: paymentPasswordSchema, response: nothing },
    },
    async (req) => {
      await profile.setPaymentPassword(req.member!.memberId, req.body);
      return done;
    },
  );

  r.post(
    '/wps/member/totp/setup',
    { config: { auth: 'real' }, schema: { tags, response: { 200: ok(totpSetupSchema) } } },
    async (req) => envelope(await secondFactor.totpSetup(req.brand, req.member!.memberId)),
  );

  r.post(
    '/wps/member/totp/enable',
    { config: { auth: 'real' }, schema: { tags, body: totpCodeSchema, response: nothing } },
    async (req) => {
      await secondFactor.totpEnable(req.brand, req.member!.memberId, req.body.code);
      return done;
    },
  );

  r.post(
    '/wps/member/totp/disable',
    { config: { auth: 'real' }, schema: { tags, body: totpCodeSchema, response: nothing } },
    async (req) => {
      await secondFactor.totpDisable(req.brand, req.member!.memberId, req.body.code, req.body.password ?? '');
      return done;
    },
  );
}
