import { describe, expect, it } from 'vitest';
import { assertStartable, loadConfig, startupProblems } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8080,
      HOST: '0.0.0.0',
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      SEED_DEMO: false,
      DEV_ROUTES: false,
      DEMO_GATEWAY: false,
      DOCS: false,
      DEFAULT_MERCHANT: '',
      BRAND_CACHE_SECONDS: 10,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1, fd00::/8, loopback' }).TRUST_PROXY).toEqual(
      ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'],
    );
    const hops = loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY as (addr: string, hop: number) => boolean;
    expect(typeof hops).toBe('function');
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it("refuses TRUST_PROXY=true (any client's X-Forwarded-For) with a message saying what to set", () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: 'true' would trust any client/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies[\s\S]*addresses\/CIDRs/);
    expect(() => loadConfig({ TRUST_PROXY: ' true ' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses TRUST_PROXY entries that are neither addresses nor CIDRs, naming them', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: .*"yes"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10\.0\.0\.0\/33"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(/"proxy\.internal"/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });

  it('reads SEED_DEMO and numbers from their text', () => {
    expect(loadConfig({ SEED_DEMO: 'false', PORT: '3000', BRAND_CACHE_SECONDS: '0' })).toMatchObject({
      SEED_DEMO: false,
      PORT: 3000,
      BRAND_CACHE_SECONDS: 0,
    });
  });

  it('refuses bad values, naming each setting at fault', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud', BRAND_CACHE_SECONDS: '-1' })).toThrow(
      /LOG_LEVEL[\s\S]*BRAND_CACHE_SECONDS/,
    );
  });
});

describe('the demo and the development routes', () => {
  it('are off in every mode unless asked for, NODE_ENV unset included', () => {
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      expect(loadConfig(NODE_ENV ? { NODE_ENV } : {})).toMatchObject({
        SEED_DEMO: false,
        DEV_ROUTES: false,
        DEMO_GATEWAY: false,
        DOCS: false,
      });
    }
    expect(loadConfig({ NODE_ENV: 'production', DEMO_GATEWAY: 'true' }).DEMO_GATEWAY).toBe(true);
    expect(loadConfig({ DOCS: 'true' }).DOCS).toBe(true);
    expect(() => loadConfig({ DEMO_GATEWAY: 'yes' })).toThrow(/DEMO_GATEWAY/);
    expect(() => loadConfig({ DEV_ROUTES: '1' })).toThrow(/DEV_ROUTES/);
    expect(() => loadConfig({ DOCS: 'on' })).toThrow(/DOCS/);
  });

  it('--demo (npm start) switches on the demo data, dev outbox, demo gateway and /docs; the env still wins', () => {
    expect(loadConfig({}, { demo: true })).toMatchObject({
      SEED_DEMO: true,
      DEV_ROUTES: true,
      DEMO_GATEWAY: true,
      DOCS: true,
    });
    expect(loadConfig({ DOCS: 'false', SEED_DEMO: 'false' }, { demo: true })).toMatchObject({
      SEED_DEMO: false,
      DOCS: false,
      DEV_ROUTES: true,
    });
  });
});

describe('starting in production', () => {
  const ready = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://app@db.internal:5432/platform',
    PROVIDER_SECRETS_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  };

  it('starts with a PostgreSQL URL, seeding nothing', () => {
    const config = loadConfig(ready);
    expect(startupProblems(config)).toEqual([]);
    expect(() => assertStartable(config)).not.toThrow();
    expect(config).toMatchObject({ SEED_DEMO: false, DEV_ROUTES: false, DEMO_GATEWAY: false, DOCS: false });
  });

  it('refuses to start without its database URL', () => {
    expect(() => assertStartable(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      /Refusing to start in production:[\s\S]*DATABASE_URL: required[\s\S]*PGlite/,
    );
    const { DATABASE_URL: _url, ...noDb } = ready;
    expect(startupProblems(loadConfig(noDb))).toEqual([expect.stringMatching(/^DATABASE_URL/)]);
  });

  it('refuses to start without the key that seals provider credentials', () => {
    const { PROVIDER_SECRETS_KEY: _key, ...noKey } = ready;
    expect(startupProblems(loadConfig(noKey))).toEqual([expect.stringMatching(/^PROVIDER_SECRETS_KEY/)]);
  });

  it('refuses the development routes and the --demo start, and allows an explicit SEED_DEMO', () => {
    expect(startupProblems(loadConfig({ ...ready, DEV_ROUTES: 'true' }))).toEqual([
      expect.stringMatching(/^DEV_ROUTES/),
    ]);
    const demo = loadConfig(ready, { demo: true });
    expect(startupProblems(demo, { demo: true })).toEqual([
      expect.stringMatching(/^--demo/),
      expect.stringMatching(/^DEV_ROUTES/),
    ]);
    expect(startupProblems(loadConfig({ ...ready, SEED_DEMO: 'true' }))).toEqual([]);
  });

  it('has nothing to refuse outside production (PGlite and no key are the local default)', () => {
    expect(startupProblems(loadConfig({}))).toEqual([]);
    expect(startupProblems(loadConfig({}, { demo: true }), { demo: true })).toEqual([]);
  });
});
