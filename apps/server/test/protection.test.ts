import type { Exclusion, ProtectionState } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtectionRepository } from '../src/modules/protection/protection.repository';
import { ProtectionService } from '../src/modules/protection/protection.service';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const state = (m: NewMember) => id.ok<ProtectionState>('/wps/member/protection', { token: m.token });
const setLimit = (m: NewMember, body: unknown) =>
  id.send<{ effect: string; state: ProtectionState }>('/wps/member/protection/limits', {
    method: 'PUT',
    token: m.token,
    body,
  });
const history = (m: NewMember) =>
  t.db.db.selectFrom('protection_event').selectAll().where('member_id', '=', m.id).orderBy('id').execute();

/** The service on the app's database with a clock the test moves (cooling-off and breaks end). */
function clocked(start: Date) {
  let now = start.getTime();
  const service = new ProtectionService(new ProtectionRepository(t.db.db), () => new Date(now));
  return { service, advance: (ms: number) => (now += ms) };
}

describe('limits', () => {
  it('a first limit and a lower one apply at once; a higher one waits for the cooling-off', async () => {
    const m = await id.registerGolden();
    expect((await state(m)).limits).toEqual([]);
    const set = await setLimit(m, { kind: 'DEPOSIT', period: 'D', amount: '500' });
    expect(set.body.value).toMatchObject({
      effect: 'NOW',
      state: { limits: [{ kind: 'DEPOSIT', period: 'D', amount: 500, pending: null, used: 0 }] },
    });
    expect((await setLimit(m, { kind: 'DEPOSIT', period: 'D', amount: 300 })).body.value!.effect).toBe('NOW');
    const raised = await setLimit(m, { kind: 'DEPOSIT', period: 'D', amount: '1000' });
    expect(raised.body.value!.effect).toBe('PENDING');
    const limit = raised.body.value!.state.limits[0]!;
    expect(limit.amount).toBe(300);
    expect(limit.pending).toMatchObject({ amount: 1000, confirmable: false });
    // 24 hours by default.
    expect(Date.parse(limit.pending!.from) - Date.now()).toBeGreaterThan(23.9 * HOUR);
    // Too early to confirm: refused, nothing changes.
    await id.fails(
      '/wps/member/protection/limits/confirm',
      { token: m.token, body: { kind: 'DEPOSIT', period: 'D' } },
      409,
      'protection.cooling',
    );
    expect((await state(m)).limits[0]!.amount).toBe(300);
    // Cancelled, the raise is gone; the limit stays.
    const cancelled = await id.ok<ProtectionState>('/wps/member/protection/limits/cancel', {
      token: m.token,
      body: { kind: 'DEPOSIT', period: 'D' },
    });
    expect(cancelled.limits[0]).toMatchObject({ amount: 300, pending: null });
    expect((await history(m)).map((e) => e.action)).toEqual([
      'limit.set',
      'limit.set',
      'limit.requested',
      'limit.cancelled',
    ]);
  });

  it('a raise or removal is confirmed only after the cooling-off, by the member', async () => {
    const m = await id.registerGolden();
    const c = clocked(new Date());
    const brand = await t.brands.resolve('GOLDEN', undefined);
    await c.service.setLimit(brand, m.id, { kind: 'LOSS', period: 'W', amount: '100' });
    expect((await c.service.setLimit(brand, m.id, { kind: 'LOSS', period: 'W', amount: null })).effect).toBe(
      'PENDING',
    );
    c.advance(23 * HOUR);
    await expect(c.service.confirm(brand, m.id, 'LOSS', 'W')).rejects.toMatchObject({
      code: 'protection.cooling',
    });
    c.advance(HOUR);
    await c.service.confirm(brand, m.id, 'LOSS', 'W');
    expect((await c.service.state(brand, m.id)).limits).toEqual([]);
    await expect(c.service.confirm(brand, m.id, 'LOSS', 'W')).rejects.toMatchObject({
      code: 'protection.nothing.pending',
    });
  });

  it('the session limit counts minutes; bad input is refused and changes nothing', async () => {
    const m = await id.registerGolden();
    expect(
      (await setLimit(m, { kind: 'SESSION', period: 'S', amount: 60 })).body.value!.state.limits,
    ).toEqual([{ kind: 'SESSION', period: 'S', amount: 60, pending: null, used: null }]);
    for (const bad of [
      { kind: 'SESSION', period: 'S', amount: 2 },
      { kind: 'SESSION', period: 'D', amount: 60 },
      { kind: 'DEPOSIT', period: 'S', amount: '10' },
      { kind: 'DEPOSIT', period: 'D', amount: '-5' },
      { kind: 'DEPOSIT', period: 'D', amount: '1.005' },
      { kind: 'BONUS', period: 'D', amount: '1' },
      {},
    ]) {
      const res = await setLimit(m, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await state(m)).limits).toHaveLength(1);
    expect(await history(m)).toHaveLength(1);
  });

  it('counts what was deposited in the period toward the deposit limit', async () => {
    const m = await id.registerGolden();
    const brand = await t.brands.resolve('GOLDEN', undefined);
    const service = t.services.protection.protection;
    expect(await service.depositRoom(brand, m.id)).toBeNull();
    await setLimit(m, { kind: 'DEPOSIT', period: 'D', amount: '500' });
    await setLimit(m, { kind: 'DEPOSIT', period: 'M', amount: '2000' });
    expect(await service.depositRoom(brand, m.id)).toBe(50_000n);
  });

  it('needs a real account', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/member/protection',
      headers: { host: 'localhost' },
    });
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('deposits', () => {
  const channel = () =>
    t.db.db
      .selectFrom('payment_channel')
      .select('id')
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'EWALLET_DEMO')
      .executeTakeFirstOrThrow();
  let req = 0;
  const deposit = async (m: NewMember, amount: string) =>
    id.send('/wps/cashier/deposit', {
      token: m.token,
      body: { channelId: (await channel()).id, amount, requestId: `rg-deposit-${Date.now()}-${++req}` },
    });
  const orders = (m: NewMember) =>
    t.db.db.selectFrom('deposit').select('amount').where('member_id', '=', m.id).execute();

  it('a deposit limit refuses the order that would pass it, naming what is left; pending orders count', async () => {
    const m = await id.registerGolden();
    await setLimit(m, { kind: 'DEPOSIT', period: 'D', amount: '300' });
    expect((await deposit(m, '200')).status).toBe(200);
    const over = await deposit(m, '150');
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ success: false, errorCode: 'protection.limit.deposit' });
    expect(over.body.message).toContain('100.00');
    expect(await orders(m)).toHaveLength(1);
    expect((await deposit(m, '100')).status).toBe(200);
  });

  it('two orders at once cannot both fit in the same room', async () => {
    const m = await id.registerGolden();
    await setLimit(m, { kind: 'DEPOSIT', period: 'W', amount: '100' });
    const results = await Promise.all([deposit(m, '80'), deposit(m, '80'), deposit(m, '80')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect(await orders(m)).toHaveLength(1);
  });

  it('no deposit during a break', async () => {
    const m = await id.registerGolden();
    await id.ok('/wps/member/protection/exclusion', { token: m.token, body: { kind: 'TIMEOUT', days: 1 } });
    const res = await deposit(m, '50');
    expect(res.body).toMatchObject({ success: false, errorCode: 'protection.excluded' });
    expect(await orders(m)).toHaveLength(0);
  });
});

