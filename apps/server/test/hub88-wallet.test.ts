import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Hub88Adapter } from '../src/modules/providers/hub88/hub88.adapter';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { FakeHub88, rsaKeyPair } from './fakes/hub88';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

// Hub88's Wallet API and Games API against a local Hub88 built from its published protocol:
// signatures both ways, every documented status, idempotency, reordering and expired sessions;
// after each scenario the ledger invariants hold.
const ADMIN_KEY = 'test-admin-key-0123456789';
const CURRENCY = 'PHP';
const ours = rsaKeyPair();
let t: TestContext;
let id: Identity;
let hub: FakeHub88;

const GAMES = [
  {
    game_code: 'pp_sweetbonanza',
    name: 'Sweet Bonanza',
    product: 'Pragmatic Play',
    category: 'Video Slots',
    url_thumb: 'https://cdn.example/sb.png',
    enabled: true,
  },
  {
    game_code: 'evo_lightningroulette',
    name: 'Lightning Roulette',
    product: 'Evolution Gaming',
    category: 'Live Roulette',
    url_thumb: 'https://cdn.example/lr.png',
    enabled: true,
  },
  {
    game_code: 'pp_gatesofolympus',
    name: 'Gates of Olympus',
    product: 'Pragmatic Play',
    category: 'Video Slots',
    url_thumb: 'https://cdn.example/go.png',
    enabled: true,
  },
];

async function configure(settings: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/admin/integrations/HUB88',
    headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY },
    payload: {
      enabled: true,
      settings: { baseUrl: hub.baseUrl, operatorId: 1, currency: CURRENCY, ...settings },
      secrets: { privateKey: ours.privateKey, hub88PublicKey: hub.keys.publicKey },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function sync() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/admin/integrations/HUB88/sync',
    headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ value: { studios: number; games: number; disabled: number } }>().value;
}

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  hub = new FakeHub88();
  await hub.start();
  hub.operatorPublicKey = ours.publicKey;
  hub.walletUrl = `http://127.0.0.1:${port}/wps/hub88/GOLDEN`;
  hub.games = GAMES.map((g) => ({ ...g }));
  await configure();
  await sync();
}, 60_000);
afterAll(async () => {
  await hub?.stop();
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.db.db)).toEqual([]);
});

async function member(amount: string): Promise<NewMember> {
  const m = await id.registerGolden();
  await id.credit(m.username, amount, ADMIN_KEY);
  return m;
}

async function mainBalance(memberId: string): Promise<bigint> {
  return (await new LedgerService(t.db.db).memberBalances(t.db.db, memberId)).get('MAIN') ?? 0n;
}

async function launch(m: NewMember, gameCode = 'pp_sweetbonanza', vendor = 'H88_PRAGMATIC_PLAY') {
  return t.app.inject({
    method: 'GET',
    url: `/wps/game/launchGame?vendor=${vendor}&gameCode=${gameCode}&backUrl=%2F`,
    headers: { host: 'localhost', authorization: m.token },
  });
}

/** A member with money and a launched game session at the fake. */
async function player(amount = '100.00') {
  const m = await member(amount);
  const res = await launch(m);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json<{ value: { gameUrl: string } }>().value.gameUrl);
  const token = url.searchParams.get('token')!;
  const l = hub.launches.get(token)!;
  return { m, session: l };
}

/** How often a bet's stake is in the books (a bet is named by its transaction_uuid). */
async function betRows(uuid: string) {
  return t.db.db.selectFrom('bet_record').selectAll().where('round_id', '=', uuid).execute();
}

