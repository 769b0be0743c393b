/**
 * The brand's deposit channels and payout banks in the back office: what staff change shows on the
 * member's deposit page at its next load; limits, presets, bank details and providers are checked
 * and a refused change changes nothing; a bank members use is never removed; permission and audit.
 */
import { randomUUID } from 'node:crypto';
import {
  PERMISSIONS,
  type AdminPaymentChannel,
  type AdminPaymentChannels,
  type AdminPayoutBank,
  type PaymentChannelInput,
  type Permission,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const M = 'GOLDEN';
let t: TestContext;
let id: Identity;
let member: NewMember;

const keys = new Map<string, string>();
async function keyOf(who: string, permissions: readonly Permission[]): Promise<string> {
  let key = keys.get(who);
  if (!key) {
    key = `test-key-${who}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(key, who, M, [...permissions], 'test');
    keys.set(who, key);
  }
  return key;
}
async function staff<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  permissions: readonly Permission[] = PERMISSIONS,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      host: 'localhost',
      merchant: M,
      'x-api-key': await keyOf(permissions === PERMISSIONS ? 'owner' : 'other', permissions),
    },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = res.json() as { value?: T; errorCode?: string };
  return { status: res.statusCode, value: json.value as T, code: json.errorCode };
}
const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const r = await staff<T>(method, url, body);
  expect(r.status, JSON.stringify(r)).toBe(200);
  return r.value;
};

const memberChannels = async () =>
  (
    await id.ok<{ channels: { code: string; name: string; minAmount: number; presets: number[] }[] }>(
      '/wps/cashier/channels',
      { token: member.token },
    )
  ).channels;

async function snapshot(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT string_agg(id || ':' || code || ':' || min_amount || ':' || max_amount || ':' || enabled, ',' ORDER BY id)
         FROM payment_channel WHERE merchant_code = ${M}) AS channels,
      (SELECT string_agg(code || ':' || name, ',' ORDER BY code) FROM payout_bank WHERE merchant_code = ${M}) AS banks`.execute(
    t.db.db,
  );
  return JSON.stringify(rows[0]);
}

const bankChannel: PaymentChannelInput = {
  code: 'BANK_TEST',
  kind: 'BANK',
  name: { EN: 'Test bank transfer', CN: '测试银行转账' },
  minAmount: '100',
  maxAmount: '50000',
  feePercent: 1.5,
  feeFixed: '0',
  presets: ['100', '500', '1000'],
  bankName: 'Test Bank',
  accountName: 'Golden Ltd',
  accountNo: '001122334455',
  gateway: null,
  providerChannel: null,
  logo: null,
  enabled: true,
  sort: 0,
};

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'silent' });
  id = new Identity(t);
  member = await id.registerGolden();
});
afterAll(async () => {
  await t?.close();
});

