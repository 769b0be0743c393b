/**
 * The house slot's progressive jackpot (modules/providers/house/jackpot/README.md): every paid
 * spin of a real account posts its share into the brand's pool through the ledger; a forced win
 * pays the whole pool once and reseeds it from HOUSE; a replayed round pays nothing more; spins of
 * two members at once lose no contribution; the public call answers the pool and refuses bad input.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the spins really run at once).
 */
import { randomBytes } from 'node:crypto';
import type { AdminHouseGame, Jackpot, LaunchGame, SlotInfo, SlotSpinResult, Winner } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HouseRoundRepository } from '../src/modules/providers/house/house-round.repository';
import { JACKPOT_TERMS } from '../src/modules/providers/house/jackpot/jackpot-figures';
import { JackpotRepository } from '../src/modules/providers/house/jackpot/jackpot.repository';
import { JackpotService } from '../src/modules/providers/house/jackpot/jackpot.service';
import type { Rng } from '../src/modules/providers/house/secure-rng';
import { HouseSlotService } from '../src/modules/providers/house/slot.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { ticketOf } from './game-ticket';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const M = 'GOLDEN';
const ADMIN_KEY = 'test-admin-key-0123456789';
const HOUSE_GAME = 'house-dragon-fortune';
const SEED = JACKPOT_TERMS.seedMinor;

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const rid = () => `jp${randomBytes(8).toString('hex')}`;
const slotHeaders = (ticket: string) => ({ headers: { 'x-game-token': ticket } });

/** A member with `funds` in main and a ticket for the house slot. */
async function player(funds: string): Promise<NewMember & { ticket: string }> {
  const m = await id.registerGolden();
  await id.credit(m.username, funds, ADMIN_KEY);
  const launch = await id.ok<LaunchGame>(`/wps/game/launchGame?vendor=HOUSE&gameCode=${HOUSE_GAME}`, {
    token: m.token,
  });
  return { ...m, ticket: await ticketOf(t.app, launch.url) };
}

const spin = (ticket: string, bet: number, requestId = rid()) =>
  id.ok<SlotSpinResult>('/wps/house/slot/spin', { ...slotHeaders(ticket), body: { bet, requestId } });

/** The pool's balance by its shards, and by its ledger account (they must agree). */
async function pool(): Promise<{ shards: bigint; ledger: bigint }> {
  const shards = await t.db.db
    .selectFrom('jackpot_shard')
    .select((eb) => eb.fn.sum<string>('amount').as('total'))
    .where('merchant_code', '=', M)
    .executeTakeFirstOrThrow();
  const account = await t.services.wallet.ledger.account(M, 'JACKPOT_POOL', null, 'ALL');
  return {
    shards: BigInt(shards.total ?? '0'),
    ledger: await t.services.wallet.ledger.derivedBalance(t.db.db, account),
  };
}

const entries = (kind: string) =>
  t.db.db
    .selectFrom('ledger_entry')
    .select(['reference', 'member_id'])
    .where('merchant_code', '=', M)
    .where('kind', '=', kind)
    .execute();

