import {
  type ConsolidatedFunds,
  type Contract,
  type ContractKind,
  type ContractProcessRequest,
  type MyContracts,
  type Statement,
  type TeamMembers,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DayRange } from '../../../lib/days';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { isAgentType } from '../agent-menu';
import { CONTRACT_CALLS } from '../contract-rules';
import { AGENT_ROOT } from './keys';

/**
 * The consolidated contract flags (SPEC section 3). The same key (and answer) as the wallet
 * feature's funds summary, so both share one request and a contract answer refreshes both.
 */
const contractFlagsQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.wallet, 'funds', customerId],
    queryFn: () => api.get<ConsolidatedFunds>('/wps/member/info/funds/consolidated'),
    staleTime: 15_000,
    enabled: customerId !== null,
  });

export const useContractFlags = () => useQuery(contractFlagsQueryOptions(useSession((s) => s.customerId)));

/** The caller's contracts of a kind: offered to downlines (asUpline) and held (asDownline). */
const getMyContracts = (kind: ContractKind) => api.get<MyContracts>('/wps/agent/contracts', { kind });

const myContractsQueryOptions = (customerId: number | null, kind: ContractKind) =>
  queryOptions({
    queryKey: [AGENT_ROOT, 'contracts', customerId, kind],
    queryFn: () => getMyContracts(kind),
    staleTime: 10_000,
  });

export const useMyContracts = (kind: ContractKind) =>
  useQuery(
    myContractsQueryOptions(
      useSession((s) => s.customerId),
      kind,
    ),
  );

interface StatementQuery extends DayRange {
  kind: ContractKind;
  side: 'IN' | 'OUT';
  pageNo: number;
  pageSize: number;
}

/** Settlement lines paid to the caller (IN) or by it to its downlines (OUT). */
const getStatements = (q: StatementQuery) => api.get<Statement>('/wps/agent/contracts/statements', { ...q });

const statementsQueryOptions = (customerId: number | null, q: StatementQuery) =>
  queryOptions({
    queryKey: [AGENT_ROOT, 'statements', customerId, q],
    queryFn: () => getStatements(q),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useStatements = (q: StatementQuery) =>
  useQuery(
    statementsQueryOptions(
      useSession((s) => s.customerId),
      q,
    ),
  );

/** The direct downlines that are agents: the only members a contract may be offered to. */
const getDirectAgents = async () => {
  const page = await api.get<TeamMembers>('/wps/agent/team/members', { pageNo: 1, pageSize: 100, level: 1 });
  return page.list.filter((m) => isAgentType(m.isAgent));
};

export function useDirectAgents(enabled = true) {
  const customerId = useSession((s) => s.customerId);
  return useQuery({
    queryKey: [AGENT_ROOT, 'directAgents', customerId],
    queryFn: getDirectAgents,
    staleTime: 30_000,
    enabled,
  });
}

/** One of the SPEC section 7 calls: OFFER, ACCEPT, REJECT or TERMINATE a contract of `kind`. */
const processContract = (kind: ContractKind, body: ContractProcessRequest) =>
  api.post<Contract>(`/wps/relay/${CONTRACT_CALLS[kind]}`, body);

/** Any answer changes the contracts, the flags (menu badges) and, later, the statements. */
export function useProcessContract(kind: ContractKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractProcessRequest) => processContract(kind, body),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [AGENT_ROOT, 'contracts'] }),
        qc.invalidateQueries({ queryKey: [QUERY_ROOTS.wallet, 'funds'] }),
      ]),
  });
}
