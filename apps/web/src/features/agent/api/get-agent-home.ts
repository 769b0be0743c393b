import type { AgentHome } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { AGENT_ROOT } from './keys';

/** The agent home (/agentHome): account, invitation code, upline, team size, balance. */
const getAgentHome = () => api.get<AgentHome>('/wps/agent/home');

const agentHomeQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [AGENT_ROOT, 'home', customerId],
    queryFn: getAgentHome,
    staleTime: 15_000,
  });

export const useAgentHome = () => useQuery(agentHomeQueryOptions(useSession((s) => s.customerId)));
