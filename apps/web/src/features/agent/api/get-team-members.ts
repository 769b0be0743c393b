import type { TeamMembers } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { AGENT_ROOT } from './keys';

interface TeamMembersQuery {
  pageNo: number;
  pageSize: number;
  username?: string | undefined;
  level?: number | undefined;
  status?: 'ACTIVE' | 'DISABLED' | undefined;
}

/** Team management: the downline with level, status, balance and last login, paged. */
const getTeamMembers = (q: TeamMembersQuery) => api.get<TeamMembers>('/wps/agent/team/members', { ...q });

const teamMembersQueryOptions = (customerId: number | null, q: TeamMembersQuery) =>
  queryOptions({
    queryKey: [AGENT_ROOT, 'members', customerId, q],
    queryFn: () => getTeamMembers(q),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useTeamMembers = (q: TeamMembersQuery) =>
  useQuery(
    teamMembersQueryOptions(
      useSession((s) => s.customerId),
      q,
    ),
  );
