import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import {
  seeded,
  text,
  VendorSimulator,
  type CallbackReply,
  type Transport,
} from './fixtures/vendor-simulator';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

// The seamless-wallet callback API under a simulated vendor: signatures, idempotency,
// settle-before-bet, rollbacks, and a long mixed workload that must keep every ledger invariant.
const VENDOR = 'PG';
const ADMIN_KEY = 'test-admin-key-0123456789';
const POSTGRES = process.env.TEST_DB_KIND === 'postgres';

let t: TestContext;
let id: Identity;
let pg: VendorSimulator;
let gameCode: string;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  const secret = randomBytes(32).toString('hex');
  await t.db.db
    .insertInto('vendor_secret')
    .values({ merchant_code: 'GOLDEN', vendor_code: VENDOR, secret })
    .onConflict((oc) => oc.columns(['merchant_code', 'vendor_code']).doUpdateSet({ secret }))
    .execute();
  pg = new VendorSimulator(pgTransport(), VENDOR, 'GOLDEN', secret);
  const game = await t.db.db
    .selectFrom('game')
    .select('game_code')
    .where('merchant_code', '=', 'GOLDEN')
    .where('vendor_code', '=', VENDOR)
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  gameCode = game.game_code;
});
afterAll(async () => {
  await t?.close();
});

/** Calls the app in-process, as a vendor's server would over HTTP. */
function pgTransport(): Transport {
  return async (url, raw, headers) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: raw,
      headers: { host: 'localhost', ...headers },
    });
    return { status: res.statusCode, body: res.json<CallbackReply>() };
  };
}

async function member(amount: string): Promise<NewMember> {
  const m = await id.registerGolden();
  await id.credit(m.username, amount, ADMIN_KEY);
  return m;
}

