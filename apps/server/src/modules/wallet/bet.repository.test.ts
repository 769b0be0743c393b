import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helper';
import { BetRepository, type StakeItem } from './bet.repository';
import { checkLedger } from './ledger-check';
import { LedgerService } from './ledger.service';

const M = 'GOLDEN';

let t: TestContext;
let ledger: LedgerService;
let repo: BetRepository;
beforeAll(async () => {
  t = await buildTestApp();
  ledger = new LedgerService(t.db.db);
  repo = new BetRepository(t.db.db);
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;

/** A member of GOLDEN with this much in its main wallet, and its main and bet hold accounts. */
async function member(funds: bigint) {
  seq++;
  const row = await t.db.db
    .insertInto('member')
    .values({ merchant_code: M, username: `staker${seq}`, password_hash: 'x', referral_code: `STK${seq}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const main = await ledger.account(M, 'MAIN', row.id);
  await ledger.post(t.db.db, {
    merchant: M,
    reference: `test:stake-fund:${row.id}`,
    kind: 'ADJUSTMENT',
    memberId: row.id,
    postings: [
      { accountId: await ledger.account(M, 'ADJUSTMENT'), amount: -funds },
      { accountId: main, amount: funds },
    ],
  });
  return { id: row.id, main, hold: await ledger.account(M, 'BET_HOLD', row.id) };
}

function stake(
  m: { id: string; main: string; hold: string },
  amount: bigint,
  round = `S${++seq}`,
): StakeItem {
  return {
    merchant: M,
    reference: `BET:JILI:${round}`,
    memberId: m.id,
    debitAccountId: m.main,
    creditAccountId: m.hold,
    stake: amount,
    vendor: 'JILI',
    gameType: 'RNG',
    gameCode: 'fortune-gems',
    gameName: 'Fortune Gems',
    roundId: round,
  };
}

const postingsOf = (reference: string) =>
  t.db.db
    .selectFrom('ledger_posting as p')
    .innerJoin('ledger_entry as e', 'e.id', 'p.entry_id')
    .select(['p.account_id', 'p.amount', 'p.balance_after', 'e.created_at'])
    .where('e.merchant_code', '=', M)
    .where('e.reference', '=', reference)
    .orderBy('p.id')
    .execute();

describe('stakes placed together (bet_place_batch)', () => {
  it('gives every stake of one batch its own outcome, with running balances', async () => {
    const a = await member(10_00n);
    const b = await member(10_00n);
    const earlier = stake(a, 1_00n);
    await repo.placeStake(earlier);
    // Submitted in one turn: one batch, one transaction.
    const batch = [
      stake(a, 4_00n), // placed: 9.00 -> 5.00
      stake(a, 6_00n), // insufficient: 5.00 left
      stake(a, 5_00n), // placed: 5.00 -> 0.00
      earlier, // repeat
      { ...earlier, stake: 2_00n }, // the same reference with another stake: conflict (after the repeat)
      stake(b, 10_00n), // placed: 10.00 -> 0.00
    ];
    const results = await Promise.allSettled(batch.map((s) => repo.placeStake(s)));
    const outcomes = results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason));
    expect(outcomes.map((o) => [o.outcome, o.balance])).toEqual([
      ['placed', '500'],
      ['insufficient', null],
      ['placed', '0'],
      ['repeat', '0'],
      ['conflict', null],
      ['placed', '0'],
    ]);
    expect(outcomes[0].bet).toMatchObject({ round_id: batch[0]!.roundId, stake: '400', status: 'OPEN' });
    expect(outcomes[3].bet).toMatchObject({ round_id: earlier.roundId, stake: '100' });
    expect(outcomes[1].bet).toBeNull();

    const first = await postingsOf(batch[0]!.reference);
    const third = await postingsOf(batch[2]!.reference);
    expect(first.map((p) => [p.account_id, p.amount, p.balance_after])).toEqual([
      [a.main, '-400', '500'],
      [a.hold, '400', '500'],
    ]);
    expect(third.map((p) => [p.account_id, p.amount, p.balance_after])).toEqual([
      [a.main, '-500', '0'],
      [a.hold, '500', '1000'],
    ]);
    // One transaction: entries of one batch share its start time.
    expect(third[0]!.created_at).toEqual(first[0]!.created_at);
    expect(await postingsOf(batch[1]!.reference)).toEqual([]);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('credits an untracked account (the house) without a balance row', async () => {
    const a = await member(5_00n);
    const house = await ledger.account(M, 'HOUSE');
    const before = await ledger.derivedBalance(t.db.db, house);
    const s = { ...stake(a, 2_00n), creditAccountId: house };
    const placed = await repo.placeStake(s);
    expect(placed).toMatchObject({ outcome: 'placed', balance: '300' });
    expect((await postingsOf(s.reference)).map((p) => [p.account_id, p.amount, p.balance_after])).toEqual(
      [a.main, house]
        .sort((x, y) => Number(x) - Number(y))
        .map((id) => (id === house ? [house, '200', null] : [a.main, '-200', '300'])),
    );
    expect(await ledger.derivedBalance(t.db.db, house)).toBe(before + 2_00n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it("fails only the stake that names another brand's account; the rest of its batch is placed", async () => {
    const a = await member(5_00n);
    const lotusHouse = await ledger.account('LOTUS', 'HOUSE');
    const good = [stake(a, 1_00n), stake(a, 1_00n)];
    const bad = { ...stake(a, 1_00n), creditAccountId: lotusHouse };
    const results = await Promise.allSettled([
      repo.placeStake(good[0]!),
      repo.placeStake(bad),
      repo.placeStake(good[1]!),
    ]);
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: { outcome: 'placed' } });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { code: '23503' } });
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: { outcome: 'placed' } });
    expect(await postingsOf(bad.reference)).toEqual([]);
    expect((await ledger.memberBalances(t.db.db, a.id)).get('MAIN')).toBe(3_00n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('applies a reference once when two servers place it at the same moment', async () => {
    const a = await member(50_00n);
    const other = new BetRepository(t.db.db);
    for (let i = 0; i < 5; i++) {
      const s = stake(a, 1_00n);
      const [x, y] = await Promise.all([
        repo.placeStake(s),
        other.placeStake(s),
        // Others in the same batches.
        repo.placeStake(stake(a, 1_00n)),
        other.placeStake(stake(a, 1_00n)),
      ]);
      expect([x.outcome, y.outcome].sort()).toEqual(['placed', 'repeat']);
      expect(x.bet?.id).toBe(y.bet?.id);
      expect(await postingsOf(s.reference)).toHaveLength(2);
    }
    expect((await ledger.memberBalances(t.db.db, a.id)).get('MAIN')).toBe(50_00n - 15n * 1_00n);

    // The same reference for two members: the batches lock different accounts, so both find the
    // reference free and race on inserting it; the loser is placed again alone and conflicts.
    const b = await member(50_00n);
    for (let i = 0; i < 5; i++) {
      const s = stake(a, 1_00n);
      const results = await Promise.all([
        repo.placeStake(s),
        other.placeStake({ ...s, memberId: b.id, debitAccountId: b.main, creditAccountId: b.hold }),
      ]);
      expect(results.map((r) => r.outcome).sort()).toEqual(['conflict', 'placed']);
      expect(await postingsOf(s.reference)).toHaveLength(2);
    }
    const moved =
      (await ledger.memberBalances(t.db.db, a.id)).get('MAIN')! +
      (await ledger.memberBalances(t.db.db, b.id)).get('MAIN')!;
    expect(moved).toBe(100_00n - 20n * 1_00n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
