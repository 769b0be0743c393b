/**
 * The back office's rewards setup through its HTTP calls: missions, VIP levels, rebate terms and
 * their 30-day forecast, the referral rule, points earning rules, the mall's catalogue (images,
 * prices, stock under concurrent redemptions) and the pause of each reward kind. Bad input is
 * refused with nothing changed; every change applies to new claims only (what members already
 * hold keeps its terms); pauses stop new claims and keep held rewards; changes are audited.
 */
import { randomUUID } from 'node:crypto';
import {
  PERMISSIONS,
  type AdminMallItem,
  type AdminMission,
  type AdminRebate,
  type AdminVipLevel,
  type ManualRebate,
  type MissionSummaryDetails,
  type Permission,
  type PointRewardList,
  type RebateForecast,
  type Redemption,
  type RewardPause,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { hashPassword } from '../src/platform/password';
import { periodAt } from '../src/platform/periods';
import { buildTestApp, PNG, type TestContext } from './helper';
import { freshIp, Identity } from './identity-client';

const M = 'GOLDEN';
const TZ = 'Asia/Manila';
const PASSWORD = 'pass1234';
const PAY = '135790';
const ADMIN_KEY = 'test-admin-key-0123456789';
const A = '/wps/admin/rewards';

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let stakeEntry: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const hashes = { password: '', payment: '' };

// ---- operators ----------------------------------------------------------------------------------------

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

interface Answer<T> {
  status: number;
  body: { success: boolean; value?: T; errorCode?: string; message?: string };
}

async function staff<T = unknown>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  who = 'manager',
  permissions: readonly Permission[] = PERMISSIONS,
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: { host: 'localhost', merchant: M, 'x-api-key': await keyOf(who, permissions) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function staffOk<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const res = await staff<T>(method, url, body);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.value as T;
}

/** A refused change: its status and error code, and nothing in `tables` changed. */
async function refused(
  tables: string[],
  call: () => Promise<Answer<unknown>>,
  status: number,
  errorCode: string,
): Promise<void> {
  const before = await snapshot(tables);
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errorCode).toBe(errorCode);
  expect(await snapshot(tables)).toBe(before);
}

/** Every row of these tables, as text. */
async function snapshot(tables: string[]): Promise<string> {
  const out: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ t: string }>`
      SELECT coalesce(string_agg(x::text, '|' ORDER BY x::text), '') AS t FROM ${sql.table(table)} x`.execute(
      t.db.db,
    );
    out.push(rows[0]!.t);
  }
  return out.join('\n');
}

