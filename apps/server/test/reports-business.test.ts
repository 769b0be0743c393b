/**
 * The business reports against the ledger: bets placed, settled and voided through the wallet's
 * use cases on two brands in different time zones (one bet a second before a local midnight),
 * the aggregates folded, and every figure of /wps/admin/reports/business/* compared with SQL
 * straight over ledger_entry, ledger_posting and bet_record; weeks and months; the scope of every
 * brand; the RTP check on a rigged game and a fair one; the drill-down's pages and audit rows; bad
 * input refused with a clear error and nothing written.
 */
import { randomUUID } from 'node:crypto';
import {
  PERMISSIONS,
  fromMinor,
  type BusinessBets,
  type BusinessBreakdown,
  type BusinessSummary,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentTeam } from './agent-team';
import { buildTestApp, type TestContext } from './helper';

const LOTUS_ZONE = 'America/Sao_Paulo';
const GOLDEN_ZONE = 'Asia/Manila';
const zoneOf = (m: string) => (m === 'LOTUS' ? LOTUS_ZONE : GOLDEN_ZONE);

let t: TestContext;
const keys: Record<string, string> = {};
let platformKey = '';
let teams: Record<string, AgentTeam>;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.db.updateTable('merchant').set({ timezone: LOTUS_ZONE }).where('code', '=', 'LOTUS').execute();
  t.brands.invalidate();
  for (const m of ['GOLDEN', 'LOTUS']) {
    keys[m] = `test-key-biz-${m}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(keys[m], `biz-${m}`, m, [...PERMISSIONS], 'test');
  }
  platformKey = `test-key-biz-platform-${randomUUID()}`;
  await t.services.staff.admin.insertKey(platformKey, 'biz-platform', null, ['reports.view'], 'test');
  teams = {
    GOLDEN: new AgentTeam(t.db.db, 'GOLDEN', { password: 'not-used' }),
    LOTUS: new AgentTeam(t.db.db, 'LOTUS', { password: 'not-used' }),
  };
});
afterAll(async () => {
  await t?.close();
});

// ---- activity through the use cases ---------------------------------------------------------------

let seq = 0;
const rid = (p: string) => `${p}-${Date.now().toString(36)}-${++seq}`;

/** A member of `merchant` with a funded main wallet. */
async function member(merchant: string, funds = 1_000_000_00n): Promise<string> {
  const name = `biz${++seq}${randomUUID().slice(0, 6)}`;
  const team = teams[merchant]!;
  const memberId = await team.add(name, 0, null);
  await team.fund(name, funds);
  return memberId;
}

interface Game {
  vendor: string;
  gameType: string;
  gameCode: string;
}
const PLAIN: Game = { vendor: 'HOUSE', gameType: 'RNG', gameCode: 'biz-slot' };
const TABLE: Game = { vendor: 'SIMTABLE', gameType: 'LIVE', gameCode: 'biz-table' };

async function bet(
  merchant: string,
  memberId: string,
  stake: bigint,
  outcome: bigint | 'void' | 'open',
  game: Game = PLAIN,
  validBet?: bigint,
): Promise<void> {
  const { bets } = t.services.wallet;
  const roundId = rid('round');
  await bets.placeBet(merchant, memberId, { ...game, gameName: `Game ${game.gameCode}`, roundId, stake });
  if (outcome === 'void') await bets.voidBet(merchant, game.vendor, roundId);
  else if (outcome !== 'open')
    await bets.settleBet(merchant, game.vendor, roundId, {
      payout: outcome,
      ...(validBet === undefined ? {} : { validBet }),
    });
}

async function bonus(merchant: string, memberId: string, amount: bigint): Promise<void> {
  const { bonus: service } = t.services.wallet;
  const to = await service.accounts(merchant, memberId);
  await t.db.db.transaction().execute((trx) =>
    service.credit(trx, to, {
      amount,
      kind: 'BONUS',
      reference: rid('TEST_BONUS'),
      turnoverRequired: 0n,
      memo: { source: 'test', title: 'Business report test' },
      message: null,
    }),
  );
}

/**
 * Moves a member's ledger entries and bets after `afterEntry` to an instant relative to its brand's
 * local midnight today. The ledger refuses updates, so its guard is lifted for this one fixture.
 */
async function moveTo(memberId: string, merchant: string, offset: string, afterEntry = '0'): Promise<void> {
  const tz = zoneOf(merchant);
  const at = sql`(date_trunc('day', now() AT TIME ZONE ${tz}::text) AT TIME ZONE ${tz}::text) + ${offset}::interval`;
  await sql`ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_append_only`.execute(t.db.db);
  try {
    await sql`UPDATE ledger_entry SET created_at = ${at}
               WHERE member_id = ${memberId} AND id > ${afterEntry}::bigint`.execute(t.db.db);
  } finally {
    await sql`ALTER TABLE ledger_entry ENABLE TRIGGER ledger_entry_append_only`.execute(t.db.db);
  }
  await sql`UPDATE bet_record SET placed_at = ${at}, settled_at = CASE WHEN settled_at IS NULL THEN NULL ELSE ${at} END
             WHERE member_id = ${memberId} AND stake_entry_id > ${afterEntry}::bigint`.execute(t.db.db);
}

const rollUp = () => t.services.reports.aggregates.rollUp();

/**
 * Folds the ledger again from its first entry. The app's own fold job (every 2 s) may have folded
 * entries before moveTo put them on another day; a rebuild folds them where they now are. One
 * transaction, the watermark row locked first, so a job run waits and then folds nothing twice.
 */
async function rebuild(): Promise<void> {
  await t.db.db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM dashboard_rollup_state WHERE name = 'reports' FOR UPDATE`.execute(trx);
    await sql`DELETE FROM report_game_day`.execute(trx);
    await sql`DELETE FROM report_member_day`.execute(trx);
    await sql`DELETE FROM report_bonus_day`.execute(trx);
    await sql`UPDATE dashboard_rollup_state SET last_txid = '0', last_entry_id = 0, entries = 0
               WHERE name = 'reports'`.execute(trx);
  });
  await rollUp();
}

