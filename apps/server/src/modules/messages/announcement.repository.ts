import type { Db } from '../../db/repository';

export class AnnouncementRepository {
  constructor(private readonly db: Db) {}

  listActiveBanners(merchant: string) {
    return this.db
      .selectFrom('banner')
      .select(['id', 'group_name', 'image_path', 'title', 'linkage_type', 'linkage'])
      .where('merchant_code', '=', merchant)
      .where('active', '=', true)
      .orderBy('group_name')
      .orderBy('sort')
      .execute();
  }

  /** Notices whose window includes now, in display order. */
  listLiveNotices(merchant: string, types: string[], now: Date) {
    return this.db
      .selectFrom('announcement')
      .select(['id', 'type', 'title', 'content', 'created_at'])
      .where('merchant_code', '=', merchant)
      .where('type', 'in', types)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }
}
