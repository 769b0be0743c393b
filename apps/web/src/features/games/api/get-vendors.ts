import { DEFAULT_VENDOR_PLATFORM, type Language, type VendorCategory } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';

const getVendors = () =>
  api.get<VendorCategory[]>('/wps/relay/GCSGAME_newGameVendor', { platform: DEFAULT_VENDOR_PLATFORM });

/** Keyed by language: vendors are fetched again on a language change (SPEC section 7). */
export const vendorsQueryOptions = (lang: Language) =>
  queryOptions({ queryKey: ['games', 'vendors', lang], queryFn: getVendors, staleTime: 5 * 60_000 });

export const useVendors = () => useQuery(vendorsQueryOptions(useApiLanguage()));
