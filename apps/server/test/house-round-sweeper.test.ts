import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HouseRoundRepository } from '../src/modules/providers/house/house-round.repository';
import { HouseRoundSweeper } from '../src/modules/providers/house/house-round-sweeper';
import { SeamlessWalletService, type RoundWallet } from '../src/modules/providers/seamless-wallet.service';
import { VendorCallbackRepository } from '../src/modules/providers/vendor-callback.repository';
import { BetRepository } from '../src/modules/wallet/bet.repository';
import { BetService } from '../src/modules/wallet/bet.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { buildTestApp, fundedMember, type TestContext } from './helper';

const M = 'GOLDEN';
let t: TestContext;
let ledger: LedgerService;
let bets: BetService;
let seamless: SeamlessWalletService;
let rounds: HouseRoundRepository;
let sweeper: HouseRoundSweeper;

beforeAll(async () => {
  t = await buildTestApp();
  ledger = new LedgerService(t.db.db);
  bets = new BetService(new BetRepository(t.db.db), ledger);
  seamless = new SeamlessWalletService(bets, new VendorCallbackRepository(t.db.db));
  rounds = new HouseRoundRepository(t.db.db);
  sweeper = new HouseRoundSweeper(rounds, seamless);
});
afterAll(async () => {
  await t?.close();
});

const member = (funds: bigint) => fundedMember(t.db.db, ledger, M, funds);

const main = async (memberId: string) => (await ledger.memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;
const age = (roundId: string, seconds: number) =>
  t.db.db
    .updateTable('bet_record')
    .set({ placed_at: new Date(Date.now() - seconds * 1000) })
    .where('round_id', '=', roundId)
    .execute();

/** A house round as the slot leaves it when the process dies after storing the outcome. */
async function interrupted(memberId: string, roundId: string, bet: bigint, win: bigint, vendor = 'HOUSE') {
  const w: RoundWallet = { merchant: M, vendor, memberId, walletVendor: null };
  await seamless.debit(w, {
    transactionId: roundId,
    gameType: 'RNG',
    gameCode: 'g',
    gameName: 'G',
    amount: bet,
  });
  await rounds.insertOnce({ merchant: M, memberId, nodeId: '1', roundId, bet, totalWin: win, detail: {} });
}

describe('house round sweeper', () => {
  it('pays stored rounds a crash left open, once, and leaves young rounds and other vendors’ bets alone', async () => {
    const me = await member(100_00n);
    await interrupted(me, `${me}-a`, 10_00n, 35_00n);
    await interrupted(me, `${me}-b`, 5_00n, 0n);
    await interrupted(me, `${me}-young`, 2_00n, 4_00n);
    // A third-party vendor's open bet has no stored house round: never the sweeper's to settle.
    await seamless.debit(
      { merchant: M, vendor: 'PG', memberId: me, walletVendor: null },
      { transactionId: `${me}-pg`, gameType: 'RNG', gameCode: 'g', gameName: 'G', amount: 1_00n },
    );
    for (const r of ['a', 'b', 'pg']) await age(`${me}-${r}`, 120);
    expect(await main(me)).toBe(82_00n);

    expect(await sweeper.sweep()).toBe(2);
    expect(await main(me)).toBe(117_00n);
    const status = async (r: string) => (await bets.find(M, r.endsWith('pg') ? 'PG' : 'HOUSE', r))?.status;
    expect(await status(`${me}-a`)).toBe('SETTLED');
    expect(await status(`${me}-b`)).toBe('SETTLED');
    expect(await status(`${me}-young`)).toBe('OPEN');
    expect(await status(`${me}-pg`)).toBe('OPEN');
    // Again, and racing the player's own retry of the same round: nothing more moves.
    const [again] = await Promise.all([
      sweeper.sweep(),
      seamless.credit(
        { merchant: M, vendor: 'HOUSE', memberId: me, walletVendor: null },
        `${me}-a`,
        35_00n,
        10_00n,
      ),
    ]);
    expect(again).toBe(0);
    expect(await main(me)).toBe(117_00n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
