/**
 * The reports' aggregates against the ledger: activity made through the real use cases (bets
 * settled, voided, left open and paid twice; deposits, withdrawals, bonuses) while the fold runs
 * concurrently, then checkAggregates() (every figure recomputed from the ledger) and figures
 * asserted by value; a rebuild gives the same rows; a bet settled at 23:59:59 local counts on that
 * day and one at 00:00:00 on the next; the status route and the scripts refuse bad input.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { PERMISSIONS, type ReportStatus } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAggregates } from '../src/modules/reports/aggregates/aggregates-check';
import type { Brand } from '../src/platform/brand';
import { buildTestApp, fundedMember, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const PAYMENT_PASSWORD = '246810';
const M = 'GOLDEN';

let t: TestContext;
let id: Identity;
let viewKey: string;
let blindKey: string;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  viewKey = `test-key-agg-view-${randomUUID()}`;
  blindKey = `test-key-agg-blind-${randomUUID()}`;
  await t.services.staff.admin.insertKey(viewKey, 'agg-view', M, [...PERMISSIONS], 'test');
  await t.services.staff.admin.insertKey(
    blindKey,
    'agg-blind',
    M,
    PERMISSIONS.filter((p) => p !== 'reports.view'),
    'test',
  );
});
afterAll(async () => {
  await t?.close();
});

// ---- activity through the use cases -----------------------------------------------------------

const aggregates = () => t.services.reports.aggregates;
const brand = (code: string): Promise<Brand> => t.brands.resolve(code, undefined);
let seq = 0;
const rid = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;
const member = (merchant = M, funds = 1_000_000n) =>
  fundedMember(t.db.db, t.services.wallet.ledger, merchant, funds);

interface BetPlan {
  merchant?: string;
  game: string;
  stake: bigint;
  /** A payout, a void, left open, or a settlement followed by further payouts. */
  outcome: bigint | 'void' | 'open' | { payout: bigint; more: bigint[] };
  validBet?: bigint;
}

async function bet(memberId: string, p: BetPlan): Promise<void> {
  const { bets } = t.services.wallet;
  const merchant = p.merchant ?? M;
  const roundId = rid('round');
  await bets.placeBet(merchant, memberId, {
    vendor: 'HOUSE',
    gameType: 'RNG',
    gameCode: p.game,
    gameName: 'Aggregates Slot',
    roundId,
    stake: p.stake,
  });
  if (p.outcome === 'void') await bets.voidBet(merchant, 'HOUSE', roundId);
  else if (typeof p.outcome === 'bigint')
    await bets.settleBet(merchant, 'HOUSE', roundId, {
      payout: p.outcome,
      ...(p.validBet === undefined ? {} : { validBet: p.validBet }),
    });
  else if (p.outcome !== 'open') {
    await bets.settleBet(merchant, 'HOUSE', roundId, { payout: p.outcome.payout });
    let k = 0;
    for (const more of p.outcome.more) await bets.addPayout(merchant, 'HOUSE', roundId, `win-${++k}`, more);
  }
}

async function bonus(memberId: string, amount: bigint, source: string): Promise<void> {
  const { bonus: service } = t.services.wallet;
  const to = await service.accounts(M, memberId);
  await t.db.db.transaction().execute((trx) =>
    service.credit(trx, to, {
      amount,
      kind: 'BONUS',
      reference: rid('TEST_BONUS'),
      turnoverRequired: 0n,
      memo: { source, title: 'Aggregates test' },
      message: null,
    }),
  );
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

async function deposit(m: NewMember, amount: string): Promise<void> {
  const b = await brand(M);
  const { deposits } = t.services.cashier;
  const d = await deposits.create(b, 'EN', m.id, {
    requestId: rid('dep'),
    channelId: await channel(M, 'EWALLET_DEMO'),
    amount,
  });
  await deposits.approve(b, 'EN', d.id, 'alice');
}

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
      accountNo: `30${String(Date.now()).slice(-8)}${String(++seq).padStart(3, '0')}`,
      paymentPassword: PAYMENT_PASSWORD,
    },
    encrypt: true,
  });
  return account.id;
}

async function withdraw(m: NewMember, accountId: string, amount: string): Promise<void> {
  const b = await brand(M);
  const { withdrawals } = t.services.cashier;
  const w = await withdrawals.create(b, m.id, {
    requestId: rid('wd'),
    payoutAccountId: accountId,
    amount,
    paymentPassword: PAYMENT_PASSWORD,
  });
  const by = { kind: 'API_KEY', id: 'aggregates-test', name: 'alice' } as const;
  const decision = await withdrawals.approve(b, w.id, by, { amount, reason: 'aggregates test' }, rid('pay'));
  expect(decision.state).not.toBe('AWAITING_SECOND_APPROVAL');
}

