/**
 * Points and the points mall through their HTTP calls and the earning job, on the
 * database the test project chooses: earning credited once however often, concurrently or on two
 * instances the job runs (and the rest only after a partial day); redeeming with every refusal
 * changing nothing, stock never oversold, a request id redeeming once; the operator's approve and
 * reject (refunding points and stock once); conversion paying once and refusing below the minimum;
 * the reads and the demo seed. Days are named explicitly: no test waits on a clock.
 */
import { randomUUID } from 'node:crypto';
import type {
  AdminRedemption,
  Conversion,
  PointBalance,
  PointConfig,
  PointHistory,
  PointRewardList,
  Redemption,
  RedemptionList,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed';
import { DAY_CLOSE_MARGIN_MS } from '../src/modules/points/points-earning.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { hashPassword } from '../src/platform/password';
import { periodAt } from '../src/platform/periods';
import { AgentTeam } from './agent-team';
import { buildPlatformOn, buildTestApp, type TestContext } from './helper';
import { freshIp, Identity, LOTUS } from './identity-client';

const M = 'GOLDEN';
const TZ = 'Asia/Manila';
const DAY_MS = 86_400_000;
const PASSWORD = 'pass1234';
const PAY = '135790';
const ADMIN_KEY = 'test-admin-key-0123456789';
const P = '/wps/points';
const REDEEM = `${P}/passwordCheck/redeemPointReward`;
const CONVERT = `${P}/passwordCheck/convertPoint`;
const ADMIN = '/wps/admin/points/redemptions';
const adminHeaders = (merchant = M) => ({ merchant, 'x-api-key': ADMIN_KEY });

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let team: AgentTeam;
let stakeEntry: string;
let channelId: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

let seq = 0;
const requestId = () => `pt-${Date.now().toString(36)}-${++seq}`;

/** A member of GOLDEN (or another brand) with a session; `pay` false: no payment password. */
async function member(name: string, o: { pay?: boolean; merchant?: string; isAgent?: number } = {}) {
  const row = await t.db.db
    .insertInto('member')
    .values({
      merchant_code: o.merchant ?? M,
      username: name,
      password_hash: hashes.password,
      payment_password_hash: o.pay === false ? null : hashes.payment,
      is_agent: o.isAgent ?? 0,
      referral_code: `R${name.toUpperCase()}`.slice(0, 20),
      register_method: 'SEED',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[name] = row.id;
  if ((o.isAgent ?? 0) !== 4) {
    const res = await id.loginOk(
      { username: name, password: PASSWORD },
      { ip: freshIp(), host: o.merchant === 'LOTUS' ? LOTUS : undefined },
    );
    tokens[name] = res.token;
  }
  return row.id;
}
const hashes = { password: '', payment: '' };

/** Gives a member points straight through the points ledger (an operator's adjustment). */
async function givePoints(name: string, points: bigint, merchant = M) {
  await t.db.db.transaction().execute((trx) =>
    t.services.points.ledger.post(trx, {
      merchant,
      memberId: ids[name]!,
      kind: 'ADJUSTMENT',
      points,
      reference: `TEST:${randomUUID()}`,
    }),
  );
}

const pointsOf = async (name: string) =>
  BigInt((await t.services.points.ledger.balance(t.db.db, ids[name]!)).toString());

/** A settled bet of `name` at `settledAt` (valid turnover in minor units). */
async function bet(name: string, settledAt: Date, validBet: bigint, gameType = 'RNG', merchant = M) {
  await t.db.db
    .insertInto('bet_record')
    .values({
      merchant_code: merchant,
      member_id: ids[name]!,
      vendor_code: 'HOUSE',
      game_type: gameType,
      game_code: 'slot',
      game_name: 'Slot',
      round_id: `p-${randomUUID()}`,
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

/**
 * A deposit of `name` credited at `at` (amount and fee in minor units): the order and, when
 * credited, its ledger entry, as the cashier writes them.
 */
async function deposit(
  name: string,
  at: Date,
  amount: bigint,
  fee = 0n,
  status: 'APPROVED' | 'REJECTED' = 'APPROVED',
) {
  const orderNo = `PT${randomUUID().replace(/-/g, '').slice(0, 18)}`;
  const entry =
    status === 'APPROVED'
      ? await ledger.post(t.db.db, {
          merchant: M,
          reference: `DEPOSIT:${orderNo}`,
          kind: 'DEPOSIT',
          memberId: ids[name]!,
          postings: [
            { accountId: await ledger.account(M, 'PAYMENT_CLEARING'), amount: -amount },
            { accountId: await ledger.account(M, 'MAIN', ids[name]!), amount: amount - fee },
            ...(fee > 0n ? [{ accountId: await ledger.account(M, 'HOUSE'), amount: fee }] : []),
          ],
        })
      : null;
  await t.db.db
    .insertInto('deposit')
    .values({
      merchant_code: M,
      member_id: ids[name]!,
      request_id: randomUUID().replace(/-/g, ''),
      order_no: orderNo,
      channel_id: channelId,
      amount: amount.toString(),
      fee: fee.toString(),
      status,
      entry_id: entry?.entryId ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/** A reward of GOLDEN (or another brand) as an operator would add it. */
async function reward(o: {
  kind?: 'BONUS' | 'ITEM';
  cost: number;
  stock: number | null;
  bonus?: bigint;
  multiple?: number;
  active?: boolean;
  merchant?: string;
}): Promise<string> {
  const row = await t.db.db
    .insertInto('point_reward')
    .values({
      merchant_code: o.merchant ?? M,
      code: `T_${randomUUID().slice(0, 8)}`,
      kind: o.kind ?? 'ITEM',
      name: JSON.stringify({ EN: 'Test prize', CN: '测试奖品' }),
      description: JSON.stringify({ EN: 'For tests' }),
      image_path: 'points/mug.svg',
      cost: String(o.cost),
      stock: o.stock,
      bonus_amount: o.bonus ?? null,
      turnover_multiple: o.multiple ?? 0,
      active: o.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const stockOf = async (rewardId: string) =>
  (
    await t.db.db
      .selectFrom('point_reward')
      .select('stock')
      .where('id', '=', rewardId)
      .executeTakeFirstOrThrow()
  ).stock;

const redeem = (name: string, body: Record<string, unknown>, o: { encrypt?: boolean; lang?: string } = {}) =>
  id.send<Redemption>(REDEEM, {
    method: 'POST',
    token: tokens[name],
    body: { requestId: requestId(), paymentPassword: PAY, ...body },
    encrypt: o.encrypt ?? true,
    lang: o.lang,
  });

const convert = (name: string, body: Record<string, unknown>) =>
  id.send<Conversion>(CONVERT, {
    method: 'POST',
    token: tokens[name],
    body: { requestId: requestId(), paymentPassword: PAY, ...body },
    encrypt: true,
  });

const mainBalance = async (name: string) =>
  (await ledger.memberBalances(t.db.db, ids[name]!)).get('MAIN') ?? 0n;

/** Everything a refused call must leave as it was. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM point_entry)::text AS entries,
      (SELECT coalesce(string_agg(member_id || ':' || balance, ',' ORDER BY member_id), '') FROM point_balance) AS points,
      (SELECT coalesce(string_agg(id || ':' || coalesce(stock::text, '-'), ',' ORDER BY id), '') FROM point_reward) AS stock,
      (SELECT coalesce(string_agg(id || ':' || status, ',' ORDER BY id), '') FROM point_redemption) AS redemptions,
      (SELECT count(*) FROM point_conversion)::text AS conversions,
      (SELECT count(*) FROM ledger_entry)::text AS ledger,
      (SELECT count(*) FROM member_message)::text AS messages,
      (SELECT count(*) FROM turnover_requirement)::text AS turnover`.execute(t.db.db);
  return JSON.stringify(rows[0]);
}

/** The points ledger's invariants: every balance is the sum of its entries, none is negative. */
async function pointProblems() {
  const { rows } = await sql<{ drift: number; negative: number; chain: number }>`SELECT
      (SELECT count(*) FROM point_balance b
        WHERE b.balance <> (SELECT coalesce(sum(e.points), 0) FROM point_entry e WHERE e.member_id = b.member_id))::int
        AS drift,
      (SELECT count(*) FROM point_balance WHERE balance < 0)::int AS negative,
      (SELECT count(*) FROM point_entry e
        WHERE e.balance_after <> (SELECT sum(x.points) FROM point_entry x WHERE x.member_id = e.member_id AND x.id <= e.id))::int
        AS chain`.execute(t.db.db);
  return rows[0];
}

async function messagesOf(name: string) {
  return t.db.db
    .selectFrom('member_message')
    .select(['kind', 'params'])
    .where('member_id', '=', ids[name]!)
    .orderBy('id')
    .execute();
}

/** A brand-zone day `days` before today. */
const dayBack = (days: number) => periodAt('D', Date.now() - days * DAY_MS, TZ);
const at = (p: { start: Date }, hours: number) => new Date(p.start.getTime() + hours * 3_600_000);

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  hashes.password = await hashPassword(PASSWORD);
  hashes.payment = await hashPassword(PAY);
  team = new AgentTeam(t.db.db, M, { password: hashes.password });
  await team.add('stakeholder', 0, null);
  const stake = await ledger.post(t.db.db, {
    merchant: M,
    reference: `test-stake:${randomUUID()}`,
    kind: 'ADJUSTMENT',
    memberId: team.ids.stakeholder!,
    postings: [
      { accountId: await ledger.account(M, 'ADJUSTMENT'), amount: -1n },
      { accountId: await ledger.account(M, 'MAIN', team.ids.stakeholder!), amount: 1n },
    ],
  });
  stakeEntry = stake.entryId;
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

// ---- earning ------------------------------------------------------------------------------------------

describe('earning', () => {
  it('credits floor(turnover x rate) per game type plus deposits once, however often the job runs', async () => {
    await member('earner1');
    await member('trial1', { isAgent: 4 });
    const day = dayBack(3);
    // GOLDEN: 1 point per 1.00 on every game type and per 1.00 deposited (demo seed).
    await bet('earner1', at(day, 2), 12_345n, 'RNG'); // 123.45 -> 123
    await bet('earner1', at(day, 3), 999n, 'LIVE'); // 9.99 -> 9
    await bet('earner1', at(day, 4), 50n, 'LIVE'); // with the above 10.49 -> 10
    await deposit('earner1', at(day, 5), 50_000n, 750n); // 500.00 less 7.50 fee -> 492
    await deposit('earner1', at(day, 6), 90_000n, 0n, 'REJECTED'); // never credited: nothing
    await bet('earner1', new Date(day.end.getTime() + 1_000), 100_000n); // the next day
    await bet('trial1', at(day, 2), 100_000n); // a trial account: nothing

    const before = await pointsOf('earner1');
    expect(await t.services.points.earning.earnDay(M, day)).toBe(1);
    expect((await pointsOf('earner1')) - before).toBe(123n + 10n + 492n);
    // Again, and three times at once: nothing more.
    expect(await t.services.points.earning.earnDay(M, day)).toBe(0);
    const again = await Promise.all([1, 2, 3].map(() => t.services.points.earning.earnDay(M, day)));
    expect(again).toEqual([0, 0, 0]);
    expect((await pointsOf('earner1')) - before).toBe(625n);
    expect(await pointsOf('trial1')).toBe(0n);

    const history = await id.ok<PointHistory>(`${P}/getPointHistory?kind=EARN`, { token: tokens.earner1 });
    expect(history.list).toHaveLength(1);
    expect(history.list[0]).toMatchObject({ kind: 'EARN', points: 625, day: day.key.slice(2) });
    const row = await t.db.db
      .selectFrom('point_earning')
      .selectAll()
      .where('member_id', '=', ids.earner1!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ turnover_points: '133', deposit_points: '492', credited: '625' });
    expect(await pointProblems()).toEqual({ drift: 0, negative: 0, chain: 0 });
  });

  it('credits once when two instances run the same day at the same moment', async () => {
    await member('earner2');
    const day = dayBack(4);
    for (let i = 0; i < 5; i++) await bet('earner2', at(day, 1 + i), 10_000n);
    const second = await buildPlatformOn(t.db, { ADMIN_API_KEY: ADMIN_KEY });
    try {
      const runs = await Promise.all([
        t.services.points.earning.earnDay(M, day),
        second.services.points.earning.earnDay(M, day),
        t.services.points.earning.earnDay(M, day),
        second.services.points.earning.earnDay(M, day),
      ]);
      // Exactly one run credited earner2 (others may count other members of that day: none here).
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await second.app.close();
    }
    expect(await pointsOf('earner2')).toBe(500n);
    const entries = await t.db.db
      .selectFrom('point_entry')
      .select(['reference', 'points'])
      .where('member_id', '=', ids.earner2!)
      .execute();
    expect(entries).toEqual([{ reference: `EARN:${day.key.slice(2)}:${ids.earner2}:500`, points: '500' }]);
  });

  it('after a partial day, the full day credits only the rest', async () => {
    await member('earner3');
    const day = dayBack(5);
    await bet('earner3', at(day, 1), 20_000n); // 200
    await bet('earner3', at(day, 2), 5_050n, 'FISH'); // 50
    expect(await t.services.points.earning.earnDay(M, day)).toBe(1);
    expect(await pointsOf('earner3')).toBe(250n);
    // Later that day: more play and a deposit.
    await bet('earner3', at(day, 20), 5_050n, 'FISH'); // FISH 101.00 -> 101 (was 50)
    await deposit('earner3', at(day, 21), 10_000n); // 100
    expect(await t.services.points.earning.earnDay(M, day)).toBe(1);
    expect(await pointsOf('earner3')).toBe(401n);
    const entries = await t.db.db
      .selectFrom('point_entry')
      .select(['points', 'reference'])
      .where('member_id', '=', ids.earner3!)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.points)).toEqual(['250', '151']);
    expect(entries[1]!.reference).toBe(`EARN:${day.key.slice(2)}:${ids.earner3}:401`);
    expect(await t.services.points.earning.earnDay(M, day)).toBe(0);
  });

  it('runs today and the last ended days, and closes a day once it is past its margin', async () => {
    await member('earner4');
    const now = Date.now();
    const today = periodAt('D', now, TZ);
    const yesterday = periodAt('D', today.start.getTime() - 1, TZ);
    await bet('earner4', new Date(Math.max(today.start.getTime(), now - 60_000)), 3_000n); // 30 today
    await bet('earner4', at(yesterday, 1), 4_000n); // 40 yesterday
    // Just after midnight, within the margin: both days are credited, yesterday stays open.
    const early = today.start.getTime() + DAY_CLOSE_MARGIN_MS - 1_000;
    await t.services.points.earning.runDue(Math.max(early, now));
    expect(await pointsOf('earner4')).toBe(70n);
    const closed = () =>
      t.db.db
        .selectFrom('point_earning_day')
        .select('day')
        .where('merchant_code', '=', M)
        .where('day', '=', yesterday.key.slice(2))
        .execute();
    if (now < today.start.getTime() + DAY_CLOSE_MARGIN_MS) expect(await closed()).toHaveLength(0);
    // A run past the margin computes yesterday once more and closes it; later runs skip it.
    await t.services.points.earning.runDue(Math.max(today.start.getTime() + DAY_CLOSE_MARGIN_MS, now));
    expect(await closed()).toHaveLength(1);
    await bet('earner4', at(yesterday, 2), 9_900n);
    await t.services.points.earning.runDue(now);
    expect(await pointsOf('earner4')).toBe(70n);
  });
});

// ---- redeeming ------------------------------------------------------------------------------------

describe('redeem', () => {
  let item: string;
  beforeAll(async () => {
    await member('buyer');
    await givePoints('buyer', 10_000n);
    item = await reward({ cost: 2_500, stock: 4 });
  });

  it('redeems goods: points down by the cost, one of the stock taken, in process', async () => {
    const r = await redeem('buyer', { rewardId: item, remark: 'Unit 5, Makati' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.value).toMatchObject({
      rewardId: item,
      kind: 'ITEM',
      rewardName: 'Test prize',
      cost: 2_500,
      bonusAmount: null,
      state: 'IN_PROCESS',
      remark: 'Unit 5, Makati',
      reason: null,
    });
    expect(await pointsOf('buyer')).toBe(7_500n);
    expect(await stockOf(item)).toBe(3);
    const balance = await id.ok<PointBalance>(`${P}/getPointBalance`, { token: tokens.buyer });
    expect(balance).toEqual({ balance: 7_500, inProcess: 1 });
    const list = await id.ok<RedemptionList>(`${P}/getRedeemPointList`, { token: tokens.buyer, lang: 'CN' });
    expect(list.list[0]).toMatchObject({ id: r.body.value!.id, rewardName: '测试奖品', state: 'IN_PROCESS' });
    const history = await id.ok<PointHistory>(`${P}/getPointHistory`, { token: tokens.buyer });
    expect(history.list[0]).toMatchObject({
      kind: 'REDEEM',
      points: -2_500,
      balanceAfter: 7_500,
      reward: 'Test prize',
    });
  });

  it('refuses a missing or wrong payment password, and nothing changes', async () => {
    const before = await snapshot();
    const empty = await id.fails(
      REDEEM,
      {
        method: 'POST',
        token: tokens.buyer,
        encrypt: true,
        body: { requestId: requestId(), rewardId: item, paymentPassword: '' },
      },
      400,
      'request.invalid',
    );
    expect(JSON.stringify(empty.value)).toContain('paymentPassword');
    const wrong = await redeem('buyer', { rewardId: item, paymentPassword: '000000' });
    expect(wrong.body.errorCode).toBe('payment.password.wrong');
    expect(await snapshot()).toBe(before);

    await member('nopay', { pay: false });
    await givePoints('nopay', 5_000n);
    const mid = await snapshot();
    expect((await redeem('nopay', { rewardId: item })).body.errorCode).toBe('payment.password.unset');
    expect(await snapshot()).toBe(mid);
    expect(await pointsOf('buyer')).toBe(7_500n);
    expect(await stockOf(item)).toBe(3);
  });

  it('refuses too few points, no stock, an inactive, unknown or foreign reward: clear errors, nothing changed', async () => {
    const dear = await reward({ cost: 50_000, stock: null });
    const none = await reward({ cost: 10, stock: 0 });
    const off = await reward({ cost: 10, stock: 5, active: false });
    const foreign = await reward({ cost: 10, stock: 5, merchant: 'LOTUS' });
    const before = await snapshot();
    const cases: [string, number, string][] = [
      [dear, 400, 'points.insufficient'],
      [none, 409, 'points.reward.out.of.stock'],
      [off, 409, 'points.reward.unavailable'],
      ['999999999', 409, 'points.reward.unavailable'],
      [foreign, 409, 'points.reward.unavailable'],
    ];
    for (const [rewardId, status, code] of cases) {
      const res = await redeem('buyer', { rewardId });
      expect(res.body.errorCode, rewardId).toBe(code);
      expect(res.status).toBe(status);
      expect(res.body.message?.length).toBeGreaterThan(0);
    }
    const bad = await redeem('buyer', { rewardId: 'abc' });
    expect(bad.body.errorCode).toBe('request.invalid');
    const longRemark = await redeem('buyer', { rewardId: item, remark: 'x'.repeat(141) });
    expect(longRemark.body.errorCode).toBe('request.invalid');
    expect(await snapshot()).toBe(before);
  });

  it('answers in the member’s language', async () => {
    const res = await redeem('buyer', { rewardId: await reward({ cost: 99_999, stock: 1 }) }, { lang: 'CN' });
    expect(res.body).toMatchObject({
      success: false,
      errorCode: 'points.insufficient',
      message: '您的积分不足。',
    });
  });

  it('a retried request id redeems once, in sequence and at the same time', async () => {
    const rid = requestId();
    const body = { requestId: rid, rewardId: item, paymentPassword: PAY };
    const first = await id.ok<Redemption>(REDEEM, {
      method: 'POST',
      token: tokens.buyer,
      body,
      encrypt: true,
    });
    const again = await id.ok<Redemption>(REDEEM, {
      method: 'POST',
      token: tokens.buyer,
      body,
      encrypt: true,
    });
    expect(again).toEqual(first);
    expect(await pointsOf('buyer')).toBe(5_000n);

    const rid2 = requestId();
    const twins = await Promise.all(
      [1, 2, 3].map(() =>
        id.send<Redemption>(REDEEM, {
          method: 'POST',
          token: tokens.buyer,
          body: { requestId: rid2, rewardId: item, paymentPassword: PAY },
          encrypt: true,
        }),
      ),
    );
    for (const r of twins) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set(twins.map((r) => r.body.value!.id)).size).toBe(1);
    expect(await pointsOf('buyer')).toBe(2_500n);
    expect(await stockOf(item)).toBe(1);
    // The same request id for another reward is a conflict, and moves nothing.
    const before = await snapshot();
    const other = await reward({ cost: 1, stock: null });
    const mid = await snapshot();
    expect(mid).not.toBe(before);
    const conflict = await redeem('buyer', { requestId: rid, rewardId: other });
    expect(conflict.body.errorCode).toBe('wallet.reference.conflict');
    expect(await snapshot()).toBe(mid);
  });

  it('20 members redeeming at once against a stock of 5: exactly 5 redemptions', async () => {
    const prize = await reward({ cost: 100, stock: 5 });
    const names = Array.from({ length: 20 }, (_, i) => `rush${i}`);
    for (const n of names) {
      await member(n);
      await givePoints(n, 1_000n);
    }
    const results = await Promise.all(names.map((n) => redeem(n, { rewardId: prize })));
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(5);
    for (const r of lost) expect(r.body.errorCode).toBe('points.reward.out.of.stock');
    expect(await stockOf(prize)).toBe(0);
    const spent = await Promise.all(names.map((n) => pointsOf(n)));
    expect(spent.filter((p) => p === 900n)).toHaveLength(5);
    expect(spent.filter((p) => p === 1_000n)).toHaveLength(15);
    const rows = await t.db.db
      .selectFrom('point_redemption')
      .select('id')
      .where('reward_id', '=', prize)
      .execute();
    expect(rows).toHaveLength(5);
    expect(await pointProblems()).toEqual({ drift: 0, negative: 0, chain: 0 });
  });

  it('a bonus reward pays the main wallet at once, with its turnover and message, approved', async () => {
    await member('bonusbuyer');
    await givePoints('bonusbuyer', 3_000n);
    const b = await reward({ kind: 'BONUS', cost: 1_500, stock: null, bonus: 2_000n, multiple: 3 });
    const list = await id.ok<PointRewardList>(`${P}/getPointReward`);
    expect(list.list.find((r) => r.id === b)).toMatchObject({
      kind: 'BONUS',
      bonusAmount: 20,
      turnoverRequired: 60,
    });
    const mainBefore = await mainBalance('bonusbuyer');
    const r = await redeem('bonusbuyer', { rewardId: b });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.value).toMatchObject({ kind: 'BONUS', state: 'APPROVED', bonusAmount: 20, cost: 1_500 });
    expect((await mainBalance('bonusbuyer')) - mainBefore).toBe(2_000n);
    expect(await pointsOf('bonusbuyer')).toBe(1_500n);
    const entries = await t.db.db
      .selectFrom('ledger_entry')
      .select(['kind', 'reference'])
      .where('member_id', '=', ids.bonusbuyer!)
      .where('kind', '=', 'BONUS')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.reference).toMatch(new RegExp(`^POINTS_REDEEM:${ids.bonusbuyer}:pt-`));
    const turnover = await t.db.db
      .selectFrom('turnover_requirement')
      .select('required')
      .where('member_id', '=', ids.bonusbuyer!)
      .execute();
    expect(turnover.map((x) => x.required)).toEqual(['6000']);
    expect(await messagesOf('bonusbuyer')).toEqual([
      { kind: 'POINTS_REDEEM_APPROVED', params: { reward: 'Test prize' } },
    ]);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('refuses trial accounts and callers without a session, and asks for an encrypted body', async () => {
    const trial = await id.freePlay();
    await id.fails(
      REDEEM,
      {
        method: 'POST',
        token: trial.token,
        encrypt: true,
        body: { requestId: requestId(), rewardId: item, paymentPassword: PAY },
      },
      403,
      'member.trial.forbidden',
    );
    await id.fails(`${P}/getPointBalance`, { token: trial.token }, 403, 'member.trial.forbidden');
    await id.fails(`${P}/getPointBalance`, {}, 401, 'login.not.session');
    const before = await snapshot();
    const plain = await redeem('buyer', { rewardId: item }, { encrypt: false });
    expect(plain.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});

// ---- operators ------------------------------------------------------------------------------------

describe('operator answers', () => {
  let item: string;
  beforeAll(async () => {
    await member('shopper');
    await givePoints('shopper', 10_000n);
    item = await reward({ cost: 1_000, stock: 10 });
  });

  const redeemOk = async () => {
    const r = await redeem('shopper', { rewardId: item });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.value!;
  };
  const answer = (rid: string, action: 'approve' | 'reject', body?: unknown, merchant = M) =>
    id.send<AdminRedemption>(`${ADMIN}/${rid}/${action}`, {
      method: 'POST',
      headers: adminHeaders(merchant),
      body,
    });

  it('approving goods tells the member; it cannot be answered twice', async () => {
    const r = await redeemOk();
    const res = await answer(r.id, 'approve');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({ state: 'APPROVED', username: 'shopper', reviewedBy: 'alice' });
    expect((await messagesOf('shopper')).at(-1)).toEqual({
      kind: 'POINTS_REDEEM_APPROVED',
      params: { reward: 'Test prize' },
    });
    const before = await snapshot();
    expect((await answer(r.id, 'approve')).body.errorCode).toBe('points.redemption.state');
    expect((await answer(r.id, 'reject', { reason: 'late' })).body.errorCode).toBe('points.redemption.state');
    expect(await snapshot()).toBe(before);
    expect(await pointsOf('shopper')).toBe(9_000n);
  });

  it('rejecting gives the points and the stock back once, even when sent twice at once', async () => {
    const r = await redeemOk();
    expect(await pointsOf('shopper')).toBe(8_000n);
    const stock = await stockOf(item);
    const answers = await Promise.all([
      answer(r.id, 'reject', { reason: 'Out of this colour' }),
      answer(r.id, 'reject', { reason: 'Out of this colour' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await pointsOf('shopper')).toBe(9_000n);
    expect(await stockOf(item)).toBe(stock! + 1);
    const list = await id.ok<RedemptionList>(`${P}/getRedeemPointList?state=REJECTED`, {
      token: tokens.shopper,
    });
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ id: r.id, state: 'REJECTED', reason: 'Out of this colour' });
    expect((await messagesOf('shopper')).at(-1)).toEqual({
      kind: 'POINTS_REDEEM_REJECTED',
      params: { reward: 'Test prize', reason: 'Out of this colour' },
    });
    const refunds = await t.db.db
      .selectFrom('point_entry')
      .select(['points', 'reference'])
      .where('member_id', '=', ids.shopper!)
      .where('kind', '=', 'REDEEM_REFUND')
      .execute();
    expect(refunds).toEqual([{ points: '1000', reference: `REDEEM_REFUND:${r.id}` }]);
    const history = await id.ok<PointHistory>(`${P}/getPointHistory`, { token: tokens.shopper });
    expect(history.list[0]).toMatchObject({ kind: 'REDEEM_REFUND', points: 1_000, reward: 'Test prize' });
  });

  it('refuses without the key, unknown or foreign ids and a missing reason; nothing changes', async () => {
    const r = await redeemOk();
    const before = await snapshot();
    await id.fails(
      `${ADMIN}/${r.id}/approve`,
      { method: 'POST', headers: { merchant: M } },
      401,
      'admin.unauthorized',
    );
    expect((await answer('999999999', 'approve')).body.errorCode).toBe('points.redemption.unknown');
    expect((await answer(r.id, 'approve', undefined, 'LOTUS')).body.errorCode).toBe(
      'points.redemption.unknown',
    );
    expect((await answer(r.id, 'reject', {})).body.errorCode).toBe('request.invalid');
    expect((await answer(r.id, 'reject', { reason: ' ' })).body.errorCode).toBe('request.invalid');
    expect(await snapshot()).toBe(before);
    const list = await id.ok<{ list: AdminRedemption[]; totalCount: number }>(
      `${ADMIN}?state=IN_PROCESS&pageSize=100`,
      {
        headers: adminHeaders(),
      },
    );
    expect(list.list.some((x) => x.id === r.id && x.username === 'shopper')).toBe(true);
    expect(list.list.every((x) => x.state === 'IN_PROCESS')).toBe(true);
  });
});

// ---- conversion -----------------------------------------------------------------------------------

describe('convert', () => {
  beforeAll(async () => {
    await member('converter');
    await givePoints('converter', 5_000n);
  });

  it('pays once: points to the main wallet with its turnover and message, however often it is sent', async () => {
    const mainBefore = await mainBalance('converter');
    const rid = requestId();
    const send = () =>
      id.send<Conversion>(CONVERT, {
        method: 'POST',
        token: tokens.converter,
        body: { requestId: rid, points: 1_234, paymentPassword: PAY },
        encrypt: true,
      });
    const results = await Promise.all([send(), send(), send()]);
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(results[0]!.body.value).toMatchObject({
      points: 1_234,
      pointsUsed: 1_234,
      amount: 12.34,
      balance: 3_766,
    });
    expect(new Set(results.map((r) => r.body.value!.id)).size).toBe(1);
    expect((await send()).body.value).toEqual(results[0]!.body.value);
    expect(await pointsOf('converter')).toBe(3_766n);
    expect((await mainBalance('converter')) - mainBefore).toBe(1_234n);
    const entries = await t.db.db
      .selectFrom('ledger_entry')
      .select(['kind', 'reference'])
      .where('member_id', '=', ids.converter!)
      .execute();
    expect(entries).toEqual([{ kind: 'POINTS', reference: `POINTS_CONVERT:${ids.converter}:${rid}` }]);
    const turnover = await t.db.db
      .selectFrom('turnover_requirement')
      .select('required')
      .where('member_id', '=', ids.converter!)
      .execute();
    expect(turnover.map((x) => x.required)).toEqual(['1234']);
    expect(await messagesOf('converter')).toEqual([
      { kind: 'POINTS_CONVERTED', params: { points: 1_234, amount: 12.34 } },
    ]);
    // The same request id for other points: a conflict, nothing moves.
    const before = await snapshot();
    const conflict = await id.send(CONVERT, {
      method: 'POST',
      token: tokens.converter,
      body: { requestId: rid, points: 2_000, paymentPassword: PAY },
      encrypt: true,
    });
    expect(conflict.body.errorCode).toBe('wallet.reference.conflict');
    expect(await snapshot()).toBe(before);
  });

  it('refuses below the minimum, above the balance, with a wrong password or while off; nothing changes', async () => {
    const before = await snapshot();
    const low = await convert('converter', { points: 999 });
    expect(low.body).toMatchObject({
      errorCode: 'points.convert.minimum',
      message: 'At least 1000 points are needed to convert.',
    });
    expect(low.status).toBe(400);
    expect((await convert('converter', { points: 4_000 })).body.errorCode).toBe('points.insufficient');
    expect((await convert('converter', { points: 1_000, paymentPassword: '111111' })).body.errorCode).toBe(
      'payment.password.wrong',
    );
    expect((await convert('converter', { points: 0 })).body.errorCode).toBe('request.invalid');
    expect((await convert('converter', { points: 10.5 })).body.errorCode).toBe('request.invalid');
    await t.db.db
      .updateTable('point_config')
      .set({ convert_enabled: false })
      .where('merchant_code', '=', M)
      .execute();
    try {
      const off = await convert('converter', { points: 1_000 });
      expect(off.body.errorCode).toBe('points.convert.disabled');
      expect(off.status).toBe(403);
    } finally {
      await t.db.db
        .updateTable('point_config')
        .set({ convert_enabled: true })
        .where('merchant_code', '=', M)
        .execute();
    }
    expect(await snapshot()).toBe(before);
  });

  it('takes only the points worth whole cents at an uneven rate', async () => {
    await t.db.db
      .updateTable('point_config')
      .set({ convert_points_per_unit: 150 })
      .where('merchant_code', '=', M)
      .execute();
    try {
      const before = await pointsOf('converter');
      const r = await convert('converter', { points: 1_000 });
      expect(r.body.value).toMatchObject({ points: 1_000, pointsUsed: 999, amount: 6.66 });
      expect(before - (await pointsOf('converter'))).toBe(999n);
    } finally {
      await t.db.db
        .updateTable('point_config')
        .set({ convert_points_per_unit: 100 })
        .where('merchant_code', '=', M)
        .execute();
    }
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

// ---- reads and the seed ---------------------------------------------------------------------------

describe('reads and the demo seed', () => {
  it('shows the rules and the catalogue to anyone, in the request language', async () => {
    const config = await id.ok<PointConfig>(`${P}/getPointConfig`);
    expect(config).toMatchObject({
      earningEnabled: true,
      depositRate: 1,
      convert: { enabled: true, pointsPerUnit: 100, minPoints: 1_000, turnoverMultiple: 1 },
      currencySymbol: 'P',
    });
    expect(config.turnoverRates).toContainEqual({ gameType: 'RNG', points: 1 });
    const lotus = await id.ok<PointConfig>(`${P}/getPointConfig`, { host: LOTUS });
    expect(lotus).toMatchObject({ depositRate: 2, currencySymbol: 'RM', convert: { pointsPerUnit: 200 } });

    const list = await id.ok<PointRewardList>(`${P}/getPointReward`, { lang: 'CN' });
    const seeded = list.list.filter((r) => !r.name.startsWith('测试'));
    expect(seeded.length).toBeGreaterThanOrEqual(6);
    expect(new Set(seeded.map((r) => r.kind))).toEqual(new Set(['BONUS', 'ITEM']));
    expect(seeded[0]).toMatchObject({
      kind: 'BONUS',
      name: 'P20.00 奖金',
      cost: 1_500,
      stock: null,
      bonusAmount: 20,
    });
    expect(seeded.find((r) => r.name === 'Golden Palm 马克杯')).toMatchObject({
      cost: 2_500,
      imageUrl: 'points/mug.svg',
    });
    // Inactive rewards are not offered.
    expect(list.list.every((r) => r.id !== undefined)).toBe(true);
    const inactive = await t.db.db
      .selectFrom('point_reward')
      .select('id')
      .where('merchant_code', '=', M)
      .where('active', '=', false)
      .execute();
    for (const r of inactive) expect(list.list.some((x) => x.id === r.id)).toBe(false);
  });

  it('demo01 starts with 5,000 points on both brands, once: seeding again changes nothing', async () => {
    const demo = await id.loginOk({ username: 'demo01', password: 'demo1234' }, { ip: freshIp() });
    expect(await id.ok<PointBalance>(`${P}/getPointBalance`, { token: demo.token })).toEqual({
      balance: 5_000,
      inProcess: 0,
    });
    const lotusDemo = await id.loginOk(
      { username: 'demo01', password: 'demo1234' },
      { ip: freshIp(), host: LOTUS },
    );
    const lotusBalance = await id.ok<PointBalance>(`${P}/getPointBalance`, {
      token: lotusDemo.token,
      host: LOTUS,
    });
    expect(lotusBalance.balance).toBe(5_000);
    const counts = async () => {
      const { rows } = await sql<{ rewards: number; seeds: number; rates: number }>`SELECT
          (SELECT count(*) FROM point_reward)::int AS rewards,
          (SELECT count(*) FROM point_entry WHERE kind = 'SEED')::int AS seeds,
          (SELECT count(*) FROM point_earn_rate)::int AS rates`.execute(t.db.db);
      return rows[0];
    };
    const before = await counts();
    expect(before!.seeds).toBe(2);
    await seedDemo(t.db.db);
    expect(await counts()).toEqual(before);
    const history = await id.ok<PointHistory>(`${P}/getPointHistory`, { token: demo.token });
    expect(history.list).toEqual([
      expect.objectContaining({ kind: 'SEED', points: 5_000, balanceAfter: 5_000 }),
    ]);
  });

  it('keeps every points balance equal to its entries and the money ledger balanced', async () => {
    expect(await pointProblems()).toEqual({ drift: 0, negative: 0, chain: 0 });
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