// ---- the two sides of the comparison ---------------------------------------------------------------

function get(path: string, merchant: string, key = keys[merchant]!) {
  return t.app.inject({
    method: 'GET',
    url: path,
    headers: { host: 'localhost', merchant, 'x-api-key': key },
  });
}
async function getOk<T>(path: string, merchant: string, key?: string): Promise<T> {
  const res = await get(path, merchant, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: T }>().value;
}

interface LedgerFigures {
  bets: number;
  turnover: number;
  validTurnover: number;
  settled: number;
  settledStake: number;
  payout: number;
  ggr: number;
  bonusCost: number;
  ngr: number;
}

/**
 * A brand's figures over its local days from..to, straight from the ledger (bets and stakes by
 * their BET entries, settlements by their PAYOUT entries, voids by BET_VOID, bonus cost by what
 * left the expense accounts); valid turnover from the bets of the PAYOUT entries. `game` narrows
 * to one game's bets (bonus cost is then 0: it belongs to no game).
 */
async function fromLedger(merchant: string, from: string, to: string, game?: Game): Promise<LedgerFigures> {
  const tz = zoneOf(merchant);
  const start = sql`((${from}::date)::timestamp AT TIME ZONE ${tz}::text)`;
  const end = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${tz}::text)`;
  const ofGame = game
    ? sql`AND EXISTS (SELECT 1 FROM bet_record r WHERE (r.stake_entry_id = e.id OR r.settle_entry_id = e.id)
                         AND r.vendor_code = ${game.vendor} AND r.game_code = ${game.gameCode})`
    : sql``;
  const { rows } = await sql<Record<string, string>>`
    WITH e AS (SELECT * FROM ledger_entry e
                WHERE merchant_code = ${merchant} AND created_at >= ${start} AND created_at < ${end} ${ofGame}),
    legs AS (SELECT e.kind AS entry_kind, a.kind AS account_kind, p.amount
               FROM e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id)
    SELECT
      (SELECT count(*) FROM e WHERE kind = 'BET')::text AS bets,
      coalesce((SELECT sum(amount) FROM legs WHERE entry_kind IN ('BET', 'BET_VOID') AND account_kind = 'BET_HOLD'), 0)::text AS turnover,
      (SELECT count(*) FROM e WHERE kind = 'PAYOUT')::text AS settled,
      coalesce((SELECT sum(-amount) FROM legs WHERE entry_kind = 'PAYOUT' AND account_kind = 'BET_HOLD'), 0)::text AS settled_stake,
      coalesce((SELECT sum(amount) FROM legs WHERE entry_kind = 'PAYOUT' AND account_kind = 'HOUSE'), 0)::text AS ggr,
      coalesce((SELECT sum(-amount) FROM legs WHERE account_kind IN ('PROMOTION_EXPENSE', 'WAGE_EXPENSE')), 0)::text AS bonus,
      coalesce((SELECT sum(r.valid_bet) FROM e JOIN bet_record r ON r.settle_entry_id = e.id WHERE e.kind = 'PAYOUT'), 0)::text AS valid`.execute(
    t.db.db,
  );
  const r = rows[0]!;
  const big = (k: string) => BigInt(r[k]!);
  const bonusCost = game ? 0n : big('bonus');
  return {
    bets: Number(r.bets),
    turnover: fromMinor(big('turnover')),
    validTurnover: fromMinor(big('valid')),
    settled: Number(r.settled),
    settledStake: fromMinor(big('settled_stake')),
    payout: fromMinor(big('settled_stake') - big('ggr')),
    ggr: fromMinor(big('ggr')),
    bonusCost: fromMinor(bonusCost),
    ngr: fromMinor(big('ggr') - bonusCost),
  };
}

const sumFigures = (list: LedgerFigures[]): LedgerFigures => {
  const keysOf = Object.keys(list[0]!) as (keyof LedgerFigures)[];
  return Object.fromEntries(
    keysOf.map((k) => [k, fromMinor(list.reduce((a, f) => a + BigInt(Math.round(f[k] * 100)), 0n))]),
  ) as unknown as LedgerFigures;
};

const pick = (f: LedgerFigures & Record<string, unknown>): LedgerFigures => ({
  bets: f.bets,
  turnover: f.turnover,
  validTurnover: f.validTurnover,
  settled: f.settled,
  settledStake: f.settledStake,
  payout: f.payout,
  ggr: f.ggr,
  bonusCost: f.bonusCost,
  ngr: f.ngr,
});

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const todayIn = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const summaryPath = (from: string, to: string, extra = '') =>
  `/wps/admin/reports/business/summary?from=${from}&to=${to}${extra}`;
const breakdownPath = (from: string, to: string, extra = '') =>
  `/wps/admin/reports/business/breakdown?from=${from}&to=${to}${extra}`;

/** Every bucket and the totals of a brand's summary equal the ledger. */
async function expectSummaryMatches(merchant: string, from: string, to: string, groupBy = 'day') {
  const s = await getOk<BusinessSummary>(summaryPath(from, to, `&groupBy=${groupBy}`), merchant);
  expect(pick({ ...s.totals })).toEqual(await fromLedger(merchant, from, to));
  for (const row of s.rows)
    expect(pick({ ...row }), row.bucket).toEqual(await fromLedger(merchant, row.from, row.to));
  return s;
}

// ---- tests -----------------------------------------------------------------------------------------

describe('business reports', () => {
  const gToday = () => todayIn(GOLDEN_ZONE);
  const lToday = () => todayIn(LOTUS_ZONE);

  it('match the ledger to the cent on two brands in their own zones, by day, week and month, and across brands', async () => {
    // GOLDEN: a's bets a second before local midnight (yesterday), b's today.
    const [a, b] = [await member('GOLDEN'), await member('GOLDEN')];
    await bet('GOLDEN', a, 100_00n, 250_00n);
    await bet('GOLDEN', a, 40_00n, 0n, TABLE, 30_00n);
    await bet('GOLDEN', a, 12_34n, 'void');
    await bonus('GOLDEN', a, 12_34n);
    await moveTo(a, 'GOLDEN', '-1 second');
    await bet('GOLDEN', b, 25_50n, 'open');
    await bet('GOLDEN', b, 60_00n, 30_01n);
    await bet('GOLDEN', b, 7_77n, 0n, TABLE);
    await bonus('GOLDEN', b, 5_00n);
    // LOTUS (São Paulo): d 23:59:59 yesterday, e at midnight today.
    const [d, e] = [await member('LOTUS'), await member('LOTUS')];
    await bet('LOTUS', d, 70_00n, 10_00n);
    await moveTo(d, 'LOTUS', '-1 second');
    await bet('LOTUS', e, 30_00n, 90_00n, TABLE);
    await bonus('LOTUS', e, 7_77n);
    await moveTo(e, 'LOTUS', '0');
    await rebuild();

    const g = await expectSummaryMatches('GOLDEN', addDays(gToday(), -1), gToday());
    expect(g.rows.map((r) => r.bucket)).toEqual([addDays(gToday(), -1), gToday()]);
    // The bet a second before midnight counts on its own day.
    expect(g.rows[0]!.turnover).toBeGreaterThanOrEqual(140);
    const l = await expectSummaryMatches('LOTUS', addDays(lToday(), -1), lToday());
    expect(l.rows[0]!.turnover).toBeGreaterThanOrEqual(70);
    expect(l.rows[1]!.ggr).toBeLessThanOrEqual(-60);
    // Hold: GGR over settled stakes.
    expect(g.totals.holdPct).toBeCloseTo((g.totals.ggr / g.totals.settledStake) * 100, 3);

    // A period with empty days: every day is there, zeros where nothing happened.
    const long = await expectSummaryMatches('GOLDEN', addDays(gToday(), -9), gToday());
    expect(long.rows).toHaveLength(10);
    expect(long.rows[0]).toMatchObject({ bets: 0, turnover: 0, ggr: 0, bonusCost: 0, ngr: 0, holdPct: null });

    // Weeks start on Monday (the first and last cut by the period); months are calendar months.
    const weeks = await expectSummaryMatches('GOLDEN', addDays(gToday(), -20), gToday(), 'week');
    for (const w of weeks.rows) expect(new Date(`${w.bucket}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks.rows[0]!.from).toBe(addDays(gToday(), -20));
    expect(weeks.rows.at(-1)!.to).toBe(gToday());
    const months = await expectSummaryMatches('LOTUS', addDays(lToday(), -40), lToday(), 'month');
    for (const m of months.rows) expect(m.bucket.endsWith('-01')).toBe(true);
    expect(months.rows.length).toBeGreaterThanOrEqual(2);

    // Every brand at once (a platform grant): each brand's own local days, summed.
    const from = addDays(gToday(), -3);
    const to = gToday();
    // Every brand is every brand of one currency: with LOTUS in pesos too, both are added up.
    const currency = (m: string, c: string) =>
      t.db.db.updateTable('merchant').set({ currency: c }).where('code', '=', m).execute();
    await currency('LOTUS', 'PHP');
    const all = await getOk<BusinessSummary>(summaryPath(from, to, '&scope=all'), 'GOLDEN', platformKey);
    const [golden, lotus] = [await fromLedger('GOLDEN', from, to), await fromLedger('LOTUS', from, to)];
    expect(lotus.turnover).toBeGreaterThan(0);
    expect(pick({ ...all.totals })).toEqual(sumFigures([golden, lotus]));
    // In ringgit, LOTUS is never added to pesos: every PHP brand is GOLDEN alone (the request
    // brand's currency by default), every MYR brand LOTUS alone.
    await currency('LOTUS', 'MYR');
    const php = await getOk<BusinessSummary>(summaryPath(from, to, '&scope=all'), 'GOLDEN', platformKey);
    expect(pick({ ...php.totals })).toEqual(sumFigures([golden]));
    const myr = await getOk<BusinessSummary>(
      summaryPath(from, to, '&scope=all&currency=MYR'),
      'GOLDEN',
      platformKey,
    );
    expect(pick({ ...myr.totals })).toEqual(sumFigures([lotus]));

    // Breakdowns: the same totals; games, vendors and categories each equal the ledger.
    const gFrom = addDays(gToday(), -1);
    for (const by of ['category', 'vendor', 'game'] as const) {
      const bd = await getOk<BusinessBreakdown>(breakdownPath(gFrom, gToday(), `&by=${by}`), 'GOLDEN');
      const { bonusCost: _b, ngr: _n, ...ledger } = await fromLedger('GOLDEN', gFrom, gToday());
      expect({ ...bd.totals, holdPct: undefined }).toEqual({ ...ledger, holdPct: undefined });
      const sum = (k: 'turnover' | 'ggr') =>
        bd.rows.reduce((acc, r) => acc + Math.round(r[k] * 100), 0) / 100;
      expect(sum('turnover')).toBe(bd.totals.turnover);
      expect(sum('ggr')).toBe(bd.totals.ggr);
    }
    const games = await getOk<BusinessBreakdown>(breakdownPath(gFrom, gToday(), '&by=game'), 'GOLDEN');
    for (const game of [PLAIN, TABLE]) {
      const row = games.rows.find((r) => r.key === `${game.vendor}:${game.gameCode}`)!;
      const { bonusCost: _b, ngr: _n, ...ledger } = await fromLedger('GOLDEN', gFrom, gToday(), game);
      expect({ ...pick({ ...row, bonusCost: 0, ngr: 0 }), bonusCost: undefined, ngr: undefined }).toEqual({
        ...ledger,
        bonusCost: undefined,
        ngr: undefined,
      });
      expect(row.category).toBe(game.gameType);
      // Test games are not in the catalogue: no published RTP, no flag.
      expect(row).toMatchObject({ publishedRtp: null, rtpFlag: false });
    }
    // Biggest turnover first; `top` keeps the first rows and the totals of all of them.
    const top = await getOk<BusinessBreakdown>(breakdownPath(gFrom, gToday(), '&by=game&top=1'), 'GOLDEN');
    expect(top.rows).toHaveLength(1);
    expect(top.rows[0]!.key).toBe(games.rows[0]!.key);
    expect(top.totals).toEqual(games.totals);
    const cats = await getOk<BusinessBreakdown>(breakdownPath(gFrom, gToday(), '&by=category'), 'GOLDEN');
    expect(cats.rows.map((r) => r.key).sort()).toEqual(['LIVE', 'RNG']);
  });

  it('flags a game off its published RTP beyond luck, and not a fair one or one with too few rounds', async () => {
    const slots = await t.db.db
      .selectFrom('game')
      .select(['vendor_code', 'game_type', 'game_code'])
      .where('merchant_code', '=', 'GOLDEN')
      .where('engine', '=', 'SLOT')
      .orderBy('vendor_code')
      .orderBy('game_code')
      .limit(3)
      .execute();
    expect(slots.length).toBe(3);
    const [rigged, fair, short] = slots.map((g) => ({
      vendor: g.vendor_code,
      gameType: g.game_type,
      gameCode: g.game_code,
    })) as [Game, Game, Game];
    const players = await Promise.all(Array.from({ length: 8 }, () => member('GOLDEN')));
    /** Rounds of 1.00 each, many at once (the wallet groups concurrent stakes and settlements). */
    const play = async (game: Game, payouts: bigint[]) => {
      for (let i = 0; i < payouts.length; i += 200)
        await Promise.all(
          payouts
            .slice(i, i + 200)
            .map((p, j) => bet('GOLDEN', players[j % players.length]!, 1_00n, p, game)),
        );
    };
    // 1,000 rounds: rigged pays 2.00 on 300 (60 %), fair on 481 (96.2 %, published 96.15 %).
    await play(
      rigged,
      Array.from({ length: 1000 }, (_, i) => (i % 10 < 3 ? 2_00n : 0n)),
    );
    await play(
      fair,
      Array.from({ length: 1000 }, (_, i) => (i < 481 ? 2_00n : 0n)),
    );
    // Far off, but 999 rounds are not enough to tell.
    await play(
      short,
      Array.from({ length: 999 }, () => 0n),
    );
    await rollUp();
    const bd = await getOk<BusinessBreakdown>(breakdownPath(gToday(), gToday(), '&by=game'), 'GOLDEN');
    const row = (g: Game) => bd.rows.find((r) => r.key === `${g.vendor}:${g.gameCode}`)!;
    expect(row(rigged)).toMatchObject({ publishedRtp: 96.15, measuredRtp: 60, rtpFlag: true, settled: 1000 });
    expect(row(fair)).toMatchObject({ publishedRtp: 96.15, measuredRtp: 96.2, rtpFlag: false });
    // Return variance of a 0-or-2 game: 4p − (2p)²; the standard error √(var/n), in percent points.
    const p = 0.481;
    expect(row(fair).rtpStandardError!).toBeCloseTo(Math.sqrt((4 * p - 4 * p * p) / 1000) * 100, 3);
    expect(row(short)).toMatchObject({ measuredRtp: 0, rtpFlag: false, settled: 999 });
    // Hold of the rigged game: 40 %.
    expect(row(rigged).holdPct).toBe(40);

    // The drill-down pages through the rigged game's bets, newest first, and audits each read.
    const before = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM audit_log WHERE action = 'reports.business.bets'`.execute(t.db.db);
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    let previous = '9999';
    do {
      const q: string = `/wps/admin/reports/business/bets?from=${gToday()}&to=${gToday()}&vendor=${rigged.vendor}&gameCode=${encodeURIComponent(rigged.gameCode)}${cursor ? `&cursor=${cursor}` : ''}`;
      const page: BusinessBets = await getOk<BusinessBets>(q, 'GOLDEN');
      for (const item of page.items) {
        expect(item.placedAt <= previous).toBe(true);
        previous = item.placedAt;
        seen.add(item.id);
        expect(item.stake).toBe(1);
        expect(item.status).toBe('SETTLED');
      }
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen.size).toBe(row(rigged).bets);
    expect(pages).toBe(20);
    const after = await sql<{ n: number; target: string }>`
      SELECT count(*)::int AS n, max(target) AS target FROM audit_log WHERE action = 'reports.business.bets'`.execute(
      t.db.db,
    );
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(pages);
    expect(after.rows[0]!.target).toBe(`${rigged.vendor}:${rigged.gameCode}`);
    const last = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'reports.business.bets')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ merchant_code: 'GOLDEN', actor_kind: 'API_KEY' });
  }, 240_000);

  it('answers every brand only on a platform grant, and refuses bad input with a clear error, writing nothing', async () => {
    const day = gToday();
    const audits = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log`.execute(t.db.db)).rows[0]!.n;
    const before = await audits();
    const fails = async (path: string, status: number, code: string, key?: string) => {
      const res = await get(path, 'GOLDEN', key);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(status);
      expect(res.json()).toMatchObject({ success: false, errorCode: code });
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    };
    // A brand's own grant of every permission does not open every brand's figures.
    await fails(summaryPath(day, day, '&scope=all'), 403, 'operator.forbidden');
    await fails(breakdownPath(day, day, '&scope=all'), 403, 'operator.forbidden');
    await fails(breakdownPath(day, day, '&by=foo'), 400, 'request.invalid');
    await fails(summaryPath(day, day, '&groupBy=year'), 400, 'request.invalid');
    await fails(breakdownPath(day, day, '&top=0'), 400, 'request.invalid');
    await fails(summaryPath('2026-03-02', '2026-03-01'), 400, 'report.period.order');
    await fails(breakdownPath('2026-02-30', '2026-03-01'), 400, 'report.period.order');
    await fails(summaryPath('2024-01-01', '2026-01-02'), 400, 'report.period.too.long');
    await fails(summaryPath('yesterday', day), 400, 'request.invalid');
    await fails(summaryPath(day, day, '&currency=peso'), 400, 'request.invalid');
    // A brand's report is in its own currency; no brand is in dollars.
    await fails(summaryPath(day, day, '&currency=MYR'), 400, 'report.currency.brand');
    await fails(summaryPath(day, day, '&scope=all&currency=USD'), 400, 'report.currency.none', platformKey);
    const bets = (extra: string) => `/wps/admin/reports/business/bets?from=${day}&to=${day}${extra}`;
    await fails(bets('&vendor=HOUSE&gameCode=biz-slot&cursor=abc'), 400, 'report.cursor.invalid');
    await fails(bets('&vendor=HOUSE&gameCode=biz-slot&cursor=1.2.3'), 400, 'report.cursor.invalid');
    await fails(bets('&vendor=HOUSE'), 400, 'request.invalid');
    await fails(bets('&vendor=HOUSE&gameCode=biz-slot&scope=all'), 403, 'operator.forbidden');
    const noKey = await t.app.inject({
      method: 'GET',
      url: summaryPath(day, day),
      headers: { merchant: 'GOLDEN' },
    });
    expect(noKey.statusCode).toBe(401);
    // No refusal left an audit row.
    expect(await audits()).toBe(before);
    // 732 days is the longest period answered.
    await getOk<BusinessSummary>(summaryPath(addDays(day, -731), day, '&groupBy=month'), 'GOLDEN');
  });
});
