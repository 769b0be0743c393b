import { parseLanguage, type Language, type MemberInfo } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brand';
import { changeLanguage, currentApiLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/**
 * The language switcher's choice: the site switches at once (its language-keyed queries refetch:
 * vendors, popular and hot games, announcements), and for a logged-in member the language call
 * saves it, so SMS, e-mail and the inbox follow. A failed save leaves the site switched; the next
 * choice saves again.
 */
export function useChooseLanguage(): (lang: Language) => Promise<void> {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const customerId = useSession((s) => s.customerId);
  return useCallback(
    async (lang: Language) => {
      await changeLanguage(lang);
      if (!token) return;
      const saved = await api
        .put<{ language: Language }>('/wps/member/language', { language: lang })
        .catch(() => null);
      if (saved) {
        qc.setQueryData<MemberInfo>(['member', 'info', customerId], (info) =>
          info ? { ...info, language: saved.language } : info,
        );
      }
    },
    [qc, token, customerId],
  );
}

/**
 * On a logged-in member's info: the site takes the language the member chose (on this or another
 * device) when the brand offers it. Runs when the saved language changes, not when the site's
 * does, so a choice being saved is not switched back.
 */
export function useSavedLanguage(info: MemberInfo | undefined): void {
  const offered = useBrand().languages;
  const saved = parseLanguage(info?.language);
  useEffect(() => {
    if (saved && offered.includes(saved) && saved !== currentApiLanguage()) void changeLanguage(saved);
    // offered is the brand's list, fixed for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
}
