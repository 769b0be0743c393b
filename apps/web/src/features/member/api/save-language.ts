import type { Language, MemberInfo } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * A logged-in member's choice in the language switcher, saved by the language call (so SMS, e-mail
 * and the inbox follow it) and put into the member's info, so useSavedLanguage sees it as the
 * saved one. Loaded on a choice, not with the first page. A failed save leaves the site switched;
 * the next choice saves again.
 */
export async function saveLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  const saved = await api.put<{ language: Language }>('/wps/member/language', { language }).catch(() => null);
  if (!saved) return;
  const { customerId } = useSession.getState();
  queryClient.setQueryData<MemberInfo>(['member', 'info', customerId], (info) =>
    info ? { ...info, language: saved.language } : info,
  );
}
