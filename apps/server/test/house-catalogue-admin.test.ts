/**
 * "Add house games": a brand created from the back office has no vendor or game rows; adding the
 * house offer gives it the platform's own vendors and games, which the site lists and launches at
 * once. Adding again adds nothing, a vendor staff switched off stays off, callers without
 * games.manage change nothing, and each addition leaves one audit row saying what was added.
 * Hub88's catalogue sync gives such a brand its studios' vendors and games as well.
 */
import type {
  GameList,
  HouseOffer,
  HouseOfferResult,
  LaunchGame,
  SlotInfo,
  SlotSpinResult,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeHub88, rsaKeyPair } from './fakes/hub88';
import { ticketOf } from './game-ticket';
import { buildTestApp, type TestContext } from './helper';
import { DIALING, freshIp, freshMobile, freshName, Identity } from './identity-client';

const ADMIN_KEY = 'house-catalogue-admin-key-0123456789';
const CONTENT_KEY = 'house-catalogue-content-only-key-0123';
const HOST = 'teak.localhost';
const OFFER = '/wps/admin/games/house-offer';
const LIST = '/wps/relay/GCSGAME_gameList';
const VENDORS = '/wps/relay/GCSGAME_newGameVendor';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  const made = await id.send('/wps/admin/brands', {
    body: {
      code: 'TEAK',
      name: 'Teak House',
      hosts: [HOST],
      defaultLanguage: 'EN',
      languages: ['EN', 'TH'],
      currency: 'THB',
      currencySymbol: '฿',
      timezone: 'Asia/Bangkok',
      resources: [],
      customerService: [],
    },
    headers: { 'x-api-key': ADMIN_KEY },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  // A content manager of the new brand: may edit its site content, not its game catalogue.
  await t.services.staff.admin.insertKey(CONTENT_KEY, 'content-only', 'TEAK', ['content.site'], 'test');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const teak = (key = ADMIN_KEY) => ({ host: HOST, headers: { 'x-api-key': key } });
const offer = () => id.ok<HouseOffer>(OFFER, teak());
const add = () => id.ok<HouseOfferResult>(OFFER, { ...teak(), method: 'POST' });
const rows = async () => ({
  vendors: await t.db.db
    .selectFrom('vendor')
    .select(['code', 'game_type', 'enabled', 'adapter'])
    .where('merchant_code', '=', 'TEAK')
    .orderBy(['game_type', 'code'])
    .execute(),
  games: await t.db.db
    .selectFrom('game')
    .select(['vendor_code', 'game_code', 'enabled', 'engine'])
    .where('merchant_code', '=', 'TEAK')
    .orderBy(['vendor_code', 'game_code'])
    .execute(),
});
const auditRows = () =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', 'games.house.add').orderBy('id').execute();
const playerList = (q: Record<string, string>) =>
  id.ok<GameList>(`${LIST}?${new URLSearchParams(q).toString()}`, { host: HOST });
const siteVendors = async () =>
  (await id.ok<{ title: string; cards: { vassalage: string }[] }[]>(VENDORS, { host: HOST })).flatMap((c) =>
    c.cards.map((card) => `${c.title}/${card.vassalage}`),
  );

/** A member of TEAK registered the way the site does it (SMS code, encrypted body). */
async function registerTeak(): Promise<{ username: string; token: string }> {
  const ip = freshIp();
  const mobileNum = freshMobile();
  const verificationCode = await id.registerCode(mobileNum, { ip, host: HOST });
  const username = freshName();
  const res = await id.send<{ token: string }>('/wps/member/register', {
    method: 'PUT',
    host: HOST,
    ip,
    encrypt: true,
    body: {
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      mobileNum,
      countryDialingCode: DIALING,
      payeeName: 'Somchai Jaidee',
      verificationCode,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { username, token: res.body.value!.token };
}

describe('adding the house games to a new brand', () => {
  it('a new brand starts with no games; the offer lists every house vendor and game as missing', async () => {
    expect(await rows()).toEqual({ vendors: [], games: [] });
    expect((await playerList({ gameType: 'RNG' })).totalCount).toBe(0);
    const o = await offer();
    expect(o.vendors.map((v) => `${v.gameType}/${v.code}`)).toEqual([
      'RNG/HOUSE',
      'LIVE/HOUSE',
      'FISH/HOUSE',
      'PVP/HOUSE',
      'SPORTS/HOUSE',
      'ESPORTS/HOUSE',
      'COCKFIGHT/HOUSE',
      'LOTT/LOTT',
      'ELOTT/ELOTT',
    ]);
    expect(o.vendors.every((v) => v.state === 'MISSING' && v.games.every((g) => !g.present))).toBe(true);
    expect(o.missingVendors).toBe(9);
    expect(o.missingGames).toBe(o.vendors.reduce((n, v) => n + v.games.length, 0));
    expect(o.hub88).toEqual({ configured: false, enabled: false });
    const slot = o.vendors[0]!.games[0]!;
    expect(slot).toMatchObject({ engine: 'SLOT', present: false });
    expect(slot.names.TH).toBeTruthy();
  });

  it('refuses a caller without games.manage and changes nothing', async () => {
    await id.fails(OFFER, teak(CONTENT_KEY), 403, 'operator.forbidden');
    await id.fails(OFFER, { ...teak(CONTENT_KEY), method: 'POST' }, 403, 'operator.forbidden');
    await id.fails(OFFER, { host: HOST, method: 'POST' }, 401, 'admin.unauthorized');
    // The offer is added whole: a request for a part of it is refused, not half-understood.
    await id.fails(
      OFFER,
      { ...teak(), method: 'POST', body: { vendors: ['HOUSE'] } },
      400,
      'request.invalid',
    );
    expect(await rows()).toEqual({ vendors: [], games: [] });
    expect(await auditRows()).toHaveLength(0);
  });

  it('adds the house vendors and games; the site lists them at once and one audit row says what was added', async () => {
    // The site has looked at the (empty) catalogue: the addition must not wait for its cache.
    expect((await playerList({ gameType: 'LIVE' })).totalCount).toBe(0);
    const before = await offer();
    const r = await add();
    expect(r.vendorsAdded).toBe(9);
    expect(r.gamesAdded).toBe(before.missingGames);
    expect(r.offer).toMatchObject({ missingVendors: 0, missingGames: 0 });
    expect(r.offer.vendors.every((v) => v.state === 'ON' && v.games.every((g) => g.present))).toBe(true);

    const { vendors, games } = await rows();
    expect(vendors).toHaveLength(9);
    expect(vendors.every((v) => v.enabled && v.adapter === 'HOUSE')).toBe(true);
    expect(games).toHaveLength(before.missingGames);
    expect(games.find((g) => g.game_code === 'house-live-sabong')).toMatchObject({
      vendor_code: 'HOUSE',
      engine: 'COCKFIGHT',
    });

    // The site's lists answer them without a restart or a wait.
    const site = await siteVendors();
    for (const v of ['RNG/HOUSE', 'LIVE/HOUSE', 'FISH/HOUSE', 'PVP/HOUSE', 'SPORTS/HOUSE', 'LOTT/LOTT'])
      expect(site).toContain(v);
    const slots = await playerList({ gameType: 'RNG', vassalage: 'HOUSE' });
    expect(slots.totalCount).toBe(1);
    expect(slots.games[0]).toMatchObject({ gameCode: 'house-dragon-fortune' });
    expect((await playerList({ gameType: 'LIVE' })).totalCount).toBe(1);
    expect((await playerList({ gameType: 'LOTT' })).totalCount).toBeGreaterThan(0);

    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ merchant_code: 'TEAK', target: 'merchant:TEAK' });
    const detail = JSON.stringify(audit[0]);
    expect(detail).toContain('vendor:RNG/HOUSE');
    expect(detail).toContain('game:HOUSE/house-dragon-fortune');
  });

  it('a member of the new brand launches the house slot and spins it', async () => {
    const m = await registerTeak();
    await id.credit(m.username, '50.00', ADMIN_KEY, 'TEAK');
    const l = await id.ok<LaunchGame>('/wps/game/launchGame?vendor=HOUSE&gameCode=house-dragon-fortune', {
      host: HOST,
      token: m.token,
    });
    expect(l).toMatchObject({ mode: 'SEAMLESS', vendor: 'HOUSE', gameCode: 'house-dragon-fortune' });
    const ticket = await ticketOf(t.app, l.url, HOST);
    const headers = { 'x-game-token': ticket };
    const info = await id.ok<SlotInfo>('/wps/house/slot/info', { host: HOST, headers });
    expect(info).toMatchObject({ gameCode: 'house-dragon-fortune', balance: 50 });
    const bet = info.betOptions[0]!;
    const spin = await id.ok<SlotSpinResult>('/wps/house/slot/spin', {
      host: HOST,
      headers,
      body: { bet, requestId: `spin-teak-${Date.now()}` },
    });
    expect(spin.balance).toBeCloseTo(50 - bet + spin.totalWin, 2);

    // Every other house game of the offer opens too: its engine's client, or the lottery page.
    const o = await offer();
    for (const v of o.vendors)
      for (const g of v.games) {
        const res = await id.send<LaunchGame>(
          `/wps/game/launchGame?vendor=${v.code}&gameType=${v.gameType}&gameCode=${g.gameCode}`,
          { host: HOST, token: m.token },
        );
        expect(res.status, `${v.code}/${g.gameCode}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.value!.url).toContain(g.engine === null ? 'lottery' : 'code=');
      }
  });

  it('adding again adds nothing; a vendor or game staff switched off stays off; a missing game comes back', async () => {
    const off = await id.send(`/wps/admin/games/vendors/LIVE/HOUSE`, {
      ...teak(),
      method: 'PUT',
      body: { enabled: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await playerList({ gameType: 'LIVE' })).totalCount).toBe(0);
    const keno = await t.db.db
      .selectFrom('game')
      .select('node_id')
      .where('merchant_code', '=', 'TEAK')
      .where('game_code', '=', 'keno')
      .executeTakeFirstOrThrow();
    const gameOff = await id.send(`/wps/admin/games/${keno.node_id}`, {
      ...teak(),
      method: 'PUT',
      body: { enabled: false },
    });
    expect(gameOff.status, JSON.stringify(gameOff.body)).toBe(200);
    // A game staff removed by hand (the offer shows it missing; adding brings back just that one).
    await t.db.db
      .deleteFrom('game')
      .where('merchant_code', '=', 'TEAK')
      .where('vendor_code', '=', 'HOUSE')
      .where('game_type', '=', 'FISH')
      .execute();
    const before = await rows();
    const o = await offer();
    expect(o.vendors.find((v) => v.gameType === 'LIVE')!.state).toBe('OFF');
    expect(o).toMatchObject({ missingVendors: 0, missingGames: 1 });

    const r = await add();
    expect(r).toMatchObject({ vendorsAdded: 0, gamesAdded: 1 });
    const after = await rows();
    expect(after.vendors).toEqual(before.vendors);
    expect(after.vendors.find((v) => v.game_type === 'LIVE')!.enabled).toBe(false);
    expect(after.games.find((g) => g.game_code === 'keno')!.enabled).toBe(false);
    expect(after.games).toHaveLength(before.games.length + 1);
    expect((await playerList({ gameType: 'LIVE' })).totalCount).toBe(0);
    expect((await playerList({ gameType: 'FISH' })).totalCount).toBe(1);

    const again = await add();
    expect(again).toMatchObject({ vendorsAdded: 0, gamesAdded: 0 });
    expect(await rows()).toEqual(after);
    const audit = await auditRows();
    expect(audit).toHaveLength(3);
    expect(JSON.stringify(audit[2])).toContain('"gamesAdded":0');
  });

  it('leaves the demo brands alone', async () => {
    const golden = await t.db.db
      .selectFrom('vendor')
      .select(['code', 'game_type', 'enabled', 'sort'])
      .where('merchant_code', '=', 'GOLDEN')
      .orderBy(['game_type', 'code'])
      .execute();
    const o = await id.ok<HouseOffer>(OFFER, { headers: { 'x-api-key': ADMIN_KEY } });
    // GOLDEN has every house vendor but never had the house cockfight arena.
    expect(o.vendors.filter((v) => v.state === 'MISSING').map((v) => v.gameType)).toEqual(['COCKFIGHT']);
    await id.ok(OFFER, { headers: { 'x-api-key': ADMIN_KEY }, method: 'POST' });
    const after = await t.db.db
      .selectFrom('vendor')
      .select(['code', 'game_type', 'enabled', 'sort'])
      .where('merchant_code', '=', 'GOLDEN')
      .where('game_type', '<>', 'COCKFIGHT')
      .orderBy(['game_type', 'code'])
      .execute();
    expect(after).toEqual(golden.filter((v) => v.game_type !== 'COCKFIGHT'));
    const arena = await t.db.db
      .selectFrom('vendor')
      .select(['sort'])
      .where('merchant_code', '=', 'GOLDEN')
      .where('game_type', '=', 'COCKFIGHT')
      .where('code', '=', 'HOUSE')
      .executeTakeFirstOrThrow();
    // After the studios staff ordered.
    expect(arena.sort).toBeGreaterThan(
      Math.max(...golden.filter((v) => v.game_type === 'COCKFIGHT').map((v) => v.sort)),
    );
  });
});

describe('Hub88 on a brand that had no games', () => {
  it('the offer says Hub88 is set up; its catalogue sync creates the studios as vendors with their games', async () => {
    const ours = rsaKeyPair();
    const hub = new FakeHub88();
    await hub.start();
    hub.operatorPublicKey = ours.publicKey;
    try {
      hub.games = [
        {
          game_code: 'pp_sweetbonanza',
          name: 'Sweet Bonanza',
          product: 'Pragmatic Play',
          category: 'Video Slots',
          url_thumb: 'https://cdn.example/sb.png',
          enabled: true,
        },
      ];
      const saved = await id.send('/wps/admin/integrations/HUB88', {
        ...teak(),
        method: 'PUT',
        body: {
          enabled: true,
          settings: { baseUrl: hub.baseUrl, operatorId: 1, currency: 'THB' },
          secrets: { privateKey: ours.privateKey, hub88PublicKey: hub.keys.publicKey },
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await offer()).hub88).toEqual({ configured: true, enabled: true });
      const sync = await id.send('/wps/admin/integrations/HUB88/sync', { ...teak(), method: 'POST' });
      expect(sync.status, JSON.stringify(sync.body)).toBe(200);
      const { vendors, games } = await rows();
      expect(vendors.find((v) => v.adapter === 'HUB88')).toMatchObject({ game_type: 'RNG', enabled: true });
      expect(games.find((g) => g.game_code === 'pp_sweetbonanza')).toMatchObject({ enabled: true });
      const listed = await playerList({ gameType: 'RNG', gameName: 'Sweet' });
      expect(listed.games.map((g) => g.gameCode)).toEqual(['pp_sweetbonanza']);
    } finally {
      await hub.stop();
    }
  });
});
