import { randomUUID } from 'node:crypto';
import type {
  Claimable,
  Deposit,
  Feedback,
  InboxList,
  ReferralFriends,
  ReferralSummary,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/platform/password';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { AgentTeam } from './agent-team';
import { buildTestApp, type TestContext, PNG } from './helper';
import { Identity, type NewMember, type Reply } from './identity-client';

// The inbox's deletion and operator notices, contract messages, feedback (PUT /wps/feedback)
// and the referral programme (invite friends, one reward per qualified friend).
const ADMIN_KEY = 'test-admin-key-0123456789';
const admin = { merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY };

let t: TestContext;
let id: Identity;
let ledger: LedgerService;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
});
afterAll(async () => {
  await t?.close();
});

const requestId = () => `rq${randomUUID().replaceAll('-', '').slice(0, 20)}`;

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

async function messages(token: string) {
  return id.ok<InboxList>('/wps/member/messages?pageSize=50', { token });
}

const unread = async (token: string) =>
  (await id.ok<{ count: number }>('/wps/relay/CSP_unreadCount', { token })).count;

async function mainBalance(memberId: string): Promise<bigint> {
  return (await ledger.memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;
}

async function count(table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.db.db);
  return Number(rows[0]!.n);
}

/** Sends a notice to one member through the operator API. */
const notice = (username: string, title: string) =>
  id.ok<{ sent: number }>('/wps/admin/messages', {
    method: 'POST',
    headers: admin,
    body: { usernames: [username], title, content: `Content of ${title}` },
  });

describe('inbox: delete and operator notices', () => {
  let m: NewMember;
  let other: NewMember;
  beforeAll(async () => {
    m = await id.registerGolden();
    other = await id.registerGolden();
  });

  it('an operator notice reaches the member (kind SYSTEM, its own title and text); unknown names send nothing', async () => {
    expect(await notice(m.username, 'Maintenance tonight')).toEqual({ sent: 1 });
    const list = await messages(m.token);
    expect(list.list[0]).toMatchObject({
      kind: 'SYSTEM',
      params: { title: 'Maintenance tonight', content: 'Content of Maintenance tonight' },
      read: false,
    });
    const before = await count('member_message');
    await id.fails(
      '/wps/admin/messages',
      {
        method: 'POST',
        headers: admin,
        body: { usernames: [m.username, 'nobody-at-all'], title: 'x', content: 'y' },
      },
      400,
      'request.invalid',
    );
    await id.fails(
      '/wps/admin/messages',
      { method: 'POST', headers: admin, body: { title: 'no recipients', content: 'y' } },
      400,
      'request.invalid',
    );
    await id.fails(
      '/wps/admin/messages',
      { method: 'POST', headers: { merchant: 'GOLDEN' }, body: { all: true, title: 'x', content: 'y' } },
      401,
      'admin.unauthorized',
    );
    expect(await count('member_message')).toBe(before);
  });

  it('a notice to all reaches every real member of the brand, not trial accounts or other brands', async () => {
    const trial = await id.freePlay();
    const members = await t.db.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_code', '=', 'GOLDEN')
      .where('is_agent', '<>', 4)
      .executeTakeFirstOrThrow();
    const { sent } = await id.ok<{ sent: number }>('/wps/admin/messages', {
      method: 'POST',
      headers: admin,
      body: { all: true, title: 'Holiday bonus week', content: 'See promotions.' },
    });
    expect(sent).toBe(Number(members.n));
    // Trial accounts (one was just made) got none.
    expect(trial.token).toBeTruthy();
    const trialMessages = await t.db.db
      .selectFrom('member_message')
      .select('id')
      .where('member_id', 'in', (eb) => eb.selectFrom('member').select('id').where('is_agent', '=', 4))
      .execute();
    expect(trialMessages).toHaveLength(0);
  });

  it('deletes the member’s own messages by id or all read ones; another member’s ids delete nothing', async () => {
    await notice(m.username, 'First');
    await notice(m.username, 'Second');
    await notice(other.username, 'Theirs');
    const mine = (await messages(m.token)).list;
    const theirs = (await messages(other.token)).list;
    const first = mine.find((x) => x.params.title === 'First')!;
    const second = mine.find((x) => x.params.title === 'Second')!;
    const unreadBefore = await unread(m.token);

    // Someone else's message id: nothing deleted.
    expect(
      await id.ok('/wps/member/messages/delete', { token: m.token, body: { ids: [theirs[0]!.id] } }),
    ).toEqual({ deleted: 0 });
    expect((await messages(other.token)).list).toHaveLength(theirs.length);

    // An unread message deleted by id: gone from the list and from the unread count.
    expect(await id.ok('/wps/member/messages/delete', { token: m.token, body: { ids: [first.id] } })).toEqual(
      {
        deleted: 1,
      },
    );
    expect((await messages(m.token)).list.map((x) => x.id)).not.toContain(first.id);
    expect(await unread(m.token)).toBe(unreadBefore - 1);

    // allRead deletes only what was read.
    await id.ok('/wps/member/messages/read', { token: m.token, body: { id: second.id } });
    const { deleted } = await id.ok<{ deleted: number }>('/wps/member/messages/delete', {
      token: m.token,
      body: { allRead: true },
    });
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = (await messages(m.token)).list;
    expect(left.map((x) => x.id)).not.toContain(second.id);
    expect(left.every((x) => !x.read)).toBe(true);
    expect(left).toHaveLength(await unread(m.token));
  });

  it('bad delete requests are refused and delete nothing', async () => {
    const before = (await messages(m.token)).list.length;
    for (const body of [
      {},
      { ids: [] },
      { ids: ['abc'] },
      { allRead: false },
      { ids: Array(101).fill('1') },
    ]) {
      await id.fails('/wps/member/messages/delete', { token: m.token, body }, 400, 'request.invalid');
    }
    await id.fails('/wps/member/messages/delete', { body: { allRead: true } }, 401, 'login.not.session');
    expect((await messages(m.token)).list).toHaveLength(before);
  });
});

