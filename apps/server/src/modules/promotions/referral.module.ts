import type { FastifyInstance } from 'fastify';
import type { EngagementDeps } from '../../engagement';
import { ReferralRepository } from './referral.repository';
import { referralRoutes } from './referral.routes';
import { ReferralService } from './referral.service';

/** The referral programme (invite friends): its calls, and its rewards as a reward-centre source. */
export async function registerReferral(
  app: FastifyInstance,
  deps: EngagementDeps,
): Promise<{ referral: ReferralService }> {
  const referral = new ReferralService(new ReferralRepository(deps.db), deps.bonus);
  deps.rewardSources.push(referral);
  await app.register(referralRoutes, { referral });
  return { referral };
}
