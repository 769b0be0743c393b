import {
  missionClaimSchema,
  missionLeaderboardSchema,
  missionSchema,
  missionSummaryDetailsSchema,
  ok,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { MissionService } from './mission.service';

/**
 * Missions: the two SPEC section 7 relay reads and the claim. Member-centre calls: a
 * real account's session (trial accounts are refused before anything else).
 */
export async function missionRoutes(app: FastifyInstance, opts: { missions: MissionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { missions } = opts;
  const tags = ['missions'];
  const config = { auth: 'real' } as const;

  r.get(
    '/wps/relay/MCSFE_getMissionSummaryDetails',
    {
      config,
      schema: {
        summary: 'My missions of the current day and week: progress, target, reward, state; and a summary',
        tags,
        response: { 200: ok(missionSummaryDetailsSchema) },
      },
    },
    async (req) => envelope(await missions.summary(req.brand, req.member!.memberId, req.lang)),
  );

  r.get(
    '/wps/relay/MCSFE_getMissionLeaderboard',
    {
      config,
      schema: {
        summary: 'This week’s mission leaderboard: the top 20 (masked) and my own standing',
        tags,
        response: { 200: ok(missionLeaderboardSchema) },
      },
    },
    async (req) =>
      envelope(await missions.leaderboard(req.brand, req.member!.memberId, req.member!.username)),
  );

  r.post(
    '/wps/mission/claim',
    {
      config,
      schema: {
        summary: 'Claim this period’s reward of a mission whose target is reached (once per period)',
        tags,
        body: missionClaimSchema,
        response: { 200: ok(missionSchema) },
      },
    },
    async (req) =>
      envelope(await missions.claim(req.brand, req.member!.memberId, req.body.missionId, req.lang)),
  );
}
