import { gunzipSync } from 'node:zlib';
import { GAME_TYPES, type SystemStatusValue } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { AppError } from '../src/platform/app-error';
import { MESSAGES } from '../src/platform/messages';
import { buildPlatformOn, buildTestApp, testConfig, type TestContext } from './helper';
import { call, getFailure, getOk, invalidFields } from './http';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ROUTES = [
  '/wps/system/status',
  '/wps/system/whitelabel',
  '/wps/system/domainRoute',
  '/wps/system/helpCenter',
  '/wps/system/customerService',
  '/wps/relay/MCSFE_getListAnnouncements',
  '/wps/relay/GCSGAME_newGameVendor',
  '/wps/relay/GCSGAME_getVassGameType',
  '/wps/session/key',
];

describe('unknown routes', () => {
  it('answer 404 system.not.found in the envelope, API or not', async () => {
    for (const url of [
      '/wps/nope',
      '/wps/relay/NO_SUCH_RELAY',
      '/lgw/games/nope',
      '/lotto/lgw/nope',
      '/nope',
      '/media/missing.png',
    ]) {
      const body = await getFailure(t.app, url, 404, 'system.not.found');
      expect(body).toEqual({
        success: false,
        errorCode: 'system.not.found',
        message: MESSAGES.EN['system.not.found'],
      });
    }
  });

  it('answer 404 to a verb the route does not take', async () => {
    const res = await call(t.app, '/wps/system/status', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, errorCode: 'system.not.found' });
  });

  it('still need a known brand under the API prefixes', async () => {
    await getFailure(t.app, '/wps/nope', 404, 'system.merchant.unknown', { headers: { merchant: 'NOSUCH' } });
  });
});

describe('envelope', () => {
  it('wraps every answer in { success: true, value } as JSON', async () => {
    for (const url of ROUTES) {
      const res = await call<{ success: boolean; value: unknown }>(t.app, url);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(res.body).sort()).toEqual(['success', 'value']);
      expect(res.body.success).toBe(true);
    }
  });

  it('lists each field at fault in a validation failure', async () => {
    const body = await getFailure(
      t.app,
      '/wps/relay/GCSGAME_newGameVendor?gameType=X&platform=A%20B',
      400,
      'request.invalid',
    );
    expect(invalidFields(body).sort()).toEqual(['gameType', 'platform']);
    const fields = (body.value as { fields: { message: string }[] }).fields;
    for (const f of fields) expect(f.message.length).toBeGreaterThan(0);
  });
});

describe('errors from handlers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // A second instance with a few extra routes that fail the ways real handlers can.
    app = await buildApp({ config: testConfig(), db: t.db });
    app.get('/wps/test/crash', async () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    app.get('/wps/test/conflict', async () => {
      throw new AppError('system.conflict', { retry: true });
    });
    app.post('/wps/test/echo', async (req) => ({ success: true, value: req.body }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answer an unexpected crash as system.error without its details', async () => {
    const res = await call(app, '/wps/test/crash', { headers: { language: 'CN' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      success: false,
      errorCode: 'system.error',
      message: MESSAGES.CN['system.error'],
    });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });

  it('keep the code, status and value of a known failure', async () => {
    const res = await call(app, '/wps/test/conflict');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      errorCode: 'system.conflict',
      message: MESSAGES.EN['system.conflict'],
      value: { retry: true },
    });
  });

  it('answer malformed JSON and oversized bodies as request.invalid', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });

    const big = await app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });

    const good = await app.inject({ method: 'POST', url: '/wps/test/echo', payload: { a: 1 } });
    expect(good.json()).toEqual({ success: true, value: { a: 1 } });
  });
});

describe('OpenAPI document', () => {
  it('lists every API route with its method', async () => {
    const res = await call<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
      t.app,
      '/docs/json',
    );
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const route of ROUTES) expect(res.body.paths[route], route).toHaveProperty('get');
    // Internal routes stay out.
    expect(res.body.paths).not.toHaveProperty('/healthz');
  });

  it('describes the query parameters and their allowed values', async () => {
    type Param = { name: string; in: string; schema: { enum?: string[] } };
    const doc = (
      await call<{ paths: Record<string, { get: { parameters?: Param[] } }> }>(t.app, '/docs/json')
    ).body;
    const params = (route: string) => doc.paths[route]!.get.parameters ?? [];
    expect(params('/wps/system/status').map((p) => [p.name, p.in])).toEqual([['host', 'query']]);
    expect(
      params('/wps/relay/MCSFE_getListAnnouncements')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['execution', 'platform', 'types']);
    const gameType = params('/wps/relay/GCSGAME_newGameVendor').find((p) => p.name === 'gameType')!;
    expect(gameType.schema.enum).toEqual([...GAME_TYPES]);
    expect(params('/wps/system/customerService').map((p) => p.name)).toEqual(['csPosition']);
  });

  it('serves the browsable documentation at /docs', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('health check and compression', () => {
  it('answers the health check outside the envelope', async () => {
    const res = await call(t.app, '/healthz', { headers: { host: 'nosuch.example' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('compresses large answers for clients that accept it', async () => {
    const res = await t.app.inject({ url: '/wps/system/status', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const value = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as { value: SystemStatusValue };
    expect(value.value.info.merchantCode).toBe('GOLDEN');
    const plain = await t.app.inject({ url: '/wps/system/status' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('brand cache', () => {
  it('keeps serving a cached brand until it expires or is invalidated', async () => {
    const { app: cached, brands } = await buildPlatformOn(t.db, { BRAND_CACHE_SECONDS: '60' });
    try {
      await getOk(cached, '/wps/system/whitelabel');
      await t.db.db
        .updateTable('merchant')
        .set({ maintenance_on: true })
        .where('code', '=', 'GOLDEN')
        .execute();
      // Within the cache time the change does not show yet...
      await getOk(cached, '/wps/system/whitelabel');
      // ...and shows at once after an invalidation.
      brands.invalidate();
      await getFailure(cached, '/wps/system/whitelabel', 503, 'system.maintenance');
    } finally {
      await cached.close();
      await t.db.db
        .updateTable('merchant')
        .set({ maintenance_on: false })
        .where('code', '=', 'GOLDEN')
        .execute();
    }
  });
});
