import my from '../src/locales/my.json' with { type: 'json' };
import { expect, hostUrl, test } from './fixtures';

test.describe('content pages', () => {
  test('help opens the section named by the hash', async ({ page }) => {
    await page.goto('/help#term');
    await expect(page.getByTestId('help-term')).toContainText('By opening an account');
    await page.getByRole('link', { name: 'Privacy policy' }).first().click();
    await expect(page).toHaveURL(/\/help#privacy$/);
    await expect(page.getByTestId('help-privacy')).toBeVisible();
  });

  test('the affiliate link shows only where help has an agent section', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('affiliate-link').click();
    await expect(page).toHaveURL(/\/help#agent$/);
    await expect(page.getByTestId('help-agent')).toContainText('Become an agent of Golden Palm');

    // Royal Lotus has no agent section.
    await page.goto(hostUrl('lotus.localhost', '/login'));
    await expect(page.getByTestId('live-chat')).toBeVisible();
    await expect(page.getByTestId('affiliate-link')).toHaveCount(0);
  });

  test('/helpmc stands alone, without the site shell', async ({ page }) => {
    await page.goto('/helpmc#faq');
    await expect(page.getByTestId('help-faq')).toBeVisible();
    await expect(page.getByTestId('main-nav')).toHaveCount(0);
  });

  test('/down lists every app with its QR code and install guide', async ({ page }) => {
    await page.goto('/down');
    for (const type of ['IOS', 'ANDROID', 'LITE']) {
      const card = page.getByTestId(`download-${type}`);
      const qr = card.locator('img.qr');
      await expect(qr).toBeVisible();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await card.locator('summary').click();
      await expect(card.locator('ol li')).toHaveCount(3);
    }
    await expect(
      page.getByTestId('download-ANDROID').getByRole('link', { name: 'Download' }),
    ).toHaveAttribute('href', 'https://download.goldenpalm.example/android.apk');
  });

  test('/noticePage lists notices with expandable content', async ({ page }) => {
    await page.goto('/noticePage');
    const item = page
      .locator('.notice-list.page .notice-item')
      .filter({ hasText: 'Beware of fake websites' });
    await item.getByRole('button').click();
    await expect(item).toContainText('Our staff will never ask for your password');
  });

  test('/join shows the agent programme', async ({ page }) => {
    await page.goto('/join');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Become a Golden Palm agent');
    await expect(page.getByText('Real-time wages are settled every 5 minutes')).toBeVisible();
  });
});

test.describe('brand rules', () => {
  test('loginedToHomePage sends visitors without a session to /login, except login-free pages', async ({
    page,
  }) => {
    await page.goto(hostUrl('lotus.localhost', '/help'));
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('banner-area')).toHaveAttribute('data-group', 'w_home');
    // Royal Lotus speaks Malay by default.
    await expect(page.getByTestId('login-button')).toHaveText(my.header.login);

    await page.goto(hostUrl('lotus.localhost', '/helpmc'));
    await expect(page).toHaveURL(/\/helpmc$/);
    await page.goto(hostUrl('lotus.localhost', '/register'));
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a brand without esports vendors has no esports entry; cockfight stays in the product list', async ({
    page,
  }) => {
    await page.goto(hostUrl('lotus.localhost', '/login'));
    await expect(page.getByTestId('nav-RNG')).toBeVisible();
    await expect(page.getByTestId('nav-ESPORTS')).toHaveCount(0);
    await expect(page.getByTestId('footer-products').getByRole('link')).toHaveCount(7);
  });

  test('maintenance replaces the site with the maintenance page', async ({ page }) => {
    await page.goto(hostUrl('maint.localhost', '/help'));
    const main = page.getByTestId('maintenance-page');
    await expect(main).toBeVisible();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Under maintenance');
    await expect(page.getByTestId('maintenance-end')).toContainText('2031');
    await expect(main.getByRole('button', { name: 'Customer service' })).toBeVisible();
    await expect(page.getByTestId('main-nav')).toHaveCount(0);
  });

  test('a blocked region sees the region-block page with its IP', async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '8.8.8.8' } });
    const page = await context.newPage();
    await page.goto(hostUrl('block.localhost', '/'));
    await expect(page.getByTestId('region-block-page')).toBeVisible();
    await expect(page.getByTestId('visitor-ip')).toHaveText('8.8.8.8');
    await expect(page.getByRole('button', { name: 'Customer service' })).toBeVisible();
    await context.close();
  });

  test('the same visitor from an allowed country sees the site', async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '203.177.0.1' } });
    const page = await context.newPage();
    await page.goto(hostUrl('block.localhost', '/'));
    await expect(page.getByTestId('main-nav')).toBeVisible();
    await context.close();
  });
});

test.describe('375 px mobile', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const path of ['/', '/help#agent', '/down', '/join', '/noticePage', '/no-such-page']) {
    test(`no horizontal scroll on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('footer')).toBeVisible();
      // The home page's lazy sections too: a sideways strip among them must scroll inside its section.
      if (path === '/') await expect(page.getByTestId('popular-lottery').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
    });
  }

  test('no horizontal scroll on the maintenance page', async ({ page }) => {
    await page.goto(hostUrl('maint.localhost', '/'));
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
});
