import type { PaymentChannel } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { QUERY_ROOTS } from '../../../lib/query-keys';

interface PaymentChannels {
  channels: PaymentChannel[];
  currencySymbol: string;
}

const getChannels = () => api.get<PaymentChannels>('/wps/cashier/channels');

/**
 * Keyed by language: channel names are translated by the server. Kept only briefly: staff switch
 * channels and limits in the back office and a member opening the deposit page sees it at once.
 */
const channelsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.cashier, 'channels', lang],
    queryFn: getChannels,
    staleTime: 5_000,
  });

export const useChannels = () => useQuery(channelsQueryOptions(useApiLanguage()));
