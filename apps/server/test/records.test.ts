import type { BetRecordList, Profit, TransactionList } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetRepository } from '../src/modules/wallet/bet.repository';
import { BetService } from '../src/modules/wallet/bet.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const TRANS = '/wps/relay/ODSFE2_MemTransDet';
const BETS = '/wps/relay/ODSFE2_MemBetDet';
const PROFIT = '/wps/relay/ODSFE2_MemProfit';
const M = 'GOLDEN';
/** GOLDEN's zone (Asia/Manila) is UTC+8 all year. */
const ZONE_OFFSET = '+08:00';

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let bets: BetService;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  bets = new BetService(new BetRepository(t.db.db), ledger);
});
afterAll(async () => {
  await t?.close();
});

// ---- helpers ---------------------------------------------------------------------------------------

let seq = 0;
const rid = () => `req-${Date.now().toString(36)}-${++seq}`;

const DAY_MS = 86_400_000;
/** A day relative to today in the brand's zone (yyyy-MM-dd). */
function day(offset = 0): string {
  const local = new Date(Date.now() + 8 * 3_600_000 + offset * DAY_MS);
  return local.toISOString().slice(0, 10);
}

const query = (q: Record<string, string | number | undefined>) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const today = { startTime: day(), endTime: day() };

const transactions = (m: NewMember, q: Record<string, string | number | undefined> = {}) =>
  id.ok<TransactionList>(`${TRANS}?${query({ ...today, ...q })}`, { token: m.token });
const betRecords = (m: NewMember, q: Record<string, string | number | undefined> = {}) =>
  id.ok<BetRecordList>(`${BETS}?${query({ ...today, ...q })}`, { token: m.token });

async function adjust(username: string, amount: string, reason: string) {
  await id.adjust(username, amount, ADMIN_KEY, { merchant: M, reason });
}

async function transfer(m: NewMember, body: Record<string, unknown>) {
  await id.ok('/wps/relay/GCS_walletTransfer', { token: m.token, body: { requestId: rid(), ...body } });
}

/** An entry straight through the ledger, for movements other modules make (deposits, bonuses). */
async function post(
  memberId: string,
  kind: string,
  legs: [Parameters<LedgerService['account']>[1], boolean, bigint][],
) {
  const postings = [];
  for (const [accountKind, own, amount] of legs)
    postings.push({ accountId: await ledger.account(M, accountKind, own ? memberId : null), amount });
  await ledger.post(t.db.db, { merchant: M, reference: `test:${rid()}`, kind, memberId, postings });
}

const row = (list: TransactionList['list'], type: string) => list.filter((r) => r.type === type);

// ---- account record ----------------------------------------------------------------------------------

