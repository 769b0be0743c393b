import { sql } from 'kysely';
import type { Db } from '../../db/repository';
import type { LocalizedText } from '../../db/schema';

export interface BannerRow {
  id: number;
  group_name: string;
  lang: string | null;
  image_path: string;
  title: LocalizedText;
  linkage_type: string | null;
  linkage: string | null;
  sort: number;
  active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  updated_at: Date;
}

export interface BannerValues {
  group_name: string;
  lang: string | null;
  image_path: string;
  title: string;
  linkage_type: string | null;
  linkage: string | null;
  active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
}

export interface NoticeValues {
  type: string;
  title: string;
  content: string;
  published: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
}

const BANNER_COLUMNS = [
  'id',
  'group_name',
  'lang',
  'image_path',
  'title',
  'linkage_type',
  'linkage',
  'sort',
  'active',
  'starts_at',
  'ends_at',
  'updated_at',
] as const;

const NOTICE_COLUMNS = [
  'id',
  'type',
  'title',
  'content',
  'sort',
  'published',
  'starts_at',
  'ends_at',
  'created_at',
  'updated_at',
] as const;

/**
 * Staff's side of the site content: banners, notices, help pages, the footer's texts and the
 * uploaded banner images. Positions (`sort`) are unique within a banner group or notice type, so
 * a new item goes last and a new order is written in two steps (see `reorder`).
 */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- banners ----

  listBanners(merchant: string): Promise<BannerRow[]> {
    return this.db
      .selectFrom('banner')
      .select(BANNER_COLUMNS)
      .where('merchant_code', '=', merchant)
      .orderBy('group_name')
      .orderBy('sort')
      .execute() as Promise<BannerRow[]>;
  }

  banner(db: Db, merchant: string, id: number): Promise<BannerRow | undefined> {
    return db
      .selectFrom('banner')
      .select(BANNER_COLUMNS)
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst() as Promise<BannerRow | undefined>;
  }

  async insertBanner(db: Db, merchant: string, v: BannerValues): Promise<number> {
    const sort = await this.nextSort(db, 'banner', 'group_name', merchant, v.group_name);
    const row = await db
      .insertInto('banner')
      .values({ merchant_code: merchant, ...v, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateBanner(db: Db, merchant: string, id: number, v: BannerValues, moveToEnd: boolean) {
    const sort = moveToEnd
      ? await this.nextSort(db, 'banner', 'group_name', merchant, v.group_name)
      : undefined;
    await db
      .updateTable('banner')
      .set({ ...v, ...(sort !== undefined ? { sort } : {}), updated_at: new Date() })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .execute();
  }

  async deleteBanner(db: Db, merchant: string, id: number): Promise<void> {
    await db.deleteFrom('banner').where('merchant_code', '=', merchant).where('id', '=', id).execute();
  }

  // ---- notices ----

  listNotices(merchant: string) {
    return this.db
      .selectFrom('announcement')
      .select(NOTICE_COLUMNS)
      .where('merchant_code', '=', merchant)
      .orderBy('type')
      .orderBy('sort')
      .execute();
  }

  notice(db: Db, merchant: string, id: number) {
    return db
      .selectFrom('announcement')
      .select(NOTICE_COLUMNS)
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async insertNotice(db: Db, merchant: string, v: NoticeValues): Promise<number> {
    const sort = await this.nextSort(db, 'announcement', 'type', merchant, v.type);
    const row = await db
      .insertInto('announcement')
      .values({ merchant_code: merchant, ...v, sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateNotice(db: Db, merchant: string, id: number, v: NoticeValues, moveToEnd: boolean) {
    const sort = moveToEnd ? await this.nextSort(db, 'announcement', 'type', merchant, v.type) : undefined;
    await db
      .updateTable('announcement')
      .set({ ...v, ...(sort !== undefined ? { sort } : {}), updated_at: new Date() })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .execute();
  }

  async deleteNotice(db: Db, merchant: string, id: number): Promise<void> {
    await db.deleteFrom('announcement').where('merchant_code', '=', merchant).where('id', '=', id).execute();
  }

  /** The ids of a banner group's or notice type's items (to check a new order names all of them). */
  async idsOf(db: Db, table: 'banner' | 'announcement', merchant: string, key: string): Promise<number[]> {
    const column = table === 'banner' ? 'group_name' : 'type';
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('merchant_code', '=', merchant)
      .where(column, '=', key)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Writes positions 1..n in the order of `ids`. Positions are unique, so every item first moves
   * to a negative position nobody holds, then to its place.
   */
  async reorder(db: Db, table: 'banner' | 'announcement', merchant: string, ids: number[]): Promise<void> {
    for (const [i, id] of ids.entries())
      await db
        .updateTable(table)
        .set({ sort: -(i + 1) })
        .where('merchant_code', '=', merchant)
        .where('id', '=', id)
        .execute();
    for (const [i, id] of ids.entries())
      await db
        .updateTable(table)
        .set({ sort: i + 1 })
        .where('merchant_code', '=', merchant)
        .where('id', '=', id)
        .execute();
  }

  private async nextSort(
    db: Db,
    table: 'banner' | 'announcement',
    column: 'group_name' | 'type',
    merchant: string,
    key: string,
  ): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`coalesce(max(sort), 0) + 1`.as('next'))
      .where('merchant_code', '=', merchant)
      .where(column, '=', key)
      .executeTakeFirstOrThrow();
    return Number(row.next);
  }

  // ---- help pages ----

  listHelp(merchant: string) {
    return this.db
      .selectFrom('help_section')
      .select(['tag', 'title', 'content', 'sort', 'published', 'updated_at'])
      .where('merchant_code', '=', merchant)
      .orderBy('sort')
      .orderBy('tag')
      .execute();
  }

  help(db: Db, merchant: string, tag: string) {
    return db
      .selectFrom('help_section')
      .select(['tag', 'title', 'content', 'sort', 'published', 'updated_at'])
      .where('merchant_code', '=', merchant)
      .where('tag', '=', tag)
      .forUpdate()
      .executeTakeFirst();
  }

  async insertHelp(
    db: Db,
    merchant: string,
    v: { tag: string; title: string; content: string; published: boolean },
  ): Promise<boolean> {
    const next = await db
      .selectFrom('help_section')
      .select(sql<number>`coalesce(max(sort), -1) + 1`.as('next'))
      .where('merchant_code', '=', merchant)
      .executeTakeFirstOrThrow();
    const r = await db
      .insertInto('help_section')
      .values({ merchant_code: merchant, ...v, sort: Number(next.next) })
      .onConflict((oc) => oc.columns(['merchant_code', 'tag']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async updateHelp(
    db: Db,
    merchant: string,
    tag: string,
    v: { title: string; content: string; published: boolean },
  ): Promise<void> {
    await db
      .updateTable('help_section')
      .set({ ...v, updated_at: new Date() })
      .where('merchant_code', '=', merchant)
      .where('tag', '=', tag)
      .execute();
  }

  async deleteHelp(db: Db, merchant: string, tag: string): Promise<void> {
    await db
      .deleteFrom('help_section')
      .where('merchant_code', '=', merchant)
      .where('tag', '=', tag)
      .execute();
  }

  async helpTags(db: Db, merchant: string): Promise<string[]> {
    const rows = await db
      .selectFrom('help_section')
      .select('tag')
      .where('merchant_code', '=', merchant)
      .execute();
    return rows.map((r) => r.tag);
  }

  async reorderHelp(db: Db, merchant: string, tags: string[]): Promise<void> {
    for (const [i, tag] of tags.entries())
      await db
        .updateTable('help_section')
        .set({ sort: i })
        .where('merchant_code', '=', merchant)
        .where('tag', '=', tag)
        .execute();
  }

  // ---- footer ----

  footer(merchant: string, db: Db = this.db) {
    return db
      .selectFrom('merchant')
      .select(['licence', 'social'])
      .where('code', '=', merchant)
      .executeTakeFirst();
  }

  async setFooter(
    db: Db,
    merchant: string,
    v: { licence: LocalizedText; social: { facebook: string; telegram: string; whatsapp: string } },
  ): Promise<void> {
    await db
      .updateTable('merchant')
      .set({ licence: JSON.stringify(v.licence), social: JSON.stringify(v.social) })
      .where('code', '=', merchant)
      .execute();
  }

  // ---- images ----

  insertImage(row: {
    id: string;
    merchant: string;
    contentType: 'image/png' | 'image/jpeg';
    bytes: Buffer;
    width: number;
    height: number;
    uploadedBy: string;
  }) {
    return this.db
      .insertInto('content_image')
      .values({
        id: row.id,
        merchant_code: row.merchant,
        content_type: row.contentType,
        bytes: row.bytes,
        size: row.bytes.length,
        width: row.width,
        height: row.height,
        uploaded_by: row.uploadedBy,
      })
      .execute();
  }

  imageFacts(db: Db, merchant: string, id: string) {
    return db
      .selectFrom('content_image')
      .select(['id', 'width', 'height'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  image(id: string) {
    return this.db
      .selectFrom('content_image')
      .select(['content_type', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
