/**
 * Game icons per language and the "new" flag, set in the back office: an uploaded icon (checked
 * from its bytes: type, size, square pixels) is what the site's game lists answer in that
 * language, others falling back to the uploaded default and then the vendor's icon; removing it
 * brings the fallback back. Bad uploads, other brands' games and callers without games.manage
 * change nothing; each change leaves one audit row with before and after.
 */
import type { AdminGame, AdminGamePage, GameList } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { Identity, LOTUS } from './identity-client';
import { jpegHeader, solidPng, webpLosslessHeader } from './image-bytes';

const ADMIN_KEY = 'test-admin-key-0123456789';
const CONTENT_KEY = 'games-icons-content-only-key-0123';
const LIST = '/wps/relay/GCSGAME_gameList';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  await t.services.staff.admin.insertKey(CONTENT_KEY, 'content-only', 'GOLDEN', ['content.site'], 'test');
});
afterAll(async () => {
  await t?.close();
});

const admin = { 'x-api-key': ADMIN_KEY };
const contentOnly = { 'x-api-key': CONTENT_KEY };
const b64 = (b: Buffer) => b.toString('base64');
const auditRows = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const gameRow = (nodeId: string) =>
  t.db.db.selectFrom('game').selectAll().where('node_id', '=', nodeId).executeTakeFirstOrThrow();
