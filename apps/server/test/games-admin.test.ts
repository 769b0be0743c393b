/**
 * The back office's game catalogue: categories, vendors and games of a brand switched, ordered,
 * renamed and filtered by minimum bet. Each change is what the player site's lists answer next,
 * for that brand only; bad input and callers without games.manage change nothing; each change
 * leaves one audit row with before and after.
 */
import type {
  AdminCategory,
  AdminGame,
  AdminGamePage,
  AdminHouseGame,
  AdminVendor,
  GameList,
  LaunchGame,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketOf } from './game-ticket';
import { buildAppOn, buildTestApp, type TestContext } from './helper';
import { Identity, LOTUS } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const CONTENT_KEY = 'games-admin-content-only-key-0123';
const LIST = '/wps/relay/GCSGAME_gameList';
const VENDORS = '/wps/relay/GCSGAME_newGameVendor';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  // A content manager: may edit site content, not the game catalogue.
  await t.services.staff.admin.insertKey(CONTENT_KEY, 'content-only', 'GOLDEN', ['content.site'], 'test');
});
afterAll(async () => {
  await t?.close();
});

const admin = { 'x-api-key': ADMIN_KEY };
const contentOnly = { 'x-api-key': CONTENT_KEY };
const qs = (o: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(o).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
const playerList = (o: Record<string, string | number | undefined>, host?: string, lang?: string) =>
  id.ok<GameList>(`${LIST}?${qs(o)}`, { ...(host ? { host } : {}), ...(lang ? { lang } : {}) });
const adminGames = (o: Record<string, string | number | undefined>, host?: string) =>
  id.ok<AdminGamePage>(`/wps/admin/games?${qs(o)}`, { headers: admin, ...(host ? { host } : {}) });
const patchGame = (nodeId: string, body: unknown, headers: Record<string, string> = admin) =>
  id.send<AdminGame>(`/wps/admin/games/${nodeId}`, { method: 'PUT', body, headers });
const auditRows = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const gameRow = (nodeId: string) =>
  t.db.db.selectFrom('game').selectAll().where('node_id', '=', nodeId).executeTakeFirstOrThrow();

/** One switched-on slot game of the brand with the vendor it is listed under. */
async function someSlot(host?: string): Promise<AdminGame> {
  const page = await adminGames({ gameType: 'RNG', enabled: 'true', vendor: 'HOUSE', pageSize: 5 }, host);
  expect(page.list.length).toBeGreaterThan(0);
  return page.list[0]!;
}

describe('categories and vendors', () => {
  it('counts each category’s vendors and games; a vendor switched off leaves the site’s lists and is audited', async () => {
    const categories = await id.ok<AdminCategory[]>('/wps/admin/games/categories', { headers: admin });
    const rng = categories.find((c) => c.gameType === 'RNG')!;
    expect(rng.vendors).toBeGreaterThan(0);
    expect(rng.games).toBeGreaterThan(100);
    expect(rng.enabledGames).toBeLessThanOrEqual(rng.games);

    const vendors = await id.ok<AdminVendor[]>('/wps/admin/games/vendors', { headers: admin });
    const house = vendors.find((v) => v.code === 'HOUSE' && v.gameType === 'RNG')!;
    expect(house).toMatchObject({ enabled: true, adapter: 'HOUSE' });
    expect(house.games).toBeGreaterThan(0);

    const slotVendors = async (host?: string) =>
      (await id.ok<{ title: string; cards: { vassalage: string }[] }[]>(VENDORS, host ? { host } : {}))
        .find((c) => c.title === 'RNG')!
        .cards.map((c) => c.vassalage);
    expect(await slotVendors()).toContain('HOUSE');
    const houseSlots = async (host?: string) =>
      (await playerList({ gameType: 'RNG', vassalage: 'HOUSE' }, host)).totalCount;
    expect(await houseSlots()).toBeGreaterThan(0);

    const audits = (await auditRows('vendor.update')).length;
    const off = await id.send<AdminVendor>('/wps/admin/games/vendors/RNG/HOUSE', {
      method: 'PUT',
      body: { enabled: false, sort: 7, hot: true },
      headers: admin,
    });
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({ code: 'HOUSE', enabled: false, sort: 7, hot: true });
    expect(await slotVendors()).not.toContain('HOUSE');
    expect(await houseSlots()).toBe(0);
    // The other brand keeps its vendor.
    expect(await slotVendors(LOTUS)).toContain('HOUSE');
    expect(await houseSlots(LOTUS)).toBeGreaterThan(0);

    const rows = await auditRows('vendor.update');
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)).toMatchObject({
      target: 'vendor:RNG/HOUSE',
      merchant_code: 'GOLDEN',
      before: expect.objectContaining({ enabled: true }),
      after: expect.objectContaining({ enabled: false, sort: 7, is_hot: true }),
    });

    await id.ok('/wps/admin/games/vendors/RNG/HOUSE', {
      method: 'PUT',
      body: { enabled: true, sort: house.sort, hot: house.hot },
      headers: admin,
    });
    expect(await slotVendors()).toContain('HOUSE');
    expect(await houseSlots()).toBeGreaterThan(0);
  });

  it('refuses an unknown vendor, an empty or bad change and a caller without games.manage; nothing changes', async () => {
    const before = await t.db.db
      .selectFrom('vendor')
      .selectAll()
      .where('merchant_code', '=', 'GOLDEN')
      .execute();
    const patch = (path: string, body: unknown, headers = admin) =>
      id.send(`/wps/admin/games/vendors/${path}`, { method: 'PUT', body, headers });
    const unknown = await patch('RNG/NOSUCHVENDOR', { enabled: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, errorCode: 'catalogue.vendor.unknown' });
    for (const body of [
      {},
      { sort: -1 },
      { sort: 1.5 },
      { displayName: '' },
      { enabled: 'no' },
      { extra: 1 },
    ]) {
      const r = await patch('RNG/HOUSE', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await patch('POKER/HOUSE', { enabled: false })).status).toBe(400);
    const refused = await patch('RNG/HOUSE', { enabled: false }, contentOnly);
    expect(refused.status).toBe(403);
    const after = await t.db.db
      .selectFrom('vendor')
      .selectAll()
      .where('merchant_code', '=', 'GOLDEN')
      .execute();
    expect(after).toEqual(before);
  });

  it('the category switch is audited with each vendor before and after', async () => {
    await id.ok('/wps/admin/game-types/FISH', { body: { enabled: false }, headers: admin });
    await id.ok('/wps/admin/game-types/FISH', { body: { enabled: true }, headers: admin });
    const rows = (await auditRows('game-type.switch')).slice(-2);
    expect(rows[0]).toMatchObject({ target: 'game-type:FISH' });
    expect(rows[0]!.before).toEqual(expect.arrayContaining([expect.objectContaining({ enabled: true })]));
    expect(rows[0]!.after).toEqual(expect.arrayContaining([expect.objectContaining({ enabled: false })]));
    expect(rows[1]!.after).toEqual(expect.arrayContaining([expect.objectContaining({ enabled: true })]));
  });
});

