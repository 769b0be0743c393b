/**
 * Missions, the mission leaderboard and the reward centre through their HTTP calls, on
 * the database the test project chooses: progress counted from real house-slot spins, approved
 * deposits and logins; claims that pay once (twice in a row, five at once) and are refused before
 * the target with nothing moved; the next day starting from zero; the weekly leaderboard; the
 * reward centre listing and dispatching; trial and signed-out callers refused.
 */
import { randomBytes } from 'node:crypto';
import type {
  ClaimableRewards,
  Claimable,
  Deposit,
  LaunchGame,
  Mission,
  MissionLeaderboard,
  MissionSummaryDetails,
  SlotSpinResult,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskAccount } from '../src/platform/mask';
import { periodAt } from '../src/platform/periods';
import { hashPassword } from '../src/platform/password';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { seedMissions } from '../src/seed/missions';
import { DEMO_BRANDS } from '../src/seed/demo-brands';
import { buildTestApp, type TestContext, PNG } from './helper';
import { ticketOf } from './game-ticket';
import { freezeTime, freshIp, Identity, LOTUS, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const SUMMARY = '/wps/relay/MCSFE_getMissionSummaryDetails';
const BOARD = '/wps/relay/MCSFE_getMissionLeaderboard';
const CLAIM = '/wps/mission/claim';
const REWARDS = '/wps/rewards/claimable';
const REWARD_CLAIM = '/wps/rewards/claim';
const GOLDEN_TZ = 'Asia/Manila';
const DAY_MS = 86_400_000;

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
/** Mission ids by brand and code (the demo seed's missions). */
const missionIds: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  for (const m of await t.db.db.selectFrom('mission').select(['id', 'merchant_code', 'code']).execute()) {
    missionIds[`${m.merchant_code}/${m.code}`] = m.id;
  }
});
afterAll(async () => {
  await t?.close();
});

// ---- helpers ---------------------------------------------------------------------------------------

const mid = (code: string, merchant = 'GOLDEN') => missionIds[`${merchant}/${code}`]!;
const summary = (token: string, host?: string) => id.ok<MissionSummaryDetails>(SUMMARY, { token, host });
const missionOf = (s: MissionSummaryDetails, code: string, merchant = 'GOLDEN') =>
  s.missions.find((m) => m.id === mid(code, merchant))!;
const claim = (token: string, missionId: string, host?: string) =>
  id.send<Mission>(CLAIM, { method: 'POST', body: { missionId }, token, host });
const board = (token: string, host?: string) => id.ok<MissionLeaderboard>(BOARD, { token, host });

