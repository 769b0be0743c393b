import type { WalletBalance } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { balanceKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** Total, main, on hold and every vendor wallet (trial accounts: their play money). */
const getBalance = () => api.get<WalletBalance>('/wps/v2/wallets/balance');

const balanceQueryOptions = (customerId: number | null) =>
  queryOptions({ queryKey: balanceKey(customerId), queryFn: getBalance, staleTime: 15_000 });

/** The logged-in member's balance; idle without a session. */
export function useBalance() {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  return useQuery({ ...balanceQueryOptions(customerId), enabled: !!token });
}
