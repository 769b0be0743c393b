/**
 * Wire conformance: a client of the real clients' protocol (test/legacy-client.ts, written from
 * the protocol facts alone) logs in, registers, checks a username, lists and launches games and
 * reads the home-page calls, with nothing but the base URL and the merchant to go on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { DIALING, freshMobile, freshName } from './identity-client';
import { LEGACY_FORMS, legacyRequest, legacySeal, type LegacyForm } from './legacy-client';

const ADMIN_KEY = 'wire-admin-key-0123456789';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
});
afterAll(async () => {
  await t?.close();
});

interface Envelope<T = unknown> {
  success: boolean;
  value?: T;
  errorCode?: string;
  message?: string;
}

/** demo01 always logs in from here: a login from a new address would need a second step. */
const DEMO_IP = '10.77.250.1';
let ipSeq = 0;
/** A fresh client address per test, so per-IP throttles of one test do not touch another. */
const freshIp = () => `10.77.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

/** GET as a client sends it: the brand from the Merchant header, or from the host when none. */
async function get<T>(
  url: string,
  o: { merchant?: string; ip?: string; token?: string; host?: string } = {},
) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      host: o.host ?? 'localhost',
      ...(o.merchant ? { merchant: o.merchant } : {}),
      ...(o.token ? { authorization: o.token } : {}),
    },
    remoteAddress: o.ip ?? '10.77.0.1',
  });
  return { status: res.statusCode, headers: res.headers, text: res.body, body: safeJson<T>(res.body) };
}

function safeJson<T>(text: string): Envelope<T> {
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return { success: false };
  }
}

/** The hex key, read as the real clients read it: the response text (quotes stripped if any). */
async function hexKey(merchant?: string): Promise<string> {
  const res = await get(`/wps/session/key/rsa?t=${Date.now()}`, merchant ? { merchant } : {});
  expect(res.status, res.text).toBe(200);
  return res.text.trim().replace(/^"|"$/g, '');
}

/** An encrypted call of the legacy scheme in one of its body forms. */
async function legacyCall<T>(
  method: 'POST' | 'PUT',
  url: string,
  value: unknown,
  o: { form?: LegacyForm; merchant?: string; ip: string; headers?: Record<string, string> },
) {
  const sealed = legacySeal(value, await hexKey(o.merchant));
  const req = legacyRequest(sealed, o.form ?? 'string');
  const res = await t.app.inject({
    method,
    url,
    headers: {
      host: 'localhost',
      ...(o.merchant ? { merchant: o.merchant } : {}),
      ...req.headers,
      ...o.headers,
    },
    payload: req.payload,
    remoteAddress: o.ip,
  });
  return { status: res.statusCode, body: safeJson<T>(res.body), sealed, request: req };
}

async function counts() {
  const one = async (table: 'member' | 'member_session') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { member: await one('member'), session: await one('member_session') };
}

/** Registers a GOLDEN member the legacy way, with the SMS code from the dev outbox. */
async function register(form: LegacyForm, ip: string, headers: Record<string, string> = {}) {
  const mobileNum = freshMobile();
  const username = freshName('w');
  const sms = await t.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/register',
    headers: { host: 'localhost' },
    payload: { countryDialingCode: DIALING, mobileNo: mobileNum },
    remoteAddress: ip,
  });
  expect(sms.statusCode, sms.body).toBe(200);
  // The dev outbox answers only a client on the server's own machine.
  const outbox = await get<{ body: string }[]>(`/wps/dev/outbox?target=${DIALING}${mobileNum}`, {
    ip: '127.0.0.1',
  });
  const code = /\b(\d{6})\b/.exec(outbox.body.value![0]!.body)![1]!;
  const res = await legacyCall<{ customerId: number; token: string; username: string }>(
    'PUT',
    '/wps/member/register',
    {
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      mobileNum,
      countryDialingCode: DIALING,
      payeeName: 'Maria Santos',
      verificationCode: code,
      captcha: '',
      registerMethod: 'WEB',
    },
    { form, ip, headers },
  );
  return { ...res, username };
}

describe('the RSA key (GET /wps/session/key/rsa)', () => {
  it('answers the modulus as plain hex text, not cached, with and without the Merchant header', async () => {
    const byHost = await get(`/wps/session/key/rsa?t=${Date.now()}`);
    expect(byHost.status).toBe(200);
    expect(byHost.headers['content-type']).toMatch(/^text\/plain/);
    expect(byHost.headers['cache-control']).toBe('no-store');
    expect(byHost.text).toMatch(/^[0-9a-f]+$/);
    // A 1024-bit modulus: its top bit is set.
    expect(BigInt(`0x${byHost.text}`) >> 1023n).toBe(1n);
    const byHeader = await get('/wps/session/key/rsa', { merchant: 'GOLDEN' });
    expect(byHeader.text).toBe(byHost.text);
  });

  it('is refused, in the envelope, for a brand with legacy compatibility off', async () => {
    const res = await get('/wps/session/key/rsa', { merchant: 'LOTUS' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, errorCode: 'system.feature.disabled' });
  });

  it('keeps the modern scheme on its own path', async () => {
    const res = await get<{ keyId: string; publicKey: string; algorithm: string }>('/wps/session/key');
    expect(res.body.value).toMatchObject({ algorithm: 'RSA-OAEP-256+A256GCM' });
    expect(res.body.value!.publicKey).toContain('BEGIN PUBLIC KEY');
  });
});

describe('session and registration in the legacy scheme', () => {
  it('registers (value.customerId, Module-Id headers) and logs in by type "1" in every body form', async () => {
    const ip = freshIp();
    const reg = await register('value', ip, { 'module-id': 'REGISTER', 'x-module-id': 'REGISTER' });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body.value!.customerId).toBeGreaterThan(0);
    for (const form of LEGACY_FORMS) {
      const login = await legacyCall<{ id: number; customerId: number; token: string }>(
        'POST',
        '/wps/session/login',
        { username: reg.username, password: 'abc12345', captcha: '', type: '1' },
        { form, ip },
      );
      expect(login.status, `${form}: ${JSON.stringify(login.body)}`).toBe(200);
      expect(login.body.value!.id).toBe(reg.body.value!.customerId);
      expect(login.body.value!.customerId).toBe(reg.body.value!.customerId);
      expect(login.body.value!.token.length).toBeGreaterThan(20);
    }
  });

  it('refuses bad input with a clear error and creates nothing', async () => {
    const ip = DEMO_IP;
    const creds = { username: 'demo01', password: 'demo1234', captcha: '', type: '1' };
    const before = await counts();

    // An unknown login type.
    const unknownType = await legacyCall('POST', '/wps/session/login', { ...creds, type: '9' }, { ip });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.errorCode).toBe('request.invalid');

    // A replayed Encryption value, even with the body it first came with.
    const first = await legacyCall('POST', '/wps/session/login', creds, { ip });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const afterFirst = await counts();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { host: 'localhost', ...first.request.headers },
      payload: first.request.payload,
      remoteAddress: ip,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ success: false, errorCode: 'payload.decrypt.failed' });

    const key = await hexKey();
    const sealed = legacySeal(creds, key);
    const send = (headers: Record<string, string>, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
        payload,
        remoteAddress: ip,
      });
    const bad = [
      // A wrong Encryption header: not hex, sealed under no key of ours, the key's own modulus.
      await send({ encryption: 'not-hex' }, JSON.stringify(sealed.data)),
      await send({ encryption: legacySeal(creds, 'c'.repeat(256)).header }, JSON.stringify(sealed.data)),
      await send({ encryption: key }, JSON.stringify(sealed.data)),
      // A body that is not base64, and a truncated ciphertext.
      await send({ encryption: legacySeal(creds, key).header }, 'this is not base64!'),
      await send({ encryption: legacySeal(creds, key).header }, JSON.stringify(sealed.data.slice(0, 8))),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'payload.decrypt.failed' });
      expect(typeof res.json<Envelope>().message).toBe('string');
    }
    // Only the one good login made a session; no member was made.
    expect(await counts()).toEqual({ member: before.member, session: before.session + 1 });
    expect(afterFirst.session).toBe(before.session + 1);

    // A bad registration makes no member.
    const ipReg = freshIp();
    const noCode = await legacyCall(
      'PUT',
      '/wps/member/register',
      { username: freshName('w'), password: 'abc12345', confirmPassword: 'abc12345' },
      { ip: ipReg, form: 'bare' },
    );
    expect(noCode.status).toBe(400);
    expect(await counts()).toEqual({ member: before.member, session: before.session + 1 });
  });

  it('checks a username: taken is success:false with a code, free is success:true, throttled per IP', async () => {
    const ip = freshIp();
    const taken = await get('/wps/check/username?username=demo01', { ip });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ success: false, errorCode: 'member.account.used' });
    // The check ignores case as registration does.
    expect((await get('/wps/check/username?username=DEMO01', { ip })).body.success).toBe(false);
    const free = await get(`/wps/check/username?username=${freshName('f')}`, { ip });
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ success: true, value: true });
    const malformed = await get('/wps/check/username?username=9', { ip });
    expect(malformed.body).toMatchObject({ success: false, errorCode: 'register.field.invalid' });

    let last = free;
    for (let i = 0; i < 30; i++) last = await get(`/wps/check/username?username=${freshName('f')}`, { ip });
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ success: false, errorCode: 'system.throttled' });
    // Another address is not held back.
    expect((await get('/wps/check/username?username=demo01', { ip: freshIp() })).status).toBe(409);
  });

  it('answers the GeeTest captcha id where the brand has one, else a clear error', async () => {
    const golden = await get<{ gt: string }>('/wps/captcha/geetest?product=bind&t=1');
    expect(golden.status).toBe(200);
    expect(golden.body.value!.gt).toMatch(/^[0-9a-f]{32}$/);
    const lotus = await get('/wps/captcha/geetest?product=bind', { merchant: 'LOTUS' });
    expect(lotus.status).toBe(403);
    expect(lotus.body).toMatchObject({ success: false, errorCode: 'system.feature.disabled' });
  });
});

interface WireGame {
  nodeId: number;
  roomId: number;
  gameName: string;
  nodeName: string;
  displayName: string;
  showIcon: string;
  vendor: string;
}

describe('games', () => {
  it('lists the whole catalogue in one page with gameName, nodeName, roomId and icons that load', async () => {
    const res = await get<{ games: WireGame[]; totalCount: number; totalPages: number }>(
      '/wps/relay/GCSGAME_gameList?pageNo=1&pageSize=3000&language=CN',
      { merchant: 'GOLDEN' },
    );
    expect(res.status, res.text).toBe(200);
    const { games, totalCount, totalPages } = res.body.value!;
    expect(games.length).toBe(totalCount);
    expect(totalPages).toBe(1);
    expect(totalCount).toBeGreaterThan(100);
    for (const g of games) {
      expect(g.roomId).toBe(g.nodeId);
      expect(g.gameName).toBe(g.displayName);
      expect(g.nodeName.length).toBeGreaterThan(0);
      expect(g.showIcon).toMatch(/^http:\/\/localhost\/media\/games\//);
    }
    const icon = await t.app.inject({ url: new URL(games[0]!.showIcon).pathname });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\//);

    const tooBig = await get('/wps/relay/GCSGAME_gameList?pageSize=3001');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
  });

  it('gives hot games the same fields, and vendor cards absolute icons that load', async () => {
    const hot = await get<{ list: WireGame[] }>('/wps/relay/GCSGAME_hotGamesV2');
    expect(hot.body.value!.list.length).toBeGreaterThan(0);
    for (const g of hot.body.value!.list) {
      expect(g).toMatchObject({
        roomId: g.nodeId,
        gameName: expect.any(String),
        nodeName: expect.any(String),
      });
      expect(g.showIcon).toMatch(/^http:\/\/localhost\//);
    }
    const vendors = await get<{ cards: Record<string, string>[] }[]>('/wps/relay/GCSGAME_newGameVendor');
    const card = vendors.body.value![0]!.cards[0]!;
    for (const field of ['logoUrl', 'smallIcon', 'mobileSmallIcon', 'h5Icon', 'lagerIcon']) {
      expect(card[field], field).toMatch(/^http:\/\/localhost\/media\//);
    }
    const icon = await t.app.inject({ url: new URL(card.h5Icon!).pathname });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\//);
  });

  it('launches a game by roomId with launchMode GLS and answers the absolute gameUrl', async () => {
    const ip = DEMO_IP;
    const login = await legacyCall<{ token: string }>(
      'POST',
      '/wps/session/login',
      { username: 'demo01', password: 'demo1234', captcha: '', type: '1' },
      { ip },
    );
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.value!.token;
    const list = await get<{ games: WireGame[] }>('/wps/relay/GCSGAME_gameList?vassalage=HOUSE&pageSize=50');
    const game = list.body.value!.games[0]!;
    const back = encodeURIComponent('http://golden.localhost/rng?page=HOUSE');
    const res = await get<{ url: string; gameUrl: string; content: { game_url: string } }>(
      `/wps/game/launchGame?roomId=${game.roomId}&launchMode=GLS&backUrl=${back}`,
      { token, ip },
    );
    expect(res.status, res.text).toBe(200);
    const launched = res.body.value!;
    expect(launched.gameUrl).toMatch(/^http:\/\/localhost\//);
    expect(launched.content.game_url).toBe(launched.gameUrl);
    expect(new URL(launched.gameUrl).searchParams.get('backUrl')).toBe(
      'http://golden.localhost/rng?page=HOUSE',
    );

    // A backUrl on someone else's host is not carried (no open redirect).
    const evil = await get<{ gameUrl: string }>(
      `/wps/game/launchGame?roomId=${game.roomId}&launchMode=GLS&backUrl=${encodeURIComponent('https://evil.example/x')}`,
      { token, ip },
    );
    expect(new URL(evil.body.value!.gameUrl).searchParams.get('backUrl')).toBe('/');
    // A roomId that is no game.
    const unknown = await get(`/wps/game/launchGame?roomId=999999999&launchMode=GLS`, { token, ip });
    expect(unknown.body).toMatchObject({ success: false, errorCode: 'game.unknown' });
  });
});

describe('home-page calls', () => {
  it('GCSGAME_getRankList answers the winner board', async () => {
    const res = await get<{ list: { vo: unknown }[] }>(
      '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=10',
    );
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.body.value!.list)).toBe(true);
  });

  it('CCSFE_getListAnnouncements answers for platform W and M', async () => {
    for (const platform of ['W', 'M']) {
      const res = await get<{ banners: unknown[]; player: unknown[] }>(
        `/wps/relay/CCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=${platform}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.value!.banners.length).toBeGreaterThan(0);
    }
    const old = await get('/wps/relay/MCSFE_getListAnnouncements?platform=M');
    expect(old.status).toBe(200);
    const bad = await get('/wps/relay/CCSFE_getListAnnouncements?platform=X');
    expect(bad.status).toBe(400);
  });

  it('/wps/system/country answers the countries the brand serves with dialing codes', async () => {
    const res = await get<{ countryCode: string; countryDialingCode: string }[]>('/wps/system/country');
    const list = res.body.value!;
    expect(list).toContainEqual({ countryCode: 'PH', countryDialingCode: '63' });
    // GOLDEN blocks US and SG.
    expect(list.map((c) => c.countryCode)).not.toContain('SG');
  });
});

