import { randomBytes } from 'node:crypto';
import {
  FISH_SPECIES_IDS,
  toMinor,
  type FishHistory,
  type FishInfo,
  type FishShotResult,
  type FishSpeciesId,
  type LaunchGame,
  type SlotInfo,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { buildTestApp, type TestContext } from './helper';
import { ticketOf } from './game-ticket';
import { Identity, LOTUS, freezeTime, nextWindow, type NewMember, type Reply } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const POSTGRES = process.env.TEST_DB_KIND === 'postgres';
const LAUNCH = '/wps/game/launchGame';
const FISH_GAME = 'house-ocean-king';
const INFO = '/wps/house/fish/info';
const SHOOT = '/wps/house/fish/shoot';
const HISTORY = '/wps/house/fish/history';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const tokenOf = (url: string) => ticketOf(t.app, url);
const game = (token: string) => ({ headers: { 'x-game-token': token } });
const rid = () => `shot${randomBytes(8).toString('hex')}`;
const minor = (n: number) => toMinor(n)!;

async function member(amount: string): Promise<NewMember> {
  const m = await id.registerGolden();
  await id.credit(m.username, amount, ADMIN_KEY);
  return m;
}

async function launchFish(token: string): Promise<string> {
  const l = await id.ok<LaunchGame>(`${LAUNCH}?vendor=HOUSE&gameCode=${FISH_GAME}&backUrl=/fish`, { token });
  expect(l.url).toMatch(/^\/play\/fish\?code=[A-Za-z0-9_-]{43}&lang=en&backUrl=%2Ffish$/);
  expect(l.mode).toBe('SEAMLESS');
  return await tokenOf(l.url);
}

const mainBalance = async (memberId: string): Promise<bigint> =>
  (await new LedgerService(t.db.db).memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;

const shoot = (ticket: string, body: Record<string, unknown>) =>
  id.send<FishShotResult>(SHOOT, { ...game(ticket), body });
const shootOk = (ticket: string, bet: number, fishSpeciesId: FishSpeciesId, requestId = rid()) =>
  id.ok<FishShotResult>(SHOOT, { ...game(ticket), body: { requestId, bet, fishSpeciesId } });

/** Everything a refused call must leave as it was. */
const moved = async () => ({
  entries: await id.count('ledger_entry'),
  bets: await id.count('bet_record'),
  rounds: await id.count('house_round'),
});

describe('house fish: info and shots', () => {
  it('publishes the fish table: every species returns exactly 96%, bets from the game minimum', async () => {
    const m = await member('10.00');
    const ticket = await launchFish(m.token);
    const info = await id.ok<FishInfo>(INFO, game(ticket));
    expect(info).toMatchObject({
      gameCode: FISH_GAME,
      vendor: 'HOUSE',
      balance: 10,
      rtp: 96,
      maxShotsPerSecond: 10,
      currencySymbol: 'P',
    });
    expect(info.betOptions).toEqual([0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100]);
    expect(info.species.map((s) => s.id)).toEqual([...FISH_SPECIES_IDS]);
    for (const s of info.species) expect(s.multiplier * s.captureHits * 100).toBe(96 * s.captureOutOf);
    expect(info.species.filter((s) => s.boss)).toHaveLength(1);
  });

  it('a shot debits the bet, pays bet × multiplier on a capture, and a retry never draws again', async () => {
    const m = await member('100.00');
    const ticket = await launchFish(m.token);
    const requestId = rid();
    // The same shot twice at once and once more after: one bet, one outcome.
    const [a, b] = await Promise.all([0, 1].map(() => shootOk(ticket, 0.5, 'SHARK', requestId)));
    expect(a).toEqual(b);
    expect(a!).toMatchObject({ bet: 0.5, fishSpeciesId: 'SHARK', multiplier: 50 });
    expect(a!.win).toBe(a!.captured ? 25 : 0);
    expect(a!.balance).toBe(99.5 + a!.win);
    expect(await shootOk(ticket, 0.5, 'SHARK', requestId)).toEqual(a);
    expect(await mainBalance(m.id)).toBe(minor(a!.balance));

    // The 2x fish is caught 48% of the time: 60 shots without one catch would be a 1e-17 event.
    let balance = minor(a!.balance);
    let catches = 0;
    // A tenth of a second between shots, on a frozen clock: within the limit of 10 a second.
    const clock = freezeTime(nextWindow(1));
    for (let i = 0; i < 60; i++) {
      clock.advance(100);
      const s = await shootOk(ticket, 0.1, 'CLOWNFISH');
      balance += minor(s.win) - 10n;
      expect(s.win).toBe(s.captured ? 0.2 : 0);
      expect(minor(s.balance)).toBe(balance);
      if (s.captured) catches++;
    }
    clock.restore();
    expect(catches).toBeGreaterThan(0);
    expect(catches).toBeLessThan(60);
    expect(await mainBalance(m.id)).toBe(balance);

    const bets = await t.db.db.selectFrom('bet_record').selectAll().where('member_id', '=', m.id).execute();
    expect(bets).toHaveLength(61);
    expect(
      bets.every((r) => r.status === 'SETTLED' && r.vendor_code === 'HOUSE' && r.game_type === 'FISH'),
    ).toBe(true);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('recalls the last 10 shots of this game, newest first', async () => {
    const m = await member('50.00');
    const ticket = await launchFish(m.token);
    expect(await id.ok<FishHistory>(HISTORY, game(ticket))).toEqual({ list: [] });
    const shots: FishShotResult[] = [];
    const clock = freezeTime(nextWindow(1));
    for (let i = 0; i < 12; i++) {
      clock.advance(100);
      shots.push(await shootOk(ticket, 0.2, FISH_SPECIES_IDS[i % FISH_SPECIES_IDS.length]!));
    }
    clock.restore();
    const h = await id.ok<FishHistory>(HISTORY, game(ticket));
    expect(h.list.map((s) => s.roundId)).toEqual(
      shots
        .slice(2)
        .reverse()
        .map((s) => s.roundId),
    );
    const { balance: _b, ...first } = shots[11]!;
    expect(h.list[0]).toEqual(first);
    // Another member's ticket sees only its own shots.
    const other = await launchFish((await member('1.00')).token);
    expect((await id.ok<FishHistory>(HISTORY, game(other))).list).toEqual([]);
  });

  it('trial accounts shoot with play money', async () => {
    const trial = (await id.freePlay()).token;
    const ticket = await launchFish(trial);
    const info = await id.ok<FishInfo>(INFO, game(ticket));
    expect(info.balance).toBe(2000);
    const s = await shootOk(ticket, 1, 'TURTLE');
    expect(s.balance).toBe(1999 + s.win);
  });
});

describe('house fish: refusals move nothing', () => {
  it('refuses bad tickets, bets, targets, ids and bets above the balance', async () => {
    const m = await member('1.00');
    const ticket = await launchFish(m.token);
    const before = await moved();
    const good = { requestId: rid(), bet: 0.1, fishSpeciesId: 'CLOWNFISH' };
    await id.fails(INFO, {}, 401, 'game.token.invalid');
    await id.fails(INFO, game('f'.repeat(64)), 401, 'game.token.invalid');
    await id.fails(INFO, { ...game(ticket), host: LOTUS }, 401, 'game.token.invalid');
    await id.fails(HISTORY, game('nope'), 401, 'game.token.invalid');
    await id.fails(SHOOT, { ...game('f'.repeat(64)), body: good }, 401, 'game.token.invalid');
    // A slot ticket does not play fish, nor a fish ticket the slot.
    const slot = await id.ok<LaunchGame>(`${LAUNCH}?vendor=HOUSE&gameCode=house-dragon-fortune`, {
      token: m.token,
    });
    await id.fails(SHOOT, { ...game(await tokenOf(slot.url)), body: good }, 401, 'game.token.invalid');
    await id.fails('/wps/house/slot/info', game(ticket), 401, 'game.token.invalid');
    expect(await id.ok<SlotInfo>('/wps/house/slot/info', game(await tokenOf(slot.url)))).toBeTruthy();

    const bad = (body: Record<string, unknown>, status: number, code: string) =>
      id.fails(SHOOT, { ...game(ticket), body: { ...good, requestId: rid(), ...body } }, status, code);
    await bad({ bet: 0.3 }, 400, 'game.bet.invalid');
    await bad({ bet: 0.05 }, 400, 'game.bet.invalid');
    await bad({ bet: -0.1 }, 400, 'game.bet.invalid');
    await bad({ bet: '0.1.0' }, 400, 'game.bet.invalid');
    await bad({ bet: 2 }, 400, 'wallet.insufficient');
    await bad({ fishSpeciesId: 'MERMAID' }, 400, 'request.invalid');
    await bad({ fishSpeciesId: undefined }, 400, 'request.invalid');
    await bad({ bet: undefined }, 400, 'request.invalid');
    await bad({ requestId: 'x' }, 400, 'request.invalid');
    await bad({ requestId: 'a b c d e f g h' }, 400, 'request.invalid');
    expect(await moved()).toEqual(before);
    expect(await mainBalance(m.id)).toBe(100n);
  });

  it('a request id reused for another bet or another fish is a conflict, and the first shot stands', async () => {
    const m = await member('5.00');
    const ticket = await launchFish(m.token);
    const requestId = rid();
    const first = await shootOk(ticket, 0.2, 'WHALE', requestId);
    const before = await moved();
    await id.fails(
      SHOOT,
      { ...game(ticket), body: { requestId, bet: 0.5, fishSpeciesId: 'WHALE' } },
      409,
      'wallet.reference.conflict',
    );
    await id.fails(
      SHOOT,
      { ...game(ticket), body: { requestId, bet: 0.2, fishSpeciesId: 'CLOWNFISH' } },
      409,
      'wallet.reference.conflict',
    );
    expect(await moved()).toEqual(before);
    expect(await mainBalance(m.id)).toBe(minor(first.balance));
    // Another member's identical request id is another shot.
    const other = await launchFish((await member('1.00')).token);
    expect((await shootOk(other, 0.2, 'WHALE', requestId)).roundId).not.toBe(first.roundId);
  });

  it('at most 10 new shots a second per member: the 11th is refused and moves nothing', async () => {
    const m = await member('20.00');
    const ticket = await launchFish(m.token);
    const clock = freezeTime(nextWindow(1));
    try {
      const shots: FishShotResult[] = [];
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        ids.push(rid());
        shots.push(await shootOk(ticket, 0.1, 'ANGELFISH', ids[i]));
      }
      const before = await moved();
      const refused = await id.fails(
        SHOOT,
        { ...game(ticket), body: { requestId: rid(), bet: 0.1, fishSpeciesId: 'ANGELFISH' } },
        429,
        'game.shot.too.fast',
      );
      expect(refused.message).toContain('10');
      expect(await moved()).toEqual(before);
      // A retry of a shot already decided is still answered (with the balance as it is now).
      expect(await shootOk(ticket, 0.1, 'ANGELFISH', ids[3])).toEqual({
        ...shots[3],
        balance: shots[9]!.balance,
      });
      // A second ticket of the same member shares the limit.
      const second = await launchFish(m.token);
      await id.fails(
        SHOOT,
        { ...game(second), body: { requestId: rid(), bet: 0.1, fishSpeciesId: 'ANGELFISH' } },
        429,
        'game.shot.too.fast',
      );
      expect(await moved()).toEqual(before);
      clock.advance(1000);
      const next = await shootOk(ticket, 0.1, 'ANGELFISH');
      expect(minor(next.balance)).toBe(minor(shots[9]!.balance) - 10n + minor(next.win));
    } finally {
      clock.restore();
    }
  });
});

describe('house fish: many concurrent shots', () => {
  it('members firing at once, with duplicates and shots beyond their balance: money matches an independent tally', async () => {
    const MEMBERS = POSTGRES ? 24 : 6;
    const SHOTS = 8; // per member, 2 of them sent twice at once: at most 10 a second, never throttled
    const THIN = 3; // members with money for fewer shots than they fire
    const players = await Promise.all(
      Array.from({ length: MEMBERS }, async (_, i) => {
        const m = await member(i < THIN ? '1.00' : '50.00');
        return { m, ticket: await launchFish(m.token), start: i < THIN ? 100n : 5000n };
      }),
    );
    const entriesBefore = await id.count('ledger_entry');
    const bets = [0.1, 0.2, 0.5, 1];
    type Fired = {
      p: (typeof players)[number];
      requestId: string;
      bet: number;
      replies: Reply<FishShotResult>[];
    };
    const fired: Fired[] = [];
    await Promise.all(
      players.flatMap((p, pi) =>
        Array.from({ length: SHOTS }, async (_, si) => {
          const bet = pi < THIN ? 0.2 : bets[(pi + si) % bets.length]!;
          const body = {
            requestId: rid(),
            bet,
            fishSpeciesId: FISH_SPECIES_IDS[(pi * 3 + si) % FISH_SPECIES_IDS.length]!,
          };
          const copies = si < 2 ? 2 : 1;
          const replies = await Promise.all(Array.from({ length: copies }, () => shoot(p.ticket, body)));
          fired.push({ p, requestId: body.requestId, bet, replies });
        }),
      ),
    );

    const tally = new Map(players.map((p) => [p.m.id, p.start]));
    let settled = 0;
    let refused = 0;
    for (const f of fired) {
      const oks = f.replies.filter((r) => r.status === 200);
      for (const r of f.replies)
        if (r.status !== 200) {
          // Only members without the money may be refused, and only for the balance.
          expect(r.body.errorCode, JSON.stringify(r.body)).toBe('wallet.insufficient');
          expect(players.indexOf(f.p)).toBeLessThan(THIN);
        }
      if (oks.length === 0) {
        refused++;
        continue;
      }
      const first = oks[0]!.body.value!;
      for (const r of oks) {
        const { balance: _a, ...shot } = r.body.value!;
        const { balance: _b, ...want } = first;
        expect(shot).toEqual(want);
      }
      expect(first.win).toBe(first.captured ? Math.round(first.bet * first.multiplier * 100) / 100 : 0);
      tally.set(f.p.m.id, tally.get(f.p.m.id)! - minor(f.bet) + minor(first.win));
      settled++;
    }
    expect(settled + refused).toBe(MEMBERS * SHOTS);
    expect(settled).toBeGreaterThan(MEMBERS * SHOTS - THIN * SHOTS);

    for (const p of players) expect(await mainBalance(p.m.id), p.m.username).toBe(tally.get(p.m.id));
    // One bet and one stored round per settled shot, every bet settled, two entries each.
    const ids = players.map((p) => p.m.id);
    const rows = await t.db.db.selectFrom('bet_record').selectAll().where('member_id', 'in', ids).execute();
    expect(rows).toHaveLength(settled);
    expect(rows.every((r) => r.status === 'SETTLED')).toBe(true);
    const rounds = await t.db.db
      .selectFrom('house_round')
      .selectAll()
      .where('member_id', 'in', ids)
      .execute();
    expect(rounds).toHaveLength(settled);
    for (const r of rounds) {
      const d = r.detail as { captured: boolean; multiplier: number };
      expect(BigInt(r.total_win)).toBe(d.captured ? BigInt(r.bet) * BigInt(d.multiplier) : 0n);
    }
    expect(await id.count('ledger_entry')).toBe(entriesBefore + 2 * settled);
    expect(await checkLedger(t.db.db)).toEqual([]);
  }, 120_000);
});
