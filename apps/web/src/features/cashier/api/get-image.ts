import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { QUERY_ROOTS } from '../../../lib/query-keys';

/** An uploaded image: it needs the Authorization header, so it is fetched as a Blob. */
const getImage = (id: string) => api.blob(`/wps/cashier/images/${encodeURIComponent(id)}`);

/**
 * The blob as a data: URL. Unlike an object URL it needs no revoking, so the cache may keep it
 * and drop it like any other answer (the images are small receipts, shown as thumbnails).
 */
function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('image read failed'));
    reader.readAsDataURL(blob);
  });
}

const imageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [QUERY_ROOTS.cashier, 'image', id],
    queryFn: async () => toDataUrl(await getImage(id)),
    // An uploaded image never changes.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });

export const useImage = (id: string) => useQuery(imageQueryOptions(id));
