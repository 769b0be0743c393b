/**
 * VIP levels and rebates through their HTTP calls and services, on the database the test
 * project chooses: the levels and "me" answers, member info's level fields and the customer-service
 * choice; a level reached pays its upgrade bonus once however often and concurrently it is
 * evaluated; the VIP pass counts each bet once; the daily rebate job pays a day once (twice and
 * concurrently), and only what manual claims left; manual claims pay once under a double click;
 * trial accounts get nothing; nothing to claim and bad input are refused with nothing moved.
 * Days are named explicitly (past days, or today treated as ended): no test waits on a clock.
 */
import { randomUUID } from 'node:crypto';
import type {
  Claimable,
  LoginResult,
  ManualRebate,
  MemberInfo,
  RebateClaimResult,
  RebateHistory,
  ServiceLink,
  VipLevels,
  VipMe,
} from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema';
import { RebateRewardSource } from '../src/modules/promotions/rebate-reward-source';
import { hashPassword } from '../src/platform/password';
import { periodAt, type Period } from '../src/platform/periods';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { AgentTeam } from './agent-team';
import { buildTestApp, type TestContext } from './helper';
import { Identity, LOTUS } from './identity-client';

const M = 'GOLDEN';
const TZ = 'Asia/Manila';
const PASSWORD = 'member1234';
const IP = '10.91.0.2';
const DAY_MS = 86_400_000;

let t: TestContext;
let id: Identity;
let team: AgentTeam;
let ledger: LedgerService;
let stakeEntry: string;
let channelId: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const db = () => t.db.db;

/** A settled bet of `name`: valid turnover in minor units, settled (and placed) at `at`. */
async function bet(name: string, validBet: bigint, at: Date, gameType = 'RNG', merchant = M, on = db()) {
  await on
    .insertInto('bet_record')
    .values({
      merchant_code: merchant,
      member_id: ids[name]!,
      vendor_code: 'HOUSE',
      game_type: gameType,
      game_code: 'slot',
      game_name: 'Slot',
      round_id: `v-${randomUUID()}`,
      stake: validBet.toString(),
      valid_bet: validBet.toString(),
      payout: '0',
      status: 'SETTLED',
      stake_entry_id: stakeEntry,
      placed_at: new Date(at.getTime() - 1000),
      settled_at: at,
    })
    .execute();
}

/** An approved deposit of `name` (only its row: VIP counts deposit rows, no money is needed here). */
async function deposit(name: string, amount: bigint, merchant = M, on = db(), updatedAt?: Date) {
  await on
    .insertInto('deposit')
    .values({
      merchant_code: merchant,
      member_id: ids[name]!,
      request_id: randomUUID(),
      order_no: `VIP${randomUUID().slice(0, 12)}`,
      channel_id: channelId,
      amount: amount.toString(),
      fee: '0',
      status: 'APPROVED',
      ...(updatedAt ? { updated_at: updatedAt } : {}),
    })
    .execute();
}

