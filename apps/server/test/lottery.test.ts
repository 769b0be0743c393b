/**
 * The lottery through its HTTP calls: menus and opened draws, the game info, bet slips
 * (validation, lock time, idempotent retries, all-or-nothing), the draw job (a result drawn once
 * and paid once, whoever runs it and however often), my bets and recent games, popular lotteries,
 * the launch of a lottery game, and the operator's cancel (refunds once).
 * Fast draws are every 8 s here (betting closes 2 s before each draw).
 */
import { randomBytes } from 'node:crypto';
import {
  fromMinor,
  toMinor,
  type LaunchGame,
  type LotteryBet,
  type LotteryBetResult,
  type LotteryCancelResult,
  type LotteryDraws,
  type LotteryGameGroup,
  type LotteryGameInfo,
  type LotteryItem,
  type LotteryMenu,
  type LotteryMyBets,
  type LotteryOpened,
  type LotteryOpenNumero,
  type PopularGame,
  type WalletBalance,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitsOf, payoutOf, type DrawnResult } from '../src/modules/lottery/lottery-rules';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { buildPlatformOn, buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const ENV = { ADMIN_API_KEY: ADMIN_KEY, LOTTERY_FAST_SECONDS: '8' };
const KENO = { vendor: 'ELOTT', gameCode: 'keno' };
const NORTH = { vendor: 'TCG_LOTTO_VN', gameCode: 'northern-lottery' };

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp(ENV);
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rid = () => `lt${randomBytes(8).toString('hex')}`;

const info = (g: { vendor: string; gameCode: string }, m?: NewMember) =>
  id.ok<LotteryGameInfo>(
    `/lgw/lottery/game?gameCode=${g.gameCode}&vendor=${g.vendor}`,
    m ? { token: m.token } : {},
  );
const balance = async (m: NewMember) => (await info(KENO, m)).balance!;

async function player(amount: string): Promise<NewMember> {
  const m = await id.registerGolden();
  await id.credit(m.username, amount, ADMIN_KEY);
  return m;
}

/** Waits for a fast draw taking bets with at least `leftMs` to its lock; answers the game info. */
async function open(m: NewMember, leftMs = 2_500): Promise<LotteryGameInfo> {
  for (let i = 0; i < 50; i++) {
    const g = await info(KENO, m);
    const d = g.currentDraw!;
    if (d.status === 'OPEN' && d.remainTime >= leftMs) return g;
    await sleep(d.winningTime - g.serverTime + 100);
  }
  throw new Error('no open draw');
}

const bet = (m: NewMember, body: Record<string, unknown>) =>
  id.send<LotteryBetResult>('/lgw/lottery/bet', { token: m.token, body: { ...KENO, ...body } });
const betOk = (m: NewMember, body: Record<string, unknown>) =>
  id.ok<LotteryBetResult>('/lgw/lottery/bet', { token: m.token, body: { ...KENO, ...body } });

const drawRow = (numero: string, g = KENO) =>
  t.db.db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('merchant_code', '=', 'GOLDEN')
    .where('vendor_code', '=', g.vendor)
    .where('game_code', '=', g.gameCode)
    .where('numero', '=', numero)
    .executeTakeFirst();

/** Waits until the draw's time has passed (the app's own job may settle it meanwhile). */
async function pastDraw(g: LotteryGameInfo): Promise<void> {
  const wait = g.currentDraw!.winningTime - Date.now() + 100;
  if (wait > 0) await sleep(wait);
}

/** Runs the draw job until the draw is settled; answers its row. */
async function settled(numero: string) {
  for (let i = 0; i < 50; i++) {
    await t.services.lottery.draws.tick(['GOLDEN']);
    const d = await drawRow(numero);
    if (d?.status === 'SETTLED') return d;
    await sleep(200);
  }
  throw new Error(`draw ${numero} not settled`);
}

/** What a slip pays by the stored result (lottery-rules), minor units. */
function expectedPayout(bets: LotteryBet[], result: DrawnResult): bigint {
  return bets.reduce(
    (a, b) =>
      a +
      payoutOf(
        toMinor(b.stake)!,
        Math.round(b.odds * 100),
        hitsOf('THREE_BALL', b.betType, b.numbers, result),
      ),
    0n,
  );
}

describe('lottery menus and draws', () => {
  it('menus group the brand’s lottery games by tag with their current draw; groups by vendor', async () => {
    const menus = await id.ok<LotteryMenu[]>('/lgw/games/game_menus');
    expect(menus.map((m) => m.tag)).toEqual(['VN', 'SEA', 'FAST']);
    const fast = menus.find((m) => m.tag === 'FAST')!.gameMenus;
    expect(fast.map((i) => i.gameCode).sort()).toEqual(
      ['bingo-75', 'fast-dice', 'keno', 'lucky-28', 'lucky-numbers', 'speed-racing'].sort(),
    );
    const keno = fast.find((i) => i.gameCode === 'keno')!;
    expect(keno).toMatchObject({
      vendor: 'ELOTT',
      gameType: 'ELOTT',
      family: 'FAST',
      drawDayOfWeek: '1,2,3,4,5,6,7',
    });
    expect(keno.winningTime! - keno.lockTime!).toBe(2_000);
    expect(keno.numero).toMatch(/^\d+$/);
    // SPEC section 9: ELOTT holds no TCG_LOTTO_VN or LOTT (Lott); the LOTT category does (Elott).
    expect(keno.prizeMode).toBe('Lott');
    const north = menus
      .find((m) => m.tag === 'VN')!
      .gameMenus.find((i) => i.gameCode === 'northern-lottery')!;
    expect(north).toMatchObject({ prizeMode: 'Elott', family: 'DIGIT', drawDayOfWeek: '1,2,3,4,5,6,7' });
    expect(north.numero).toMatch(/^20\d{6}$/);
    // Digit draws are at local times of the brand's time zone.
    const { timezone } = await t.db.db
      .selectFrom('merchant')
      .select('timezone')
      .where('code', '=', 'GOLDEN')
      .executeTakeFirstOrThrow();
    const local = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: timezone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(ms);
    expect([local(north.lockTime!), local(north.winningTime!)]).toEqual(['18:00', '18:15']);
    // Asked for a prize mode and a type.
    const elott = await id.ok<LotteryMenu[]>('/lgw/games/game_menus?gameType=ELOTT&prizeMode=zy');
    expect(elott.map((m) => m.tag)).toEqual(['FAST']);
    expect(elott[0]!.gameMenus.every((i) => i.prizeMode === 'ZY' && i.gameType === 'ELOTT')).toBe(true);

    const groups = await id.ok<LotteryGameGroup[]>('/lgw/vn/games/game_menu');
    expect(groups.map((g) => g.gameGroupCode)).toEqual(['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT']);
    expect(groups[0]!.gameMenus).toHaveLength(4);
  });

  it('the game info lists the bet types with odds, RTP and stake limits; balance only with a session', async () => {
    const anon = await info(KENO);
    expect(anon.balance).toBeNull();
    expect(anon).toMatchObject({ family: 'FAST', table: 'THREE_BALL', intervalSeconds: 8, lockSeconds: 2 });
    expect(anon.betTypes.map((b) => b.betType)).toEqual(['BIG', 'SMALL', 'ODD', 'EVEN', 'SUM', 'NUMBER']);
    const sum = anon.betTypes.find((b) => b.betType === 'SUM')!;
    expect(sum.oddsBySum).toHaveLength(28);
    for (const b of anon.betTypes) expect(b.rtp).toBeLessThanOrEqual(95);
    const north = await info(NORTH);
    expect(north).toMatchObject({ table: 'NORTH', drawTime: '18:15', lockSeconds: 900, prizeMode: 'Elott' });
    expect(north.betTypes.find((b) => b.betType === 'LO2')).toMatchObject({
      multiHit: true,
      maxStake: 10_000,
    });
    await id.fails('/lgw/lottery/game?gameCode=no-such-game', {}, 404, 'game.unknown');
  });
});

describe('betting and settlement', () => {
  it('a slip is one debit; the draw pays what payoutOf says, once, however often and wherever the job runs', async () => {
    const m = await player('100.00');
    const g = await open(m);
    const numero = g.currentDraw!.numero;
    const placed = await betOk(m, {
      numero,
      requestId: rid(),
      lines: [
        { betType: 'BIG', numbers: [], amount: '2.00' },
        { betType: 'SMALL', numbers: [], amount: '1.00' },
        { betType: 'SUM', numbers: ['13'], amount: '0.50' },
        { betType: 'NUMBER', numbers: ['7'], amount: '0.50' },
      ],
    });
    expect(placed.bets).toHaveLength(4);
    expect(placed.bets.map((b) => b.status)).toEqual(['OPEN', 'OPEN', 'OPEN', 'OPEN']);
    expect(placed.bets[3]!.numbers).toEqual(['007']);
    expect(placed.bets[0]!.prizeMode).toBe('Lott');
    expect(placed.balance).toBe(96);
    // One bet in the ledger for the slip.
    const ledgerBets = await t.db.db
      .selectFrom('bet_record')
      .select(['stake'])
      .where('member_id', '=', m.id)
      .execute();
    expect(ledgerBets.map((b) => String(b.stake))).toEqual(['400']);

    await pastDraw(g);
    const second = await buildPlatformOn(t.db, ENV);
    try {
      await Promise.all([
        t.services.lottery.draws.tick(['GOLDEN']),
        t.services.lottery.draws.tick(['GOLDEN']),
        second.services.lottery.draws.tick(['GOLDEN']),
        second.services.lottery.draws.settleDraw(),
      ]);
    } finally {
      await second.app.close();
    }
    const d = await settled(numero);
    const result = d.result as DrawnResult;
    const again = await drawRow(numero);
    expect(again!.result).toEqual(result);
    await t.services.lottery.draws.tick(['GOLDEN']);

    const pay = expectedPayout(placed.bets, result);
    expect(pay).toBeGreaterThan(0n); // BIG or SMALL always wins
    expect(await balance(m)).toBe(fromMinor(toMinor('96.00')! + pay));
    const mine = await id.ok<LotteryMyBets>(`/lgw/lottery/bets?gameCode=keno&vendor=ELOTT`, {
      token: m.token,
    });
    expect(mine.list).toHaveLength(4);
    expect(mine.list.every((b) => b.drawStatus === 'SETTLED' && b.result !== null)).toBe(true);
    expect(mine.list.reduce((a, b) => a + toMinor(b.payout!)!, 0n)).toBe(pay);
    for (const b of mine.list) expect(b.status).toBe(b.hits! > 0 ? 'WON' : 'LOST');

    const opened = await id.ok<LotteryOpened>(
      '/lgw/vn/numeros/opened/game?gameCode=keno&vendor=ELOTT&count=5',
    );
    expect(opened.list[0]!.numero >= numero).toBe(true);
    const mineDraw = opened.list.find((x) => x.numero === numero)!;
    expect(mineDraw.result!.winningNumber).toBe(result.prizes[0]!.numbers.join(''));
    expect(mineDraw.status).toBe('SETTLED');
    const numeros = await id.ok<LotteryOpenNumero[]>('/lotto/lgw/games/opened/numero?gameType=ELOTT');
    expect(numeros.find((n) => n.gameCode === 'keno')!.numero).toMatch(/^\d+$/);
    const draws = await id.ok<LotteryDraws>('/lgw/lottery/draws?gameCode=keno&count=3');
    expect(draws.list.length).toBeGreaterThan(0);

    const recent = await id.ok<LotteryItem[]>('/lgw/vn/games/game_menu/recent', { token: m.token });
    expect(recent[0]!.gameCode).toBe('keno');
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('an interrupted settlement is finished without redrawing or paying twice; an unfinished placement is voided', async () => {
    const m = await player('10.00');
    const g = await open(m);
    const numero = g.currentDraw!.numero;
    const placed = await betOk(m, {
      numero,
      requestId: rid(),
      lines: [
        { betType: 'BIG', numbers: [], amount: '1.00' },
        { betType: 'SMALL', numbers: [], amount: '1.00' },
      ],
    });
    // A slip whose stake never came (the placing instance died after inserting it).
    const draw = (await drawRow(numero))!;
    await t.db.db
      .insertInto('lottery_bet')
      .values({
        draw_id: draw.id,
        merchant_code: 'GOLDEN',
        member_id: m.id,
        node_id: String(g.nodeId),
        vendor_code: 'ELOTT',
        game_code: 'keno',
        request_id: rid(),
        line_no: 0,
        bet_type: 'ODD',
        numbers: '[]',
        stake: 500n,
        odds: 190,
        prize_mode: 'Lott',
      })
      .execute();
    await pastDraw(g);
    const first = await settled(numero);
    const paid = await balance(m);
    expect(paid).toBe(fromMinor(toMinor('8.00')! + expectedPayout(placed.bets, first.result as DrawnResult)));
    // The settling instance "died" after paying, before marking its lines.
    await t.db.db
      .updateTable('lottery_bet')
      .set({ status: 'OPEN', hits: null, payout: null })
      .where('member_id', '=', m.id)
      .where('status', 'in', ['WON', 'LOST'])
      .execute();
    await t.db.db
      .updateTable('lottery_draw')
      .set({ status: 'DRAWN', settled_at: null, lease_until: null })
      .where('id', '=', first.id)
      .execute();
    const again = await settled(numero);
    expect(again.result).toEqual(first.result);
    expect(await balance(m)).toBe(paid);
    const mine = await id.ok<LotteryMyBets>('/lgw/lottery/bets', { token: m.token });
    expect(mine.list.map((b) => b.status).sort()).toEqual(['LOST', 'VOID', 'WON']);
    expect(mine.list.find((b) => b.status === 'VOID')!.payout).toBe(0);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('a retried requestId is the same slip, charged once; another slip under it is a conflict', async () => {
    const m = await player('20.00');
    const g = await open(m);
    const body = {
      numero: g.currentDraw!.numero,
      requestId: rid(),
      lines: [{ betType: 'ODD', numbers: [], amount: '3.00' }],
    };
    const [a, b] = await Promise.all([betOk(m, body), betOk(m, body)]);
    expect(a.bets[0]!.betId).toBe(b.bets[0]!.betId);
    const c = await betOk(m, body);
    expect(c.bets[0]!.betId).toBe(a.bets[0]!.betId);
    expect(await balance(m)).toBe(17);
    const r = await bet(m, { ...body, lines: [{ betType: 'EVEN', numbers: [], amount: '3.00' }] });
    expect(r.body).toMatchObject({ success: false, errorCode: 'wallet.reference.conflict' });
    expect(await balance(m)).toBe(17);
  });

  it('bad slips are refused with a clear code and change nothing', async () => {
    const m = await player('10.00');
    const g = await open(m, 4_000);
    const numero = g.currentDraw!.numero;
    const line = { betType: 'BIG', numbers: [], amount: '1.00' };
    const cases: [Record<string, unknown>, number, string][] = [
      // First: the only case that needs the draw still taking bets.
      [{ lines: [{ betType: 'BIG', numbers: [], amount: '11.00' }] }, 400, 'wallet.insufficient'],
      [{ lines: [{ betType: 'NUMBER', numbers: ['1000'], amount: '1.00' }] }, 400, 'lottery.bet.invalid'],
      [{ lines: [{ betType: 'SUM', numbers: ['28'], amount: '1.00' }] }, 400, 'lottery.bet.invalid'],
      [{ lines: [{ betType: 'BIG', numbers: ['1'], amount: '1.00' }] }, 400, 'lottery.bet.invalid'],
      [{ lines: [{ betType: 'LO2', numbers: ['12'], amount: '1.00' }] }, 400, 'lottery.bet.invalid'],
      [{ lines: [{ betType: 'BIG', numbers: [], amount: '1.005' }] }, 400, 'lottery.bet.invalid'],
      [{ lines: [{ betType: 'BIG', numbers: [], amount: '0.01' }] }, 400, 'lottery.stake.limit'],
      [{ lines: [{ betType: 'BIG', numbers: [], amount: '10000.01' }] }, 400, 'lottery.stake.limit'],
      [{ lines: [line, { betType: 'SUM', numbers: ['x'], amount: '1.00' }] }, 400, 'lottery.bet.invalid'],
      [{ lines: Array.from({ length: 21 }, () => line) }, 400, 'request.invalid'],
      [{ lines: [] }, 400, 'request.invalid'],
      [{ lines: [{ betType: 'MAYBE', numbers: [], amount: '1.00' }] }, 400, 'request.invalid'],
      [{ gameCode: 'no-such-game', lines: [line] }, 404, 'game.unknown'],
      [{ numero: String(Number(numero) + 5), lines: [line] }, 404, 'lottery.draw.unknown'],
      [{ numero: String(Number(numero) - 1), lines: [line] }, 409, 'lottery.betting.closed'],
    ];
    for (const [over, status, code] of cases) {
      await id.fails(
        '/lgw/lottery/bet',
        { token: m.token, body: { ...KENO, numero, requestId: rid(), ...over } },
        status,
        code,
      );
    }
    expect(await balance(m)).toBe(10);
    const mine = await id.ok<LotteryMyBets>('/lgw/lottery/bets', { token: m.token });
    // Not even the slip the balance could not cover leaves a line.
    expect(mine.list).toEqual([]);
    // A session is needed.
    await id.fails(
      '/lgw/lottery/bet',
      { body: { ...KENO, numero, requestId: rid(), lines: [line] } },
      401,
      'login.not.session',
    );
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('bets after the lock time are refused and change nothing', async () => {
    const m = await player('10.00');
    const g = await open(m, 0);
    const d = g.currentDraw!;
    await sleep(Math.max(0, d.lockTime - g.serverTime) + 100);
    const locked = await info(KENO, m);
    expect(locked.currentDraw).toMatchObject({ numero: d.numero, status: 'LOCKED', remainTime: 0 });
    await id.fails(
      '/lgw/lottery/bet',
      {
        token: m.token,
        body: {
          ...KENO,
          numero: d.numero,
          requestId: rid(),
          lines: [{ betType: 'BIG', numbers: [], amount: '1.00' }],
        },
      },
      409,
      'lottery.betting.closed',
    );
    expect(await balance(m)).toBe(10);
    const rows = await t.db.db.selectFrom('lottery_bet').select('id').where('member_id', '=', m.id).execute();
    expect(rows).toEqual([]);
  });

  it('a digit lottery takes lo / de / xien lines on its scheduled draw', async () => {
    const m = await player('10.00');
    const g = await info(NORTH, m);
    const d = g.currentDraw!;
    if (d.status !== 'OPEN') return; // inside the 15 minutes before the daily draw: nothing to test now
    const placed = await id.ok<LotteryBetResult>('/lgw/lottery/bet', {
      token: m.token,
      body: {
        ...NORTH,
        numero: d.numero,
        requestId: rid(),
        prizeMode: 'Lott',
        lines: [
          { betType: 'LO2', numbers: ['7'], amount: '1.00' },
          { betType: 'XIEN2', numbers: ['45', '07'], amount: '1.00' },
          { betType: 'DE3', numbers: ['123'], amount: '1.00' },
        ],
      },
    });
    expect(placed.bets.map((b) => b.numbers)).toEqual([['07'], ['07', '45'], ['123']]);
    expect(placed.bets.every((b) => b.prizeMode === 'Lott' && b.status === 'OPEN')).toBe(true);
    expect(placed.balance).toBe(7);
    await id.fails(
      '/lgw/lottery/bet',
      {
        token: m.token,
        body: {
          ...NORTH,
          numero: d.numero,
          requestId: rid(),
          lines: [{ betType: 'BIG', numbers: [], amount: '1.00' }],
        },
      },
      400,
      'lottery.bet.invalid',
    );
  });
});

describe('operator cancel', () => {
  const cancel = (numero: string) =>
    id.send<LotteryCancelResult>('/wps/admin/lottery/draws/cancel', {
      method: 'POST',
      body: { ...KENO, numero, reason: 'Feed failure' },
      headers: { merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY },
    });

  it('refunds every line of a draw once, however often it is called; a settled draw cannot be cancelled', async () => {
    const a = await player('10.00');
    const b = await player('10.00');
    const g = await open(a);
    const numero = g.currentDraw!.numero;
    const line = (amount: string) => ({ betType: 'EVEN', numbers: [], amount });
    await betOk(a, { numero, requestId: rid(), lines: [line('1.00'), line('2.00')] });
    await betOk(b, { numero, requestId: rid(), lines: [line('4.00')] });
    expect([await balance(a), await balance(b)]).toEqual([7, 6]);

    const [first, second] = await Promise.all([cancel(numero), cancel(numero)]);
    const answers = [first.body.value!, second.body.value!];
    expect(answers.every((x) => x.draw.status === 'CANCELLED')).toBe(true);
    expect(answers.reduce((n, x) => n + x.refunded, 0)).toBe(3);
    expect(answers.reduce((n, x) => n + x.amount, 0)).toBe(7);
    const third = await cancel(numero);
    expect(third.body.value).toMatchObject({ refunded: 0, amount: 0 });
    expect([await balance(a), await balance(b)]).toEqual([10, 10]);

    // The draw job leaves a cancelled draw alone.
    await pastDraw(g);
    await t.services.lottery.draws.tick(['GOLDEN']);
    expect((await drawRow(numero))!.status).toBe('CANCELLED');
    expect([await balance(a), await balance(b)]).toEqual([10, 10]);
    const mine = await id.ok<LotteryMyBets>('/lgw/lottery/bets', { token: a.token });
    expect(mine.list.map((x) => [x.status, x.drawStatus])).toEqual([
      ['VOID', 'CANCELLED'],
      ['VOID', 'CANCELLED'],
    ]);

    // A settled draw is refused.
    const settledDraw = await t.db.db
      .selectFrom('lottery_draw')
      .select('numero')
      .where('status', '=', 'SETTLED')
      // GOLDEN's: the brands share draw numbers, and LOTUS's draw of a number may be settled
      // while GOLDEN's is still open.
      .where('merchant_code', '=', 'GOLDEN')
      .where('vendor_code', '=', 'ELOTT')
      .where('game_code', '=', 'keno')
      .executeTakeFirst();
    if (settledDraw) {
      const r = await cancel(settledDraw.numero);
      expect(r.body).toMatchObject({ success: false, errorCode: 'lottery.draw.state' });
    }
    const unknown = await cancel('1');
    expect(unknown.body).toMatchObject({ success: false, errorCode: 'lottery.draw.unknown' });
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe('money at a transfer-wallet vendor', () => {
  const DS88_LOBBY = '/wps/game/launchGame?vendor=DS88&gameType=COCKFIGHT';
  const wallets = (m: NewMember) => id.ok<WalletBalance>('/wps/v2/wallets/balance', { token: m.token });
  const ds88 = (w: WalletBalance) => w.balance.find((b) => b.vendor === 'DS88')?.balance;

  it('a slip stakes what the member owns: the vendor wallets are recalled into main first', async () => {
    const m = await player('10.00');
    const g = await open(m, 4_000);
    // The member plays DS88 (its wallet takes the whole main balance), then comes back to bet.
    expect(await id.ok<LaunchGame>(DS88_LOBBY, { token: m.token })).toMatchObject({ transferred: 10 });
    expect((await wallets(m)).mainBalance).toBe(0);
    const placed = await betOk(m, {
      numero: g.currentDraw!.numero,
      requestId: rid(),
      lines: [{ betType: 'BIG', numbers: [], amount: '3.00' }],
    });
    expect(placed.balance).toBe(7);
    expect(placed.bets.map((b) => b.status)).toEqual(['OPEN']);
    const after = await wallets(m);
    expect([after.mainBalance, ds88(after), after.sumBalance]).toEqual([7, 0, 7]);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('the betting page shows the money held at vendor wallets, brought back to main', async () => {
    const m = await player('12.50');
    await id.ok<LaunchGame>(DS88_LOBBY, { token: m.token });
    expect(ds88(await wallets(m))).toBe(12.5);
    expect((await info(KENO, m)).balance).toBe(12.5);
    const after = await wallets(m);
    expect([after.mainBalance, ds88(after)]).toEqual([12.5, 0]);
    // Nothing left at a vendor: reading again moves nothing.
    const entries = await id.count('ledger_entry');
    expect((await info(KENO, m)).balance).toBe(12.5);
    expect(await id.count('ledger_entry')).toBe(entries);
  });

  it('a slip the balance cannot cover leaves no line; the same request id goes through once funded', async () => {
    const m = await player('2.00');
    const g = await open(m, 4_000);
    await id.ok<LaunchGame>(DS88_LOBBY, { token: m.token });
    const body = {
      numero: g.currentDraw!.numero,
      requestId: rid(),
      lines: [{ betType: 'ODD', numbers: [], amount: '5.00' }],
    };
    const refused = await bet(m, body);
    expect(refused.body).toMatchObject({ success: false, errorCode: 'wallet.insufficient' });
    const rows = () => t.db.db.selectFrom('lottery_bet').select('id').where('member_id', '=', m.id).execute();
    expect(await rows()).toEqual([]);
    expect((await id.ok<LotteryMyBets>('/lgw/lottery/bets', { token: m.token })).list).toEqual([]);
    expect(await id.ok<LotteryItem[]>('/lgw/vn/games/game_menu/recent', { token: m.token })).toEqual([]);
    expect((await wallets(m)).sumBalance).toBe(2);
    // Funded, the same slip (the page keeps its request id after a failure) is placed.
    await id.credit(m.username, '3.00', ADMIN_KEY);
    const placed = await betOk(m, body);
    expect(placed.bets.map((b) => [b.status, b.stake])).toEqual([['OPEN', 5]]);
    expect(placed.balance).toBe(0);
    expect(await rows()).toHaveLength(1);

    // Slips racing for one balance: those the wallet refuses (after the check passed for all of
    // them, or at the check) leave no line.
    await id.credit(m.username, '5.00', ADMIN_KEY);
    const race = await Promise.all(
      [1, 2, 3].map(() =>
        bet(m, { ...body, requestId: rid(), lines: [{ betType: 'EVEN', numbers: [], amount: '4.00' }] }),
      ),
    );
    expect(race.filter((r) => r.body.success)).toHaveLength(1);
    expect(race.filter((r) => !r.body.success).map((r) => r.body.errorCode)).toEqual([
      'wallet.insufficient',
      'wallet.insufficient',
    ]);
    expect(await rows()).toHaveLength(2);
    expect((await wallets(m)).sumBalance).toBe(1);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe('popular lotteries and launch', () => {
  it('popular asked for lotteries answers lottery games with their item', async () => {
    const both = await id.ok<PopularGame[]>('/lgw/games/popular?prizeMode=Elott&count=20');
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((p) => p.lottery && ['LOTT', 'ELOTT'].includes(p.gameType))).toBe(true);
    expect(both.every((p) => p.lottery!.prizeMode === 'Elott')).toBe(true);
    const elott = await id.ok<PopularGame[]>('/lgw/games/popular?gameType=ELOTT');
    expect(elott.every((p) => p.gameType === 'ELOTT' && p.lottery?.gameCode === p.gameCode)).toBe(true);
    const plain = await id.ok<PopularGame[]>('/lgw/games/popular');
    expect(plain.every((p) => p.lottery === undefined)).toBe(true);
  });

  it('launching a lottery game opens the /lottery page; the lobby launch opens its area', async () => {
    const m = await player('5.00');
    const l = await id.ok<LaunchGame>(`/wps/game/launchGame?vendor=ELOTT&gameCode=keno`, { token: m.token });
    expect(l).toMatchObject({ mode: 'PAGE', vendor: 'ELOTT', gameCode: 'keno', transferred: 0 });
    expect(l.url).toMatch(/^\/lottery\?gameCode=keno&vendor=ELOTT/);
    const lobby = await id.ok<LaunchGame>(
      `/wps/game/launchGame?launchMode=LOTT&lottoArea=VN&lottoView=lobby&lottoPrizeMode=Elott`,
      { token: m.token },
    );
    expect(lobby).toMatchObject({ mode: 'PAGE', vendor: 'TCG_LOTTO_VN' });
    expect(lobby.url).toBe('/lottery?vendor=TCG_LOTTO_VN');
    const game = await id.ok<LaunchGame>(
      `/wps/game/launchGame?launchMode=LOTT&lottoArea=SEA&lottoGameCode=thai-lottery&lottoView=betting&lottoPrizeMode=sea`,
      { token: m.token },
    );
    expect(game).toMatchObject({ mode: 'PAGE', vendor: 'TCG_SEA', gameCode: 'thai-lottery' });
    // The prize mode asked for reaches the betting page, which asks for the game in it.
    expect(new URL(game.url, 'http://x').searchParams.get('prizeMode')).toBe('SEA');
    const bad = await id.send<LaunchGame>('/wps/game/launchGame?launchMode=LOTT&lottoPrizeMode=Nope', {
      token: m.token,
    });
    expect(bad.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
    expect(await balance(m)).toBe(5);
  });
});
