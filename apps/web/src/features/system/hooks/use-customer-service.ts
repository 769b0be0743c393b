import { unscrambleCsPath, type CustomerServiceEntry } from '@app/contracts';
import { useCallback } from 'react';
import { getServiceLink, serviceWindowUrl } from '../api/get-service-link';

const WINDOW_FEATURES = 'width=440,height=750,resizable=yes,scrollbars=yes';

function openWindow(resolveUrl: () => Promise<string | null>) {
  // Opened at once, inside the click, so popup blockers allow it; it navigates when the URL
  // is known and closes silently on failure (SPEC section 8).
  const popup = window.open('about:blank', 'customer-service', WINDOW_FEATURES);
  resolveUrl()
    .then((url) => {
      if (!url) throw new Error('no service path');
      const absolute = new URL(url, window.location.origin).toString();
      if (popup) popup.location.href = absolute;
      else window.location.assign(absolute);
    })
    .catch(() => popup?.close());
}

/** Opens the customer-service window through the service-link call. */
export function useCustomerService(csPosition = 'HOME') {
  return useCallback(
    () => openWindow(async () => serviceWindowUrl(await getServiceLink(csPosition))),
    [csPosition],
  );
}

/**
 * Opens customer service from the entries of the permission call. Used where the API is closed
 * to this visitor (maintenance, region block) and only the status answer is at hand.
 */
export function useCustomerServiceFromEntries(entries: CustomerServiceEntry[]) {
  return useCallback(
    () =>
      openWindow(async () => {
        const entry = entries.find((e) => e.csType === 'LIVECHAT') ?? entries[0];
        return entry ? unscrambleCsPath(entry.path) : null;
      }),
    [entries],
  );
}