describe('deposit channels', () => {
  let created: AdminPaymentChannel;

  it('lists the seeded channels and the providers this server runs', async () => {
    const all = await ok<AdminPaymentChannels>('GET', '/wps/admin/payment-channels');
    expect(all.list.length).toBeGreaterThan(0);
    expect(all.gateways).toContain('DEMO');
    expect(all.list[0]!.name.EN).toBeTruthy();
  });

  it('a new channel, a change and switching it off show on the member’s deposit page at once', async () => {
    created = await ok<AdminPaymentChannel>('POST', '/wps/admin/payment-channels', bankChannel);
    expect(created).toMatchObject({
      code: 'BANK_TEST',
      minAmount: 100,
      feePercent: 1.5,
      presets: [100, 500, 1000],
    });
    expect((await memberChannels()).find((c) => c.code === 'BANK_TEST')).toMatchObject({
      name: 'Test bank transfer',
      minAmount: 100,
    });
    const changed = await ok<AdminPaymentChannel>('PUT', `/wps/admin/payment-channels/${created.id}`, {
      ...bankChannel,
      minAmount: '200',
      presets: ['200', '2000'],
    });
    expect(changed.minAmount).toBe(200);
    expect((await memberChannels()).find((c) => c.code === 'BANK_TEST')).toMatchObject({
      minAmount: 200,
      presets: [200, 2000],
    });
    await ok('PUT', `/wps/admin/payment-channels/${created.id}`, { ...bankChannel, enabled: false });
    expect((await memberChannels()).some((c) => c.code === 'BANK_TEST')).toBe(false);

    const rows = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'before', 'after'])
      .where('action', 'in', ['channel.create', 'channel.update'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['channel.create', 'channel.update', 'channel.update']);
    expect(rows[1]).toMatchObject({ before: { minAmount: 100 }, after: { minAmount: 200 } });
  });

  it('refuses limits, presets, bank details and providers that do not hold, changing nothing', async () => {
    const before = await snapshot();
    const cases: [Partial<PaymentChannelInput>, number, string][] = [
      [{ minAmount: '600', maxAmount: '500', presets: [] }, 400, 'channel.limits.invalid'],
      [{ presets: ['50'] }, 400, 'channel.presets.invalid'],
      [{ presets: ['60000'] }, 400, 'channel.presets.invalid'],
      [{ accountNo: '' }, 400, 'channel.bank.required'],
      [{ kind: 'ONLINE', gateway: null }, 400, 'channel.gateway.required'],
      [{ kind: 'ONLINE', gateway: 'NOPE' }, 400, 'channel.gateway.required'],
      [{ feePercent: 100 }, 400, 'request.invalid'],
      [{ code: 'bad code' }, 400, 'request.invalid'],
      [{ name: { CN: '只有中文' } }, 400, 'request.invalid'],
      [{ minAmount: '-1' }, 400, 'request.invalid'],
      [{ logo: 'javascript:alert(1)' }, 400, 'request.invalid'],
      [{ code: 'BANK_TEST' }, 409, 'channel.code.taken'],
    ];
    for (const [change, status, code] of cases) {
      const r = await staff('POST', '/wps/admin/payment-channels', {
        ...bankChannel,
        code: 'BANK_NEW',
        ...change,
      });
      expect([r.status, r.code], JSON.stringify(change)).toEqual([status, code]);
    }
    // The same checks on a change, and an unknown channel.
    const r = await staff('PUT', `/wps/admin/payment-channels/${created.id}`, {
      ...bankChannel,
      presets: ['1'],
    });
    expect(r.code).toBe('channel.presets.invalid');
    expect((await staff('PUT', '/wps/admin/payment-channels/999999999', bankChannel)).code).toBe(
      'channel.unknown',
    );
    expect(await snapshot()).toBe(before);
  });

  it('an online channel names a provider the server runs and keeps no bank account', async () => {
    const online = await ok<AdminPaymentChannel>('POST', '/wps/admin/payment-channels', {
      ...bankChannel,
      code: 'ONLINE_TEST',
      kind: 'ONLINE',
      gateway: 'DEMO',
      logo: '/img/pay.png',
    });
    expect(online).toMatchObject({ kind: 'ONLINE', gateway: 'DEMO', bankName: null, accountNo: null });
  });

  it('needs integrations.manage', async () => {
    expect((await staff('GET', '/wps/admin/payment-channels', undefined, ['agents.view'])).status).toBe(403);
  });
});

describe('payout banks', () => {
  it('adds, renames and removes a bank; a bank in use stays', async () => {
    const added = await ok<AdminPayoutBank>('POST', '/wps/admin/payout-banks', {
      code: 'TESTBANK',
      kind: 'BANK',
      name: 'Test Bank',
      sort: 9,
    });
    expect(added).toEqual({ code: 'TESTBANK', kind: 'BANK', name: 'Test Bank', sort: 9, accounts: 0 });
    const dup = await staff('POST', '/wps/admin/payout-banks', {
      code: 'TESTBANK',
      kind: 'BANK',
      name: 'x',
      sort: 0,
    });
    expect([dup.status, dup.code]).toEqual([409, 'payout.bank.code.taken']);
    const renamed = await ok<AdminPayoutBank>('PUT', '/wps/admin/payout-banks/TESTBANK', {
      kind: 'EWALLET',
      name: 'Test Wallet',
      sort: 1,
    });
    expect(renamed).toMatchObject({ kind: 'EWALLET', name: 'Test Wallet' });

    await t.db.db
      .insertInto('payout_account')
      .values({
        merchant_code: M,
        member_id: member.id,
        bank_code: 'TESTBANK',
        account_name: 'Juan Dela Cruz',
        account_no: '5550001',
      })
      .execute();
    const before = await snapshot();
    const used = await staff('DELETE', '/wps/admin/payout-banks/TESTBANK');
    expect([used.status, used.code]).toEqual([409, 'payout.bank.in.use']);
    expect((await staff('DELETE', '/wps/admin/payout-banks/NOSUCH')).code).toBe('payout.bank.unknown');
    expect(await snapshot()).toBe(before);

    await ok('POST', '/wps/admin/payout-banks', { code: 'SPARE', kind: 'BANK', name: 'Spare', sort: 2 });
    await ok('DELETE', '/wps/admin/payout-banks/SPARE');
    const banks = await ok<{ list: AdminPayoutBank[] }>('GET', '/wps/admin/payout-banks');
    expect(banks.list.find((b) => b.code === 'TESTBANK')).toMatchObject({ accounts: 1 });
    expect(banks.list.some((b) => b.code === 'SPARE')).toBe(false);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('action', 'like', 'payout.bank.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'payout.bank.create',
      'payout.bank.update',
      'payout.bank.create',
      'payout.bank.delete',
    ]);
  });
});
