import { randomUUID } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import {
  PERMISSIONS,
  type Announcements,
  type BannerAdmin,
  type Broadcast,
  type Permission,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/modules/messages/rich-text';
import { inspectImage } from '../src/modules/messages/content-image';
import { seedDemo } from '../src/seed/seed';
import { buildTestApp, PNG, type TestContext } from './helper';
import { Identity } from './identity-client';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

// ---- helpers -------------------------------------------------------------------------------------

/** A real PNG of one colour (IHDR, one IDAT, IEND) of the given size. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's header up to its frame header (SOF0) with this size: what the size check reads. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 8]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof[9] = 3;
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

const keys = new Map<string, string>();
async function keyOf(who: string, permissions: readonly Permission[], merchant = 'GOLDEN'): Promise<string> {
  const name = `${who}-${merchant}`;
  let key = keys.get(name);
  if (!key) {
    key = `test-key-${name}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(key, who, merchant, [...permissions], 'test');
    keys.set(name, key);
  }
  return key;
}

interface Res<T> {
  status: number;
  body: { success: boolean; value?: T; errorCode?: string; message?: string };
}

async function staff<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  o: { merchant?: string; permissions?: readonly Permission[]; who?: string } = {},
): Promise<Res<T>> {
  const merchant = o.merchant ?? 'GOLDEN';
  const res = await t.app.inject({
    method,
    url,
    headers: {
      host: 'localhost',
      merchant,
      'x-api-key': await keyOf(o.who ?? 'editor', o.permissions ?? PERMISSIONS, merchant),
      'idempotency-key': randomUUID(),
    },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function ok<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  merchant?: string,
) {
  const res = await staff<T>(method, url, body, { merchant });
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.value as T;
}

async function upload(bytes: Buffer, group = 'w_home', merchant?: string) {
  return staff<{ imagePath: string; width: number; height: number }>(
    'POST',
    '/wps/admin/content/images',
    { group, dataBase64: bytes.toString('base64') },
    { merchant },
  );
}

async function imagePath(group = 'w_home', merchant?: string): Promise<string> {
  const res = await upload(png(1200, 400), group, merchant);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.imagePath;
}

/** What the player site gets (as the web app asks for it). */
async function site(lang: string, host = 'localhost'): Promise<Announcements> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&execution=B',
    headers: { host, language: lang },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { value: Announcements }).value;
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

function banner(path: string, over: Record<string, unknown> = {}) {
  return {
    group: 'w_live',
    lang: null,
    imagePath: path,
    title: { EN: 'Live casino week' },
    linkageType: 'ROUTE',
    linkage: '/promotions',
    status: 'PUBLISHED',
    startsAt: null,
    endsAt: null,
    ...over,
  };
}

