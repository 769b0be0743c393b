import type { SystemStatusValue } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages';
import { buildAppOn, buildTestApp, type TestContext } from './helper';
import { call, getFailure, getOk, type CallOptions } from './http';

/** Addresses the shipped GeoIP data places: */
const US_IP = '8.8.8.8';
const US_IPV6 = '2001:4860:4860::8888';
const SG_IP = '203.116.0.1';
const PH_IP = '203.177.0.1';

/** Calls the gates close. */
const GATED_CALLS = [
  '/wps/system/whitelabel',
  '/wps/system/domainRoute',
  '/wps/system/customerService',
  '/wps/relay/MCSFE_getListAnnouncements',
  '/wps/relay/GCSGAME_newGameVendor',
  '/wps/relay/GCSGAME_getVassGameType',
  '/wps/session/key',
];
/** API calls that stay open so the site can show its maintenance or region page. */
const OPEN_CALLS = ['/wps/system/status', '/wps/system/helpCenter'];

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function setBrand(
  code: string,
  patch: { maintenance_on?: boolean; maintenance_end_time?: Date | null; blocked_countries?: string[] },
) {
  await t.db.db.updateTable('merchant').set(patch).where('code', '=', code).execute();
  t.brands.invalidate();
}

const statusOf = (app: TestContext['app'], opts: CallOptions = {}) =>
  getOk<SystemStatusValue>(app, '/wps/system/status', opts);

describe('maintenance', () => {
  afterEach(async () => {
    await setBrand('GOLDEN', { maintenance_on: false, maintenance_end_time: null });
  });

  it('closes every API call but status and help with 503 and the end time', async () => {
    await setBrand('GOLDEN', {
      maintenance_on: true,
      maintenance_end_time: new Date('2030-01-02T03:04:05Z'),
    });
    for (const url of GATED_CALLS) {
      const body = await getFailure(t.app, url, 503, 'system.maintenance');
      expect(body.value).toEqual({ maintenanceEndTime: '2030-01-02T03:04:05.000Z' });
      expect(body.message).toBe(MESSAGES.EN['system.maintenance']);
    }
    for (const url of OPEN_CALLS) await getOk(t.app, url);
  });

  it('answers status 1 with the end time on the permission call', async () => {
    await setBrand('GOLDEN', {
      maintenance_on: true,
      maintenance_end_time: new Date('2030-01-02T03:04:05Z'),
    });
    const value = await statusOf(t.app);
    expect(value).toMatchObject({
      status: 1,
      maintenance: true,
      maintenanceEndTime: '2030-01-02T03:04:05.000Z',
    });
    // The site still needs the brand configuration to draw the maintenance page.
    expect(value.info.merchantCode).toBe('GOLDEN');
    expect(value.info.customerService.length).toBeGreaterThan(0);
  });

  it('answers a null end time when none is known', async () => {
    await setBrand('GOLDEN', { maintenance_on: true, maintenance_end_time: null });
    expect(await statusOf(t.app)).toMatchObject({ status: 1, maintenance: true, maintenanceEndTime: null });
    const body = await getFailure(t.app, '/wps/system/whitelabel', 503, 'system.maintenance');
    expect(body.value).toEqual({ maintenanceEndTime: null });
  });

  it('does not report a stale end time once maintenance is off', async () => {
    await setBrand('GOLDEN', {
      maintenance_on: false,
      maintenance_end_time: new Date('2030-01-02T03:04:05Z'),
    });
    expect(await statusOf(t.app)).toMatchObject({ status: 0, maintenance: false, maintenanceEndTime: null });
    await getOk(t.app, '/wps/system/whitelabel');
  });

  it('words the 503 in the request language', async () => {
    await setBrand('GOLDEN', { maintenance_on: true });
    const body = await getFailure(t.app, '/wps/relay/GCSGAME_newGameVendor', 503, 'system.maintenance', {
      headers: { language: 'CN' },
    });
    expect(body.message).toBe(MESSAGES.CN['system.maintenance']);
  });

  it('closes only the brand in maintenance', async () => {
    await setBrand('GOLDEN', { maintenance_on: true });
    await getFailure(t.app, '/wps/system/whitelabel', 503, 'system.maintenance');
    await getOk(t.app, '/wps/system/whitelabel', { headers: { merchant: 'LOTUS' } });
    expect((await statusOf(t.app, { headers: { host: 'lotus.localhost' } })).status).toBe(0);
  });

  it('keeps the health check and the API document reachable', async () => {
    await setBrand('GOLDEN', { maintenance_on: true });
    expect((await call(t.app, '/healthz')).status).toBe(200);
    expect((await call(t.app, '/docs/json')).status).toBe(200);
  });

  it('reopens as soon as maintenance is switched off', async () => {
    await setBrand('GOLDEN', { maintenance_on: true });
    await getFailure(t.app, '/wps/system/domainRoute', 503, 'system.maintenance');
    await setBrand('GOLDEN', { maintenance_on: false });
    await getOk(t.app, '/wps/system/domainRoute');
  });
});

