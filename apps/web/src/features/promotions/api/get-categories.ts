import { PROMO_CALLS, type Language, type PromotionCategories } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { PROMO_ROOT, relay } from './keys';

/** The brand's promotion categories, in the site language. */
const getCategories = () => api.get<PromotionCategories>(relay(PROMO_CALLS.categories));

/** Keyed by language: a language change fetches the names again. */
const categoriesQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: [PROMO_ROOT, 'categories', lang],
    queryFn: getCategories,
    staleTime: 5 * 60_000,
  });

export const useCategories = () => useQuery(categoriesQueryOptions(useApiLanguage()));