describe('Hub88 launch and Games API', () => {
  it('sync lists studios as vendors; a launch opens a session and answers the signed game/url in the frame', async () => {
    const vendors = await t.db.db
      .selectFrom('vendor')
      .select(['code', 'game_type', 'adapter', 'wallet_type'])
      .where('merchant_code', '=', 'GOLDEN')
      .where('adapter', '=', 'HUB88')
      .orderBy('code')
      .execute();
    expect(vendors).toEqual([
      { code: 'H88_EVOLUTION_GAMING', game_type: 'LIVE', adapter: 'HUB88', wallet_type: 'SEAMLESS' },
      { code: 'H88_PRAGMATIC_PLAY', game_type: 'RNG', adapter: 'HUB88', wallet_type: 'SEAMLESS' },
    ]);
    const m = await member('10.00');
    const res = await launch(m);
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json<{ value: { gameUrl: string; mode: string } }>().value;
    expect(value.mode).toBe('FRAME');
    expect(value.gameUrl.startsWith(`${hub.baseUrl}/game/pp_sweetbonanza?token=`)).toBe(true);
    const call = hub.calls.at(-1)!;
    expect(call.path).toBe('/operator/generic/v2/game/url');
    expect(call.body).toMatchObject({
      operator_id: 1,
      currency: CURRENCY,
      game_code: 'pp_sweetbonanza',
      platform: 'GPL_DESKTOP',
    });
    expect(call.body.user).toBe(m.id.padStart(8, '0'));
    const session = await t.db.db
      .selectFrom('hub88_session')
      .selectAll()
      .where('token', '=', call.body.token as string)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ vendor_code: 'H88_PRAGMATIC_PLAY', currency: CURRENCY });
  });

  it("game/url is told the player's address as the site sees it (real and demo launches)", async () => {
    const m = await member('10.00');
    const from = (ip: string, demo = false) =>
      t.app.inject({
        method: 'GET',
        url: `/wps/game/launchGame?vendor=H88_PRAGMATIC_PLAY&gameCode=pp_sweetbonanza${demo ? '&demo=1' : ''}`,
        headers: { host: 'localhost', authorization: m.token },
        remoteAddress: ip,
      });
    expect((await from('203.0.113.7')).statusCode).toBe(200);
    expect(hub.calls.at(-1)!.body).toMatchObject({ ip: '203.0.113.7', token: expect.any(String) });
    expect((await from('198.51.100.23', true)).statusCode).toBe(200);
    expect(hub.calls.at(-1)!.body).toMatchObject({ ip: '198.51.100.23', currency: 'XXX' });
  });

  it('Hub88 refusing our signature, or failing, is game.unavailable and opens nothing at Hub88', async () => {
    const m = await member('10.00');
    hub.operatorPublicKey = rsaKeyPair().publicKey;
    try {
      expect((await launch(m)).statusCode).toBe(503);
    } finally {
      hub.operatorPublicKey = ours.publicKey;
    }
    hub.failNext('5xx');
    expect((await launch(m)).statusCode).toBe(503);
    expect((await launch(m)).statusCode).toBe(200);
  });

  it('demo mode asks game/url with currency XXX and no user or token; round details answer Hub88 round page', async () => {
    const adapter = t.services.providers.providers.adapter('HUB88') as Hub88Adapter;
    const demo = await adapter.demo('GOLDEN', 'pp_sweetbonanza', 'en');
    expect(demo.url).toContain('demo=1');
    const call = hub.calls.at(-1)!;
    expect(call.body.currency).toBe('XXX');
    expect(call.body.user).toBeUndefined();
    expect(call.body.token).toBeUndefined();
    const { session } = await player();
    const bet = hub.betBody(session, 100_000);
    expect((await hub.wallet('transaction/bet', bet)).body.status).toBe('RS_OK');
    const details = await adapter.roundDetails('GOLDEN', bet.transaction_uuid);
    expect(details.url).toBe(`${hub.baseUrl}/round/${bet.round}`);
    expect(hub.calls.at(-1)!.body).toMatchObject({
      transaction_uuid: bet.transaction_uuid,
      round: bet.round,
    });
  });

  it('trial accounts and demo launches open Hub88 demo mode: currency XXX, no user, no token, no session, no money', async () => {
    const sessions = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('hub88_session')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await sessions();
    const demosBefore = hub.demoLaunches;
    const trial = await id.freePlay();
    const trialId = String(trial.id);
    const trialBalance = await mainBalance(trialId);
    expect(trialBalance).toBeGreaterThan(0n);
    const res = await launch({ token: trial.token } as NewMember);
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json<{ value: { gameUrl: string; demo?: boolean; transferred: number } }>().value;
    expect(value.demo).toBe(true);
    expect(value.transferred).toBe(0);
    expect(new URL(value.gameUrl).searchParams.get('demo')).toBe('1');
    expect(new URL(value.gameUrl).searchParams.get('token')).toBeNull();
    const call = hub.calls.at(-1)!;
    expect(call.path).toBe('/operator/generic/v2/game/url');
    expect(call.body).toMatchObject({ currency: 'XXX', game_code: 'pp_sweetbonanza', operator_id: 1 });
    expect(call.body.user).toBeUndefined();
    expect(call.body.token).toBeUndefined();
    expect(hub.demoLaunches).toBe(demosBefore + 1);
    // A real member asking for the demo gets it too; without asking, a real session.
    const m = await member('10.00');
    const asked = await t.app.inject({
      method: 'GET',
      url: '/wps/game/launchGame?vendor=H88_PRAGMATIC_PLAY&gameCode=pp_sweetbonanza&demo=1',
      headers: { host: 'localhost', authorization: m.token },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<{ value: { gameUrl: string; demo?: boolean } }>().value.demo).toBe(true);
    expect(hub.demoLaunches).toBe(demosBefore + 2);
    expect(await sessions()).toBe(before);
    const real = await launch(m);
    expect(real.json<{ value: { demo?: boolean } }>().value.demo).toBeUndefined();
    expect(await sessions()).toBe(before + 1);
    expect(await mainBalance(m.id)).toBe(1_000n);
    expect(await mainBalance(trialId)).toBe(trialBalance);
    // A game with no demo mode (the house's) asked for one: game.unavailable, in the member's language.
    const noDemo = await t.app.inject({
      method: 'GET',
      url: '/wps/game/launchGame?vendor=HOUSE&gameCode=house-dragon-fortune&demo=1',
      headers: { host: 'localhost', authorization: m.token, language: 'CN' },
    });
    expect(noDemo.statusCode).toBe(503);
    expect(noDemo.json<{ errorCode: string; message: string }>()).toMatchObject({
      errorCode: 'game.unavailable',
    });
    expect(noDemo.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
    expect(await mainBalance(m.id)).toBe(1_000n);
    // The demo page plays fun money and never calls our wallet.
    const page = await (await fetch(value.gameUrl)).text();
    expect(page).toContain('DEMO');
    expect(page).not.toContain('spin?token');
  });

  it('round details: a member sees only their own Hub88 bets; staff with players.view any, audited', async () => {
    const { m, session } = await player();
    const other = await member('10.00');
    const bet = hub.betBody(session, 100_000);
    expect((await hub.wallet('transaction/bet', bet)).body.status).toBe('RS_OK');
    const ask = (token: string, vendor: string, roundId: string, language = 'EN') =>
      t.app.inject({
        method: 'GET',
        url: `/wps/game/roundDetails?vendor=${vendor}&roundId=${encodeURIComponent(roundId)}`,
        headers: { host: 'localhost', authorization: token, language },
      });
    const vendors = await t.app.inject({
      method: 'GET',
      url: '/wps/game/roundDetails/vendors',
      headers: { host: 'localhost', authorization: m.token },
    });
    expect(vendors.json<{ value: string[] }>().value.sort()).toEqual([
      'H88_EVOLUTION_GAMING',
      'H88_PRAGMATIC_PLAY',
    ]);
    const own = await ask(m.token, 'H88_PRAGMATIC_PLAY', bet.transaction_uuid);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ value: { url: string } }>().value.url).toBe(`${hub.baseUrl}/round/${bet.round}`);
    expect(hub.calls.at(-1)).toMatchObject({
      path: '/operator/generic/v2/game/round',
      body: { user: session.user, round: bet.round, transaction_uuid: bet.transaction_uuid, operator_id: 1 },
    });
    // Another member's bet, an unknown one, or a vendor with no round details: all the same 404.
    const calls = hub.calls.length;
    for (const res of [
      await ask(other.token, 'H88_PRAGMATIC_PLAY', bet.transaction_uuid, 'TH'),
      await ask(m.token, 'H88_PRAGMATIC_PLAY', 'no-such-round'),
      await ask(m.token, 'HOUSE', bet.transaction_uuid),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ errorCode: string }>().errorCode).toBe('vendor.round.details.unavailable');
    }
    expect(hub.calls.length).toBe(calls);
    const bad = await ask(m.token, 'H88 PRAGMATIC', bet.transaction_uuid);
    expect(bad.statusCode).toBe(400);
    // Staff: the player's bet, with an audit row naming the player and the round.
    const staff = (memberId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/wps/admin/players/${memberId}/round-details?vendor=H88_PRAGMATIC_PLAY&roundId=${bet.transaction_uuid}`,
        headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY },
      });
    const seen = await staff(m.id);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<{ value: { url: string } }>().value.url).toBe(`${hub.baseUrl}/round/${bet.round}`);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'players.view.roundDetails')
      .where('target', '=', `member:${m.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect((await staff(other.id)).statusCode).toBe(404);
  });

  it('Hub88 not answering ends the launch at the client timeout (game.unavailable); a failed sync changes nothing', async () => {
    const m = await member('10.00');
    hub.failNext('hang');
    const started = Date.now();
    expect((await launch(m)).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(20_000);
    const before = await t.db.db
      .selectFrom('game')
      .select(['game_code', 'enabled'])
      .where('vendor_code', 'like', 'H88_%')
      .orderBy('game_code')
      .execute();
    hub.failNext('5xx');
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/integrations/HUB88/sync',
      headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ errorCode: string }>().errorCode).toBe('game.unavailable');
    const after = await t.db.db
      .selectFrom('game')
      .select(['game_code', 'enabled'])
      .where('vendor_code', 'like', 'H88_%')
      .orderBy('game_code')
      .execute();
    expect(after).toEqual(before);
  }, 40_000);

  it('a game that left the list is switched off at the next sync', async () => {
    hub.games = GAMES.filter((g) => g.game_code !== 'pp_gatesofolympus').map((g) => ({ ...g }));
    try {
      const r = await sync();
      expect(r).toMatchObject({ studios: 2, games: 2, disabled: 1 });
      const g = await t.db.db
        .selectFrom('game')
        .select('enabled')
        .where('game_code', '=', 'pp_gatesofolympus')
        .executeTakeFirstOrThrow();
      expect(g.enabled).toBe(false);
    } finally {
      hub.games = GAMES.map((g) => ({ ...g }));
      expect((await sync()).games).toBe(3);
    }
  });
});