async function lastAudit(action: string) {
  return t.db.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

// ---- members ------------------------------------------------------------------------------------------

async function member(name: string): Promise<string> {
  const row = await t.db.db
    .insertInto('member')
    .values({
      merchant_code: M,
      username: name,
      password_hash: hashes.password,
      payment_password_hash: hashes.payment,
      is_agent: 0,
      referral_code: `R${name.toUpperCase()}`.slice(0, 20),
      register_method: 'SEED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[name] = row.id;
  tokens[name] = (await id.loginOk({ username: name, password: PASSWORD }, { ip: freshIp() })).token;
  return row.id;
}

async function givePoints(name: string, points: bigint) {
  await t.db.db.transaction().execute((trx) =>
    t.services.points.ledger.post(trx, {
      merchant: M,
      memberId: ids[name]!,
      kind: 'ADJUSTMENT',
      points,
      reference: `TEST:${randomUUID()}`,
    }),
  );
}
const pointsOf = async (name: string) => BigInt(await t.services.points.ledger.balance(t.db.db, ids[name]!));
const mainBalance = async (name: string) =>
  (await ledger.memberBalances(t.db.db, ids[name]!)).get('MAIN') ?? 0n;

/** A settled bet of `name` at `settledAt` (valid turnover in minor units). */
async function bet(name: string, settledAt: Date, validBet: bigint, gameType = 'RNG') {
  await t.db.db
    .insertInto('bet_record')
    .values({
      merchant_code: M,
      member_id: ids[name]!,
      vendor_code: 'HOUSE',
      game_type: gameType,
      game_code: 'slot',
      game_name: 'Slot',
      round_id: `ra-${randomUUID()}`,
      stake: validBet.toString(),
      valid_bet: validBet.toString(),
      payout: '0',
      status: 'SETTLED',
      stake_entry_id: stakeEntry,
      placed_at: settledAt,
      settled_at: settledAt,
    })
    .execute();
}

let seq = 0;
const redeem = (name: string, rewardId: string) =>
  id.send<Redemption>('/wps/points/passwordCheck/redeemPointReward', {
    method: 'POST',
    token: tokens[name],
    body: { requestId: `ra-${Date.now().toString(36)}-${++seq}`, paymentPassword: PAY, rewardId },
    encrypt: true,
  });

// A fresh database with the demo seed and several argon2 hashes: slow when other suites share the cores.
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY, LOG_LEVEL: 'silent' });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  hashes.password = await hashPassword(PASSWORD);
  hashes.payment = await hashPassword(PAY);
  await member('rwstake');
  const stake = await ledger.post(t.db.db, {
    merchant: M,
    reference: `test-stake:${randomUUID()}`,
    kind: 'ADJUSTMENT',
    memberId: ids.rwstake!,
    postings: [
      { accountId: await ledger.account(M, 'ADJUSTMENT'), amount: -1n },
      { accountId: await ledger.account(M, 'MAIN', ids.rwstake!), amount: 1n },
    ],
  });
  stakeEntry = stake.entryId;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

// ---- pauses ---------------------------------------------------------------------------------------------

describe('pauses', () => {
  it('lists every reward kind running, and refuses staff without rewards.manage', async () => {
    const list = await staffOk<{ list: RewardPause[] }>('GET', `${A}/pauses`);
    expect(list.list.map((p) => [p.kind, p.paused])).toEqual([
      ['MISSIONS', false],
      ['REBATES', false],
      ['REFERRAL', false],
      ['POINTS_EARNING', false],
      ['MALL', false],
    ]);
    await refused(
      ['reward_pause'],
      () => staff('PUT', `${A}/pauses/MALL`, { paused: true }, 'viewer', ['players.view']),
      403,
      'operator.forbidden',
    );
    await refused(
      ['reward_pause'],
      () => staff('PUT', `${A}/pauses/LOTTERY`, { paused: true }),
      400,
      'request.invalid',
    );
  });
});

// ---- missions -------------------------------------------------------------------------------------------

const missionBody = (o: Record<string, unknown> = {}) => ({
  code: 'RA_LOGIN',
  period: 'DAILY',
  metric: 'LOGIN',
  gameType: null,
  target: 1,
  reward: 5,
  turnoverMultiple: 1,
  title: { EN: 'Log in today', CN: '今日登录' },
  description: { EN: 'Sign in once' },
  sort: 0,
  active: true,
  ...o,
});

describe('missions', () => {
  let missionId = '';
  const summary = (name: string) =>
    id.ok<MissionSummaryDetails>('/wps/relay/MCSFE_getMissionSummaryDetails', { token: tokens[name] });
  const claim = (name: string) =>
    id.send('/wps/mission/claim', { method: 'POST', body: { missionId }, token: tokens[name] });

  it('refuses bad missions with nothing changed', async () => {
    const tables = ['mission'];
    await refused(
      tables,
      () => staff('POST', `${A}/missions`, missionBody({ target: 3 })),
      400,
      'request.invalid',
    );
    await refused(
      tables,
      () => staff('POST', `${A}/missions`, missionBody({ metric: 'DEPOSIT', gameType: 'RNG', target: 100 })),
      400,
      'request.invalid',
    );
    await refused(
      tables,
      () => staff('POST', `${A}/missions`, missionBody({ title: {} })),
      400,
      'request.invalid',
    );
    await refused(
      tables,
      () => staff('POST', `${A}/missions`, missionBody({ reward: 0 })),
      400,
      'request.invalid',
    );
    await refused(
      tables,
      () => staff('POST', `${A}/missions`, missionBody({ reward: 1.234 })),
      400,
      'request.invalid',
    );
    const existing = (await staffOk<{ list: AdminMission[] }>('GET', `${A}/missions`)).list[0]!;
    await refused(
      tables,
      () => staff('POST', `${A}/missions`, missionBody({ code: existing.code })),
      409,
      'reward.code.taken',
    );
    await refused(
      tables,
      () => staff('PUT', `${A}/missions/999999`, missionBody()),
      404,
      'reward.mission.unknown',
    );
  });

  it('creates a mission players see and claim; an edit changes new claims only', async () => {
    const created = await staffOk<AdminMission>('POST', `${A}/missions`, missionBody());
    missionId = created.id;
    expect(created).toMatchObject({ code: 'RA_LOGIN', target: 1, reward: 5, claims: 0, active: true });
    expect((await lastAudit('rewards.mission.create'))?.target).toBe(`mission:${missionId}`);

    await member('rwmis1');
    const seen = (await summary('rwmis1')).missions.find((m) => m.id === missionId)!;
    expect(seen).toMatchObject({ title: 'Log in today', reward: 5, state: 'CLAIMABLE' });
    expect((await claim('rwmis1')).status).toBe(200);
    expect(await mainBalance('rwmis1')).toBe(500n);

    const edited = await staffOk<AdminMission>(
      'PUT',
      `${A}/missions/${missionId}`,
      missionBody({ reward: 9 }),
    );
    expect(edited).toMatchObject({ reward: 9, claims: 1 });
    const audit = await lastAudit('rewards.mission.update');
    expect(audit?.before).toMatchObject({ reward: 5 });
    expect(audit?.after).toMatchObject({ reward: 9 });

    // The claim already paid keeps its reward, on the page and in the records.
    const held = (await summary('rwmis1')).missions.find((m) => m.id === missionId)!;
    expect(held).toMatchObject({ state: 'CLAIMED', reward: 5 });
    const claimRow = await t.db.db
      .selectFrom('mission_claim')
      .select('amount')
      .where('mission_id', '=', missionId)
      .where('member_id', '=', ids.rwmis1!)
      .executeTakeFirstOrThrow();
    expect(claimRow.amount).toBe('500');
    expect(await mainBalance('rwmis1')).toBe(500n);

    // A new claim is paid the new reward.
    await member('rwmis2');
    expect((await summary('rwmis2')).missions.find((m) => m.id === missionId)?.reward).toBe(9);
    expect((await claim('rwmis2')).status).toBe(200);
    expect(await mainBalance('rwmis2')).toBe(900n);
  });

  it('pausing missions stops new claims and keeps the ones paid; resuming lets them claim again', async () => {
    await member('rwmis3');
    await staffOk('PUT', `${A}/pauses/MISSIONS`, { paused: true });
    const audit = await lastAudit('rewards.pause');
    expect(audit).toMatchObject({ target: 'reward-kind:MISSIONS', actor: 'manager', merchant_code: M });
    expect(audit?.after).toMatchObject({ paused: true, pausedBy: 'manager' });

    const before = await snapshot(['mission_claim', 'ledger_entry']);
    const res = await claim('rwmis3');
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('reward.paused');
    expect(await snapshot(['mission_claim', 'ledger_entry'])).toBe(before);
    expect(await mainBalance('rwmis1')).toBe(500n);

    await staffOk('PUT', `${A}/pauses/MISSIONS`, { paused: false });
    expect((await lastAudit('rewards.resume'))?.target).toBe('reward-kind:MISSIONS');
    expect((await claim('rwmis3')).status).toBe(200);
  });

  it('a paused mission leaves the player’s list', async () => {
    const off = await staffOk<AdminMission>('POST', `${A}/missions/${missionId}/active`, { active: false });
    expect(off.active).toBe(false);
    expect((await summary('rwmis1')).missions.some((m) => m.id === missionId)).toBe(false);
    await staffOk('POST', `${A}/missions/${missionId}/active`, { active: true });
    expect((await summary('rwmis1')).missions.some((m) => m.id === missionId)).toBe(true);
  });
});

// ---- VIP --------------------------------------------------------------------------------------------------

describe('VIP levels', () => {
  const asInput = (levels: AdminVipLevel[]) =>
    levels.map(({ members: _members, ...l }) => ({
      ...l,
      benefits: l.benefits.filter((b) => Object.keys(b).length),
    }));

  it('refuses a ladder that is not strictly increasing, has gaps, or drops a level members hold', async () => {
    const levels = asInput((await staffOk<{ list: AdminVipLevel[] }>('GET', `${A}/vip`)).list);
    expect(levels.length).toBeGreaterThan(3);
    const tables = ['vip_level', 'vip_rebate_rate'];
    const put = (l: unknown[]) => () => staff('PUT', `${A}/vip`, { levels: l });
    // Level 2 needs less than level 1.
    const lower = levels.map((l) => (l.level === 2 ? { ...l, minTurnover: 0, minDeposit: 0 } : l));
    await refused(tables, put(lower), 400, 'reward.vip.levels.invalid');
    // The same thresholds as the level below.
    const same = levels.map((l) =>
      l.level === 2 ? { ...l, minTurnover: levels[1]!.minTurnover, minDeposit: levels[1]!.minDeposit } : l,
    );
    await refused(tables, put(same), 400, 'reward.vip.levels.invalid');
    // A gap (level 2 left out).
    await refused(tables, put(levels.filter((l) => l.level !== 2)), 400, 'reward.vip.levels.invalid');
    // Level 0 needing something.
    await refused(
      tables,
      put(levels.map((l) => (l.level === 0 ? { ...l, minTurnover: 1 } : l))),
      400,
      'reward.vip.levels.invalid',
    );
    await refused(
      tables,
      put(levels.map((l) => (l.level === 1 ? { ...l, color: 'red' } : l))),
      400,
      'request.invalid',
    );
    // A member holds the top level: it cannot be removed.
    await member('rwvip');
    const top = levels[levels.length - 1]!.level;
    await t.db.db
      .insertInto('member_vip')
      .values({ member_id: ids.rwvip!, merchant_code: M, level: top, reached_at: new Date() })
      .execute();
    await refused(tables, put(levels.slice(0, -1)), 409, 'reward.vip.level.in.use');
  });

  it('saves names, thresholds, bonuses and benefits; upgrades already paid and levels held keep their terms', async () => {
    const levels = asInput((await staffOk<{ list: AdminVipLevel[] }>('GET', `${A}/vip`)).list);
    await t.db.db
      .insertInto('vip_upgrade')
      .values({ merchant_code: M, member_id: ids.rwvip!, level: 1, bonus: '0' })
      .execute();
    const changed = levels.map((l) =>
      l.level === 1
        ? {
            ...l,
            label: { EN: 'Bronze+', VI: 'Đồng+' },
            upgradeBonus: 77,
            benefits: [{ EN: 'Birthday gift' }],
          }
        : l,
    );
    const saved = await staffOk<{ list: AdminVipLevel[] }>('PUT', `${A}/vip`, { levels: changed });
    expect(saved.list[1]).toMatchObject({
      label: { EN: 'Bronze+', VI: 'Đồng+' },
      upgradeBonus: 77,
      benefits: [{ EN: 'Birthday gift' }],
    });
    const audit = await lastAudit('rewards.vip.save');
    expect(JSON.stringify(audit?.after)).toContain('Bronze+');
    const upgrade = await t.db.db
      .selectFrom('vip_upgrade')
      .select('bonus')
      .where('member_id', '=', ids.rwvip!)
      .executeTakeFirstOrThrow();
    expect(upgrade.bonus).toBe('0');
    const held = await t.db.db
      .selectFrom('member_vip')
      .select('level')
      .where('member_id', '=', ids.rwvip!)
      .executeTakeFirstOrThrow();
    expect(held.level).toBe(levels[levels.length - 1]!.level);
  });
});

// ---- rebates --------------------------------------------------------------------------------------------

describe('rebate rates', () => {
  const today = () => periodAt('D', Date.now(), TZ);
  const yesterday = () => periodAt('D', today().start.getTime() - 1, TZ);
  const body = (rng0: number, o: Record<string, unknown> = {}) => ({
    rule: { minPayout: 1, dailyCap: null, turnoverMultiple: 1 },
    rates: [{ level: 0, rates: { RNG: rng0, LIVE: 30 } }],
    ...o,
  });

  it('forecasts the last 30 days at the current and the new rates, and refuses unknown levels', async () => {
    await member('rwreb');
    const current = await staffOk<AdminRebate>('GET', `${A}/rebates`);
    const rng0 = current.rates.find((r) => r.level === 0)!.rates.RNG!;
    expect(rng0).toBeGreaterThan(0);
    // 2000.00 of RNG turnover yesterday and today (today is not in the forecast: it has not ended).
    await bet('rwreb', new Date(yesterday().start.getTime() + 3_600_000), 200_000n);
    await bet('rwreb', new Date(Date.now() - 60_000), 200_000n);
    const before = await snapshot(['rebate_rule', 'vip_rebate_rate', 'rebate_terms_version']);
    const f = await staffOk<RebateForecast>('POST', `${A}/rebates/forecast`, body(200));
    expect(await snapshot(['rebate_rule', 'vip_rebate_rate', 'rebate_terms_version'])).toBe(before);
    expect(f.days).toBe(30);
    const line = f.lines.find((l) => l.level === 0 && l.gameType === 'RNG')!;
    expect(line.turnover).toBeGreaterThanOrEqual(2000);
    // The new rate (2.00%) on this member's 2000.00 alone is 40.00 more than the current one.
    expect(line.proposedCost - line.currentCost).toBeGreaterThanOrEqual(40 - (rng0 / 10_000) * 2000);
    expect(f.proposedCost).toBeGreaterThan(f.currentCost);

    const tables = ['rebate_rule', 'vip_rebate_rate', 'rebate_terms_version'];
    await refused(
      tables,
      () => staff('PUT', `${A}/rebates`, body(200, { rates: [{ level: 42, rates: { RNG: 10 } }] })),
      400,
      'reward.rebate.level.unknown',
    );
    await refused(tables, () => staff('PUT', `${A}/rebates`, body(5000)), 400, 'request.invalid');
    await refused(
      tables,
      () =>
        staff(
          'PUT',
          `${A}/rebates`,
          body(100, { rule: { minPayout: 10, dailyCap: 5, turnoverMultiple: 1 } }),
        ),
      400,
      'request.invalid',
    );
  });

  it('new rates apply from tomorrow: today and ended days are paid at the rates they were earned at', async () => {
    const brand = await t.brands.resolve(M, undefined);
    const oldRate = (await staffOk<AdminRebate>('GET', `${A}/rebates`)).rates.find((r) => r.level === 0)!
      .rates.RNG!;
    const manualBefore = await t.services.promotions.rebates.manual(brand, ids.rwreb!);
    const saved = await staffOk<AdminRebate>('PUT', `${A}/rebates`, body(200));
    expect(saved.rates.find((r) => r.level === 0)!.rates).toMatchObject({ RNG: 200, LIVE: 30 });
    expect(saved.effectiveFrom > manualBefore.day).toBe(true);
    expect((await lastAudit('rewards.rebates.save'))?.before).toMatchObject({ rates: expect.any(Array) });

    // Today's rebate so far is unchanged by the save.
    const manualAfter = await t.services.promotions.rebates.manual(brand, ids.rwreb!);
    expect(manualAfter.rebate).toBe(manualBefore.rebate);
    expect(manualAfter.lines.find((l) => l.gameType === 'RNG')?.rate).toBe(oldRate / 100);

    // Yesterday (earned before the save) is paid at the old rate.
    await t.services.promotions.rebates.payDay(M, yesterday(), Date.now());
    const payout = await t.db.db
      .selectFrom('rebate_payout')
      .select('amount')
      .where('member_id', '=', ids.rwreb!)
      .where('kind', '=', 'DAILY')
      .executeTakeFirstOrThrow();
    expect(BigInt(payout.amount)).toBe((200_000n * BigInt(oldRate)) / 10_000n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('pausing rebates refuses new claims and keeps what was paid', async () => {
    const brand = await t.brands.resolve(M, undefined);
    const paidBefore = await snapshot(['rebate_payout']);
    await staffOk('PUT', `${A}/pauses/REBATES`, { paused: true });
    const manual = await t.services.promotions.rebates.manual(brand, ids.rwreb!);
    expect(manual).toMatchObject({ enabled: false, canClaim: false });
    const res = await id.send<ManualRebate>('/wps/rebate/manual/claim', {
      method: 'POST',
      token: tokens.rwreb,
      body: { day: manual.day },
    });
    expect(res.body.errorCode).toBe('reward.paused');
    expect(await snapshot(['rebate_payout'])).toBe(paidBefore);

    // Once today has ended, the daily job pays nothing for it (it was running at the pause), and
    // closes it so a resume does not pay it either.
    const rebates = t.services.promotions.rebates;
    const afterToday = today().end.getTime() + 10 * 60_000;
    await rebates.runDue(afterToday);
    await staffOk('PUT', `${A}/pauses/REBATES`, { paused: false });
    await rebates.runDue(afterToday);
    expect(await snapshot(['rebate_payout'])).toBe(paidBefore);
    const closed = await t.db.db
      .selectFrom('rebate_run')
      .select(['members', 'paid'])
      .where('merchant_code', '=', M)
      .where('day', '=', manual.day)
      .executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ members: 0, paid: '0' });
  });
});

// ---- referral -------------------------------------------------------------------------------------------

describe('referral rule', () => {
  it('refuses bad rules with nothing changed; a held reward is paid with the terms it was claimed with', async () => {
    const good = { minFirstDeposit: 100, reward: 50, turnoverMultiple: 2, qualifyDays: 30, monthlyLimit: 10 };
    const tables = ['referral_rule'];
    await refused(
      tables,
      () => staff('PUT', `${A}/referral`, { ...good, qualifyDays: 0 }),
      400,
      'request.invalid',
    );
    await refused(
      tables,
      () => staff('PUT', `${A}/referral`, { ...good, reward: -1 }),
      400,
      'request.invalid',
    );
    await refused(
      tables,
      () => staff('PUT', `${A}/referral`, { ...good, minFirstDeposit: 0 }),
      400,
      'request.invalid',
    );

    await member('rwref');
    await member('rwfriend');
    const held = await t.db.db
      .insertInto('referral_reward')
      .values({
        merchant_code: M,
        referrer_id: ids.rwref!,
        friend_id: ids.rwfriend!,
        amount: '300',
        entry_id: null,
        status: 'HELD',
        turnover_required: '300',
        hold_reasons: ['IP'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const saved = await staffOk<{ rule: { reward: number }; held: number }>('PUT', `${A}/referral`, good);
    expect(saved.rule.reward).toBe(50);
    expect(saved.held).toBeGreaterThanOrEqual(1);
    // Paused: nobody new qualifies, but a held reward is still decided, at its own terms.
    await staffOk('PUT', `${A}/pauses/REFERRAL`, { paused: true });
    const summaryRule = await id.ok<{ rule: { enabled: boolean } | null }>('/wps/referral/summary', {
      token: tokens.rwref,
    });
    expect(summaryRule.rule?.enabled).toBe(false);
    await staffOk('POST', `/wps/admin/referral/rewards/${held.id}/approve`);
    expect(await mainBalance('rwref')).toBe(300n);
    await staffOk('PUT', `${A}/pauses/REFERRAL`, { paused: false });
  });

  it('holds every claim for review when the brand asks for it; otherwise an untied friend is paid at once', async () => {
    const rule = { minFirstDeposit: 100, reward: 50, turnoverMultiple: 2, qualifyDays: 30, monthlyLimit: 10 };
    const channel = await t.db.db
      .selectFrom('payment_channel')
      .select('id')
      .where('merchant_code', '=', M)
      .executeTakeFirstOrThrow();
    /** A friend of rwref whose first deposit (150.00, credited now) qualifies. */
    async function qualifiedFriend(name: string): Promise<string> {
      const friend = await t.db.db
        .insertInto('member')
        .values({
          merchant_code: M,
          username: name,
          password_hash: hashes.password,
          is_agent: 0,
          referral_code: `R${name.toUpperCase()}`.slice(0, 20),
          register_method: 'SEED',
          referrer_id: ids.rwref!,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const orderNo = `RA${randomUUID().replace(/-/g, '').slice(0, 18)}`;
      const entry = await ledger.post(t.db.db, {
        merchant: M,
        reference: `DEPOSIT:${orderNo}`,
        kind: 'DEPOSIT',
        memberId: friend.id,
        postings: [
          { accountId: await ledger.account(M, 'PAYMENT_CLEARING'), amount: -15_000n },
          { accountId: await ledger.account(M, 'MAIN', friend.id), amount: 15_000n },
        ],
      });
      await t.db.db
        .insertInto('deposit')
        .values({
          merchant_code: M,
          member_id: friend.id,
          request_id: randomUUID().replace(/-/g, ''),
          order_no: orderNo,
          channel_id: channel.id,
          amount: '15000',
          fee: '0',
          status: 'APPROVED',
          entry_id: entry.entryId,
        })
        .execute();
      return friend.id;
    }
    const claim = (friendId: string) =>
      id.send('/wps/referral/claim', { method: 'POST', body: { friendId }, token: tokens.rwref });
    const rewardOf = (friendId: string) =>
      t.db.db
        .selectFrom('referral_reward')
        .select(['status', 'amount', 'hold_reasons'])
        .where('friend_id', '=', friendId)
        .executeTakeFirstOrThrow();

    await staffOk('PUT', `${A}/referral`, { ...rule, reviewAll: true });
    expect((await lastAudit('rewards.referral.save'))?.after).toMatchObject({ rule: { reviewAll: true } });
    const held = await qualifiedFriend('rwfriendh');
    const balance = await mainBalance('rwref');
    const res = await claim(held);
    expect(res.body.errorCode).toBe('referral.reward.review');
    expect(await rewardOf(held)).toMatchObject({ status: 'HELD', amount: '5000', hold_reasons: [] });
    expect(await mainBalance('rwref')).toBe(balance);

    await staffOk('PUT', `${A}/referral`, { ...rule, reviewAll: false });
    const paid = await qualifiedFriend('rwfriendp');
    expect((await claim(paid)).status).toBe(200);
    expect(await rewardOf(paid)).toMatchObject({ status: 'PAID', amount: '5000' });
    expect(await mainBalance('rwref')).toBe(balance + 5_000n);
  });
});

// ---- points earning -----------------------------------------------------------------------------------

describe('points earning rules', () => {
  it('refuses bad rules; a pause stops earning and keeps what was credited', async () => {
    const tables = ['point_config', 'point_earn_rate'];
    const good = {
      depositRate: 1,
      earnRates: { RNG: 2, LIVE: 1 },
      convertEnabled: true,
      convertPointsPerUnit: 100,
      convertMinPoints: 100,
      convertTurnoverMultiple: 1,
    };
    await refused(
      tables,
      () => staff('PUT', `${A}/points`, { ...good, depositRate: 5000 }),
      400,
      'request.invalid',
    );
    await refused(
      tables,
      () => staff('PUT', `${A}/points`, { ...good, earnRates: { CARDS: 1 } }),
      400,
      'request.invalid',
    );
    const saved = await staffOk<{ earnRates: Record<string, number> }>('PUT', `${A}/points`, good);
    expect(saved.earnRates).toEqual({ LIVE: 1, RNG: 2 });

    await member('rwpts');
    await bet('rwpts', new Date(Date.now() - 60_000), 10_000n);
    const day = periodAt('D', Date.now(), TZ);
    await staffOk('PUT', `${A}/pauses/POINTS_EARNING`, { paused: true });
    expect(await t.services.points.earning.earnDay(M, day)).toBe(0);
    expect(await pointsOf('rwpts')).toBe(0n);
    await staffOk('PUT', `${A}/pauses/POINTS_EARNING`, { paused: false });
    await t.services.points.earning.earnDay(M, day);
    // 100.00 of RNG at 2 points per 1.00.
    expect(await pointsOf('rwpts')).toBe(200n);
    // Pausing again keeps what was credited.
    await staffOk('PUT', `${A}/pauses/POINTS_EARNING`, { paused: true });
    expect(await pointsOf('rwpts')).toBe(200n);
    await staffOk('PUT', `${A}/pauses/POINTS_EARNING`, { paused: false });
  });
});

// ---- the mall -------------------------------------------------------------------------------------------

describe('the points mall', () => {
  let imagePath = '';
  let itemId = '';
  const item = (o: Record<string, unknown> = {}) => ({
    code: 'RA_MUG',
    kind: 'ITEM',
    name: { EN: 'Team mug', TH: 'แก้วทีม' },
    description: { EN: 'A mug' },
    imagePath,
    cost: 300,
    bonusAmount: null,
    turnoverMultiple: 0,
    sort: 1,
    active: true,
    stock: 3,
    ...o,
  });
  const catalogue = (name: string) =>
    id.ok<PointRewardList>('/wps/points/getPointReward', { token: tokens[name] });

  it('uploads png or jpg images within the size limit and serves them', async () => {
    const tables = ['reward_image'];
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    await refused(
      tables,
      () => staff('POST', `${A}/images`, { data: gif.toString('base64') }),
      400,
      'reward.image.invalid',
    );
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    await refused(
      tables,
      () => staff('POST', `${A}/images`, { data: big.toString('base64') }),
      413,
      'reward.image.too.large',
    );
    await refused(
      tables,
      () => staff('POST', `${A}/images`, { data: 'not base64!' }),
      400,
      'reward.image.invalid',
    );
    const up = await staffOk<{ imagePath: string; imageUrl: string }>('POST', `${A}/images`, {
      data: PNG.toString('base64'),
    });
    expect(up.imagePath).toMatch(/^reward-images\/[0-9a-f-]{36}\.png$/);
    imagePath = up.imagePath;
    const served = await t.app.inject({
      method: 'GET',
      url: `/media/${up.imagePath}`,
      headers: { host: 'localhost' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/media/${up.imagePath.replace('.png', '.jpg')}`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses bad items with nothing changed, creates one players see, and changes its price', async () => {
    const tables = ['point_reward'];
    await refused(
      tables,
      () => staff('POST', `${A}/mall`, item({ kind: 'BONUS' })),
      400,
      'reward.mall.bonus.amount',
    );
    await refused(
      tables,
      () => staff('POST', `${A}/mall`, item({ bonusAmount: 5 })),
      400,
      'reward.mall.bonus.amount',
    );
    await refused(tables, () => staff('POST', `${A}/mall`, item({ stock: -1 })), 400, 'request.invalid');
    await refused(tables, () => staff('POST', `${A}/mall`, item({ cost: 0 })), 400, 'request.invalid');
    await refused(
      tables,
      () => staff('POST', `${A}/mall`, item({ imagePath: '../etc/passwd' })),
      400,
      'request.invalid',
    );
    const created = await staffOk<AdminMallItem>('POST', `${A}/mall`, item());
    itemId = created.id;
    expect(created).toMatchObject({ cost: 300, stock: 3, active: true, inProcess: 0 });
    await refused(tables, () => staff('POST', `${A}/mall`, item()), 409, 'reward.code.taken');
    await refused(tables, () => staff('PUT', `${A}/mall/999999`, item()), 404, 'reward.mall.item.unknown');

    await member('rwmall1');
    expect((await catalogue('rwmall1')).list.find((r) => r.id === itemId)).toMatchObject({
      cost: 300,
      name: 'Team mug',
    });
    const { stock: _stock, ...edit } = item({ cost: 450 });
    await staffOk('PUT', `${A}/mall/${itemId}`, edit);
    expect((await catalogue('rwmall1')).list.find((r) => r.id === itemId)?.cost).toBe(450);
    const audit = await lastAudit('rewards.mall.update');
    expect(audit?.before).toMatchObject({ cost: 300 });
    expect(audit?.after).toMatchObject({ cost: 450 });
  });

  it('a redemption in process keeps the price it was redeemed at', async () => {
    await givePoints('rwmall1', 1000n);
    const r = await redeem('rwmall1', itemId);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await pointsOf('rwmall1')).toBe(550n);
    const { stock: _stock, ...edit } = item({ cost: 900 });
    await staffOk('PUT', `${A}/mall/${itemId}`, edit);
    const redemption = r.body.value!;
    expect(redemption).toMatchObject({ cost: 450 });
    // Rejected: the points given back are what was paid, not the new price.
    const rej = await staff('POST', `/wps/admin/points/redemptions/${redemption.id}/reject`, {
      reason: 'Out of this colour',
    });
    expect(rej.status, JSON.stringify(rej.body)).toBe(200);
    expect(await pointsOf('rwmall1')).toBe(1000n);
  });

  it('never oversells: concurrent redemptions and stock changes keep the stock at zero or above', async () => {
    const { stock: _stock, ...edit } = item({ cost: 10 });
    await staffOk('PUT', `${A}/mall/${itemId}`, edit);
    await staffOk('POST', `${A}/mall/${itemId}/stock`, { limitedTo: 3 });
    const names = ['rwc1', 'rwc2', 'rwc3', 'rwc4', 'rwc5', 'rwc6'];
    for (const n of names) {
      await member(n);
      await givePoints(n, 100n);
    }
    const answers = await Promise.all([
      ...names.map((n) => redeem(n, itemId)),
      staff('POST', `${A}/mall/${itemId}/stock`, { change: -2 }),
    ]);
    const redeemed = answers.slice(0, names.length).filter((a) => a.status === 200).length;
    const taken = answers[names.length]!.status === 200 ? 2 : 0;
    for (const a of answers.slice(0, names.length))
      if (a.status !== 200) expect(a.body.errorCode).toBe('points.reward.out.of.stock');
    const stock = (await staffOk<{ list: AdminMallItem[] }>('GET', `${A}/mall`)).list.find(
      (i) => i.id === itemId,
    )!.stock!;
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(redeemed + taken + stock).toBe(3);
    const spent = await t.db.db
      .selectFrom('point_redemption')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reward_id', '=', itemId)
      .where('status', '=', 'IN_PROCESS')
      .executeTakeFirstOrThrow();
    expect(Number(spent.n)).toBe(redeemed);

    // Taking more than is left is refused with nothing changed.
    await refused(
      ['point_reward'],
      () => staff('POST', `${A}/mall/${itemId}/stock`, { change: -(stock + 1) }),
      409,
      'reward.mall.stock.negative',
    );
    const added = await staffOk<AdminMallItem>('POST', `${A}/mall/${itemId}/stock`, { change: 5 });
    expect(added.stock).toBe(stock + 5);
    expect((await lastAudit('rewards.mall.stock'))?.after).toMatchObject({ stock: stock + 5 });
    const unlimited = await staffOk<AdminMallItem>('POST', `${A}/mall/${itemId}/stock`, { unlimited: true });
    expect(unlimited.stock).toBeNull();
    await refused(
      ['point_reward'],
      () => staff('POST', `${A}/mall/${itemId}/stock`, { change: 1 }),
      400,
      'request.invalid',
    );
  });

  it('disabled items leave the mall; a mall pause refuses redemptions and keeps those in process', async () => {
    await staffOk('POST', `${A}/mall/${itemId}/active`, { active: false });
    expect((await catalogue('rwmall1')).list.some((r) => r.id === itemId)).toBe(false);
    await staffOk('POST', `${A}/mall/${itemId}/active`, { active: true });
    expect((await catalogue('rwmall1')).list.some((r) => r.id === itemId)).toBe(true);

    await staffOk('PUT', `${A}/pauses/MALL`, { paused: true });
    const tables = ['point_redemption', 'point_entry', 'point_reward'];
    const before = await snapshot(tables);
    const r = await redeem('rwmall1', itemId);
    expect(r.body.errorCode).toBe('reward.paused');
    expect(await snapshot(tables)).toBe(before);
    // A redemption in process is still answered.
    const waiting = await t.db.db
      .selectFrom('point_redemption')
      .select('id')
      .where('reward_id', '=', itemId)
      .where('status', '=', 'IN_PROCESS')
      .executeTakeFirstOrThrow();
    const ok = await staff('POST', `/wps/admin/points/redemptions/${waiting.id}/approve`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await staffOk('PUT', `${A}/pauses/MALL`, { paused: false });
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
