import { SESSION_KEYS, type MemberInfo } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { session } from '../../../lib/storage';

/** The member's info; its label (the VIP level's name) is kept in session storage (SPEC section 3). */
async function getMemberInfo(): Promise<MemberInfo> {
  const info = await api.get<MemberInfo>('/wps/member/info');
  session.set(SESSION_KEYS.memberLabel, info.memberLabel[0]?.labelName ?? '');
  return info;
}

/**
 * Keyed by the member (['member', 'info', customerId], as the security centre keys it), so a
 * new login never shows the previous member's data. Not refetched on focus.
 */
const memberInfoQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: ['member', 'info', customerId],
    queryFn: getMemberInfo,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });

/** The logged-in member's info; idle without a session. */
export function useMemberInfo() {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  return useQuery({ ...memberInfoQueryOptions(customerId), enabled: !!token });
}
