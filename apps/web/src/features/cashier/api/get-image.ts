import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toDataUrl } from '../../../lib/data-url';
import { QUERY_ROOTS } from '../../../lib/query-keys';

/** An uploaded image: it needs the Authorization header, so it is fetched as a Blob. */
const getImage = (id: string) => api.blob(`/wps/cashier/images/${encodeURIComponent(id)}`);

const imageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.cashier, 'image', id],
    queryFn: async () => toDataUrl(await getImage(id)),
    // An uploaded image never changes.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });

export const useImage = (id: string) => useQuery(imageQueryOptions(id));
