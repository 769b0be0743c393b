/**
 * Limits and breaks where money moves: every stake goes through bet_place_batch(), which refuses
 * a member on a break or blocked by the operator, and a stake that could take a wager or loss
 * limit past its amount, under a lock that makes two concurrent stakes of one member take turns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtectionRepository } from '../src/modules/protection/protection.repository';
import { ProtectionService } from '../src/modules/protection/protection.service';
import { BetRepository } from '../src/modules/wallet/bet.repository';
import { BetService, type PlaceBetInput } from '../src/modules/wallet/bet.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { periodStarts } from '../src/modules/protection/protection-rules';
import type { Brand } from '../src/platform/brand';
import { sql } from 'kysely';
import { buildTestApp, fundedMember, type TestContext } from './helper';

const M = 'GOLDEN';
let t: TestContext;
let ledger: LedgerService;
let bets: BetService;
let protection: ProtectionService;
let brand: Brand;
beforeAll(async () => {
  t = await buildTestApp();
  ledger = new LedgerService(t.db.db);
  bets = new BetService(new BetRepository(t.db.db), ledger);
  protection = new ProtectionService(new ProtectionRepository(t.db.db));
  brand = await t.brands.resolve(M, undefined);
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const member = (funds: bigint) => fundedMember(t.db.db, ledger, M, funds);
const round = () => `P${Date.now().toString(36)}${++seq}`;
const bet = (stake: bigint, roundId = round()): PlaceBetInput => ({
  vendor: 'JILI',
  gameType: 'RNG',
  gameCode: 'fortune-gems',
  gameName: 'Fortune Gems',
  roundId,
  stake,
});
const main = async (id: string) => (await ledger.memberBalances(t.db.db, id)).get('MAIN') ?? 0n;

describe('stakes and the member’s limits', () => {
  it('a wager limit refuses the stake that would pass it, and counts what was staked before it was set', async () => {
    const me = await member(100_000n);
    await bets.placeBet(M, me, bet(3_000n));
    await protection.setLimit(brand, me, { kind: 'WAGER', period: 'D', amount: '50' });
    const second = round();
    await bets.placeBet(M, me, bet(2_000n, second));
    // 30 + 20 staked today: 50 is the limit, one more cent is refused and moves nothing.
    const before = await main(me);
    await expect(bets.placeBet(M, me, bet(1n))).rejects.toMatchObject({ code: 'protection.limit.wager' });
    expect(await main(me)).toBe(before);
    // A voided stake gives its room back.
    await bets.voidBet(M, 'JILI', second);
    await bets.placeBet(M, me, bet(2_000n));
    await expect(bets.placeBet(M, me, bet(1n))).rejects.toMatchObject({ code: 'protection.limit.wager' });
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('a loss limit counts stakes minus payouts: a win makes room, the stake must fit what is left', async () => {
    const me = await member(100_000n);
    await protection.setLimit(brand, me, { kind: 'LOSS', period: 'W', amount: '100' });
    const r1 = round();
    await bets.placeBet(M, me, bet(8_000n, r1));
    await bets.settleBet(M, 'JILI', r1, { payout: 0n });
    // Lost 80: a stake of 30 could take the loss to 110.
    await expect(bets.placeBet(M, me, bet(3_000n))).rejects.toMatchObject({ code: 'protection.limit.loss' });
    await bets.placeBet(M, me, bet(2_000n));
    const r3 = round();
    await expect(bets.placeBet(M, me, bet(1n, r3))).rejects.toMatchObject({ code: 'protection.limit.loss' });
    // The 20 stake won 50 back: net loss now 80 + 20 - 50 = 50.
    const open = await t.db.db
      .selectFrom('bet_record')
      .select('round_id')
      .where('member_id', '=', me)
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    await bets.settleBet(M, 'JILI', open.round_id, { payout: 5_000n });
    await bets.placeBet(M, me, bet(5_000n));
    await expect(bets.placeBet(M, me, bet(1n))).rejects.toMatchObject({ code: 'protection.limit.loss' });
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('the lowest applicable limit binds (a day limit under a month limit)', async () => {
    const me = await member(100_000n);
    await protection.setLimit(brand, me, { kind: 'WAGER', period: 'M', amount: '1000' });
    await protection.setLimit(brand, me, { kind: 'WAGER', period: 'D', amount: '10' });
    await bets.placeBet(M, me, bet(1_000n));
    await expect(bets.placeBet(M, me, bet(1n))).rejects.toMatchObject({ code: 'protection.limit.wager' });
  });

  it('concurrent stakes of one member cannot together pass the limit', async () => {
    const me = await member(1_000_000n);
    await protection.setLimit(brand, me, { kind: 'WAGER', period: 'D', amount: '100' });
    // Twenty stakes of 10 at once, through separate bet services (separate batches), for a limit of 100.
    const services = Array.from({ length: 4 }, () => new BetService(new BetRepository(t.db.db), ledger));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => services[i % 4]!.placeBet(M, me, bet(1_000n))),
    );
    const placed = results.filter((r) => r.status === 'fulfilled').length;
    expect(placed).toBe(10);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'protection.limit.wager' });
    const staked = await t.db.db
      .selectFrom('bet_record')
      .select((eb) => eb.fn.sum<string>('stake').as('total'))
      .where('member_id', '=', me)
      .executeTakeFirstOrThrow();
    expect(BigInt(staked.total)).toBe(10_000n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('concurrent stakes cannot together pass a loss limit either: open stakes count as lost', async () => {
    const me = await member(1_000_000n);
    await protection.setLimit(brand, me, { kind: 'LOSS', period: 'D', amount: '100' });
    const services = Array.from({ length: 4 }, () => new BetService(new BetRepository(t.db.db), ledger));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => services[i % 4]!.placeBet(M, me, bet(1_000n))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'protection.limit.loss' });
    expect(await main(me)).toBe(1_000_000n - 10_000n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('a member with no limit is not slowed or refused', async () => {
    const me = await member(10_000n);
    await bets.placeBet(M, me, bet(10_000n));
    expect(await main(me)).toBe(0n);
  });
});

describe('stakes and breaks', () => {
  it('a time-out or self-exclusion refuses every stake, moving nothing; a repeat still answers', async () => {
    const me = await member(50_000n);
    const r = round();
    await bets.placeBet(M, me, bet(1_000n, r));
    await protection.exclude(brand, me, { kind: 'TIMEOUT', days: 1, allBrands: false });
    // The vendor retrying the stake it already placed gets its answer.
    expect((await bets.placeBet(M, me, bet(1_000n, r))).repeat).toBe(true);
    const before = await main(me);
    await expect(bets.placeBet(M, me, bet(1_000n))).rejects.toMatchObject({ code: 'protection.excluded' });
    expect(await main(me)).toBe(before);
    // A round already open still settles: the member gets what they won.
    await bets.settleBet(M, 'JILI', r, { payout: 2_000n });
    expect(await main(me)).toBe(before + 2_000n);
  });

  it('the operator’s betting block refuses stakes too', async () => {
    const me = await member(5_000n);
    await t.db.db.updateTable('member').set({ block_betting: true }).where('id', '=', me).execute();
    await expect(bets.placeBet(M, me, bet(1_000n))).rejects.toMatchObject({ code: 'game.betting.blocked' });
  });
});

describe('periods in the brand’s time zone', () => {
  it('the database starts a day, a week and a month where the rules do, in any zone', async () => {
    for (const tz of ['Asia/Manila', 'Asia/Jakarta', 'America/New_York', 'UTC']) {
      const { rows } = await sql<{ now: Date; d: Date; w: Date; m: Date }>`
        SELECT now() AS now, protection_period_start('D', ${tz}) AS d,
               protection_period_start('W', ${tz}) AS w, protection_period_start('M', ${tz}) AS m`.execute(
        t.db.db,
      );
      const r = rows[0]!;
      const rules = periodStarts(new Date(r.now).getTime(), tz);
      expect([new Date(r.d), new Date(r.w), new Date(r.m)], tz).toEqual([rules.D, rules.W, rules.M]);
    }
  });
});
