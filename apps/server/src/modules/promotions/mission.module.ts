import type { FastifyInstance } from 'fastify';
import type { EngagementDeps } from '../../engagement';
import { MissionRepository } from './mission.repository';
import { missionRoutes } from './mission.routes';
import { MissionService } from './mission.service';
import { rewardCentreRoutes } from './reward-centre.routes';
import { RewardCentreService } from './reward-centre.service';

/**
 * Missions, the mission leaderboard and the reward centre. Registered last: the reward
 * centre lists every source in deps.rewardSources (promotions, rebates, referral, and the MISSION
 * source added here). Missions have no job: progress is counted when asked for, and a claim pays.
 */
export async function registerMissions(app: FastifyInstance, deps: EngagementDeps): Promise<void> {
  const missions = new MissionService(new MissionRepository(deps.db), {
    betStats: deps.betStats,
    bonus: deps.bonus,
    members: deps.memberDirectory,
  });
  deps.rewardSources.push(missions.rewardSource);
  const centre = new RewardCentreService(deps.rewardSources, (context, message) =>
    app.log.warn(context, message),
  );
  await app.register(missionRoutes, { missions });
  await app.register(rewardCentreRoutes, { centre });
}
