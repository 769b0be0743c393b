import type { Language, VipMe } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiLanguage } from '../../../lib/i18n';
import { isTrial, useSession } from '../../../lib/session';
import { VIP_ROOT } from './keys';

/** The member's level (evaluated by the server as it answers), lifetime figures and the next level. */
const getVipMe = () => api.get<VipMe>('/wps/vip/me');

const vipMeQueryOptions = (customerId: number | null, lang: Language) =>
  queryOptions({ queryKey: [VIP_ROOT, 'me', customerId, lang], queryFn: getVipMe, staleTime: 15_000 });

/** Idle without a session and for trial accounts (they have no level). */
export function useVipMe() {
  const customerId = useSession((s) => s.customerId);
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  return useQuery({ ...vipMeQueryOptions(customerId, useApiLanguage()), enabled: !!token && !trial });
}
