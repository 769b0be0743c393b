import {
  CHAT_PATH,
  CS_PATH_TYPE_WINDOW,
  helpCenterSchema,
  scrambleCsPath,
  serviceLinkSchema,
  unscrambleCsPath,
  type HelpCenter,
  type ServiceLink,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed';
import { buildTestApp, type TestContext } from './helper';
import { getFailure, getOk, invalidFields } from './http';

const HELP = '/wps/system/helpCenter';
const CS = '/wps/system/customerService';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const help = (headers: Record<string, string> = {}) => getOk<HelpCenter>(t.app, HELP, { headers });
const link = (query = '', headers: Record<string, string> = {}) =>
  getOk<ServiceLink>(t.app, `${CS}${query}`, { headers });
/** What the service window opens: the first path of type 3, unscrambled. */
const windowPath = (l: ServiceLink) =>
  unscrambleCsPath(l.version.pathList.find((p) => p.type === CS_PATH_TYPE_WINDOW)!.path);

describe('GET /wps/system/helpCenter', () => {
  it('lists GOLDEN help sections in order, including the agent section', async () => {
    const value = await help();
    expect(() => helpCenterSchema.parse(value)).not.toThrow();
    expect(value.list.map((s) => s.tag)).toEqual([
      'about',
      'faq',
      'deposit',
      'withdraw',
      'agent',
      'term',
      'privacy',
      'responsible',
      'contact',
    ]);
    expect(value.list.find((s) => s.tag === 'agent')!.title).toBe('Affiliate programme');
  });

  it('has no agent section for LOTUS (the header hides the affiliate link)', async () => {
    const tags = (await help({ merchant: 'LOTUS' })).list.map((s) => s.tag);
    expect(tags).not.toContain('agent');
    expect(tags).toEqual([
      'about',
      'faq',
      'deposit',
      'withdraw',
      'term',
      'privacy',
      'responsible',
      'contact',
    ]);
  });

  it('names the brand in the content', async () => {
    const golden = (await help()).list[0]!.content;
    expect(golden).toContain('Golden Palm offers slots');
    const lotus = (await help({ merchant: 'LOTUS', language: 'EN' })).list[0]!.content;
    expect(lotus).toContain('Royal Lotus offers slots');
    expect(golden + lotus).not.toContain('{brand}');
  });

  it('answers in the request language, else the brand default', async () => {
    expect((await help({ language: 'CN' })).list.map((s) => s.title).slice(0, 2)).toEqual([
      '关于我们',
      '常见问题',
    ]);
    expect((await help({ language: 'CN' })).list[0]!.content).toContain('Golden Palm 提供');
    expect((await help({ language: 'ID' })).list[0]!.title).toBe('Tentang kami');
    expect((await help({ language: 'TH' })).list[1]!.title).toBe('คำถามที่พบบ่อย');
    expect((await help({ merchant: 'LOTUS' })).list[0]!.title).toBe('Tentang kami');
    expect((await help({ merchant: 'LOTUS', language: 'CN' })).list[0]!.title).toBe('Tentang kami');
  });

  it('strips scripts and event handlers from help content', async () => {
    await t.db.db
      .insertInto('help_section')
      .values({
        merchant_code: 'GOLDEN',
        tag: 'hostile',
        title: JSON.stringify({ EN: 'Hostile' }),
        content: JSON.stringify({
          EN: '<h3>Title</h3><script>document.cookie</script><img src="x.png" onerror="alert(1)"><a href="javascript:void(0)" onmouseover="x()">go</a>',
        }),
        sort: 99,
      })
      .execute();
    try {
      const section = (await help()).list.find((s) => s.tag === 'hostile')!;
      expect(section.content).not.toMatch(/<script|document\.cookie|onerror|onmouseover|javascript:/i);
      expect(section.content).toContain('<h3>Title</h3>');
      expect(section.content).toContain('<img src="x.png" />');
      expect((await help()).list.at(-1)!.tag).toBe('hostile');
    } finally {
      await t.db.db.deleteFrom('help_section').where('tag', '=', 'hostile').execute();
    }
  });

  it('refuses an unknown merchant or language', async () => {
    await getFailure(t.app, HELP, 404, 'system.merchant.unknown', { headers: { merchant: 'NOSUCH' } });
    await getFailure(t.app, HELP, 400, 'system.language.unsupported', { headers: { language: 'XX' } });
  });
});

describe('GET /wps/system/customerService', () => {
  it('answers the live-chat link whose window path unscrambles to the built-in chat page', async () => {
    const value = await link();
    expect(() => serviceLinkSchema.parse(value)).not.toThrow();
    expect(value.csType).toBe('LIVECHAT');
    expect(value.version.pathList).toHaveLength(1);
    expect(value.version.pathList[0]!.type).toBe(CS_PATH_TYPE_WINDOW);
    expect(value.version.pathList[0]!.path).not.toContain(CHAT_PATH.slice(1));
    expect(windowPath(value)).toBe(CHAT_PATH);
    expect(await link('?csPosition=HOME')).toEqual(value);
  });

  it('answers each brand its own scrambled path', async () => {
    const golden = await link();
    const lotus = await link('', { merchant: 'LOTUS' });
    expect(lotus.version.pathList[0]!.path).not.toBe(golden.version.pathList[0]!.path);
    expect(windowPath(lotus)).toBe(CHAT_PATH);
  });

  it('answers the entry of the position asked for, else the live chat of another position', async () => {
    await t.db.db
      .insertInto('customer_service')
      .values({
        merchant_code: 'GOLDEN',
        cs_position: 'DEPOSIT',
        cs_type: 'LIVECHAT',
        path: scrambleCsPath('https://chat.example/deposit', 'Dp4xYz12'),
      })
      .execute();
    try {
      expect(windowPath(await link('?csPosition=DEPOSIT'))).toBe('https://chat.example/deposit');
      expect(windowPath(await link('?csPosition=HOME'))).toBe(CHAT_PATH);
      expect((await link('?csPosition=WITHDRAW')).csType).toBe('LIVECHAT');
    } finally {
      await t.db.db.deleteFrom('customer_service').where('cs_position', '=', 'DEPOSIT').execute();
    }
  });

  it('answers 404 when the brand has no customer service configured', async () => {
    await t.db.db.deleteFrom('customer_service').where('merchant_code', '=', 'LOTUS').execute();
    try {
      await getFailure(t.app, CS, 404, 'system.not.found', { headers: { merchant: 'LOTUS' } });
      // GOLDEN is not affected.
      expect(windowPath(await link())).toBe(CHAT_PATH);
    } finally {
      await seedDemo(t.db.db); // puts the missing rows back
    }
    expect(windowPath(await link('', { merchant: 'LOTUS' }))).toBe(CHAT_PATH);
  });

  it('moves entries seeded with the help page to the chat on restart, and leaves an operator’s own path', async () => {
    const set = (type: 'LIVECHAT' | 'VIP', path: string) =>
      t.db.db
        .updateTable('customer_service')
        .set({ path })
        .where('merchant_code', '=', 'GOLDEN')
        .where('cs_type', '=', type)
        .execute();
    // As an older seed stored them (same keys), and one an operator has pointed elsewhere.
    await set('LIVECHAT', scrambleCsPath('/helpmc#contact', 'Gp7xQ2ka'));
    await set('VIP', scrambleCsPath('https://vip.example/desk', 'Vp3mZ9qe'));
    try {
      await seedDemo(t.db.db);
      const rows = await t.db.db
        .selectFrom('customer_service')
        .select(['cs_type', 'path'])
        .where('merchant_code', '=', 'GOLDEN')
        .orderBy('cs_type')
        .execute();
      expect(rows.map((r) => [r.cs_type, unscrambleCsPath(r.path)])).toEqual([
        ['LIVECHAT', CHAT_PATH],
        ['VIP', 'https://vip.example/desk'],
      ]);
    } finally {
      await set('VIP', scrambleCsPath(CHAT_PATH, 'Vp3mZ9qe'));
    }
  });

  it('refuses a malformed position, naming the field', async () => {
    for (const pos of ['HOME!', 'a b', 'X'.repeat(33), 'HOME1']) {
      const body = await getFailure(
        t.app,
        `${CS}?csPosition=${encodeURIComponent(pos)}`,
        400,
        'request.invalid',
      );
      expect(invalidFields(body)).toEqual(['csPosition']);
    }
  });

  it('refuses an unknown merchant or language', async () => {
    await getFailure(t.app, CS, 404, 'system.merchant.unknown', { headers: { merchant: 'NOSUCH' } });
    await getFailure(t.app, CS, 400, 'system.language.unsupported', { headers: { language: 'XX' } });
  });
});
