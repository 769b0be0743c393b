import type { AnnouncementType, Announcements, Banner, BannerGroup, Language, Notice } from '@app/contracts';
import { type Brand, pickText } from '../../platform/brand';
import { sanitizeContent } from '../../platform/sanitize';
import type { AnnouncementRepository } from './announcement.repository';

const NOTICE_LISTS = { PL: 'player', PU: 'popup', PR: 'promotion' } as const;

/** How long a page's first banner is kept before the banner list is read again. */
const FIRST_BANNER_TTL_MS = 30_000;

export class AnnouncementService {
  private readonly firstBanners = new Map<string, { at: number; banner: Promise<Banner | null> }>();

  constructor(private readonly repo: AnnouncementRepository) {}

  /**
   * A banner group's first banner, as list() shows it in `lang` (null: none): what the served page
   * preloads and, on the home page, paints before the site's script runs. Kept for half a minute
   * per brand, language and group, so page loads do not read the banner list each time; a changed
   * banner reaches the served page within that.
   */
  firstBanner(brand: Brand, lang: Language, group: BannerGroup, now = Date.now()): Promise<Banner | null> {
    const key = `${brand.code}|${lang}|${group}`;
    const hit = this.firstBanners.get(key);
    if (hit && now - hit.at < FIRST_BANNER_TTL_MS) return hit.banner;
    const banner = this.list(brand, lang, new Set(['B'])).then(
      (a) => a.banners.find((b) => b.groupName === group) ?? null,
    );
    // A failed read is not kept: the next page load asks again.
    banner.catch(() => {
      if (this.firstBanners.get(key)?.banner === banner) this.firstBanners.delete(key);
    });
    this.firstBanners.set(key, { at: now, banner });
    return banner;
  }

  /**
   * Banners (type B) and the notice lists (PL player, PU popup, PR promotion) asked for, as live
   * at `now`. A banner group shows its banners in the request's language, or when it has none
   * in it, those in the brand's default language; banners for every language (lang null) always.
   * The staff preview passes `drafts` to see drafts in place.
   */
  async list(
    brand: Brand,
    lang: Language,
    types: Set<AnnouncementType>,
    now = new Date(),
    opts: { drafts?: boolean } = {},
  ): Promise<Announcements> {
    const result: Announcements = { banners: [], player: [], popup: [], promotion: [] };
    const noticeTypes = (['PL', 'PU', 'PR'] as const).filter((t) => types.has(t));
    const [banners, notices] = await Promise.all([
      types.has('B') ? this.repo.listLiveBanners(brand.code, now, opts.drafts) : Promise.resolve([]),
      noticeTypes.length
        ? this.repo.listLiveNotices(brand.code, noticeTypes, now, opts.drafts)
        : Promise.resolve([]),
    ]);
    const inLang = new Set(banners.filter((b) => b.lang === lang).map((b) => b.group_name));
    const shown = banners.filter(
      (b) =>
        b.lang === null || b.lang === lang || (b.lang === brand.defaultLanguage && !inLang.has(b.group_name)),
    );
    result.banners = shown.map((b): Banner => ({
      bannerId: b.id,
      url: b.image_path,
      groupName: b.group_name as Banner['groupName'],
      title: pickText(b.title, lang, brand),
      linkageType: b.linkage_type as Banner['linkageType'],
      linkage: b.linkage,
    }));
    for (const n of notices) {
      const notice: Notice = {
        id: n.id,
        title: pickText(n.title, lang, brand),
        content: sanitizeContent(pickText(n.content, lang, brand)),
        createdTime: n.created_at.toISOString(),
      };
      result[NOTICE_LISTS[n.type as keyof typeof NOTICE_LISTS]].push(notice);
    }
    return result;
  }
}
