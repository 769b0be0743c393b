import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../src/platform/security-headers';
import { buildAppOn, buildTestApp, type TestContext } from './helper';

let t: TestContext;
let site: string;
let plain: FastifyInstance;
let production: FastifyInstance;

const THEME_SCRIPT = "\n      document.documentElement.dataset.theme = 'light';\n    ";
const themeHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

beforeAll(async () => {
  t = await buildTestApp();
  // A built site with an inline script, as Vite leaves the theme script in index.html.
  site = mkdtempSync(path.join(tmpdir(), 'site-'));
  writeFileSync(
    path.join(site, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script>` +
      '<script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>',
  );
  // Neither the development routes nor /docs: what a server gets unless it asks.
  plain = await buildAppOn(t.db, {
    WEB_DIST: site,
    DEV_ROUTES: 'false',
    DEMO_GATEWAY: 'false',
    DOCS: 'false',
  });
  production = await buildAppOn(t.db, {
    NODE_ENV: 'production',
    WEB_DIST: site,
    DEV_ROUTES: 'false',
    DEMO_GATEWAY: 'false',
    DOCS: 'false',
  });
});
afterAll(async () => {
  await plain?.close();
  await production?.close();
  await t?.close();
  rmSync(site, { recursive: true, force: true });
});

/** The directives of a content security policy, by name. */
function directives(csp: unknown): Record<string, string[]> {
  expect(typeof csp).toBe('string');
  const out: Record<string, string[]> = {};
  for (const part of (csp as string).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

const get = (app: FastifyInstance, url: string, remoteAddress = '127.0.0.1') =>
  app.inject({ url, headers: { host: 'localhost' }, remoteAddress });

describe('browser security headers', () => {
  it('are on the site, errors of the site and media', async () => {
    for (const url of ['/', '/member/withdraw', '/media/missing.png']) {
      const res = await get(plain, url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
    }
  });

  it("are the REST set on the API's answers and errors, with a policy that allows nothing", async () => {
    for (const url of ['/wps/system/status', '/wps/nope', '/lgw/lottery/draws', '/wps/admin/staff']) {
      const res = await get(plain, url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(directives(res.headers['content-security-policy']), url).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      // What only a page uses is left off.
      for (const name of ['permissions-policy', 'cross-origin-opener-policy', 'x-xss-protection'])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it("let the site's own inline theme script run by its hash, and no other inline script", async () => {
    const res = await get(plain, '/');
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", themeHash]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(csp['frame-src']).toEqual(["'self'", 'https:']);
    expect(csp['worker-src']).toEqual(["'self'"]);
  });

  it('let the site frame its own game clients (/play/...), and nothing else frame any page', async () => {
    const game = await get(plain, '/play/slot?lang=en');
    expect(game.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(directives(game.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
    const wallet = await get(plain, '/player/withdraw');
    expect(wallet.headers['x-frame-options']).toBe('DENY');
  });

  it('send HSTS and upgrade insecure requests only in production', async () => {
    const dev = await get(plain, '/');
    expect(dev.headers['strict-transport-security']).toBeUndefined();
    expect(directives(dev.headers['content-security-policy'])['upgrade-insecure-requests']).toBeUndefined();
    const prod = await get(production, '/');
    expect(prod.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(prod.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
    expect((await get(production, '/wps/system/status')).headers['strict-transport-security']).toBe(
      'max-age=31536000',
    );
  });

  it("keep the demo gateway's stricter page policy", async () => {
    const res = await get(t.app, '/gateway/demo/D000000000000000001');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  it('give /docs a policy Swagger UI runs under, unframed', async () => {
    const res = await get(t.app, '/docs/');
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).toContain("'self'");
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });
});

describe('/docs', () => {
  it('is not served unless DOCS=true (the site answers the path as any other page)', async () => {
    for (const app of [production, plain]) {
      for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/swagger-ui-bundle.js']) {
        const res = await get(app, url);
        expect(res.body, url).not.toMatch(/swagger|openapi/i);
        expect(res.headers['content-type'], url).not.toMatch(/json|javascript/);
      }
    }
    const served = await get(t.app, '/docs/json');
    expect(served.statusCode).toBe(200);
    expect(served.json()).toHaveProperty('openapi');
  });
});

describe('the dev outbox', () => {
  const outbox = '/wps/dev/outbox?target=639170000000';

  it('does not exist without DEV_ROUTES', async () => {
    const res = await get(plain, outbox);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'system.not.found' });
  });

  it('answers a loopback client only, whatever X-Forwarded-For says', async () => {
    expect((await get(t.app, outbox, '127.0.0.1')).statusCode).toBe(200);
    expect((await get(t.app, outbox, '::1')).statusCode).toBe(200);
    expect((await get(t.app, outbox, '::ffff:127.0.0.1')).statusCode).toBe(200);
    for (const remote of ['10.0.0.7', '203.0.113.9', '::ffff:10.0.0.7', 'fe80::1']) {
      const res = await get(t.app, outbox, remote);
      expect(res.statusCode, remote).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'system.not.found' });
    }
    // Behind a trusted proxy, a client claiming to be loopback is still a remote socket.
    const proxied = await buildAppOn(t.db, { TRUST_PROXY: '10.0.0.0/8' });
    try {
      const res = await proxied.inject({
        url: outbox,
        headers: { host: 'localhost', 'x-forwarded-for': '127.0.0.1' },
        remoteAddress: '10.0.0.7',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('is not filled without DEV_ROUTES: a sent code goes nowhere', async () => {
    const before = await t.db.db
      .selectFrom('dev_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await plain.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { host: 'localhost' },
      payload: { countryDialingCode: '63', mobileNo: '9170000123' },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.db.db
      .selectFrom('dev_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('the demo gateway', () => {
  it('is not served unless DEMO_GATEWAY=true', async () => {
    const page = '/gateway/demo/D000000000000000001';
    expect((await get(t.app, page)).body).toContain('Demo payment gateway');
    // Without it the path is just another page of the site.
    const res = await get(plain, page);
    expect(res.body).toContain('<script type="module"');
    expect(directives(res.headers['content-security-policy'])['default-src']).toEqual(["'self'"]);
  });
});
