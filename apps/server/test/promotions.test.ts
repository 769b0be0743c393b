/**
 * Promotions through their HTTP calls, the deposit hook and the catch-up pass, on the
 * database the test project chooses: every kind's flow end to end (deposit promotions with the
 * gateway and the operator's approval, turnover, apply and review, sign-in, raffle, referral),
 * clicks and passes that race pay once, bad input is refused with a clear error and changes
 * nothing, the VIP minimum (with an injected VIP level), the turnover requirement that blocks a
 * withdrawal until it is bet, the counts, the reward-centre source and the bonus details page.
 * Period changes use services built on the same database with a clock of their own.
 */
import { randomUUID } from 'node:crypto';
import {
  PROMO_CALLS,
  type BonusDetails,
  type PromotionCategories,
  type PromotionCounts,
  type PromotionDetail,
  type PromotionList,
  type PromoApplication,
  type RaffleResult,
  type Withdrawal,
  type Deposit,
  type PayoutAccount,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageRepository } from '../src/modules/uploads/image.repository';
import { ImageService } from '../src/modules/uploads/image.service';
import { InboxRepository } from '../src/modules/messages/inbox.repository';
import { InboxService } from '../src/modules/messages/inbox.service';
import {
  createPromotionServices,
  type PromotionServices,
} from '../src/modules/promotions/promotion-services';
import type { Rng } from '../src/modules/promotions/raffle-rules';
import { BetStatsRepository } from '../src/modules/wallet/bet-stats.repository';
import { BetStatsService } from '../src/modules/wallet/bet-stats.service';
import { BetRepository } from '../src/modules/wallet/bet.repository';
import { BetService } from '../src/modules/wallet/bet.service';
import { BonusService } from '../src/modules/wallet/bonus.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { TurnoverService } from '../src/modules/wallet/turnover.service';
import { BrandResolver, type Brand } from '../src/platform/brand';
import { RateLimiter } from '../src/platform/rate-limit';
import { buildTestApp, type TestContext, PNG } from './helper';
import { Identity, LOTUS, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const PAYMENT_PASSWORD = '246810';
const DAY_MS = 86_400_000;

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let bets: BetService;
let brands: BrandResolver;
let golden: Brand;
let onlineChannel: string;
let bankChannel: string;
/** Seeded promotion ids of GOLDEN by code. */
const P: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  bets = new BetService(new BetRepository(t.db.db), ledger);
  brands = new BrandResolver(t.db.db, 0, '');
  golden = await brands.resolve('GOLDEN', undefined);
  for (const r of await t.db.db
    .selectFrom('promotion')
    .select(['id', 'code'])
    .where('merchant_code', '=', 'GOLDEN')
    .execute())
    P[r.code] = r.id;
  const channel = async (code: string) =>
    (
      await t.db.db
        .selectFrom('payment_channel')
        .select('id')
        .where('merchant_code', '=', 'GOLDEN')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  onlineChannel = await channel('EWALLET_DEMO');
  bankChannel = await channel('BANK_BDO');
});
afterAll(async () => {
  await t?.close();
});

// ---- helpers ---------------------------------------------------------------------------------------

const relay = (name: string) => `/wps/relay/${name}`;
const adminHeaders = (merchant = 'GOLDEN') => ({ merchant, 'x-api-key': ADMIN_KEY });
const requestId = () => `pr-${randomUUID().replace(/-/g, '')}`;

/** Services on the test database with their own clock, RNG and VIP level (the app's keep theirs). */
function services(o: { now?: () => number; rng?: Rng; level?: number } = {}): PromotionServices {
  const db = t.db.db;
  const turnover = new TurnoverService();
  const inbox = new InboxService(new InboxRepository(db));
  return createPromotionServices({
    db,
    brands,
    ledger,
    inbox,
    turnover,
    bonus: new BonusService(ledger, turnover, inbox),
    betStats: new BetStatsService(new BetStatsRepository(db)),
    images: new ImageService(new ImageRepository(db), new RateLimiter(db)),
    vipLevelOf: async () => o.level ?? 0,
    now: o.now,
    rng: o.rng,
  });
}

const member = () => id.registerGolden();
const detail = (promotionId: string, token?: string, lang?: string) =>
  id.ok<PromotionDetail>(`${relay(PROMO_CALLS.detail)}?promotionId=${promotionId}`, { token, lang });
const act = (call: keyof typeof PROMO_CALLS, m: { token: string }, body: Record<string, unknown>) =>
  id.send<PromotionDetail>(relay(PROMO_CALLS[call]), { method: 'POST', token: m.token, body });
