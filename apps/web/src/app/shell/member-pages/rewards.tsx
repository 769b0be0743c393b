import { MissionPage } from '../../../features/missions/components/mission-page';
import { RewardCentre } from '../../../features/rewards/components/reward-centre';
import { useGuard } from '../../../lib/use-guard';

/**
 * Member-centre pages of missions and the reward centre, with the session feature's
 * protected-action guard on their claims. Their texts (the `rewards` namespace) are loaded with
 * this chunk by member-centre.tsx.
 */
export function MissionLeaderboardPage() {
  return <MissionPage guard={useGuard()} />;
}

export function RewardCentrePage() {
  return <RewardCentre guard={useGuard()} />;
}