// ---- reading the aggregates ---------------------------------------------------------------------

interface GameDay {
  day: string;
  bets: string;
  turnover: string;
  valid_turnover: string;
  settled: string;
  settled_stake: string;
  payout: string;
  ggr: string;
  voided: string;
  voided_stake: string;
  ratio_sq: number;
}

async function gameDays(merchant: string, game: string): Promise<GameDay[]> {
  const { rows } = await sql<GameDay>`
    SELECT day::text AS day, bets::text, turnover::text, valid_turnover::text, settled::text,
           settled_stake::text, payout::text, ggr::text, voided::text, voided_stake::text, ratio_sq
      FROM report_game_day WHERE merchant_code = ${merchant} AND game_code = ${game} ORDER BY day`.execute(
    t.db.db,
  );
  return rows;
}

async function memberTotals(memberId: string) {
  const { rows } = await sql<Record<string, string>>`
    SELECT coalesce(sum(bets), 0)::text AS bets, coalesce(sum(turnover), 0)::text AS turnover,
           coalesce(sum(payout), 0)::text AS payout, coalesce(sum(ggr), 0)::text AS ggr,
           coalesce(sum(deposits), 0)::text AS deposits, coalesce(sum(deposit_count), 0)::text AS deposit_count,
           coalesce(sum(withdrawals), 0)::text AS withdrawals,
           coalesce(sum(withdrawal_count), 0)::text AS withdrawal_count, coalesce(sum(bonus), 0)::text AS bonus
      FROM report_member_day WHERE member_id = ${memberId}`.execute(t.db.db);
  return rows[0]!;
}

/** Every row of the three tables, in key order (ratio_sq to 9 significant digits). */
async function snapshot(precise = false) {
  const game = await sql<Record<string, unknown>>`
    SELECT merchant_code, day::text AS day, vendor_code, game_type, game_code, bets::text, turnover::text,
           valid_turnover::text, settled::text, settled_stake::text, payout::text, ggr::text, voided::text,
           voided_stake::text, ratio_sq
      FROM report_game_day ORDER BY merchant_code, day, vendor_code, game_type, game_code`.execute(t.db.db);
  const mem = await sql<Record<string, unknown>>`
    SELECT merchant_code, day::text AS day, member_id::text, bets::text, turnover::text, valid_turnover::text,
           settled_stake::text, payout::text, ggr::text, deposits::text, deposit_count, withdrawals::text,
           withdrawal_count, bonus::text
      FROM report_member_day ORDER BY merchant_code, day, member_id`.execute(t.db.db);
  const bon = await sql<Record<string, unknown>>`
    SELECT merchant_code, day::text AS day, kind, source, amount::text, entries
      FROM report_bonus_day ORDER BY merchant_code, day, kind, source`.execute(t.db.db);
  const round = (r: Record<string, unknown>) =>
    precise ? r : { ...r, ratio_sq: Number(Number(r.ratio_sq).toPrecision(9)) };
  return { game: game.rows.map(round), member: mem.rows, bonus: bon.rows };
}

const status = (key?: string, url = '/wps/admin/reports/status') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost', merchant: M, ...(key ? { 'x-api-key': key } : {}) },
  });

// ---- tests ------------------------------------------------------------------------------------

