/**
 * Bonus money must not leave its wagering requirement through another account, and the referral
 * programme must not pay a member for inviting itself. Through the HTTP calls, on the database the
 * test project chooses: a referral code never makes an upline; every transfer between members and
 * agents is refused while the sender has turnover still to bet; a reward for a friend who shares an
 * IP address, a device or a payout account with the inviting member is held for an operator
 * (X-Api-Key), who pays or rejects it. Every refused call leaves the books as they were.
 */
import { randomUUID } from 'node:crypto';
import type {
  AgentTransferResult,
  Claimable,
  Deposit,
  LoginResult,
  ReferralFriends,
  ReferralReward,
  ReferralRewardList,
  ReferralSummary,
  UplineTransferResult,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { hashPassword } from '../src/platform/password';
import { AgentTeam } from './agent-team';
import { type DbHandle, openDb } from '../src/db/client';
import { migrate, readMigrations } from '../src/db/migrate';
import { seedDemo } from '../src/seed/seed';
import { buildTestApp, createPostgresDatabase, type TestContext, PNG } from './helper';
import { Identity, type NewMember, type Reply } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const M = 'GOLDEN';
const PAY = '654321';
const admin = { merchant: M, 'x-api-key': ADMIN_KEY };

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let bankChannel: string;
let payoutBank: string;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  bankChannel = (
    await t.db.db
      .selectFrom('payment_channel')
      .select('id')
      .where('merchant_code', '=', M)
      .where('code', '=', 'BANK_BDO')
      .executeTakeFirstOrThrow()
  ).id;
  payoutBank = (
    await t.db.db
      .selectFrom('payout_bank')
      .select('code')
      .where('merchant_code', '=', M)
      .orderBy('code')
      .executeTakeFirstOrThrow()
  ).code;
});
afterAll(async () => {
  await t?.close();
});

const rid = () => `rq${randomUUID().replaceAll('-', '').slice(0, 20)}`;

