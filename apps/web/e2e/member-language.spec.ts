/**
 * The language preference: a logged-in member's choice in the switcher is saved on the server (the
 * language update call), the site fetches its language-bound content again, and the choice follows
 * the member to a device that shows another language.
 */
import { registerMember, signIn } from './api';
import { expect, test } from './fixtures';

/** The calls the spec says are made again on a language change, by a distinctive part of their URL. */
const REFETCHED = [
  '/wps/relay/GCSGAME_newGameVendor',
  '/lgw/games/popular',
  '/wps/relay/GCSGAME_hotGamesV2',
  '/wps/relay/MCSFE_getListAnnouncements',
];

test.describe('language preference', () => {
  test('a member’s choice is saved, refetches the content and follows the member to another device', async ({
    page,
    browser,
    request,
  }) => {
    // A registration, two browsers and two waits for a quiet network: 29 s on a busy CI machine.
    test.setTimeout(90_000);
    const m = await registerMember(request);
    await signIn(page, m);
    await page.goto('/');
    await expect(page.getByTestId('account-area')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Let the English page settle before watching what the switch asks for.
    await page.waitForLoadState('networkidle');

    const asked = new Map<string, string | undefined>();
    page.on('request', (r) => {
      const hit = REFETCHED.find((p) => r.url().includes(p));
      if (hit) asked.set(hit, r.headers()['language']);
    });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/wps/member/language') && r.request().method() === 'PUT',
    );
    await page.getByTestId('language-switcher').selectOption('TY');
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toEqual({ language: 'TY' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    await expect.poll(() => [...asked.keys()].sort()).toEqual([...REFETCHED].sort());
    expect([...asked.values()].every((l) => l === 'TY')).toBe(true);

    // Another device, on English: signed in as the member, the site takes the member's language.
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await second.addInitScript(() => {
        sessionStorage.setItem('popupNoticesSeen', '1');
        localStorage.setItem('lang', 'EN');
      });
      await signIn(second, m);
      await second.goto('/');
      await expect(second.getByTestId('language-switcher')).toHaveValue('TY');
      await expect(second.locator('html')).toHaveAttribute('lang', 'fil');
    } finally {
      await other.close();
    }
  });

  test('a visitor’s choice is not sent to the server', async ({ page }) => {
    await page.goto('/');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/wps/member/language')) calls.push(r.url());
    });
    await page.getByTestId('language-switcher').selectOption('CN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
  });
});
