import { test as base, expect, type Page } from '@playwright/test';

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

/**
 * Records every text the page ever showed that looks like an untranslated key ("bets.title",
 * "centre.profile.title"): what a component prints while its texts namespace is still loading.
 * Pages load their namespaces with their code, so a player never sees one; read the list with
 * `rawKeysSeen(page)`.
 */
export async function watchRawKeys(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const RAW = /^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+)+$/;
    const seen: string[] = [];
    (window as unknown as { __rawKeys: string[] }).__rawKeys = seen;
    const check = (text: Node) => {
      const s = (text.nodeValue ?? '').trim();
      if (RAW.test(s)) seen.push(s);
    };
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'characterData') check(m.target);
        for (const n of m.addedNodes) {
          if (n.nodeType === Node.TEXT_NODE) check(n);
          else if (n.nodeType === Node.ELEMENT_NODE) {
            const walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
            while (walk.nextNode()) check(walk.currentNode);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

export const rawKeysSeen = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __rawKeys?: string[] }).__rawKeys ?? []);

export { expect };
