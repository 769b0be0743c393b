import type {
  Exclusion,
  ExclusionInput,
  LimitInput,
  ProtectionEvent,
  ProtectionLimitKind,
  ProtectionSession,
  ProtectionState,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The root of every protection query: any change refreshes the state and the history. */
const ROOT = 'protection';
type Period = 'D' | 'W' | 'M' | 'S';

export const useProtection = () =>
  useQuery({
    queryKey: [ROOT, 'state', useSession((s) => s.customerId)],
    queryFn: () => api.get<ProtectionState>('/wps/member/protection'),
    // A waiting change becomes confirmable with time: the page follows.
    refetchInterval: 60_000,
  });

export const useProtectionHistory = () =>
  useQuery({
    queryKey: [ROOT, 'history', useSession((s) => s.customerId)],
    queryFn: () => api.get<ProtectionEvent[]>('/wps/member/protection/history', { pageSize: 20 }),
  });

function useProtectionMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: [ROOT] }) });
}

export const useSetLimit = () =>
  useProtectionMutation((input: LimitInput) =>
    api.put<{ effect: 'NOW' | 'PENDING' | 'UNCHANGED'; state: ProtectionState }>(
      '/wps/member/protection/limits',
      input,
    ),
  );

export const usePendingChange = () =>
  useProtectionMutation(
    (input: { kind: ProtectionLimitKind; period: Period; action: 'confirm' | 'cancel' }) =>
      api.post<ProtectionState>(`/wps/member/protection/limits/${input.action}`, {
        kind: input.kind,
        period: input.period,
      }),
  );

export const useExclude = () =>
  useProtectionMutation((input: ExclusionInput) =>
    api.post<Exclusion>('/wps/member/protection/exclusion', input),
  );

export const useRequestReturn = () =>
  useProtectionMutation(() => api.post<Exclusion | null>('/wps/member/protection/exclusion/return'));

/** This session as reality checks and the break banner show it; refreshed every minute. */
export const useProtectionSession = (enabled: boolean) =>
  useQuery({
    queryKey: [ROOT, 'session', useSession((s) => s.customerId)],
    queryFn: () => api.get<ProtectionSession>('/wps/member/protection/session'),
    enabled,
    refetchInterval: 60_000,
  });

/** A reality check answered: kept by the server with the numbers shown. */
export const useAnswerRealityCheck = () =>
  useMutation({
    mutationFn: (choice: 'CONTINUE' | 'LOGOUT') =>
      api.post<null>('/wps/member/protection/reality-check', { choice }),
  });

export const useSetRealityInterval = () =>
  useProtectionMutation((minutes: number | null) =>
    api.put<ProtectionSession>('/wps/member/protection/reality-check', { minutes }),
  );