describe('Hub88 Wallet API', () => {
  it('user/info and user/balance answer signed, in Hub88 units (× 100 000)', async () => {
    const { m, session } = await player('12.34');
    const info = await hub.wallet('user/info', { user: session.user, request_uuid: 'r-info-1' });
    expect(info.signed).toBe(true);
    expect(info.body).toMatchObject({
      status: 'RS_OK',
      user: session.user,
      request_uuid: 'r-info-1',
      country: 'XX',
    });
    const bal = await hub.wallet('user/balance', {
      user: session.user,
      token: session.token,
      request_uuid: 'r2',
      game_code: 'pp_sweetbonanza',
    });
    expect(bal).toMatchObject({ httpStatus: 200, signed: true });
    expect(bal.body).toEqual({
      user: session.user,
      status: 'RS_OK',
      currency: CURRENCY,
      balance: 1_234_000,
      request_uuid: 'r2',
    });
    expect(await mainBalance(m.id)).toBe(1234n);
  });

  it('a bad signature (another key, tampered body, none) is RS_ERROR_INVALID_SIGNATURE, signed, and moves nothing', async () => {
    const { m, session } = await player();
    const bet = hub.betBody(session, 100_000);
    const other = await hub.wallet('transaction/bet', bet, { signWith: rsaKeyPair().privateKey });
    expect(other).toMatchObject({ httpStatus: 200, signed: true });
    expect(other.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const goodSig = (await import('node:crypto'))
      .sign('sha256', Buffer.from(JSON.stringify(bet)), hub.keys.privateKey)
      .toString('base64');
    const tampered = await hub.wallet('transaction/bet', bet, {
      rawBody: JSON.stringify({ ...bet, amount: 1_000 }),
      signature: goodSig,
    });
    expect(tampered.body.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await hub.wallet('transaction/bet', bet, { signature: '' })).body.status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect(await betRows(bet.transaction_uuid)).toHaveLength(0);
    expect(await mainBalance(m.id)).toBe(10_000n);
  });

  it('bet then win: stake out, payout in, each once; repeats get the identical answer; other content is a duplicate', async () => {
    const { m, session } = await player();
    const bet = hub.betBody(session, 150_000);
    const b = await hub.wallet('transaction/bet', bet);
    expect(b.body).toEqual({
      user: session.user,
      status: 'RS_OK',
      currency: CURRENCY,
      balance: 9_850_000,
      request_uuid: bet.request_uuid,
    });
    expect(b.signed).toBe(true);
    expect((await hub.wallet('transaction/bet', bet)).body).toEqual(b.body);
    expect((await hub.wallet('transaction/bet', { ...bet, amount: 200_000 })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    const win = hub.winBody(bet, 400_000);
    const w = await hub.wallet('transaction/win', win);
    expect(w.body).toMatchObject({ status: 'RS_OK', balance: 10_250_000 });
    const [again, concurrent] = await Promise.all([
      hub.wallet('transaction/win', win),
      hub.wallet('transaction/win', win),
    ]);
    expect(again.body).toEqual(w.body);
    expect(concurrent.body).toEqual(w.body);
    expect((await hub.wallet('transaction/win', { ...win, amount: 1_000 })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    // The same uuid for another kind of transaction is a duplicate too.
    expect(
      (
        await hub.wallet(
          'transaction/rollback',
          hub.rollbackBody(bet, { transaction_uuid: win.transaction_uuid }),
        )
      ).body.status,
    ).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const rows = await betRows(bet.transaction_uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'SETTLED',
      stake: '150',
      payout: '400',
      vendor_code: 'H88_PRAGMATIC_PLAY',
    });
    expect(await mainBalance(m.id)).toBe(10_250n);
  });

  it('a round of several bets is paid by one win; the round closed, its other bets settle with no payout', async () => {
    const { m, session } = await player();
    const first = hub.betBody(session, 100_000);
    const second = hub.betBody(session, 200_000, { round: first.round });
    expect((await hub.wallet('transaction/bet', first)).body.status).toBe('RS_OK');
    expect((await hub.wallet('transaction/bet', second)).body.status).toBe('RS_OK');
    const win = await hub.wallet('transaction/win', hub.winBody(second, 500_000, { round_closed: true }));
    expect(win.body).toMatchObject({ status: 'RS_OK', balance: 10_200_000 });
    const rows = [...(await betRows(first.transaction_uuid)), ...(await betRows(second.transaction_uuid))];
    expect(rows.map((r) => [r.status, r.payout])).toEqual([
      ['SETTLED', '0'],
      ['SETTLED', '500'],
    ]);
    expect(await mainBalance(m.id)).toBe(10_200n);
  });

  it('concurrent copies of one bet move the stake once', async () => {
    const { m, session } = await player();
    const bet = hub.betBody(session, 100_000);
    const answers = await Promise.all([1, 2, 3, 4].map(() => hub.wallet('transaction/bet', bet)));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body.status).toBe('RS_OK');
    expect(await betRows(bet.transaction_uuid)).toHaveLength(1);
    expect(await mainBalance(m.id)).toBe(9_900n);
  });

  it('many players betting and winning at once: each gets their own answer, stored once', async () => {
    // Concurrent answers and settlement claims are written in groups: none may get another's.
    const players = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => player('50.00')));
    const bets = players.map(({ session }, i) => hub.betBody(session, (i + 1) * 100_000));
    const placed = await Promise.all(bets.map((b) => hub.wallet('transaction/bet', b)));
    placed.forEach((a, i) =>
      expect(a.body).toMatchObject({
        status: 'RS_OK',
        user: bets[i]!.user,
        balance: 5_000_000 - (i + 1) * 100_000,
      }),
    );
    const wins = bets.map((b, i) => hub.winBody(b, (i + 1) * 300_000));
    const paid = await Promise.all(wins.map((w) => hub.wallet('transaction/win', w)));
    paid.forEach((a, i) =>
      expect(a.body).toMatchObject({
        status: 'RS_OK',
        user: bets[i]!.user,
        balance: 5_000_000 + (i + 1) * 200_000,
      }),
    );
    const again = await Promise.all([
      ...bets.map((b) => hub.wallet('transaction/bet', b)),
      ...wins.map((w) => hub.wallet('transaction/win', w)),
    ]);
    expect(again.map((a) => a.body)).toEqual([...placed, ...paid].map((a) => a.body));
    for (const [i, { m }] of players.entries())
      expect(await mainBalance(m.id)).toBe(5_000n + BigInt(i + 1) * 200n);
    const stored = await t.db.db
      .selectFrom('hub88_transaction')
      .select(['transaction_uuid', 'kind'])
      .where(
        'transaction_uuid',
        'in',
        [...bets, ...wins].map((x) => x.transaction_uuid),
      )
      .execute();
    expect(stored).toHaveLength(16);
    const settlers = await t.db.db
      .selectFrom('hub88_bet_settler')
      .select(['bet_uuid', 'settler'])
      .where(
        'bet_uuid',
        'in',
        bets.map((b) => b.transaction_uuid),
      )
      .execute();
    expect(new Map(settlers.map((r) => [r.bet_uuid, r.settler]))).toEqual(
      new Map(bets.map((b, i) => [b.transaction_uuid, wins[i]!.transaction_uuid])),
    );
  });

  it('several wins on one bet (free spins after the first win): each credited once, RS_OK with the balance', async () => {
    const { m, session } = await player();
    const bet = hub.betBody(session, 100_000);
    expect((await hub.wallet('transaction/bet', bet)).body.status).toBe('RS_OK');
    const first = hub.winBody(bet, 300_000);
    const second = hub.winBody(bet, 200_000);
    // A third win of the same amount as the first is its own win, not a repeat of the first.
    const third = hub.winBody(bet, 300_000);
    const w1 = await hub.wallet('transaction/win', first);
    expect(w1.body).toMatchObject({ status: 'RS_OK', currency: CURRENCY, balance: 10_200_000 });
    const w2 = await hub.wallet('transaction/win', second);
    expect(w2.body).toEqual({
      user: session.user,
      status: 'RS_OK',
      currency: CURRENCY,
      balance: 10_400_000,
      request_uuid: second.request_uuid,
    });
    expect(w2.signed).toBe(true);
    const w3 = await hub.wallet('transaction/win', third);
    expect(w3.body).toMatchObject({ status: 'RS_OK', balance: 10_700_000 });
    // Repeats of each (also concurrent) answer alike and move nothing.
    const repeats = await Promise.all([
      hub.wallet('transaction/win', first),
      hub.wallet('transaction/win', second),
      hub.wallet('transaction/win', second),
      hub.wallet('transaction/win', third),
    ]);
    expect(repeats.map((r) => r.body)).toEqual([w1.body, w2.body, w2.body, w3.body]);
    expect((await hub.wallet('transaction/win', { ...second, amount: 100_000 })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    const rows = await betRows(bet.transaction_uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'SETTLED', stake: '100', payout: '800', valid_bet: '100' });
    // In the books: the settlement once, and one further payout per later win, each once.
    const entries = await t.db.db
      .selectFrom('ledger_entry')
      .select(['reference', 'kind'])
      .where('merchant_code', '=', 'GOLDEN')
      .where('reference', 'like', `%:${bet.transaction_uuid}%`)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { reference: `BET:H88_PRAGMATIC_PLAY:${bet.transaction_uuid}`, kind: 'BET' },
      { reference: `SETTLE:H88_PRAGMATIC_PLAY:${bet.transaction_uuid}`, kind: 'PAYOUT' },
      {
        reference: `PAYOUT:H88_PRAGMATIC_PLAY:${bet.transaction_uuid}:${second.transaction_uuid}`,
        kind: 'PAYOUT',
      },
      {
        reference: `PAYOUT:H88_PRAGMATIC_PLAY:${bet.transaction_uuid}:${third.transaction_uuid}`,
        kind: 'PAYOUT',
      },
    ]);
    expect(await mainBalance(m.id)).toBe(10_700n);
    // A settled bet is not rolled back (Hub88 rolls back bets, never wins): nothing moves.
    expect((await hub.wallet('transaction/rollback', hub.rollbackBody(bet))).body.status).toBe(
      'RS_ERROR_UNKNOWN',
    );
    expect(
      (
        await hub.wallet(
          'transaction/rollback',
          hub.rollbackBody(bet, { reference_transaction_uuid: second.transaction_uuid }),
        )
      ).body.status,
    ).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await mainBalance(m.id)).toBe(10_700n);
  });

  it('different wins racing for one bet are each credited once (same amounts too); their copies move nothing', async () => {
    const { m, session } = await player();
    const bet = hub.betBody(session, 100_000);
    expect((await hub.wallet('transaction/bet', bet)).body.status).toBe('RS_OK');
    const wins = [hub.winBody(bet, 300_000), hub.winBody(bet, 300_000), hub.winBody(bet, 50_000)];
    let answers = await Promise.all([...wins, ...wins].map((win) => hub.wallet('transaction/win', win)));
    // A win racing the first one's settlement may be told to retry (RS_ERROR_UNKNOWN): Hub88 does.
    for (let tries = 0; answers.some((a) => a.body.status !== 'RS_OK') && tries < 5; tries++)
      answers = await Promise.all([...wins, ...wins].map((win) => hub.wallet('transaction/win', win)));
    for (const a of answers) expect(a.body.status).toBe('RS_OK');
    for (let i = 0; i < wins.length; i++) expect(answers[i + wins.length]!.body).toEqual(answers[i]!.body);
    expect((await betRows(bet.transaction_uuid))[0]).toMatchObject({ status: 'SETTLED', payout: '650' });
    expect(await mainBalance(m.id)).toBe(10_550n);
  });

  it('a win of zero after the first is RS_OK and moves nothing; a further win on a bet the round close settled is paid', async () => {
    const { m, session } = await player();
    const first = hub.betBody(session, 100_000);
    const second = hub.betBody(session, 100_000, { round: first.round });
    expect((await hub.wallet('transaction/bet', first)).body.status).toBe('RS_OK');
    expect((await hub.wallet('transaction/bet', second)).body.status).toBe('RS_OK');
    expect(
      (await hub.wallet('transaction/win', hub.winBody(second, 0, { round_closed: true }))).body,
    ).toMatchObject({ status: 'RS_OK', balance: 9_800_000 });
    expect((await hub.wallet('transaction/win', hub.winBody(second, 0))).body).toMatchObject({
      status: 'RS_OK',
      balance: 9_800_000,
    });
    // The round close settled `first` with no payout; a win naming it afterwards still pays.
    expect((await hub.wallet('transaction/win', hub.winBody(first, 250_000))).body).toMatchObject({
      status: 'RS_OK',
      balance: 10_050_000,
    });
    const rows = [...(await betRows(first.transaction_uuid)), ...(await betRows(second.transaction_uuid))];
    expect(rows.map((r) => [r.status, r.payout])).toEqual([
      ['SETTLED', '250'],
      ['SETTLED', '0'],
    ]);
    expect(await mainBalance(m.id)).toBe(10_050n);
  });

  it('a win for a bet we do not have is RS_ERROR_TRANSACTION_DOES_NOT_EXIST and moves nothing; it goes through once the bet came', async () => {
    const { m, session } = await player();
    const bet = hub.betBody(session, 100_000);
    const win = hub.winBody(bet, 300_000);
    expect((await hub.wallet('transaction/win', win)).body.status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await mainBalance(m.id)).toBe(10_000n);
    expect((await hub.wallet('transaction/bet', bet)).body.status).toBe('RS_OK');
    expect((await hub.wallet('transaction/win', win)).body).toMatchObject({
      status: 'RS_OK',
      balance: 10_200_000,
    });
    expect(await mainBalance(m.id)).toBe(10_200n);
  });

  it('a rollback before its bet is taken (RS_OK) and the late bet is refused as rolled back', async () => {
    const { m, session } = await player();
    const bet = hub.betBody(session, 100_000);
    const rb = await hub.wallet('transaction/rollback', hub.rollbackBody(bet));
    expect(rb.body).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    expect((await hub.wallet('transaction/bet', bet)).body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await mainBalance(m.id)).toBe(10_000n);
    expect((await betRows(bet.transaction_uuid)).filter((r) => r.status !== 'VOID')).toHaveLength(0);
  });

  it('bet then rollback gives the stake back once; a repeat answers alike; a win after it is RS_ERROR_TRANSACTION_ROLLED_BACK', async () => {
    const { m, session } = await player();
    const bet = hub.betBody(session, 250_000);
    expect((await hub.wallet('transaction/bet', bet)).body.status).toBe('RS_OK');
    const rollback = hub.rollbackBody(bet);
    const r1 = await hub.wallet('transaction/rollback', rollback);
    expect(r1.body).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    expect((await hub.wallet('transaction/rollback', rollback)).body).toEqual(r1.body);
    expect((await hub.wallet('transaction/win', hub.winBody(bet, 500_000))).body.status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    expect(await mainBalance(m.id)).toBe(10_000n);
  });

  it('an expired token refuses balance and bets (RS_ERROR_TOKEN_EXPIRED) but takes wins, rollbacks and repeats', async () => {
    const { m, session } = await player();
    const bet1 = hub.betBody(session, 100_000);
    const bet2 = hub.betBody(session, 100_000);
    const first = await hub.wallet('transaction/bet', bet1);
    expect(first.body.status).toBe('RS_OK');
    expect((await hub.wallet('transaction/bet', bet2)).body.status).toBe('RS_OK');
    await t.db.db
      .updateTable('hub88_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', session.token)
      .execute();
    expect((await hub.wallet('transaction/bet', hub.betBody(session, 100_000))).body.status).toBe(
      'RS_ERROR_TOKEN_EXPIRED',
    );
    expect(
      (
        await hub.wallet('user/balance', {
          user: session.user,
          token: session.token,
          request_uuid: 'x',
          game_code: 'pp_sweetbonanza',
        })
      ).body.status,
    ).toBe('RS_ERROR_TOKEN_EXPIRED');
    // A repeat of a bet taken before is answered as it was, even once its session is gone.
    expect((await hub.wallet('transaction/bet', bet1)).body).toEqual(first.body);
    expect((await hub.wallet('transaction/win', hub.winBody(bet1, 300_000))).body.status).toBe('RS_OK');
    expect((await hub.wallet('transaction/rollback', hub.rollbackBody(bet2))).body.status).toBe('RS_OK');
    await t.db.db.deleteFrom('hub88_session').where('token', '=', session.token).execute();
    expect((await hub.wallet('transaction/bet', bet1)).body).toEqual(first.body);
    expect((await hub.wallet('transaction/bet', hub.betBody(session, 100_000))).body.status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect(await mainBalance(m.id)).toBe(10_200n);
    expect(await betRows(bet1.transaction_uuid)).toHaveLength(1);
  });

  it('unknown tokens, wrong currency, unknown games, not enough money and disabled users get their statuses and move nothing', async () => {
    const { m, session } = await player('5.00');
    const st = async (action: Parameters<FakeHub88['wallet']>[0], body: Record<string, unknown>) =>
      (await hub.wallet(action, body)).body;
    expect(
      (await st('transaction/bet', hub.betBody({ ...session, token: 'no-such-token-123' }, 100_000))).status,
    ).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await st('transaction/bet', hub.betBody({ ...session, user: '99999999' }, 100_000))).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect((await st('transaction/bet', hub.betBody({ ...session, currency: 'EUR' }, 100_000))).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(
      (await st('transaction/bet', hub.betBody({ ...session, gameCode: 'nope_game' }, 100_000))).status,
    ).toBe('RS_ERROR_INVALID_GAME');
    const poor = await st('transaction/bet', hub.betBody(session, 600_000));
    expect(poor).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 500_000,
      currency: CURRENCY,
      user: session.user,
    });
    const bet = hub.betBody(session, 100_000);
    expect((await st('transaction/bet', bet)).status).toBe('RS_OK');
    expect((await st('transaction/win', hub.winBody(bet, 100_000, { currency: 'EUR' }))).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    await t.db.db.updateTable('member').set({ block_betting: true }).where('id', '=', m.id).execute();
    expect((await st('transaction/bet', hub.betBody(session, 100_000))).status).toBe(
      'RS_ERROR_USER_DISABLED',
    );
    // A blocked member's round in play still settles.
    expect((await st('transaction/win', hub.winBody(bet, 300_000))).status).toBe('RS_OK');
    await t.db.db
      .updateTable('member')
      .set({ block_betting: false, status: 'DISABLED' })
      .where('id', '=', m.id)
      .execute();
    expect((await st('transaction/bet', hub.betBody(session, 100_000))).status).toBe(
      'RS_ERROR_USER_DISABLED',
    );
    expect((await st('user/info', { user: session.user, request_uuid: 'i' })).status).toBe(
      'RS_ERROR_USER_DISABLED',
    );
    expect(await mainBalance(m.id)).toBe(700n);
  });

  it('the member’s own limits and breaks: RS_ERROR_LIMIT_REACHED and RS_ERROR_USER_DISABLED, moving nothing', async () => {
    const { m, session } = await player('50.00');
    const brand = await t.brands.resolve('GOLDEN', undefined);
    const protection = t.services.protection.protection;
    await protection.setLimit(brand, m.id, { kind: 'WAGER', period: 'D', amount: '2' });
    const first = hub.betBody(session, 100_000);
    expect((await hub.wallet('transaction/bet', first)).body.status).toBe('RS_OK');
    // 1.00 staked of a 2.00 day limit: a 1.50 stake would pass it.
    const over = await hub.wallet('transaction/bet', hub.betBody(session, 150_000));
    expect(over.body).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED' });
    expect(await mainBalance(m.id)).toBe(4_900n);
    await protection.exclude(brand, m.id, { kind: 'TIMEOUT', days: 1, allBrands: false });
    expect((await hub.wallet('transaction/bet', hub.betBody(session, 10_000))).body.status).toBe(
      'RS_ERROR_USER_DISABLED',
    );
    // The round in play still settles.
    expect((await hub.wallet('transaction/win', hub.winBody(first, 200_000))).body.status).toBe('RS_OK');
    expect(await mainBalance(m.id)).toBe(5_100n);
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('bad bodies: missing fields are RS_ERROR_WRONG_SYNTAX, mistyped or sub-cent amounts RS_ERROR_WRONG_TYPES', async () => {
    const { m, session } = await player();
    const bet = hub.betBody(session, 100_000);
    const { amount: _dropped, ...noAmount } = bet;
    expect((await hub.wallet('transaction/bet', noAmount)).body.status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await hub.wallet('transaction/bet', { ...bet, amount: '100000' })).body.status).toBe(
      'RS_ERROR_WRONG_TYPES',
    );
    expect((await hub.wallet('transaction/bet', { ...bet, amount: 100_500 })).body.status).toBe(
      'RS_ERROR_WRONG_TYPES',
    );
    expect((await hub.wallet('transaction/bet', { ...bet, amount: -100_000 })).body.status).toBe(
      'RS_ERROR_WRONG_TYPES',
    );
    expect((await hub.wallet('transaction/bet', {}, { rawBody: '{not json' })).body.status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    expect(await mainBalance(m.id)).toBe(10_000n);
    expect(await betRows(bet.transaction_uuid)).toHaveLength(0);
  });

  it('the game page spins a bet and a win through the wallet API', async () => {
    const { m, session } = await player();
    const res = await fetch(`${hub.baseUrl}/spin?token=${session.token}`, { method: 'POST' });
    expect(await res.json()).toEqual({ bet: 'RS_OK', win: 'RS_OK', balance: '101.50' });
    expect(await mainBalance(m.id)).toBe(10_150n);
  });
});
