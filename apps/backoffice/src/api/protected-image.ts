import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from './client';

/**
 * An image only staff may see (a receipt, a KYC document, a chat image), fetched with the staff
 * session: a plain <img src> would carry neither the brand header nor the permission check. Answers
 * the query and a blob URL for it, revoked when the image changes or the component goes.
 */
export function useProtectedImage(path: string | null) {
  const image = useQuery({
    queryKey: ['bo', path],
    queryFn: () => api.blob(path!),
    staleTime: Infinity,
    enabled: path !== null,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const u = URL.createObjectURL(image.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [image.data]);
  return { image, url };
}