describe('games', () => {
  it('searches by name or code and filters by vendor, category and switch, a page at a time', async () => {
    const all = await adminGames({ pageSize: 200 });
    expect(all.total).toBeGreaterThan(300);
    expect(all.list).toHaveLength(200);
    const g = all.list.find((x) => x.gameType === 'RNG')!;
    const byName = await adminGames({ q: g.displayName.slice(0, 6).toUpperCase() });
    expect(byName.list.map((x) => x.nodeId)).toContain(g.nodeId);
    const byCode = await adminGames({ q: g.gameCode });
    expect(byCode.list.map((x) => x.nodeId)).toContain(g.nodeId);
    // A LIKE wildcard is taken as text: nothing is named with a bare %.
    expect((await adminGames({ q: '%' })).total).toBe(0);
    const ofVendor = await adminGames({ vendor: g.vendor, gameType: 'RNG', pageSize: 200 });
    expect(ofVendor.list.every((x) => x.vendor === g.vendor && x.gameType === 'RNG')).toBe(true);
    await id.fails('/wps/admin/games?pageSize=201', { headers: admin }, 400, 'request.invalid');
    await id.fails('/wps/admin/games?enabled=maybe', { headers: admin }, 400, 'request.invalid');
    // The other brand's games are its own rows.
    const lotus = await adminGames({ q: g.gameCode }, LOTUS);
    expect(lotus.list.map((x) => x.nodeId)).not.toContain(g.nodeId);
  });

  it('a game switched off, renamed, reordered or given a higher minimum bet is what the site lists next', async () => {
    const g = await someSlot();
    const listed = async (o: Record<string, string | number | undefined> = {}, lang?: string) =>
      (
        await playerList({ gameType: 'RNG', vassalage: g.vendor, pageSize: 200, ...o }, undefined, lang)
      ).games.find((x) => String(x.nodeId) === g.nodeId);
    expect(await listed()).toBeDefined();

    const off = await patchGame(g.nodeId, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.value!.enabled).toBe(false);
    expect(await listed()).toBeUndefined();

    const changed = await patchGame(g.nodeId, {
      enabled: true,
      hot: true,
      minBet: '0.50',
      names: { VI: 'Rồng Vàng Thử', EN: 'Golden Test Dragon' },
    });
    expect(changed.body.value).toMatchObject({ enabled: true, hot: true, minBet: 0.5 });
    const back = await listed({}, 'VI');
    expect(back).toMatchObject({ gameName: 'Rồng Vàng Thử', isHot: 1, minBet: 0.5 });
    expect((await listed({}, 'EN'))!.gameName).toBe('Golden Test Dragon');
    // The site's minimum-bet filter (games a stake of at most this can play) follows it.
    expect(await listed({ minBet: '0.1' })).toBeUndefined();
    expect(await listed({ minBet: '0.75' })).toBeDefined();

    // An empty name takes that language back to the game's own name.
    const cleared = await patchGame(g.nodeId, { names: { VI: '' }, minBet: g.minBet });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((await listed({}, 'VI'))!.gameName).not.toBe('Rồng Vàng Thử');
    expect((await gameRow(g.nodeId)).names).not.toHaveProperty('VI');

    const rows = (await auditRows('game.update')).filter(
      (r) => r.target === `game:${g.vendor}/${g.gameCode}`,
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({
      before: expect.objectContaining({ enabled: false, hot: g.hot }),
      after: expect.objectContaining({ enabled: true, hot: true, minBet: 0.5 }),
    });
  });

  it('refuses bad changes, another brand’s game and a caller without games.manage; nothing changes', async () => {
    const g = await someSlot();
    const before = await gameRow(g.nodeId);
    for (const body of [
      {},
      { minBet: '-1' },
      { minBet: 0 },
      { minBet: '1.234' },
      { minBet: 'ten' },
      { sort: 100_000 },
      { names: {} },
      { names: { XX: 'x' } },
      { names: { EN: 'x'.repeat(81) } },
      { displayName: '  ' },
      { enabled: true, unknown: 1 },
    ]) {
      const r = await patchGame(g.nodeId, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.success).toBe(false);
    }
    const other = await someSlot(LOTUS);
    const foreign = await patchGame(other.nodeId, { enabled: false });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ errorCode: 'game.unknown' });
    expect((await patchGame('999999999', { enabled: false })).status).toBe(404);
    expect((await patchGame('abc', { enabled: false })).status).toBe(400);
    expect((await patchGame(g.nodeId, { enabled: false }, contentOnly)).status).toBe(403);
    expect(await gameRow(g.nodeId)).toEqual(before);
    expect((await gameRow(other.nodeId)).enabled).toBe(true);
  });

  it('switches many games at once, all the brand’s or none', async () => {
    const vendor = (await adminGames({ gameType: 'RNG', enabled: 'true', pageSize: 1 })).list[0]!.vendor;
    const page = await adminGames({ gameType: 'RNG', vendor, enabled: 'true', pageSize: 3 });
    const ids = page.list.map((g) => g.nodeId);
    expect(ids).toHaveLength(3);
    const count = async () => (await playerList({ gameType: 'RNG', vassalage: vendor })).totalCount;
    const listedBefore = await count();

    // One id of the other brand: refused whole.
    const other = await someSlot(LOTUS);
    await id.fails(
      '/wps/admin/games/bulk',
      { body: { nodeIds: [...ids, other.nodeId], enabled: false }, headers: admin },
      404,
      'game.unknown',
    );
    await id.fails(
      '/wps/admin/games/bulk',
      { body: { nodeIds: [], enabled: false }, headers: admin },
      400,
      'request.invalid',
    );
    expect(await count()).toBe(listedBefore);

    const audits = (await auditRows('game.bulk')).length;
    const off = await id.ok<{ changed: number }>('/wps/admin/games/bulk', {
      body: { nodeIds: ids, enabled: false },
      headers: admin,
    });
    expect(off.changed).toBe(3);
    expect(await count()).toBe(listedBefore - 3);
    // Again: nothing left to change.
    expect(
      (
        await id.ok<{ changed: number }>('/wps/admin/games/bulk', {
          body: { nodeIds: ids, enabled: false },
          headers: admin,
        })
      ).changed,
    ).toBe(0);
    await id.ok('/wps/admin/games/bulk', { body: { nodeIds: ids, enabled: true }, headers: admin });
    expect(await count()).toBe(listedBefore);
    const rows = await auditRows('game.bulk');
    expect(rows).toHaveLength(audits + 3);
    expect(rows[audits]).toMatchObject({ after: { enabled: false, nodeIds: expect.arrayContaining(ids) } });
  });
});

