import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helper';
import { checkLedger } from './ledger-check';
import { LedgerService } from './ledger.service';

let t: TestContext;
let ledger: LedgerService;
let memberA: string;
let memberB: string;

beforeAll(async () => {
  t = await buildTestApp();
  ledger = new LedgerService(t.db.db);
  const rows = await t.db.db
    .selectFrom('member')
    .select(['id', 'username'])
    .where('merchant_code', '=', 'GOLDEN')
    .where('username', 'in', ['agent01', 'demo01'])
    .orderBy('id')
    .execute();
  memberA = rows[0]!.id;
  memberB = rows[1]!.id;
});
afterAll(() => t.close());

const balanceOf = async (accountId: string) =>
  BigInt(
    (
      await t.db.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).balance,
  );

describe('ledger', () => {
  it('posts a balanced entry, updates player balances with before/after, and keeps the house untracked', async () => {
    const main = await ledger.account('GOLDEN', 'MAIN', memberA);
    const clearing = await ledger.account('GOLDEN', 'PAYMENT_CLEARING');
    const opening = await balanceOf(main);
    const r = await ledger.post(t.db.db, {
      merchant: 'GOLDEN',
      reference: 'test:deposit:1',
      kind: 'DEPOSIT',
      memberId: memberA,
      postings: [
        { accountId: clearing, amount: -12_345n },
        { accountId: main, amount: 12_345n },
      ],
    });
    expect(r.created).toBe(true);
    expect(await balanceOf(main)).toBe(opening + 12_345n);
    expect(await balanceOf(clearing)).toBe(0n);
    expect(await ledger.derivedBalance(t.db.db, clearing)).toBe(-12_345n);
    const postings = await t.db.db
      .selectFrom('ledger_posting')
      .selectAll()
      .where('entry_id', '=', r.entryId)
      .execute();
    expect(postings.find((p) => p.account_id === main)?.balance_after).toBe(String(opening + 12_345n));
    expect(postings.find((p) => p.account_id === clearing)?.balance_after).toBeNull();
  });

  it('applies a reference once: a retry returns the first entry and moves nothing', async () => {
    const main = await ledger.account('GOLDEN', 'MAIN', memberA);
    const clearing = await ledger.account('GOLDEN', 'PAYMENT_CLEARING');
    const before = await balanceOf(main);
    const entry = {
      merchant: 'GOLDEN',
      reference: 'test:deposit:retry',
      kind: 'DEPOSIT',
      memberId: memberA,
      postings: [
        { accountId: clearing, amount: -500n },
        { accountId: main, amount: 500n },
      ],
    };
    const first = await ledger.post(t.db.db, entry);
    const second = await ledger.post(t.db.db, entry);
    expect(second).toEqual({ entryId: first.entryId, created: false });
    expect(await balanceOf(main)).toBe(before + 500n);
    // The same reference with other amounts is a conflict, not a second movement.
    await expect(
      ledger.post(t.db.db, {
        ...entry,
        postings: [
          { accountId: clearing, amount: -900n },
          { accountId: main, amount: 900n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'wallet.reference.conflict' });
    expect(await balanceOf(main)).toBe(before + 500n);
  });

  it('refuses an overdraft and rolls the whole transaction back', async () => {
    const main = await ledger.account('GOLDEN', 'MAIN', memberB);
    const hold = await ledger.account('GOLDEN', 'WITHDRAW_HOLD', memberB);
    const entries = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_entry`.execute(t.db.db)).rows[0]!.n);
    const before = await entries();
    const balance = await balanceOf(main);
    await expect(
      t.db.db.transaction().execute(async (tx) => {
        await ledger.post(tx, {
          merchant: 'GOLDEN',
          reference: 'test:overdraft',
          kind: 'WITHDRAW',
          memberId: memberB,
          postings: [
            { accountId: main, amount: -(balance + 1n) },
            { accountId: hold, amount: balance + 1n },
          ],
        });
      }),
    ).rejects.toMatchObject({ code: 'wallet.insufficient' });
    expect(await entries()).toBe(before);
    expect(await balanceOf(main)).toBe(balance);
    expect(await balanceOf(hold)).toBe(0n);
  });

  it("refuses unbalanced entries, zero postings and another brand's account", async () => {
    const main = await ledger.account('GOLDEN', 'MAIN', memberA);
    const house = await ledger.account('GOLDEN', 'HOUSE');
    const lotusHouse = await ledger.account('LOTUS', 'HOUSE');
    const base = { merchant: 'GOLDEN', kind: 'ADJUSTMENT', memberId: memberA };
    await expect(
      ledger.post(t.db.db, {
        ...base,
        reference: 't:unbalanced',
        postings: [
          { accountId: main, amount: 5n },
          { accountId: house, amount: -4n },
        ],
      }),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      ledger.post(t.db.db, {
        ...base,
        reference: 't:one',
        postings: [
          { accountId: main, amount: 0n },
          { accountId: house, amount: 0n },
        ],
      }),
    ).rejects.toThrow(/two or more/);
    await expect(
      ledger.post(t.db.db, {
        ...base,
        reference: 't:brand',
        postings: [
          { accountId: main, amount: 5n },
          { accountId: lotusHouse, amount: -5n },
        ],
      }),
    ).rejects.toThrow(/not an account of GOLDEN/);
    expect(
      await t.db.db.selectFrom('ledger_entry').select('id').where('reference', 'like', 't:%').execute(),
    ).toEqual([]);
  });

  it('is append-only', async () => {
    await expect(sql`UPDATE ledger_posting SET amount = amount + 1`.execute(t.db.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM ledger_entry`.execute(t.db.db)).rejects.toThrow(/append-only/);
  });

  it('the invariant checker passes on a consistent ledger and names what breaks', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
    // Break a balance row behind the ledger's back: the checker must see it.
    const main = await ledger.account('GOLDEN', 'MAIN', memberA);
    await sql`UPDATE ledger_account SET balance = balance + 1 WHERE id = ${main}`.execute(t.db.db);
    const violations = await checkLedger(t.db.db);
    expect(violations.map((v) => v.invariant)).toEqual(['tracked balance equals the sum of its postings']);
    expect(violations[0]!.examples[0]).toMatchObject({ account_id: main });
    await sql`UPDATE ledger_account SET balance = balance - 1 WHERE id = ${main}`.execute(t.db.db);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
