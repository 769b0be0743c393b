import { test as base, expect } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
/** Brand hosts: Chromium resolves *.localhost to this machine. */
export const hostUrl = (host: string, path = '/') => `http://${host}:${PORT}${path}`;

/** What Chromium logs when the content security policy blocks something (a script, style, image, frame). */
const CSP_REFUSAL = /Refused to|Content[- ]Security[- ]Policy/i;

/**
 * Pages start with the popup notices already seen, so they do not cover what a test clicks. Every
 * page also fails its test when the server's content security policy blocked anything on it or in
 * its frames: the policy must let the whole site work.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const refused: string[] = [];
    page.on('console', (msg) => {
      if (CSP_REFUSAL.test(msg.text())) refused.push(msg.text());
    });
    await page.addInitScript(() => sessionStorage.setItem('popupNoticesSeen', '1'));
    await use(page);
    expect(refused, 'content security policy violations').toEqual([]);
  },
});

export { expect };
