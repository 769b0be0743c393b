/**
 * The back-office dashboard against the ledger: activity made through the real use cases on two
 * brands in different time zones (entries on both sides of a local midnight), the roll-up job run
 * (again after more activity, and twice at once), and every figure of GET /wps/admin/dashboard
 * compared with SQL straight over the ledger and members tables.
 */
import { randomUUID } from 'node:crypto';
import {
  fromMinor,
  PERMISSIONS,
  type Dashboard,
  type DashboardFigures as Figures,
  type LoginResult,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../src/platform/brand';
import { dashboardRollupJob } from '../src/modules/dashboard/dashboard-rollup.job';
import { buildTestApp, holdJobs, type TestContext } from './helper';
import { DIALING, freshIp, freshMobile, freshName, Identity, LOTUS, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const PAYMENT_PASSWORD = '246810';
/** LOTUS is moved to a zone far from GOLDEN's (Asia/Manila), so the two brands' days differ. */
const LOTUS_ZONE = 'America/Sao_Paulo';

let t: TestContext;
let id: Identity;
const keys: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  // Folded by hand only: entries are moved to other days after they are made.
  await holdJobs(t, [dashboardRollupJob(t.services.dashboard.dashboard)]);
  id = new Identity(t);
  await t.db.db.updateTable('merchant').set({ timezone: LOTUS_ZONE }).where('code', '=', 'LOTUS').execute();
  // The captcha is another test's subject; here LOTUS members just need to exist.
  await t.db.db
    .updateTable('register_rule')
    .set({ enabled: false })
    .where('merchant_code', '=', 'LOTUS')
    .where('field', '=', 'captcha')
    .execute();
  for (const m of ['GOLDEN', 'LOTUS']) {
    keys[m] = `test-key-dash-${m}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(keys[m], `dash-${m}`, m, [...PERMISSIONS], 'test');
  }
});
afterAll(async () => {
  await t?.close();
});

// ---- activity through the use cases ---------------------------------------------------------------

const brand = (code: string): Promise<Brand> => t.brands.resolve(code, undefined);
let seq = 0;
const rid = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

async function registerLotus(): Promise<NewMember> {
  const ip = freshIp();
  const username = freshName();
  const mobileNum = freshMobile();
  const verificationCode = await id.registerCode(mobileNum, { ip, host: LOTUS });
  const body = {
    username,
    password: 'abc12345',
    confirmPassword: 'abc12345',
    mobileNum,
    countryDialingCode: DIALING,
    payeeName: 'SITI AMINAH',
    email: `${username}@example.com`,
    paymentPassword: '135790',
    verificationCode,
  };
  const result = await id.ok<LoginResult>('/wps/member/register', {
    method: 'PUT',
    body,
    encrypt: true,
    ip,
    host: LOTUS,
  });
  const row = await id.memberRow(username, 'LOTUS');
  return {
    id: row.id,
    username,
    password: 'abc12345',
    mobileNum,
    payeeName: 'SITI AMINAH',
    ip,
    token: result.token,
    result,
  };
}

async function channel(merchant: string, code: string): Promise<string> {
  const row = await t.db.db
    .selectFrom('payment_channel')
    .select('id')
    .where('merchant_code', '=', merchant)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}
const ONLINE: Record<string, string> = { GOLDEN: 'EWALLET_DEMO', LOTUS: 'FPX_DEMO' };

/** A deposit order, approved by staff unless `pending`. */
async function deposit(merchant: string, m: NewMember, amount: string, pending = false): Promise<void> {
  const b = await brand(merchant);
  const { deposits } = t.services.cashier;
  const d = await deposits.create(b, 'EN', m.id, {
    requestId: rid('dep'),
    channelId: await channel(merchant, ONLINE[merchant]!),
    amount,
  });
  if (!pending) await deposits.approve(b, 'EN', d.id, 'alice');
}

async function bet(
  merchant: string,
  m: NewMember,
  stake: bigint,
  outcome: bigint | 'void' | 'open',
): Promise<void> {
  const { bets } = t.services.wallet;
  const roundId = rid('round');
  await bets.placeBet(merchant, m.id, {
    vendor: 'HOUSE',
    gameType: 'RNG',
    gameCode: 'dash-slot',
    gameName: 'Dashboard Slot',
    roundId,
    stake,
  });
  if (outcome === 'void') await bets.voidBet(merchant, 'HOUSE', roundId);
  else if (outcome !== 'open') await bets.settleBet(merchant, 'HOUSE', roundId, { payout: outcome });
}

async function bonus(merchant: string, m: NewMember, amount: bigint, kind: 'BONUS' | 'REBATE' = 'BONUS') {
  const { bonus: service } = t.services.wallet;
  const to = await service.accounts(merchant, m.id);
  await t.db.db.transaction().execute((trx) =>
    service.credit(trx, to, {
      amount,
      kind,
      reference: rid(`TEST_${kind}`),
      turnoverRequired: 0n,
      memo: { source: 'test', title: 'Dashboard test' },
      message: null,
    }),
  );
}

/** A GOLDEN member able to withdraw: payment password and one payout account. */
async function payoutAccount(m: NewMember): Promise<string> {
  await id.ok('/wps/member/password/payment', {
    token: m.token,
    body: { password: m.password, newPaymentPassword: PAYMENT_PASSWORD },
    encrypt: true,
  });
  const account = await id.ok<{ id: string }>('/wps/cashier/payout-accounts', {
    token: m.token,
    body: {
      bankCode: 'BDO',
      accountName: m.payeeName,
      accountNo: `20${String(Date.now()).slice(-8)}${String(++seq).padStart(3, '0')}`,
      paymentPassword: PAYMENT_PASSWORD,
    },
    encrypt: true,
  });
  return account.id;
}

/** A withdrawal of `amount`, paid `paid` (major units) in one payment, or left pending. */
async function withdraw(m: NewMember, accountId: string, amount: string, paid: string | null): Promise<void> {
  const b = await brand('GOLDEN');
  const { withdrawals } = t.services.cashier;
  const w = await withdrawals.create(b, m.id, {
    requestId: rid('wd'),
    payoutAccountId: accountId,
    amount,
    paymentPassword: PAYMENT_PASSWORD,
  });
  if (paid === null) return;
  const by = { kind: 'API_KEY', id: 'dashboard-test', name: 'alice' } as const;
  const decision = await withdrawals.approve(
    b,
    w.id,
    by,
    { amount: paid, reason: 'dashboard test' },
    rid('pay'),
  );
  // Below the brand's second-approver threshold: paid at once.
  expect(decision.state).not.toBe('AWAITING_SECOND_APPROVAL');
}

/**
 * Moves a member's ledger entries (and registration) to an instant relative to its brand's local
 * midnight starting today. Entries can only be made "now" by the use cases; the ledger refuses
 * updates, so its guard is lifted for this one fixture statement.
 */
async function moveTo(m: NewMember, merchant: string, offset: string, afterEntry?: string): Promise<void> {
  const tz = merchant === 'LOTUS' ? LOTUS_ZONE : 'Asia/Manila';
  const at = sql`(date_trunc('day', now() AT TIME ZONE ${tz}::text) AT TIME ZONE ${tz}::text) + ${offset}::interval`;
  await sql`ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_append_only`.execute(t.db.db);
  try {
    await sql`UPDATE ledger_entry SET created_at = ${at}
               WHERE (member_id = ${m.id} OR memo->>'memberId' = ${m.id})
                 AND id > ${afterEntry ?? '0'}::bigint`.execute(t.db.db);
  } finally {
    await sql`ALTER TABLE ledger_entry ENABLE TRIGGER ledger_entry_append_only`.execute(t.db.db);
  }
  if (afterEntry === undefined)
    await sql`UPDATE member SET created_at = ${at} WHERE id = ${m.id}`.execute(t.db.db);
}

const lastEntry = async () =>
  (await sql<{ id: string }>`SELECT max(id)::text AS id FROM ledger_entry`.execute(t.db.db)).rows[0]!.id;

// ---- the two sides of the comparison ---------------------------------------------------------------

const dashboard = (merchant: string, from: string, to: string, key = keys[merchant]!) =>
  t.app.inject({
    method: 'GET',
    url: `/wps/admin/dashboard?from=${from}&to=${to}`,
    headers: { host: 'localhost', merchant, 'x-api-key': key },
  });

async function dashboardOk(merchant: string, from: string, to: string): Promise<Dashboard> {
  const res = await dashboard(merchant, from, to);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: Dashboard }>().value;
}

/** The figures of a brand's days from..to straight from the ledger and members tables. */
async function fromLedger(merchant: string, from: string, to: string): Promise<Figures> {
  const tz = merchant === 'LOTUS' ? LOTUS_ZONE : 'Asia/Manila';
  const start = sql`((${from}::date)::timestamp AT TIME ZONE ${tz}::text)`;
  const end = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${tz}::text)`;
  const { rows } = await sql<Record<string, string>>`
    WITH e AS (SELECT * FROM ledger_entry WHERE merchant_code = ${merchant} AND created_at >= ${start} AND created_at < ${end}),
    legs AS (SELECT e.kind AS entry_kind, e.member_id, a.kind AS account_kind, p.amount
               FROM e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id)
    SELECT
      coalesce((SELECT sum(-amount) FROM legs WHERE entry_kind = 'DEPOSIT' AND account_kind = 'PAYMENT_CLEARING'), 0)::text AS deposits,
      coalesce((SELECT sum(amount) FROM legs WHERE entry_kind = 'WITHDRAW_PAID' AND account_kind = 'PAYMENT_CLEARING'), 0)::text AS withdrawals,
      coalesce((SELECT sum(amount) FROM legs WHERE entry_kind IN ('BET', 'BET_VOID') AND account_kind = 'BET_HOLD'), 0)::text AS turnover,
      coalesce((SELECT sum(amount) FROM legs WHERE entry_kind = 'PAYOUT' AND account_kind = 'HOUSE'), 0)::text AS ggr,
      coalesce((SELECT sum(-amount) FROM legs WHERE account_kind IN ('PROMOTION_EXPENSE', 'WAGE_EXPENSE')), 0)::text AS bonus,
      (SELECT count(DISTINCT member_id) FROM e WHERE kind = 'BET')::text AS active,
      (SELECT count(*) FROM member WHERE merchant_code = ${merchant} AND created_at >= ${start} AND created_at < ${end})::text AS fresh,
      (SELECT count(*) FROM (SELECT member_id, min(created_at) AS first FROM ledger_entry
                              WHERE merchant_code = ${merchant} AND kind = 'DEPOSIT' GROUP BY member_id) f
        WHERE f.first >= ${start} AND f.first < ${end})::text AS ftd`.execute(t.db.db);
  const r = rows[0]!;
  const big = (k: string) => BigInt(r[k]!);
  return {
    deposits: fromMinor(big('deposits')),
    withdrawals: fromMinor(big('withdrawals')),
    netDeposits: fromMinor(big('deposits') - big('withdrawals')),
    turnover: fromMinor(big('turnover')),
    ggr: fromMinor(big('ggr')),
    bonusCost: fromMinor(big('bonus')),
    ngr: fromMinor(big('ggr') - big('bonus')),
    activePlayers: Number(r.active),
    newPlayers: Number(r.fresh),
    firstTimeDepositors: Number(r.ftd),
  };
}

async function pendingFromTables(merchant: string) {
  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(t.db.db)).rows[0]!.n;
  return {
    deposits: await count(
      sql`SELECT count(*)::int AS n FROM deposit WHERE merchant_code = ${merchant} AND status = 'PENDING'`,
    ),
    withdrawals: await count(
      sql`SELECT count(*)::int AS n FROM withdrawal WHERE merchant_code = ${merchant} AND status = 'PENDING'`,
    ),
    approvals: await count(
      sql`SELECT count(*)::int AS n FROM approval_request WHERE merchant_code = ${merchant} AND state = 'PENDING'`,
    ),
  };
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const todayIn = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Every figure of the route equals the ledger's: the period, the previous one, each day, the queues. */
async function expectMatchesLedger(merchant: string, from: string, to: string): Promise<Dashboard> {
  const got = await dashboardOk(merchant, from, to);
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  expect(got.current).toEqual(await fromLedger(merchant, from, to));
  expect(got.previous).toEqual(await fromLedger(merchant, addDays(from, -days), addDays(from, -1)));
  expect(got.series.map((s) => s.day)).toEqual(Array.from({ length: days }, (_, i) => addDays(from, i)));
  for (const s of got.series) {
    const { day, ...figures } = s;
    expect(figures, `${merchant} ${day}`).toEqual(await fromLedger(merchant, day, day));
  }
  expect(got.pending).toEqual(await pendingFromTables(merchant));
  return got;
}

const rollUp = (batch?: number) => t.services.dashboard.dashboard.rollUp(batch);

// ---- tests -----------------------------------------------------------------------------------------

describe('the back-office dashboard', () => {
  it('tells the session each brand time zone and currency', async () => {
    const made = await t.services.staff.admin.createFromCli({
      username: 'dash-viewer',
      displayName: 'Dash Viewer',
      grant: { merchant: 'LOTUS', role: 'auditor' },
    });
    const opened = await t.services.staff.auth.openFor(made.id);
    expect(opened.view.brands).toEqual([
      { code: 'LOTUS', name: 'Royal Lotus', timeZone: LOTUS_ZONE, currency: 'MYR' },
    ]);
  });

  it('matches the ledger exactly on two brands, across local midnight, incrementally and concurrently', async () => {
    // GOLDEN: three members; a is moved to the last millisecond of yesterday, b to the first of today.
    const [a, b, c] = [await id.registerGolden(), await id.registerGolden(), await id.registerGolden()];
    const cAccount = await payoutAccount(c);
    await deposit('GOLDEN', a, '500');
    await bet('GOLDEN', a, 100_00n, 250_00n);
    await bet('GOLDEN', a, 40_00n, 0n);
    await bonus('GOLDEN', a, 12_34n);
    await deposit('GOLDEN', b, '300');
    await bet('GOLDEN', b, 25_50n, 'void');
    await bet('GOLDEN', b, 10_00n, 'open');
    await deposit('GOLDEN', c, '800');
    await deposit('GOLDEN', c, '300');
    await bet('GOLDEN', c, 60_00n, 30_00n);
    await bonus('GOLDEN', c, 5_00n, 'REBATE');
    await withdraw(c, cAccount, '200', '150');
    await withdraw(c, cAccount, '120', null);
    await deposit('GOLDEN', b, '75', true);
    // LOTUS, in its own zone: d moved to 23:59:59.999 yesterday, e to midnight today.
    const [d, e] = [await registerLotus(), await registerLotus()];
    await deposit('LOTUS', d, '400');
    await bet('LOTUS', d, 70_00n, 10_00n);
    await deposit('LOTUS', e, '120');
    await bet('LOTUS', e, 30_00n, 90_00n);
    await bonus('LOTUS', e, 7_77n);

    await moveTo(a, 'GOLDEN', '-1 millisecond');
    await moveTo(b, 'GOLDEN', '0');
    await moveTo(d, 'LOTUS', '-1 millisecond');
    await moveTo(e, 'LOTUS', '0');

    // The app's own roll-up job may run meanwhile: counts of folded entries are not asserted, figures are.
    await rollUp();
    const goldenToday = todayIn('Asia/Manila');
    const lotusToday = todayIn(LOTUS_ZONE);
    const g = await expectMatchesLedger('GOLDEN', addDays(goldenToday, -1), goldenToday);
    // The midnight split is real: yesterday holds a's money, today b's.
    expect(g.series[0]!.deposits).toBe(500);
    expect(g.series[0]!.activePlayers).toBe(1);
    expect(g.series[1]!.firstTimeDepositors).toBeGreaterThanOrEqual(2);
    expect(g.current.withdrawals).toBe(150);
    expect(g.pending).toMatchObject({ deposits: 1, withdrawals: 1 });
    await expectMatchesLedger('GOLDEN', goldenToday, goldenToday);
    const l = await expectMatchesLedger('LOTUS', addDays(lotusToday, -1), lotusToday);
    expect(l.series.map((s) => s.deposits)).toEqual([400, 120]);
    // The previous period of a single day is the day before it.
    await expectMatchesLedger('LOTUS', lotusToday, lotusToday);

    // Nothing new: a second run folds nothing and changes nothing.
    expect(await rollUp()).toBe(0);
    await expectMatchesLedger('GOLDEN', addDays(goldenToday, -1), goldenToday);

    // More activity, folded incrementally: a first deposit of a member who already bet, more bets.
    const f = await id.registerGolden();
    await deposit('GOLDEN', f, '250');
    await bet('GOLDEN', f, 20_00n, 0n);
    await bet('GOLDEN', a, 10_00n, 15_00n);
    await deposit('LOTUS', d, '60');
    await rollUp();
    await expectMatchesLedger('GOLDEN', addDays(goldenToday, -1), goldenToday);
    await expectMatchesLedger('LOTUS', addDays(lotusToday, -1), lotusToday);

    // A deposit that reaches the roll-up after a later one (made yesterday evening, folded now):
    // f's first deposit moves from today to yesterday.
    const before = await lastEntry();
    await deposit('GOLDEN', f, '90');
    await moveTo(f, 'GOLDEN', '-2 hours', before);
    await rollUp();
    const moved = await expectMatchesLedger('GOLDEN', addDays(goldenToday, -1), goldenToday);
    expect(moved.series.map((s) => s.firstTimeDepositors)).toEqual([
      g.series[0]!.firstTimeDepositors + 1,
      g.series[1]!.firstTimeDepositors,
    ]);

    // Two runs at once, in small batches so they interleave: each entry is folded once.
    await bet('GOLDEN', b, 11_00n, 22_00n);
    await bet('GOLDEN', c, 13_00n, 0n);
    await deposit('LOTUS', e, '45');
    await bonus('LOTUS', d, 3_00n);
    await Promise.all([rollUp(2), rollUp(2)]);
    const state = await sql<{ entries: string; total: string }>`
      SELECT entries::text, (SELECT count(*) FROM ledger_entry)::text AS total
        FROM dashboard_rollup_state WHERE name = 'ledger'`.execute(t.db.db);
    expect(state.rows[0]!.entries).toBe(state.rows[0]!.total);
    await expectMatchesLedger('GOLDEN', addDays(goldenToday, -1), goldenToday);
    await expectMatchesLedger('LOTUS', addDays(lotusToday, -1), lotusToday);
  });

  it('refuses a bad period with a clear error and answers a full year', async () => {
    const fails = async (from: string, to: string, code: string) => {
      const res = await dashboard('GOLDEN', from, to);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: code });
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    };
    await fails('2026-03-02', '2026-03-01', 'dashboard.period.order');
    await fails('2026-02-30', '2026-03-01', 'dashboard.period.order');
    await fails('yesterday', '2026-03-01', 'request.invalid');
    await fails('2025-01-01', '2026-01-02', 'dashboard.period.too.long');
    const year = await dashboardOk('GOLDEN', '2025-01-01', '2026-01-01');
    expect(year.series).toHaveLength(366);
  });

  it("refuses another brand's staff", async () => {
    const res = await dashboard('GOLDEN', '2026-01-01', '2026-01-07', keys.LOTUS);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'operator.forbidden' });
  });
});