describe('contract messages', () => {
  it('an offer reaches the downline; its acceptance reaches the upline', async () => {
    const team = new AgentTeam(t.db.db, 'GOLDEN', { password: await hashPassword('abc12345') });
    const top = `top${randomUUID().slice(0, 6)}`;
    const sub = `sub${randomUUID().slice(0, 6)}`;
    await team.add(top, 1, null);
    await team.add(sub, 1, top);
    const login = (username: string) => id.loginOk({ username, password: 'abc12345' });
    const topToken = (await login(top)).token;
    const subToken = (await login(sub)).token;
    await id.ok('/wps/relay/MCS2_processDailySalContract', {
      token: topToken,
      body: {
        action: 'OFFER',
        memberId: team.ids[sub],
        period: 'D',
        tiers: [{ minAmount: '0', minActive: 0, rate: 0.5 }],
      },
    });
    const offer = (await messages(subToken)).list.find((x) => x.kind === 'CONTRACT_OFFER');
    expect(offer?.params).toEqual({ contract: 'DAILY', member: top });
    const contracts = await t.db.db
      .selectFrom('agent_contract')
      .select('id')
      .where('member_id', '=', team.ids[sub]!)
      .executeTakeFirstOrThrow();
    await id.ok('/wps/relay/MCS2_processDailySalContract', {
      token: subToken,
      body: { action: 'ACCEPT', contractId: contracts.id },
    });
    const accepted = (await messages(topToken)).list.find((x) => x.kind === 'CONTRACT_ACCEPTED');
    expect(accepted?.params).toEqual({ contract: 'DAILY', member: sub });
  });
});

