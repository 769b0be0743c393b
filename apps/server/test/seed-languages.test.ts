import { LANGUAGES } from '@app/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, LocalizedText } from '../src/db/schema';
import { seedDemo } from '../src/seed/seed';
import { buildTestApp, type TestContext } from './helper';
import { getOk } from './http';

/** Every column of brand content that holds a text per language (a list of them for VIP benefits). */
const LOCALIZED: { table: string; column: string; list?: true; brandColumn?: string }[] = [
  { table: 'merchant', column: 'licence', brandColumn: 'code' },
  { table: 'banner', column: 'title' },
  { table: 'announcement', column: 'title' },
  { table: 'announcement', column: 'content' },
  { table: 'help_section', column: 'title' },
  { table: 'help_section', column: 'content' },
  { table: 'payment_channel', column: 'name' },
  { table: 'game', column: 'names' },
  { table: 'vip_level', column: 'label' },
  { table: 'vip_level', column: 'benefits', list: true },
  { table: 'point_reward', column: 'name' },
  { table: 'point_reward', column: 'description' },
  { table: 'promotion_category', column: 'name' },
  { table: 'promotion', column: 'title' },
  { table: 'promotion', column: 'summary' },
  { table: 'promotion', column: 'content' },
  { table: 'mission', column: 'title' },
  { table: 'mission', column: 'description' },
  { table: 'chat_settings', column: 'greeting' },
  { table: 'chat_settings', column: 'away_message' },
];

const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

/**
 * What the stored brand texts lack: "<table>.<column> <brand> <LANG>: <English text>" for every text
 * without the language (or with an empty one) that its brand offers, and for every text of more
 * than three words whose translation is a copy of the English.
 */
async function untranslated(db: Kysely<Database>): Promise<string[]> {
  const brands = await db.selectFrom('merchant').select(['code', 'languages']).execute();
  const offered = new Map(brands.map((b) => [b.code, b.languages]));
  const problems: string[] = [];
  for (const { table, column, list, brandColumn = 'merchant_code' } of LOCALIZED) {
    const { rows } = await sql<{ brand: string; text: LocalizedText | LocalizedText[] }>`
      SELECT ${sql.ref(brandColumn)} AS brand, ${sql.ref(column)} AS text FROM ${sql.table(table)}
    `.execute(db);
    for (const row of rows) {
      const texts = list ? (row.text as LocalizedText[]) : [row.text as LocalizedText];
      for (const text of texts) {
        for (const lang of offered.get(row.brand) ?? []) {
          const value = text[lang];
          const where = `${table}.${column} ${row.brand} ${lang}: ${text.EN ?? JSON.stringify(text)}`;
          if (!value?.trim()) problems.push(where);
          else if (lang !== 'EN' && value === text.EN && words(value) > 3)
            problems.push(`${where} (English copy)`);
        }
      }
    }
  }
  return problems;
}

