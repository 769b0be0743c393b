import type { Db } from '../../db/repository';

export class AnnouncementRepository {
  constructor(private readonly db: Db) {}

  /**
   * Banners whose window includes `now` (published only unless `drafts`), in every language;
   * the service keeps the request's. Read on every request: a window opens within seconds.
   */
  listLiveBanners(merchant: string, now: Date, drafts = false) {
    let q = this.db
      .selectFrom('banner')
      .select(['id', 'group_name', 'lang', 'image_path', 'title', 'linkage_type', 'linkage'])
      .where('merchant_code', '=', merchant)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
    if (!drafts) q = q.where('active', '=', true);
    return q.orderBy('group_name').orderBy('sort').execute();
  }

  /** Notices whose window includes now (published only unless `drafts`), in display order. */
  listLiveNotices(merchant: string, types: string[], now: Date, drafts = false) {
    let q = this.db
      .selectFrom('announcement')
      .select(['id', 'type', 'title', 'content', 'created_at'])
      .where('merchant_code', '=', merchant)
      .where('type', 'in', types)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
    if (!drafts) q = q.where('published', '=', true);
    return q.orderBy('sort').orderBy('id').execute();
  }
}
