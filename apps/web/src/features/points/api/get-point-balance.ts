import type { PointBalance } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isTrial, useSession } from '../../../lib/session';
import { POINTS_ROOT } from './keys';

/** The member's points and how many goods redemptions wait for an operator. */
const getPointBalance = () => api.get<PointBalance>('/wps/points/getPointBalance');

const pointBalanceQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [POINTS_ROOT, 'balance', customerId],
    queryFn: getPointBalance,
    staleTime: 15_000,
  });

/** Only for a real member's session: visitors and trial accounts have no points. */
export function usePointBalance() {
  const customerId = useSession((s) => s.customerId);
  const enabled = useSession((s) => !!s.token && !isTrial(s));
  return useQuery({ ...pointBalanceQueryOptions(customerId), enabled });
}