const main = async (memberId: string) =>
  (await t.services.wallet.ledger.memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;

/** Minor units of an amount in an answer. */
const minor = (n: number) => BigInt(Math.round(n * 100));

/** A slot whose jackpot draws come from `rng` (its reels from the secure RNG, as in production). */
function slotWith(rng: Rng) {
  const jackpot = new JackpotService(new JackpotRepository(t.db.db), t.services.wallet.ledger, rng);
  const slot = new HouseSlotService(
    t.services.providers.tickets,
    t.services.providers.seamless,
    new HouseRoundRepository(t.db.db),
    jackpot,
  );
  return { jackpot, slot };
}
/** Draws 0 every time: every spin wins the pool. */
const alwaysWins: Rng = { int: () => 0 };
/** Draws the largest value every time: no spin wins. */
const neverWins: Rng = { int: (n) => n - 1 };

describe('house jackpot', () => {
  it('publishes its terms and counts them into the slot’s RTP', async () => {
    const p = await player('10.00');
    const info = await id.ok<SlotInfo>('/wps/house/slot/info', slotHeaders(p.ticket));
    expect(info.paytableRtp).toBe(96.15);
    expect(info.jackpot).toEqual({ contributionPercent: 1, odds: 2_000_000, returnPercent: 1.25 });
    expect(info.rtp).toBe(97.4);
  });

  it('posts each spin’s share of its stake from HOUSE into the pool; fractions of a cent carry', async () => {
    const p = await player('100.00');
    // The brand's first eligible spin creates the pool with its seed.
    await spin(p.ticket, 2);
    const seeded = await entries('JACKPOT_SEED');
    expect(seeded.map((e) => e.reference)).toContain('JACKPOT_SEED:ALL:FIRST');
    const before = await pool();
    const contributions = (await entries('JACKPOT_IN')).length;
    // 1 % of 2.00 is 2 cents each.
    for (let i = 0; i < 3; i++) await spin(p.ticket, 2);
    expect((await pool()).shards).toBe(before.shards + 6n);
    expect((await entries('JACKPOT_IN')).length).toBe(contributions + 3);
    // 1 % of 0.20 is 0.2 of a cent: ten spins accrue 2 cents, which reach the pool as each
    // shard's accrual passes a whole cent (no win yet: the pool is the seed and every whole cent).
    const accrued = async () => {
      const rows = await t.db.db
        .selectFrom('jackpot_shard')
        .select('accrued')
        .where('merchant_code', '=', M)
        .execute();
      return rows.map((r) => BigInt(r.accrued));
    };
    const accruedBefore = (await accrued()).reduce((a, b) => a + b, 0n);
    for (let i = 0; i < 10; i++) await spin(p.ticket, 0.2);
    const shards = await accrued();
    expect(shards.reduce((a, b) => a + b, 0n)).toBe(accruedBefore + 10n * 20n * 100n);
    const after = await pool();
    expect(after.shards).toBe(SEED + shards.reduce((sum, a) => sum + a / 10_000n, 0n));
    expect(after.ledger).toBe(after.shards);
    const view = await id.ok<Jackpot>('/wps/game/jackpot');
    expect(minor(view.amount)).toBe(after.shards);
    expect(view).toMatchObject({ pool: 'ALL', seed: 5000, contributionPercent: 1, returnPercent: 1.25 });
    expect(view).toMatchObject({ step: 165.11, stepMs: 3000, refreshMs: 10_000, odds: 2_000_000 });
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('a trial account’s play money neither feeds nor wins the pool', async () => {
    const trial = (await id.freePlay()).token;
    const launch = await id.ok<LaunchGame>(`/wps/game/launchGame?vendor=HOUSE&gameCode=${HOUSE_GAME}`, {
      token: trial,
    });
    const ticket = await ticketOf(t.app, launch.url);
    const before = await pool();
    const contributions = (await entries('JACKPOT_IN')).length;
    await spin(ticket, 2);
    expect(await pool()).toEqual(before);
    expect((await entries('JACKPOT_IN')).length).toBe(contributions);
  });

  it('a forced win pays the whole pool once, to the spin’s wallet, and reseeds it from HOUSE', async () => {
    const p = await player('100.00');
    await spin(p.ticket, 2);
    const { jackpot, slot } = slotWith(alwaysWins);
    const heard: [string, bigint, boolean][] = [];
    jackpot.onChanged((merchant, amount, wonIt) => heard.push([merchant, amount, wonIt]));
    const before = (await pool()).shards;
    const balance = await main(p.id);
    const requestId = rid();
    const won = await slot.spin(p.ticket, M, { bet: 2, requestId });
    // The pool as it stood plus this spin's own 2 cents.
    expect(minor(won.jackpotWin!)).toBe(before + 2n);
    expect(await main(p.id)).toBe(balance - 200n + minor(won.totalWin) + before + 2n);
    expect(minor(won.balance)).toBe(await main(p.id));
    expect(await pool()).toEqual({ shards: SEED, ledger: SEED });
    const row = await t.db.db
      .selectFrom('jackpot_win')
      .selectAll()
      .where('round_id', '=', `${p.id}-${requestId}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ member_id: p.id, amount: String(before + 2n), seed: String(SEED) });
    const paid = (await entries('JACKPOT')).filter((e) => e.member_id === p.id);
    expect(paid).toHaveLength(1);
    // The member's account record shows it.
    // Heard as a win (what the push channel tells the site at once).
    await vi.waitFor(() => expect(heard).toContainEqual([M, SEED, true]), { timeout: 3000 });
    expect(await checkLedger(t.db.db)).toEqual([]);

    // Shown on the site: the jackpot call's winners, the winner board's head, and the back office.
    const view = await id.ok<Jackpot>('/wps/game/jackpot?limit=1');
    expect(view.winners).toHaveLength(1);
    expect(view.winners[0]).toMatchObject({ winAmount: won.jackpotWin, betAmount: 2, gameCode: HOUSE_GAME });
    expect(view.winners[0]!.account).toMatch(/^[a-z0-9]{2}\*\*\*[a-z0-9]$/);
    expect(view.winners[0]!.account).not.toBe(p.username);
    const board = await id.ok<{ list: { vo: Winner }[] }>('/wps/relay/ODSFE2_getWinnerBoard');
    expect(board.list[0]!.vo).toMatchObject({ jackpot: true, winAmount: won.jackpotWin, betAmount: 2 });
    const house = await id.ok<AdminHouseGame[]>('/wps/admin/games/house', {
      headers: { 'x-api-key': ADMIN_KEY },
    });
    expect(house[0]!.settings).toContainEqual({ key: 'jackpotPool', value: '5000.00' });
    const [paytable, jackpotReturn, total] = house[0]!.figures.map((f) => f.rtp);
    expect(paytable).toBeCloseTo(96.15, 2);
    expect([jackpotReturn, total]).toEqual([1.25, 97.4]);
  });

  it('a replayed round pays nothing more, however it is replayed', async () => {
    const p = await player('100.00');
    const { jackpot, slot } = slotWith(alwaysWins);
    const requestId = rid();
    // The same request twice at once, then again: one outcome, one win.
    const [a, b] = await Promise.all([0, 1].map(() => slot.spin(p.ticket, M, { bet: 2, requestId })));
    expect(a!.jackpotWin).toBeGreaterThan(0);
    expect(b!.jackpotWin).toBe(a!.jackpotWin);
    const balance = await main(p.id);
    const counts = { wins: await id.count('jackpot_win'), entries: await id.count('ledger_entry') };
    const again = await slot.spin(p.ticket, M, { bet: 2, requestId });
    expect(again.jackpotWin).toBe(a!.jackpotWin);
    expect(again.balance).toBe(a!.balance);
    // The round settled again by the sweeper's path: the bet is closed, nothing moves.
    await t.services.providers.seamless.credit(
      { merchant: M, vendor: 'HOUSE', memberId: p.id, walletVendor: null },
      `${p.id}-${requestId}`,
      minor(a!.totalWin),
      200n,
    );
    // Storing the round's jackpot again, as a faulty caller would: refused, nothing moves.
    const roundId = `${p.id}-${requestId}`;
    const accounts = await jackpot.prepare(M, p.id, null);
    const round = {
      merchant: M,
      vendor: 'HOUSE',
      roundId,
      memberId: p.id,
      walletVendor: null,
      gameType: 'RNG',
      gameCode: HOUSE_GAME,
      gameName: 'Dragon Fortune',
      stake: 200n,
    };
    expect(
      (await jackpot.storeRound(accounts, round, true, () => Promise.resolve(undefined))).win,
    ).toBeNull();
    await expect(jackpot.storeRound(accounts, round, true, () => Promise.resolve(true))).rejects.toThrow();
    expect(await main(p.id)).toBe(balance);
    expect(await id.count('jackpot_win')).toBe(counts.wins);
    expect(await id.count('ledger_entry')).toBe(counts.entries);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('two members spinning at once lose no contribution; two wins at once pay the pool once', async () => {
    const [a, b] = await Promise.all([player('500.00'), player('500.00')]);
    const { slot } = slotWith(neverWins);
    const before = (await pool()).shards;
    const contributions = (await entries('JACKPOT_IN')).length;
    const spins = 40;
    // 2.00 (2 cents each) and 4.00 (4 cents each): every contribution is whole.
    await Promise.all(
      Array.from({ length: spins }, (_, i) =>
        i % 2 === 0
          ? slot.spin(a.ticket, M, { bet: 2, requestId: rid() })
          : slot.spin(b.ticket, M, { bet: 4, requestId: rid() }),
      ),
    );
    expect((await entries('JACKPOT_IN')).length).toBe(contributions + spins);
    const grown = before + 20n * 2n + 20n * 4n;
    expect(await pool()).toEqual({ shards: grown, ledger: grown });

    // Both members win at once: one takes the pool, the other the fresh seed (plus its own share).
    const winning = slotWith(alwaysWins).slot;
    const full = (await pool()).shards;
    const [x, y] = await Promise.all([
      winning.spin(a.ticket, M, { bet: 2, requestId: rid() }),
      winning.spin(b.ticket, M, { bet: 2, requestId: rid() }),
    ]);
    const paid = [minor(x.jackpotWin!), minor(y.jackpotWin!)].sort((p, q) => (p < q ? -1 : 1));
    expect(paid).toEqual([SEED + 2n, full + 2n]);
    expect(await pool()).toEqual({ shards: SEED, ledger: SEED });
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('refuses bad input to the jackpot call with a clear error', async () => {
    await id.fails('/wps/game/jackpot?limit=0', {}, 400, 'request.invalid');
    await id.fails('/wps/game/jackpot?limit=abc', {}, 400, 'request.invalid');
    await id.fails('/wps/game/jackpot?limit=11', {}, 400, 'request.invalid');
    await id.fails('/wps/game/jackpot?pool=SLOTS', {}, 400, 'request.invalid');
    // A brand with no eligible spin yet shows the seed it will start from.
    const lotus = await id.ok<Jackpot>('/wps/game/jackpot?pool=ALL', { host: 'lotus.localhost' });
    expect(lotus).toMatchObject({ amount: 5000, lead: 0, winners: [] });
  });
});