const iconCount = async () =>
  (
    await t.db.db
      .selectFrom('game_icon')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const upload = (nodeId: string, body: unknown, headers: Record<string, string> = admin, host?: string) =>
  id.send<AdminGame>(`/wps/admin/games/${nodeId}/icons`, {
    method: 'POST',
    body,
    headers,
    ...(host ? { host } : {}),
  });
const remove = (nodeId: string, lang: string, headers: Record<string, string> = admin) =>
  id.send<AdminGame>(`/wps/admin/games/${nodeId}/icons/${lang}`, { method: 'DELETE', headers });

/** A switched-on slot game of a vendor with many (the `skip`-th, so each test has its own). */
async function slotOf(host?: string, skip = 0): Promise<AdminGame> {
  const opts = { headers: admin, ...(host ? { host } : {}) };
  const first = await id.ok<AdminGamePage>(`/wps/admin/games?gameType=RNG&enabled=true&pageSize=1`, opts);
  const vendor = first.list[0]!.vendor;
  const page = await id.ok<AdminGamePage>(
    `/wps/admin/games?gameType=RNG&enabled=true&vendor=${vendor}&pageSize=10`,
    opts,
  );
  expect(page.list.length).toBeGreaterThan(skip);
  return page.list[skip]!;
}

/** The game as the site's game list answers it in `lang`. */
async function listed(g: AdminGame, lang: string, host?: string) {
  const list = await id.ok<GameList>(`${LIST}?gameType=RNG&vassalage=${g.vendor}&pageSize=200`, {
    lang,
    ...(host ? { host } : {}),
  });
  const found = list.games.find((x) => String(x.nodeId) === g.nodeId);
  expect(found, `${g.nodeId} listed`).toBeDefined();
  return found!;
}

describe('icons per language', () => {
  it('a language’s own icon, else the uploaded default, else the vendor’s: served from the database', async () => {
    const g = await slotOf(undefined, 1);
    const vendorIcon = (await listed(g, 'EN')).showIcon;
    const audits = (await auditRows('game.icon.upload')).length;

    const th = await upload(g.nodeId, { lang: 'TH', data: b64(solidPng(128, 128, [10, 200, 10])) });
    expect(th.status).toBe(200);
    expect(th.body.value!.icons.TH).toMatch(/\/media\/game-icons\/[0-9a-f-]{36}\.png$/);
    const thIcon = (await listed(g, 'TH')).showIcon;
    expect(thIcon).toBe(th.body.value!.icons.TH);
    // Other languages keep the vendor's icon.
    expect((await listed(g, 'EN')).showIcon).toBe(vendorIcon);

    // The bytes are served publicly from the database, as uploaded.
    const served = await t.app.inject({
      method: 'GET',
      url: new URL(thIcon).pathname,
      headers: { host: 'localhost' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(solidPng(128, 128, [10, 200, 10]))).toBe(true);
    // A wrong extension, an unknown id or one that is not a UUID is not found.
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/game-icons/${'-'.repeat(36)}.png` })).statusCode,
    ).toBe(404);
    const wrongExt = new URL(thIcon).pathname.replace(/\.png$/, '.jpg');
    expect((await t.app.inject({ method: 'GET', url: wrongExt })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/media/game-icons/00000000-0000-0000-0000-000000000000.png',
        })
      ).statusCode,
    ).toBe(404);

    // A default icon: every language without its own shows it; Thai keeps its own.
    const def = await upload(g.nodeId, { lang: 'default', data: b64(solidPng(256, 256)) });
    expect(def.status).toBe(200);
    expect((await listed(g, 'EN')).showIcon).toBe(def.body.value!.icons.default);
    expect((await listed(g, 'VI')).showIcon).toBe(def.body.value!.icons.default);
    expect(def.body.value!.iconUrl).toBe(def.body.value!.icons.default);
    expect((await listed(g, 'TH')).showIcon).toBe(thIcon);

    // Removed: back to the fallback.
    const removedTh = await remove(g.nodeId, 'TH');
    expect(removedTh.status).toBe(200);
    expect(removedTh.body.value!.icons.TH).toBeUndefined();
    expect((await listed(g, 'TH')).showIcon).toBe(def.body.value!.icons.default);
    expect((await remove(g.nodeId, 'default')).status).toBe(200);
    expect((await listed(g, 'TH')).showIcon).toBe(vendorIcon);
    expect((await listed(g, 'EN')).showIcon).toBe(vendorIcon);
    expect((await gameRow(g.nodeId)).icons).toEqual({});

    const uploads = await auditRows('game.icon.upload');
    expect(uploads).toHaveLength(audits + 2);
    expect(uploads[audits]).toMatchObject({
      before: { lang: 'TH', icon: null },
      after: {
        lang: 'TH',
        icon: expect.stringMatching(/^game-icons\//),
        size: expect.any(Number),
        pixels: 128,
      },
    });
    const removals = await auditRows('game.icon.remove');
    expect(removals.at(-2)).toMatchObject({
      before: { lang: 'TH', icon: expect.stringMatching(/^game-icons\//) },
      after: { lang: 'TH', icon: null },
    });
  });

  it('takes JPEG and WebP checked by their bytes', async () => {
    const g = await slotOf(undefined, 2);
    const jpg = await upload(g.nodeId, { lang: 'CN', data: b64(jpegHeader(200, 200)) });
    expect(jpg.status).toBe(200);
    expect(jpg.body.value!.icons.CN).toMatch(/\.jpg$/);
    const webp = await upload(g.nodeId, { lang: 'ID', data: b64(webpLosslessHeader(512, 512)) });
    expect(webp.status).toBe(200);
    expect(webp.body.value!.icons.ID).toMatch(/\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(webp.body.value!.icons.ID!).pathname });
    expect(served.headers['content-type']).toBe('image/webp');
    // Put back.
    await remove(g.nodeId, 'CN');
    await remove(g.nodeId, 'ID');
    expect((await gameRow(g.nodeId)).icons).toEqual({});
  });

  it('refuses what is not an icon, too large, not square or out of size, and callers without games.manage; nothing changes', async () => {
    const g = await slotOf(undefined, 3);
    const before = await gameRow(g.nodeId);
    const stored = await iconCount();
    const cases: [unknown, number, string][] = [
      [
        { lang: 'EN', data: b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')) },
        400,
        'game.icon.invalid',
      ],
      [{ lang: 'EN', data: b64(Buffer.from('GIF89a\x40\x00\x40\x00', 'latin1')) }, 400, 'game.icon.invalid'],
      [{ lang: 'EN', data: 'not base64 at all!' }, 400, 'game.icon.invalid'],
      [{ lang: 'EN', data: b64(solidPng(128, 96)) }, 400, 'game.icon.size'],
      [{ lang: 'EN', data: b64(solidPng(32, 32)) }, 400, 'game.icon.size'],
      [{ lang: 'EN', data: b64(jpegHeader(2048, 2048)) }, 400, 'game.icon.size'],
      [
        { lang: 'EN', data: b64(Buffer.concat([solidPng(64, 64), Buffer.alloc(600 * 1024)])) },
        413,
        'game.icon.too.large',
      ],
      [{ lang: 'XX', data: b64(solidPng(64, 64)) }, 400, 'request.invalid'],
      [{ data: b64(solidPng(64, 64)) }, 400, 'request.invalid'],
      [{ lang: 'EN', data: '' }, 400, 'request.invalid'],
      [{ lang: 'EN', data: b64(solidPng(64, 64)), extra: 1 }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) {
      const r = await upload(g.nodeId, body);
      expect(r.body, JSON.stringify(body).slice(0, 80)).toMatchObject({ success: false, errorCode: code });
      expect(r.status).toBe(status);
    }
    // Another brand's game, an unknown one, a caller without games.manage.
    const other = await slotOf(LOTUS);
    const good = { lang: 'EN', data: b64(solidPng(64, 64)) };
    expect((await upload(other.nodeId, good)).body).toMatchObject({ errorCode: 'game.unknown' });
    expect((await upload('999999999', good)).status).toBe(404);
    expect((await upload(g.nodeId, good, contentOnly)).status).toBe(403);
    expect((await remove(g.nodeId, 'EN', contentOnly)).status).toBe(403);
    expect((await remove(g.nodeId, 'XX')).status).toBe(400);
    expect((await remove(other.nodeId, 'EN')).status).toBe(404);
    expect(await gameRow(g.nodeId)).toEqual(before);
    expect((await gameRow(other.nodeId)).icons).toEqual({});
    expect(await iconCount()).toBe(stored);
  });
});

describe('the new flag', () => {
  it('set on one game or many: answered in the site’s lists and filtered in the back office; audited', async () => {
    const a = await slotOf(undefined, 4);
    const b = await slotOf(undefined, 5);
    expect((await listed(a, 'EN')).isNew).toBe(0);
    const audits = (await auditRows('game.update')).length;
    const one = await id.send<AdminGame>(`/wps/admin/games/${a.nodeId}`, {
      method: 'PUT',
      body: { isNew: true },
      headers: admin,
    });
    expect(one.status).toBe(200);
    expect(one.body.value!.isNew).toBe(true);
    expect((await listed(a, 'EN')).isNew).toBe(1);
    const updates = await auditRows('game.update');
    expect(updates).toHaveLength(audits + 1);
    expect(updates.at(-1)).toMatchObject({ before: { isNew: false }, after: { isNew: true } });

    const bulkAudits = (await auditRows('game.bulk')).length;
    const bulk = await id.ok<{ changed: number }>('/wps/admin/games/bulk', {
      body: { nodeIds: [a.nodeId, b.nodeId], isNew: true },
      headers: admin,
    });
    expect(bulk.changed).toBe(1);
    expect((await listed(b, 'EN')).isNew).toBe(1);
    const marked = await id.ok<AdminGamePage>('/wps/admin/games?isNew=true&pageSize=200', { headers: admin });
    expect(marked.list.map((g) => g.nodeId)).toEqual(expect.arrayContaining([a.nodeId, b.nodeId]));
    expect(marked.list.every((g) => g.isNew)).toBe(true);
    const bulkRows = await auditRows('game.bulk');
    expect(bulkRows).toHaveLength(bulkAudits + 1);
    expect(bulkRows.at(-1)).toMatchObject({
      before: { isNew: false },
      after: { isNew: true, nodeIds: [b.nodeId] },
    });

    // Neither flag named, an unknown field, another brand's game: refused, nothing changes.
    await id.fails(
      '/wps/admin/games/bulk',
      { body: { nodeIds: [a.nodeId] }, headers: admin },
      400,
      'request.invalid',
    );
    await id.fails(
      '/wps/admin/games/bulk',
      { body: { nodeIds: [a.nodeId], isNew: 'yes' }, headers: admin },
      400,
      'request.invalid',
    );
    const other = await slotOf(LOTUS);
    await id.fails(
      '/wps/admin/games/bulk',
      { body: { nodeIds: [b.nodeId, other.nodeId], isNew: false }, headers: admin },
      404,
      'game.unknown',
    );
    expect((await gameRow(b.nodeId)).is_new).toBe(true);
    expect((await gameRow(other.nodeId)).is_new).toBe(false);
    expect(
      (
        await id.send('/wps/admin/games/bulk', {
          body: { nodeIds: [b.nodeId], isNew: false },
          headers: contentOnly,
        })
      ).status,
    ).toBe(403);

    // Put back.
    await id.ok('/wps/admin/games/bulk', {
      body: { nodeIds: [a.nodeId, b.nodeId], isNew: false },
      headers: admin,
    });
    expect((await listed(a, 'EN')).isNew).toBe(0);
    expect((await listed(b, 'EN')).isNew).toBe(0);
  });
});