const counts = async () => ({
  banners: Number(
    (
      await t.db.db
        .selectFrom('banner')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  images: Number(
    (
      await t.db.db
        .selectFrom('content_image')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

// ---- images -------------------------------------------------------------------------------------

describe('banner images', () => {
  it('reads the type from the bytes and the size from the header', () => {
    expect(inspectImage(png(1200, 400))).toEqual({ contentType: 'image/png', width: 1200, height: 400 });
    expect(inspectImage(jpeg(1600, 500))).toEqual({ contentType: 'image/jpeg', width: 1600, height: 500 });
    expect(inspectImage(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBeNull();
    expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    // A PNG signature with no header after it.
    expect(inspectImage(PNG.subarray(0, 10))).toBeNull();
  });

  it('stores a fitting image and serves it publicly; refuses others and stores nothing', async () => {
    const stored = await upload(png(1200, 400));
    expect(stored.status).toBe(200);
    expect(stored.body.value).toMatchObject({ width: 1200, height: 400, contentType: 'image/png' });
    const served = await t.app.inject({
      method: 'GET',
      url: stored.body.value!.imagePath,
      headers: { host: 'localhost' },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(png(1200, 400))).toBe(true);
    expect((await upload(jpeg(1600, 500))).status).toBe(200);

    const before = await counts();
    const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    expect([gif.status, gif.body.errorCode]).toEqual([400, 'content.image.invalid']);
    // A PNG too small for a page banner, and one too large for the sign-up popup's.
    const small = await upload(png(100, 100));
    expect([small.status, small.body.errorCode]).toEqual([400, 'content.image.dimensions']);
    expect(small.body.message).toContain('100×100');
    const wide = await upload(png(1600, 400), 'w_register');
    expect([wide.status, wide.body.errorCode]).toEqual([400, 'content.image.dimensions']);
    // Over 1 MB: a PNG header followed by noise.
    const big = await upload(Buffer.concat([png(1200, 400), Buffer.alloc(1024 * 1024)]));
    expect([big.status, big.body.errorCode]).toEqual([413, 'content.image.too.large']);
    const notBase64 = await staff('POST', '/wps/admin/content/images', {
      group: 'w_home',
      dataBase64: '%%%%',
    });
    expect([notBase64.status, notBase64.body.errorCode]).toEqual([400, 'content.image.invalid']);
    expect(await counts()).toEqual(before);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/wps/content-images/${randomUUID()}`,
      headers: { host: 'localhost' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

// ---- banners ------------------------------------------------------------------------------------

describe('banners', () => {
  it('serves only published banners inside their window, and audits each change', async () => {
    const path = await imagePath('w_live');
    const live = await ok<BannerAdmin>(
      'POST',
      '/wps/admin/content/banners',
      banner(path, { startsAt: minutes(-1), endsAt: minutes(60) }),
    );
    const later = await ok<BannerAdmin>(
      'POST',
      '/wps/admin/content/banners',
      banner(path, { startsAt: minutes(60) }),
    );
    const ended = await ok<BannerAdmin>(
      'POST',
      '/wps/admin/content/banners',
      banner(path, { startsAt: minutes(-60), endsAt: minutes(-1) }),
    );
    const draft = await ok<BannerAdmin>(
      'POST',
      '/wps/admin/content/banners',
      banner(path, { status: 'DRAFT' }),
    );
    expect([live.live, later.live, ended.live, draft.live]).toEqual([true, false, false, false]);
    // New banners go last in their group.
    expect(later.sort).toBe(live.sort + 1);

    const ids = (await site('EN')).banners.map((b) => b.bannerId);
    expect(ids).toContain(live.id);
    for (const hidden of [later, ended, draft]) expect(ids).not.toContain(hidden.id);
    expect((await site('EN')).banners.find((b) => b.bannerId === live.id)).toMatchObject({
      url: path,
      groupName: 'w_live',
      title: 'Live casino week',
      linkageType: 'ROUTE',
      linkage: '/promotions',
    });

    // The preview at a later moment, drafts included, shows what players will see then.
    const preview = await ok<Announcements>(
      'GET',
      `/wps/admin/content/preview?lang=EN&at=${encodeURIComponent(minutes(90))}&drafts=true`,
    );
    const previewIds = preview.banners.map((b) => b.bannerId);
    expect(previewIds).toEqual(expect.arrayContaining([later.id, draft.id]));
    expect(previewIds).not.toContain(live.id);

    // Publishing the draft shows it at once.
    await ok('PUT', `/wps/admin/content/banners/${draft.id}`, banner(path, { status: 'PUBLISHED' }));
    expect((await site('EN')).banners.map((b) => b.bannerId)).toContain(draft.id);

    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `banner:${draft.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['content.banner.create', 'content.banner.update']);
  });

  it('shows a banner in the request language, else the brand default language', async () => {
    const path = await imagePath('w_fish');
    const en = await ok<BannerAdmin>(
      'POST',
      '/wps/admin/content/banners',
      banner(path, { group: 'w_fish', lang: 'EN' }),
    );
    const cn = await ok<BannerAdmin>(
      'POST',
      '/wps/admin/content/banners',
      banner(path, { group: 'w_fish', lang: 'CN' }),
    );
    const inGroup = async (lang: string) =>
      (await site(lang)).banners.filter((b) => b.groupName === 'w_fish').map((b) => b.bannerId);
    expect(await inGroup('CN')).toContain(cn.id);
    expect(await inGroup('CN')).not.toContain(en.id);
    // Thai has no banner of its own in this group: the brand default's (English) is shown.
    expect(await inGroup('TH')).toContain(en.id);
    expect(await inGroup('TH')).not.toContain(cn.id);
    expect(await inGroup('EN')).toContain(en.id);
  });

  it('refuses bad links, windows, languages and images, and changes nothing', async () => {
    const path = await imagePath('w_live');
    const lotusPath = await imagePath('w_live', 'LOTUS');
    const wide = (await upload(png(1600, 400), 'w_live')).body.value!.imagePath;
    const before = await counts();
    const bad: [Record<string, unknown>, string][] = [
      [{ linkageType: 'ROUTE', linkage: 'javascript:alert(1)' }, 'linkage'],
      [{ linkageType: 'ROUTE', linkage: '//evil.example/x' }, 'linkage'],
      [{ linkageType: 'URL', linkage: 'javascript:alert(1)' }, 'linkage'],
      [{ linkageType: 'URL', linkage: 'not a url' }, 'linkage'],
      [{ linkageType: null, linkage: '/promotions' }, 'linkage'],
      [{ startsAt: minutes(10), endsAt: minutes(5) }, 'endsAt'],
      [{ imagePath: '/wps/content-images/00000000-0000-0000-0000-000000000000' }, 'imagePath'],
      [{ imagePath: 'https://evil.example/banner.png' }, 'imagePath'],
      // Another brand's upload.
      [{ imagePath: lotusPath }, 'imagePath'],
    ];
    for (const [over, field] of bad) {
      const res = await staff('POST', '/wps/admin/content/banners', banner(path, over));
      expect([res.status, res.body.errorCode], JSON.stringify(over)).toEqual([400, 'request.invalid']);
      expect(JSON.stringify(res.body.value)).toContain(field);
    }
    // A 1600×400 image fits a page banner, not the sign-up popup's.
    const wrongGroup = await staff(
      'POST',
      '/wps/admin/content/banners',
      banner(wide, { group: 'w_register' }),
    );
    expect([wrongGroup.status, wrongGroup.body.errorCode]).toEqual([400, 'content.image.dimensions']);
    // LOTUS offers MY and EN only.
    const lotusBanner = await staff('POST', '/wps/admin/content/banners', banner(lotusPath, { lang: 'TH' }), {
      merchant: 'LOTUS',
    });
    expect([lotusBanner.status, lotusBanner.body.errorCode]).toEqual([400, 'request.invalid']);
    const missing = await staff('PUT', '/wps/admin/content/banners/999999', banner(path));
    expect([missing.status, missing.body.errorCode]).toEqual([404, 'content.not.found']);
    expect(await counts()).toEqual(before);
  });

  it('orders a group: every banner once, or nothing changes', async () => {
    const path = await imagePath('w_sports');
    await ok('POST', '/wps/admin/content/banners', banner(path, { group: 'w_sports' }));
    const list = (await ok<{ list: BannerAdmin[] }>('GET', '/wps/admin/content/banners')).list;
    const group = list.filter((b) => b.group === 'w_sports');
    expect(group.length).toBeGreaterThan(1);
    const reversed = group.map((b) => b.id).reverse();
    const partial = await staff('PUT', '/wps/admin/content/banners-order', {
      group: 'w_sports',
      ids: reversed.slice(1),
    });
    expect(partial.status).toBe(400);
    await ok('PUT', '/wps/admin/content/banners-order', { group: 'w_sports', ids: reversed });
    const shown = (await site('EN')).banners.filter((b) => b.groupName === 'w_sports').map((b) => b.bannerId);
    expect(shown).toEqual(reversed);
  });

  it('a deleted seeded banner, notice or help page stays deleted when the demo seed runs again', async () => {
    const banners = (await ok<{ list: BannerAdmin[] }>('GET', '/wps/admin/content/banners')).list;
    const seededBanner = banners.find((b) => b.imagePath.startsWith('banners/'))!;
    const notices = (await ok<{ list: { id: number }[] }>('GET', '/wps/admin/content/notices')).list;
    const help = (await ok<{ list: { tag: string }[] }>('GET', '/wps/admin/content/help')).list;
    await ok('DELETE', `/wps/admin/content/banners/${seededBanner.id}`);
    await ok('DELETE', `/wps/admin/content/notices/${notices[0]!.id}`);
    await ok('DELETE', `/wps/admin/content/help/${help[0]!.tag}`);
    await seedDemo(t.db.db);
    const after = (await ok<{ list: BannerAdmin[] }>('GET', '/wps/admin/content/banners')).list;
    expect(after).toHaveLength(banners.length - 1);
    expect(after.some((b) => b.imagePath === seededBanner.imagePath)).toBe(false);
    expect((await ok<{ list: unknown[] }>('GET', '/wps/admin/content/notices')).list).toHaveLength(
      notices.length - 1,
    );
    expect((await ok<{ list: unknown[] }>('GET', '/wps/admin/content/help')).list).toHaveLength(
      help.length - 1,
    );
  });

  it('keeps brands apart', async () => {
    const lotus = (await ok<{ list: BannerAdmin[] }>('GET', '/wps/admin/content/banners', undefined, 'LOTUS'))
      .list;
    const res = await staff('DELETE', `/wps/admin/content/banners/${lotus[0]!.id}`);
    expect([res.status, res.body.errorCode]).toEqual([404, 'content.not.found']);
    const denied = await staff('GET', '/wps/admin/content/banners', undefined, {
      who: 'cashier',
      permissions: ['content.messages'],
    });
    expect([denied.status, denied.body.errorCode]).toEqual([403, 'operator.forbidden']);
  });
});

// ---- notices, help, footer --------------------------------------------------------------------------

describe('notices', () => {
  it('serves a published notice in its window, sanitised, in the request language or the default', async () => {
    const notice = {
      type: 'PL',
      title: { EN: 'Maintenance tonight', CN: '今晚维护' },
      content: {
        EN: '<p onclick="steal()">Back at 2am<script>alert(1)</script></p>',
        CN: '<p>凌晨两点恢复</p>',
      },
      status: 'DRAFT',
      startsAt: null,
      endsAt: minutes(60),
    };
    const draft = await ok<{ id: number; content: Record<string, string> }>(
      'POST',
      '/wps/admin/content/notices',
      notice,
    );
    expect(draft.content.EN).toBe('<p>Back at 2am</p>');
    expect((await site('EN')).player.map((n) => n.id)).not.toContain(draft.id);
    await ok('PUT', `/wps/admin/content/notices/${draft.id}`, { ...notice, status: 'PUBLISHED' });
    const shown = (await site('CN')).player.find((n) => n.id === draft.id);
    expect(shown).toMatchObject({ title: '今晚维护', content: '<p>凌晨两点恢复</p>' });
    expect((await site('VI')).player.find((n) => n.id === draft.id)?.title).toBe('Maintenance tonight');

    // A popup scheduled later is not shown yet.
    const popup = await ok<{ id: number; live: boolean }>('POST', '/wps/admin/content/notices', {
      ...notice,
      type: 'PU',
      status: 'PUBLISHED',
      startsAt: minutes(30),
    });
    expect(popup.live).toBe(false);
    expect((await site('EN')).popup.map((n) => n.id)).not.toContain(popup.id);

    const empty = await staff('POST', '/wps/admin/content/notices', { ...notice, title: {} });
    expect(empty.status).toBe(400);
  });
});

describe('help pages', () => {
  it('sanitises rich text to a small safe set', () => {
    const dirty =
      '<h2>Deposits</h2><p style="color:red" onmouseover="x()">Pay <b>fast</b> <a href="javascript:alert(1)">here</a> ' +
      '<a href="https://example.com/help">there</a></p><script>steal()</script><style>body{}</style>' +
      '<iframe src="https://evil.example"></iframe><img src="x" onerror="steal()"><form><input></form>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|style|onmouseover|onerror|iframe|javascript|<form|<input/i);
    expect(clean).toContain('<h2>Deposits</h2>');
    expect(clean).toContain('<b>fast</b>');
    expect(clean).toContain(
      '<a href="https://example.com/help" rel="noopener noreferrer" target="_blank">there</a>',
    );
  });

  it('orders the help pages and the notices of a type as staff set them', async () => {
    const tags = (await ok<{ list: { tag: string }[] }>('GET', '/wps/admin/content/help')).list.map(
      (p) => p.tag,
    );
    const reversed = [...tags].reverse();
    expect((await staff('PUT', '/wps/admin/content/help-order', { tags: reversed.slice(1) })).status).toBe(
      400,
    );
    await ok('PUT', '/wps/admin/content/help-order', { tags: reversed });
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/helpCenter',
      headers: { host: 'localhost' },
    });
    const shown = (res.json() as { value: { list: { tag: string }[] } }).value.list.map((s) => s.tag);
    expect(shown).toEqual(reversed.filter((tag) => shown.includes(tag)));

    const notices = (await ok<{ list: { id: number; type: string }[] }>('GET', '/wps/admin/content/notices'))
      .list;
    const marquee = notices.filter((n) => n.type === 'PL').map((n) => n.id);
    expect(marquee.length).toBeGreaterThan(1);
    const order = [...marquee].reverse();
    // Another type's notice in the list is refused.
    const other = notices.find((n) => n.type !== 'PL')!.id;
    expect(
      (
        await staff('PUT', '/wps/admin/content/notices-order', {
          type: 'PL',
          ids: [...order.slice(1), other],
        })
      ).status,
    ).toBe(400);
    await ok('PUT', '/wps/admin/content/notices-order', { type: 'PL', ids: order });
    const live = (await site('EN')).player.map((n) => n.id).filter((id) => marquee.includes(id));
    expect(live).toEqual(order.filter((id) => live.includes(id)));
  });

  it('keeps drafts off the help centre and refuses a tag twice', async () => {
    const page = {
      tag: 'bonus-rules',
      title: { EN: 'Bonus rules' },
      content: { EN: '<p>Read these.</p><script>x()</script>' },
      status: 'DRAFT',
    };
    const created = await ok<{ content: Record<string, string> }>('POST', '/wps/admin/content/help', page);
    expect(created.content.EN).toBe('<p>Read these.</p>');
    const helpCentre = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/wps/system/helpCenter',
        headers: { host: 'localhost' },
      });
      return (res.json() as { value: { list: { tag: string; content: string }[] } }).value.list;
    };
    expect((await helpCentre()).map((s) => s.tag)).not.toContain('bonus-rules');
    await ok('PUT', '/wps/admin/content/help/bonus-rules', { ...page, tag: undefined, status: 'PUBLISHED' });
    expect((await helpCentre()).find((s) => s.tag === 'bonus-rules')?.content).toBe('<p>Read these.</p>');
    const again = await staff('POST', '/wps/admin/content/help', page);
    expect([again.status, again.body.errorCode]).toEqual([400, 'request.invalid']);
    const badTag = await staff('POST', '/wps/admin/content/help', { ...page, tag: 'Bad Tag!' });
    expect(badTag.status).toBe(400);
  });
});

describe('footer', () => {
  it('changes the licence text and social links the site shows; bad links change nothing', async () => {
    const current = await ok<{ licence: Record<string, string>; social: Record<string, string> }>(
      'GET',
      '/wps/admin/content/footer',
    );
    const next = {
      licence: { ...current.licence, EN: 'Licensed and regulated. 18+ only.' },
      social: { ...current.social, telegram: 'https://t.me/golden' },
    };
    const bad = await staff('PUT', '/wps/admin/content/footer', {
      ...next,
      social: { ...next.social, facebook: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(await ok('GET', '/wps/admin/content/footer')).toEqual(current);
    await ok('PUT', '/wps/admin/content/footer', next);
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { host: 'localhost', language: 'EN' },
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('Licensed and regulated. 18+ only.');
    const brand = await t.brands.resolve('GOLDEN', undefined);
    expect(brand.licence.EN).toBe('Licensed and regulated. 18+ only.');
    expect(brand.social.telegram).toBe('https://t.me/golden');
  });
});

// ---- broadcasts ---------------------------------------------------------------------------------

describe('inbox broadcasts', () => {
  let seq = 0;
  async function member(tag: string, o: { vip?: number; registered?: string; depositAt?: string } = {}) {
    seq++;
    const name = `bc${process.pid.toString(36)}${seq}`;
    const row = await t.db.db
      .insertInto('member')
      .values({
        merchant_code: 'GOLDEN',
        username: name,
        password_hash: 'x',
        referral_code: `BC${name}`,
        tags: [tag],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (o.registered)
      await t.db.db
        .updateTable('member')
        .set({ created_at: new Date(o.registered) })
        .where('id', '=', row.id)
        .execute();
    if (o.vip !== undefined)
      await t.db.db
        .insertInto('member_vip')
        .values({ member_id: row.id, merchant_code: 'GOLDEN', level: o.vip })
        .execute();
    if (o.depositAt) {
      const channel = await t.db.db
        .selectFrom('payment_channel')
        .select('id')
        .where('merchant_code', '=', 'GOLDEN')
        .executeTakeFirstOrThrow();
      await t.db.db
        .insertInto('deposit')
        .values({
          merchant_code: 'GOLDEN',
          member_id: row.id,
          request_id: randomUUID(),
          order_no: `BC${randomUUID().slice(0, 18)}`,
          channel_id: channel.id,
          amount: '10000',
          fee: '0',
          status: 'APPROVED',
          decided_at: new Date(o.depositAt),
        })
        .execute();
    }
    return row.id;
  }
  const messagesOf = (memberId: string) =>
    t.db.db.selectFrom('member_message').selectAll().where('member_id', '=', memberId).execute();
  const segment = (tag: string, over: Record<string, unknown> = {}) => ({
    vipLevels: [],
    tags: [tag],
    registeredFrom: null,
    registeredTo: null,
    lastDepositFrom: null,
    lastDepositTo: null,
    ...over,
  });
  const input = (tag: string, over: Record<string, unknown> = {}) => ({
    segment: segment(tag),
    title: { EN: 'Weekend offer', CN: '周末优惠' },
    content: { EN: 'Double points all weekend.', CN: '整个周末双倍积分。' },
    sendAt: null,
    ...over,
  });

  it('selects a segment by VIP level, tag, registration day and last deposit day', async () => {
    const tag = `seg-${randomUUID().slice(0, 8)}`;
    const vip2 = await member(tag, {
      vip: 2,
      registered: '2026-03-10T12:00:00Z',
      depositAt: '2026-04-02T12:00:00Z',
    });
    const vip0 = await member(tag, { registered: '2026-05-10T12:00:00Z' });
    await member(`${tag}-other`, { vip: 2 });
    const count = (over: Record<string, unknown>) =>
      ok<{ recipients: number; suppressed: number }>('POST', '/wps/admin/content/broadcasts/count', {
        segment: segment(tag, over),
      });
    expect(await count({})).toEqual({ recipients: 2, suppressed: 0 });
    expect((await count({ vipLevels: [2, 3] })).recipients).toBe(1);
    expect((await count({ vipLevels: [0] })).recipients).toBe(1);
    expect((await count({ registeredFrom: '2026-03-01', registeredTo: '2026-03-31' })).recipients).toBe(1);
    expect((await count({ registeredFrom: '2026-05-10' })).recipients).toBe(1);
    expect((await count({ lastDepositFrom: '2026-04-01', lastDepositTo: '2026-04-30' })).recipients).toBe(1);
    expect((await count({ lastDepositTo: '2026-03-01' })).recipients).toBe(0);
    const reversed = await staff('POST', '/wps/admin/content/broadcasts/count', {
      segment: segment(tag, { registeredFrom: '2026-04-01', registeredTo: '2026-03-01' }),
    });
    expect(reversed.status).toBe(400);

    // Sent: only the segment's members get it.
    await ok<Broadcast>(
      'POST',
      '/wps/admin/content/broadcasts',
      input(tag, { segment: segment(tag, { vipLevels: [2] }) }),
    );
    await t.services.messages.broadcasts.sendDue();
    expect(await messagesOf(vip2)).toHaveLength(1);
    expect(await messagesOf(vip0)).toHaveLength(0);
  });

  it('never reaches members on a break, and sends each broadcast once', async () => {
    const tag = `once-${randomUUID().slice(0, 8)}`;
    const a = await member(tag);
    const b = await member(tag);
    const excluded = await member(tag);
    const timedOut = await member(tag);
    await t.db.db
      .insertInto('protection_exclusion')
      .values([
        { member_id: excluded, merchant_code: 'GOLDEN', kind: 'SELF_EXCLUSION', term: '6M', ends_at: null },
        {
          member_id: timedOut,
          merchant_code: 'GOLDEN',
          kind: 'TIMEOUT',
          term: '24H',
          ends_at: new Date(Date.now() + 3_600_000),
        },
      ])
      .execute();
    expect(await ok('POST', '/wps/admin/content/broadcasts/count', { segment: segment(tag) })).toEqual({
      recipients: 2,
      suppressed: 2,
    });
    const made = await ok<Broadcast>('POST', '/wps/admin/content/broadcasts', input(tag));
    expect(made.status).toBe('SCHEDULED');
    // Two instances' jobs at once, then again: one delivery.
    await Promise.all([t.services.messages.broadcasts.sendDue(), t.services.messages.broadcasts.sendDue()]);
    await t.services.messages.broadcasts.sendDue();
    for (const m of [a, b]) expect(await messagesOf(m)).toHaveLength(1);
    for (const m of [excluded, timedOut]) expect(await messagesOf(m)).toHaveLength(0);
    const list = (await ok<{ list: Broadcast[] }>('GET', '/wps/admin/content/broadcasts')).list;
    expect(list.find((x) => x.id === made.id)).toMatchObject({ status: 'SENT', recipients: 2 });
    // Sent: it can no longer be cancelled.
    const late = await staff('POST', `/wps/admin/content/broadcasts/${made.id}/cancel`);
    expect([late.status, late.body.errorCode]).toEqual([409, 'content.broadcast.state']);
  });

  it('waits for its time, can be cancelled before it, and reads in the member’s language', async () => {
    const m = await id.registerGolden();
    const tag = `lang-${randomUUID().slice(0, 8)}`;
    await t.db.db
      .updateTable('member')
      .set({ tags: [tag] })
      .where('id', '=', m.id)
      .execute();
    const later = await ok<Broadcast>(
      'POST',
      '/wps/admin/content/broadcasts',
      input(tag, { sendAt: minutes(30) }),
    );
    const cancelled = await ok<Broadcast>(
      'POST',
      '/wps/admin/content/broadcasts',
      input(tag, { sendAt: minutes(30) }),
    );
    await ok('POST', `/wps/admin/content/broadcasts/${cancelled.id}/cancel`);
    await t.services.messages.broadcasts.sendDue();
    expect(await messagesOf(m.id)).toHaveLength(0);
    // Its time comes.
    await t.db.db
      .updateTable('inbox_broadcast')
      .set({ send_at: new Date(Date.now() - 1000) })
      .where('id', 'in', [later.id, cancelled.id])
      .execute();
    await t.services.messages.broadcasts.sendDue();
    expect(await messagesOf(m.id)).toHaveLength(1);

    const inbox = async (lang: string) =>
      (
        await id.ok<{ list: { kind: string; params: Record<string, string> }[] }>('/wps/member/messages', {
          token: m.token,
          lang,
        })
      ).list[0]!;
    expect((await inbox('CN')).params).toMatchObject({ title: '周末优惠', content: '整个周末双倍积分。' });
    // No Thai text: the brand default's (English).
    const th = await inbox('TH');
    expect(th.kind).toBe('SYSTEM');
    expect(th.params.title).toBe('Weekend offer');
    expect(Object.keys(th.params).some((k) => k.includes('.'))).toBe(false);
  });

  it('refuses bad broadcasts and changes nothing', async () => {
    const tag = `bad-${randomUUID().slice(0, 8)}`;
    const before = await t.db.db.selectFrom('inbox_broadcast').select('id').execute();
    const bad = [
      input(tag, { sendAt: minutes(-10) }),
      input(tag, { title: {} }),
      input(tag, { title: { EN: 'Only a title', CN: '标题' }, content: { EN: 'Text' } }),
      input(tag, { segment: segment(tag, { lastDepositFrom: 'yesterday' }) }),
    ];
    for (const body of bad)
      expect((await staff('POST', '/wps/admin/content/broadcasts', body)).status).toBe(400);
    expect(await t.db.db.selectFrom('inbox_broadcast').select('id').execute()).toEqual(before);
    const missing = await staff('POST', '/wps/admin/content/broadcasts/999999/cancel');
    expect(missing.status).toBe(404);
    // Another brand's broadcast is not this brand's to cancel.
    const lotus = await ok<Broadcast>(
      'POST',
      '/wps/admin/content/broadcasts',
      input(tag, { sendAt: minutes(30) }),
      'LOTUS',
    );
    const foreign = await staff('POST', `/wps/admin/content/broadcasts/${lotus.id}/cancel`);
    expect(foreign.status).toBe(404);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'merchant_code'])
      .where('target', '=', `broadcast:${lotus.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'content.broadcast.create', merchant_code: 'LOTUS' }]);
  });

  it('keeps the operator notice working', async () => {
    const m = await id.registerGolden();
    const res = await staff<{ sent: number }>('POST', '/wps/admin/messages', {
      usernames: [m.username],
      title: 'Hello',
      content: 'A notice',
    });
    expect(res.body.value).toEqual({ sent: 1 });
  });
});
