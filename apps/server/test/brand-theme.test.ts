import { brandThemeSchema, PLATFORM_THEME, themeCss, type SystemStatusValue } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed';
import { buildSiteOn, buildTestApp, type TestContext } from './helper';
import { getOk } from './http';

/** A built site as Vite writes it: the page, its stylesheet link, a hashed asset. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="theme-color" content="#0f3d2e" />
    <title>Loading…</title>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

let t: TestContext;
let built: Awaited<ReturnType<typeof buildSiteOn>>;
let site: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  built = await buildSiteOn(t.db, { 'index.html': INDEX, 'assets/index-abc.css': 'body{margin:0}' });
  site = built.app;
});
afterAll(async () => {
  await built?.close();
  await t?.close();
});

const page = async (url: string, host: string) => {
  const res = await site.inject({ method: 'GET', url, headers: { host } });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.body;
};

/** The brand CSS the page carries, and where it sits. */
function themeOf(html: string): { css: string; afterStylesheet: boolean } {
  const match = /<style id="brand-theme">([^<]*)<\/style>/.exec(html);
  expect(match, 'the page has no brand theme').not.toBeNull();
  return { css: match![1]!, afterStylesheet: html.indexOf('<style id') > html.indexOf('rel="stylesheet"') };
}

const declared = (css: string, variable: string, dark = false) => {
  const block = dark ? css.slice(css.indexOf("[data-theme='dark']")) : css;
  return new RegExp(`${variable}:([^;}]+)`).exec(block)?.[1];
};

describe('the page the server serves carries the brand theme of its host', () => {
  it('Golden Palm and Royal Lotus pages differ: colours, dark variant, fonts, radius, bar colour and title', async () => {
    const golden = await page('/', 'localhost');
    const lotus = await page('/', 'lotus.localhost');
    const g = themeOf(golden);
    const l = themeOf(lotus);
    // After the stylesheet, so the brand's values win over its defaults.
    expect(g.afterStylesheet && l.afterStylesheet).toBe(true);
    expect(declared(g.css, '--header-bg')).toBe('#0f3d2e');
    expect(declared(l.css, '--header-bg')).toBe('#3d0f2b');
    expect(declared(g.css, '--primary')).not.toBe(declared(l.css, '--primary'));
    expect(declared(g.css, '--bg', true)).not.toBe(declared(l.css, '--bg', true));
    expect(declared(l.css, '--bg', true)).toBe('#140a10');
    expect(declared(g.css, '--radius')).toBe('10px');
    expect(declared(l.css, '--radius')).toBe('4px');
    expect(declared(l.css, '--radius-pill')).toBe('4px');
    expect(declared(l.css, '--font-heading')).toMatch(/^Georgia/);
    expect(declared(g.css, '--font-heading')).toMatch(/^system-ui/);
    expect(golden).toContain('<meta name="theme-color" content="#0f3d2e" />');
    expect(lotus).toContain('<meta name="theme-color" content="#3d0f2b" />');
    expect(golden).toContain('<title>Golden Palm</title>');
    expect(lotus).toContain('<title>Royal Lotus</title>');
  });

  it('every way to the page carries it: /index.html (what the service worker caches) and any route', async () => {
    // The same page, but for what each request adds (site-page-hints.test.ts: the CDN and banner).
    const withoutHints = (html: string) =>
      html.replace(/<meta name="image-cdn"[^>]*>/, '').replace(/<link rel="preload" as="image"[^>]*>/, '');
    // (The home page also paints its first banner itself, the theme moved after it: site-page-hints.)
    const lotus = await page('/index.html', 'lotus.localhost');
    expect(lotus).toContain('<style id="brand-theme">');
    expect(withoutHints(await page('/promotions?x=1', 'lotus.localhost'))).toBe(lotus);
    expect(withoutHints(await page('/help/', 'lotus.localhost'))).toBe(lotus);
    expect(await page('/', 'lotus.localhost')).toContain('<style id="brand-theme">');
    // Files are still files; the API still answers JSON.
    const css = await site.inject({
      method: 'GET',
      url: '/assets/index-abc.css',
      headers: { host: 'lotus.localhost' },
    });
    expect(css.body).toBe('body{margin:0}');
    const api = await site.inject({
      method: 'GET',
      url: '/wps/nothing',
      headers: { host: 'lotus.localhost' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, errorCode: 'system.not.found' });
  });

  it('a host of no brand gets the page as built', async () => {
    expect(await page('/', 'nobody.example')).toBe(INDEX);
  });

  it('the permission call and the manifest answer each brand its theme', async () => {
    const golden = await getOk<SystemStatusValue>(t.app, '/wps/system/status', {
      headers: { Merchant: 'GOLDEN' },
    });
    const lotus = await getOk<SystemStatusValue>(t.app, '/wps/system/status', {
      headers: { Merchant: 'LOTUS' },
    });
    expect(brandThemeSchema.parse(golden.info.theme)).toEqual(PLATFORM_THEME);
    expect(brandThemeSchema.parse(lotus.info.theme).light.headerBg).toBe('#3d0f2b');
    expect(themeCss(lotus.info.theme)).toBe(themeOf(await page('/', 'lotus.localhost')).css);
    const manifest = await site.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'lotus.localhost' },
    });
    expect(manifest.json()).toMatchObject({ theme_color: '#3d0f2b', background_color: '#3d0f2b' });
  });
});

