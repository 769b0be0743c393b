import type { FastifyInstance } from 'fastify';
import type {
  CardsHistory,
  CardsInfo,
  CardsReport,
  CardsTable,
  LaunchGame,
  RoomList,
  WalletBalance,
} from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { buildAppOn, buildTestApp, type TestContext } from './helper';
import { ticketOf } from './game-ticket';
import { freezeTime, Identity, LOTUS, type NewMember } from './identity-client';

// The house card game (PVP): rooms, joining a hand, deciding, the showdown with the
// rake, recall, bad input, a full table, trial accounts, and many players at one table on
// several server instances at once.
const ADMIN_KEY = 'test-admin-key-0123456789';
const GAME = 'house-three-card-showdown';
const CYCLE_MS = 15_000;
const DECISION_MS = 10_000;

let t: TestContext;
let id: Identity;
let clock: ReturnType<typeof freezeTime> | null = null;
/** The latest moment a test has frozen the clock at: each test's hands come after the last test's. */
let latest = 0;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  if (clock) latest = Date.now();
  clock?.restore();
  clock = null;
});

const game = (token: string) => ({ headers: { 'x-game-token': token } });
const tokenOf = (url: string) => ticketOf(t.app, url);
const fund = (username: string, amount: string) => id.credit(username, amount, ADMIN_KEY);

async function launch(token: string, host?: string): Promise<string> {
  const l = await id.ok<LaunchGame>(`/wps/game/launchGame?vendor=HOUSE&gameCode=${GAME}`, {
    token,
    ...(host ? { host } : {}),
  });
  expect(l.url).toMatch(/^\/play\/cards\?code=[A-Za-z0-9_-]{43}&lang=/);
  return await tokenOf(l.url);
}

async function mainBalance(token: string): Promise<number> {
  return (await id.ok<WalletBalance>('/wps/v2/wallets/balance', { token })).sumBalance;
}

/** Freezes the clock just after a hand cycle starts, so the next hand is a whole cycle away. */
function atCycleStart(plusMs = 200): void {
  const start = (Math.floor(Math.max(Date.now(), latest) / CYCLE_MS) + 2) * CYCLE_MS + plusMs;
  clock = freezeTime(start);
}

const table = (ticket: string, roomId = 'bronze') =>
  id.ok<CardsTable>(`/wps/house/cards/table?roomId=${roomId}`, game(ticket));
const join = (ticket: string, handNo: number, roomId = 'bronze') =>
  id.ok<CardsTable>('/wps/house/cards/join', { ...game(ticket), body: { roomId, handNo } });
const act = (ticket: string, handNo: number, action: 'PLAY' | 'FOLD', roomId = 'bronze') =>
  id.ok<CardsTable>('/wps/house/cards/act', { ...game(ticket), body: { roomId, handNo, action } });

/** Moves the frozen clock to a moment (epoch ms). */
function goTo(at: number): void {
  clock!.advance(at - Date.now());
}

async function member(amount: string): Promise<NewMember & { ticket: string }> {
  const m = await id.registerGolden();
  if (amount !== '0') await fund(m.username, amount);
  return { ...m, ticket: await launch(m.token) };
}

describe('rooms and launch', () => {
  it('GLS2_roomList lists the rooms with stakes and seats, by GET or POST, without a login', async () => {
    const get = await id.ok<RoomList>('/wps/relay/GLS2_roomList?vassalage=HOUSE&gameType=PVP');
    const post = await id.ok<RoomList>('/wps/relay/GLS2_roomList', { method: 'POST', body: {} });
    for (const r of [get, post]) {
      expect(r.list.map((x) => [x.roomId, x.ante, x.minBuyIn, x.seats])).toEqual([
        ['bronze', 0.5, 1, 6],
        ['silver', 2, 4, 6],
        ['gold', 10, 20, 6],
      ]);
      expect(r.list[0]!.nextHandNo).toBe(Math.floor(Date.now() / CYCLE_MS) + 1);
    }
    await id.fails('/wps/relay/GLS2_roomList?vassalage=' + 'x'.repeat(41), {}, 400, 'request.invalid');
  });

  it('launches on the card client page; info publishes rake, return, timing and the house rule', async () => {
    const m = await member('50.00');
    const info = await id.ok<CardsInfo>('/wps/house/cards/info', game(m.ticket));
    expect(info).toMatchObject({
      vendor: 'HOUSE',
      gameCode: GAME,
      gameName: 'Three Card Showdown',
      balance: 50,
      seats: 6,
      rakePercent: 5,
      rtp: 95,
      decisionMs: DECISION_MS,
      cycleMs: CYCLE_MS,
      houseSeatRule: ['QS', '6H', '4D'],
    });
    expect(info.rooms).toHaveLength(3);
    expect(info.handRanks[0]).toBe('STRAIGHT_FLUSH');
  });
});

