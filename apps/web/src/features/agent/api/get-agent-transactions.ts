import type { AgentTransactions, AgentTransactionType } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DayRange } from '../../../lib/days';
import { useSession } from '../../../lib/session';
import { AGENT_ROOT } from './keys';

interface AgentTransactionQuery extends DayRange {
  pageNo: number;
  pageSize: number;
  type?: AgentTransactionType | undefined;
}

/** The agent's own lines: transfers to downlines and the upline, wages and dividends. */
const getAgentTransactions = (q: AgentTransactionQuery) =>
  api.get<AgentTransactions>('/wps/agent/transactions', { ...q });

const agentTransactionsQueryOptions = (customerId: number | null, q: AgentTransactionQuery) =>
  queryOptions({
    queryKey: [AGENT_ROOT, 'transactions', customerId, q],
    queryFn: () => getAgentTransactions(q),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useAgentTransactions = (q: AgentTransactionQuery) =>
  useQuery(
    agentTransactionsQueryOptions(
      useSession((s) => s.customerId),
      q,
    ),
  );