async function actOk(call: keyof typeof PROMO_CALLS, m: { token: string }, promotionId: string) {
  const res = await act(call, m, { promotionId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

async function mainBalance(memberId: string): Promise<bigint> {
  return (await ledger.memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;
}

/** An online deposit paid on the demo gateway (the credit runs the promotions' listener). */
async function payOnline(m: NewMember, amount: number): Promise<Deposit> {
  const d = await id.ok<Deposit>('/wps/cashier/deposit', {
    token: m.token,
    body: { requestId: requestId(), channelId: onlineChannel, amount },
  });
  const pay = await t.app.inject({ method: 'POST', url: `/gateway/demo/${d.orderNo}/pay` });
  expect(pay.statusCode).toBe(303);
  return d;
}

async function upload(token: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/images',
    headers: { host: 'localhost', authorization: token, 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: { imageId: string } }>().value.imageId;
}

/** A bank deposit with a receipt, still PENDING. */
async function bankDeposit(m: NewMember, amount: number): Promise<Deposit> {
  return id.ok<Deposit>('/wps/cashier/deposit', {
    token: m.token,
    body: { requestId: requestId(), channelId: bankChannel, amount, imageIds: [await upload(m.token)] },
  });
}

/**
 * Credits a pending deposit the way an approval does, but without the listener: the process died
 * after the credit committed. Only the catch-up pass can find it now.
 */
async function creditSilently(d: Deposit, memberId: string): Promise<void> {
  const clearing = await ledger.account('GOLDEN', 'PAYMENT_CLEARING');
  const main = await ledger.account('GOLDEN', 'MAIN', memberId);
  const amount = BigInt(Math.round(d.amount * 100));
  await t.db.db.transaction().execute(async (trx) => {
    const entry = await ledger.post(trx, {
      merchant: 'GOLDEN',
      reference: `DEPOSIT:${d.orderNo}`,
      kind: 'DEPOSIT',
      memberId,
      postings: [
        { accountId: clearing, amount: -amount },
        { accountId: main, amount },
      ],
    });
    await trx
      .updateTable('deposit')
      .set({ status: 'APPROVED', entry_id: entry.entryId, updated_at: sql<Date>`now()` })
      .where('id', '=', d.id)
      .execute();
  });
}

/** Settled bets of `validBet` total, stakes returned (the balance stays), in 100.00 rounds. */
async function bet(memberId: string, validBet: bigint): Promise<void> {
  for (let left = validBet; left > 0n;) {
    const stake = left < 100_00n ? left : 100_00n;
    const roundId = `PR${randomUUID().slice(0, 12)}`;
    const input = {
      vendor: 'JILI',
      gameType: 'RNG',
      gameCode: 'fortune-gems',
      gameName: 'Fortune Gems',
      roundId,
    };
    await bets.placeBet('GOLDEN', memberId, { ...input, stake });
    await bets.settleBet('GOLDEN', 'JILI', roundId, { payout: stake, validBet: stake });
    left -= stake;
  }
}

const participations = (memberId: string) =>
  t.db.db
    .selectFrom('promotion_participation')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

const entriesOf = (memberId: string) =>
  t.db.db
    .selectFrom('ledger_entry')
    .select(['reference', 'kind', 'memo'])
    .where('member_id', '=', memberId)
    .where('reference', 'like', 'PROMO:%')
    .orderBy('id')
    .execute();

const messagesOf = (memberId: string) =>
  t.db.db
    .selectFrom('member_message')
    .select(['kind', 'params'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

const requirementOf = async (reference: string) =>
  t.db.db
    .selectFrom('turnover_requirement')
    .select(['required', 'achieved'])
    .where('source', '=', reference)
    .execute();

/** Everything a refused call must leave as it was. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM ledger_entry)::text AS entries,
      (SELECT coalesce(string_agg(id || ':' || balance, ',' ORDER BY id), '') FROM ledger_account) AS balances,
      (SELECT coalesce(string_agg(id || ':' || status, ',' ORDER BY id), '') FROM promotion_participation) AS parts,
      (SELECT count(*) FROM member_message)::text AS messages,
      (SELECT count(*) FROM turnover_requirement)::text AS requirements`.execute(t.db.db);
  return JSON.stringify(rows[0]);
}

/** A promotion of GOLDEN made for one test (seeded ones are shared by the whole file). */
async function makePromotion(values: Record<string, unknown>): Promise<string> {
  const category = await t.db.db
    .selectFrom('promotion_category')
    .select('id')
    .where('merchant_code', '=', 'GOLDEN')
    .where('code', '=', 'OTHERS')
    .executeTakeFirstOrThrow();
  const row = await t.db.db
    .insertInto('promotion')
    .values({
      merchant_code: 'GOLDEN',
      code: `t-${randomUUID()}`,
      category_id: category.id,
      kind: 'APPLY',
      title: JSON.stringify({ EN: 'Test promotion' }),
      summary: JSON.stringify({ EN: 'For one test' }),
      content: JSON.stringify({ EN: '<p>Test</p>' }),
      image_path: null,
      starts_at: new Date(Date.now() - 10 * DAY_MS),
      ends_at: null,
      ...values,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---- reads -----------------------------------------------------------------------------------------

describe('categories, list and detail', () => {
  it('lists the categories and the promotions in the request language, running ones first', async () => {
    const cats = await id.ok<PromotionCategories>(relay(PROMO_CALLS.categories), { lang: 'CN' });
    expect(cats.list.map((c) => c.code)).toEqual([
      'NEW_MEMBER',
      'DEPOSIT',
      'SLOTS',
      'LIVE',
      'SPORTS',
      'VIP',
      'DAILY',
      'OTHERS',
    ]);
    expect(cats.list[0]!.name).toBe('新会员');

    const page = await id.ok<PromotionList>(`${relay(PROMO_CALLS.list)}?pageSize=50`);
    const byId = new Map(page.list.map((p) => [p.id, p]));
    expect(page.totalCount).toBeGreaterThanOrEqual(10);
    // A visitor's states: a button to join, coming soon, closed (listed last).
    expect(byId.get(P['daily-reload']!)).toMatchObject({
      kind: 'RELOAD',
      title: 'Daily 10% reload',
      period: 'DAILY',
      state: 'JOIN',
      action: 'JOIN',
      eligible: true,
      imageUrl: 'promotions/daily-reload.svg',
    });
    expect(byId.get(P['refer-a-friend']!)).toMatchObject({
      kind: 'REFERRAL',
      state: 'JOINED',
      action: 'INVITE',
    });
    expect(byId.get(P['esports-cup']!)).toMatchObject({ state: 'COMING_SOON', action: null });
    expect(byId.get(P['football-warm-up']!)).toMatchObject({ state: 'CLOSE', action: null });
    expect(byId.get(P['weekly-slots-turnover']!)).toMatchObject({
      state: 'PROCESS',
      progress: { current: 0, target: 5000 },
    });
    expect(page.list.at(-1)!.id).toBe(P['football-warm-up']);

    const cn = await id.ok<PromotionList>(`${relay(PROMO_CALLS.list)}?pageSize=50`, { lang: 'CN' });
    expect(cn.list.find((p) => p.id === P['daily-reload'])!.title).toBe('每日 10% 存款奖金');

    const slots = cats.list.find((c) => c.code === 'SLOTS')!;
    const one = await id.ok<PromotionList>(`${relay(PROMO_CALLS.list)}?categoryId=${slots.id}`);
    expect(one.list.map((p) => p.id)).toEqual([P['weekly-slots-turnover']]);

    const paged = await id.ok<PromotionList>(`${relay(PROMO_CALLS.list)}?pageSize=3&pageNo=2`);
    expect(paged.list).toHaveLength(3);
    expect(paged.totalPages).toBe(Math.ceil(page.totalCount / 3));
  });

  it('answers the detail with sanitised content, the rule figures and the raffle’s chances', async () => {
    const reload = await detail(P['daily-reload']!);
    expect(reload.rules).toEqual({
      minDeposit: 100,
      bonusPercent: 10,
      maxBonus: 1000,
      bonusAmount: null,
      targetTurnover: null,
      turnoverMultiple: 5,
      prizes: [],
    });
    expect(reload.content).toContain('<ul><li>');
    expect(reload.mine).toBeNull();
    const raffle = await detail(P['weekly-lucky-draw']!);
    expect(raffle.rules.prizes).toEqual([
      { amount: 8, chance: 50 },
      { amount: 18, chance: 30 },
      { amount: 38, chance: 15 },
      { amount: 88, chance: 4 },
      { amount: 388, chance: 1 },
    ]);

    // Content that reached the table some other way is sanitised on the way out too.
    const dirty = await makePromotion({
      content: JSON.stringify({
        EN: '<p onclick="x()">Hi<script>alert(1)</script><img src="javascript:x" onerror="y()"></p>',
      }),
    });
    const clean = await detail(dirty);
    expect(clean.content).not.toMatch(/script|onclick|onerror|javascript/);
    expect(clean.content).toContain('Hi');
    // Off again, so the counts below see only the seeded promotions.
    await t.db.db.updateTable('promotion').set({ active: false }).where('id', '=', dirty).execute();
  });

  it('documents every call in /docs with its summary', async () => {
    const res = await t.app.inject({ url: '/docs/json', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    const routes: [string, string][] = [
      ...(['categories', 'list', 'detail', 'counts', 'bonusDetails'] as const).map((c): [string, string] => [
        relay(PROMO_CALLS[c]),
        'get',
      ]),
      ...(['join', 'claim', 'apply', 'sign', 'raffle'] as const).map((c): [string, string] => [
        relay(PROMO_CALLS[c]),
        'post',
      ]),
      ['/wps/admin/promotions/applications', 'get'],
      ['/wps/admin/promotions/applications/{id}/approve', 'post'],
      ['/wps/admin/promotions/applications/{id}/reject', 'post'],
    ];
    for (const [path, method] of routes) expect(doc.paths[path]?.[method]?.summary, path).toBeTruthy();
  });

  it('refuses an unknown, another brand’s, switched-off or malformed promotion', async () => {
    await id.fails(`${relay(PROMO_CALLS.detail)}?promotionId=999999999`, {}, 404, 'promo.not.found');
    const lotus = await t.db.db
      .selectFrom('promotion')
      .select('id')
      .where('merchant_code', '=', 'LOTUS')
      .executeTakeFirstOrThrow();
    await id.fails(`${relay(PROMO_CALLS.detail)}?promotionId=${lotus.id}`, {}, 404, 'promo.not.found');
    // On LOTUS it is found, in Malay by default.
    const mine = await id.ok<PromotionDetail>(`${relay(PROMO_CALLS.detail)}?promotionId=${lotus.id}`, {
      host: LOTUS,
    });
    expect(mine.title).toBe('Bonus alu-aluan 100%');
    const off = await makePromotion({ active: false });
    await id.fails(`${relay(PROMO_CALLS.detail)}?promotionId=${off}`, {}, 404, 'promo.not.found');
    await id.fails(`${relay(PROMO_CALLS.detail)}?promotionId=abc`, {}, 400, 'request.invalid');
  });
});

// ---- deposit promotions ---------------------------------------------------------------------------

describe('deposit promotions (RELOAD, FIRST_DEPOSIT)', () => {
  it('join, join again, deposit on the gateway: the bonus is paid once with its turnover and message', async () => {
    const m = await member();
    const joined = await actOk('join', m, P['daily-reload']!);
    expect(joined).toMatchObject({ state: 'JOINED', action: null, mine: { status: 'JOINED', amount: null } });
    // Joining again changes nothing.
    expect((await actOk('join', m, P['daily-reload']!)).state).toBe('JOINED');
    expect(await participations(m.id)).toHaveLength(1);

    const before = await mainBalance(m.id);
    await payOnline(m, 200);
    // 200.00 less the 1.5% fee, and 10% of 200.00 as the bonus.
    expect(await mainBalance(m.id)).toBe(before + 197_00n + 20_00n);
    const after = await detail(P['daily-reload']!, m.token);
    expect(after).toMatchObject({
      state: 'ISSUED',
      mine: { status: 'ISSUED', amount: 20, turnoverRequired: 1100, depositAmount: 200 },
    });
    const [part] = await participations(m.id);
    const reference = `PROMO:${P['daily-reload']}:${m.id}:${part!.period_key}`;
    expect(part!.period_key).toMatch(/^D:\d{4}-\d{2}-\d{2}$/);
    expect(await entriesOf(m.id)).toEqual([
      {
        reference,
        kind: 'BONUS',
        memo: {
          source: 'PROMOTION',
          title: 'Daily 10% reload',
          promotionId: P['daily-reload'],
          period: part!.period_key,
          turnoverRequired: '110000',
        },
      },
    ]);
    expect(await requirementOf(reference)).toEqual([{ required: '110000', achieved: '0' }]);
    expect((await messagesOf(m.id)).filter((x) => x.kind === 'PROMO_BONUS')).toEqual([
      { kind: 'PROMO_BONUS', params: { title: 'Daily 10% reload', amount: 20, turnover: 1100 } },
    ]);

    // A second deposit the same day earns nothing more; joining again is refused.
    await payOnline(m, 300);
    expect(await entriesOf(m.id)).toHaveLength(1);
    await id.fails(
      relay(PROMO_CALLS.join),
      { method: 'POST', token: m.token, body: { promotionId: P['daily-reload'] } },
      409,
      'promo.participated',
    );
  });

  it('a deposit credited before the join does not count; an operator’s approval pays the bonus', async () => {
    const m = await member();
    await payOnline(m, 200);
    await actOk('join', m, P['daily-reload']!);
    expect((await detail(P['daily-reload']!, m.token)).state).toBe('JOINED');
    // The catch-up pass finds nothing either.
    expect(await services().deposits.runDue()).toBe(0);

    const d = await bankDeposit(m, 500);
    const before = await mainBalance(m.id);
    const approved = await id.send<Deposit>(`/wps/admin/deposits/${d.id}/approve`, {
      method: 'POST',
      headers: adminHeaders(),
    });
    expect(approved.status).toBe(200);
    expect(await mainBalance(m.id)).toBe(before + 500_00n + 50_00n);
    expect((await participations(m.id))[0]).toMatchObject({
      status: 'ISSUED',
      deposit_order_no: d.orderNo,
      deposit_amount: '50000',
      amount: '5000',
    });
  });

  it('a deposit below the minimum does not count; the next one of at least the minimum does', async () => {
    const m = await member();
    await actOk('join', m, P['daily-reload']!);
    await payOnline(m, 50);
    expect((await participations(m.id))[0]!.status).toBe('JOINED');
    await payOnline(m, 150);
    expect((await participations(m.id))[0]).toMatchObject({ status: 'ISSUED', amount: '1500' });
  });

  it('FIRST_DEPOSIT: the first deposit is matched; a member who deposited already may not join', async () => {
    const m = await member();
    await actOk('join', m, P['welcome-first-deposit']!);
    const before = await mainBalance(m.id);
    await payOnline(m, 150);
    expect(await mainBalance(m.id)).toBe(before + 147_75n + 150_00n);
    expect(await detail(P['welcome-first-deposit']!, m.token)).toMatchObject({
      state: 'ISSUED',
      mine: { amount: 150, turnoverRequired: 3000 },
    });

    const other = await member();
    await payOnline(other, 100);
    const view = await detail(P['welcome-first-deposit']!, other.token);
    expect(view).toMatchObject({ state: 'JOIN', eligible: false, ineligible: 'FIRST_DEPOSIT' });
    const snap = await snapshot();
    await id.fails(
      relay(PROMO_CALLS.join),
      { method: 'POST', token: other.token, body: { promotionId: P['welcome-first-deposit'] } },
      409,
      'promo.not.eligible',
    );
    expect(await snapshot()).toBe(snap);
  });

  it('one deposit earns one deposit bonus, whichever promotions the member joined', async () => {
    const m = await member();
    await actOk('join', m, P['welcome-first-deposit']!);
    await actOk('join', m, P['daily-reload']!);
    await payOnline(m, 200);
    const parts = await participations(m.id);
    expect(parts.map((p) => [p.promotion_id, p.status])).toEqual([
      [P['welcome-first-deposit'], 'ISSUED'],
      [P['daily-reload'], 'JOINED'],
    ]);
    await payOnline(m, 100);
    expect((await participations(m.id)).map((p) => p.status)).toEqual(['ISSUED', 'ISSUED']);
    expect(await entriesOf(m.id)).toHaveLength(2);
  });

  it('the catch-up pass pays a deposit the listener missed, once, however often and concurrently it runs', async () => {
    const m = await member();
    await actOk('join', m, P['daily-reload']!);
    const d = await bankDeposit(m, 400);
    await creditSilently(d, m.id);
    expect((await participations(m.id))[0]!.status).toBe('JOINED');

    const a = services();
    const b = services();
    const results = await Promise.all([
      a.deposits.runDue(),
      b.deposits.runDue(),
      a.deposits.onDepositCredited({ merchant: 'GOLDEN', memberId: m.id }),
      b.deposits.settleMember('GOLDEN', m.id),
    ]);
    expect(results.reduce((s, n) => s + n, 0)).toBe(1);
    expect(await entriesOf(m.id)).toHaveLength(1);
    expect((await participations(m.id))[0]).toMatchObject({
      status: 'ISSUED',
      amount: '4000',
      deposit_order_no: d.orderNo,
    });
    expect((await messagesOf(m.id)).filter((x) => x.kind === 'PROMO_BONUS')).toHaveLength(1);
    // And again: nothing left to do.
    expect(await a.deposits.runDue()).toBe(0);
    expect(await a.deposits.settleMember('GOLDEN', m.id)).toBe(0);
  });
});

// ---- turnover, sign-in, raffle -----------------------------------------------------------------------

describe('TURNOVER', () => {
  it('progress from settled bets; claiming before the target is refused; five clicks at once pay once', async () => {
    const m = await member();
    await id.credit(m.username, '500', ADMIN_KEY);
    await bet(m.id, 4_900_00n);
    expect(await detail(P['weekly-slots-turnover']!, m.token)).toMatchObject({
      state: 'PROCESS',
      action: null,
      progress: { current: 4900, target: 5000 },
    });
    const snap = await snapshot();
    await id.fails(
      relay(PROMO_CALLS.claim),
      { method: 'POST', token: m.token, body: { promotionId: P['weekly-slots-turnover'] } },
      409,
      'reward.not.claimable',
    );
    expect(await snapshot()).toBe(snap);

    await bet(m.id, 100_00n);
    expect(await detail(P['weekly-slots-turnover']!, m.token)).toMatchObject({
      state: 'CLAIM',
      action: 'CLAIM',
    });
    const before = await mainBalance(m.id);
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => act('claim', m, { promotionId: P['weekly-slots-turnover'] })),
    );
    for (const c of clicks) {
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      expect(c.body.value).toMatchObject({
        state: 'CLAIMED',
        mine: { status: 'CLAIMED', amount: 88, turnoverRequired: 88 },
      });
    }
    expect(await mainBalance(m.id)).toBe(before + 88_00n);
    expect(await entriesOf(m.id)).toHaveLength(1);
    expect(await participations(m.id)).toHaveLength(1);
    expect((await messagesOf(m.id)).filter((x) => x.kind === 'PROMO_BONUS')).toEqual([
      { kind: 'PROMO_BONUS', params: { title: 'Weekly turnover reward', amount: 88, turnover: 88 } },
    ]);
    // Join is not how a turnover promotion works.
    await id.fails(
      relay(PROMO_CALLS.join),
      { method: 'POST', token: m.token, body: { promotionId: P['weekly-slots-turnover'] } },
      400,
      'promo.action.invalid',
    );
  });
});

describe('SIGN_IN', () => {
  it('signs once a day: a repeat answers the first, the next day is a new check-in', async () => {
    const m = await member();
    const before = await mainBalance(m.id);
    const signed = await actOk('sign', m, P['daily-check-in']!);
    expect(signed).toMatchObject({ state: 'SIGNED', mine: { status: 'SIGNED', amount: 5 } });
    expect((await actOk('sign', m, P['daily-check-in']!)).state).toBe('SIGNED');
    expect(await mainBalance(m.id)).toBe(before + 5_00n);

    const tomorrow = services({ now: () => Date.now() + DAY_MS });
    const next = await tomorrow.promotions.detail(golden, 'EN', m.id, P['daily-check-in']!);
    expect(next).toMatchObject({ state: 'CLAIM', action: 'SIGN' });
    await tomorrow.promotions.sign(golden, 'EN', m.id, P['daily-check-in']!);
    const refs = (await entriesOf(m.id)).map((e) => e.reference);
    expect(refs).toHaveLength(2);
    expect(new Set(refs).size).toBe(2);
    expect(await mainBalance(m.id)).toBe(before + 10_00n);
  });
});

describe('RAFFLE (MCS2_claimRafflePromotion)', () => {
  it('qualifies by the week’s deposits, draws once per week, pays the prize drawn exactly', async () => {
    const m = await member();
    await payOnline(m, 300);
    expect(await detail(P['weekly-lucky-draw']!, m.token)).toMatchObject({
      state: 'PROCESS',
      progress: { current: 300, target: 500 },
    });
    await id.fails(
      relay(PROMO_CALLS.raffle),
      { method: 'POST', token: m.token, body: { promotionId: P['weekly-lucky-draw'] } },
      409,
      'reward.not.claimable',
    );
    await payOnline(m, 200);
    expect((await detail(P['weekly-lucky-draw']!, m.token)).state).toBe('CLAIM');

    // A scripted draw: 95 of 0..99 lands on the fourth prize (88.00).
    const asked: number[] = [];
    const svc = services({ rng: { int: (n) => (asked.push(n), 95) } });
    const before = await mainBalance(m.id);
    const won = await svc.promotions.draw(golden, 'EN', m.id, P['weekly-lucky-draw']!);
    expect(asked).toEqual([100]);
    expect(won).toMatchObject({ amount: 88, turnoverRequired: 88, promotion: { state: 'CLAIMED' } });
    expect(await mainBalance(m.id)).toBe(before + 88_00n);
    expect((await messagesOf(m.id)).filter((x) => x.kind === 'RAFFLE_PRIZE')).toEqual([
      { kind: 'RAFFLE_PRIZE', params: { title: 'Weekly lucky draw', amount: 88 } },
    ]);
    // Drawing again the same week answers the same prize and draws nothing.
    const again = await id.ok<RaffleResult>(relay(PROMO_CALLS.raffle), {
      method: 'POST',
      token: m.token,
      body: { promotionId: P['weekly-lucky-draw'] },
    });
    expect(again.amount).toBe(88);
    expect(asked).toEqual([100]);
    expect(await entriesOf(m.id)).toHaveLength(1);

    // Next week, with next week's deposits, is a new draw.
    const nextWeek = Date.now() + 7 * DAY_MS;
    await t.db.db
      .updateTable('deposit')
      .set({ updated_at: new Date(nextWeek - 1000) })
      .where('member_id', '=', m.id)
      .execute();
    const later = services({ now: () => nextWeek, rng: { int: () => 0 } });
    expect((await later.promotions.draw(golden, 'EN', m.id, P['weekly-lucky-draw']!)).amount).toBe(8);
    const refs = (await entriesOf(m.id)).map((e) => e.reference);
    expect(refs).toHaveLength(2);
    expect(refs[0]).not.toBe(refs[1]);
  });

  it('four draws at once by one member: one prize, the same answer to all', async () => {
    const m = await member();
    await payOnline(m, 500);
    const before = await mainBalance(m.id);
    const draws = await Promise.all(
      Array.from({ length: 4 }, () =>
        id.send<RaffleResult>(relay(PROMO_CALLS.raffle), {
          method: 'POST',
          token: m.token,
          body: { promotionId: P['weekly-lucky-draw'] },
        }),
      ),
    );
    const amounts = draws.map((d) => {
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      return d.body.value!.amount;
    });
    expect(new Set(amounts).size).toBe(1);
    expect([8, 18, 38, 88, 388]).toContain(amounts[0]);
    expect(await mainBalance(m.id)).toBe(before + BigInt(Math.round(amounts[0]! * 100)));
    expect(await entriesOf(m.id)).toHaveLength(1);
  });
});

// ---- applications ----------------------------------------------------------------------------------

describe('APPLY and the operator’s review', () => {
  const apply = (m: { token: string }, body: Record<string, unknown>) =>
    id.send<PromotionDetail>(relay(PROMO_CALLS.apply), { method: 'POST', token: m.token, body });

  it('refuses bad applications with a clear error and changes nothing', async () => {
    const m = await member();
    const other = await member();
    const mine = await upload(m.token);
    const theirs = await upload(other.token);
    const images = await Promise.all([upload(m.token), upload(m.token), upload(m.token)]);
    const ended = await makePromotion({
      kind: 'APPLY',
      starts_at: new Date(Date.now() - 10 * DAY_MS),
      ends_at: new Date(Date.now() - DAY_MS),
    });
    const snap = await snapshot();
    const promotionId = P['live-winning-streak'];

    const long = await apply(m, { promotionId, remark: 'x'.repeat(141), imageIds: [mine] });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errorCode: 'request.invalid' });
    expect(JSON.stringify(long.body)).toContain('remark');

    const four = await apply(m, { promotionId, remark: 'Five wins', imageIds: [mine, ...images] });
    expect(four.status).toBe(400);
    expect(JSON.stringify(four.body)).toContain('imageIds');

    const foreign = await apply(m, { promotionId, remark: 'Five wins', imageIds: [mine, theirs] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ errorCode: 'request.invalid' });
    expect(JSON.stringify(foreign.body)).toContain('imageIds');

    await id.fails(
      relay(PROMO_CALLS.apply),
      { method: 'POST', token: m.token, body: { promotionId: '999999999', remark: 'Hi' } },
      404,
      'promo.not.found',
    );
    await id.fails(
      relay(PROMO_CALLS.apply),
      { method: 'POST', token: m.token, body: { promotionId: ended, remark: 'Hi' } },
      409,
      'promo.closed',
    );
    // Not the way a deposit promotion works.
    await id.fails(
      relay(PROMO_CALLS.apply),
      { method: 'POST', token: m.token, body: { promotionId: P['daily-reload'], remark: 'Hi' } },
      400,
      'promo.action.invalid',
    );
    const empty = await apply(m, { promotionId, remark: '   ' });
    expect(empty.status).toBe(400);
    expect(await snapshot()).toBe(snap);

    // 140 characters and three of the member's own images are fine.
    const ok = await apply(m, { promotionId, remark: 'y'.repeat(140), imageIds: images });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value).toMatchObject({
      state: 'APPLYING',
      mine: { status: 'APPLYING', imageIds: images },
    });
  });

  it('approve: paid once with its turnover and message; capped; a second decision is refused', async () => {
    const m = await member();
    const img = await upload(m.token);
    const first = await apply(m, {
      promotionId: P['live-winning-streak'],
      remark: 'Five banker wins',
      imageIds: [img],
    });
    expect(first.status).toBe(200);
    // Applying again while pending changes nothing.
    expect(
      (await apply(m, { promotionId: P['live-winning-streak'], remark: 'Again' })).body.value!.state,
    ).toBe('APPLYING');
    expect(await participations(m.id)).toHaveLength(1);

    const list = await id.ok<{ list: PromoApplication[] }>(
      '/wps/admin/promotions/applications?status=APPLYING',
      {
        headers: adminHeaders(),
      },
    );
    const app = list.list.find((a) => a.memberId === m.id)!;
    expect(app).toMatchObject({
      status: 'APPLYING',
      remark: 'Five banker wins',
      imageIds: [img],
      username: m.username,
      promotionTitle: 'Live casino winning streak',
      maxAmount: 2000,
    });
    const url = `/wps/admin/promotions/applications/${app.id}`;
    const snap = await snapshot();
    await id.fails(
      `${url}/approve`,
      { method: 'POST', headers: adminHeaders(), body: { amount: '2000.01' } },
      400,
      'promo.amount.range',
    );
    await id.fails(
      `${url}/approve`,
      { method: 'POST', headers: adminHeaders('LOTUS'), body: { amount: '10' } },
      404,
      'promo.application.not.found',
    );
    await id.fails(
      `${url}/approve`,
      { method: 'POST', headers: { merchant: 'GOLDEN' }, body: { amount: '10' } },
      401,
      'admin.unauthorized',
    );
    expect(await snapshot()).toBe(snap);

    const before = await mainBalance(m.id);
    const decisions = await Promise.all(
      Array.from({ length: 3 }, () =>
        id.send<PromoApplication>(`${url}/approve`, {
          method: 'POST',
          headers: adminHeaders(),
          body: { amount: '150.50' },
        }),
      ),
    );
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409, 409]);
    expect(decisions.find((d) => d.status === 200)!.body.value).toMatchObject({
      status: 'ISSUED',
      amount: 150.5,
      reviewedBy: 'alice',
    });
    expect(await mainBalance(m.id)).toBe(before + 150_50n);
    const [entry] = await entriesOf(m.id);
    expect(await requirementOf(entry!.reference)).toEqual([{ required: '45150', achieved: '0' }]);
    expect((await messagesOf(m.id)).filter((x) => x.kind === 'PROMO_APPLY_APPROVED')).toEqual([
      { kind: 'PROMO_APPLY_APPROVED', params: { title: 'Live casino winning streak', amount: 150.5 } },
    ]);
    expect(await detail(P['live-winning-streak']!, m.token)).toMatchObject({
      state: 'ISSUED',
      mine: { amount: 150.5 },
    });
    await id.fails(
      `${url}/reject`,
      { method: 'POST', headers: adminHeaders(), body: { reason: 'Late' } },
      409,
      'promo.application.state',
    );
  });

  it('reject: the member is told why and may not apply again this period', async () => {
    const m = await member();
    await apply(m, { promotionId: P['live-winning-streak'], remark: 'Streak' });
    const [part] = await participations(m.id);
    const rejected = await id.ok<PromoApplication>(`/wps/admin/promotions/applications/${part!.id}/reject`, {
      method: 'POST',
      headers: adminHeaders(),
      body: { reason: 'Screenshots missing' },
    });
    expect(rejected).toMatchObject({ status: 'REJECTED', rejectReason: 'Screenshots missing' });
    expect((await messagesOf(m.id)).filter((x) => x.kind === 'PROMO_APPLY_REJECTED')).toEqual([
      {
        kind: 'PROMO_APPLY_REJECTED',
        params: { title: 'Live casino winning streak', reason: 'Screenshots missing' },
      },
    ]);
    expect(await detail(P['live-winning-streak']!, m.token)).toMatchObject({
      state: 'REJECTED',
      mine: { rejectReason: 'Screenshots missing' },
    });
    await id.fails(
      relay(PROMO_CALLS.apply),
      { method: 'POST', token: m.token, body: { promotionId: P['live-winning-streak'], remark: 'Again' } },
      409,
      'promo.participated',
    );
    expect(await entriesOf(m.id)).toHaveLength(0);
    await id.fails(
      '/wps/admin/promotions/applications/999999999/approve',
      { method: 'POST', headers: adminHeaders(), body: { amount: '1' } },
      404,
      'promo.application.not.found',
    );
  });
});

// ---- eligibility, access, withdrawals ----------------------------------------------------------------

describe('who may take part', () => {
  it('holds the VIP minimum against the member’s level (an injected VIP level)', async () => {
    const m = await member();
    const low = services({ level: 2 });
    const seen = await low.promotions.detail(golden, 'EN', m.id, P['vip-weekly-reload']!);
    expect(seen).toMatchObject({ state: 'JOIN', eligible: false, ineligible: 'VIP', minVipLevel: 3 });
    const snap = await snapshot();
    await expect(low.promotions.join(golden, 'EN', m.id, P['vip-weekly-reload']!)).rejects.toMatchObject({
      code: 'promo.vip.required',
      params: [3],
    });
    expect(await snapshot()).toBe(snap);
    const high = services({ level: 3 });
    expect((await high.promotions.join(golden, 'EN', m.id, P['vip-weekly-reload']!)).state).toBe('JOINED');
  });

  it('needs a session and a real account to act; visitors and trial accounts see the visitor view', async () => {
    await id.fails(
      relay(PROMO_CALLS.join),
      { method: 'POST', body: { promotionId: P['daily-reload'] } },
      401,
      'login.not.session',
    );
    const trial = await id.freePlay();
    await id.fails(
      relay(PROMO_CALLS.join),
      { method: 'POST', token: trial.token, body: { promotionId: P['daily-reload'] } },
      403,
      'member.trial.forbidden',
    );
    await id.fails(relay(PROMO_CALLS.bonusDetails), { token: trial.token }, 403, 'member.trial.forbidden');
    const counts = await id.ok<PromotionCounts>(relay(PROMO_CALLS.counts), { token: trial.token });
    expect(counts).toEqual({
      availablePromoCount: 0,
      unreadMessage: 0,
      availablePromo: { REFERRAL: { enabled: true } },
    });
  });
});

describe('the turnover requirement', () => {
  it('blocks a withdrawal until bets of that turnover settle, then lets it through', async () => {
    const m = await member();
    await id.ok('/wps/member/password/payment', {
      token: m.token,
      body: { password: m.password, newPaymentPassword: PAYMENT_PASSWORD },
      encrypt: true,
    });
    const account = await id.ok<PayoutAccount>('/wps/cashier/payout-accounts', {
      token: m.token,
      body: {
        bankCode: 'BDO',
        accountName: m.payeeName,
        accountNo: `20${Date.now().toString().slice(-11)}`,
        paymentPassword: PAYMENT_PASSWORD,
      },
      encrypt: true,
    });
    await actOk('join', m, P['daily-reload']!);
    await payOnline(m, 200);
    const withdraw = () =>
      id.send<Withdrawal>('/wps/cashier/withdraw', {
        token: m.token,
        body: {
          requestId: requestId(),
          payoutAccountId: account.id,
          amount: 100,
          paymentPassword: PAYMENT_PASSWORD,
        },
        encrypt: true,
      });
    const refused = await withdraw();
    expect(refused.body).toMatchObject({ errorCode: 'withdraw.turnover.unmet' });
    expect(refused.body.message).toContain('1100.00');

    await bet(m.id, 1_000_00n);
    expect((await withdraw()).body).toMatchObject({ errorCode: 'withdraw.turnover.unmet' });
    await bet(m.id, 100_00n);
    const accepted = await withdraw();
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.value).toMatchObject({ status: 'PENDING', amount: 100 });
  });
});

// ---- counts, reward centre, bonus details -----------------------------------------------------------

describe('counts, the reward centre source and bonus details', () => {
  it('counts the promotions a member can act on now, and the unread messages', async () => {
    const visitor = await id.ok<PromotionCounts>(relay(PROMO_CALLS.counts));
    expect(visitor).toEqual({
      availablePromoCount: 0,
      unreadMessage: 0,
      availablePromo: { REFERRAL: { enabled: true } },
    });

    const m = await member();
    const unread = async () =>
      (await id.ok<{ count: number }>(relay('CSP_unreadCount'), { token: m.token })).count;
    const counts = () => id.ok<PromotionCounts>(relay(PROMO_CALLS.counts), { token: m.token });
    // Welcome (join), daily reload (join), live streak (apply), daily check-in (sign in); the VIP
    // reload needs level 3, the turnover and raffle promotions have no progress yet.
    expect(await counts()).toEqual({
      availablePromoCount: 4,
      unreadMessage: await unread(),
      availablePromo: { REFERRAL: { enabled: true } },
    });
    await actOk('sign', m, P['daily-check-in']!);
    const after = await counts();
    expect(after.availablePromoCount).toBe(3);
    expect(after.unreadMessage).toBe(await unread());
    expect(after.unreadMessage).toBeGreaterThan(0);

    // Without a running referral promotion the invite-friends entry goes.
    await t.db.db
      .updateTable('promotion')
      .set({ active: false })
      .where('id', '=', P['refer-a-friend']!)
      .execute();
    expect((await counts()).availablePromo.REFERRAL.enabled).toBe(false);
    await t.db.db
      .updateTable('promotion')
      .set({ active: true })
      .where('id', '=', P['refer-a-friend']!)
      .execute();
  });

  it('lists the claimable promotions for the reward centre and claims them once', async () => {
    const m = await member();
    const svc = services();
    const claimables = await svc.promotions.rewardSource.claimables(golden, m.id, 'EN');
    expect(claimables).toEqual([
      {
        source: 'PROMOTION',
        id: P['daily-check-in'],
        title: 'Daily check-in',
        amount: 5,
        turnoverRequired: 5,
        expiresTime: expect.any(String),
      },
    ]);
    const claimed = await Promise.all([
      svc.promotions.rewardSource.claim(golden, m.id, P['daily-check-in']!, 'EN'),
      svc.promotions.rewardSource.claim(golden, m.id, P['daily-check-in']!, 'EN'),
    ]);
    expect(claimed.map((c) => c.amount)).toEqual([5, 5]);
    expect(await entriesOf(m.id)).toHaveLength(1);
    expect(await svc.promotions.rewardSource.claimables(golden, m.id, 'EN')).toEqual([]);
    for (const bad of ['abc', '999999999', P['daily-reload']!]) {
      await expect(svc.promotions.rewardSource.claim(golden, m.id, bad, 'EN')).rejects.toMatchObject({
        code: 'reward.not.claimable',
      });
    }
  });

  it('shows the member’s bonuses with their turnover and what is left to bet', async () => {
    const m = await member();
    await actOk('join', m, P['daily-reload']!);
    await payOnline(m, 200);
    await actOk('sign', m, P['daily-check-in']!);
    await bet(m.id, 300_00n);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
    const page = await id.ok<BonusDetails>(
      `${relay(PROMO_CALLS.bonusDetails)}?startTime=${today}&endTime=${today}`,
      { token: m.token },
    );
    // Bets work off the oldest requirement first: 300.00 of the reload's 1100.00.
    expect(page).toMatchObject({
      totalCount: 2,
      totalAmount: 25,
      turnoverRemaining: 1100 + 5 - 300,
      list: [
        {
          kind: 'BONUS',
          source: 'PROMOTION',
          title: 'Daily check-in',
          amount: 5,
          turnoverRequired: 5,
          turnoverRemaining: 5,
        },
        {
          kind: 'BONUS',
          source: 'PROMOTION',
          title: 'Daily 10% reload',
          amount: 20,
          turnoverRequired: 1100,
          turnoverRemaining: 800,
        },
      ],
    });
    const one = await id.ok<BonusDetails>(
      `${relay(PROMO_CALLS.bonusDetails)}?startTime=${today}&endTime=${today}&pageSize=1&pageNo=2`,
      { token: m.token },
    );
    expect(one).toMatchObject({ totalPages: 2, list: [{ title: 'Daily 10% reload' }] });
    const rebates = await id.ok<BonusDetails>(
      `${relay(PROMO_CALLS.bonusDetails)}?startTime=${today}&endTime=${today}&kind=REBATE`,
      { token: m.token },
    );
    expect(rebates.list).toEqual([]);
    await id.fails(
      `${relay(PROMO_CALLS.bonusDetails)}?startTime=2020-01-01&endTime=2020-01-02`,
      { token: m.token },
      400,
      'record.range.invalid',
    );
    // Another member sees none of it.
    const other = await member();
    const theirs = await id.ok<BonusDetails>(
      `${relay(PROMO_CALLS.bonusDetails)}?startTime=${today}&endTime=${today}`,
      { token: other.token },
    );
    expect(theirs.totalCount).toBe(0);
  });

  it('leaves the ledger balanced', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
