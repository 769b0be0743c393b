import type { BrandSettings, SystemStatusValue } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatformOn, buildTestApp, type TestContext } from './helper';
import { Identity } from './identity-client';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';

const KEY = 'brands-admin-test-key';
let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: KEY });
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const admin = (
  url: string,
  o: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; merchant?: string } = {},
) =>
  id.send(url, {
    method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
    body: o.body,
    headers: { 'x-api-key': KEY, ...(o.merchant ? { merchant: o.merchant } : {}) },
  });

const status = (o: { host?: string; merchant?: string; token?: string; ip?: string } = {}) =>
  id.ok<SystemStatusValue>('/wps/system/status', {
    host: o.host,
    token: o.token,
    ip: o.ip,
    headers: o.merchant ? { merchant: o.merchant } : {},
  });

const auditRows = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

const NEW_BRAND = {
  code: 'JADE',
  name: 'Jade Garden',
  hosts: ['jade.localhost', 'www.jade.example'],
  defaultLanguage: 'EN',
  languages: ['EN', 'TH'],
  currency: 'THB',
  currencySymbol: '฿',
  timezone: 'Asia/Bangkok',
  resources: [{ type: 'ANDROID', url: 'https://download.jade.example/app.apk' }],
  customerService: [{ position: 'HOME', type: 'LIVECHAT', url: 'https://chat.jade.example/' }],
};

