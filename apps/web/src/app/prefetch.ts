import { announcementsQueryOptions } from '../features/messages/api/get-announcements';
import { helpCenterQueryOptions } from '../features/system/api/get-help-center';
import { statusQueryOptions } from '../features/system/api/get-status';
import { vendorsQueryOptions } from '../features/games/api/get-vendors';
import { storedLanguage } from '../lib/i18n';
import { queryClient } from './query-client';

/**
 * Every page's shell needs the status, banners and notices, vendors and help menu. They are
 * asked for together at start-up (the server resolves the brand from the host) instead of
 * one after another, which is most of the first screen's wait on a slow mobile network.
 */
export function prefetchShellData(): void {
  const lang = storedLanguage() ?? 'EN';
  void queryClient.prefetchQuery(statusQueryOptions());
  void queryClient.prefetchQuery(announcementsQueryOptions(lang));
  void queryClient.prefetchQuery(vendorsQueryOptions(lang));
  void queryClient.prefetchQuery(helpCenterQueryOptions(lang));
}