describe('report aggregates', () => {
  it('equal the ledger after concurrent bets, settlements, voids, further payouts and cash, folded concurrently', async () => {
    await aggregates().rollUp();
    const game = `agg-${randomUUID().slice(0, 8)}`;
    const players = await Promise.all(Array.from({ length: 6 }, () => member()));
    // Per player: 2 won, 1 lost, 1 void, 1 open, 1 paid in three wins. Stakes differ per player.
    const plans = (i: number): BetPlan[] => {
      const s = BigInt(100 + i);
      return [
        { game, stake: s * 100n, outcome: s * 250n, validBet: s * 50n },
        { game, stake: s * 10n, outcome: s * 30n },
        { game, stake: s * 40n, outcome: 0n },
        { game, stake: s * 7n, outcome: 'void' },
        { game, stake: s * 9n, outcome: 'open' },
        { game, stake: s * 20n, outcome: { payout: s * 5n, more: [s * 3n, s * 11n] } },
      ];
    };
    let done = false;
    const folder = async () => {
      let folded = 0;
      while (!done) {
        folded += await aggregates().rollUp(7);
        // PGlite answers without I/O: yield, or the loop starves the timers group commits wait on.
        await new Promise((r) => setTimeout(r, 2));
      }
      return folded;
    };
    const folders = [folder(), folder()];
    await Promise.all(players.map(async (p, i) => Promise.all(plans(i).map((plan) => bet(p, plan)))));
    done = true;
    await Promise.all(folders);
    await aggregates().rollUp();

    expect(await checkAggregates(t.db.db)).toEqual([]);

    // The figures by value, summed over the game's days (a test near midnight may span two).
    const expect_ = {
      bets: 0n,
      turnover: 0n,
      valid: 0n,
      settled: 0n,
      settledStake: 0n,
      payout: 0n,
      voided: 0n,
    };
    let ratioSq = 0;
    players.forEach((_, i) => {
      for (const p of plans(i)) {
        expect_.bets += 1n;
        if (p.outcome === 'void') {
          expect_.voided += 1n;
          continue;
        }
        expect_.turnover += p.stake;
        if (p.outcome === 'open') continue;
        const paid =
          typeof p.outcome === 'bigint'
            ? p.outcome
            : p.outcome.payout + p.outcome.more.reduce((a, b) => a + b, 0n);
        expect_.settled += 1n;
        expect_.settledStake += p.stake;
        expect_.valid += p.validBet ?? p.stake;
        expect_.payout += paid;
        // A further payout a adds ((p + a)² - p²) / stake², p the settlement's payout (README).
        const first = Number(typeof p.outcome === 'bigint' ? p.outcome : p.outcome.payout);
        const more = typeof p.outcome === 'bigint' ? [] : p.outcome.more.map(Number);
        ratioSq +=
          (first ** 2 + more.reduce((a, m) => a + (first + m) ** 2 - first ** 2, 0)) / Number(p.stake) ** 2;
      }
    });
    const rows = await gameDays(M, game);
    const sum = (k: keyof GameDay) => rows.reduce((a, r) => a + BigInt(r[k] as string), 0n);
    expect({
      bets: sum('bets'),
      turnover: sum('turnover'),
      valid: sum('valid_turnover'),
      settled: sum('settled'),
      settledStake: sum('settled_stake'),
      payout: sum('payout'),
      voided: sum('voided'),
    }).toEqual(expect_);
    expect(sum('ggr')).toBe(expect_.settledStake - expect_.payout);
    expect(rows.reduce((a, r) => a + r.ratio_sq, 0)).toBeCloseTo(ratioSq, 9);

    // One player's day by value: 6 bets, the void's stake out of turnover, three wins paid.
    const s = 100n;
    expect(await memberTotals(players[0]!)).toMatchObject({
      bets: '6',
      turnover: String(s * (100n + 10n + 40n + 9n + 20n)),
      payout: String(s * (250n + 30n + 5n + 3n + 11n)),
      ggr: String(s * (100n + 10n + 40n + 20n) - s * (250n + 30n + 5n + 3n + 11n)),
    });
  });

  it('count deposits, withdrawals (paid entries name no member) and bonuses per member', async () => {
    const m = await id.registerGolden();
    const account = await payoutAccount(m);
    await deposit(m, '500');
    await deposit(m, '120.50');
    await bonus(m.id, 12_34n, 'agg-test');
    await withdraw(m, account, '200');
    await aggregates().rollUp();
    expect(await checkAggregates(t.db.db, { merchant: M })).toEqual([]);
    expect(await memberTotals(m.id)).toMatchObject({
      deposits: '62050',
      deposit_count: '2',
      withdrawals: '20000',
      withdrawal_count: '1',
      bonus: '1234',
    });
    const { rows } = await sql<{ amount: string; entries: number }>`
      SELECT sum(amount)::text AS amount, sum(entries)::int AS entries FROM report_bonus_day
       WHERE merchant_code = ${M} AND kind = 'BONUS' AND source = 'agg-test'`.execute(t.db.db);
    expect(rows[0]).toEqual({ amount: '1234', entries: 1 });
  });

  it('rebuild gives the rows the incremental fold gave, and the same rows twice', async () => {
    await aggregates().rollUp();
    const before = await snapshot();
    expect(before.game.length).toBeGreaterThan(0);
    const folded = await aggregates().rebuild({ batch: 5 });
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ledger_entry`.execute(t.db.db);
    expect(folded).toBe(Number(rows[0]!.n));
    // ratio_sq is a floating-point sum: other batches add in another order (last digits).
    expect(await snapshot()).toEqual(before);
    await aggregates().rebuild();
    const once = await snapshot(true);
    await aggregates().rebuild();
    expect(await snapshot(true)).toEqual(once);
    expect(await checkAggregates(t.db.db)).toEqual([]);
  });

  it('a check lists a figure that differs from the ledger, and a rebuild repairs it', async () => {
    await aggregates().rollUp();
    const game = `agg-${randomUUID().slice(0, 8)}`;
    await bet(await member(), { game, stake: 500n, outcome: 800n });
    await aggregates().rollUp();
    const [row] = await gameDays(M, game);
    await sql`UPDATE report_game_day SET payout = payout + 1 WHERE merchant_code = ${M} AND game_code = ${game}`.execute(
      t.db.db,
    );
    const diffs = await checkAggregates(t.db.db);
    // Only that figure: GGR (and so the brand's day) was left as it was.
    expect(diffs).toEqual([
      {
        table: 'report_game_day',
        key: { merchant_code: M, day: row!.day, vendor_code: 'HOUSE', game_type: 'RNG', game_code: game },
        column: 'payout',
        expected: '800',
        actual: '801',
      },
    ]);
    await aggregates().rebuild();
    expect(await checkAggregates(t.db.db)).toEqual([]);
  });

  it('counts a bet settled at 23:59:59 local on that day and one at 00:00:00 on the next', async () => {
    await aggregates().rollUp();
    const zones = await t.db.db.selectFrom('merchant').select(['code', 'timezone']).execute();
    const late = `agg-late-${randomUUID().slice(0, 6)}`;
    const early = `agg-early-${randomUUID().slice(0, 6)}`;
    await bet(await member('GOLDEN'), { merchant: 'GOLDEN', game: late, stake: 300n, outcome: 100n });
    await bet(await member('LOTUS'), { merchant: 'LOTUS', game: early, stake: 700n, outcome: 0n });
    // The instants the settlements were written at, and a fixed-offset zone for each brand that
    // puts that instant at 23:59:59.xxx (GOLDEN) or 00:00:00.xxx (LOTUS) local, set before the fold.
    const settledAt = async (merchant: string, game: string) => {
      const { rows } = await sql<{ at: Date }>`
        SELECT e.created_at AS at FROM bet_record r JOIN ledger_entry e ON e.id = r.settle_entry_id
         WHERE r.merchant_code = ${merchant} AND r.game_code = ${game}`.execute(t.db.db);
      return rows[0]!.at;
    };
    const zoneAt = (at: Date, localSecond: number) => {
      const utcSecond = Math.floor((at.getTime() % 86_400_000) / 1000);
      let offset = (((localSecond - utcSecond) % 86_400) + 86_400) % 86_400;
      if (offset > 43_200) offset -= 86_400;
      const abs = Math.abs(offset);
      const hms = [Math.floor(abs / 3600), Math.floor((abs % 3600) / 60), abs % 60]
        .map((n) => String(n).padStart(2, '0'))
        .join(':');
      // POSIX zones count west of Greenwich as positive: UTC+05:00 is "XXX-05:00:00".
      const zone = `XXX${offset >= 0 ? '-' : '+'}${hms}`;
      const localDay = new Date(at.getTime() + offset * 1000).toISOString().slice(0, 10);
      return { zone, localDay };
    };
    const g = zoneAt(await settledAt('GOLDEN', late), 86_399);
    const l = zoneAt(await settledAt('LOTUS', early), 0);
    try {
      await t.db.db.updateTable('merchant').set({ timezone: g.zone }).where('code', '=', 'GOLDEN').execute();
      await t.db.db.updateTable('merchant').set({ timezone: l.zone }).where('code', '=', 'LOTUS').execute();
      const local = await sql<{ g: string; l: string }>`
        SELECT to_char((SELECT e.created_at FROM bet_record r JOIN ledger_entry e ON e.id = r.settle_entry_id
                         WHERE r.game_code = ${late}) AT TIME ZONE ${g.zone}::text, 'HH24:MI:SS') AS g,
               to_char((SELECT e.created_at FROM bet_record r JOIN ledger_entry e ON e.id = r.settle_entry_id
                         WHERE r.game_code = ${early}) AT TIME ZONE ${l.zone}::text, 'HH24:MI:SS') AS l`.execute(
        t.db.db,
      );
      expect(local.rows[0]).toEqual({ g: '23:59:59', l: '00:00:00' });
      // A rebuild, not a fold: the brands' earlier entries, folded on the real zones' days, would
      // fall on other days in the test zones (near Manila's midnight), and the check reads every
      // entry with the zones of now.
      await aggregates().rebuild();
      expect(await checkAggregates(t.db.db)).toEqual([]);
      const settledOn = async (merchant: string, game: string) =>
        (await gameDays(merchant, game))
          .filter((r) => r.settled !== '0')
          .map((r) => [r.day, r.settled, r.ggr]);
      expect(await settledOn('GOLDEN', late)).toEqual([[g.localDay, '1', '200']]);
      expect(await settledOn('LOTUS', early)).toEqual([[l.localDay, '1', '700']]);
    } finally {
      for (const z of zones)
        await t.db.db
          .updateTable('merchant')
          .set({ timezone: z.timezone })
          .where('code', '=', z.code)
          .execute();
      await aggregates().rebuild();
    }
    // The LOTUS settlement's local day is the one after the day that ended a second before it.
    const { rows } = await sql<{ day: string }>`
      SELECT (((SELECT e.created_at FROM bet_record r JOIN ledger_entry e ON e.id = r.settle_entry_id
                WHERE r.game_code = ${early}) - interval '1 second') AT TIME ZONE ${l.zone}::text)::date::text AS day`.execute(
      t.db.db,
    );
    expect(new Date(`${l.localDay}T00:00:00Z`).getTime() - 86_400_000).toBe(
      new Date(`${rows[0]!.day}T00:00:00Z`).getTime(),
    );
  });
});

describe('GET /wps/admin/reports/status', () => {
  it('says how fresh the figures are: as of the newest entry folded, and what is still to fold', async () => {
    await aggregates().rollUp();
    const res = await status(viewKey);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<{ value: ReportStatus }>().value;
    const { rows } = await sql<{ at: Date; n: string }>`
      SELECT (SELECT created_at FROM ledger_entry ORDER BY txid DESC, id DESC LIMIT 1) AS at,
             (SELECT count(*) FROM ledger_entry)::text AS n`.execute(t.db.db);
    expect(s).toMatchObject({ pendingEntries: 0, pendingCapped: false, asOf: rows[0]!.at.toISOString() });
    expect(s.entriesFolded).toBe(Number(rows[0]!.n));
    expect(s.movedAt).not.toBeNull();

    await bet(await member(), { game: 'agg-status', stake: 100n, outcome: 'open' });
    const behind = (await status(viewKey)).json<{ value: ReportStatus }>().value;
    // The funding adjustment and the stake: still to fold, or folded by the job meanwhile.
    expect(behind.pendingEntries + behind.entriesFolded - s.entriesFolded).toBe(2);
    await aggregates().rollUp();
    expect((await status(viewKey)).json<{ value: ReportStatus }>().value.pendingEntries).toBe(0);
  });

  it('refuses callers without reports.view, and anyone unsigned, changing nothing', async () => {
    const before = await snapshot(true);
    const anonymous = await status();
    expect(anonymous.statusCode).toBe(401);
    const blind = await status(blindKey);
    expect(blind.statusCode).toBe(403);
    expect(blind.json()).toMatchObject({ success: false, errorCode: 'operator.forbidden' });
    expect(await snapshot(true)).toEqual(before);
  });
});

describe('npm run reports:*', () => {
  const run = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--openssl-legacy-provider', '--import', 'tsx', 'scripts/reports.ts', ...args],
        { env: { ...process.env, ...env }, timeout: 60_000 },
      );
      return { code: 0, out: stdout + stderr };
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
    }
  };

  it('refuse a missing or unknown command and bad numbers with exit code 2', async () => {
    // Refused before any database is opened (DATABASE_URL points nowhere).
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    for (const [args, says] of [
      [[], 'expected one command'],
      [['frobnicate'], 'expected one command'],
      [['check', '--limit', 'x'], '--limit must be a positive whole number'],
      [['rebuild', '--batch', '0'], '--batch must be a positive whole number'],
      [['rebuild', '--brand', 'GOLDEN'], 'rebuild takes only --batch'],
    ] as const) {
      const r = await run([...args], env);
      expect(r.code, r.out).toBe(2);
      expect(r.out).toContain(says);
    }
    // A database that cannot be opened.
    const r = await run(['check'], env);
    expect(r.code, r.out).toBe(2);
  }, 120_000);
});
