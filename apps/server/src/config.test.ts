import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8080,
      HOST: '0.0.0.0',
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      SEED_DEMO: true,
      DEFAULT_MERCHANT: '',
      BRAND_CACHE_SECONDS: 10,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    const hops = loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY as (addr: string, hop: number) => boolean;
    expect(typeof hops).toBe('function');
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
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

describe('DEMO_GATEWAY', () => {
  it('is on by default outside production, off in production unless asked for', () => {
    expect(loadConfig({}).DEMO_GATEWAY).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_GATEWAY).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).DEMO_GATEWAY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_GATEWAY: 'true' }).DEMO_GATEWAY).toBe(true);
    expect(loadConfig({ DEMO_GATEWAY: 'false' }).DEMO_GATEWAY).toBe(false);
    expect(() => loadConfig({ DEMO_GATEWAY: 'yes' })).toThrow(/DEMO_GATEWAY/);
  });
});