async function login(name: string, host?: string): Promise<string> {
  const res = await id.send<LoginResult>('/wps/session/login', {
    method: 'POST',
    body: { type: 'username', username: name, password: PASSWORD },
    encrypt: true,
    ip: IP,
    host,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.token;
}

/** A new member of the brand with a session. */
async function member(name: string, host?: string, merchant = M): Promise<string> {
  await team.add(name, 0, null, merchant);
  tokens[name] = await login(name, host);
  return ids[name]!;
}

const balance = (name: string) => team.mainBalance(name);
const get = <T>(url: string, name: string, lang?: string) =>
  id.ok<T>(url, { token: tokens[name], ip: IP, lang });
const claim = (name: string, day: string) =>
  id.send<RebateClaimResult>('/wps/rebate/manual/claim', {
    method: 'POST',
    body: { day },
    token: tokens[name],
    ip: IP,
  });
const today = () => periodAt('D', Date.now(), TZ);
const dayText = (p: Period) => p.key.slice(2);
/** A past local day of the brand. */
const daysAgo = (n: number) => periodAt('D', Date.now() - n * DAY_MS, TZ);
const inDay = (p: Period, hours = 10) => new Date(p.start.getTime() + hours * 3_600_000);
/** Just settled: before now (so it counts) and after any VIP cursor (which trails now by 30 s). */
const justNow = () => new Date(Date.now() - 1000);

async function entries(reference: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM ledger_entry WHERE reference = ${reference}`.execute(db());
  return Number(rows[0]!.n);
}

async function messages(name: string, kind: string) {
  return db()
    .selectFrom('member_message')
    .select('params')
    .where('member_id', '=', ids[name]!)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

/** What a refused call must not change. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM ledger_entry)::text AS entries,
      (SELECT coalesce(string_agg(id || ':' || balance, ',' ORDER BY id), '') FROM ledger_account) AS balances,
      (SELECT coalesce(string_agg(id || ':' || claimed || ':' || paid || ':' || status, ',' ORDER BY id), '')
         FROM rebate_day) AS days,
      (SELECT count(*) FROM rebate_payout)::text AS payouts,
      (SELECT count(*) FROM member_message)::text AS messages,
      (SELECT count(*) FROM turnover_requirement)::text AS requirements`.execute(db());
  return JSON.stringify(rows[0]);
}

async function ledgerProblems() {
  const { rows } = await sql<{ unbalanced: number; drift: number; negative: number }>`SELECT
      (SELECT count(*) FROM (SELECT entry_id FROM ledger_posting GROUP BY entry_id HAVING sum(amount) <> 0) x)::int
        AS unbalanced,
      (SELECT count(*) FROM ledger_account a WHERE a.tracked
          AND a.balance <> (SELECT coalesce(sum(p.amount), 0) FROM ledger_posting p WHERE p.account_id = a.id))::int
        AS drift,
      (SELECT count(*) FROM ledger_account WHERE tracked AND balance < 0)::int AS negative`.execute(db());
  return rows[0];
}

beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
  ledger = new LedgerService(db());
  team = new AgentTeam(db(), M, { password: await hashPassword(PASSWORD) }, ids);
  await team.add('staker', 0, null);
  const stake = await ledger.post(db(), {
    merchant: M,
    reference: `test-stake:${randomUUID()}`,
    kind: 'ADJUSTMENT',
    memberId: ids.staker!,
    postings: [
      { accountId: await ledger.account(M, 'ADJUSTMENT'), amount: -1n },
      { accountId: await ledger.account(M, 'MAIN', ids.staker!), amount: 1n },
    ],
  });
  stakeEntry = stake.entryId;
  const channel = await db()
    .selectFrom('payment_channel')
    .select('id')
    .where('merchant_code', '=', M)
    .executeTakeFirstOrThrow();
  channelId = channel.id;
});
afterAll(() => t.close());

