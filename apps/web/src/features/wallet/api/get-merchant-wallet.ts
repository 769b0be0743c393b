import type { MerchantWallet } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';

/** Whether the brand runs one wallet for every game, or a wallet per transfer vendor. */
const getMerchantWallet = () => api.get<MerchantWallet>('/wps/relay/GCS_merchantWallet');

const merchantWalletQueryOptions = () =>
  queryOptions({
    queryKey: [QUERY_ROOTS.wallet, 'merchantWallet'],
    queryFn: getMerchantWallet,
    staleTime: 5 * 60_000,
  });

export const useMerchantWallet = () => useQuery(merchantWalletQueryOptions());
