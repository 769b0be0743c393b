/**
 * Who bet when (report_member_activity, report_active_period) as the fold keeps it when a member's
 * betting days arrive out of order: on a database with no app and so no background fold, each bet
 * is placed through the wallet, its entries moved to their day, and folded before the next; the
 * bits, the per-period counts and checkAggregates() (both against the ledger) are then exact.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { checkAggregates } from '../src/modules/reports/aggregates/aggregates-check';
import { AggregatesRepository } from '../src/modules/reports/aggregates/aggregates.repository';
import { AggregatesService } from '../src/modules/reports/aggregates/aggregates.service';
import { BetRepository } from '../src/modules/wallet/bet.repository';
import { BetService } from '../src/modules/wallet/bet.service';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { seedDemo } from '../src/seed/seed';
import { createPostgresDatabase, fundedMember } from './helper';

const TZ = 'Asia/Manila';
let handle: DbHandle;
let drop = async () => {};

beforeAll(async () => {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const created = await createPostgresDatabase();
    handle = await openDb({ kind: 'postgres', url: created.url });
    drop = created.drop;
  } else handle = await openDb({ kind: 'pglite', dataDir: null });
  await migrate(handle);
  await seedDemo(handle.db);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await drop();
});

/** The local day (Asia/Manila) `n` days from today. */
const localDay = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() + n * 86_400_000));

describe("a member's betting days", () => {
  it('are kept whatever order they are folded in, gaps included, and counted once per period', async () => {
    const db = handle.db;
    const ledger = new LedgerService(db);
    const bets = new BetService(new BetRepository(db), ledger);
    const aggregates = new AggregatesService(new AggregatesRepository(db));
    const member = await fundedMember(db, ledger, 'GOLDEN', 1_000_00n);
    await aggregates.rollUp();
    // 2 days ago, then 9 days ago (before the first), then 5 days ago (a gap), each folded alone.
    let round = 0;
    for (const offset of [-2, -9, -5]) {
      const { rows } = await sql<{ id: string }>`SELECT max(id)::text AS id FROM ledger_entry`.execute(db);
      const roundId = `activity-${++round}`;
      const game = { vendor: 'HOUSE', gameType: 'RNG', gameCode: 'act-slot', gameName: 'Activity Slot' };
      await bets.placeBet('GOLDEN', member, { ...game, roundId, stake: 10_00n });
      await bets.settleBet('GOLDEN', 'HOUSE', roundId, { payout: 0n });
      // Noon of that local day; the ledger's append-only guard is lifted for this fixture alone.
      const at = sql`(date_trunc('day', now() AT TIME ZONE ${TZ}::text) AT TIME ZONE ${TZ}::text)
                     + ${`${offset} days 12 hours`}::interval`;
      await sql`ALTER TABLE ledger_entry DISABLE TRIGGER ledger_entry_append_only`.execute(db);
      try {
        await sql`UPDATE ledger_entry SET created_at = ${at} WHERE id > ${rows[0]!.id}::bigint`.execute(db);
      } finally {
        await sql`ALTER TABLE ledger_entry ENABLE TRIGGER ledger_entry_append_only`.execute(db);
      }
      await aggregates.rollUp();
    }

    const row = await db
      .selectFrom('report_member_activity')
      .select([sql<string>`first_day::text`.as('first'), sql<string>`days::text`.as('days')])
      .where('member_id', '=', member)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first: localDay(-9), days: '10001001' });
    expect(await checkAggregates(db)).toEqual([]);

    // The only bettor of the brand: one member in each of its days, weeks and months.
    const counts = await db
      .selectFrom('report_active_period')
      .select(['kind', sql<string>`period::text`.as('period'), 'members'])
      .where('merchant_code', '=', 'GOLDEN')
      .orderBy('kind')
      .orderBy('period')
      .execute();
    expect(counts.filter((c) => c.kind === 'day').map((c) => c.period)).toEqual([-9, -5, -2].map(localDay));
    expect(counts.every((c) => c.members === 1)).toBe(true);
    const monday = (d: string) => {
      const n = Date.parse(`${d}T00:00:00Z`) / 86_400_000;
      return new Date((n - ((n + 3) % 7)) * 86_400_000).toISOString().slice(0, 10);
    };
    expect(counts.filter((c) => c.kind === 'week').map((c) => c.period)).toEqual([
      ...new Set([-9, -5, -2].map((n) => monday(localDay(n)))),
    ]);
    expect(counts.filter((c) => c.kind === 'month').map((c) => c.period)).toEqual([
      ...new Set([-9, -5, -2].map((n) => `${localDay(n).slice(0, 7)}-01`)),
    ]);
  });
});
