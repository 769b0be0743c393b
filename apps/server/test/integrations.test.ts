import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProviderConfigService } from '../src/modules/integrations/provider-config.service';
import type { ProviderDefinition } from '../src/modules/integrations';
import { SecretBox } from '../src/modules/integrations/secret-box';
import { buildTestApp, type TestContext } from './helper';

const ACME: ProviderDefinition = {
  code: 'ACME',
  kind: 'PAYMENT',
  name: 'Acme Pay',
  description: 'A provider for these tests',
  settings: z.object({
    baseUrl: z.url().default('https://api.acme.example').describe('API base URL'),
    country: z.enum(['PH', 'ID']).default('PH').describe('Country'),
  }),
  secrets: [
    { name: 'apiKey', label: 'API key' },
    { name: 'publicKey', label: 'Public key', multiline: true },
  ],
};

let t: TestContext;
let configs: ProviderConfigService;
beforeAll(async () => {
  t = await buildTestApp();
  configs = new ProviderConfigService(t.db.db, SecretBox.development(), [ACME], 0);
});
afterAll(async () => {
  await t?.close();
});

const row = () =>
  t.db.db
    .selectFrom('provider_config')
    .selectAll()
    .where('merchant_code', '=', 'GOLDEN')
    .where('provider', '=', 'ACME')
    .executeTakeFirst();

describe('provider configurations', () => {
  it('lists a never-saved provider switched off, with its schema defaults and no secret set', async () => {
    const [acme] = await configs.list('GOLDEN');
    expect(acme).toMatchObject({
      provider: 'ACME',
      kind: 'PAYMENT',
      enabled: false,
      settings: { baseUrl: 'https://api.acme.example', country: 'PH' },
      secrets: [
        { name: 'apiKey', label: 'API key', multiline: false, set: false },
        { name: 'publicKey', label: 'Public key', multiline: true, set: false },
      ],
      updatedAt: null,
    });
    expect(acme!.settingsSchema).toMatchObject({ properties: { country: { enum: ['PH', 'ID'] } } });
    expect(await configs.get('GOLDEN', 'ACME')).toBeNull();
  });

  it('refuses to switch on without every secret, and bad settings or unknown names, changing nothing', async () => {
    await expect(
      configs.save('GOLDEN', 'ACME', { enabled: true, settings: {}, secrets: { apiKey: 'k' } }, 'alice'),
    ).rejects.toMatchObject({ code: 'integration.incomplete', params: ['Public key'] });
    await expect(
      configs.save('GOLDEN', 'ACME', { enabled: false, settings: { country: 'XX' }, secrets: {} }, 'alice'),
    ).rejects.toMatchObject({ code: 'request.invalid' });
    await expect(
      configs.save('GOLDEN', 'ACME', { enabled: false, settings: {}, secrets: { other: 'x' } }, 'alice'),
    ).rejects.toMatchObject({ code: 'request.invalid' });
    await expect(
      configs.save('GOLDEN', 'NOPE', { enabled: false, settings: {}, secrets: {} }, 'alice'),
    ).rejects.toMatchObject({ code: 'integration.unknown' });
    expect(await row()).toBeUndefined();
  });

  it('seals secrets at rest, merges them on save (text replaces, null clears, absent keeps)', async () => {
    const saved = await configs.save(
      'GOLDEN',
      'ACME',
      { enabled: true, settings: { country: 'ID' }, secrets: { apiKey: 'sk_live_1', publicKey: 'PEM' } },
      'alice',
    );
    expect(saved.before.enabled).toBe(false);
    expect(saved.after).toMatchObject({ enabled: true, updatedBy: 'alice' });
    expect(saved.after.secrets.every((s) => s.set)).toBe(true);
    const stored = await row();
    expect(stored!.secrets_sealed).toMatch(/^v1\.dev\./);
    expect(JSON.stringify(stored)).not.toContain('sk_live_1');
    expect(await configs.get('GOLDEN', 'ACME')).toMatchObject({
      enabled: true,
      settings: { baseUrl: 'https://api.acme.example', country: 'ID' },
      secrets: { apiKey: 'sk_live_1', publicKey: 'PEM' },
    });
    expect(await configs.enabledBrands('ACME')).toEqual(['GOLDEN']);

    // Saving the rest without secrets keeps them; one replaced keeps the other.
    await configs.save('GOLDEN', 'ACME', { enabled: true, settings: { country: 'PH' }, secrets: {} }, 'bob');
    await configs.save(
      'GOLDEN',
      'ACME',
      { enabled: true, settings: {}, secrets: { apiKey: 'sk_live_2' } },
      'bob',
    );
    expect((await configs.get('GOLDEN', 'ACME'))!.secrets).toEqual({ apiKey: 'sk_live_2', publicKey: 'PEM' });
    // Clearing one switched on is incomplete; switched off it is allowed.
    await expect(
      configs.save('GOLDEN', 'ACME', { enabled: true, settings: {}, secrets: { publicKey: null } }, 'bob'),
    ).rejects.toMatchObject({ code: 'integration.incomplete' });
    await configs.save(
      'GOLDEN',
      'ACME',
      { enabled: false, settings: {}, secrets: { publicKey: null } },
      'bob',
    );
    expect(await configs.get('GOLDEN', 'ACME')).toMatchObject({
      enabled: false,
      secrets: { apiKey: 'sk_live_2' },
    });
    expect(await configs.enabledBrands('ACME')).toEqual([]);
    // Another brand's configuration is its own.
    expect(await configs.get('LOTUS', 'ACME')).toBeNull();
  });

  it('a sealed value copied onto another brand does not open there', async () => {
    const golden = await row();
    await t.db.db
      .insertInto('provider_config')
      .values({
        merchant_code: 'LOTUS',
        provider: 'ACME',
        kind: 'PAYMENT',
        enabled: true,
        settings: '{}',
        secrets_sealed: golden!.secrets_sealed,
      })
      .execute();
    await expect(configs.get('LOTUS', 'ACME')).rejects.toThrow();
  });
});

