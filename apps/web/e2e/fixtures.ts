import { test as base, expect } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 8181);
/** Brand hosts: Chromium resolves *.localhost to this machine. */
export const hostUrl = (host: string, path = '/') => `http://${host}:${PORT}${path}`;

/** Pages start with the popup notices already seen, so they do not cover what a test clicks. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => sessionStorage.setItem('popupNoticesSeen', '1'));
    await use(page);
  },
});

export { expect };