describe('region restriction', () => {
  afterEach(async () => {
    await setBrand('GOLDEN', { maintenance_on: false, blocked_countries: ['US', 'SG'] });
    await setBrand('LOTUS', { blocked_countries: ['US'] });
  });

  it('answers status 2 with the location to a client in a blocked country', async () => {
    const value = await statusOf(t.app, { remoteAddress: US_IP });
    expect(value).toMatchObject({
      status: 2,
      maintenance: false,
      regionRestriction: true,
      location: { ip: US_IP, countryCode: 'US' },
    });
  });

  it('closes every API call but status and help with 403 in the request language', async () => {
    for (const url of GATED_CALLS) {
      const body = await getFailure(t.app, url, 403, 'system.region.restricted', {
        remoteAddress: SG_IP,
        headers: { language: 'MY' },
      });
      expect(body.message).toBe(MESSAGES.MY['system.region.restricted']);
    }
    for (const url of OPEN_CALLS) await getOk(t.app, url, { remoteAddress: SG_IP });
  });

  it('recognises IPv6 addresses', async () => {
    expect((await statusOf(t.app, { remoteAddress: US_IPV6 })).status).toBe(2);
  });

  it('lets in clients from countries the brand does not block, and unknown (private) addresses', async () => {
    const ph = await statusOf(t.app, { remoteAddress: PH_IP });
    expect(ph).toMatchObject({
      status: 0,
      regionRestriction: false,
      location: { ip: PH_IP, countryCode: 'PH' },
    });
    await getOk(t.app, '/wps/system/whitelabel', { remoteAddress: PH_IP });
    const lan = await statusOf(t.app, { remoteAddress: '10.1.2.3' });
    expect(lan).toMatchObject({ status: 0, location: { ip: '10.1.2.3', countryCode: null } });
  });

  it('applies each brand its own list: Singapore is blocked by GOLDEN only', async () => {
    expect((await statusOf(t.app, { remoteAddress: SG_IP })).status).toBe(2);
    expect((await statusOf(t.app, { remoteAddress: SG_IP, headers: { merchant: 'LOTUS' } })).status).toBe(0);
    await getOk(t.app, '/wps/relay/GCSGAME_newGameVendor', {
      remoteAddress: SG_IP,
      headers: { merchant: 'LOTUS' },
    });
    await getFailure(t.app, '/wps/relay/GCSGAME_newGameVendor', 403, 'system.region.restricted', {
      remoteAddress: US_IP,
      headers: { merchant: 'LOTUS' },
    });
  });

  it('follows an edited blocked-country list', async () => {
    await setBrand('GOLDEN', { blocked_countries: ['PH'] });
    expect((await statusOf(t.app, { remoteAddress: PH_IP })).status).toBe(2);
    expect((await statusOf(t.app, { remoteAddress: US_IP })).status).toBe(0);
    await setBrand('GOLDEN', { blocked_countries: [] });
    expect((await statusOf(t.app, { remoteAddress: PH_IP })).status).toBe(0);
  });

  it('lets maintenance win: status 1 and 503 when both apply', async () => {
    await setBrand('GOLDEN', { maintenance_on: true });
    const value = await statusOf(t.app, { remoteAddress: US_IP });
    expect(value).toMatchObject({ status: 1, maintenance: true, regionRestriction: true });
    await getFailure(t.app, '/wps/system/whitelabel', 503, 'system.maintenance', { remoteAddress: US_IP });
  });
});