describe('every server instance', () => {
  it('another instance’s game list drops a game switched off here within seconds, and lists it again', async () => {
    const other = await buildAppOn(t.db, { ADMIN_API_KEY: ADMIN_KEY });
    try {
      const g = await someSlot();
      const listedThere = async () => {
        const res = await other.inject({
          method: 'GET',
          url: `${LIST}?${qs({ gameType: 'RNG', vassalage: g.vendor, pageSize: 200 })}`,
          headers: { host: 'localhost' },
        });
        return (res.json() as { value: GameList }).value.games.some((x) => String(x.nodeId) === g.nodeId);
      };
      // The other instance holds its own snapshot of the catalogue.
      expect(await listedThere()).toBe(true);
      const poll = async (want: boolean) => {
        const started = Date.now();
        while ((await listedThere()) !== want) {
          expect(Date.now() - started, 'the other instance still answers the old list').toBeLessThan(8_000);
          await new Promise((r) => setTimeout(r, 250));
        }
        return Date.now() - started;
      };
      expect((await patchGame(g.nodeId, { enabled: false })).status).toBe(200);
      await poll(false);
      expect((await patchGame(g.nodeId, { enabled: true })).status).toBe(200);
      await poll(true);
    } finally {
      await other.close();
    }
  });
});

describe('house games', () => {
  const house = (host?: string) =>
    id.ok<AdminHouseGame[]>('/wps/admin/games/house', { headers: admin, ...(host ? { host } : {}) });
  const setRoom = (path: string, body: unknown, headers: Record<string, string> = admin) =>
    id.send(`/wps/admin/games/house/${path}`, { method: 'PUT', body, headers });
  const roomList = async (host?: string) =>
    (await id.ok<{ list: { roomId: string }[] }>('/wps/relay/GLS2_roomList', host ? { host } : {})).list.map(
      (r) => r.roomId,
    );

  it('shows each house game’s published returns read-only: one published configuration each', async () => {
    const games = await house();
    expect(games.map((g) => g.engine)).toEqual([
      'SLOT',
      'BACCARAT',
      'FISH',
      'CARDS',
      'COCKFIGHT',
      'SPORTSBOOK',
    ]);
    expect(games.every((g) => g.configurations === 1 && g.figures.length > 0)).toBe(true);
    expect(games[0]!.figures[0]!.rtp).toBeCloseTo(96.15, 2);
    expect(games.find((g) => g.engine === 'CARDS')!.rooms.map((r) => r.roomId)).toEqual([
      'bronze',
      'silver',
      'gold',
    ]);
    expect(games.find((g) => g.engine === 'BACCARAT')!.rooms.map((r) => r.roomId)).toEqual(['1', '2', '3']);
  });

  it('a card room closed for one brand leaves its lobby and takes no seat; the other brand keeps it; audited', async () => {
    const audits = (await auditRows('house.room.set')).length;
    expect((await setRoom('CARDS/rooms/gold', { enabled: false })).status).toBe(200);
    expect(await roomList()).toEqual(['bronze', 'silver']);
    expect(await roomList(LOTUS)).toEqual(['bronze', 'silver', 'gold']);
    expect(
      (await house()).find((g) => g.engine === 'CARDS')!.rooms.find((r) => r.roomId === 'gold')!.enabled,
    ).toBe(false);

    const m = await id.registerGolden();
    await id.credit(m.username, '100.00', ADMIN_KEY);
    const l = await id.ok<LaunchGame>(
      '/wps/game/launchGame?vendor=HOUSE&gameCode=house-three-card-showdown',
      {
        token: m.token,
      },
    );
    const ticket = await ticketOf(t.app, l.url);
    const next = (
      await id.ok<{ next: { handNo: number } }>('/wps/house/cards/table?roomId=bronze', {
        headers: { 'x-game-token': ticket },
      })
    ).next.handNo;
    await id.fails(
      '/wps/house/cards/join',
      { headers: { 'x-game-token': ticket }, body: { roomId: 'gold', handNo: next } },
      409,
      'house.room.closed',
    );
    const rows = await auditRows('house.room.set');
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)).toMatchObject({
      target: 'house-room:CARDS/gold',
      before: { enabled: true },
      after: { enabled: false },
    });

    await setRoom('CARDS/rooms/gold', { enabled: true });
    expect(await roomList()).toEqual(['bronze', 'silver', 'gold']);
  });

  it('refuses closing the last open room, an unknown room or engine and a caller without games.manage', async () => {
    expect((await setRoom('BACCARAT/rooms/1', { enabled: false })).status).toBe(200);
    expect((await setRoom('BACCARAT/rooms/2', { enabled: false })).status).toBe(200);
    const last = await setRoom('BACCARAT/rooms/3', { enabled: false });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ errorCode: 'house.room.last' });
    const unknown = await setRoom('BACCARAT/rooms/9', { enabled: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ errorCode: 'house.room.unknown' });
    expect((await setRoom('SLOT/rooms/1', { enabled: false })).status).toBe(400);
    expect((await setRoom('CARDS/rooms/gold', { enabled: 'no' })).status).toBe(400);
    expect((await setRoom('CARDS/rooms/gold', { enabled: false }, contentOnly)).status).toBe(403);
    const tables = (await house()).find((g) => g.engine === 'BACCARAT')!.rooms;
    expect(tables.map((r) => r.enabled)).toEqual([false, false, true]);
    // The players' side: only table 3 is listed, and a bet on table 1 is refused, nothing taken.
    const m = await id.registerGolden();
    await id.credit(m.username, '100.00', ADMIN_KEY);
    const l = await id.ok<LaunchGame>('/wps/game/launchGame?vendor=HOUSE&gameCode=house-baccarat', {
      token: m.token,
    });
    const ticket = { headers: { 'x-game-token': await ticketOf(t.app, l.url) } };
    const info = await id.ok<{ tables: number[]; balance: number }>('/wps/house/baccarat/info', ticket);
    expect(info.tables).toEqual([3]);
    const lobby = await id.ok<{ tables: { tableId: number; roundNo: number }[] }>(
      '/wps/house/baccarat/tables',
      ticket,
    );
    expect(lobby.tables.map((x) => x.tableId)).toEqual([3]);
    await id.fails(
      '/wps/house/baccarat/bet',
      { ...ticket, body: { table: 1, roundNo: lobby.tables[0]!.roundNo, type: 'PLAYER', amount: 10 } },
      409,
      'house.room.closed',
    );
    expect((await id.ok<{ balance: number }>('/wps/house/baccarat/info', ticket)).balance).toBe(info.balance);
    expect((await house()).find((g) => g.engine === 'CARDS')!.rooms.every((r) => r.enabled)).toBe(true);
    await setRoom('BACCARAT/rooms/1', { enabled: true });
    await setRoom('BACCARAT/rooms/2', { enabled: true });
  });

  it('a card room outside its opening hours (brand time zone) leaves the lobby and takes no seat; audited', async () => {
    // GOLDEN's wall clock (Asia/Manila, UTC+8), as HH:MM `minutes` from now.
    const at = (minutes: number) => {
      const d = new Date(Date.now() + 8 * 3_600_000 + minutes * 60_000);
      return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    };
    const audits = (await auditRows('house.room.hours')).length;
    const later = { from: at(60), until: at(120) };
    expect((await setRoom('CARDS/rooms/gold/hours', { hours: later })).status).toBe(200);
    expect(await roomList()).toEqual(['bronze', 'silver']);
    expect(await roomList(LOTUS)).toEqual(['bronze', 'silver', 'gold']);
    const gold = (await house()).find((g) => g.engine === 'CARDS')!.rooms.find((r) => r.roomId === 'gold')!;
    expect(gold).toMatchObject({ enabled: true, hours: later, openNow: false });

    const m = await id.registerGolden();
    await id.credit(m.username, '100.00', ADMIN_KEY);
    const l = await id.ok<LaunchGame>(
      '/wps/game/launchGame?vendor=HOUSE&gameCode=house-three-card-showdown',
      {
        token: m.token,
      },
    );
    const ticket = await ticketOf(t.app, l.url);
    const next = (
      await id.ok<{ next: { handNo: number } }>('/wps/house/cards/table?roomId=bronze', {
        headers: { 'x-game-token': ticket },
      })
    ).next.handNo;
    await id.fails(
      '/wps/house/cards/join',
      { headers: { 'x-game-token': ticket }, body: { roomId: 'gold', handNo: next } },
      409,
      'house.room.closed',
    );

    // Hours running past midnight that hold the present: open again.
    const now = { from: at(-60), until: at(60) };
    expect((await setRoom('CARDS/rooms/gold/hours', { hours: now })).status).toBe(200);
    expect(await roomList()).toEqual(['bronze', 'silver', 'gold']);

    // Bad hours, an unknown room, no permission: refused, the stored hours unchanged.
    for (const hours of [
      { from: '10:00', until: '10:00' },
      { from: '25:00', until: '02:00' },
      { from: '9:00' },
    ])
      expect((await setRoom('CARDS/rooms/gold/hours', { hours })).status).toBe(400);
    expect((await setRoom('CARDS/rooms/zinc/hours', { hours: null })).status).toBe(404);
    expect((await setRoom('CARDS/rooms/gold/hours', { hours: null }, contentOnly)).status).toBe(403);
    expect(
      (await house()).find((g) => g.engine === 'CARDS')!.rooms.find((r) => r.roomId === 'gold')!.hours,
    ).toEqual(now);

    const rows = await auditRows('house.room.hours');
    expect(rows).toHaveLength(audits + 2);
    expect(rows.at(-1)).toMatchObject({
      target: 'house-room:CARDS/gold',
      before: { hours: later },
      after: { hours: now },
    });
    expect((await setRoom('CARDS/rooms/gold/hours', { hours: null })).status).toBe(200);
    expect(
      (await house()).find((g) => g.engine === 'CARDS')!.rooms.find((r) => r.roomId === 'gold'),
    ).toMatchObject({ hours: null, openNow: true });
  });
});