describe('a hand', () => {
  it('joins, plays, settles at once when everyone decided, pays the pot less the rake, recalls it', async () => {
    const m = await member('100.00');
    atCycleStart();
    const before = await table(m.ticket);
    expect(before.hand).toBeNull();
    const handNo = before.next.handNo;
    // Two clicks at once: one seat, one ante.
    const [a, b] = await Promise.all([join(m.ticket, handNo), join(m.ticket, handNo)]);
    expect(a!.next.seat).toBe(b!.next.seat);
    expect((await join(m.ticket, handNo)).balance).toBe(99.5);
    expect(await mainBalance(m.token)).toBe(99.5);

    goTo(handNo * CYCLE_MS + 100);
    const dealt = await table(m.ticket);
    const hand = dealt.hand!;
    expect(hand.handNo).toBe(handNo);
    expect(hand.settled).toBe(false);
    expect(hand.seats).toHaveLength(6);
    const mine = hand.seats.filter((s) => s.you);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.cards).toHaveLength(3);
    expect(hand.seats.filter((s) => s.kind === 'HOUSE')).toHaveLength(5);
    // The house seats' cards stay hidden until the showdown.
    expect(hand.seats.filter((s) => !s.you).every((s) => s.cards === null)).toBe(true);

    const [p1, p2] = await Promise.all([act(m.ticket, handNo, 'PLAY'), act(m.ticket, handNo, 'PLAY')]);
    await id.fails(
      '/wps/house/cards/act',
      { ...game(m.ticket), body: { roomId: 'bronze', handNo, action: 'FOLD' } },
      409,
      'cards.hand.closed',
    );
    const done = [p1!, p2!].find((x) => x.hand?.settled) ?? (await table(m.ticket));
    const shown = done.hand!;
    expect(shown.settled).toBe(true);
    expect(shown.seats.every((s) => s.cards?.length === 3 && s.rank !== null && s.action !== null)).toBe(
      true,
    );
    const me = shown.seats.find((s) => s.you)!;
    expect(me.action).toBe('PLAY');
    expect(me.stake).toBe(1);
    const pot = shown.seats.reduce((x, s) => x + s.stake, 0);
    expect(shown.pot).toBeCloseTo(pot, 2);
    expect(shown.rake).toBeCloseTo(Math.floor(pot * 100 * 0.05) / 100, 2);
    const paid = shown.seats.reduce((x, s) => x + s.payout!, 0);
    expect(paid + shown.rake!).toBeCloseTo(pot, 2);
    expect(await mainBalance(m.token)).toBeCloseTo(100 - 1 + me.payout!, 2);
    // A retried decision after the showdown answers the same result and moves nothing.
    await act(m.ticket, handNo, 'PLAY');
    expect(await mainBalance(m.token)).toBeCloseTo(100 - 1 + me.payout!, 2);

    const history = await id.ok<CardsHistory>('/wps/house/cards/history', game(m.ticket));
    expect(history.list).toHaveLength(1);
    expect(history.list[0]).toMatchObject({
      handNo,
      stake: 1,
      payout: me.payout,
      rake: shown.rake,
      settled: true,
    });

    const bets = await t.db.db.selectFrom('bet_record').selectAll().where('member_id', '=', m.id).execute();
    expect(bets).toHaveLength(2);
    expect(bets.every((r) => r.status === 'SETTLED' && r.vendor_code === 'HOUSE' && r.stake === '50')).toBe(
      true,
    );
    expect(await checkLedger(t.db.db)).toEqual([]);

    const report = await id.ok<CardsReport>('/wps/admin/house/cards/report', {
      headers: { 'x-api-key': ADMIN_KEY },
    });
    expect(report.total.rake).toBeGreaterThanOrEqual(shown.rake!);
    await id.fails('/wps/admin/house/cards/report', {}, 401, 'admin.unauthorized');
  });

  it('a player who does not decide in time folds; the hand settles when the window closes', async () => {
    const m = await member('10.00');
    atCycleStart();
    const handNo = (await table(m.ticket)).next.handNo;
    await join(m.ticket, handNo);
    goTo(handNo * CYCLE_MS + 100);
    expect((await table(m.ticket)).hand!.settled).toBe(false);
    goTo(handNo * CYCLE_MS + DECISION_MS + 10);
    await id.fails(
      '/wps/house/cards/act',
      { ...game(m.ticket), body: { roomId: 'bronze', handNo, action: 'PLAY' } },
      409,
      'cards.hand.closed',
    );
    const shown = (await table(m.ticket)).hand!;
    expect(shown.settled).toBe(true);
    const me = shown.seats.find((s) => s.you)!;
    expect(me.action).toBe('FOLD');
    expect(me.stake).toBe(0.5);
    expect(await mainBalance(m.token)).toBeCloseTo(9.5 + me.payout!, 2);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('refuses bad input with clear errors and moves nothing', async () => {
    const m = await member('0.60');
    atCycleStart();
    const handNo = (await table(m.ticket)).next.handNo;
    const send = (url: string, body: unknown, ticket = m.ticket) => ({
      ...game(ticket),
      body,
      method: 'POST' as const,
    });
    await id.fails('/wps/house/cards/info', {}, 401, 'game.token.invalid');
    await id.fails('/wps/house/cards/table?roomId=bronze', game('f'.repeat(64)), 401, 'game.token.invalid');
    await id.fails('/wps/house/cards/info', { ...game(m.ticket), host: LOTUS }, 401, 'game.token.invalid');
    await id.fails('/wps/house/cards/table?roomId=platinum', game(m.ticket), 400, 'request.invalid');
    await id.fails('/wps/house/cards/join', send('', { roomId: 'bronze' }), 400, 'request.invalid');
    await id.fails(
      '/wps/house/cards/join',
      send('', { roomId: 'bronze', handNo: -3 }),
      400,
      'request.invalid',
    );
    // A hand already dealt, or one further ahead than the next.
    await id.fails(
      '/wps/house/cards/join',
      send('', { roomId: 'bronze', handNo: handNo - 1 }),
      409,
      'cards.hand.closed',
    );
    await id.fails(
      '/wps/house/cards/join',
      send('', { roomId: 'bronze', handNo: handNo + 1 }),
      409,
      'cards.hand.closed',
    );
    // More than the wallet holds.
    await id.fails(
      '/wps/house/cards/join',
      send('', { roomId: 'silver', handNo }),
      400,
      'wallet.insufficient',
    );
    await id.fails(
      '/wps/house/cards/act',
      send('', { roomId: 'bronze', handNo, action: 'PLAY' }),
      409,
      'cards.not.seated',
    );
    await id.fails(
      '/wps/house/cards/act',
      send('', { roomId: 'bronze', handNo, action: 'RAISE' }),
      400,
      'request.invalid',
    );
    expect(await mainBalance(m.token)).toBe(0.6);
    expect((await table(m.ticket, 'silver')).next.seat).toBeNull();
    const bets = await t.db.db.selectFrom('bet_record').select('id').where('member_id', '=', m.id).execute();
    expect(bets).toHaveLength(0);

    // Seated with 0.60: the ante goes, the play bet (0.50) is more than the 0.10 left.
    await join(m.ticket, handNo);
    goTo(handNo * CYCLE_MS + 100);
    await id.fails(
      '/wps/house/cards/act',
      send('', { roomId: 'bronze', handNo, action: 'PLAY' }),
      400,
      'wallet.insufficient',
    );
    expect(await mainBalance(m.token)).toBeCloseTo(0.1, 2);
    // Still undecided: it may fold.
    const folded = await act(m.ticket, handNo, 'FOLD');
    expect(folded.hand!.settled).toBe(true);
    expect(folded.hand!.seats.find((s) => s.you)!.action).toBe('FOLD');
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('a full table refuses the seventh player; trial accounts play with play money', async () => {
    atCycleStart();
    const six = await Promise.all(Array.from({ length: 6 }, () => member('5.00')));
    const handNo = (await table(six[0]!.ticket, 'silver')).next.handNo;
    const seats = await Promise.all(six.map((m) => join(m.ticket, handNo, 'silver')));
    expect(new Set(seats.map((s) => s.next.seat)).size).toBe(6);
    const trial = await id.freePlay();
    const trialTicket = await launch(trial.token);
    await id.fails(
      '/wps/house/cards/join',
      { ...game(trialTicket), body: { roomId: 'silver', handNo } },
      409,
      'cards.room.full',
    );
    const start = (await id.ok<CardsInfo>('/wps/house/cards/info', game(trialTicket))).balance;
    expect(start).toBeGreaterThan(0);
    const joined = await join(trialTicket, handNo, 'gold');
    expect(joined.balance).toBe(start - 10);
    goTo(handNo * CYCLE_MS + 100);
    const full = (await table(six[0]!.ticket, 'silver')).hand!;
    expect(full.seats.filter((s) => s.kind === 'PLAYER')).toHaveLength(6);
    await Promise.all(six.map((m, i) => act(m.ticket, handNo, i % 2 === 0 ? 'PLAY' : 'FOLD', 'silver')));
    await act(trialTicket, handNo, 'FOLD', 'gold');
    const shown = (await table(six[0]!.ticket, 'silver')).hand!;
    expect(shown.settled).toBe(true);
    // Only players: the pot is theirs less the rake.
    const paid = shown.seats.reduce((x, s) => x + s.payout!, 0);
    expect(paid + shown.rake!).toBeCloseTo(shown.pot, 2);
    expect(shown.pot).toBe(3 * 4 + 3 * 2);
    const trialHand = (await table(trialTicket, 'gold')).hand!;
    const mine = trialHand.seats.find((s) => s.you)!;
    expect((await id.ok<CardsInfo>('/wps/house/cards/info', game(trialTicket))).balance).toBeCloseTo(
      start - 10 + mine.payout!,
      2,
    );
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe('many players at one table, several server instances', () => {
  it('seats, decides and settles every hand once; ledger and balances agree with an independent tally', async () => {
    const second: FastifyInstance = await buildAppOn(t.db, { ADMIN_API_KEY: ADMIN_KEY });
    const apps = [t.app, second];
    const PLAYERS = 10;
    const HANDS = 4;
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => member('100.00')));
    // Seen from each instance in turn: the same table through either server.
    // Player i % PLAYERS, through the instance i % 2 (i and i + 1: the same player on the other server).
    const call = async <T>(
      i: number,
      url: string,
      body?: unknown,
    ): Promise<{ status: number; value?: T; code?: string }> => {
      const res = await apps[i % 2]!.inject({
        method: body === undefined ? 'GET' : 'POST',
        url,
        headers: { host: 'localhost', 'x-game-token': players[i % PLAYERS]!.ticket },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      const json = res.json<{ success: boolean; value?: T; errorCode?: string }>();
      return {
        status: res.statusCode,
        ...(json.value === undefined ? {} : { value: json.value }),
        ...(json.errorCode ? { code: json.errorCode } : {}),
      };
    };
    atCycleStart();
    const hands: number[] = [];
    let refused = 0;
    for (let h = 0; h < HANDS; h++) {
      const handNo = Math.floor(Date.now() / CYCLE_MS) + 1;
      hands.push(handNo);
      // Everyone tries for a seat at once (twice each: double clicks), both instances sweeping meanwhile.
      const joins = await Promise.all([
        ...players.flatMap((_, i) => [
          call<CardsTable>(i, '/wps/house/cards/join', { roomId: 'gold', handNo }),
          call<CardsTable>(i + 1, '/wps/house/cards/join', { roomId: 'gold', handNo }),
        ]),
      ]);
      refused += joins.filter((j) => j.code === 'cards.room.full').length;
      expect(
        joins.filter((j) => j.status !== 200 && j.code !== 'cards.room.full').map((j) => j.code),
      ).toEqual([]);
      goTo(handNo * CYCLE_MS + 50);
      // Decisions (PLAY or FOLD, some twice, some never) race the dealer on both instances.
      await Promise.all([
        ...players.map((_, i) =>
          i % 5 === 4
            ? call(i, '/wps/house/cards/table?roomId=gold')
            : call(i, '/wps/house/cards/act', {
                roomId: 'gold',
                handNo,
                action: (i + h) % 3 === 0 ? 'FOLD' : 'PLAY',
              }),
        ),
        ...players.map((_, i) =>
          call(i + 1, '/wps/house/cards/act', {
            roomId: 'gold',
            handNo,
            action: (i + h) % 3 === 0 ? 'FOLD' : 'PLAY',
          }),
        ),
        ...players.map((_, i) => call(i, '/wps/house/cards/table?roomId=gold')),
      ]);
      goTo(handNo * CYCLE_MS + DECISION_MS + 50);
      await Promise.all(players.map((_, i) => call(i, '/wps/house/cards/table?roomId=gold')));
      goTo((handNo + 1) * CYCLE_MS - 3000);
    }
    expect(refused).toBeGreaterThan(0);
    // Let any payment in flight finish (both dealers, then each table call).
    await Promise.all(players.map((_, i) => call(i, '/wps/house/cards/table?roomId=gold')));

    const rows = await t.db.db
      .selectFrom('cards_hand')
      .selectAll()
      .where('room_id', '=', 'gold')
      .where('hand_no', 'in', hands.map(String))
      .execute();
    expect(rows).toHaveLength(HANDS);
    const tally = new Map<string, number>(players.map((p) => [p.id, 10000]));
    for (const r of rows) {
      expect(r.settled_at).not.toBeNull();
      const seats = r.seats as { seat: number; kind: string; memberId: string | null }[];
      const result = r.result as { seat: number; stake: string; payout: string }[];
      expect(seats).toHaveLength(6);
      expect(seats.filter((s) => s.kind === 'PLAYER')).toHaveLength(6);
      const pot = result.reduce((a, x) => a + BigInt(x.stake), 0n);
      const paid = result.reduce((a, x) => a + BigInt(x.payout), 0n);
      expect(BigInt(r.pot!)).toBe(pot);
      expect(paid + BigInt(r.rake!)).toBe(pot);
      expect(BigInt(r.rake!)).toBe((pot * 5n) / 100n);
      for (const s of seats) {
        const x = result.find((y) => y.seat === s.seat)!;
        tally.set(s.memberId!, tally.get(s.memberId!)! - Number(x.stake) + Number(x.payout));
      }
    }
    expect(await checkLedger(t.db.db)).toEqual([]);
    const open = await t.db.db
      .selectFrom('bet_record')
      .select('id')
      .where('status', '=', 'OPEN')
      .where(
        'member_id',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    expect(open).toHaveLength(0);
    for (const p of players) expect(Math.round((await mainBalance(p.token)) * 100)).toBe(tally.get(p.id));
    // The house's result from these bets is the rake plus the house seats' net (none here: a full table).
    const bets = await t.db.db
      .selectFrom('bet_record')
      .select(['stake', 'payout', 'status'])
      .where(
        'member_id',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    const houseResult = bets
      .filter((b) => b.status === 'SETTLED')
      .reduce((a, b) => a + BigInt(b.stake) - BigInt(b.payout ?? 0), 0n);
    expect(houseResult).toBe(rows.reduce((a, r) => a + BigInt(r.rake!), 0n));
    await second.close();
  }, 120_000);
});