describe('time-outs and self-exclusion', () => {
  it('a break can be lengthened, never shortened, and a self-exclusion never ends early', async () => {
    const m = await id.registerGolden();
    const ex = await id.ok<Exclusion>('/wps/member/protection/exclusion', {
      token: m.token,
      body: { kind: 'TIMEOUT', days: 7 },
    });
    expect(ex).toMatchObject({ kind: 'TIMEOUT', term: '7D', status: 'EXCLUDED', allBrands: false });
    await id.fails(
      '/wps/member/protection/exclusion',
      { token: m.token, body: { kind: 'TIMEOUT', days: 1 } },
      409,
      'protection.excluded.longer',
    );
    const longer = await id.ok<Exclusion>('/wps/member/protection/exclusion', {
      token: m.token,
      body: { kind: 'SELF_EXCLUSION', term: '6M' },
    });
    expect(longer).toMatchObject({ kind: 'SELF_EXCLUSION', term: '6M', status: 'EXCLUDED' });
    await id.fails(
      '/wps/member/protection/exclusion/return',
      { method: 'POST', token: m.token },
      403,
      'protection.excluded',
    );
    for (const bad of [
      { kind: 'TIMEOUT', days: 43 },
      { kind: 'TIMEOUT', days: 0 },
      { kind: 'SELF_EXCLUSION', term: '2W' },
      { kind: 'FOREVER' },
    ]) {
      const res = await id.send('/wps/member/protection/exclusion', { token: m.token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await history(m)).map((e) => e.action)).toEqual(['timeout.started', 'exclusion.started']);
  });

  it('returning from a self-exclusion: after its period, a request, then the cooling-off', async () => {
    const m = await id.registerGolden();
    const brand = await t.brands.resolve('GOLDEN', undefined);
    const c = clocked(new Date());
    await c.service.exclude(brand, m.id, { kind: 'SELF_EXCLUSION', term: '6M', allBrands: false });
    c.advance(180 * 24 * HOUR);
    expect((await c.service.exclusion(brand, m.id))!.status).toBe('EXCLUDED');
    c.advance(5 * 24 * HOUR);
    expect((await c.service.exclusion(brand, m.id))!.status).toBe('ASK');
    expect((await c.service.requestReturn(brand, m.id))!.status).toBe('WAITING');
    c.advance(24 * HOUR);
    expect(await c.service.exclusion(brand, m.id)).toBeNull();
    expect((await history(m)).map((e) => e.action)).toEqual([
      'exclusion.started',
      'exclusion.return.requested',
      'exclusion.ended',
    ]);
  });

  it('a time-out simply ends when its time is up', async () => {
    const m = await id.registerGolden();
    const brand = await t.brands.resolve('GOLDEN', undefined);
    const c = clocked(new Date());
    await c.service.exclude(brand, m.id, { kind: 'TIMEOUT', days: 1, allBrands: false });
    c.advance(24 * HOUR);
    expect(await c.service.exclusion(brand, m.id)).toBeNull();
  });

  it('the history cannot be rewritten', async () => {
    await expect(t.db.db.deleteFrom('protection_event').execute()).rejects.toThrow(/append-only/);
  });
});