const mainBalance = async (memberId: string) =>
  (await ledger.memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;

/** What a refused call must leave as it was: entries, balances, requirements, rewards, members. */
async function books(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM ledger_entry)::text AS entries,
      (SELECT coalesce(string_agg(id || ':' || balance, ',' ORDER BY id), '') FROM ledger_account) AS balances,
      (SELECT coalesce(string_agg(id || ':' || achieved || '/' || required, ',' ORDER BY id), '')
         FROM turnover_requirement) AS requirements,
      (SELECT coalesce(string_agg(id || ':' || status, ',' ORDER BY id), '') FROM referral_reward) AS rewards,
      (SELECT count(*) FROM member)::text AS members`.execute(t.db.db);
  return JSON.stringify(rows[0]);
}

/** An operator credit with a turnover requirement of amount x multiple (as a bonus gives one). */
async function bonus(username: string, amount: string, turnoverMultiple: number): Promise<void> {
  await id.adjust(username, amount, ADMIN_KEY, { reason: 'First deposit bonus', turnoverMultiple });
}

/** Everything the member still had to bet, bet (as settled bets would work it off). */
async function betEverything(memberId: string): Promise<void> {
  await t.db.db
    .updateTable('turnover_requirement')
    .set({ achieved: sql`required` })
    .where('member_id', '=', memberId)
    .execute();
}

async function setPaymentPassword(m: NewMember): Promise<void> {
  await id.ok('/wps/member/password/payment', {
    token: m.token,
    body: { password: m.password, newPaymentPassword: PAY },
    encrypt: true,
  });
}

const toUpline = (m: NewMember, body: Record<string, unknown> = {}, lang?: string) =>
  id.send<UplineTransferResult>('/wps/member/transfer/upline', {
    token: m.token,
    body: { requestId: rid(), amount: '20', paymentPassword: PAY, ...body },
    encrypt: true,
    ...(lang ? { lang } : {}),
  });

const referralCodeOf = async (memberId: string) =>
  (
    await t.db.db
      .selectFrom('member')
      .select('referral_code')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow()
  ).referral_code;

async function uploadOk(token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/images',
    headers: { host: 'localhost', authorization: token, 'content-type': 'image/png' },
    payload: PNG,
  });
  const body = res.json<Reply<{ imageId: string }>['body']>();
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  return body.value!.imageId;
}

/** A bank deposit of the friend, approved by an operator (the seeded rule qualifies from 100.00). */
async function deposit(friend: NewMember, amount: string): Promise<void> {
  const d = await id.ok<Deposit>('/wps/cashier/deposit', {
    token: friend.token,
    body: {
      requestId: rid(),
      channelId: bankChannel,
      amount,
      payerName: friend.payeeName,
      imageIds: [await uploadOk(friend.token)],
    },
  });
  await id.ok(`/wps/admin/deposits/${d.id}/approve`, { method: 'POST', headers: admin });
}

const claim = (inviter: NewMember, friend: NewMember) =>
  id.send<Claimable>('/wps/referral/claim', { token: inviter.token, body: { friendId: friend.id } });

const friendState = async (inviter: NewMember, friend: NewMember) =>
  (await id.ok<ReferralFriends>('/wps/referral/friends', { token: inviter.token })).list.find(
    (f) => f.id === friend.id,
  )?.state;

const heldRewards = () =>
  id.ok<ReferralRewardList>('/wps/admin/referral/rewards?status=HELD', { headers: admin });

async function payoutAccount(member: NewMember, accountNo: string): Promise<void> {
  await t.db.db
    .insertInto('payout_account')
    .values({
      merchant_code: M,
      member_id: member.id,
      bank_code: payoutBank,
      account_name: member.payeeName,
      account_no: accountNo,
    })
    .execute();
}

// ---- referral is not the agent tree ------------------------------------------------------------------

describe('a referral code never makes an upline', () => {
  it('records the inviter as referrer only; an affiliate code still places the member under its agent', async () => {
    const inviter = await id.registerGolden();
    const code = await referralCodeOf(inviter.id);
    const invited = await id.registerGolden({ referralCode: code });
    expect(await id.memberRow(invited.username)).toMatchObject({ referrer_id: inviter.id, upline_id: null });

    const agent = await id.memberRow('agent01');
    const both = await id.registerGolden({ referralCode: code, affiliateCode: 'GOLD2026' });
    expect(await id.memberRow(both.username)).toMatchObject({ referrer_id: inviter.id, upline_id: agent.id });
  });

  it('the self-referral chain fails: a bonus cannot reach the "upline" inviter, even through an old link', async () => {
    // One person, two accounts, one address: the inviter, and the invited account taking a bonus.
    const ip = '10.66.0.1';
    const inviter = await id.registerGolden({}, { ip });
    const self = await id.registerGolden({ referralCode: await referralCodeOf(inviter.id) }, { ip });
    await setPaymentPassword(self);
    await bonus(self.username, '2000', 10);
    const before = await books();
    await id.fails(
      '/wps/member/transfer/upline',
      { token: self.token, body: { requestId: rid(), amount: '2000', paymentPassword: PAY }, encrypt: true },
      400,
      'upline.none',
    );
    // An account linked under its inviter before referral and agent tree were told apart: the inviter
    // is no agent, so it is nobody's upline to pay.
    await t.db.db.updateTable('member').set({ upline_id: inviter.id }).where('id', '=', self.id).execute();
    await id.fails(
      '/wps/member/transfer/upline',
      { token: self.token, body: { requestId: rid(), amount: '2000', paymentPassword: PAY }, encrypt: true },
      400,
      'upline.none',
    );
    expect(await books()).toBe(before);
    expect(await mainBalance(inviter.id)).toBe(0n);
  });
});

// ---- transfers and open turnover ------------------------------------------------------------------------

describe('a transfer to another account is refused while turnover is still to bet', () => {
  it('a member under an agent: refused with the amount still to bet, in the member’s language; paid once bet', async () => {
    const m = await id.registerGolden({ affiliateCode: 'GOLD2026' });
    await setPaymentPassword(m);
    // 100.00 with 20x turnover: 2,000.00 to bet before any of it may leave.
    await bonus(m.username, '100', 20);
    const before = await books();
    const refused = await id.fails(
      '/wps/member/transfer/upline',
      { token: m.token, body: { requestId: rid(), amount: '20', paymentPassword: PAY }, encrypt: true },
      400,
      'transfer.turnover.unmet',
    );
    expect(refused).toMatchObject({ value: { turnoverRemaining: 2000 } });
    expect(refused.message).toContain('2000.00');
    const cn = await toUpline(m, {}, 'cn');
    expect(cn.body).toMatchObject({ errorCode: 'transfer.turnover.unmet' });
    expect(cn.body.message).toContain('流水');
    expect(await books()).toBe(before);

    await betEverything(m.id);
    const requestId = rid();
    const paid = await toUpline(m, { requestId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value).toMatchObject({ amount: 20, upline: 'agent01', balance: 80 });
    // A new bonus after the transfer does not turn its retry into a refusal: it answers as before.
    await bonus(m.username, '10', 5);
    const retry = await toUpline(m, { requestId });
    expect(retry.body.value).toMatchObject({ id: paid.body.value!.id, amount: 20 });
    await id.fails(
      '/wps/member/transfer/upline',
      { token: m.token, body: { requestId: rid(), amount: '1', paymentPassword: PAY }, encrypt: true },
      400,
      'transfer.turnover.unmet',
    );
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('agents: transfers to the downline and to the upline are refused the same way; the usual flow works', async () => {
    const [hash, payHash] = await Promise.all([hashPassword('agent1234'), hashPassword(PAY)]);
    const team = new AgentTeam(t.db.db, M, { password: hash, payment: payHash });
    await team.add('xtop', 1, null);
    await team.add('xagent', 1, 'xtop');
    await team.add('xmember', 0, 'xagent');
    await team.fund('xagent', 500_00n);
    const session = await id.send<LoginResult>('/wps/agent/login', {
      method: 'POST',
      body: { type: 'username', username: 'xagent', password: 'agent1234' },
      encrypt: true,
      ip: '10.66.1.1',
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const token = session.body.value!.token;
    const send = (to: 'downline' | 'upline', amount = '50') =>
      id.send<AgentTransferResult>(`/wps/agent/transfer/${to}`, {
        method: 'POST',
        token,
        ip: '10.66.1.1',
        encrypt: true,
        body: {
          requestId: rid(),
          amount,
          paymentPassword: PAY,
          ...(to === 'downline' ? { memberId: team.ids.xmember } : {}),
        },
      });

    // The legitimate flow: money down to a member and up to the agent above.
    expect((await send('downline')).body).toMatchObject({
      success: true,
      value: { to: 'xmember', balance: 450 },
    });
    expect((await send('upline')).body).toMatchObject({ success: true, value: { to: 'xtop', balance: 400 } });

    await bonus('xagent', '100', 3);
    const before = await books();
    for (const to of ['downline', 'upline'] as const) {
      const r = await send(to);
      expect([r.status, r.body.errorCode, r.body.value]).toEqual([
        400,
        'transfer.turnover.unmet',
        { turnoverRemaining: 300 },
      ]);
    }
    expect(await books()).toBe(before);
    await betEverything(team.ids.xagent!);
    expect((await send('downline')).body).toMatchObject({ success: true, value: { balance: 450 } });
  });
});

// ---- referral rewards and their abuse checks ----------------------------------------------------------

describe('a referral reward for a friend tied to the inviter is held for review', () => {
  it('same IP: the claim is held, nothing is paid; an operator pays it once', async () => {
    const ip = '10.66.2.1';
    const inviter = await id.registerGolden({}, { ip });
    const friend = await id.registerGolden({ referralCode: await referralCodeOf(inviter.id) }, { ip });
    await deposit(friend, '150.00');
    expect(await friendState(inviter, friend)).toBe('QUALIFIED');

    const before = await mainBalance(inviter.id);
    const held = await claim(inviter, friend);
    expect([held.status, held.body.errorCode]).toEqual([409, 'referral.reward.review']);
    expect(held.body.message?.length).toBeGreaterThan(0);
    expect(await mainBalance(inviter.id)).toBe(before);
    expect(await ledger.entry(t.db.db, M, `REFERRAL:${friend.id}`)).toBeUndefined();
    expect(await friendState(inviter, friend)).toBe('REVIEW');
    expect(await id.ok<ReferralSummary>('/wps/referral/summary', { token: inviter.token })).toMatchObject({
      qualified: 0,
      rewarded: 0,
      rewardsEarned: 0,
    });
    // Claimed again (the invite page or the reward centre): still nothing to pay.
    const again = await books();
    expect((await claim(inviter, friend)).body.errorCode).toBe('reward.not.claimable');
    expect(await books()).toBe(again);

    // The operator sees why, and pays.
    const row = (await heldRewards()).list.find((r) => r.friendId === friend.id)!;
    expect(row).toMatchObject({
      referrer: inviter.username,
      friend: friend.username,
      amount: 50,
      status: 'HELD',
      holdReasons: ['IP'],
      reviewedBy: null,
    });
    await id.fails(
      `/wps/admin/referral/rewards/${row.id}/approve`,
      { method: 'POST' },
      401,
      'admin.unauthorized',
    );
    const paid = await id.ok<ReferralReward>(`/wps/admin/referral/rewards/${row.id}/approve`, {
      method: 'POST',
      headers: admin,
    });
    expect(paid).toMatchObject({ status: 'PAID', reviewedBy: 'alice' });
    expect(await mainBalance(inviter.id)).toBe(before + 50_00n);
    const requirement = await t.db.db
      .selectFrom('turnover_requirement')
      .select('required')
      .where('source', '=', `REFERRAL:${friend.id}`)
      .executeTakeFirstOrThrow();
    expect(BigInt(requirement.required)).toBe(50_00n);
    expect(await friendState(inviter, friend)).toBe('REWARDED');

    // Decided once: a second approval or a rejection now changes nothing.
    const after = await books();
    await id.fails(
      `/wps/admin/referral/rewards/${row.id}/approve`,
      { method: 'POST', headers: admin },
      409,
      'referral.reward.state',
    );
    await id.fails(
      `/wps/admin/referral/rewards/${row.id}/reject`,
      { method: 'POST', headers: admin, body: { reason: 'late' } },
      409,
      'referral.reward.state',
    );
    expect(await books()).toBe(after);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('same device (x-device-id): held; an operator rejects it and it can never be paid', async () => {
    const device = { 'x-device-id': 'dev-0123456789abcdef' };
    const inviter = await id.registerGolden({}, { headers: device });
    const friend = await id.registerGolden(
      { referralCode: await referralCodeOf(inviter.id) },
      { headers: device },
    );
    expect(inviter.ip).not.toBe(friend.ip);
    expect((await id.memberRow(friend.username)).register_device).toBe('dev-0123456789abcdef');
    // Anything but the client's own random id is ignored, never stored or compared.
    const odd = await id.registerGolden({}, { headers: { 'x-device-id': 'WEB' } });
    expect((await id.memberRow(odd.username)).register_device).toBeNull();
    await deposit(friend, '150.00');
    expect((await claim(inviter, friend)).body.errorCode).toBe('referral.reward.review');
    const row = (await heldRewards()).list.find((r) => r.friendId === friend.id)!;
    expect(row.holdReasons).toEqual(['DEVICE']);

    const before = await books();
    await id.fails(
      `/wps/admin/referral/rewards/${row.id}/reject`,
      { method: 'POST', headers: admin, body: { reason: '' } },
      400,
      'request.invalid',
    );
    await id.fails(
      '/wps/admin/referral/rewards/999999999/reject',
      { method: 'POST', headers: admin, body: { reason: 'Same device' } },
      404,
      'referral.reward.unknown',
    );
    await id.fails(
      `/wps/admin/referral/rewards/${row.id}/approve`,
      { method: 'POST', headers: { ...admin, merchant: 'LOTUS' } },
      404,
      'referral.reward.unknown',
    );
    await id.fails(
      '/wps/admin/referral/rewards/x1/approve',
      { method: 'POST', headers: admin },
      400,
      'request.invalid',
    );
    expect(await books()).toBe(before);

    const rejected = await id.ok<ReferralReward>(`/wps/admin/referral/rewards/${row.id}/reject`, {
      method: 'POST',
      headers: admin,
      body: { reason: 'Same device' },
    });
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectReason: 'Same device', reviewedBy: 'alice' });
    expect(await friendState(inviter, friend)).toBe('REJECTED');
    expect((await claim(inviter, friend)).body.errorCode).toBe('reward.not.claimable');
    expect(await ledger.entry(t.db.db, M, `REFERRAL:${friend.id}`)).toBeUndefined();
  });

  it('same payout account: held; a friend tied by nothing is paid at once', async () => {
    const inviter = await id.registerGolden();
    const code = await referralCodeOf(inviter.id);
    const tied = await id.registerGolden({ referralCode: code });
    const stranger = await id.registerGolden({ referralCode: code });
    await payoutAccount(inviter, '001234567890');
    await payoutAccount(tied, '001234567890');
    await payoutAccount(stranger, '009999999999');
    await deposit(tied, '150.00');
    await deposit(stranger, '150.00');

    expect((await claim(inviter, tied)).body.errorCode).toBe('referral.reward.review');
    const held = (await heldRewards()).list.find((r) => r.friendId === tied.id)!;
    expect(held.holdReasons).toEqual(['PAYOUT_ACCOUNT']);
    // Two operators approving at once pay it once.
    const start = await mainBalance(inviter.id);
    const approvals = await Promise.all(
      [1, 2, 3].map(() =>
        id.send<ReferralReward>(`/wps/admin/referral/rewards/${held.id}/approve`, {
          method: 'POST',
          headers: admin,
        }),
      ),
    );
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await mainBalance(inviter.id)).toBe(start + 50_00n);

    const before = await mainBalance(inviter.id);
    const paid = await claim(inviter, stranger);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await mainBalance(inviter.id)).toBe(before + 50_00n);
    expect(await friendState(inviter, stranger)).toBe('REWARDED');
  });
});

// ---- the data already linked by referral ------------------------------------------------------------

describe('migration 0028', () => {
  it('unlinks members whose upline is their non-agent referrer; agent trees stay as they are', async () => {
    let handle: DbHandle;
    let drop = async () => {};
    if (process.env.TEST_DB_KIND === 'postgres') {
      const created = await createPostgresDatabase();
      handle = await openDb({ kind: 'postgres', url: created.url });
      drop = created.drop;
    } else {
      handle = await openDb({ kind: 'pglite', dataDir: null });
    }
    try {
      // The data fix runs on today's schema and seed (a seed of the schema before 0028 would need
      // that day's seed code): the rows it mends are inserted, then its UPDATE runs again.
      const fix = readMigrations().find((m) => m.name.startsWith('0028_referral'))!;
      const from = fix.sql.indexOf('UPDATE member');
      const unlink = fix.sql.slice(from, fix.sql.indexOf(';', from) + 1);
      expect(unlink).toMatch(/UPDATE member m\s+SET upline_id = NULL/);
      await migrate(handle);
      await seedDemo(handle.db);
      const db = handle.db;
      const insert = async (
        username: string,
        isAgent: number,
        upline: string | null,
        referrer: string | null,
      ) =>
        (
          await db
            .insertInto('member')
            .values({
              merchant_code: M,
              username,
              password_hash: 'x',
              is_agent: isAgent,
              upline_id: upline,
              referrer_id: referrer,
              referral_code: username.toUpperCase(),
              register_method: 'WEB',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const agent = (
        await db
          .selectFrom('member')
          .select('id')
          .where('merchant_code', '=', M)
          .where('username', '=', 'agent01')
          .executeTakeFirstOrThrow()
      ).id;
      const inviter = await insert('mig_inviter', 0, null, null);
      const friend = await insert('mig_friend', 0, inviter, inviter);
      const agentFriend = await insert('mig_agent_friend', 0, agent, agent);
      const affiliated = await insert('mig_affiliated', 0, agent, inviter);

      await handle.withScriptSession((session) => session.exec(unlink));
      const rows = await db
        .selectFrom('member')
        .select(['id', 'upline_id', 'referrer_id'])
        .where('id', 'in', [friend, agentFriend, affiliated])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: friend, upline_id: null, referrer_id: inviter },
        { id: agentFriend, upline_id: agent, referrer_id: agent },
        { id: affiliated, upline_id: agent, referrer_id: inviter },
      ]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