describe('the per-brand legacy switch (admin API, audited)', () => {
  const admin = (method: 'GET' | 'POST', body?: unknown, key = ADMIN_KEY) =>
    t.app.inject({
      method,
      url: '/wps/admin/legacy-crypto',
      headers: { host: 'localhost', merchant: 'LOTUS', 'x-api-key': key },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  const auditRows = () =>
    t.db.db.selectFrom('audit_log').selectAll().where('merchant_code', '=', 'LOTUS').orderBy('id').execute();

  it('switches LOTUS on and off, one audit row per change, and the key route follows', async () => {
    expect((await admin('GET')).json()).toEqual({ success: true, value: { legacyCrypto: false } });
    const on = await admin('POST', { enabled: true });
    expect(on.json()).toEqual({ success: true, value: { legacyCrypto: true, previous: false } });
    expect((await get('/wps/session/key/rsa', { merchant: 'LOTUS' })).status).toBe(200);
    // The same state again changes nothing and logs nothing.
    await admin('POST', { enabled: true });
    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: 'alice',
      actor_kind: 'API_KEY',
      action: 'brand.legacyCrypto.set',
      target: 'merchant:LOTUS',
      before: { legacyCrypto: false },
      after: { legacyCrypto: true },
    });
    await admin('POST', { enabled: false });
    expect(await auditRows()).toHaveLength(2);
    expect((await get('/wps/session/key/rsa', { merchant: 'LOTUS' })).status).toBe(403);
  });

  it('refuses a wrong key and bad input, changing nothing', async () => {
    const before = await auditRows();
    const wrongKey = await admin('POST', { enabled: true }, 'nope');
    expect(wrongKey.json()).toMatchObject({ success: false, errorCode: 'admin.unauthorized' });
    const bad = await admin('POST', { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(await auditRows()).toEqual(before);
    expect((await admin('GET')).json()).toEqual({ success: true, value: { legacyCrypto: false } });
  });

  it('keeps the audit log append-only', async () => {
    await expect(t.db.db.updateTable('audit_log').set({ actor: 'someone else' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});
