import {
  exclusionInputSchema,
  exclusionSchema,
  limitChoiceSchema,
  limitInputSchema,
  ok,
  protectionEventSchema,
  protectionSessionSchema,
  protectionSignupSchema,
  protectionStateSchema,
  realityAnswerInputSchema,
  realityIntervalInputSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import type { ProtectionService } from './protection.service';

const tags = ['protection'];

/**
 * The member centre's responsible-gaming calls. Real accounts only (trial accounts play with
 * play money); open during an exclusion: a member on a break must still see and end it.
 */
export async function protectionRoutes(app: FastifyInstance, opts: { protection: ProtectionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { protection } = opts;
  const state = { 200: ok(protectionStateSchema) };

  r.get(
    '/wps/member/protection',
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'Limits, the break in force and the brand’s rules', response: state },
    },
    async (req) => envelope(await protection.state(req.brand, req.member!.memberId)),
  );
  r.put(
    '/wps/member/protection/limits',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary:
          'Sets a limit (null removes): tighter at once, looser after the cooling-off and a confirmation',
        body: limitInputSchema,
        response: {
          200: ok(
            z.object({ effect: z.enum(['NOW', 'PENDING', 'UNCHANGED']), state: protectionStateSchema }),
          ),
        },
      },
    },
    async (req) => {
      const { effect } = await protection.setLimit(req.brand, req.member!.memberId, req.body);
      return envelope({ effect, state: await protection.state(req.brand, req.member!.memberId) });
    },
  );
  r.post(
    '/wps/member/protection/limits/confirm',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Confirms a waiting loosening after its cooling-off',
        body: limitChoiceSchema,
        response: state,
      },
    },
    async (req) => {
      await protection.confirm(req.brand, req.member!.memberId, req.body.kind, req.body.period);
      return envelope(await protection.state(req.brand, req.member!.memberId));
    },
  );
  r.post(
    '/wps/member/protection/limits/cancel',
    {
      config: { auth: 'real' },
      schema: { tags, summary: 'Drops a waiting loosening', body: limitChoiceSchema, response: state },
    },
    async (req) => {
      await protection.cancel(req.brand, req.member!.memberId, req.body.kind, req.body.period);
      return envelope(await protection.state(req.brand, req.member!.memberId));
    },
  );
  r.post(
    '/wps/member/protection/exclusion',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Starts a time-out or a self-exclusion (a break in force can only be lengthened)',
        body: exclusionInputSchema,
        response: { 200: ok(exclusionSchema) },
      },
    },
    async (req) => envelope(await protection.exclude(req.brand, req.member!.memberId, req.body)),
  );
  r.post(
    '/wps/member/protection/exclusion/return',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Asks to return once the break is over; allowed after the cooling-off',
        response: { 200: ok(exclusionSchema.nullable()) },
      },
    },
    async (req) => envelope(await protection.requestReturn(req.brand, req.member!.memberId)),
  );
  r.get(
    '/wps/member/protection/history',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Every change to the member’s limits and breaks, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: ok(z.array(protectionEventSchema)) },
      },
    },
    async (req) =>
      envelope(await protection.history(req.member!.memberId, req.query.page, req.query.pageSize)),
  );
  r.get(
    '/wps/member/protection/session',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'This session for a reality check: time played, stakes, payouts, the limits in force',
        response: { 200: ok(protectionSessionSchema) },
      },
    },
    async (req) => envelope(await protection.session(req.brand, req.member!.memberId)),
  );
  r.put(
    '/wps/member/protection/reality-check',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Sets the reality-check interval (5 to 240 minutes; null: the brand default)',
        body: realityIntervalInputSchema,
        response: { 200: ok(protectionSessionSchema) },
      },
    },
    async (req) => {
      await protection.setRealityInterval(req.brand, req.member!.memberId, req.body.minutes);
      return envelope(await protection.session(req.brand, req.member!.memberId));
    },
  );
  r.post(
    '/wps/member/protection/reality-check',
    {
      config: { auth: 'real' },
      schema: {
        tags,
        summary: 'Records a reality check shown and the member’s answer (continue or log out)',
        body: realityAnswerInputSchema,
        response: { 200: ok(z.null()) },
      },
    },
    async (req) => {
      await protection.answerRealityCheck(req.brand, req.member!.memberId, req.body.choice);
      return envelope(null);
    },
  );
  r.get(
    '/wps/system/protection',
    {
      schema: {
        tags,
        summary: 'What the sign-up form asks for protection: the date of birth, the minimum age',
        response: { 200: ok(protectionSignupSchema) },
      },
    },
    async (req) => envelope(await protection.signup(req.brand)),
  );
}
