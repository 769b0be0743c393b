import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_BRAND } from '../src/platform/brand';
import { SitePages } from '../src/modules/system';
import { buildSiteOn, buildTestApp, type TestContext } from './helper';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="theme-color" content="#0f3d2e" />
    <title>Loading…</title>
    <script type="module" crossorigin src="/assets/index-x.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/dep-x.js">
    <link rel="stylesheet" crossorigin href="/assets/index-x.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

let t: TestContext;
let built: Awaited<ReturnType<typeof buildSiteOn>>;
let site: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  // A Chinese home banner of Golden Palm, shown before its banners for every language.
  await t.db.db
    .insertInto('banner')
    .values({
      merchant_code: 'GOLDEN',
      group_name: 'w_home',
      image_path: 'banners/golden/cn-home.jpg',
      title: JSON.stringify({ CN: '新春' }),
      lang: 'CN',
      sort: -1,
      active: true,
    })
    .execute();
  built = await buildSiteOn(t.db, { 'index.html': INDEX });
  site = built.app;
});
afterAll(async () => {
  await built?.close();
  await t?.close();
});

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await site.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]*)" fetchpriority="high" \/>/g)].map(
    (m) => m[1],
  );

/** What the site itself shows first in a banner group (the banner list the carousel reads). */
async function firstBanner(group: string, lang: string): Promise<string> {
  const res = await site.inject({
    method: 'GET',
    url: '/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&execution=B',
    headers: { host: 'localhost', language: lang },
  });
  const banners = (res.json() as { value: { banners: { groupName: string; url: string }[] } }).value.banners;
  return banners.find((b) => b.groupName === group)!.url;
}

describe('the served page preloads its first banner', () => {
  it('preloads the first banner of the page’s group from the image CDN it names', async () => {
    const home = await page('/');
    expect(home).toContain('<meta name="image-cdn" content="/media" />');
    expect(preloads(home)).toEqual([`/media/${await firstBanner('w_home', 'EN')}`]);
    expect(preloads(await page('/rng?vendor=PG'))).toEqual([`/media/${await firstBanner('w_rng', 'EN')}`]);
    // A phone address of the home page is the home page.
    expect(preloads(await page('/m/home'))).toEqual(preloads(home));
    // Pages without a banner preload nothing.
    for (const url of ['/member', '/game', '/m/deposit']) expect(preloads(await page(url)), url).toEqual([]);
  });

  it('in the language the site opens in: the lang cookie when the brand offers it, else the default', async () => {
    const cn = await firstBanner('w_home', 'CN');
    expect(cn).toBe('banners/golden/cn-home.jpg');
    expect(preloads(await page('/', { cookie: 'lang=CN' }))).toEqual([`/media/${cn}`]);
    const en = `/media/${await firstBanner('w_home', 'EN')}`;
    expect(en).not.toContain('cn-home');
    // An unknown language, or one the brand does not offer, falls back to the default.
    for (const cookie of ['lang=XX', 'lang="><script>', 'other=1'])
      expect(preloads(await page('/', { cookie })), cookie).toEqual([en]);
  });
});

/** The page's parts in document order: its first paint's image and caption, stylesheet, theme. */
function firstPaintOf(html: string) {
  const body = html.slice(html.indexOf('<body>'));
  return {
    image: /<div id="first-paint"[^]*?<img src="([^"]*)"/.exec(body)?.[1] ?? null,
    caption: /<span class="first-paint-caption">([^<]*)<\/span>/.exec(body)?.[1] ?? null,
    // The stylesheet and the brand's theme follow the first paint, in that order.
    after: [...body.matchAll(/<link rel="stylesheet"|<style id="brand-theme">/g)].map((m) => m[0]),
    headSheets: (html.slice(0, html.indexOf('<body>')).match(/<link rel="stylesheet"/g) ?? []).length,
  };
}

const lowPriority = (html: string) =>
  (html.match(/<(script type="module"|link rel="modulepreload") fetchpriority="low"/g) ?? []).length;

describe('the served home page paints its first banner itself', () => {
  it('the home page carries the first banner, its caption, then the stylesheet and the theme', async () => {
    const home = await page('/');
    const first = firstPaintOf(home);
    expect(first.image).toBe(preloads(home)[0]);
    expect(first.caption).toBeTruthy();
    expect(first.after).toEqual(['<link rel="stylesheet"', '<style id="brand-theme">']);
    expect(first.headSheets).toBe(0);
    // Its script's files come after what it paints.
    expect(lowPriority(home)).toBe(2);
    // The login and register addresses open over the home page: the same paint.
    expect(firstPaintOf(await page('/register')).image).toBe(first.image);
  });

  it('the other banner pages (their notice bar is above the banner) and pages without one: none', async () => {
    for (const url of ['/rng', '/promotions', '/member', '/m/deposit']) {
      const html = await page(url);
      expect(html, url).not.toContain('first-paint');
      expect(firstPaintOf(html).headSheets, url).toBe(1);
      expect(lowPriority(html), url).toBe(0);
    }
    // What the service worker keeps is the page without hints.
    expect(await page('/index.html')).not.toContain('first-paint');
  });

  it('escapes the caption', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-page-'));
    try {
      writeFileSync(path.join(dir, 'index.html'), INDEX);
      const html = new SitePages(path.join(dir, 'index.html')).page(NO_BRAND, {
        imageCdn: '/media',
        banner: { url: 'a.jpg', title: '<script>x</script> & "y"' },
        firstPaint: true,
      });
      expect(firstPaintOf(html).caption).toBe('&lt;script&gt;x&lt;/script&gt; &amp; &quot;y&quot;');
      expect(html).not.toContain('<script>x');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SitePages with hints', () => {
  const file = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-page-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    return { dir, pages: new SitePages(path.join(dir, 'index.html')) };
  };

  it('names the CDN, builds the address under it, passes absolute paths through and escapes both', () => {
    const { dir, pages } = file();
    try {
      const banner = (url: string) => ({ url, title: 'T' });
      const html = pages.page(NO_BRAND, {
        imageCdn: 'https://cdn.example/img/',
        banner: banner('b/x".jpg'),
        firstPaint: false,
      });
      expect(html).toContain('<meta name="image-cdn" content="https://cdn.example/img/" />');
      expect(preloads(html)).toEqual(['https://cdn.example/img/b/x&quot;.jpg']);
      const absolute = pages.page(NO_BRAND, {
        imageCdn: '/media',
        banner: banner('https://other.example/a.png'),
        firstPaint: false,
      });
      expect(preloads(absolute)).toEqual(['https://other.example/a.png']);
      const none = pages.page(NO_BRAND, { imageCdn: '/media', banner: null, firstPaint: true });
      expect(preloads(none)).toEqual([]);
      expect(none).not.toContain('first-paint');
      // Without hints the page is the brand's page as before.
      expect(pages.page(NO_BRAND)).not.toContain('image-cdn');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
