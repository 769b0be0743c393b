import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whether an affiliate (invitation) code from the URL belongs to an agent of this brand. */
const checkAffiliate = (code: string, domain: string) =>
  api.get<{ valid: boolean }>('/wps/agent/affiliate', { code, domain });

const affiliateQueryOptions = (code: string, domain: string) =>
  queryOptions({
    queryKey: ['member', 'affiliate', code, domain],
    queryFn: () => checkAffiliate(code, domain),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Idle when the URL has no code. */
export const useAffiliateCheck = (code: string | null) =>
  useQuery({ ...affiliateQueryOptions(code ?? '', window.location.hostname), enabled: !!code });