describe('the integrations admin API', () => {
  const KEY = 'test-admin-key-integrations-01';
  let api: TestContext;
  beforeAll(async () => {
    api = await buildTestApp({ ADMIN_API_KEY: KEY });
  });
  afterAll(async () => {
    await api?.close();
  });
  const call = (method: 'GET' | 'PUT', url: string, body?: unknown, key = KEY) =>
    api.app.inject({
      method,
      url,
      headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': key },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const audits = () =>
    api.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'integration.save')
      .orderBy('id')
      .execute();

  it('lists the providers this server runs, saves one with sealed secrets, audits without values', async () => {
    const list = await call('GET', '/wps/admin/integrations');
    expect(list.statusCode).toBe(200);
    const xendit = (list.json().value as { provider: string; enabled: boolean }[]).find(
      (i) => i.provider === 'XENDIT',
    );
    expect(xendit).toMatchObject({ enabled: false });

    const saved = await call('PUT', '/wps/admin/integrations/XENDIT', {
      enabled: true,
      settings: {},
      secrets: { secretKey: 'xnd_development_SECRET', callbackToken: 'cb-token-SECRET' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ provider: 'XENDIT', enabled: true, updatedBy: 'alice' });
    expect(saved.body).not.toContain('SECRET');
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: 'alice',
      merchant_code: 'GOLDEN',
      target: 'provider:XENDIT',
      before: { enabled: false, secretsSet: [] },
      after: {
        enabled: true,
        secretsSet: ['secretKey', 'callbackToken'],
        secretsChanged: ['secretKey', 'callbackToken'],
      },
    });
    expect(JSON.stringify(rows)).not.toContain('SECRET');
    expect(await api.services.integrations.configs.get('GOLDEN', 'XENDIT')).toMatchObject({
      secrets: { secretKey: 'xnd_development_SECRET' },
    });
  });

  it('refuses bad input, an unknown provider and a wrong key, changing and auditing nothing', async () => {
    const before = await audits();
    for (const [url, body, status] of [
      ['/wps/admin/integrations/XENDIT', { enabled: 'yes', settings: {} }, 400],
      ['/wps/admin/integrations/XENDIT', { enabled: true, settings: { baseUrl: 'not a url' } }, 400],
      ['/wps/admin/integrations/XENDIT', { enabled: true, settings: {}, secrets: { nope: 'x' } }, 400],
      ['/wps/admin/integrations/XENDIT', { enabled: true, settings: {}, secrets: { secretKey: '' } }, 400],
      ['/wps/admin/integrations/NOPE', { enabled: false, settings: {} }, 404],
      ['/wps/admin/integrations/bad-code', { enabled: false, settings: {} }, 400],
    ] as const) {
      const res = await call('PUT', url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    const wrongKey = await call(
      'PUT',
      '/wps/admin/integrations/XENDIT',
      { enabled: false, settings: {} },
      'nope',
    );
    expect(wrongKey.json()).toMatchObject({ success: false, errorCode: 'admin.unauthorized' });
    expect(await audits()).toEqual(before);
    // LOTUS never configured it.
    expect(await api.services.integrations.configs.get('LOTUS', 'XENDIT')).toBeNull();
  });
});
