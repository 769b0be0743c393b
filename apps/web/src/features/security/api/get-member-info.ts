import type { MemberInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** Prefix of every member-info query: invalidate it after a change to the profile. */
export const MEMBER_INFO_KEY = ['member', 'info'] as const;

const getMemberInfo = () => api.get<MemberInfo>('/wps/member/info');

/** Keyed by the member, so another login never sees the previous member's data. */
const memberInfoQueryOptions = (customerId: number | null) =>
  queryOptions({ queryKey: [...MEMBER_INFO_KEY, customerId], queryFn: getMemberInfo, staleTime: 30_000 });

export const useMemberInfo = () => useQuery(memberInfoQueryOptions(useSession((s) => s.customerId)));
