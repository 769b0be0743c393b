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

  test('the page preloads the banner the carousel shows first, which is fetched once, as is the logo', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\/banners\/|-logo\.svg$/.test(r.url())) fetched.push(new URL(r.url()).pathname);
    });
    // The banner list answers only once the service worker the first visit installs is active:
    // the site draws its banner after that, and still from the image the page already holds.
    await page.route('**/MCSFE_getListAnnouncements*', async (route) => {
      await page.evaluate(() =>
        navigator.serviceWorker.ready.then(() => new Promise((r) => setTimeout(r, 500))),
      );
      await route.continue();
    });
    for (const [path, group] of [
      ['/', 'w_home'],
      ['/rng', 'w_rng'],
    ] as const) {
      fetched.length = 0;
      await page.goto(path);
      const preload = await page.locator('link[rel="preload"][as="image"]').getAttribute('href');
      const first = page.getByTestId('banner-area').locator('.carousel-slide img').first();
      await expect(page.getByTestId('banner-area')).toHaveAttribute('data-group', group);
      await expect(first).toHaveJSProperty('complete', true);
      expect(new URL(await first.evaluate((i: HTMLImageElement) => i.src)).pathname).toBe(preload);
      expect(fetched.filter((p) => p === preload)).toHaveLength(1);
      // The header's logo too, which the served home page draws before the site does.
      expect(fetched.filter((p) => p.endsWith('/golden-logo.svg'))).toHaveLength(1);
    }
    // The site names the language it opens in, for the next page load's preload.
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('EN');
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
    await expect(popup).toHaveURL(/\/chat$/);
    await expect(popup.getByTestId('chat')).toBeVisible();
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

  test('a new build replaces the cached shell on the next visit, and offline shows the newest one', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    const marker = () => page.locator('meta[name="e2e-build"]').getAttribute('content');
    expect(await page.locator('meta[name="e2e-build"]').count()).toBe(0);

    // A deploy: the server now answers pages with another build's shell (marked here). The
    // service worker is in control, and still the next visit gets the new shell, not its cache.
    await context.route(
      (url) => url.pathname === '/' || url.pathname === '/index.html',
      async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace('<head>', '<head><meta name="e2e-build" content="next">');
        await route.fulfill({ response: res, body: html });
      },
    );
    await page.reload();
    expect(await marker()).toBe('next');
    await expect(page.getByTestId('banner-area')).toBeVisible();

    // Offline, the cached shell is the new build's: no stale site after a deploy either way.
    await context.unroute((url) => url.pathname === '/' || url.pathname === '/index.html');
    await context.setOffline(true);
    await page.reload();
    expect(await marker()).toBe('next');
    await context.setOffline(false);
  });

  test('the download page offers to install the site with the offer the browser made on arrival', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('banner-area')).toBeVisible();
    // Chromium makes its install offer once, early, on whichever page the visit starts: here the
    // home page. The offer is played by a page-made event with the same shape.
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      const asked: string[] = [];
      Object.assign(window, { installAsked: asked });
      Object.assign(offer, {
        prompt: () => {
          asked.push('prompt');
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole('link', { name: 'App', exact: true }).first().click();
    const card = page.getByTestId('install-card');
    await expect(card.getByRole('heading', { name: 'Install Golden Palm on this device' })).toBeVisible();
    await card.getByRole('button', { name: 'Install the app' }).click();
    await expect(card.getByTestId('install-state')).toHaveText('Installed. Open it from your home screen.');
    expect(await page.evaluate(() => (window as unknown as { installAsked: string[] }).installAsked)).toEqual(
      ['prompt'],
    );
  });

  test('without an offer the download page says how to install instead of a dead button', async ({
    page,
  }) => {
    await page.goto('/down');
    const card = page.getByTestId('install-card');
    await expect(card.getByTestId('install-state')).toContainText('cannot install');
    await expect(card.getByRole('button')).toHaveCount(0);
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

test.describe('layout stability', () => {
  // Each call the first screen waits for, answering late in turn (a slow network, a busy server):
  // what is shown meanwhile keeps the place of what comes, so nothing already on screen moves.
  const late = [
    '/wps/relay/GCSGAME_newGameVendor',
    '/wps/relay/MCSFE_getListAnnouncements',
    '/wps/system/helpCenter',
    '/assets/home-',
  ];
  for (const [label, viewport] of [
    ['phone', { width: 412, height: 823 }],
    ['desktop', { width: 1366, height: 768 }],
  ] as const) {
    test(`nothing on the first screen of the home page moves when its calls answer late (${label})`, async ({
      browser,
    }) => {
      // Four home pages, each with a call held back 1.5 s and a second watched after it: more than
      // the default test time on a busy machine.
      test.setTimeout(90_000);
      for (const path of late) {
        const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: { value: number; at: string }[] };
          w.shifts = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & {
              value: number;
              sources?: { node?: Node | null }[];
            })[])
              w.shifts.push({
                value: e.value,
                at: (e.sources ?? []).map((s) => (s.node as Element | null)?.className ?? '').join(' | '),
              });
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.route(`**${path}*`, async (route) => {
          await new Promise((r) => setTimeout(r, 1_500));
          await route.continue();
        });
        await page.goto('/');
        await expect(page.getByTestId('home-categories')).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId('banner-area')).toBeVisible();
        await page.waitForTimeout(1_000);
        const shifts = await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
        expect(shifts, `${path} late`).toEqual([]);
        await context.close();
      }
    });
  }
});
