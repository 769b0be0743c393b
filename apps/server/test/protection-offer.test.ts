/**
 * The limits step a brand offers at registration or at the first deposit (the session endpoint
 * tells the site when it is due), and VIP upgrade bonuses held while a member is on a break.
 */
import { randomUUID } from 'node:crypto';
import type { ProtectionSession } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const M = 'GOLDEN';
let t: TestContext;
let id: Identity;
let channelId: string;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
  const channel = await t.db.db
    .selectFrom('payment_channel')
    .select('id')
    .where('merchant_code', '=', M)
    .executeTakeFirstOrThrow();
  channelId = channel.id;
});
afterAll(async () => {
  await t?.close();
});

const session = (m: NewMember) =>
  id.ok<ProtectionSession>('/wps/member/protection/session', { token: m.token });
const offer = async (value: 'NONE' | 'REGISTRATION' | 'FIRST_DEPOSIT') => {
  await t.db.db
    .insertInto('protection_settings')
    .values({ merchant_code: M, offer_limits: value })
    .onConflict((oc) => oc.column('merchant_code').doUpdateSet({ offer_limits: value }))
    .execute();
};
async function depositRow(memberId: string, amount: bigint, status: 'PENDING' | 'FAILED' | 'APPROVED') {
  await t.db.db
    .insertInto('deposit')
    .values({
      merchant_code: M,
      member_id: memberId,
      request_id: randomUUID(),
      order_no: `OF${randomUUID().slice(0, 12)}`,
      channel_id: channelId,
      amount: amount.toString(),
      fee: '0',
      status,
    })
    .execute();
}
const anotherLogin = (memberId: string) =>
  t.db.db
    .insertInto('member_session')
    .values({
      member_id: memberId,
      kind: 'SESSION',
      token_hash: `test-${randomUUID()}`,
      ip: '10.0.0.1',
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();

describe('the limits step offered to a new member', () => {
  it('is not offered where the brand does not offer it', async () => {
    await offer('NONE');
    const m = await id.registerGolden();
    expect(await session(m)).toMatchObject({
      offerLimits: 'NONE',
      hasDeposited: false,
      offerLimitsNow: false,
    });
  });

  it('REGISTRATION: due in the session the sign-up opened, not after a later login, nor once a limit is set', async () => {
    await offer('REGISTRATION');
    const later = await id.registerGolden();
    expect(await session(later)).toMatchObject({ offerLimits: 'REGISTRATION', offerLimitsNow: true });
    await anotherLogin(later.id);
    expect((await session(later)).offerLimitsNow).toBe(false);

    const m = await id.registerGolden();
    expect((await session(m)).offerLimitsNow).toBe(true);
    // Bad input changes nothing and says so in the member's language; the step is still due.
    const bad = await id.send<null>('/wps/member/protection/limits', {
      method: 'PUT',
      token: m.token,
      lang: 'vi',
      body: { kind: 'DEPOSIT', period: 'D', amount: '-5' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message?.length ?? 0).toBeGreaterThan(0);
    expect(
      await t.db.db.selectFrom('protection_limit').select('kind').where('member_id', '=', m.id).execute(),
    ).toEqual([]);
    expect((await session(m)).offerLimitsNow).toBe(true);
    await id.ok('/wps/member/protection/limits', {
      method: 'PUT',
      token: m.token,
      body: { kind: 'DEPOSIT', period: 'W', amount: '500' },
    });
    expect((await session(m)).offerLimitsNow).toBe(false);
  });

  it('FIRST_DEPOSIT: due until the member asks for a deposit that did not fail, whatever the login', async () => {
    await offer('FIRST_DEPOSIT');
    const m = await id.registerGolden();
    await anotherLogin(m.id);
    expect(await session(m)).toMatchObject({
      offerLimits: 'FIRST_DEPOSIT',
      hasDeposited: false,
      offerLimitsNow: true,
    });
    await depositRow(m.id, 10_000n, 'FAILED');
    expect(await session(m)).toMatchObject({ hasDeposited: false, offerLimitsNow: true });
    await depositRow(m.id, 10_000n, 'PENDING');
    expect(await session(m)).toMatchObject({ hasDeposited: true, offerLimitsNow: false });
  });

  it('is not offered to a member on a break', async () => {
    await offer('FIRST_DEPOSIT');
    const m = await id.registerGolden();
    await id.ok('/wps/member/protection/exclusion', { token: m.token, body: { kind: 'TIMEOUT', days: 1 } });
    expect(await session(m)).toMatchObject({ excluded: true, offerLimitsNow: false });
    await offer('NONE');
  });
});

describe('VIP upgrade bonuses during a break', () => {
  const vipEntries = async (memberId: string) => {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ledger_entry WHERE reference LIKE ${`VIP:%:${memberId}`}`.execute(
      t.db.db,
    );
    return Number(rows[0]!.n);
  };
  const level = async (memberId: string) =>
    (
      await t.db.db
        .selectFrom('member_vip')
        .select('level')
        .where('member_id', '=', memberId)
        .executeTakeFirst()
    )?.level ?? 0;

  it('are held while the break lasts (no credit, no level, no message) and paid once it has ended', async () => {
    const m = await id.registerGolden();
    await id.ok('/wps/member/protection/exclusion', { token: m.token, body: { kind: 'TIMEOUT', days: 1 } });
    // Figures that reach level 1 (turnover 5,000, deposits 1,000), e.g. a round settled after the break began.
    await t.db.db
      .insertInto('member_vip')
      .values({ member_id: m.id, merchant_code: M, turnover: '500000' })
      .execute();
    await depositRow(m.id, 100_000n, 'APPROVED');

    const held = await t.services.promotions.vip.evaluate(M, m.id);
    expect(held).toMatchObject({ level: 0, upgraded: [] });
    expect(await vipEntries(m.id)).toBe(0);
    expect(await level(m.id)).toBe(0);
    expect(
      await t.db.db.selectFrom('vip_upgrade').select('level').where('member_id', '=', m.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.db
        .selectFrom('member_message')
        .select('id')
        .where('member_id', '=', m.id)
        .where('kind', '=', 'VIP_UPGRADE')
        .execute(),
    ).toEqual([]);

    // The time-out is over: the next evaluation reaches the level and pays it, once.
    await t.db.db
      .updateTable('protection_exclusion')
      .set({ starts_at: new Date(Date.now() - 2 * 86_400_000), ends_at: new Date(Date.now() - 60_000) })
      .where('member_id', '=', m.id)
      .execute();
    const paid = await t.services.promotions.vip.evaluate(M, m.id);
    expect(paid.upgraded).toEqual([1]);
    expect(await vipEntries(m.id)).toBe(1);
    expect(await level(m.id)).toBe(1);
    await t.services.promotions.vip.evaluate(M, m.id);
    expect(await vipEntries(m.id)).toBe(1);
  });
});