describe('feedback', () => {
  let m: NewMember;
  let other: NewMember;
  beforeAll(async () => {
    m = await id.registerGolden();
    other = await id.registerGolden();
  });

  it('is sent once per request id, listed, and answered once into the inbox', async () => {
    const image = await uploadOk(m.token);
    const body = {
      requestId: requestId(),
      category: 'SUGGESTION',
      content: 'Please add more fishing games.',
      imageIds: [image],
    };
    const sent = await id.send<Feedback>('/wps/feedback', { method: 'PUT', token: m.token, body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.value).toMatchObject({ category: 'SUGGESTION', imageCount: 1, reply: null });
    // The retry (a lost answer) finds the first.
    const again = await id.ok<Feedback>('/wps/feedback', { method: 'PUT', token: m.token, body });
    expect(again.id).toBe(sent.body.value!.id);
    expect(await count('feedback')).toBe(1);
    // The same key with other content is another request reusing it.
    await id.fails(
      '/wps/feedback',
      { method: 'PUT', token: m.token, body: { ...body, content: 'Something else entirely.' } },
      409,
      'wallet.reference.conflict',
    );

    const list = await id.ok<{ list: Feedback[] }>('/wps/feedback', { token: m.token });
    expect(list.list.map((f) => f.id)).toEqual([again.id]);
    expect((await id.ok<{ list: Feedback[] }>('/wps/feedback', { token: other.token })).list).toHaveLength(0);

    const queue = await id.ok<{ id: string; username: string }[]>('/wps/admin/feedback', { headers: admin });
    expect(queue.find((f) => f.id === again.id)?.username).toBe(m.username);
    await id.ok(`/wps/admin/feedback/${again.id}/reply`, {
      method: 'POST',
      headers: admin,
      body: { reply: 'Thank you, two new fishing games arrive next week.' },
    });
    await id.fails(
      `/wps/admin/feedback/${again.id}/reply`,
      { method: 'POST', headers: admin, body: { reply: 'Twice' } },
      404,
      'system.not.found',
    );
    const inbox = (await messages(m.token)).list.filter((x) => x.kind === 'FEEDBACK_REPLY');
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.params).toEqual({ content: 'Thank you, two new fishing games arrive next week.' });
    const answered = await id.ok<{ list: Feedback[] }>('/wps/feedback', { token: m.token });
    expect(answered.list[0]).toMatchObject({ reply: 'Thank you, two new fishing games arrive next week.' });
  });

  it('refuses bad feedback with a clear error and stores nothing', async () => {
    const mine = await Promise.all([1, 2, 3, 4].map(() => uploadOk(m.token)));
    const theirs = await uploadOk(other.token);
    const base = { requestId: requestId(), category: 'COMPLAINT', content: 'The page is slow.' };
    const before = await count('feedback');
    const bad: Record<string, unknown>[] = [
      { ...base, content: 'x'.repeat(141) },
      { ...base, content: 'hey' },
      { ...base, content: '     ' },
      { ...base, category: 'PRAISE' },
      { ...base, requestId: 'short' },
      { ...base, imageIds: mine },
      { ...base, imageIds: [theirs] },
      { ...base, imageIds: [randomUUID()] },
      { ...base, imageIds: [mine[0], mine[0]] },
    ];
    for (const body of bad) {
      await id.fails('/wps/feedback', { method: 'PUT', token: m.token, body }, 400, 'request.invalid');
    }
    // 140 characters exactly is fine.
    await id.ok('/wps/feedback', {
      method: 'PUT',
      token: m.token,
      body: { ...base, content: 'y'.repeat(140) },
    });
    await id.fails('/wps/feedback', { method: 'PUT', body: base }, 401, 'login.not.session');
    const trial = await id.freePlay();
    await id.fails(
      '/wps/feedback',
      { method: 'PUT', token: trial.token, body: { ...base, requestId: requestId() } },
      403,
      'member.trial.forbidden',
    );
    expect(await count('feedback')).toBe(before + 1);
  });
});

