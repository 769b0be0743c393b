import { PROMO_CALLS, type PromotionCounts } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { PROMO_ROOT, relay } from './keys';

/** SPEC section 3's promotion counts (zeros for a visitor). */
const getPromoCounts = () => api.get<PromotionCounts>(relay(PROMO_CALLS.counts));

const promoCountsQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: [PROMO_ROOT, 'counts', customerId],
    queryFn: getPromoCounts,
    staleTime: 30_000,
  });

export const usePromoCounts = () => {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  return useQuery({ ...promoCountsQueryOptions(customerId), enabled: !!token });
};