describe('account record (ODSFE2_MemTransDet)', () => {
  let a: NewMember;
  let other: NewMember;
  let agentToken: string;
  let uplineRequest: string;

  beforeAll(async () => {
    a = await id.registerGolden({ affiliateCode: 'GOLD2026' });
    other = await id.registerGolden();
    await id.ok('/wps/member/password/payment', {
      token: a.token,
      body: { password: a.password, newPaymentPassword: '654321' },
      encrypt: true,
    });
    await adjust(a.username, '500', 'Welcome credit');
    await transfer(a, { direction: 'IN', vendor: 'JILI', amount: '100' });
    const r = `R${rid()}`;
    await bets.placeBet(M, a.id, {
      vendor: 'PP',
      gameType: 'RNG',
      gameCode: 'gates',
      gameName: 'Gates',
      roundId: r,
      stake: 50_00n,
    });
    await bets.settleBet(M, 'PP', r, { payout: 80_00n, validBet: 50_00n });
    uplineRequest = rid();
    await id.ok('/wps/member/transfer/upline', {
      token: a.token,
      body: { requestId: uplineRequest, amount: '30', paymentPassword: '654321' },
      encrypt: true,
    });
    // Someone else's money moves too; it must never show in a's record.
    await adjust(other.username, '77', 'Other credit');
    await transfer(other, { direction: 'IN', vendor: 'EVO', amount: '7' });
    agentToken = (await id.loginOk({ username: 'agent01', password: 'agent1234' }, { ip: '10.201.0.1' }))
      .token;
  });

  it('lists every movement of the main and vendor wallets, newest first, signed, with balances after', async () => {
    const page = await transactions(a);
    expect(page.totalCount).toBe(6);
    expect(page.totalPages).toBe(1);
    const ids = page.list.map((r) => BigInt(r.id));
    expect([...ids].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0))).toEqual(ids);
    const shape = page.list.map((r) => [r.type, r.amount, r.balanceAfter, r.wallet]);
    // Newest first; the two legs of the transfer are one entry (their order is the postings').
    expect(shape[0]).toEqual(['UPLINE_TRANSFER', -30, 400, 'MAIN']);
    expect(shape[1]).toEqual(['PAYOUT', 80, 430, 'MAIN']);
    expect(shape[2]).toEqual(['BET', -50, 350, 'MAIN']);
    expect(shape.slice(3, 5)).toEqual(
      expect.arrayContaining([
        ['TRANSFER_IN', -100, 400, 'MAIN'],
        ['TRANSFER_IN', 100, 100, 'JILI'],
      ]),
    );
    expect(shape[5]).toEqual(['ADJUSTMENT', 500, 500, 'MAIN']);
    expect(row(page.list, 'ADJUSTMENT')[0]!.remark).toBe('Welcome credit');
    expect(row(page.list, 'BET')[0]!.remark).toBeNull();
    expect(row(page.list, 'UPLINE_TRANSFER')[0]!.reference).toBe(`UPLINE:${a.id}:${uplineRequest}`);
    // Only money entering or leaving the member: the credit and the payout in, the stake and the
    // upline transfer out; the move from main to the JILI wallet is neither.
    expect(page.totalIn).toBe(580);
    expect(page.totalOut).toBe(80);
    for (const r of page.list) expect(new Date(r.time).getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it('pages, filters by type, and keeps the totals over the whole filtered range', async () => {
    const all = await transactions(a);
    const pages: TransactionList[] = [];
    for (let pageNo = 1; pageNo <= 3; pageNo++) pages.push(await transactions(a, { pageNo, pageSize: 2 }));
    expect(pages.map((p) => p.totalPages)).toEqual([3, 3, 3]);
    expect(pages.flatMap((p) => p.list)).toEqual(all.list);
    for (const p of pages) expect([p.totalIn, p.totalOut, p.totalCount]).toEqual([580, 80, 6]);
    const beyond = await transactions(a, { pageNo: 9, pageSize: 2 });
    expect(beyond.list).toEqual([]);

    const transfers = await transactions(a, { type: 'TRANSFER_IN' });
    // Both legs are listed; between the member's own wallets, nothing came in or went out.
    expect(transfers).toMatchObject({ totalCount: 2, totalIn: 0, totalOut: 0 });
    const none = await transactions(a, { type: 'DEPOSIT' });
    expect(none).toMatchObject({ list: [], totalCount: 0, totalPages: 1, totalIn: 0, totalOut: 0 });
  });

  it('filters by calendar day in the brand zone', async () => {
    expect((await transactions(a, { startTime: day(-30), endTime: day() })).totalCount).toBe(6);
    expect((await transactions(a, { startTime: day(-3), endTime: day(-1) })).totalCount).toBe(0);
    expect((await transactions(a, { startTime: day(1), endTime: day(2) })).totalCount).toBe(0);
  });

  it('an upline sees what it received; nobody sees anyone else', async () => {
    const agent = await id.ok<TransactionList>(`${TRANS}?${query({ ...today, type: 'UPLINE_TRANSFER' })}`, {
      token: agentToken,
    });
    expect(agent.list).toHaveLength(1);
    expect(agent.list[0]).toMatchObject({
      type: 'UPLINE_TRANSFER',
      amount: 30,
      wallet: 'MAIN',
      reference: `UPLINE:${a.id}:${uplineRequest}`,
    });
    const mine = await transactions(a);
    const theirs = await transactions(other);
    expect(theirs.totalCount).toBe(3);
    const mineRefs = new Set(mine.list.map((r) => r.reference));
    expect(theirs.list.some((r) => mineRefs.has(r.reference))).toBe(false);
    expect(mine.list.some((r) => r.remark === 'Other credit')).toBe(false);
  });
});

// ---- range rules -------------------------------------------------------------------------------------

describe('date ranges', () => {
  let m: NewMember;
  beforeAll(async () => {
    m = await id.registerGolden();
  });

  it('refuses impossible, reversed, too long and too old ranges on every record', async () => {
    const bad: [string, string][] = [
      ['2026-02-30', '2026-03-01'],
      ['2025-13-01', '2025-13-02'],
      [day(), day(-1)],
      [day(-31), day()],
      [day(-91), day(-80)],
    ];
    for (const url of [TRANS, BETS, PROFIT]) {
      for (const [startTime, endTime] of bad) {
        await id.fails(
          `${url}?${query({ startTime, endTime })}`,
          { token: m.token },
          400,
          'record.range.invalid',
        );
      }
      await id.fails(
        `${url}?${query({ startTime: 'yesterday', endTime: day() })}`,
        { token: m.token },
        400,
        'request.invalid',
      );
      await id.fails(`${url}?${query({ endTime: day() })}`, { token: m.token }, 400, 'request.invalid');
      await id.fails(`${url}?${query(today)}`, {}, 401, 'login.not.session');
      // The limits themselves are allowed: 31 days counted inclusively, a start 90 days back.
      await id.ok(`${url}?${query({ startTime: day(-30), endTime: day() })}`, { token: m.token });
      await id.ok(`${url}?${query({ startTime: day(-90), endTime: day(-60) })}`, { token: m.token });
    }
  });
});

// ---- betting record and profit -----------------------------------------------------------------------

describe('betting record (ODSFE2_MemBetDet) and profit (ODSFE2_MemProfit)', () => {
  let c: NewMember;
  const round = () => `R${rid()}`;
  const place = (vendor: string, gameType: string, roundId: string, stake: bigint) =>
    bets.placeBet(M, c.id, { vendor, gameType, gameCode: 'g1', gameName: `${vendor} game`, roundId, stake });

  beforeAll(async () => {
    c = await id.registerGolden();
    await adjust(c.username, '1000', 'Stake money');
    const [c1, c2, c3, c4] = [round(), round(), round(), round()];
    await place('JILI', 'RNG', c1, 100_00n);
    await bets.settleBet(M, 'JILI', c1, { payout: 250_00n, validBet: 100_00n });
    await place('EVO', 'LIVE', c2, 200_00n);
    await bets.settleBet(M, 'EVO', c2, { payout: 0n, validBet: 200_00n });
    await place('JILI', 'FISH', c3, 50_00n);
    await place('PP', 'RNG', c4, 30_00n);
    await bets.voidBet(M, 'PP', c4);
    // Other cashier movements of the main wallet.
    await post(c.id, 'DEPOSIT', [
      ['PAYMENT_CLEARING', false, -300_00n],
      ['MAIN', true, 300_00n],
    ]);
    await post(c.id, 'WITHDRAW', [
      ['MAIN', true, -100_00n],
      ['WITHDRAW_HOLD', true, 100_00n],
    ]);
    await post(c.id, 'WITHDRAW_PAID', [
      ['WITHDRAW_HOLD', true, -100_00n],
      ['PAYMENT_CLEARING', false, 100_00n],
    ]);
    await post(c.id, 'WITHDRAW', [
      ['MAIN', true, -40_00n],
      ['WITHDRAW_HOLD', true, 40_00n],
    ]);
    await post(c.id, 'WITHDRAW_RETURN', [
      ['WITHDRAW_HOLD', true, -40_00n],
      ['MAIN', true, 40_00n],
    ]);
    await post(c.id, 'BONUS', [
      ['PROMOTION_EXPENSE', false, -20_00n],
      ['MAIN', true, 20_00n],
    ]);
    await post(c.id, 'REBATE', [
      ['PROMOTION_EXPENSE', false, -5_00n],
      ['MAIN', true, 5_00n],
    ]);
  });

  it('lists the member’s bets newest first, with win/loss and sums over the range', async () => {
    const page = await betRecords(c);
    expect(page.totalCount).toBe(4);
    expect(
      page.list.map((b) => [b.vendor, b.gameType, b.stake, b.validBet, b.payout, b.winLoss, b.status]),
    ).toEqual([
      ['PP', 'RNG', 30, 0, 0, 0, 'VOID'],
      ['JILI', 'FISH', 50, 0, 0, 0, 'OPEN'],
      ['EVO', 'LIVE', 200, 200, 0, -200, 'SETTLED'],
      ['JILI', 'RNG', 100, 100, 250, 150, 'SETTLED'],
    ]);
    expect(page.list[1]!.settleTime).toBeNull();
    expect(page.list[3]!.settleTime).not.toBeNull();
    expect(page.list[3]!.gameName).toBe('JILI game');
    expect(page.summary).toEqual({ count: 4, stake: 380, validBet: 300, payout: 250, winLoss: -50 });

    const rng = await betRecords(c, { gameType: 'RNG' });
    expect(rng.list.map((b) => b.vendor)).toEqual(['PP', 'JILI']);
    expect(rng.summary).toEqual({ count: 2, stake: 130, validBet: 100, payout: 250, winLoss: 150 });
    const jili = await betRecords(c, { vendor: 'jili' });
    expect(jili.list.map((b) => b.gameType)).toEqual(['FISH', 'RNG']);
    const paged = await betRecords(c, { pageNo: 2, pageSize: 3 });
    expect(paged).toMatchObject({ totalPages: 2, totalCount: 4 });
    expect(paged.list.map((b) => b.vendor)).toEqual(['JILI']);
    expect(paged.summary.count).toBe(4);
    await id.fails(
      `${BETS}?${query({ ...today, gameType: 'POKER' })}`,
      { token: c.token },
      400,
      'request.invalid',
    );

    // Nobody else sees them.
    const stranger = await id.registerGolden();
    expect((await betRecords(stranger)).totalCount).toBe(0);
  });

  it('reads days in the brand zone: a bet at 23:59:59 local belongs to that day', async () => {
    const late = round();
    const early = round();
    await place('CQ9', 'RNG', late, 1_00n);
    await place('CQ9', 'RNG', early, 2_00n);
    const midnight = new Date(`${day()}T00:00:00${ZONE_OFFSET}`);
    await t.db.db
      .updateTable('bet_record')
      .set({ placed_at: new Date(midnight.getTime() - 1000) })
      .where('round_id', '=', late)
      .execute();
    await t.db.db
      .updateTable('bet_record')
      .set({ placed_at: midnight })
      .where('round_id', '=', early)
      .execute();
    const todays = await betRecords(c, { vendor: 'CQ9' });
    expect(todays.list.map((b) => b.roundId)).toEqual([early]);
    const yesterdays = await betRecords(c, { vendor: 'CQ9', startTime: day(-1), endTime: day(-1) });
    expect(yesterdays.list.map((b) => b.roundId)).toEqual([late]);
    await bets.voidBet(M, 'CQ9', late);
    await bets.voidBet(M, 'CQ9', early);
  });

  it('profit: settled bets per game type, deposits, net withdrawals, bonuses', async () => {
    const p = await id.ok<Profit>(`${PROFIT}?${query(today)}`, { token: c.token });
    expect(p).toEqual({
      rows: [
        { gameType: 'RNG', betCount: 1, stake: 100, validBet: 100, payout: 250, winLoss: 150 },
        { gameType: 'LIVE', betCount: 1, stake: 200, validBet: 200, payout: 0, winLoss: -200 },
      ],
      total: { betCount: 2, stake: 300, validBet: 300, payout: 250, winLoss: -50 },
      deposits: 300,
      withdrawals: 100,
      bonuses: 25,
      profit: -25,
    });
    const empty = await id.ok<Profit>(`${PROFIT}?${query({ startTime: day(-5), endTime: day(-2) })}`, {
      token: c.token,
    });
    expect(empty).toEqual({
      rows: [],
      total: { betCount: 0, stake: 0, validBet: 0, payout: 0, winLoss: 0 },
      deposits: 0,
      withdrawals: 0,
      bonuses: 0,
      profit: 0,
    });
    // The account record shows the cashier movements of the main wallet, not the hold's.
    const trans = await transactions(c);
    expect(trans.list.some((r) => r.reference.startsWith('test:') && r.type === 'WITHDRAW_RETURN')).toBe(
      true,
    );
    expect(trans.list.filter((r) => r.type === 'WITHDRAW').every((r) => r.amount < 0)).toBe(true);
  });
});

describe('the ledger', () => {
  it('is consistent after everything above', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
