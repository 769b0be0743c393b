import type { TeamBetting, TeamProfit } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DayRange } from '../../../lib/days';
import { useSession } from '../../../lib/session';
import { AGENT_ROOT } from './keys';

interface TeamReportQuery extends DayRange {
  pageNo: number;
  pageSize: number;
  username?: string | undefined;
}

/** Team betting: bets placed in the period per downline, with sums over every row. */
const getTeamBetting = (q: TeamReportQuery) => api.get<TeamBetting>('/wps/agent/team/betting', { ...q });
/** User profit and loss: deposits, withdrawals, bonuses and settled bets per downline. */
const getTeamProfit = (q: TeamReportQuery) => api.get<TeamProfit>('/wps/agent/team/profit', { ...q });

const teamBettingQueryOptions = (customerId: number | null, q: TeamReportQuery) =>
  queryOptions({
    queryKey: [AGENT_ROOT, 'betting', customerId, q],
    queryFn: () => getTeamBetting(q),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

const teamProfitQueryOptions = (customerId: number | null, q: TeamReportQuery) =>
  queryOptions({
    queryKey: [AGENT_ROOT, 'profit', customerId, q],
    queryFn: () => getTeamProfit(q),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useTeamBetting = (q: TeamReportQuery) =>
  useQuery(
    teamBettingQueryOptions(
      useSession((s) => s.customerId),
      q,
    ),
  );
export const useTeamProfit = (q: TeamReportQuery) =>
  useQuery(
    teamProfitQueryOptions(
      useSession((s) => s.customerId),
      q,
    ),
  );
