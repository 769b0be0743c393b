import type { Locator, Page } from '@playwright/test';
import { expect, hostUrl, test } from './fixtures';

/*
 * The served home page paints the header bar and the first banner itself, before the site's script
 * has asked the server anything; the site takes that paint away once it has drawn its own banner
 * in the same place. Held here at the permission call (the site's first question), the paint is
 * measured, then compared with what the site draws: the same box to the pixel, so the hand-over
 * cannot be seen, and nothing of the site sits under it afterwards.
 */

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
};

/** Holds the permission call until the returned function is called. */
async function holdStatus(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route('**/wps/system/status*', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823, header: 56 },
  { name: 'desktop', width: 1280, height: 800, header: 101 },
] as const;

for (const [brand, host] of [
  ['golden', 'localhost'],
  ['lotus', 'lotus.localhost'],
] as const) {
  for (const vp of VIEWPORTS) {
    test(`${brand}, ${vp.name}: the served page's banner is where the site draws it, and gives way to it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      const release = await holdStatus(page);
      await page.goto(hostUrl(host, '/'));

      // Before the site knows anything: the header bar and the banner, its image loaded.
      const paint = page.locator('#first-paint');
      const image = paint.locator('.first-paint-banner img');
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(page.locator('#root .boot-splash')).toHaveCount(1);
      const header = await box(paint.locator('.first-paint-header'));
      expect(header).toMatchObject({ y: 0, height: vp.header, width: vp.width });
      const logo = await box(paint.locator('.first-paint-logo'));
      const painted = await box(image);
      const src = await image.getAttribute('src');
      const caption = (await paint.locator('.first-paint-caption').textContent())?.trim();

      release();
      await expect(paint).toHaveCount(0);
      const slide = page.locator('.banner-frame .carousel-slide').first();
      await expect(slide.locator('img')).toHaveAttribute('src', src!);
      expect(await box(slide.locator('img'))).toEqual(painted);
      expect((await slide.locator('.banner-caption').textContent())?.trim()).toBe(caption);
      expect((await box(page.locator('header.site-header'))).height).toBe(vp.header);
      expect(await box(page.locator('header.site-header :is(.logo, .m-logo) img'))).toEqual(logo);
    });
  }
}

test('pages whose banner sits under the notice bar, and pages without one, have no first paint', async ({
  page,
}) => {
  for (const path of ['/rng', '/promotions']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).not.toContain('id="first-paint"');
  }
  await page.goto('/rng');
  await expect(page.locator('.banner-frame img').first()).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
});

test('the paint gives way when the site opens on something else: here its maintenance page', async ({
  page,
}) => {
  // The permission call answers maintenance: the site shows its maintenance page, never a banner.
  await page.route('**/wps/system/status*', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { value: { status: number; maintenance: boolean } };
    body.value.status = 1;
    body.value.maintenance = true;
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('/');
  await expect(page.getByTestId('maintenance-page')).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.locator('.banner-frame')).toHaveCount(0);
});

test('a banner still downloading when the site is ready does not keep the site covered', async ({ page }) => {
  // The banner's image answers only at the end: the site, drawn meanwhile, must be usable.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route('**/media/banners/**', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('.banner-frame .carousel-slide').first()).toBeAttached();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await expect(page.getByTestId('home-categories')).toBeVisible();
  release();
});

test("the served page loads ICU's data in a worker of its own, which ends once it has", async ({ page }) => {
  // Held before the site's first question: the worker must start from the served page itself.
  const release = await holdStatus(page);
  const served = page.waitForResponse((r) => new URL(r.url()).pathname === '/intl-warm.js');
  // Its end is listened for as it starts: it can be over before the answer above is read.
  const ended = new Promise<void>((resolve) =>
    page.on('worker', (w) => {
      if (w.url().endsWith('/intl-warm.js')) w.once('close', () => resolve());
    }),
  );
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/javascript/);
  await ended;
  release();
  await expect(page.getByTestId('home-categories')).toBeVisible();
});
