import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetRepository } from '../src/modules/wallet/bet.repository';
import { BetService, type PlaceBetInput } from '../src/modules/wallet/bet.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { TurnoverService } from '../src/modules/wallet/turnover.service';
import { buildTestApp, type TestContext } from './helper';

const M = 'GOLDEN';

let t: TestContext;
let ledger: LedgerService;
let turnover: TurnoverService;
let bets: BetService;
beforeAll(async () => {
  t = await buildTestApp();
  ledger = new LedgerService(t.db.db);
  turnover = new TurnoverService();
  bets = new BetService(new BetRepository(t.db.db), ledger);
});
afterAll(async () => {
  await t?.close();
});

// ---- helpers ---------------------------------------------------------------------------------------

let seq = 0;

/** A member of GOLDEN with this much in its main wallet (minor units). */
async function member(funds: bigint): Promise<string> {
  seq++;
  const row = await t.db.db
    .insertInto('member')
    .values({ merchant_code: M, username: `bettor${seq}`, password_hash: 'x', referral_code: `BET${seq}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (funds > 0n) {
    await ledger.post(t.db.db, {
      merchant: M,
      reference: `test:fund:${row.id}`,
      kind: 'ADJUSTMENT',
      memberId: row.id,
      postings: [
        { accountId: await ledger.account(M, 'ADJUSTMENT'), amount: -funds },
        { accountId: await ledger.account(M, 'MAIN', row.id), amount: funds },
      ],
    });
  }
  return row.id;
}

const round = () => `R${Date.now().toString(36)}${++seq}`;
const bet = (roundId: string, stake: bigint, vendor = 'JILI'): PlaceBetInput => ({
  vendor,
  gameType: 'RNG',
  gameCode: 'fortune-gems',
  gameName: 'Fortune Gems',
  roundId,
  stake,
});

async function balances(memberId: string) {
  const b = await ledger.memberBalances(t.db.db, memberId);
  return { main: b.get('MAIN') ?? 0n, hold: b.get('BET_HOLD') ?? 0n };
}

/** The legs of the entry with this reference, as account kind → amount. */
async function legs(reference: string): Promise<Record<string, bigint>> {
  const rows = await t.db.db
    .selectFrom('ledger_posting as p')
    .innerJoin('ledger_entry as e', 'e.id', 'p.entry_id')
    .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
    .select(['a.kind', 'p.amount'])
    .where('e.merchant_code', '=', M)
    .where('e.reference', '=', reference)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.kind, BigInt(r.amount)]));
}

async function entryCount(): Promise<number> {
  const row = await t.db.db
    .selectFrom('ledger_entry')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- tests -----------------------------------------------------------------------------------------

describe('placing a bet', () => {
  it('moves the stake from main to the bet hold and opens a record', async () => {
    const me = await member(100_00n);
    const r = round();
    const placed = await bets.placeBet(M, me, bet(r, 12_50n));
    expect(placed.balance).toBe(87_50n);
    expect(placed.bet).toMatchObject({
      memberId: me,
      vendor: 'JILI',
      gameType: 'RNG',
      gameCode: 'fortune-gems',
      gameName: 'Fortune Gems',
      roundId: r,
      stake: 12_50n,
      payout: 0n,
      validBet: 0n,
      status: 'OPEN',
      settledAt: null,
    });
    expect(await balances(me)).toEqual({ main: 87_50n, hold: 12_50n });
    expect(await legs(`BET:JILI:${r}`)).toEqual({ MAIN: -12_50n, BET_HOLD: 12_50n });
    const entry = await ledger.entry(t.db.db, M, `BET:JILI:${r}`);
    expect(entry).toMatchObject({ kind: 'BET', member_id: me });
  });

  it('is idempotent: a repeat answers the first bet and moves nothing; another stake is a conflict', async () => {
    const me = await member(100_00n);
    const r = round();
    const first = await bets.placeBet(M, me, bet(r, 10_00n));
    const entries = await entryCount();
    const again = await bets.placeBet(M, me, bet(r, 10_00n));
    expect(first.repeat).toBe(false);
    expect(again).toEqual({ ...first, repeat: true });
    expect(await entryCount()).toBe(entries);
    await expect(bets.placeBet(M, me, bet(r, 11_00n))).rejects.toMatchObject({
      code: 'wallet.reference.conflict',
    });
    const other = await member(100_00n);
    await expect(bets.placeBet(M, other, bet(r, 10_00n))).rejects.toMatchObject({
      code: 'wallet.reference.conflict',
    });
    expect(await balances(me)).toEqual({ main: 90_00n, hold: 10_00n });
    expect(await balances(other)).toEqual({ main: 100_00n, hold: 0n });
  });

  it('refuses a stake the wallet cannot cover, and a stake of zero, moving nothing', async () => {
    const me = await member(5_00n);
    const entries = await entryCount();
    const r = round();
    await expect(bets.placeBet(M, me, bet(r, 5_01n))).rejects.toMatchObject({ code: 'wallet.insufficient' });
    await expect(bets.placeBet(M, me, bet(round(), 0n))).rejects.toMatchObject({
      code: 'wallet.amount.invalid',
    });
    await expect(bets.placeBet(M, me, bet(round(), -1n))).rejects.toMatchObject({
      code: 'wallet.amount.invalid',
    });
    expect(await entryCount()).toBe(entries);
    expect(await balances(me)).toEqual({ main: 5_00n, hold: 0n });
    expect(await t.db.db.selectFrom('bet_record').select('id').where('round_id', '=', r).execute()).toEqual(
      [],
    );
    // The whole balance is a valid stake.
    expect((await bets.placeBet(M, me, bet(r, 5_00n))).balance).toBe(0n);
  });
});

describe('settling and voiding', () => {
  it('a win: one entry empties the hold and pays from the house (house legs netted)', async () => {
    const me = await member(100_00n);
    const r = round();
    await bets.placeBet(M, me, bet(r, 10_00n));
    const settled = await bets.settleBet(M, 'JILI', r, { payout: 25_00n, validBet: 10_00n });
    expect(settled.balance).toBe(115_00n);
    expect(settled.bet).toMatchObject({ status: 'SETTLED', payout: 25_00n, validBet: 10_00n });
    expect(settled.bet.settledAt).toBeInstanceOf(Date);
    expect(await legs(`SETTLE:JILI:${r}`)).toEqual({ BET_HOLD: -10_00n, HOUSE: -15_00n, MAIN: 25_00n });
    expect(await ledger.entry(t.db.db, M, `SETTLE:JILI:${r}`)).toMatchObject({
      kind: 'PAYOUT',
      member_id: me,
    });
    expect(await balances(me)).toEqual({ main: 115_00n, hold: 0n });
    const record = await t.db.db
      .selectFrom('bet_record')
      .selectAll()
      .where('round_id', '=', r)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ status: 'SETTLED', payout: '2500', valid_bet: '1000' });
    expect(record.settle_entry_id).toBe((await ledger.entry(t.db.db, M, `SETTLE:JILI:${r}`))!.id);
  });

  it('a loss: the stake goes to the house; a push leaves the house out', async () => {
    const me = await member(100_00n);
    const lose = round();
    const push = round();
    await bets.placeBet(M, me, bet(lose, 10_00n));
    await bets.placeBet(M, me, bet(push, 20_00n, 'EVO'));
    const lost = await bets.settleBet(M, 'JILI', lose, { payout: 0n, validBet: 10_00n });
    expect(lost.balance).toBe(70_00n);
    expect(await legs(`SETTLE:JILI:${lose}`)).toEqual({ BET_HOLD: -10_00n, HOUSE: 10_00n });
    const pushed = await bets.settleBet(M, 'EVO', push, { payout: 20_00n, validBet: 0n });
    expect(pushed.balance).toBe(90_00n);
    expect(await legs(`SETTLE:EVO:${push}`)).toEqual({ BET_HOLD: -20_00n, MAIN: 20_00n });
    expect(await balances(me)).toEqual({ main: 90_00n, hold: 0n });
  });

  it('a void returns the stake', async () => {
    const me = await member(50_00n);
    const r = round();
    await bets.placeBet(M, me, bet(r, 30_00n));
    const voided = await bets.voidBet(M, 'JILI', r);
    expect(voided.balance).toBe(50_00n);
    expect(voided.bet).toMatchObject({ status: 'VOID', payout: 0n, validBet: 0n });
    expect(await legs(`VOID:JILI:${r}`)).toEqual({ BET_HOLD: -30_00n, MAIN: 30_00n });
    expect(await ledger.entry(t.db.db, M, `VOID:JILI:${r}`)).toMatchObject({ kind: 'BET_VOID' });
    expect(await balances(me)).toEqual({ main: 50_00n, hold: 0n });
  });

  it('repeats answer the first result; contradictions are refused', async () => {
    const me = await member(100_00n);
    const r = round();
    await bets.placeBet(M, me, bet(r, 10_00n));
    const first = await bets.settleBet(M, 'JILI', r, { payout: 18_00n, validBet: 10_00n });
    const entries = await entryCount();
    const again = await bets.settleBet(M, 'JILI', r, { payout: 18_00n, validBet: 10_00n });
    expect(again).toEqual(first);
    expect(await entryCount()).toBe(entries);
    await expect(bets.settleBet(M, 'JILI', r, { payout: 19_00n, validBet: 10_00n })).rejects.toMatchObject({
      code: 'wallet.reference.conflict',
    });
    await expect(bets.voidBet(M, 'JILI', r)).rejects.toMatchObject({ code: 'vendor.round.closed' });

    const v = round();
    await bets.placeBet(M, me, bet(v, 10_00n));
    const voided = await bets.voidBet(M, 'JILI', v);
    expect(await bets.voidBet(M, 'JILI', v)).toEqual(voided);
    await expect(bets.settleBet(M, 'JILI', v, { payout: 0n, validBet: 0n })).rejects.toMatchObject({
      code: 'vendor.round.closed',
    });
    expect(await entryCount()).toBe(entries + 2);
    expect(await balances(me)).toEqual({ main: 108_00n, hold: 0n });
  });

  it('an unknown round is not found; a negative payout is refused', async () => {
    await expect(
      bets.settleBet(M, 'JILI', 'no-such-round', { payout: 0n, validBet: 0n }),
    ).rejects.toMatchObject({
      code: 'vendor.round.unknown',
    });
    await expect(bets.voidBet(M, 'JILI', 'no-such-round')).rejects.toMatchObject({
      code: 'vendor.round.unknown',
    });
    // The round exists for JILI, not for another vendor or brand.
    const me = await member(10_00n);
    const r = round();
    await bets.placeBet(M, me, bet(r, 1_00n));
    await expect(bets.settleBet(M, 'PP', r, { payout: 0n, validBet: 0n })).rejects.toMatchObject({
      code: 'vendor.round.unknown',
    });
    await expect(bets.settleBet('LOTUS', 'JILI', r, { payout: 0n, validBet: 0n })).rejects.toMatchObject({
      code: 'vendor.round.unknown',
    });
    await expect(bets.settleBet(M, 'JILI', r, { payout: -1n, validBet: 0n })).rejects.toMatchObject({
      code: 'wallet.amount.invalid',
    });
  });

  it('valid bets work off turnover requirements', async () => {
    const me = await member(100_00n);
    await t.db.db
      .transaction()
      .execute((trx) => turnover.add(trx, { merchant: M, memberId: me, required: 30_00n, source: 'test' }));
    expect(await turnover.remaining(t.db.db, me)).toBe(30_00n);
    const a = round();
    const b = round();
    await bets.placeBet(M, me, bet(a, 10_00n));
    await bets.placeBet(M, me, bet(b, 25_00n));
    await bets.settleBet(M, 'JILI', a, { payout: 0n, validBet: 10_00n });
    expect(await turnover.remaining(t.db.db, me)).toBe(20_00n);
    // A repeated settlement counts nothing twice.
    await bets.settleBet(M, 'JILI', a, { payout: 0n, validBet: 10_00n });
    expect(await turnover.remaining(t.db.db, me)).toBe(20_00n);
    await bets.settleBet(M, 'JILI', b, { payout: 50_00n, validBet: 25_00n });
    expect(await turnover.remaining(t.db.db, me)).toBe(0n);
    const req = await t.db.db
      .selectFrom('turnover_requirement')
      .selectAll()
      .where('member_id', '=', me)
      .executeTakeFirstOrThrow();
    expect(req).toMatchObject({ required: '3000', achieved: '3000' });
  });
});

describe('concurrency', () => {
  it('20 concurrent bets on a wallet that covers 7: exactly 7 are placed', async () => {
    const stake = 3_00n;
    const me = await member(stake * 7n);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => bets.placeBet(M, me, bet(round(), stake))),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(7);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'wallet.insufficient' });
    expect(await balances(me)).toEqual({ main: 0n, hold: stake * 7n });
    const records = await t.db.db.selectFrom('bet_record').select('id').where('member_id', '=', me).execute();
    expect(records).toHaveLength(7);
  });

  it('concurrent repeats of one bet, one settlement, one void: each applied once', async () => {
    const me = await member(100_00n);
    const r = round();
    const places = await Promise.all(Array.from({ length: 8 }, () => bets.placeBet(M, me, bet(r, 10_00n))));
    expect(new Set(places.map((p) => p.bet.id)).size).toBe(1);
    const settles = await Promise.all(
      Array.from({ length: 8 }, () => bets.settleBet(M, 'JILI', r, { payout: 30_00n, validBet: 10_00n })),
    );
    expect(new Set(settles.map((s) => s.bet.status))).toEqual(new Set(['SETTLED']));
    expect(await balances(me)).toEqual({ main: 120_00n, hold: 0n });

    const v = round();
    await bets.placeBet(M, me, bet(v, 20_00n));
    // Settle and void racing: one wins, the other is refused with vendor.round.closed.
    const raced = await Promise.allSettled([
      bets.settleBet(M, 'JILI', v, { payout: 0n, validBet: 20_00n }),
      bets.voidBet(M, 'JILI', v),
    ]);
    expect(raced.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const loser = raced.find((x): x is PromiseRejectedResult => x.status === 'rejected');
    expect(loser?.reason).toMatchObject({ code: 'vendor.round.closed' });
    expect((await balances(me)).hold).toBe(0n);
  });
});

describe('settlements in batches (bet_settle_batch)', () => {
  it('closes 40 bets of 10 members at once: each once, with its own figures and turnover', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, () => member(100_00n)));
    for (const me of members)
      await t.db.db
        .transaction()
        .execute((trx) =>
          turnover.add(trx, { merchant: M, memberId: me, required: 1000_00n, source: 'test' }),
        );
    // Four bets each: a win, a loss, a void and one whose valid bet defaults to its stake.
    const plan = members.flatMap((me) => [
      { me, r: round(), stake: 10_00n, payout: 25_00n as bigint | null },
      { me, r: round(), stake: 5_00n, payout: 0n },
      { me, r: round(), stake: 7_00n, payout: null },
      { me, r: round(), stake: 3_00n, payout: 3_00n },
    ]);
    for (const p of plan) await bets.placeBet(M, p.me, bet(p.r, p.stake));
    const before = await entryCount();
    const closed = await Promise.all(
      plan.map((p, i) =>
        p.payout === null
          ? bets.voidBet(M, 'JILI', p.r, p.me)
          : bets.settleBet(
              M,
              'JILI',
              p.r,
              { payout: p.payout, ...(i % 4 === 0 ? { validBet: 4_00n } : {}) },
              p.me,
            ),
      ),
    );
    expect(await entryCount()).toBe(before + plan.length);
    closed.forEach((c, i) => {
      const p = plan[i]!;
      expect(c.bet).toMatchObject({
        roundId: p.r,
        memberId: p.me,
        status: p.payout === null ? 'VOID' : 'SETTLED',
        payout: p.payout ?? 0n,
        validBet: p.payout === null ? 0n : i % 4 === 0 ? 4_00n : p.stake,
      });
    });
    for (const me of members) {
      // 100 - 25 stakes + 25 + 0 + 7 + 3 back; turnover 4 + 5 + 3 worked off.
      expect(await balances(me)).toEqual({ main: 110_00n, hold: 0n });
      expect(await turnover.remaining(t.db.db, me)).toBe(1000_00n - 12_00n);
    }
    // Each answer carries its own wallet's balance right after its close (the last one: 110.00).
    const last = members.map((me) => closed.filter((_, i) => plan[i]!.me === me).at(-1)!.balance);
    for (const b of last) expect(b).toBeLessThanOrEqual(110_00n);
  });

  it('another member cannot settle or void a bet: unknown, nothing moved', async () => {
    const owner = await member(50_00n);
    const other = await member(50_00n);
    const r = round();
    await bets.placeBet(M, owner, bet(r, 10_00n));
    const before = await entryCount();
    await expect(bets.settleBet(M, 'JILI', r, { payout: 20_00n }, other)).rejects.toMatchObject({
      code: 'vendor.round.unknown',
    });
    await expect(bets.voidBet(M, 'JILI', r, other)).rejects.toMatchObject({ code: 'vendor.round.unknown' });
    expect(await entryCount()).toBe(before);
    expect(await balances(owner)).toEqual({ main: 40_00n, hold: 10_00n });
    expect(await balances(other)).toEqual({ main: 50_00n, hold: 0n });
    const settled = await bets.settleBet(M, 'JILI', r, { payout: 20_00n }, owner);
    expect(settled).toMatchObject({ balance: 60_00n, bet: { status: 'SETTLED', validBet: 10_00n } });
  });
});

describe('the ledger', () => {
  it('is consistent after everything above', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
