import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppOn, buildTestApp, type TestContext } from './helper';

/** The two built apps as Vite writes them: each its page and a hashed asset. */
const SITE = '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>';
const BACKOFFICE =
  '<!doctype html><html><head><title>Back office</title><script type="module" src="/backoffice/assets/index-bo1.js"></script></head><body><div id="root"></div></body></html>';

let t: TestContext;
let app: FastifyInstance;
let withoutBackoffice: FastifyInstance;
const dirs: string[] = [];

function dist(page: string, asset: string, body: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), page);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', asset), body);
  return dir;
}

beforeAll(async () => {
  t = await buildTestApp();
  const site = dist(SITE, 'index-site1.js', 'console.log("site")');
  const bo = dist(BACKOFFICE, 'index-bo1.js', 'console.log("backoffice")');
  app = await buildAppOn(t.db, { WEB_DIST: site, BACKOFFICE_DIST: bo });
  withoutBackoffice = await buildAppOn(t.db, { WEB_DIST: site });
});
afterAll(async () => {
  await app?.close();
  await withoutBackoffice?.close();
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the back-office app is served under /backoffice/', () => {
  it('deep links get its page, never cached, with its own CSP and no indexing', async () => {
    for (const url of [
      '/backoffice',
      '/backoffice/',
      '/backoffice/players/123',
      '/backoffice/audit?actor=x',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<title>Back office</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('hashed assets are immutable; a missing asset is a 404, not a page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/backoffice/assets/index-bo1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('backoffice');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ method: 'GET', url: '/backoffice/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'system.not.found' });
  });

  it('the player site keeps its own page and assets', async () => {
    const page = await app.inject({ method: 'GET', url: '/promotions' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title');
    expect(page.body).not.toContain('Back office');
    const asset = await app.inject({ method: 'GET', url: '/assets/index-site1.js' });
    expect(asset.body).toContain('site');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The site's fallback never answers a back-office path.
    const bo = await app.inject({ method: 'GET', url: '/backoffice/index.html' });
    expect(bo.body).not.toContain('<title>Site</title>');
  });

  it('without a built back office its paths are 404, not the player site', async () => {
    const res = await withoutBackoffice.inject({ method: 'GET', url: '/backoffice/staff' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>Site</title>');
  });
});
