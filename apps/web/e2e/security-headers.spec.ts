/**
 * The browser security headers against the real server and the built site: the pages work under the
 * content security policy (the fixture fails a test on any violation), /docs runs under Swagger UI's
 * own policy, and no other site can frame a page (a withdrawal screen least of all).
 */
import { expect, hostUrl, test } from './fixtures';

test.describe('security headers', () => {
  test('the site answers with its policy, and its inline theme script runs', async ({ page }) => {
    const res = await page.goto('/member/withdraw');
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    // The theme script ran before the app: the page has its theme.
    await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
  });

  test('/docs renders Swagger UI under its own policy', async ({ page }) => {
    // Swagger UI's 1.7 MB bundle and the document of every route: near 30 s on a loaded machine.
    test.setTimeout(60_000);
    await page.goto('/docs/');
    await expect(page.locator('.swagger-ui .information-container')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.opblock').first()).toBeVisible();
  });

  test('another site cannot frame the site; the site frames its own game pages', async ({ browser }) => {
    // Its own page, outside the fixture: the refused frame is an expected violation here.
    const page = await browser.newPage();
    try {
      const frame = (src: string) =>
        page.evaluate(
          (url) =>
            new Promise<void>((resolve) => {
              document.querySelectorAll('iframe').forEach((f) => f.remove());
              const f = document.createElement('iframe');
              f.onload = () => resolve();
              f.src = url;
              document.body.append(f);
            }),
          src,
        );
      const framedRoot = page.frameLocator('iframe').locator('#root');
      // lotus.localhost is another origin than localhost.
      await page.goto(hostUrl('lotus.localhost', '/help'));
      await frame(hostUrl('lotus.localhost', '/play/slot?lang=en'));
      await expect(framedRoot).toHaveCount(1);
      await frame(hostUrl('lotus.localhost', '/member/withdraw'));
      await expect(framedRoot).toHaveCount(0);
      await frame(hostUrl('localhost', '/play/slot?lang=en'));
      await expect(framedRoot).toHaveCount(0);
    } finally {
      await page.close();
    }
  });
});