describe('referral programme', () => {
  let inviter: NewMember;
  let bankChannel: string;
  beforeAll(async () => {
    inviter = await id.registerGolden();
    const ch = await t.db.db
      .selectFrom('payment_channel')
      .select('id')
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'BANK_BDO')
      .executeTakeFirstOrThrow();
    bankChannel = ch.id;
  });

  const code = async (memberId: string) =>
    (
      await t.db.db
        .selectFrom('member')
        .select('referral_code')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).referral_code;

  /** A bank deposit of the friend, approved by an operator. */
  async function deposit(friend: NewMember, amount: string): Promise<void> {
    const image = await uploadOk(friend.token);
    const d = await id.ok<Deposit>('/wps/cashier/deposit', {
      token: friend.token,
      body: {
        requestId: requestId(),
        channelId: bankChannel,
        amount,
        payerName: friend.payeeName,
        imageIds: [image],
      },
    });
    await id.ok(`/wps/admin/deposits/${d.id}/approve`, { method: 'POST', headers: admin });
  }

  const friends = (token: string) => id.ok<ReferralFriends>('/wps/referral/friends', { token });

  it('a friend who registers with the code and deposits enough first qualifies the inviter for one reward', async () => {
    try {
      await qualifyAndClaim();
    } finally {
      await t.db.db
        .updateTable('referral_rule')
        .set({ min_first_deposit: 100_00n })
        .where('merchant_code', '=', 'GOLDEN')
        .execute();
    }
  });

  async function qualifyAndClaim() {
    const referralCode = await code(inviter.id);
    const friend = await id.registerGolden({ referralCode });
    const small = await id.registerGolden({ referralCode });
    const row = await t.db.db
      .selectFrom('member')
      .select(['referrer_id', 'upline_id'])
      .where('id', '=', friend.id)
      .executeTakeFirstOrThrow();
    // The inviter is the referrer, never an upline: referral is not the agent tree.
    expect(row).toEqual({ referrer_id: inviter.id, upline_id: null });

    let list = await friends(inviter.token);
    expect(list.list.map((f) => [f.id, f.state])).toEqual([
      [small.id, 'REGISTERED'],
      [friend.id, 'REGISTERED'],
    ]);
    expect(list.list[0]!.username).toMatch(/^\w\w\*\*\*\w$/);

    // The friend's first deposit decides: the minimum (here 150.00) qualifies, less never does,
    // not even with a bigger deposit afterwards.
    await t.db.db
      .updateTable('referral_rule')
      .set({ min_first_deposit: 150_00n })
      .where('merchant_code', '=', 'GOLDEN')
      .execute();
    await deposit(friend, '150.00');
    await deposit(small, '149.99');
    await deposit(small, '500.00');
    list = await friends(inviter.token);
    expect(Object.fromEntries(list.list.map((f) => [f.id, [f.state, f.firstDeposit, f.reward]]))).toEqual({
      [friend.id]: ['QUALIFIED', 150, 50],
      [small.id]: ['EXPIRED', 149.99, null],
    });
    const summary = await id.ok<ReferralSummary>('/wps/referral/summary', { token: inviter.token });
    expect(summary).toMatchObject({
      referralCode,
      rule: { enabled: true, minFirstDeposit: 150, reward: 50, turnoverMultiple: 1 },
      invited: 2,
      qualified: 1,
      rewarded: 0,
    });

    // The reward centre source lists it; claiming twice at once pays once.
    const before = await mainBalance(inviter.id);
    const claims = await Promise.all(
      [1, 2, 3].map(() =>
        id.send<Claimable>('/wps/referral/claim', { token: inviter.token, body: { friendId: friend.id } }),
      ),
    );
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    for (const c of claims.filter((c) => c.status !== 200))
      expect([c.status, c.body.errorCode]).toEqual([409, 'reward.not.claimable']);
    expect(await mainBalance(inviter.id)).toBe(before + 50_00n);
    const entry = await ledger.entry(t.db.db, 'GOLDEN', `REFERRAL:${friend.id}`);
    expect(entry).toMatchObject({ kind: 'BONUS', member_id: inviter.id });
    // The reward carries its turnover requirement (1x) and a message.
    const turnover = await t.db.db
      .selectFrom('turnover_requirement')
      .select(['required'])
      .where('source', '=', `REFERRAL:${friend.id}`)
      .executeTakeFirstOrThrow();
    expect(BigInt(turnover.required)).toBe(50_00n);
    const message = (await messages(inviter.token)).list.find((x) => x.kind === 'REFERRAL_REWARD');
    expect(message?.params).toEqual({
      friend: list.list.find((f) => f.id === friend.id)!.username,
      amount: 50,
    });
    expect((await friends(inviter.token)).list.find((f) => f.id === friend.id)?.state).toBe('REWARDED');
    expect(await id.ok<ReferralSummary>('/wps/referral/summary', { token: inviter.token })).toMatchObject({
      qualified: 0,
      rewarded: 1,
      rewardsEarned: 50,
    });
    expect(await checkLedger(t.db.db)).toEqual([]);
  }

  it('refuses claims for friends who are not qualified or not the member’s, and bad ids; nothing moves', async () => {
    const stranger = await id.registerGolden();
    const friend = await id.registerGolden({ referralCode: await code(inviter.id) });
    const before = { balance: await mainBalance(inviter.id), rewards: await count('referral_reward') };
    for (const friendId of [friend.id, stranger.id, inviter.id, '999999999']) {
      await id.fails(
        '/wps/referral/claim',
        { token: inviter.token, body: { friendId } },
        409,
        'reward.not.claimable',
      );
    }
    await id.fails(
      '/wps/referral/claim',
      { token: inviter.token, body: { friendId: 'x1' } },
      400,
      'request.invalid',
    );
    await id.fails('/wps/referral/claim', { body: { friendId: friend.id } }, 401, 'login.not.session');
    expect(await mainBalance(inviter.id)).toBe(before.balance);
    expect(await count('referral_reward')).toBe(before.rewards);
  });

  it('stops at the monthly limit; a switched-off programme qualifies nobody', async () => {
    const host = await id.registerGolden();
    const referralCode = await code(host.id);
    const a = await id.registerGolden({ referralCode });
    const b = await id.registerGolden({ referralCode });
    await deposit(a, '150.00');
    await deposit(b, '150.00');
    await t.db.db
      .updateTable('referral_rule')
      .set({ monthly_limit: 1 })
      .where('merchant_code', '=', 'GOLDEN')
      .execute();
    try {
      await id.ok('/wps/referral/claim', { token: host.token, body: { friendId: a.id } });
      await id.fails(
        '/wps/referral/claim',
        { token: host.token, body: { friendId: b.id } },
        409,
        'reward.not.claimable',
      );
      await t.db.db
        .updateTable('referral_rule')
        .set({ monthly_limit: 50, enabled: false })
        .where('merchant_code', '=', 'GOLDEN')
        .execute();
      await id.fails(
        '/wps/referral/claim',
        { token: host.token, body: { friendId: b.id } },
        409,
        'reward.not.claimable',
      );
      expect((await friends(host.token)).list.find((f) => f.id === b.id)?.state).toBe('REGISTERED');
      // The promotion counts no longer offer the programme.
      const counts = await id.ok<{ availablePromo: { REFERRAL: { enabled: boolean } } }>(
        '/wps/relay/MCSFE_getAvailablePromotions',
        { token: host.token },
      );
      expect(counts.availablePromo.REFERRAL.enabled).toBe(false);
    } finally {
      await t.db.db
        .updateTable('referral_rule')
        .set({ monthly_limit: 50, enabled: true })
        .where('merchant_code', '=', 'GOLDEN')
        .execute();
    }
    expect((await friends(host.token)).list.find((f) => f.id === b.id)?.state).toBe('QUALIFIED');
    const counts = await id.ok<{ availablePromo: { REFERRAL: { enabled: boolean } } }>(
      '/wps/relay/MCSFE_getAvailablePromotions',
      { token: host.token },
    );
    expect(counts.availablePromo.REFERRAL.enabled).toBe(true);
  });
});
