import { parseLanguage, type MemberInfo } from '@app/contracts';
import { useEffect } from 'react';
import { useBrand } from '../../../lib/brand';
import { changeLanguage, currentApiLanguage } from '../../../lib/i18n';

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