async function mainBalance(memberId: string): Promise<bigint> {
  return (await new LedgerService(t.db.db).memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;
}

const journal = () => id.count('ledger_entry');

describe('seamless callbacks: one round at a time', () => {
  it('debit then credit moves the stake out and the payout in; the answer carries the balance', async () => {
    const m = await member('100.00');
    const bet = pg.txn();
    const d = await pg.debit(m.username, bet, gameCode, '10.00');
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body.value).toMatchObject({ account: m.username, balance: 90, betStatus: 'OPEN' });
    const c = await pg.credit(m.username, bet, '25.50');
    expect(c.body.value).toMatchObject({ balance: 115.5, betStatus: 'SETTLED' });
    expect(await mainBalance(m.id)).toBe(11550n);
    const rec = await t.db.db
      .selectFrom('bet_record')
      .selectAll()
      .where('round_id', '=', bet)
      .executeTakeFirstOrThrow();
    expect(rec).toMatchObject({
      vendor_code: VENDOR,
      status: 'SETTLED',
      stake: '1000',
      payout: '2550',
      valid_bet: '1000',
    });
  });

  it('a repeated debit or credit answers as the first and moves nothing more', async () => {
    const m = await member('50.00');
    const bet = pg.txn();
    const [a, b] = await Promise.all([
      pg.debit(m.username, bet, gameCode, '5.00'),
      pg.debit(m.username, bet, gameCode, '5.00'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const entries = await journal();
    expect((await pg.debit(m.username, bet, gameCode, '5.00')).body.value?.balance).toBe(45);
    await pg.credit(m.username, bet, '0');
    const again = await pg.credit(m.username, bet, '0');
    expect(again.status).toBe(200);
    expect(await journal()).toBe(entries + 1);
    expect(await mainBalance(m.id)).toBe(4500n);
  });

  it('a credit for a bet we do not have is refused and moves nothing; the vendor retries after the bet', async () => {
    const m = await member('20.00');
    const bet = pg.txn();
    const entries = await journal();
    const early = await pg.credit(m.username, bet, '8.00');
    expect(early.status).toBe(404);
    expect(early.body.errorCode).toBe('vendor.round.unknown');
    expect(await journal()).toBe(entries);
    await pg.debit(m.username, bet, gameCode, '4.00');
    expect((await pg.credit(m.username, bet, '8.00')).body.value?.balance).toBe(24);
  });

  it('a second credit with another amount is a conflict; a rollback after a settle is refused', async () => {
    const m = await member('20.00');
    const bet = pg.txn();
    await pg.debit(m.username, bet, gameCode, '2.00');
    await pg.credit(m.username, bet, '3.00');
    const entries = await journal();
    const other = await pg.credit(m.username, bet, '30.00');
    expect([other.status, other.body.errorCode]).toEqual([409, 'wallet.reference.conflict']);
    const rb = await pg.rollback(m.username, bet);
    expect([rb.status, rb.body.errorCode]).toEqual([409, 'vendor.round.closed']);
    expect(await journal()).toBe(entries);
    expect(await mainBalance(m.id)).toBe(2100n);
  });

  it('a rollback returns an open stake; a rollback that came first makes the late bet fail', async () => {
    const m = await member('10.00');
    const bet = pg.txn();
    await pg.debit(m.username, bet, gameCode, '6.00');
    const rb = await pg.rollback(m.username, bet);
    expect(rb.body.value).toMatchObject({ balance: 10, betStatus: 'VOID' });
    expect((await pg.rollback(m.username, bet)).status).toBe(200);

    const late = pg.txn();
    expect((await pg.rollback(m.username, late)).status).toBe(200);
    const entries = await journal();
    const d = await pg.debit(m.username, late, gameCode, '1.00');
    expect([d.status, d.body.errorCode]).toEqual([409, 'vendor.round.rolled.back']);
    // The refused bet moved nothing and left no bet record; a retry is refused the same way.
    const retry = await pg.debit(m.username, late, gameCode, '1.00');
    expect([retry.status, retry.body.errorCode]).toEqual([409, 'vendor.round.rolled.back']);
    expect(await mainBalance(m.id)).toBe(1000n);
    expect(await journal()).toBe(entries);
    const record = await t.db.db
      .selectFrom('bet_record')
      .select('id')
      .where('vendor_code', '=', VENDOR)
      .where('round_id', '=', late)
      .executeTakeFirst();
    expect(record).toBeUndefined();
  });

  it('a bet racing its own rollback is always voided or refused, never left open', async () => {
    const m = await member('100.00');
    const RACES = POSTGRES ? 60 : 20;
    const outcomes = { placedThenVoided: 0, refused: 0 };
    for (let i = 0; i < RACES; i++) {
      const bet = pg.txn('race');
      // Sent at the same moment, in either order.
      const [d, rb] = await Promise.all(
        i % 2 === 0
          ? [pg.debit(m.username, bet, gameCode, '1.00'), pg.rollback(m.username, bet)]
          : [pg.rollback(m.username, bet), pg.debit(m.username, bet, gameCode, '1.00')].reverse(),
      );
      expect(rb!.status, JSON.stringify(rb!.body)).toBe(200);
      if (d!.status === 200) {
        // The bet came first: the rollback found it and voided it.
        expect(rb!.body.value?.betStatus).toBe('VOID');
        outcomes.placedThenVoided++;
      } else {
        expect(d!.body.errorCode).toBe('vendor.round.rolled.back');
        outcomes.refused++;
      }
      const open = await t.db.db
        .selectFrom('bet_record')
        .select('status')
        .where('vendor_code', '=', VENDOR)
        .where('round_id', '=', bet)
        .executeTakeFirst();
      expect(open?.status ?? 'NONE', bet).not.toBe('OPEN');
    }
    expect(outcomes.placedThenVoided + outcomes.refused).toBe(RACES);
    expect(await mainBalance(m.id)).toBe(10_000n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('bad signatures, stale timestamps, unknown players and games, bad amounts: clear errors, nothing moved', async () => {
    const m = await member('10.00');
    const entries = await journal();
    const wrong = await pg.call(
      'debit',
      { account: m.username, transactionId: pg.txn(), gameCode, amount: '1.00' },
      { signWith: 'x'.repeat(64) },
    );
    expect([wrong.status, wrong.body.errorCode]).toEqual([401, 'vendor.signature.invalid']);
    const stale = await pg.call(
      'debit',
      { account: m.username, transactionId: pg.txn(), gameCode, amount: '1.00' },
      { timestamp: Date.now() - 10 * 60_000 },
    );
    expect([stale.status, stale.body.errorCode]).toEqual([400, 'request.invalid']);
    const nobody = await pg.debit('nobody-here', pg.txn(), gameCode, '1.00');
    expect([nobody.status, nobody.body.errorCode]).toEqual([404, 'vendor.account.unknown']);
    const noGame = await pg.debit(m.username, pg.txn(), 'no-such-game', '1.00');
    expect([noGame.status, noGame.body.errorCode]).toEqual([404, 'game.unknown']);
    for (const amount of ['0', '-1', '1.001', 'abc']) {
      const bad = await pg.debit(m.username, pg.txn(), gameCode, amount);
      expect([bad.status, bad.body.errorCode], amount).toEqual([400, 'request.invalid']);
    }
    const broke = await pg.debit(m.username, pg.txn(), gameCode, '10.01');
    expect([broke.status, broke.body.errorCode]).toEqual([400, 'wallet.insufficient']);
    const notJson = await pg.call('debit', {}, { rawOverride: '{"account":' });
    expect(notJson.status).toBe(400);
    const unknownVendor = await new VendorSimulator(pgTransport(), 'NOPE', 'GOLDEN', 'y'.repeat(64)).balance(
      m.username,
    );
    expect([unknownVendor.status, unknownVendor.body.errorCode]).toEqual([401, 'vendor.signature.invalid']);
    expect(await journal()).toBe(entries);
    expect(await mainBalance(m.id)).toBe(1000n);
  });
});

describe('seamless callbacks: text that cannot be stored', () => {
  it('a signed body with a NUL or a lone surrogate is refused as request.invalid, nothing moved', async () => {
    const m = await member('10.00');
    const entries = await journal();
    for (const transactionId of ['t\u0000x', 't\ud800x']) {
      const bad = await pg.debit(m.username, transactionId, gameCode, '1.00');
      expect([bad.status, bad.body.errorCode], JSON.stringify(bad.body)).toEqual([400, 'request.invalid']);
    }
    const badAccount = await pg.balance(`${m.username}\u0000`);
    expect([badAccount.status, badAccount.body.errorCode]).toEqual([400, 'request.invalid']);
    expect(await journal()).toBe(entries);
    expect(await mainBalance(m.id)).toBe(1000n);
  });
});

describe('vendor secrets', () => {
  it('an operator rotates a secret: the new one signs, the old one no longer does', async () => {
    const m = await member('1.00');
    await id.fails(
      '/wps/admin/vendors/JDB/secret',
      { method: 'POST', headers: { merchant: 'GOLDEN' } },
      401,
      'admin.unauthorized',
    );
    const { secret } = await id.ok<{ vendor: string; secret: string }>('/wps/admin/vendors/jdb/secret', {
      method: 'POST',
      headers: { merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY },
    });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const transport = pgTransport();
    const jdb = new VendorSimulator(transport, 'JDB', 'GOLDEN', secret);
    expect((await jdb.balance(m.username)).body.value?.balance).toBe(1);
    const { secret: next } = await id.ok<{ secret: string }>('/wps/admin/vendors/JDB/secret', {
      method: 'POST',
      headers: { merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY },
    });
    expect(next).not.toBe(secret);
    expect((await jdb.balance(m.username)).body.errorCode).toBe('vendor.signature.invalid');
  });
});

describe('seamless callbacks: a simulated vendor plays thousands of rounds', () => {
  it('with duplicates, reordering and rollbacks, money matches the tally and every invariant holds', async () => {
    const ROUNDS = Number(process.env.SIM_ROUNDS ?? (POSTGRES ? 2000 : 400));
    const CONCURRENCY = POSTGRES ? 24 : 8;
    const players = await Promise.all([1, 2, 3, 4].map(() => member('5000.00')));
    const expected = new Map(players.map((p) => [p.id, 500000]));
    const rand = seeded(20261123);
    const stats = { settled: 0, rolledBack: 0, refusedLate: 0, duplicates: 0, early: 0 };

    const round = async (i: number) => {
      const p = players[i % players.length]!;
      const bet = pg.txn('b');
      const stake = 1 + Math.floor(rand() * 2000); // 0.01 .. 20.00
      const roll = rand();
      const win = rand() < 0.4 ? Math.floor(stake * rand() * 4) : 0;
      const ok = (r: { status: number; body: CallbackReply }, what: string) =>
        expect(r.status, `${what} ${JSON.stringify(r.body)}`).toBe(200);

      if (roll < 0.04) {
        // Rollback before the bet: the late bet is refused and costs nothing.
        ok(await pg.rollback(p.username, bet), 'rollback first');
        const d = await pg.debit(p.username, bet, gameCode, text(stake));
        expect(d.body.errorCode).toBe('vendor.round.rolled.back');
        stats.refusedLate++;
        return;
      }
      if (roll < 0.14) {
        // Settle arrives first: refused; the vendor retries after the bet.
        const early = await pg.credit(p.username, bet, text(win));
        expect(early.body.errorCode).toBe('vendor.round.unknown');
        stats.early++;
      }
      const dup = roll > 0.85;
      const debits = await Promise.all(
        (dup ? [0, 1] : [0]).map(() => pg.debit(p.username, bet, gameCode, text(stake))),
      );
      debits.forEach((d) => ok(d, 'debit'));
      expected.set(p.id, expected.get(p.id)! - stake);
      if (roll > 0.14 && roll < 0.22) {
        ok(await pg.rollback(p.username, bet), 'rollback');
        expected.set(p.id, expected.get(p.id)! + stake);
        stats.rolledBack++;
        return;
      }
      const credits = await Promise.all(
        (dup ? [0, 1] : [0]).map(() => pg.credit(p.username, bet, text(win))),
      );
      credits.forEach((c) => ok(c, 'credit'));
      if (dup) stats.duplicates++;
      expected.set(p.id, expected.get(p.id)! + win);
      stats.settled++;
      if (roll > 0.97) {
        const late = await pg.rollback(p.username, bet);
        expect(late.body.errorCode).toBe('vendor.round.closed');
      }
    };

    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ROUNDS) await round(next++);
      }),
    );

    for (const p of players) expect(Number(await mainBalance(p.id)), p.username).toBe(expected.get(p.id));
    expect(await checkLedger(t.db.db)).toEqual([]);
    const open = await t.db.db
      .selectFrom('bet_record')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'OPEN')
      .where('vendor_code', '=', VENDOR)
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(0);
    expect(stats.settled + stats.rolledBack + stats.refusedLate).toBe(ROUNDS);
    expect(Math.min(stats.rolledBack, stats.refusedLate, stats.duplicates, stats.early)).toBeGreaterThan(0);
  }, 240_000);
});