describe('seeded brand texts', () => {
  let ctx: TestContext;
  let db: Kysely<Database>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    db = ctx.db.db;
  });
  afterAll(() => ctx.close());

  it('exist in every language each brand offers, translated', async () => {
    expect(await untranslated(db)).toEqual([]);
  });

  it('exist in all seven languages on both demo brands, whatever languages a brand offers today', async () => {
    await db
      .updateTable('merchant')
      .set({ languages: [...LANGUAGES] })
      .execute();
    try {
      expect(await untranslated(db)).toEqual([]);
    } finally {
      await db
        .updateTable('merchant')
        .set({ languages: ['MY', 'EN'] })
        .where('code', '=', 'LOTUS')
        .execute();
    }
  });

  it('the check names a text that lacks a language, or whose translation is an English copy', async () => {
    const banner = await db
      .selectFrom('banner')
      .select(['id', 'title'])
      .where('merchant_code', '=', 'GOLDEN')
      .where('group_name', '=', 'w_live')
      .executeTakeFirstOrThrow();
    const { TH: _dropped, ...withoutThai } = banner.title;
    await db
      .updateTable('banner')
      .set({ title: JSON.stringify({ ...withoutThai, VI: banner.title.EN }) })
      .where('id', '=', banner.id)
      .execute();
    try {
      expect(await untranslated(db)).toEqual([
        `banner.title GOLDEN TH: ${banner.title.EN}`,
        `banner.title GOLDEN VI: ${banner.title.EN} (English copy)`,
      ]);
    } finally {
      await db
        .updateTable('banner')
        .set({ title: JSON.stringify(banner.title) })
        .where('id', '=', banner.id)
        .execute();
    }
  });

  it('a database seeded before the translations gets them on restart; texts an operator changed stay as they are', async () => {
    // As the seed used to store them: English, Chinese and Malay only, a Filipino placeholder copy.
    const old = (t: LocalizedText): LocalizedText => ({ EN: t.EN!, CN: t.CN!, MY: t.MY! });
    const helpBefore = await db
      .selectFrom('help_section')
      .select(['tag', 'title', 'content'])
      .where('merchant_code', '=', 'GOLDEN')
      .orderBy('tag')
      .execute();
    for (const h of helpBefore) {
      await db
        .updateTable('help_section')
        .set({ title: JSON.stringify(old(h.title)), content: JSON.stringify(old(h.content)) })
        .where('merchant_code', '=', 'GOLDEN')
        .where('tag', '=', h.tag)
        .execute();
    }
    const channel = await db
      .selectFrom('payment_channel')
      .select('name')
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'BANK_BDO')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('payment_channel')
      .set({ name: JSON.stringify({ ...old(channel.name), TY: channel.name.EN }) })
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'BANK_BDO')
      .execute();
    // An operator's own notice text (English rewritten, three languages): not the seed's any more.
    const edited = {
      EN: 'Maintenance moved to Wednesday',
      CN: '维护改至周三',
      MY: 'Penyelenggaraan dipindah ke Rabu',
    };
    await db
      .updateTable('announcement')
      .set({ title: JSON.stringify(edited) })
      .where('merchant_code', '=', 'GOLDEN')
      .where('type', '=', 'PL')
      .where('sort', '=', 1)
      .execute();
    // An operator's edit of one translation of a seeded text stays too.
    await db
      .updateTable('banner')
      .set({ title: sql`jsonb_set(title, '{TH}', '"ชวนเพื่อนมาเล่น"')` })
      .where('merchant_code', '=', 'GOLDEN')
      .where('group_name', '=', 'w_reg')
      .execute();

    await seedDemo(db);

    const helpAfter = await db
      .selectFrom('help_section')
      .select(['tag', 'title', 'content'])
      .where('merchant_code', '=', 'GOLDEN')
      .orderBy('tag')
      .execute();
    expect(helpAfter).toEqual(helpBefore);
    const bdo = await db
      .selectFrom('payment_channel')
      .select('name')
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'BANK_BDO')
      .executeTakeFirstOrThrow();
    expect(bdo.name).toEqual(channel.name);
    expect(bdo.name.TY).not.toBe(bdo.name.EN);
    const notice = await db
      .selectFrom('announcement')
      .select('title')
      .where('merchant_code', '=', 'GOLDEN')
      .where('type', '=', 'PL')
      .where('sort', '=', 1)
      .executeTakeFirstOrThrow();
    expect(notice.title).toEqual(edited);
    const reg = await db
      .selectFrom('banner')
      .select('title')
      .where('merchant_code', '=', 'GOLDEN')
      .where('group_name', '=', 'w_reg')
      .executeTakeFirstOrThrow();
    expect(reg.title.TH).toBe('ชวนเพื่อนมาเล่น');
  });

  it('the site answers banners, notices and help titles in Thai, Indonesian, Vietnamese and Filipino', async () => {
    const expected = {
      TH: ['คาสิโนสด', 'ระวังเว็บไซต์ปลอม', 'คำถามที่พบบ่อย'],
      ID: ['Meja kasino langsung', 'Waspadai situs palsu', 'Pertanyaan umum'],
      VI: ['Sòng bài trực tiếp', 'Cảnh giác với trang web giả mạo', 'Câu hỏi thường gặp'],
      TY: ['Mga mesa ng live casino', 'Mag-ingat sa mga pekeng website', 'Mga madalas itanong'],
    };
    for (const [lang, [banner, notice, help]] of Object.entries(expected)) {
      const headers = { Merchant: 'GOLDEN', Language: lang };
      const listed = await getOk<{ banners: { title: string }[]; player: { title: string }[] }>(
        ctx.app,
        '/wps/relay/MCSFE_getListAnnouncements',
        { headers },
      );
      expect(listed.banners.map((x) => x.title).join('|')).toContain(banner);
      expect(listed.player.map((x) => x.title)).toContain(notice);
      const centre = await getOk<unknown>(ctx.app, '/wps/system/helpCenter', { headers });
      expect(JSON.stringify(centre)).toContain(help);
    }
  });
});