describe('VIP levels', () => {
  it('lists the brand levels to anyone, in the request language, with thresholds, bonuses, benefits and rates', async () => {
    const en = await id.ok<VipLevels>('/wps/vip/levels');
    expect(en.levels.map((l) => [l.level, l.label, l.minTurnover, l.minDeposit, l.upgradeBonus])).toEqual([
      [0, 'Member', 0, 0, 0],
      [1, 'Bronze', 5000, 1000, 50],
      [2, 'Silver', 20000, 5000, 150],
      [3, 'Gold', 100000, 20000, 500],
      [4, 'Platinum', 500000, 100000, 1500],
      [5, 'Diamond', 2000000, 400000, 5000],
      [6, 'Crown', 10000000, 1500000, 20000],
    ]);
    expect(en.levels.map((l) => l.vipService)).toEqual([false, false, false, false, false, true, true]);
    expect(en.levels[0]!.color).toBe('#8a9099');
    expect(en.levels[1]!.turnoverMultiple).toBe(1);
    expect(en.levels[5]!.benefits).toContain('Dedicated VIP customer service');
    expect(en.levels[0]!.rebates).toContainEqual({ gameType: 'RNG', rate: 0.5 });
    expect(en.levels[6]!.rebates).toContainEqual({ gameType: 'LIVE', rate: 1 });
    expect(en.rebate).toEqual({ minPayout: 1, dailyCap: 50000, turnoverMultiple: 0 });

    const cn = await id.ok<VipLevels>('/wps/vip/levels', { lang: 'CN' });
    expect(cn.levels[3]!.label).toBe('黄金');
    expect(cn.levels[0]!.benefits[0]).toBe('所有游戏每日返水，自动发放');
    // Each brand its own levels, in its own currency.
    const lotus = await id.ok<VipLevels>('/wps/vip/levels', { host: LOTUS, lang: 'MY' });
    expect(lotus.levels.map((l) => l.minTurnover)).toEqual([0, 500, 2000, 10000, 50000, 200000, 1000000]);
    expect(lotus.levels[1]!.label).toBe('Gangsa');
  });

  it('"me" needs a real session; a new member is level 0 and sees what level 1 still needs', async () => {
    await id.fails('/wps/vip/me', { ip: IP }, 401, 'login.not.session');
    const trial = await id.send<LoginResult>('/wps/session/login/freeplay', {
      body: { os: 'Linux', platform: 'W', random: 'v1p' },
      encrypt: true,
      ip: IP,
    });
    await id.fails('/wps/vip/me', { token: trial.body.value!.token, ip: IP }, 403, 'member.trial.forbidden');

    await member('fresh');
    await bet('fresh', 1_200_00n, justNow());
    const me = await get<VipMe>('/wps/vip/me', 'fresh');
    expect(me).toMatchObject({ level: 0, label: 'Member', turnover: 1200, deposits: 0, vipService: false });
    expect(me.next).toEqual({
      level: 1,
      label: 'Bronze',
      color: '#b87333',
      minTurnover: 5000,
      minDeposit: 1000,
      turnoverNeeded: 3800,
      depositNeeded: 1000,
    });
    const info = await get<MemberInfo>('/wps/member/info', 'fresh');
    expect(info).toMatchObject({
      hasVip: false,
      vipRankLevel: 0,
      clubLabel: { labelName: 'Member', rankLevel: 0 },
      memberLabel: [{ labelName: 'Member', color: '#8a9099' }],
    });
  });

  it('reaching levels pays each upgrade bonus once, with its turnover requirement and message; member info follows', async () => {
    await member('climber');
    await bet('climber', 12_000_00n, justNow());
    await bet('climber', 8_000_00n, justNow(), 'LIVE');
    await deposit('climber', 5_000_00n);
    const before = await balance('climber');

    const me = await get<VipMe>('/wps/vip/me', 'climber');
    expect(me).toMatchObject({
      level: 2,
      label: 'Silver',
      color: '#6f8fb0',
      turnover: 20000,
      deposits: 5000,
    });
    expect(me.reachedTime).not.toBeNull();
    expect(me.next).toMatchObject({ level: 3, turnoverNeeded: 80000, depositNeeded: 15000 });
    // Levels 1 and 2: 50 + 150, each under its own reference, each bet once before withdrawing.
    expect((await balance('climber')) - before).toBe(200_00n);
    expect(await entries(`VIP:1:${ids.climber}`)).toBe(1);
    expect(await entries(`VIP:2:${ids.climber}`)).toBe(1);
    const required = await db()
      .selectFrom('turnover_requirement')
      .select(['required', 'source'])
      .where('member_id', '=', ids.climber!)
      .orderBy('id')
      .execute();
    expect(required).toEqual([
      { required: '5000', source: `VIP:1:${ids.climber}` },
      { required: '15000', source: `VIP:2:${ids.climber}` },
    ]);
    expect((await messages('climber', 'VIP_UPGRADE')).map((m) => m.params)).toEqual([
      { level: 1, label: 'Bronze', amount: 50 },
      { level: 2, label: 'Silver', amount: 150 },
    ]);

    // Evaluated again (page, pass): nothing more.
    const snap = await snapshot();
    await get<VipMe>('/wps/vip/me', 'climber');
    await t.services.promotions.vip.evaluate(M, ids.climber!);
    await t.services.promotions.vip.runPass(M);
    expect(await snapshot()).toBe(snap);

    const info = await get<MemberInfo>('/wps/member/info', 'climber', 'CN');
    expect(info).toMatchObject({
      hasVip: true,
      vipRankLevel: 2,
      clubLabel: { labelName: '白银', rankLevel: 2 },
      memberLabel: [{ labelName: '白银', color: '#6f8fb0' }],
    });
    expect(await t.services.vip.levels.levelOf(M, ids.climber!)).toBe(2);
  });

  it('evaluations racing each other (page loads, the job) pay a level once', async () => {
    await member('racer');
    // Its row exists before the race (the first evaluation creates it): the row's lock decides.
    expect((await t.services.promotions.vip.evaluate(M, ids.racer!)).level).toBe(0);
    await bet('racer', 5_000_00n, justNow());
    await deposit('racer', 1_000_00n);
    const before = await balance('racer');
    const results = await Promise.allSettled([
      get<VipMe>('/wps/vip/me', 'racer'),
      get<VipMe>('/wps/vip/me', 'racer'),
      t.services.promotions.vip.evaluate(M, ids.racer!),
      t.services.promotions.vip.evaluate(M, ids.racer!),
      t.services.promotions.vip.runPass(M),
    ]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect((await balance('racer')) - before).toBe(50_00n);
    expect(await entries(`VIP:1:${ids.racer}`)).toBe(1);
    const upgrades = await db()
      .selectFrom('vip_upgrade')
      .select(['level', 'bonus'])
      .where('member_id', '=', ids.racer!)
      .execute();
    expect(upgrades).toEqual([{ level: 1, bonus: '5000' }]);
    expect(await messages('racer', 'VIP_UPGRADE')).toHaveLength(1);
    // Every evaluation that answered saw level 1.
    for (const r of results.slice(0, 4)) {
      expect((r as PromiseFulfilledResult<{ level: number }>).value.level).toBe(1);
    }
  });

  it('levels never go down, and trial accounts never get one', async () => {
    await member('keeper');
    await db()
      .insertInto('member_vip')
      .values({ member_id: ids.keeper!, merchant_code: M, level: 3, reached_at: new Date() })
      .execute();
    expect((await get<VipMe>('/wps/vip/me', 'keeper')).level).toBe(3);
    expect(await balance('keeper')).toBe(0n);

    await team.add('trialx', 4, null);
    await bet('trialx', 50_000_00n, justNow());
    await deposit('trialx', 20_000_00n);
    expect(await t.services.promotions.vip.evaluate(M, ids.trialx!)).toMatchObject({
      level: 0,
      upgraded: [],
    });
    expect(await t.services.vip.levels.levelOf(M, ids.trialx!)).toBe(0);
    expect(
      await db().selectFrom('member_vip').select('level').where('member_id', '=', ids.trialx!).execute(),
    ).toEqual([]);
  });

  it('customer service: VIP for a member ranked above 4, live chat for others and for visitors', async () => {
    await member('vip5');
    await db()
      .insertInto('member_vip')
      .values({ member_id: ids.vip5!, merchant_code: M, level: 5, reached_at: new Date() })
      .execute();
    const link = (token?: string) => id.ok<ServiceLink>('/wps/system/customerService', { token, ip: IP });
    expect((await link(tokens.vip5)).csType).toBe('VIP');
    expect((await link(tokens.keeper)).csType).toBe('LIVECHAT'); // level 3
    expect((await link()).csType).toBe('LIVECHAT');
    expect((await link('not-a-token')).csType).toBe('LIVECHAT');
    expect((await get<VipMe>('/wps/vip/me', 'vip5')).vipService).toBe(true);
  });
});

describe('the VIP pass', () => {
  // Royal Lotus only: no other test here puts bets there, so moving its cursor back (as a pass
  // that has not run for a while would find it) counts only this test's bets.
  const L = 'LOTUS';
  /**
   * Moves the brand's cursor back and adds rows inside the reopened window, holding the cursor's
   * lock meanwhile: the app's own VIP job (every minute) skips the brand until they are all in.
   */
  const reopen = (minutes: number, add: (trx: Kysely<Database>, from: Date) => Promise<void>) =>
    db()
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE vip_cursor SET settled_to = settled_to - make_interval(mins => ${minutes}),
                                        deposits_to = deposits_to - make_interval(mins => ${minutes})
                   WHERE merchant_code = ${L}`.execute(trx);
        const c = await trx
          .selectFrom('vip_cursor')
          .select('settled_to')
          .where('merchant_code', '=', L)
          .executeTakeFirstOrThrow();
        await add(trx, new Date(c.settled_to));
      });
  const stored = async (name: string) =>
    db()
      .selectFrom('member_vip')
      .select(['turnover', 'deposits', 'level', 'dirty'])
      .where('member_id', '=', ids[name]!)
      .executeTakeFirst();

  it('counts each settled bet and credited deposit once, however often and concurrently it runs, and levels members up', async () => {
    await member('lotus1', LOTUS, L);
    expect(await t.services.promotions.vip.runPass(L)).not.toBeNull();
    await reopen(10, async (trx, from) => {
      await bet('lotus1', 300_00n, new Date(from.getTime() + 60_000), 'RNG', L, trx);
      await bet('lotus1', 250_00n, new Date(from.getTime() + 120_000), 'LIVE', L, trx);
      await deposit('lotus1', 100_00n, L, trx, new Date(from.getTime() + 90_000));
    });
    const before = await balance('lotus1');

    await t.services.promotions.vip.runPass(L);
    expect(await stored('lotus1')).toEqual({ turnover: '55000', deposits: '10000', level: 1, dirty: false });
    expect((await balance('lotus1')) - before).toBe(5_00n);

    // Again, and two at once: nothing is counted twice, nothing paid twice.
    await t.services.promotions.vip.runPass(L);
    await Promise.all([t.services.promotions.vip.runPass(L), t.services.promotions.vip.runPass(L)]);
    expect(await stored('lotus1')).toMatchObject({ turnover: '55000', level: 1 });

    // A new window's bet is added once.
    await reopen(5, (trx, from) => bet('lotus1', 100_00n, new Date(from.getTime() + 60_000), 'RNG', L, trx));
    await Promise.all([
      t.services.promotions.vip.runPass(L),
      t.services.promotions.vip.runPass(L),
      t.services.promotions.vip.runPass(L),
    ]);
    expect(await stored('lotus1')).toMatchObject({ turnover: '65000', level: 1 });
    expect((await balance('lotus1')) - before).toBe(5_00n);
    // "me" counts nothing twice either: what was counted plus the bets since the cursor.
    await bet('lotus1', 1_00n, justNow(), 'RNG', L);
    const me = await id.ok<VipMe>('/wps/vip/me', { token: tokens.lotus1, ip: IP, host: LOTUS });
    expect(me.turnover).toBe(651);
  });
});

describe('manual rebate', () => {
  it('shows today per game type and pays the claimable amount at once; a second claim finds nothing', async () => {
    await member('rebater');
    await bet('rebater', 1_000_00n, justNow(), 'RNG'); // 0.50% → 5.00
    await bet('rebater', 333_33n, justNow(), 'LIVE'); // 0.30% → 0.99999 → 0.99
    await bet('rebater', 10_00n, justNow(), 'LOTT'); // 0.20% → 0.02
    const page = await get<ManualRebate>('/wps/rebate/manual', 'rebater');
    expect(page).toMatchObject({
      enabled: true,
      day: dayText(today()),
      level: 0,
      turnover: 1343.33,
      rebate: 6.01,
      capped: false,
      claimed: 0,
      claimable: 6.01,
      canClaim: true,
      rule: { minPayout: 1, dailyCap: 50000, turnoverMultiple: 0 },
    });
    expect(page.lines.find((l) => l.gameType === 'RNG')).toEqual({
      gameType: 'RNG',
      turnover: 1000,
      rate: 0.5,
      rebate: 5,
    });
    expect(page.lines.find((l) => l.gameType === 'LIVE')).toMatchObject({ rate: 0.3, rebate: 0.99 });
    // Every game type with a rate is listed, with or without bets.
    expect(page.lines).toHaveLength(9);

    const before = await balance('rebater');
    const paid = await id.ok<RebateClaimResult>('/wps/rebate/manual/claim', {
      body: { day: page.day },
      token: tokens.rebater,
      ip: IP,
    });
    expect(paid).toEqual({ day: page.day, amount: 6.01, claimed: 6.01, turnoverRequired: 0 });
    expect((await balance('rebater')) - before).toBe(6_01n);
    expect(await entries(`REBATE:${ids.rebater}:${page.day}:601`)).toBe(1);
    expect((await messages('rebater', 'REBATE')).map((m) => m.params)).toEqual([
      { day: page.day, amount: 6.01 },
    ]);

    const snap = await snapshot();
    await id.fails(
      '/wps/rebate/manual/claim',
      { body: { day: page.day }, token: tokens.rebater, ip: IP },
      409,
      'reward.not.claimable',
    );
    expect(await snapshot()).toBe(snap);
    expect(await get<ManualRebate>('/wps/rebate/manual', 'rebater')).toMatchObject({
      claimed: 6.01,
      claimable: 0,
      canClaim: false,
    });

    // More bets: the next claim pays only the new part, under the next cumulative reference.
    await bet('rebater', 400_00n, justNow(), 'RNG'); // total RNG 1,400 → 7.00; day 8.01
    const more = await id.ok<RebateClaimResult>('/wps/rebate/manual/claim', {
      body: { day: page.day },
      token: tokens.rebater,
      ip: IP,
    });
    expect(more).toMatchObject({ amount: 2, claimed: 8.01 });
    expect(await entries(`REBATE:${ids.rebater}:${page.day}:801`)).toBe(1);
    const history = await get<RebateHistory>('/wps/rebate/history', 'rebater');
    expect(history.list.map((h) => [h.day, h.kind, h.amount, h.turnover])).toEqual([
      [page.day, 'MANUAL', 2, 1743.33],
      [page.day, 'MANUAL', 6.01, 1343.33],
    ]);
    expect(history.total).toBe(8.01);
  });

  it('a double click (claims at once) pays once, on a new day row and on one claimed before', async () => {
    await member('clicker');
    const day = dayText(today());
    const paidOf = async () =>
      (
        await db()
          .selectFrom('rebate_payout')
          .select('amount')
          .where('member_id', '=', ids.clicker!)
          .orderBy('id')
          .execute()
      ).map((r) => r.amount);
    const before = await balance('clicker');
    for (const [stake, total] of [
      [2_000_00n, 10_00n], // 10.00 on a new row
      [1_000_00n, 15_00n], // +5.00 on the row claimed before
    ] as const) {
      await bet('clicker', stake, justNow());
      const results = await Promise.all([
        claim('clicker', day),
        claim('clicker', day),
        claim('clicker', day),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(
        results.filter((r) => r.status === 409).every((r) => r.body.errorCode === 'reward.not.claimable'),
      ).toBe(true);
      expect((await balance('clicker')) - before).toBe(total);
    }
    expect(await paidOf()).toEqual(['1000', '500']);
  });

  it('refuses with nothing moved: nothing to claim, below the minimum, another day, bad input, no session, trial', async () => {
    await member('idle');
    const trial = await id.send<LoginResult>('/wps/session/login/freeplay', {
      body: { os: 'Linux', platform: 'W', random: 'r3b' },
      encrypt: true,
      ip: IP,
    });
    const trialToken = trial.body.value!.token;
    const day = dayText(today());
    const refused = (body: unknown, status: number, code: string, token = tokens.idle) =>
      id.fails('/wps/rebate/manual/claim', { body, token, ip: IP }, status, code);
    const snap = await snapshot();

    await refused({ day }, 409, 'reward.not.claimable');
    await bet('idle', 150_00n, justNow()); // 0.75: below the 1.00 minimum
    expect(await get<ManualRebate>('/wps/rebate/manual', 'idle')).toMatchObject({
      claimable: 0.75,
      canClaim: false,
    });
    await refused({ day }, 409, 'reward.not.claimable');
    await bet('idle', 100_00n, justNow()); // 1.25 now: claimable, but only for today
    for (const other of [dayText(daysAgo(1)), dayText(periodAt('D', Date.now() + DAY_MS, TZ))]) {
      await refused({ day: other }, 409, 'reward.not.claimable');
    }
    for (const body of [{}, { day: 'today' }, { day: '2026-1-1' }, { day: 20260101 }]) {
      await refused(body, 400, 'request.invalid');
    }
    for (const q of ['days=0', 'days=31', 'days=x']) {
      await id.fails(`/wps/rebate/history?${q}`, { token: tokens.idle, ip: IP }, 400, 'request.invalid');
    }
    await id.fails('/wps/rebate/manual/claim', { body: { day }, ip: IP }, 401, 'login.not.session');
    for (const url of ['/wps/rebate/manual', '/wps/rebate/history']) {
      await id.fails(url, { token: trialToken, ip: IP }, 403, 'member.trial.forbidden');
    }
    await refused({ day }, 403, 'member.trial.forbidden', trialToken);
    expect(await snapshot()).toBe(snap);
    // And the claimable 1.25 is still there to claim.
    expect((await claim('idle', day)).status).toBe(200);
  });

  it("the reward centre lists today's claimable rebate and claims it through the same rule", async () => {
    await member('rewarded');
    const brand = await t.brands.resolve(M, undefined);
    const source = new RebateRewardSource(t.services.promotions.rebates);
    expect(await source.claimables(brand, ids.rewarded!, 'EN')).toEqual([]);
    await bet('rewarded', 600_00n, justNow()); // 3.00
    const day = dayText(today());
    const listed = await source.claimables(brand, ids.rewarded!, 'EN');
    expect(listed).toEqual<Claimable[]>([
      {
        source: 'REBATE',
        id: day,
        title: `Daily rebate ${day}`,
        amount: 3,
        turnoverRequired: 0,
        expiresTime: today().end.toISOString(),
      },
    ]);
    await expect(source.claim(brand, ids.rewarded!, dayText(daysAgo(1)), 'EN')).rejects.toMatchObject({
      code: 'reward.not.claimable',
    });
    const before = await balance('rewarded');
    const [a, b] = await Promise.allSettled([
      source.claim(brand, ids.rewarded!, day, 'CN'),
      source.claim(brand, ids.rewarded!, day, 'CN'),
    ]);
    const done = [a, b].filter((r) => r.status === 'fulfilled');
    expect(done).toHaveLength(1);
    expect((done[0] as PromiseFulfilledResult<Claimable>).value).toMatchObject({
      amount: 3,
      title: `每日返水 ${day}`,
    });
    expect((await balance('rewarded')) - before).toBe(3_00n);
    expect(await source.claimables(brand, ids.rewarded!, 'EN')).toEqual([]);
  });
});

describe('the daily rebate job', () => {
  it('pays an ended day once per member, run twice and concurrently; trial accounts get none', async () => {
    const day = daysAgo(3);
    const d = dayText(day);
    await member('daily1');
    await member('daily2');
    await team.add('dailytrial', 4, null);
    await bet('daily1', 2_000_00n, inDay(day, 2)); // RNG 10.00
    await bet('daily1', 1_000_00n, inDay(day, 20), 'SPORTS'); // 3.00
    await bet('daily2', 150_00n, inDay(day, 5)); // 0.75: below the minimum, none
    await bet('dailytrial', 5_000_00n, inDay(day, 5));
    // A bet of the next day belongs to the next day.
    await bet('daily1', 9_000_00n, new Date(day.end.getTime() + 1000));
    const before = {
      daily1: await balance('daily1'),
      daily2: await balance('daily2'),
      trial: await balance('dailytrial'),
    };

    const runs = await Promise.all([
      t.services.promotions.rebates.payDay(M, day),
      t.services.promotions.rebates.payDay(M, day),
    ]);
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(1);
    await t.services.promotions.rebates.payDay(M, day);
    expect((await balance('daily1')) - before.daily1).toBe(13_00n);
    expect(await balance('daily2')).toBe(before.daily2);
    expect(await balance('dailytrial')).toBe(before.trial);
    expect(await entries(`REBATE:${ids.daily1}:${d}`)).toBe(1);
    expect(await entries(`REBATE:${ids.dailytrial}:${d}`)).toBe(0);
    const rows = await db()
      .selectFrom('rebate_day')
      .select(['member_id', 'turnover', 'rebate', 'paid', 'status'])
      .where('day', '=', d)
      .where('member_id', 'in', [ids.daily1!, ids.daily2!, ids.dailytrial!])
      .orderBy('member_id')
      .execute();
    expect(rows).toEqual([
      { member_id: ids.daily1, turnover: '300000', rebate: '1300', paid: '1300', status: 'SETTLED' },
      { member_id: ids.daily2, turnover: '15000', rebate: '75', paid: '0', status: 'SETTLED' },
    ]);
    expect((await messages('daily1', 'REBATE')).map((m) => m.params)).toEqual([{ day: d, amount: 13 }]);
    const history = await get<RebateHistory>('/wps/rebate/history', 'daily1');
    expect(history.list).toMatchObject([{ day: d, kind: 'DAILY', amount: 13, turnover: 3000 }]);
  });

  it('runDue pays the due days of every brand once, marks them finished and skips them after', async () => {
    // "Now" is 10 days back, so the app's own job (which pays the real yesterday) never meets these days.
    const day = daysAgo(10);
    const now = day.end.getTime() + 5 * 60_000;
    await member('due1');
    await bet('due1', 1_000_00n, inDay(day, 12)); // 5.00
    await bet('due1', 1_000_00n, inDay(daysAgo(11), 12)); // 5.00, the day before (a missed pass)
    const before = await balance('due1');
    await Promise.all([t.services.promotions.rebates.runDue(now), t.services.promotions.rebates.runDue(now)]);
    await t.services.promotions.rebates.runDue(now);
    expect((await balance('due1')) - before).toBe(10_00n);
    const runs = await db()
      .selectFrom('rebate_run')
      .select(['merchant_code', 'day'])
      .where('day', 'in', [dayText(day), dayText(daysAgo(11))])
      .orderBy('merchant_code')
      .orderBy('day')
      .execute();
    expect(runs).toEqual([
      { merchant_code: 'GOLDEN', day: dayText(daysAgo(11)) },
      { merchant_code: 'GOLDEN', day: dayText(day) },
      { merchant_code: 'LOTUS', day: dayText(daysAgo(11)) },
      { merchant_code: 'LOTUS', day: dayText(day) },
    ]);
    // A finished day is skipped: a bet added to it later is not paid by the job.
    await bet('due1', 1_000_00n, inDay(day, 13));
    await t.services.promotions.rebates.runDue(now);
    expect((await balance('due1')) - before).toBe(10_00n);
    // A day that has not ended is never paid.
    await expect(t.services.promotions.rebates.payDay(M, today())).rejects.toThrow(/has not ended/);
  });

  it('after manual claims the job pays only the rest of the day', async () => {
    await member('mixed');
    const day = today();
    const d = dayText(day);
    await bet('mixed', 1_000_00n, justNow()); // 5.00
    const before = await balance('mixed');
    expect((await claim('mixed', d)).status).toBe(200);
    await bet('mixed', 90_00n, justNow()); // +0.45: below the minimum for a claim
    expect((await get<ManualRebate>('/wps/rebate/manual', 'mixed')).canClaim).toBe(false);
    // The day ends (treated as ended here): the job pays the 0.45 left, once.
    await Promise.all([
      t.services.promotions.rebates.payDay(M, day, day.end.getTime()),
      t.services.promotions.rebates.payDay(M, day, day.end.getTime()),
    ]);
    expect((await balance('mixed')) - before).toBe(5_45n);
    expect(await entries(`REBATE:${ids.mixed}:${d}`)).toBe(1);
    const payouts = await db()
      .selectFrom('rebate_payout')
      .select(['kind', 'amount'])
      .where('member_id', '=', ids.mixed!)
      .orderBy('id')
      .execute();
    expect(payouts).toEqual([
      { kind: 'MANUAL', amount: '500' },
      { kind: 'DAILY', amount: '45' },
    ]);
    // Settled: no claim of that day any more.
    await bet('mixed', 1_000_00n, justNow());
    await id.fails(
      '/wps/rebate/manual/claim',
      { body: { day: d }, token: tokens.mixed, ip: IP },
      409,
      'reward.not.claimable',
    );
  });

  it('applies the cap, the turnover multiple and the member level rates', async () => {
    await member('capped');
    await db()
      .insertInto('member_vip')
      .values({ member_id: ids.capped!, merchant_code: M, level: 6, reached_at: new Date() })
      .execute();
    await db()
      .updateTable('rebate_rule')
      .set({ daily_cap: '2000', turnover_multiple: 2 })
      .where('merchant_code', '=', M)
      .execute();
    try {
      await bet('capped', 2_000_00n, justNow()); // level 6 RNG 1.50% → 30.00, capped to 20.00
      const page = await get<ManualRebate>('/wps/rebate/manual', 'capped');
      expect(page).toMatchObject({ level: 6, rebate: 20, capped: true, claimable: 20 });
      expect(page.lines.find((l) => l.gameType === 'RNG')).toMatchObject({ rate: 1.5, rebate: 30 });
      const paid = await id.ok<RebateClaimResult>('/wps/rebate/manual/claim', {
        body: { day: page.day },
        token: tokens.capped,
        ip: IP,
      });
      expect(paid).toEqual({ day: page.day, amount: 20, claimed: 20, turnoverRequired: 40 });
      const required = await db()
        .selectFrom('turnover_requirement')
        .select(['required'])
        .where('member_id', '=', ids.capped!)
        .execute();
      expect(required).toEqual([{ required: '4000' }]);
    } finally {
      await db()
        .updateTable('rebate_rule')
        .set({ daily_cap: '5000000', turnover_multiple: 0 })
        .where('merchant_code', '=', M)
        .execute();
    }
  });

  it('keeps the ledger consistent', async () => {
    expect(await ledgerProblems()).toEqual({ unbalanced: 0, drift: 0, negative: 0 });
  });
});
