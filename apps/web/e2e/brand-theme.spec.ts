import type { Page } from '@playwright/test';
import { expect, hostUrl, test } from './fixtures';

/*
 * Each brand looks like its own site from the first paint: the page the server sends carries the
 * host's brand theme, so the body already has the brand's background when the document is parsed
 * (before the site's script has asked the server anything), in the light and the dark variant.
 */

const BRANDS = {
  golden: {
    host: 'localhost',
    light: 'rgb(243, 245, 247)',
    dark: 'rgb(13, 19, 24)',
    header: 'rgb(15, 61, 46)',
  },
  lotus: {
    host: 'lotus.localhost',
    light: 'rgb(248, 243, 238)',
    dark: 'rgb(20, 10, 16)',
    header: 'rgb(61, 15, 43)',
  },
} as const;

/** Records, at DOMContentLoaded, the body's background and whether the brand's style came with the page. */
async function recordFirstPaint(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => {
    localStorage.setItem('theme', t);
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstPaint: unknown }).firstPaint = {
        body: getComputedStyle(document.body).backgroundColor,
        fromServer: !!document.getElementById('brand-theme'),
        rendered: document.getElementById('root')!.childElementCount,
      };
    });
  }, theme);
}

const firstPaint = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { firstPaint: { body: string; fromServer: boolean } }).firstPaint,
  );

for (const [name, brand] of Object.entries(BRANDS)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${name}: the first paint already has the brand's ${theme} background`, async ({ page }) => {
      await recordFirstPaint(page, theme);
      await page.goto(hostUrl(brand.host, '/'), { waitUntil: 'domcontentloaded' });
      await expect.poll(() => firstPaint(page)).toMatchObject({ body: brand[theme], fromServer: true });
      // Once the site is up, the brand's header colour is on the header (light and dark share a hue).
      const header = page.locator('.site-header');
      await expect(header).toBeVisible();
      if (theme === 'light') await expect(header).toHaveCSS('background-color', brand.header);
      await expect(page.locator('body')).toHaveCSS('background-color', brand[theme]);
    });
  }
}

test('the two brands differ in colours, fonts and shapes on the same page', async ({ page }) => {
  const look = async (host: string) => {
    await page.goto(hostUrl(host, '/'));
    const header = page.locator('.site-header');
    await expect(header).toBeVisible();
    return page.evaluate(() => {
      const css = (el: Element | null, prop: string) =>
        el ? getComputedStyle(el).getPropertyValue(prop) : '';
      return {
        header: css(document.querySelector('.site-header'), 'background-color'),
        heading: css(document.documentElement, '--font-heading').trim(),
        button: css(document.querySelector('.site-header .btn'), 'border-top-left-radius'),
        accent: css(document.documentElement, '--accent').trim(),
      };
    });
  };
  const golden = await look('localhost');
  const lotus = await look('lotus.localhost');
  expect(golden.header).toBe(BRANDS.golden.header);
  expect(lotus.header).toBe(BRANDS.lotus.header);
  expect(lotus.heading).toMatch(/^Georgia/);
  expect(golden.heading).toMatch(/^system-ui/);
  expect(golden.button).toBe('999px');
  expect(lotus.button).toBe('4px');
  expect(lotus.accent).not.toBe(golden.accent);
});

test('screenshots of both brands, light and dark, desktop and 375 px', async ({ page }, info) => {
  test.slow();
  for (const [name, brand] of Object.entries(BRANDS)) {
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await page.goto(hostUrl(brand.host, '/'));
        await expect(page.locator('.site-header')).toBeVisible();
        await expect(page.getByTestId('banner-area').locator('img').first()).toHaveJSProperty(
          'complete',
          true,
        );
        await expect(page.locator('body')).toHaveCSS('background-color', brand[theme]);
        // Royal Lotus asks visitors to log in first (loginedToHomePage): its shots show the themed dialog.
        await page.screenshot({ path: info.outputPath(`${name}-${theme}-${width}.png`) });
      }
    }
  }
});
