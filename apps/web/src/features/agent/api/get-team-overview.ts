import type { TeamOverview } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DayRange } from '../../../lib/days';
import { useSession } from '../../../lib/session';
import { AGENT_ROOT } from './keys';

/** The whole team's figures for a period: members, active members, deposits, withdrawals, turnover, profit. */
const getTeamOverview = (range: DayRange) =>
  api.get<TeamOverview>('/wps/agent/team/overview', { startTime: range.startTime, endTime: range.endTime });

const teamOverviewQueryOptions = (customerId: number | null, range: DayRange) =>
  queryOptions({
    queryKey: [AGENT_ROOT, 'overview', customerId, range.startTime, range.endTime],
    queryFn: () => getTeamOverview(range),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useTeamOverview = (range: DayRange) =>
  useQuery(
    teamOverviewQueryOptions(
      useSession((s) => s.customerId),
      range,
    ),
  );
