import type { PaymentChannel } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { QUERY_ROOTS } from '../../../lib/query-keys';

export interface PaymentChannels {
  channels: PaymentChannel[];
  currencySymbol: string;
}

export const getChannels = () => api.get<PaymentChannels>('/wps/cashier/channels');

/** Keyed by language: channel names are translated by the server. */
export const channelsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.cashier, 'channels', lang],
    queryFn: getChannels,
    staleTime: 60_000,
  });

export const useChannels = () => useQuery(channelsQueryOptions(useApiLanguage()));