describe('client address behind a proxy', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    // t runs with the default TRUST_PROXY=false.
    const value = await statusOf(t.app, { headers: { 'x-forwarded-for': US_IP } });
    expect(value).toMatchObject({ status: 0, location: { ip: '127.0.0.1', countryCode: null } });
    await getOk(t.app, '/wps/system/whitelabel', { headers: { 'x-forwarded-for': US_IP } });
    // ...and a spoofed header cannot hide a blocked socket address either.
    expect(
      (await statusOf(t.app, { remoteAddress: US_IP, headers: { 'x-forwarded-for': PH_IP } })).status,
    ).toBe(2);
  });

  it('uses X-Forwarded-For when the socket is a trusted proxy (TRUST_PROXY=loopback)', async () => {
    const proxied = await buildAppOn(t.db, { TRUST_PROXY: 'loopback' });
    try {
      const us = await statusOf(proxied, { headers: { 'x-forwarded-for': US_IP } });
      expect(us).toMatchObject({
        status: 2,
        regionRestriction: true,
        location: { ip: US_IP, countryCode: 'US' },
      });
      await getFailure(proxied, '/wps/system/whitelabel', 403, 'system.region.restricted', {
        headers: { 'x-forwarded-for': US_IP },
      });
      const ph = await statusOf(proxied, { headers: { 'x-forwarded-for': PH_IP } });
      expect(ph).toMatchObject({ status: 0, location: { ip: PH_IP, countryCode: 'PH' } });
      await getOk(proxied, '/wps/system/whitelabel', { headers: { 'x-forwarded-for': PH_IP } });
    } finally {
      await proxied.close();
    }
  });

  it('trusts only as many hops as configured, so a client cannot spoof the leftmost address', async () => {
    const proxied = await buildAppOn(t.db, { TRUST_PROXY: '1' });
    try {
      // The one trusted proxy appended the real client (PH); the US entry was written by the client.
      const value = await statusOf(proxied, { headers: { 'x-forwarded-for': `${US_IP}, ${PH_IP}` } });
      expect(value).toMatchObject({ status: 0, location: { ip: PH_IP, countryCode: 'PH' } });
      const blocked = await statusOf(proxied, { headers: { 'x-forwarded-for': `${PH_IP}, ${US_IP}` } });
      expect(blocked).toMatchObject({ status: 2, location: { ip: US_IP } });
    } finally {
      await proxied.close();
    }
  });

  it('trusts only listed proxy addresses', async () => {
    const proxied = await buildAppOn(t.db, { TRUST_PROXY: '10.0.0.0/8' });
    try {
      const viaProxy = await statusOf(proxied, {
        remoteAddress: '10.0.0.7',
        headers: { 'x-forwarded-for': US_IP },
      });
      expect(viaProxy).toMatchObject({ status: 2, location: { ip: US_IP } });
      const direct = await statusOf(proxied, {
        remoteAddress: PH_IP,
        headers: { 'x-forwarded-for': US_IP },
      });
      expect(direct).toMatchObject({ status: 0, location: { ip: PH_IP } });
    } finally {
      await proxied.close();
    }
  });
});