describe('creating a brand', () => {
  it('serves a working site at once, by Merchant header and by host, with defaults for everything the site reads', async () => {
    const res = await admin('/wps/admin/brands', { body: NEW_BRAND });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byHeader = await status({ merchant: 'JADE' });
    expect(byHeader.info).toMatchObject({
      merchantCode: 'JADE',
      brandName: 'Jade Garden',
      currencySymbol: '฿',
      defaultLanguage: 'EN',
      languages: ['EN', 'TH'],
      timezone: 'Asia/Bangkok',
    });
    expect(byHeader.status).toBe(0);
    expect(byHeader.info.register.find((r) => r.field === 'username')).toMatchObject({
      enabled: true,
      required: true,
    });
    expect(byHeader.info.whitelabel.length).toBeGreaterThan(0);
    expect(byHeader.info.resources).toEqual([expect.objectContaining({ resourceType: 'ANDROID' })]);
    // No logo given: the site shows the brand's name as its logo.
    expect(byHeader.info.logoUrl).toBe('/brand-logo/JADE.svg');
    const logo = await t.app.inject({ url: '/brand-logo/JADE.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain('>Jade Garden</text>');
    expect((await t.app.inject({ url: '/brand-logo/NOPE.svg' })).statusCode).toBe(404);
    const byHost = await status({ host: 'www.jade.example' });
    expect(byHost.info.merchantCode).toBe('JADE');
    // Registration works on the new brand straight away.
    const settings = (await admin('/wps/admin/brand/settings', { merchant: 'JADE' })).body
      .value as BrandSettings;
    expect(settings.cashier.withdrawMin).toBe('100.00');
    const audit = await auditRows('brand.create');
    expect(audit[0]).toMatchObject({ target: 'merchant:JADE', merchant_code: null });
  });

  it('refuses a taken code or host, bad languages and a bad time zone, and creates nothing', async () => {
    const before = await id.count('merchant');
    const hosts = await id.count('merchant_host');
    const refused = async (body: Record<string, unknown>, status: number, code: string) => {
      const res = await admin('/wps/admin/brands', {
        body: { ...NEW_BRAND, code: 'OPAL', hosts: ['opal.localhost'], ...body },
      });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: false, errorCode: code });
      expect(res.status).toBe(status);
    };
    await refused({ code: 'GOLDEN' }, 409, 'brand.code.taken');
    await refused({ hosts: ['opal.localhost', 'localhost'] }, 409, 'brand.host.taken');
    await refused({ defaultLanguage: 'CN' }, 400, 'brand.language.invalid');
    await refused({ languages: ['EN', 'EN'] }, 400, 'brand.language.invalid');
    await refused({ languages: ['EN', 'XX'] }, 400, 'request.invalid');
    await refused({ timezone: 'Mars/Olympus_Mons' }, 400, 'brand.timezone.invalid');
    await refused({ code: 'bad code!' }, 400, 'request.invalid');
    expect(await id.count('merchant')).toBe(before);
    expect(await id.count('merchant_host')).toBe(hosts);
  });

  it('is for platform owners only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/brands',
      headers: { host: 'localhost' },
      payload: NEW_BRAND,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('brand settings', () => {
  const current = async (merchant = 'JADE') =>
    (await admin('/wps/admin/brand/settings', { merchant })).body.value as BrandSettings;

  it('previews in plain changes without saving, then saves, audits and shows on the site', async () => {
    const before = await current();
    const next: BrandSettings = structuredClone(before);
    next.registerRules = next.registerRules.map((r) =>
      r.field === 'email' ? { ...r, enabled: true, required: true } : r,
    );
    next.modules = next.modules.map((m) => (m.modId === 'FORCECHANGEPASS' ? { ...m, enabled: false } : m));
    next.general.name = 'Jade Palace';
    next.cashier.withdrawMin = '50.00';
    const preview = await admin('/wps/admin/brand/settings/preview', { body: next, merchant: 'JADE' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const changes = (preview.body.value as { changes: { kind: string; subject: string | null }[] }).changes;
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'register.field.required', subject: 'email' }),
        expect.objectContaining({ kind: 'module.hidden', subject: 'FORCECHANGEPASS' }),
        expect.objectContaining({ kind: 'name' }),
        expect.objectContaining({ kind: 'withdraw.limits' }),
      ]),
    );
    expect(await current()).toEqual(before);

    const saved = await admin('/wps/admin/brand/settings', { method: 'PUT', body: next, merchant: 'JADE' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const site = await status({ merchant: 'JADE' });
    expect(site.info.brandName).toBe('Jade Palace');
    expect(site.info.register.find((r) => r.field === 'email')).toMatchObject({
      enabled: true,
      required: true,
    });
    const modules = site.info.whitelabel.flatMap((n) => [n, ...n.childrenNodes]);
    expect(modules.find((n) => n.modId === 'FORCECHANGEPASS')?.enabled).toBe('0');
    const row = (await auditRows('brand.settings'))[0]!;
    expect(row.merchant_code).toBe('JADE');
    expect((row.before as BrandSettings).general.name).toBe('Jade Garden');
    expect((row.after as BrandSettings).general.name).toBe('Jade Palace');
  });

  it('refuses settings that would break the site, and changes nothing', async () => {
    const before = await current();
    const bad = async (edit: (s: BrandSettings) => void, code = 'brand.settings.invalid') => {
      const next = structuredClone(before);
      edit(next);
      for (const url of ['/wps/admin/brand/settings/preview', '/wps/admin/brand/settings']) {
        const res = await admin(url, {
          method: url.endsWith('preview') ? 'POST' : 'PUT',
          body: next,
          merchant: 'JADE',
        });
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: false, errorCode: code });
      }
    };
    await bad((s) => (s.registerRules.find((r) => r.field === 'email')!.min = 200));
    await bad((s) =>
      Object.assign(
        s.registerRules.find((r) => r.field === 'qqNum')!,
        { enabled: false, required: true },
      ),
    );
    await bad((s) =>
      Object.assign(
        s.registerRules.find((r) => r.field === 'password')!,
        { required: false },
      ),
    );
    await bad((s) => (s.cashier.withdrawMin = '90000.00'));
    await bad(
      (s) => (s.modules = s.modules.map((m) => (m.modId.endsWith('REG3') ? { ...m, enabled: false } : m))),
    );
    await bad((s) => (s.general.defaultLanguage = 'VI'), 'brand.language.invalid');
    await bad((s) => (s.general.timezone = 'Nowhere/City'), 'brand.timezone.invalid');
    await bad((s) => (s.links.hosts = ['localhost']), 'brand.host.taken');
    await bad((s) => (s.security = { ...s.security, enforcePasswordExpiry: true, passwordExpiryDays: null }));
    await bad((s) => (s.general.theme = { bogus: true } as never), 'request.invalid');
    await bad(
      (s) =>
        (s.links.domainRoutes = [
          { domain: 'm.jade.example', speed: 10 },
          { domain: 'm.jade.example', speed: 20 },
        ]),
    );
    await bad(
      (s) => (s.links.domainRoutes = [{ domain: 'https://m.jade.example', speed: 10 }]),
      'request.invalid',
    );
    await bad((s) => (s.links.domainRoutes = [{ domain: 'm.jade.example', speed: -1 }]), 'request.invalid');
    expect(await current()).toEqual(before);
  });

  it("sets the apps' domain list, and draws the QR code of an app download from its address", async () => {
    const next = structuredClone(await current());
    next.links.domainRoutes = [
      { domain: 'm.jade.example', speed: 40 },
      { domain: 'gw.jade.example', speed: 25 },
    ];
    next.links.resources = [{ type: 'IOS', url: 'https://download.jade.example/ios' }];
    const res = await admin('/wps/admin/brand/settings', { method: 'PUT', body: next, merchant: 'JADE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changes = (res.body.value as { changes: { kind: string }[] }).changes.map((c) => c.kind);
    expect(changes).toContain('domain.routes');
    const site = await status({ merchant: 'JADE' });
    expect(site.info.domainRoute.domainList).toEqual([
      { domain: 'gw.jade.example', speed: 25 },
      { domain: 'm.jade.example', speed: 40 },
    ]);
    const ios = site.info.resources.find((r) => r.resourceType === 'IOS')!;
    expect(ios.qrCodeUrl).toBe('/app-qr/JADE-IOS.svg');
    const qr = await t.app.inject({ method: 'GET', url: ios.qrCodeUrl });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.body).toContain('<svg');
    // No download of that type: nothing to draw.
    expect((await t.app.inject({ method: 'GET', url: '/app-qr/JADE-LITE.svg' })).statusCode).toBe(404);
  });

  it('edits the legacy payload switch, password expiry and GeeTest id the session module reads', async () => {
    const next = structuredClone(await current('GOLDEN'));
    next.security = {
      legacyCrypto: false,
      passwordExpiryDays: 90,
      enforcePasswordExpiry: true,
      geetestId: 'abcdef1234567890',
    };
    const res = await admin('/wps/admin/brand/settings', { method: 'PUT', body: next, merchant: 'GOLDEN' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const brand = await t.brands.resolve('GOLDEN', undefined);
    expect(brand).toMatchObject({
      legacyCrypto: false,
      passwordExpiryDays: 90,
      enforcePasswordExpiry: true,
      geetestId: 'abcdef1234567890',
    });
    next.security = {
      legacyCrypto: true,
      passwordExpiryDays: null,
      enforcePasswordExpiry: false,
      geetestId: 'c9a2e7f41b8d3e65a0f7d2b4c8e1f306',
    };
    await admin('/wps/admin/brand/settings', { method: 'PUT', body: next, merchant: 'GOLDEN' });
  });
});

describe('maintenance windows', () => {
  it('closes the site in its window except to the allowed members, then opens again when cancelled', async () => {
    const tester = await id.registerGolden();
    const player = await id.registerGolden();
    const start = new Date(Date.now() - 60_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const res = await admin('/wps/admin/brand/maintenance/windows', {
      merchant: 'GOLDEN',
      body: {
        startsAt: start,
        endsAt: end,
        message: { EN: 'Upgrading' },
        allowedUsernames: [tester.username.toUpperCase()],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const window = res.body.value as { id: string; state: string; allowedUsernames: string[] };
    expect(window).toMatchObject({ state: 'ACTIVE', allowedUsernames: [tester.username] });
    const row = (await auditRows('brand.maintenance.schedule'))[0]!;
    expect(row).toMatchObject({ merchant_code: 'GOLDEN', target: `maintenance_window:${window.id}` });

    // Players see the maintenance screen and every gated call is refused.
    const anonymous = await status();
    expect(anonymous).toMatchObject({
      status: 1,
      maintenance: true,
      maintenanceEndTime: end,
      maintenanceMessage: 'Upgrading',
    });
    await id.fails('/wps/system/country', {}, 503, 'system.maintenance');
    await id.fails('/wps/member/info', { token: player.token }, 503, 'system.maintenance');
    expect(
      (await id.login({ username: player.username, password: player.password }, { ip: player.ip })).body,
    ).toMatchObject({
      errorCode: 'system.maintenance',
    });
    // The allowed member still gets in: the status call, gated calls and a fresh login.
    expect((await status({ token: tester.token })).status).toBe(0);
    await id.ok('/wps/member/info', { token: tester.token });
    await id.loginOk({ username: tester.username, password: tester.password }, { ip: tester.ip });

    const cancelled = await admin(`/wps/admin/brand/maintenance/windows/${window.id}`, {
      method: 'DELETE',
      merchant: 'GOLDEN',
    });
    expect(cancelled.body.value).toMatchObject({ state: 'CANCELLED' });
    expect((await status()).status).toBe(0);
    await id.ok('/wps/member/info', { token: player.token });
    await admin(`/wps/admin/brand/maintenance/windows/${window.id}`, {
      method: 'DELETE',
      merchant: 'GOLDEN',
    }).then((r) => expect(r.body).toMatchObject({ errorCode: 'brand.maintenance.not.found' }));
  });

  it('a window in the future leaves the site open until it starts', async () => {
    const res = await admin('/wps/admin/brand/maintenance/windows', {
      merchant: 'GOLDEN',
      body: {
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 7_200_000).toISOString(),
        message: { EN: 'Later' },
      },
    });
    expect(res.body.value).toMatchObject({ state: 'UPCOMING' });
    expect((await status()).status).toBe(0);
    await admin(`/wps/admin/brand/maintenance/windows/${(res.body.value as { id: string }).id}`, {
      method: 'DELETE',
      merchant: 'GOLDEN',
    });
  });

  it('refuses a bad window and stores nothing', async () => {
    const before = await id.count('maintenance_window');
    const now = Date.now();
    const refuse = async (body: Record<string, unknown>, code = 'brand.maintenance.invalid') => {
      const res = await admin('/wps/admin/brand/maintenance/windows', {
        merchant: 'GOLDEN',
        body: {
          startsAt: new Date(now + 60_000).toISOString(),
          endsAt: new Date(now + 120_000).toISOString(),
          message: { EN: 'x' },
          ...body,
        },
      });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: false, errorCode: code });
    };
    await refuse({ endsAt: new Date(now).toISOString() });
    await refuse({
      startsAt: new Date(now - 7_200_000).toISOString(),
      endsAt: new Date(now - 3_600_000).toISOString(),
    });
    await refuse({ endsAt: new Date(now + 30 * 86_400_000).toISOString() });
    await refuse({ message: { CN: '维护' } });
    await refuse({ message: { EN: 'x', XX: 'y' } }, 'request.invalid');
    await refuse({ allowedUsernames: ['not a name'] }, 'request.invalid');
    expect(await id.count('maintenance_window')).toBe(before);
  });
});

describe('region rules', () => {
  const US_IP = '8.8.8.8';
  const PH_IP = '203.177.0.1';
  const SG_IP = '203.116.0.1';

  it('an allow-list lets only its countries in; refused countries stay out; both audited', async () => {
    const set = await admin('/wps/admin/brand/regions', {
      method: 'PUT',
      merchant: 'LOTUS',
      body: { allowedCountries: ['ph', 'SG'], blockedCountries: ['US'] },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await status({ merchant: 'LOTUS', ip: PH_IP })).status).toBe(0);
    expect((await status({ merchant: 'LOTUS', ip: SG_IP })).status).toBe(0);
    expect((await status({ merchant: 'LOTUS', ip: US_IP })).status).toBe(2);
    // Only the PH/SG list: a client from elsewhere is refused even though nothing blocks it.
    await admin('/wps/admin/brand/regions', {
      method: 'PUT',
      merchant: 'LOTUS',
      body: { allowedCountries: ['PH'], blockedCountries: [] },
    });
    expect((await status({ merchant: 'LOTUS', ip: SG_IP })).status).toBe(2);
    // Private addresses have no country: let in.
    expect((await status({ merchant: 'LOTUS', ip: '10.0.0.9' })).status).toBe(0);
    const row = (await auditRows('brand.regions'))[0]!;
    expect(row.before).toEqual({ allowedCountries: ['PH', 'SG'], blockedCountries: ['US'] });
    expect(row.after).toEqual({ allowedCountries: ['PH'], blockedCountries: [] });
  });

  it('refuses a country both allowed and refused, or not a country code, and changes nothing', async () => {
    const before = (await admin('/wps/admin/brand/regions', { merchant: 'LOTUS' })).body.value;
    const a = await admin('/wps/admin/brand/regions', {
      method: 'PUT',
      merchant: 'LOTUS',
      body: { allowedCountries: ['PH'], blockedCountries: ['PH'] },
    });
    expect(a.body).toMatchObject({ errorCode: 'brand.region.invalid' });
    const b = await admin('/wps/admin/brand/regions', {
      method: 'PUT',
      merchant: 'LOTUS',
      body: { allowedCountries: ['PHL'], blockedCountries: [] },
    });
    expect(b.body).toMatchObject({ errorCode: 'request.invalid' });
    expect((await admin('/wps/admin/brand/regions', { merchant: 'LOTUS' })).body.value).toEqual(before);
    await admin('/wps/admin/brand/regions', {
      method: 'PUT',
      merchant: 'LOTUS',
      body: { allowedCountries: [], blockedCountries: ['US'] },
    });
  });
});

describe('first owner on an empty database', () => {
  it('prints a token while nobody exists; it creates one platform owner once; wrong tokens are refused and limited', async () => {
    const db = await openDb({ kind: 'pglite', dataDir: null });
    await migrate(db);
    const platform = await buildPlatformOn(db);
    try {
      const call = (method: 'GET' | 'POST', url: string, payload?: unknown, ip = '10.9.9.9') =>
        platform.app.inject({
          method,
          url,
          headers: { host: 'backoffice.example' },
          payload: payload as object,
          remoteAddress: ip,
        });
      // No brand at all: the back office's sign-in, set-up and session calls still answer.
      expect((await call('GET', '/wps/admin/setup')).json()).toMatchObject({ value: { needed: true } });
      expect((await call('GET', '/wps/admin/auth/session')).statusCode).toBe(401);
      // A brand route with no brand is refused cleanly.
      expect((await call('GET', '/wps/admin/brand/settings')).json()).toMatchObject({
        errorCode: 'system.merchant.unknown',
      });
      const token = await platform.services.brands.setup.prepare();
      expect(token).toBeTruthy();
      const staffBefore = await db.db.selectFrom('staff').select('id').execute();
      const wrong = await call('POST', '/wps/admin/setup', {
        token: 'x'.repeat(32),
        username: 'owner',
        displayName: 'Owner',
      });
      expect(wrong.json()).toMatchObject({ errorCode: 'setup.token.invalid' });
      expect(wrong.statusCode).toBe(403);
      expect(await db.db.selectFrom('staff').select('id').execute()).toEqual(staffBefore);

      const made = await call('POST', '/wps/admin/setup', {
        token,
        username: 'Owner',
        displayName: 'The Owner',
      });
      expect(made.statusCode, made.body).toBe(200);
      const { oneTimePassword, username } = made.json().value as {
        oneTimePassword: string;
        username: string;
      };
      expect(username).toBe('owner');
      // The owner signs in like every staff member: the one-time password must be changed first.
      const login = await call('POST', '/wps/admin/auth/login', {
        username: 'owner',
        password: oneTimePassword,
      });
      expect(login.json()).toMatchObject({ value: { step: 'CHANGE_PASSWORD' } });
      const grants = await db.db.selectFrom('staff_grant').selectAll().execute();
      expect(grants).toEqual([expect.objectContaining({ merchant_code: null })]);

      // Once only: the same token, and any other, is refused now.
      const again = await call('POST', '/wps/admin/setup', {
        token,
        username: 'second',
        displayName: 'Second',
      });
      expect(again.json()).toMatchObject({ errorCode: 'setup.not.needed' });
      expect(await platform.services.brands.setup.prepare()).toBeNull();
      expect((await call('GET', '/wps/admin/setup')).json()).toMatchObject({ value: { needed: false } });

      // Guessing is limited per address.
      const codes: string[] = [];
      for (let i = 0; i < 7; i++)
        codes.push(
          (
            await call(
              'POST',
              '/wps/admin/setup',
              { token: `guess-${i}-xxxxxxxx`, username: 'x12', displayName: 'X' },
              '10.7.7.7',
            )
          ).json().errorCode,
        );
      expect(codes.at(-1)).toBe('system.throttled');
    } finally {
      await platform.app.close();
      await db.close();
    }
  });
});
