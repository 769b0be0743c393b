import { BANNER_GROUPS, announcementsSchema, type Announcements } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { getFailure, getOk, invalidFields } from './http';

const URL = '/wps/relay/MCSFE_getListAnnouncements';
const HOUR = 3600_000;

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const list = (query = '', headers: Record<string, string> = {}) =>
  getOk<Announcements>(t.app, `${URL}${query}`, { headers });
const titles = (notices: { title: string }[]) => notices.map((n) => n.title);

/** Notices a test inserts are removed after it, so seeded counts hold for every test. */
const inserted: number[] = [];
afterEach(async () => {
  if (inserted.length)
    await t.db.db.deleteFrom('announcement').where('id', 'in', inserted.splice(0)).execute();
});

async function addNotice(n: {
  merchant?: string;
  type?: 'PL' | 'PU' | 'PR';
  title: string;
  content?: string;
  sort?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
}) {
  const row = await t.db.db
    .insertInto('announcement')
    .values({
      merchant_code: n.merchant ?? 'GOLDEN',
      type: n.type ?? 'PL',
      title: JSON.stringify({ EN: n.title }),
      content: JSON.stringify({ EN: n.content ?? `<p>${n.title}</p>` }),
      sort: n.sort ?? 100 + inserted.length,
      starts_at: n.startsAt ?? null,
      ends_at: n.endsAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  inserted.push(row.id);
  return row.id;
}

describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
  it('answers banners and the three notice lists by default, as the contract describes', async () => {
    const value = await list();
    expect(() => announcementsSchema.parse(value)).not.toThrow();
    expect(value.banners).toHaveLength(16);
    expect(titles(value.player)).toEqual([
      'Scheduled maintenance of PG Soft',
      'New payment method: GCash instant deposit',
      'Beware of fake websites',
    ]);
    expect(titles(value.popup)).toEqual(['Welcome!']);
    expect(titles(value.promotion)).toEqual(['Weekend reload bonus 20%']);
    for (const n of [...value.player, ...value.popup, ...value.promotion]) {
      expect(new Date(n.createdTime).toISOString()).toBe(n.createdTime);
    }
  });

  it('accepts the query the real clients send', async () => {
    const value = await list('?types=B,PL,PU,PR&platform=W&execution=B');
    expect(value.banners.length).toBeGreaterThan(0);
    expect(value.player.length).toBe(3);
  });

  it('answers only the types asked for', async () => {
    const banners = await list('?types=B');
    expect(banners.banners).toHaveLength(16);
    expect([banners.player, banners.popup, banners.promotion]).toEqual([[], [], []]);

    const player = await list('?types=PL');
    expect(player.banners).toEqual([]);
    expect(player.player).toHaveLength(3);
    expect([player.popup, player.promotion]).toEqual([[], []]);

    const two = await list('?types=PU, PR');
    expect([two.banners, two.player]).toEqual([[], []]);
    expect(titles(two.popup)).toEqual(['Welcome!']);
    expect(titles(two.promotion)).toEqual(['Weekend reload bonus 20%']);

    // Repeating a type does not repeat its notices.
    expect((await list('?types=PL,PL')).player).toHaveLength(3);
  });

  it('lists banners by group, then in order, with their links and image paths', async () => {
    const { banners } = await list('?types=B');
    expect(new Set(banners.map((b) => b.groupName))).toEqual(new Set(BANNER_GROUPS));
    const groups = banners.map((b) => b.groupName);
    expect(groups).toEqual([...groups].sort());
    const home = banners.filter((b) => b.groupName === 'w_home');
    expect(home.map((b) => [b.url, b.linkageType, b.linkage])).toEqual([
      ['banners/golden/w_home-1.svg', 'ROUTE', '/promotions'],
      ['banners/golden/w_home-2.svg', 'ROUTE', '/rng'],
      ['banners/golden/w_home-3.svg', 'ROUTE', '/down'],
    ]);
    expect(home[0]!.title).toBe('Welcome bonus 100% up to P5,000');
    expect(new Set(banners.map((b) => b.bannerId)).size).toBe(banners.length);
    const rng = banners.find((b) => b.groupName === 'w_rng')!;
    expect(rng).toMatchObject({ linkageType: null, linkage: null });
  });

  it('hides inactive banners', async () => {
    const first = (await list('?types=B')).banners.find((b) => b.groupName === 'w_home')!;
    await t.db.db.updateTable('banner').set({ active: false }).where('id', '=', first.bannerId).execute();
    try {
      const { banners } = await list('?types=B');
      expect(banners.map((b) => b.bannerId)).not.toContain(first.bannerId);
      expect(banners).toHaveLength(15);
    } finally {
      await t.db.db.updateTable('banner').set({ active: true }).where('id', '=', first.bannerId).execute();
    }
  });

  it('answers each brand its own banners and notices', async () => {
    const lotus = await list('', { merchant: 'LOTUS' });
    expect(lotus.banners.filter((b) => b.groupName === 'w_home').map((b) => b.url)).toEqual([
      'banners/lotus/w_home-1.svg',
      'banners/lotus/w_home-2.svg',
    ]);
    // LOTUS does not carry the fake-website warning; its titles come in Malay by default.
    expect(titles(lotus.player)).toEqual([
      'Penyelenggaraan berjadual PG Soft',
      'Kaedah bayaran baharu: deposit segera GCash',
    ]);
    expect(titles(lotus.popup)).toEqual(['Selamat datang!']);
    const golden = await list();
    const goldenIds = [...golden.player, ...golden.popup, ...golden.promotion].map((n) => n.id);
    for (const n of [...lotus.player, ...lotus.popup, ...lotus.promotion])
      expect(goldenIds).not.toContain(n.id);
  });

  it('gives titles and content in the request language, falling back to the brand default', async () => {
    const cn = await list('', { language: 'CN' });
    expect(titles(cn.player)[0]).toBe('PG电子例行维护');
    expect(cn.player[0]!.content).toContain('余额安全');
    expect(cn.banners.find((b) => b.groupName === 'w_home')!.title).toBe('首存100%奖金，最高P5,000');
    expect(titles((await list('?types=PU', { language: 'VI' })).popup)).toEqual(['Chào mừng bạn!']);
    // LOTUS does not offer Chinese: its default, Malay.
    expect(titles((await list('?types=PU', { merchant: 'LOTUS', language: 'CN' })).popup)).toEqual([
      'Selamat datang!',
    ]);
    expect(titles((await list('?types=PU', { merchant: 'LOTUS', language: 'EN' })).popup)).toEqual([
      'Welcome!',
    ]);
  });

  it('shows a notice only inside its time window', async () => {
    const now = Date.now();
    await addNotice({ title: 'future', startsAt: new Date(now + HOUR) });
    await addNotice({ title: 'expired', endsAt: new Date(now - HOUR) });
    await addNotice({
      title: 'expired window',
      startsAt: new Date(now - 2 * HOUR),
      endsAt: new Date(now - HOUR),
    });
    await addNotice({
      title: 'current window',
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
    });
    await addNotice({ title: 'started', startsAt: new Date(now - HOUR) });
    await addNotice({ title: 'ending later', endsAt: new Date(now + HOUR) });
    const shown = titles((await list('?types=PL')).player);
    expect(shown).toEqual(expect.arrayContaining(['current window', 'started', 'ending later']));
    expect(shown).not.toContain('future');
    expect(shown).not.toContain('expired');
    expect(shown).not.toContain('expired window');
    expect(shown).toHaveLength(6);
  });

  it('puts notices in the list of their type, ordered by sort', async () => {
    await addNotice({ type: 'PR', title: 'first promotion', sort: 0 });
    await addNotice({ type: 'PU', title: 'last popup', sort: 50 });
    const value = await list('?types=PU,PR');
    expect(titles(value.promotion)).toEqual(['first promotion', 'Weekend reload bonus 20%']);
    expect(titles(value.popup)).toEqual(['Welcome!', 'last popup']);
    // Another brand's notice never shows.
    await addNotice({ merchant: 'LOTUS', type: 'PU', title: 'lotus only' });
    expect(titles((await list('?types=PU')).popup)).not.toContain('lotus only');
  });

  it('strips scripts, event handlers and javascript: links from notice content', async () => {
    await addNotice({
      title: 'hostile',
      content:
        '<p onclick="steal()">Read <b>this</b></p><script>alert(1)</script>' +
        '<img src="https://cdn.example/x.png" onerror="alert(2)" alt="x">' +
        '<a href="javascript:alert(3)">bad link</a> <a href="https://good.example/">good link</a>' +
        '<iframe src="https://evil.example/"></iframe><style>body{display:none}</style>',
    });
    const notice = (await list('?types=PL')).player.find((n) => n.title === 'hostile')!;
    const html = notice.content;
    expect(html).not.toMatch(/<script|alert\(1\)|onerror|onclick|javascript:|<iframe|<style|display:none/i);
    expect(html).toContain('<p>Read <b>this</b></p>');
    expect(html).toContain('<img src="https://cdn.example/x.png" alt="x" />');
    expect(html).toContain(
      '<a href="https://good.example/" rel="noopener noreferrer" target="_blank">good link</a>',
    );
    expect(html).toContain('bad link');
  });

  it('refuses malformed queries, naming the field', async () => {
    const cases: [string, string][] = [
      ['?types=B,XX', 'types.1'],
      ['?types=b', 'types.0'],
      ['?types=', 'types.0'],
      ['?types=B,', 'types.1'],
      ['?types=B&types=PL', 'types'],
      ['?platform=A', 'platform'],
      ['?execution=X', 'execution'],
    ];
    for (const [query, field] of cases) {
      const body = await getFailure(t.app, `${URL}${query}`, 400, 'request.invalid');
      expect(invalidFields(body), query).toEqual([field]);
    }
  });

  it('refuses an unknown merchant or language', async () => {
    await getFailure(t.app, URL, 404, 'system.merchant.unknown', { headers: { merchant: 'NOSUCH' } });
    await getFailure(t.app, URL, 400, 'system.language.unsupported', { headers: { language: 'XX' } });
  });
});
