import type { RoundDetails } from '@app/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** The brand's vendors whose bets the vendor shows again (round details): fixed per brand. */
const roundDetailsVendorsOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.records, 'round-details-vendors', customerId],
    queryFn: () => api.get<string[]>('/wps/game/roundDetails/vendors'),
    staleTime: 10 * 60_000,
  });

export const useRoundDetailsVendors = () =>
  useQuery(roundDetailsVendorsOptions(useSession((s) => s.customerId)));

/** Where the vendor shows one of the member's own bets (asked when the member wants it). */
export const useRoundDetails = () =>
  useMutation({
    mutationFn: (q: { vendor: string; roundId: string }) =>
      api.get<RoundDetails>('/wps/game/roundDetails', q),
  });