async function mainBalance(memberId: string): Promise<bigint> {
  return (await ledger.memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;
}

/** Everything a refused claim must leave as it was. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM ledger_entry)::text AS entries,
      (SELECT coalesce(string_agg(id || ':' || balance, ',' ORDER BY id), '') FROM ledger_account) AS balances,
      (SELECT count(*) FROM mission_claim)::text AS claims,
      (SELECT count(*) FROM turnover_requirement)::text AS turnover,
      (SELECT count(*) FROM member_message)::text AS messages`.execute(t.db.db);
  return JSON.stringify(rows[0]);
}

const fund = (username: string, amount: string) => id.credit(username, amount, ADMIN_KEY);

/** Spins the house slot (an RNG game settled at once) at `bet` per spin, `spins` times. */
async function spinHouseSlot(m: NewMember, bet: number, spins: number): Promise<SlotSpinResult[]> {
  const launch = await id.ok<LaunchGame>(
    '/wps/game/launchGame?vendor=HOUSE&gameCode=house-dragon-fortune&backUrl=%2Frng',
    { token: m.token },
  );
  const ticket = await ticketOf(t.app, launch.url);
  const results: SlotSpinResult[] = [];
  for (let i = 0; i < spins; i++) {
    results.push(
      await id.ok<SlotSpinResult>('/wps/house/slot/spin', {
        headers: { 'x-game-token': ticket },
        body: { bet, requestId: `spin${randomBytes(8).toString('hex')}` },
      }),
    );
  }
  return results;
}

/** The member's settled bets as the betting record has them: valid turnover (minor) and wins. */
async function betFacts(memberId: string): Promise<{ valid: bigint; wins: number; rng: bigint }> {
  const { rows } = await sql<{ valid: string; wins: number; rng: string }>`
    SELECT coalesce(sum(valid_bet), 0)::text AS valid,
           count(*) FILTER (WHERE payout > stake)::int AS wins,
           coalesce(sum(valid_bet) FILTER (WHERE game_type = 'RNG'), 0)::text AS rng
      FROM bet_record WHERE member_id = ${memberId} AND status = 'SETTLED'`.execute(t.db.db);
  return { valid: BigInt(rows[0]!.valid), wins: rows[0]!.wins, rng: BigInt(rows[0]!.rng) };
}

/** A bank deposit with a receipt, PENDING until approved. */
async function bankDeposit(m: NewMember, amount: string): Promise<Deposit> {
  const upload = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/images',
    headers: { host: 'localhost', authorization: m.token, 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const imageId = upload.json<{ value: { imageId: string } }>().value.imageId;
  const channel = await t.db.db
    .selectFrom('payment_channel')
    .select('id')
    .where('merchant_code', '=', 'GOLDEN')
    .where('code', '=', 'BANK_BDO')
    .executeTakeFirstOrThrow();
  return id.ok<Deposit>('/wps/cashier/deposit', {
    token: m.token,
    body: {
      requestId: `dep-${randomBytes(6).toString('hex')}`,
      channelId: channel.id,
      amount,
      payerName: 'Juan Dela Cruz',
      imageIds: [imageId],
    },
  });
}

const approve = (depositId: string) =>
  id.ok<Deposit>(`/wps/admin/deposits/${depositId}/approve`, {
    method: 'POST',
    headers: { merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY },
  });

// ---- tests -----------------------------------------------------------------------------------------

describe('demo seed', () => {
  it('gives both demo brands eight missions, inserting only what is missing', async () => {
    const count = async () =>
      (await t.db.db.selectFrom('mission').select(['merchant_code']).execute()).reduce<
        Record<string, number>
      >((acc, r) => ({ ...acc, [r.merchant_code]: (acc[r.merchant_code] ?? 0) + 1 }), {});
    expect(await count()).toEqual({ GOLDEN: 8, LOTUS: 8 });
    const lotus = await t.db.db
      .selectFrom('mission')
      .select(['title', 'target', 'reward'])
      .where('merchant_code', '=', 'LOTUS')
      .where('code', '=', 'daily-bet')
      .executeTakeFirstOrThrow();
    expect(lotus).toMatchObject({ target: '10000', reward: '500' });
    expect(lotus.title).toMatchObject({
      EN: 'Bet RM 100.00 on any game',
      MY: 'Bertaruh RM 100.00 dalam mana-mana permainan',
    });
    // An operator's change survives the seed that runs at every start.
    await t.db.db
      .updateTable('mission')
      .set({ sort: 99 })
      .where('id', '=', mid('weekly-deposit', 'LOTUS'))
      .execute();
    await seedMissions(t.db.db, DEMO_BRANDS);
    expect(await count()).toEqual({ GOLDEN: 8, LOTUS: 8 });
    const edited = await t.db.db
      .selectFrom('mission')
      .select('sort')
      .where('id', '=', mid('weekly-deposit', 'LOTUS'))
      .executeTakeFirstOrThrow();
    expect(edited.sort).toBe(99);
  });
});

describe('mission progress from real play', () => {
  it('a new member sees the brand’s missions: the login of its registration counts, nothing else yet', async () => {
    const m = await id.registerGolden();
    const s = await summary(m.token);
    expect(s.missions).toHaveLength(8);
    expect(s.missions.map((x) => x.period)).toEqual([...Array(4).fill('DAILY'), ...Array(4).fill('WEEKLY')]);
    const day = periodAt('D', Date.now(), GOLDEN_TZ);
    const week = periodAt('W', Date.now(), GOLDEN_TZ);
    expect(s.dayEndTime).toBe(day.end.toISOString());
    expect(s.weekEndTime).toBe(week.end.toISOString());
    expect(missionOf(s, 'daily-login')).toMatchObject({
      metric: 'LOGIN',
      title: 'Log in today',
      progress: 1,
      target: 1,
      reward: 2,
      turnoverRequired: 2,
      state: 'CLAIMABLE',
      endTime: day.end.toISOString(),
      claimedTime: null,
    });
    expect(missionOf(s, 'daily-bet')).toMatchObject({
      metric: 'TURNOVER',
      gameType: null,
      title: 'Bet P 100.00 on any game',
      progress: 0,
      target: 100,
      reward: 5,
      state: 'IN_PROGRESS',
    });
    expect(missionOf(s, 'weekly-login')).toMatchObject({ progress: 1, target: 5, state: 'IN_PROGRESS' });
    expect(missionOf(s, 'weekly-slots')).toMatchObject({ gameType: 'RNG', endTime: week.end.toISOString() });
    expect(s.summary).toEqual({ total: 8, completed: 1, claimable: 1, rewardsThisWeek: 0 });
  });

  it('texts follow the request language', async () => {
    const m = await id.registerGolden();
    const s = await id.ok<MissionSummaryDetails>(SUMMARY, { token: m.token, lang: 'CN' });
    expect(missionOf(s, 'daily-bet').title).toBe('任意游戏投注 P 100.00');
    expect(missionOf(s, 'daily-login').description).toBe('今天至少登录一次您的账户。');
  });

  it('settled house-slot spins count as turnover (all games and slots) and wins', async () => {
    const m = await id.registerGolden();
    await fund(m.username, '300.00');
    await spinHouseSlot(m, 20, 3);
    let facts = await betFacts(m.id);
    let s = await summary(m.token);
    // 3 spins of 20.00: 60.00 of the 100.00.
    expect(facts.valid).toBe(6_000n);
    expect(missionOf(s, 'daily-bet')).toMatchObject({ progress: 60, state: 'IN_PROGRESS' });
    expect(missionOf(s, 'weekly-bet')).toMatchObject({ progress: 60, target: 2000 });
    expect(missionOf(s, 'weekly-slots')).toMatchObject({ progress: 60, target: 1000 });
    expect(missionOf(s, 'daily-wins').progress).toBe(facts.wins);

    await spinHouseSlot(m, 20, 2);
    facts = await betFacts(m.id);
    s = await summary(m.token);
    expect(facts.valid).toBe(10_000n);
    expect(facts.rng).toBe(10_000n);
    expect(missionOf(s, 'daily-bet')).toMatchObject({ progress: 100, state: 'CLAIMABLE' });
    expect(missionOf(s, 'daily-wins')).toMatchObject({
      progress: facts.wins,
      state: facts.wins >= 3 ? 'CLAIMABLE' : 'IN_PROGRESS',
    });
    expect(s.summary.claimable).toBe(2 + (facts.wins >= 3 ? 1 : 0));
  });

  it('a deposit counts once it is credited, not while it waits', async () => {
    const m = await id.registerGolden();
    const d = await bankDeposit(m, '150.00');
    let s = await summary(m.token);
    expect(missionOf(s, 'daily-deposit')).toMatchObject({ progress: 0, target: 100, state: 'IN_PROGRESS' });
    await approve(d.id);
    s = await summary(m.token);
    expect(missionOf(s, 'daily-deposit')).toMatchObject({ progress: 150, state: 'CLAIMABLE' });
    expect(missionOf(s, 'weekly-deposit')).toMatchObject({
      progress: 150,
      target: 500,
      state: 'IN_PROGRESS',
    });
    // It pays: the deposit mission's reward is in the wallet.
    const before = await mainBalance(m.id);
    const res = await claim(m.token, mid('daily-deposit'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await mainBalance(m.id)).toBe(before + 500n);
  });

  it('logins count by local day: another login the same day adds no day', async () => {
    const m = await id.registerGolden();
    await id.loginOk({ username: m.username, password: m.password }, { ip: m.ip });
    const s = await summary(m.token);
    expect(missionOf(s, 'daily-login').progress).toBe(1);
    expect(missionOf(s, 'weekly-login').progress).toBe(1);
  });
});

describe('claims', () => {
  it('pays the reward once: wallet, bonus entry, turnover requirement, inbox message, claim', async () => {
    const m = await id.registerGolden();
    const before = await mainBalance(m.id);
    const res = await claim(m.token, mid('daily-login'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const day = periodAt('D', Date.now(), GOLDEN_TZ);
    expect(res.body.value).toMatchObject({
      id: mid('daily-login'),
      state: 'CLAIMED',
      reward: 2,
      turnoverRequired: 2,
      claimedTime: expect.any(String),
    });
    expect(await mainBalance(m.id)).toBe(before + 200n);

    const reference = `MISSION:${mid('daily-login')}:${m.id}:${day.key}`;
    const entry = await ledger.entry(t.db.db, 'GOLDEN', reference);
    expect(entry).toMatchObject({ kind: 'BONUS', member_id: m.id });
    expect(entry!.memo).toMatchObject({ source: 'MISSION', title: 'Log in today', turnoverRequired: '200' });
    const turnover = await t.db.db
      .selectFrom('turnover_requirement')
      .select(['required', 'achieved'])
      .where('member_id', '=', m.id)
      .where('source', '=', reference)
      .execute();
    expect(turnover).toEqual([{ required: '200', achieved: '0' }]);
    const messages = await t.db.db
      .selectFrom('member_message')
      .select(['kind', 'params'])
      .where('member_id', '=', m.id)
      .where('kind', '=', 'MISSION_REWARD')
      .execute();
    expect(messages).toEqual([{ kind: 'MISSION_REWARD', params: { title: 'Log in today', amount: 2 } }]);
    const claims = await t.db.db
      .selectFrom('mission_claim')
      .selectAll()
      .where('member_id', '=', m.id)
      .execute();
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({
      mission_id: mid('daily-login'),
      period_key: day.key,
      week_key: periodAt('W', Date.now(), GOLDEN_TZ).key,
      amount: '200',
      turnover_required: '200',
      entry_id: entry!.id,
    });

    const s = await summary(m.token);
    expect(missionOf(s, 'daily-login')).toMatchObject({ state: 'CLAIMED', progress: 1 });
    expect(s.summary).toMatchObject({ completed: 1, claimable: 0, rewardsThisWeek: 2 });

    // Claimed again: refused, and nothing moves.
    const snap = await snapshot();
    await id.fails(
      CLAIM,
      { method: 'POST', body: { missionId: mid('daily-login') }, token: m.token },
      409,
      'reward.not.claimable',
    );
    expect(await snapshot()).toBe(snap);
    expect(await mainBalance(m.id)).toBe(before + 200n);
  });

  it('before the target: refused with nothing moved', async () => {
    const m = await id.registerGolden();
    await fund(m.username, '50.00');
    await spinHouseSlot(m, 20, 1);
    const snap = await snapshot();
    for (const code of ['daily-bet', 'daily-deposit', 'weekly-login', 'weekly-bet']) {
      await id.fails(
        CLAIM,
        { method: 'POST', body: { missionId: mid(code) }, token: m.token },
        409,
        'reward.not.claimable',
      );
    }
    expect(await snapshot()).toBe(snap);
  });

  it('five claims at once pay once', async () => {
    const m = await id.registerGolden();
    await fund(m.username, '200.00');
    await spinHouseSlot(m, 100, 1);
    expect(missionOf(await summary(m.token), 'daily-bet').state).toBe('CLAIMABLE');
    const before = await mainBalance(m.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(m.token, mid('daily-bet'))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.errorCode).toBe('reward.not.claimable');
    expect(await mainBalance(m.id)).toBe(before + 500n);
    const entries = await t.db.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('reference', 'like', `MISSION:${mid('daily-bet')}:${m.id}:%`)
      .execute();
    expect(entries).toHaveLength(1);
    const claims = await t.db.db
      .selectFrom('mission_claim')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(claims).toHaveLength(1);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('unknown, malformed, inactive and other brands’ missions are refused; nothing moves', async () => {
    const m = await id.registerGolden();
    const snap = await snapshot();
    const body = (missionId: unknown) => ({ method: 'POST' as const, body: { missionId }, token: m.token });
    for (const missionId of ['999999999', mid('daily-login', 'LOTUS')]) {
      const f = await id.fails(CLAIM, body(missionId), 400, 'request.invalid');
      expect(f.value).toEqual({ fields: [{ field: 'missionId', message: 'unknown' }] });
    }
    for (const missionId of ['abc', '', 12, '1'.repeat(19)]) {
      await id.fails(CLAIM, body(missionId), 400, 'request.invalid');
    }
    await id.fails(CLAIM, { method: 'POST', body: {}, token: m.token }, 400, 'request.invalid');
    // An operator switched the mission off: it is neither listed nor claimable.
    await t.db.db
      .updateTable('mission')
      .set({ active: false })
      .where('id', '=', mid('daily-login'))
      .execute();
    try {
      expect(missionOf(await summary(m.token), 'daily-login')).toBeUndefined();
      await id.fails(CLAIM, body(mid('daily-login')), 400, 'request.invalid');
    } finally {
      await t.db.db
        .updateTable('mission')
        .set({ active: true })
        .where('id', '=', mid('daily-login'))
        .execute();
    }
    expect(await snapshot()).toBe(snap);
  });

  it('the next day starts from zero; its own claim pays again', async () => {
    const m = await id.registerGolden();
    await fund(m.username, '200.00');
    await spinHouseSlot(m, 100, 1);
    expect((await claim(m.token, mid('daily-login'))).status).toBe(200);
    expect((await claim(m.token, mid('daily-bet'))).status).toBe(200);
    const today = periodAt('D', Date.now(), GOLDEN_TZ);
    // An hour into tomorrow (brand zone); the session is kept alive as if it had been used then.
    const tomorrowAt = today.end.getTime() + 3_600_000;
    const clock = freezeTime(tomorrowAt);
    try {
      await t.db.db
        .updateTable('member_session')
        .set({ last_seen_at: new Date(tomorrowAt), expires_at: new Date(tomorrowAt + DAY_MS) })
        .where('member_id', '=', m.id)
        .execute();
      let s = await summary(m.token);
      // Today's login, bets and claims count for nothing tomorrow.
      expect(missionOf(s, 'daily-login')).toMatchObject({
        progress: 0,
        state: 'IN_PROGRESS',
        claimedTime: null,
      });
      expect(missionOf(s, 'daily-bet')).toMatchObject({ progress: 0, state: 'IN_PROGRESS' });
      expect(s.dayEndTime).toBe(new Date(today.end.getTime() + DAY_MS).toISOString());
      const snap = await snapshot();
      await id.fails(
        CLAIM,
        { method: 'POST', body: { missionId: mid('daily-login') }, token: m.token },
        409,
        'reward.not.claimable',
      );
      expect(await snapshot()).toBe(snap);

      // A login tomorrow: the daily login mission is claimable again, and pays under tomorrow's key.
      await t.db.db
        .insertInto('login_event')
        .values({
          merchant_code: 'GOLDEN',
          member_id: m.id,
          at: new Date(tomorrowAt),
          ip: m.ip,
          method: 'PASSWORD',
          success: true,
          reason: null,
        })
        .execute();
      s = await summary(m.token);
      expect(missionOf(s, 'daily-login')).toMatchObject({ progress: 1, state: 'CLAIMABLE' });
      const sameWeek =
        periodAt('W', tomorrowAt, GOLDEN_TZ).key === periodAt('W', today.start.getTime(), GOLDEN_TZ).key;
      expect(missionOf(s, 'weekly-login').progress).toBe(sameWeek ? 2 : 1);
      const before = await mainBalance(m.id);
      expect((await claim(m.token, mid('daily-login'))).status).toBe(200);
      expect(await mainBalance(m.id)).toBe(before + 200n);
    } finally {
      clock.restore();
    }
    const keys = (
      await t.db.db
        .selectFrom('mission_claim')
        .select('period_key')
        .where('member_id', '=', m.id)
        .where('mission_id', '=', mid('daily-login'))
        .orderBy('period_key')
        .execute()
    ).map((r) => r.period_key);
    expect(keys).toEqual([today.key, periodAt('D', tomorrowAt, GOLDEN_TZ).key]);
  });
});

describe('reward centre', () => {
  it('lists the claimable missions with the other sources’ rewards and dispatches a claim to its source', async () => {
    const m = await id.registerGolden();
    let r = await id.ok<ClaimableRewards>(REWARDS, { token: m.token });
    expect(r.count).toBe(r.list.length);
    const mine = r.list.filter((c) => c.source === 'MISSION');
    const dayEnd = periodAt('D', Date.now(), GOLDEN_TZ).end.toISOString();
    expect(mine).toEqual([
      {
        source: 'MISSION',
        id: mid('daily-login'),
        title: 'Log in today',
        amount: 2,
        turnoverRequired: 2,
        expiresTime: dayEnd,
      },
    ]);

    const before = await mainBalance(m.id);
    const claimed = await id.ok<Claimable>(REWARD_CLAIM, {
      method: 'POST',
      body: { source: 'MISSION', id: mid('daily-login') },
      token: m.token,
    });
    expect(claimed).toEqual(mine[0]);
    expect(await mainBalance(m.id)).toBe(before + 200n);
    r = await id.ok<ClaimableRewards>(REWARDS, { token: m.token });
    expect(r.list.filter((c) => c.source === 'MISSION')).toEqual([]);
    expect(missionOf(await summary(m.token), 'daily-login').state).toBe('CLAIMED');

    const snap = await snapshot();
    const send = (body: unknown) => ({ method: 'POST' as const, body, token: m.token });
    await id.fails(
      REWARD_CLAIM,
      send({ source: 'MISSION', id: mid('daily-login') }),
      409,
      'reward.not.claimable',
    );
    await id.fails(
      REWARD_CLAIM,
      send({ source: 'MISSION', id: mid('daily-bet') }),
      409,
      'reward.not.claimable',
    );
    await id.fails(REWARD_CLAIM, send({ source: 'MISSION', id: 'abc' }), 400, 'request.invalid');
    await id.fails(REWARD_CLAIM, send({ source: 'NOPE', id: '1' }), 400, 'request.invalid');
    await id.fails(REWARD_CLAIM, send({ source: 'MISSION' }), 400, 'request.invalid');
    expect(await snapshot()).toBe(snap);
  });
});

describe('access', () => {
  it('trial accounts are refused every call and nothing moves', async () => {
    const trial = await id.freePlay();
    const snap = await snapshot();
    for (const url of [SUMMARY, BOARD, REWARDS]) {
      await id.fails(url, { token: trial.token }, 403, 'member.trial.forbidden');
    }
    await id.fails(
      CLAIM,
      { method: 'POST', body: { missionId: mid('daily-login') }, token: trial.token },
      403,
      'member.trial.forbidden',
    );
    await id.fails(
      REWARD_CLAIM,
      { method: 'POST', body: { source: 'MISSION', id: mid('daily-login') }, token: trial.token },
      403,
      'member.trial.forbidden',
    );
    expect(await snapshot()).toBe(snap);
  });

  it('signed-out callers get login.not.session', async () => {
    for (const url of [SUMMARY, BOARD, REWARDS]) await id.fails(url, {}, 401, 'login.not.session');
    await id.fails(
      CLAIM,
      { method: 'POST', body: { missionId: mid('daily-login') } },
      401,
      'login.not.session',
    );
    await id.fails(
      REWARD_CLAIM,
      { method: 'POST', body: { source: 'MISSION', id: '1' } },
      401,
      'login.not.session',
    );
  });
});

describe('leaderboard (Royal Lotus: no other test claims there)', () => {
  const PASSWORD = 'lotus1234';
  const ip = freshIp();
  let hash: string;
  const ids: Record<string, string> = {};

  async function addLotusMember(username: string): Promise<string> {
    const row = await t.db.db
      .insertInto('member')
      .values({
        merchant_code: 'LOTUS',
        username,
        password_hash: hash,
        referral_code: `R${randomBytes(5).toString('hex')}`.toUpperCase(),
        register_method: 'SEED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[username] = row.id;
    await t.db.db.insertInto('member_known_ip').values({ member_id: row.id, ip }).execute();
    return row.id;
  }

  const login = async (username: string) =>
    (await id.loginOk({ username, password: PASSWORD }, { host: LOTUS, ip })).token;

  beforeAll(async () => {
    hash = await hashPassword(PASSWORD);
  });

  it('ranks this week by missions claimed, then rewards, then who got there first; top 20 and my own rank', async () => {
    const week = periodAt('W', Date.now(), 'Asia/Kuala_Lumpur');
    const day = periodAt('D', Date.now(), 'Asia/Kuala_Lumpur');
    const anyEntry = await t.db.db.selectFrom('ledger_entry').select('id').limit(1).executeTakeFirstOrThrow();
    // 21 leaders with claims written straight into the table (the ranking is what is tested here):
    // zq00 has the most missions but the least money; the others 3 missions each, by money.
    const codes = ['daily-login', 'daily-bet', 'daily-wins', 'daily-deposit'];
    for (let i = 0; i < 21; i++) {
      const username = `zq${String(i).padStart(2, '0')}x`;
      const memberId = await addLotusMember(username);
      const count = i === 0 ? 4 : 3;
      for (let c = 0; c < count; c++) {
        await t.db.db
          .insertInto('mission_claim')
          .values({
            merchant_code: 'LOTUS',
            mission_id: mid(codes[c]!, 'LOTUS'),
            member_id: memberId,
            period_key: day.key,
            week_key: week.key,
            amount: i === 0 ? '1' : String(10_000 - i * 100 + c),
            turnover_required: '0',
            entry_id: anyEntry.id,
          })
          .execute();
      }
    }
    // A claim of last week does not count this week.
    await t.db.db
      .insertInto('mission_claim')
      .values({
        merchant_code: 'LOTUS',
        mission_id: mid('weekly-login', 'LOTUS'),
        member_id: ids.zq20x!,
        period_key: 'W:2000-01-03',
        week_key: 'W:2000-01-03',
        amount: '999999',
        turnover_required: '0',
        entry_id: anyEntry.id,
      })
      .execute();

    // Three members claim the daily login mission for real, one after the other: a tie on
    // missions and money, broken by who claimed first.
    const tokens: Record<string, string> = {};
    for (const name of ['yb1first', 'yb2second', 'yb3third']) {
      await addLotusMember(name);
      tokens[name] = await login(name);
      const res = await claim(tokens[name], mid('daily-login', 'LOTUS'), LOTUS);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // claimed_at has microseconds; a pause keeps the order unambiguous on any clock.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }

    const b = await board(tokens.yb3third!, LOTUS);
    expect(b.weekStartTime).toBe(week.start.toISOString());
    expect(b.weekEndTime).toBe(week.end.toISOString());
    expect(b.list).toHaveLength(20);
    expect(b.list.map((e) => e.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Most missions first, whatever the money; then by money.
    expect(b.list[0]).toEqual({
      rank: 1,
      account: maskAccount('zq00x'),
      completed: 4,
      rewards: 0.04,
      me: false,
    });
    expect(b.list.slice(1).map((e) => e.completed)).toEqual(Array(19).fill(3));
    const money = b.list.slice(1).map((e) => e.rewards);
    expect(money).toEqual([...money].sort((x, y) => y - x));
    expect(b.list[1]!.rewards).toBe(fromMinorSum(10_000 - 100, 3));
    expect(b.list.every((e) => e.me === false)).toBe(true);
    expect(b.list.every((e) => /^\w{1,2}\*\*\*\w?$/.test(e.account))).toBe(true);
    // zq20x is 21st (its old claim of last week counts for nothing); the real claimers follow in order.
    expect(b.mine).toEqual({
      rank: 24,
      account: maskAccount('yb3third'),
      completed: 1,
      rewards: 2,
      me: true,
    });
    const second = await board(tokens.yb2second!, LOTUS);
    expect(second.mine).toMatchObject({ rank: 23, completed: 1, rewards: 2 });
    expect((await board(tokens.yb1first!, LOTUS)).mine.rank).toBe(22);

    // A leader sees its own row marked in the list.
    const leader = await board(await login('zq05x'), LOTUS);
    expect(leader.list.filter((e) => e.me)).toEqual([leader.mine]);
    expect(leader.mine).toMatchObject({ rank: 6, account: maskAccount('zq05x'), completed: 3 });

    // Another brand's board holds none of this brand's members; a member with no claim is unranked.
    const golden = await id.registerGolden();
    const g = await board(golden.token);
    expect(g.list.some((e) => e.account.startsWith('zq') || e.account.startsWith('yb'))).toBe(false);
    expect(g.mine).toEqual({
      rank: null,
      account: maskAccount(golden.username),
      completed: 0,
      rewards: 0,
      me: true,
    });
  });
});

/** Three claims of `base`, `base + 1` and `base + 2` minor units, as the board shows them. */
function fromMinorSum(base: number, n: number): number {
  let total = 0;
  for (let c = 0; c < n; c++) total += base + c;
  return total / 100;
}