describe('a stored theme that is not valid', () => {
  const setTheme = (value: unknown) =>
    t.db.db
      .updateTable('merchant')
      .set({ theme: JSON.stringify(value) })
      .where('code', '=', 'LOTUS')
      .execute();
  let stored: unknown;
  beforeAll(async () => {
    stored = (
      await t.db.db
        .selectFrom('merchant')
        .select('theme')
        .where('code', '=', 'LOTUS')
        .executeTakeFirstOrThrow()
    ).theme;
  });
  afterAll(() => setTheme(stored));

  it('never reaches the page: the platform theme is used instead', async () => {
    const lotus = brandThemeSchema.parse(stored);
    await setTheme({ ...lotus, light: { ...lotus.light, bg: 'red}</style><script>alert(1)</script>' } });
    const html = await page('/', 'lotus.localhost');
    expect(html).not.toContain('<script>alert');
    expect(themeOf(html).css).toBe(themeCss(PLATFORM_THEME));
    const status = await getOk<SystemStatusValue>(t.app, '/wps/system/status', {
      headers: { Merchant: 'LOTUS' },
    });
    expect(status.info.theme).toEqual(PLATFORM_THEME);

    await setTheme({ ...lotus, font: 'Comic Sans MS' });
    expect(themeOf(await page('/', 'lotus.localhost')).css).toBe(themeCss(PLATFORM_THEME));
    await setTheme({ ...lotus, radius: 400 });
    expect(themeOf(await page('/', 'lotus.localhost')).css).toBe(themeCss(PLATFORM_THEME));
  });

  it('that is not an object is refused by the database, and nothing changes', async () => {
    await setTheme(stored);
    await expect(
      sql`UPDATE merchant SET theme = '"dark"'::jsonb WHERE code = 'LOTUS'`.execute(t.db.db),
    ).rejects.toThrow(/merchant_theme_is_object/);
    const row = await t.db.db
      .selectFrom('merchant')
      .select('theme')
      .where('code', '=', 'LOTUS')
      .executeTakeFirstOrThrow();
    expect(row.theme).toEqual(stored);
  });
});

describe('the seed and themes', () => {
  it('gives a brand seeded before themes existed its theme, and keeps a theme an operator set', async () => {
    const operatorTheme = { ...PLATFORM_THEME, radius: 0, pillButtons: false };
    await t.db.db.updateTable('merchant').set({ theme: null }).where('code', '=', 'LOTUS').execute();
    await t.db.db
      .updateTable('merchant')
      .set({ theme: JSON.stringify(operatorTheme) })
      .where('code', '=', 'GOLDEN')
      .execute();
    await seedDemo(t.db.db);
    const rows = await t.db.db.selectFrom('merchant').select(['code', 'theme']).orderBy('code').execute();
    expect(rows.find((r) => r.code === 'GOLDEN')!.theme).toEqual(operatorTheme);
    expect(brandThemeSchema.parse(rows.find((r) => r.code === 'LOTUS')!.theme).light.headerBg).toBe(
      '#3d0f2b',
    );
    await t.db.db
      .updateTable('merchant')
      .set({ theme: JSON.stringify(PLATFORM_THEME) })
      .where('code', '=', 'GOLDEN')
      .execute();
  });
});
