import type { MissionLeaderboard } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** This week's mission leaderboard: the top 20 (masked) and my own standing (SPEC section 7). */
const getMissionLeaderboard = () => api.get<MissionLeaderboard>('/wps/relay/MCSFE_getMissionLeaderboard');

/** Under the rewards root: my claim moves me on the board. */
const missionLeaderboardQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.rewards, 'missions', 'leaderboard', customerId],
    queryFn: getMissionLeaderboard,
    staleTime: 30_000,
  });

export const useMissionLeaderboard = () =>
  useQuery(missionLeaderboardQueryOptions(useSession((s) => s.customerId)));
