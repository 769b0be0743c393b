import cn from '../src/locales/cn.json' with { type: 'json' };
import en from '../src/locales/en.json' with { type: 'json' };
import { expect, test } from './fixtures';

test.describe('home page shell (brand GOLDEN)', () => {
  test('shows banners, notices, navigation and footer from the API', async ({ page }) => {
    await page.goto('/');
    const banners = page.getByTestId('banner-area');
    await expect(banners).toHaveAttribute('data-group', 'w_home');
    await expect(banners.locator('.carousel-slide')).toHaveCount(3);
    await expect(banners.getByText('Welcome bonus 100% up to P5,000')).toBeVisible();
    await expect(banners.locator('img').first()).toHaveJSProperty('complete', true);

    // Notice bar sits below the banner on home.
    const bar = page.getByTestId('notice-bar');
    await expect(bar.getByRole('button')).toHaveCount(3);
    const barBox = (await bar.boundingBox())!;
    const bannerBox = (await banners.boundingBox())!;
    expect(barBox.y).toBeGreaterThan(bannerBox.y);

    const nav = page.getByTestId('main-nav');
    for (const name of ['Slots', 'Lottery', 'Live Casino', 'Sports', 'Fishing', 'Card Games', 'Esports']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Cockfight' })).toHaveCount(0);
    // Fishing has no vendor dropdown; Slots has one with up to 30 vendors and hot marks.
    await expect(page.getByTestId('vendor-menu-FISH')).toHaveCount(0);
    // The 8 seeded slot vendors plus the Hub88 studio the e2e server syncs at start.
    await expect(page.getByTestId('vendor-menu-RNG').locator('li')).toHaveCount(9);
    await expect(page.getByTestId('vendor-menu-RNG').locator('.hot-badge')).toHaveCount(2);

    const footer = page.getByTestId('footer');
    await expect(
      footer.getByTestId('footer-products').getByRole('link', { name: 'Cockfight' }),
    ).toBeVisible();
    await expect(
      footer.getByTestId('footer-help').getByRole('link', { name: 'Affiliate programme' }),
    ).toHaveAttribute('href', '/help#agent');
    await expect(footer.getByTestId('licence')).toContainText(
      'Golden Palm is operated under a gaming licence',
    );
    const stripNames = await footer
      .getByTestId('vendor-strip')
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')));
    expect(stripNames).toContain('PG Soft');
    expect(stripNames.some((n) => n === 'VN Lottery' || n === 'SEA Lottery')).toBe(false);
  });

  test('notice bar sits above the banner on other pages', async ({ page }) => {
    await page.goto('/help');
    const bar = (await page.getByTestId('notice-bar').boundingBox())!;
    const banner = (await page.getByTestId('banner-area').boundingBox())!;
    expect(bar.y).toBeLessThan(banner.y);
    await expect(page.getByTestId('banner-area')).toHaveAttribute('data-group', 'w_help');
  });

  test('a clicked notice opens the notice modal at that notice', async ({ page }) => {
    await page.goto('/');
    // Hovering pauses the scrolling line, as it does for a player aiming at a notice.
    await page.getByTestId('notice-bar').hover();
    await page.getByTestId('notice-1').click();
    const modal = page.locator('#noticeModal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('notice-item-1')).toHaveClass(/open/);
    await expect(modal.getByTestId('notice-item-1')).toContainText('Deposit with GCash');
    await expect(modal.getByTestId('notice-item-0')).not.toHaveClass(/open/);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
  });

  test('popup notices open once per session on the home page', async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto('/');
    const modal = page.locator('#noticeModal');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('New members get a 100% first-deposit bonus');
    await modal.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await expect(page.getByTestId('banner-area')).toBeVisible();
    await expect(modal).toHaveCount(0);
    await page.close();
  });

  test('the banner carousel autoplays and its pagination is clickable', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    const dots = page.getByTestId('banner-area').locator('.dot');
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await dots.nth(2).click();
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    await page.mouse.move(0, 0);
    // Autoplay moves on after 5 s.
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true', { timeout: 9_000 });
  });

  test('with reduced motion the banners stay put until a dot is clicked', async ({ page }) => {
    await page.goto('/');
    const dots = page.getByTestId('banner-area').locator('.dot');
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.waitForTimeout(6_000);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  });

  test('a banner with a linkage opens it', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('banner-area').getByRole('button').first().click();
    await expect(page).toHaveURL(/\/promotions$/);
  });

  test('the clock ticks in YYYY/MM/DD (ddd) HH:mm:ss', async ({ page }) => {
    await page.goto('/');
    const clock = page.getByTestId('clock');
    await expect(clock).toHaveText(/^\d{4}\/\d{2}\/\d{2} \(\w{3}\) \d{2}:\d{2}:\d{2}$/);
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first!, { timeout: 3_000 });
  });

  test('theme switch survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(13, 19, 24)');
  });

  test('switching language changes the text and fetches content again', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByTestId('main-nav');
    await expect(nav.getByRole('link', { name: en.header.home, exact: true })).toBeVisible();
    await page.getByTestId('language-switcher').selectOption('CN');
    await expect(nav.getByRole('link', { name: cn.header.home, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: cn.categories.RNG, exact: true })).toBeVisible();
    // Notices and help come back in Chinese from the server.
    await expect(page.getByTestId('notice-bar')).toContainText('PG电子例行维护');
    await expect(page.getByTestId('footer-help')).toContainText('常见问题');
    expect(
      await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')]),
    ).toEqual(['CN', 'EN']);
    await page.reload();
    await expect(nav.getByRole('link', { name: cn.header.home, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('choosing a slots vendor remembers it and opens its list', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('nav-RNG').hover();
    await page.getByTestId('vendor-menu-RNG').getByRole('button', { name: /JILI/ }).click();
    await expect(page).toHaveURL(/\/rng\?page=JILI$/);
    expect(await page.evaluate(() => sessionStorage.getItem('vendor.RNG'))).toBe('JILI');
  });

  test('live chat opens the customer-service window at the unscrambled path', async ({ page }) => {
    await page.goto('/');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('live-chat').click()]);
    await expect(popup).toHaveURL(/\/helpmc#contact$/);
    await expect(popup.getByTestId('help-contact')).toBeVisible();
  });

  test('unknown pages show the 404 page inside the shell', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('main-nav')).toBeVisible();
  });

  test('the app manifest names the brand of the host', async ({ request }) => {
    const res = await request.get('/manifest.webmanifest', { headers: { host: 'lotus.localhost' } });
    expect(res.ok()).toBe(true);
    expect((await res.json()).name).toBe('Royal Lotus');
  });
});

test.describe('installable app', () => {
  test('a service worker controls the site and never caches API answers', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect(page.getByTestId('banner-area')).toBeVisible();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => /^\/(wps|lgw|lotto)\//.test(u))).toEqual([]);
  });

  test('the manifest and its icons are served', async ({ request }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Golden Palm', display: 'standalone', start_url: '/' });
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const res = await request.get(icon.src);
      expect(res.ok(), icon.src).toBe(true);
      expect(res.headers()['content-type']).toContain(icon.type);
    }
  });
});
