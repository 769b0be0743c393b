import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';

const ADMIN_KEY = 'test-admin-key-0123456789';
const URL = '/wps/admin/cashier/settings';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  // The demo seed gives its brands a threshold; these tests start from brands without one.
  await t.db.db.deleteFrom('cashier_settings').execute();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT', merchant: string, body?: unknown, key = ADMIN_KEY) =>
  t.app.inject({
    method,
    url: URL,
    headers: { host: 'localhost', merchant, 'x-api-key': key },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
const auditRows = (merchant: string) =>
  t.db.db
    .selectFrom('audit_log')
    .selectAll()
    .where('merchant_code', '=', merchant)
    .where('action', '=', 'cashier.settings')
    .orderBy('id')
    .execute();

describe('cashier settings (withdrawal approval threshold)', () => {
  it('defaults to 0 (every withdrawal needs a second approver), sets per brand, audits before/after', async () => {
    expect((await call('GET', 'GOLDEN')).json()).toEqual({
      success: true,
      value: { withdrawalApprovalThreshold: 0 },
    });
    const set = await call('PUT', 'GOLDEN', { withdrawalApprovalThreshold: 5000.5 });
    expect(set.json()).toEqual({ success: true, value: { withdrawalApprovalThreshold: 5000.5 } });
    expect((await call('GET', 'GOLDEN')).json().value).toEqual({ withdrawalApprovalThreshold: 5000.5 });
    // Another brand keeps its own value.
    expect((await call('GET', 'LOTUS')).json().value).toEqual({ withdrawalApprovalThreshold: 0 });
    // Stored in minor units.
    const row = await t.db.db
      .selectFrom('cashier_settings')
      .selectAll()
      .where('merchant_code', '=', 'GOLDEN')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ withdrawal_approval_threshold: '500050', updated_by: 'alice' });

    await call('PUT', 'GOLDEN', { withdrawalApprovalThreshold: '0' });
    const rows = await auditRows('GOLDEN');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor: 'alice',
      target: 'merchant:GOLDEN',
      before: { withdrawalApprovalThreshold: 0 },
      after: { withdrawalApprovalThreshold: 5000.5 },
    });
    expect(rows[1]).toMatchObject({
      before: { withdrawalApprovalThreshold: 5000.5 },
      after: { withdrawalApprovalThreshold: 0 },
    });
  });

  it('refuses bad input and a wrong key, changing nothing and auditing nothing', async () => {
    await call('PUT', 'LOTUS', { withdrawalApprovalThreshold: 100 });
    const before = await auditRows('LOTUS');
    for (const bad of [
      { withdrawalApprovalThreshold: -1 },
      { withdrawalApprovalThreshold: 1.005 },
      { withdrawalApprovalThreshold: '1e5' },
      { withdrawalApprovalThreshold: 'abc' },
      {},
    ]) {
      const res = await call('PUT', 'LOTUS', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    const wrongKey = await call('PUT', 'LOTUS', { withdrawalApprovalThreshold: 1 }, 'nope');
    expect(wrongKey.json()).toMatchObject({ success: false, errorCode: 'admin.unauthorized' });
    expect(await auditRows('LOTUS')).toEqual(before);
    expect((await call('GET', 'LOTUS')).json().value).toEqual({ withdrawalApprovalThreshold: 100 });
  });
});
