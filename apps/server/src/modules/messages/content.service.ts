import { randomUUID } from 'node:crypto';
import {
  BANNER_IMAGE_RULES,
  type Announcements,
  type BannerAdmin,
  type BannerGroup,
  type BannerInput,
  type ContentImage,
  type FooterContent,
  type HelpAdmin,
  type HelpInput,
  type Language,
  type NoticeAdmin,
  type NoticeInput,
} from '@app/contracts';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { Brand, BrandResolver } from '../../platform/brand';
import type { AnnouncementService } from './announcement.service';
import { assertDimensions, checkImage } from './content-image';
import type { BannerRow, BannerValues, ContentRepository, NoticeValues } from './content.repository';
import { compact, sanitizeEach } from './rich-text';

/** Where uploaded banner images are served (public: the id is random and the bytes never change). */
export const CONTENT_IMAGE_PREFIX = '/wps/content-images/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const invalid = (field: string, message: string) =>
  new AppError('request.invalid', { fields: [{ field, message }] });

/** A site path: one leading slash (not a protocol-relative //host), URL-safe characters only. */
const ROUTE = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

function checkLink(type: BannerInput['linkageType'], link: string | null): string | null {
  const value = link?.trim() || null;
  if (type === null) {
    if (value !== null) throw invalid('linkage', 'a link needs a link type');
    return null;
  }
  if (value === null) throw invalid('linkage', 'required');
  if (type === 'ROUTE') {
    if (!ROUTE.test(value) || value.length > 300) throw invalid('linkage', 'a site path such as /promotions');
    return value;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('linkage', 'not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('linkage', 'http or https only');
  return url.toString();
}

function checkWindow(
  startsAt: string | null,
  endsAt: string | null,
): { starts: Date | null; ends: Date | null } {
  const starts = startsAt ? new Date(startsAt) : null;
  const ends = endsAt ? new Date(endsAt) : null;
  if (starts && ends && ends.getTime() <= starts.getTime())
    throw invalid('endsAt', 'the end must be after the start');
  return { starts, ends };
}

const isLive = (published: boolean, starts: Date | null, ends: Date | null, now: Date) =>
  published && (starts === null || starts <= now) && (ends === null || ends > now);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function bannerView(r: BannerRow, now: Date): BannerAdmin {
  return {
    id: r.id,
    group: r.group_name as BannerGroup,
    lang: r.lang as Language | null,
    imagePath: r.image_path,
    title: r.title,
    linkageType: r.linkage_type as BannerAdmin['linkageType'],
    linkage: r.linkage,
    status: r.active ? 'PUBLISHED' : 'DRAFT',
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    sort: r.sort,
    live: isLive(r.active, r.starts_at, r.ends_at, now),
    updatedAt: r.updated_at.toISOString(),
  };
}

type NoticeRow = Awaited<ReturnType<ContentRepository['listNotices']>>[number];
function noticeView(r: NoticeRow, now: Date): NoticeAdmin {
  const starts = r.starts_at === null ? null : new Date(r.starts_at);
  const ends = r.ends_at === null ? null : new Date(r.ends_at);
  return {
    id: r.id,
    type: r.type as NoticeAdmin['type'],
    title: r.title,
    content: r.content,
    status: r.published ? 'PUBLISHED' : 'DRAFT',
    startsAt: iso(starts),
    endsAt: iso(ends),
    sort: r.sort,
    live: isLive(r.published, starts, ends, now),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

type HelpRow = Awaited<ReturnType<ContentRepository['listHelp']>>[number];
const helpView = (r: HelpRow): HelpAdmin => ({
  tag: r.tag,
  title: r.title,
  content: r.content,
  status: r.published ? 'PUBLISHED' : 'DRAFT',
  sort: r.sort,
  updatedAt: r.updated_at.toISOString(),
});

/**
 * Staff's edits of what the site shows: banners (with their images), notices, help pages and the
 * footer. Every input is checked before anything is written; each change is one transaction. The
 * player site reads these tables directly (no cache), so a change or a window opening shows on
 * the next request; the footer is on the brand, cached `BRAND_CACHE_SECONDS` per instance.
 */
export class ContentService {
  constructor(
    private readonly repo: ContentRepository,
    private readonly announcements: AnnouncementService,
    private readonly brands: BrandResolver,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  // ---- images ----

  async uploadImage(brand: Brand, group: BannerGroup, base64: string, by: string): Promise<ContentImage> {
    // A strict base64 check: Buffer.from ignores what it cannot read, which would hide a bad upload.
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0)
      throw new AppError('content.image.invalid');
    const bytes = Buffer.from(base64, 'base64');
    const facts = checkImage(bytes, BANNER_IMAGE_RULES[group]);
    const id = randomUUID();
    await this.repo.insertImage({ id, merchant: brand.code, bytes, uploadedBy: by, ...facts });
    return {
      imagePath: `${CONTENT_IMAGE_PREFIX}${id}`,
      contentType: facts.contentType,
      size: bytes.length,
      width: facts.width,
      height: facts.height,
    };
  }

  /** An uploaded image's bytes for the site; not found for anything else. */
  async image(id: string) {
    if (!UUID.test(id)) throw new AppError('content.not.found');
    const row = await this.repo.image(id);
    if (!row) throw new AppError('content.not.found');
    return { contentType: row.content_type, bytes: row.bytes };
  }

  // ---- banners ----

  async listBanners(brand: Brand): Promise<BannerAdmin[]> {
    const now = this.clock();
    return (await this.repo.listBanners(brand.code)).map((r) => bannerView(r, now));
  }

  /** Checks a banner and its image: the image must be one uploaded to this brand fitting the group, or the one it has. */
  private async bannerValues(
    db: Db,
    brand: Brand,
    input: BannerInput,
    current?: BannerRow,
  ): Promise<BannerValues> {
    if (input.lang !== null && !brand.languages.includes(input.lang))
      throw invalid('lang', `the brand offers ${brand.languages.join(', ')}`);
    const linkage = checkLink(input.linkageType, input.linkage);
    const { starts, ends } = checkWindow(input.startsAt, input.endsAt);
    const path = input.imagePath;
    const keepsImage =
      current !== undefined && current.image_path === path && current.group_name === input.group;
    if (!keepsImage) {
      const id = path.startsWith(CONTENT_IMAGE_PREFIX) ? path.slice(CONTENT_IMAGE_PREFIX.length) : '';
      const facts = UUID.test(id) ? await this.repo.imageFacts(db, brand.code, id) : undefined;
      if (!facts) throw invalid('imagePath', 'upload the image first');
      assertDimensions(facts, BANNER_IMAGE_RULES[input.group]);
    }
    return {
      group_name: input.group,
      lang: input.lang,
      image_path: path,
      title: JSON.stringify(compact(input.title)),
      linkage_type: input.linkageType,
      linkage,
      active: input.status === 'PUBLISHED',
      starts_at: starts,
      ends_at: ends,
    };
  }

  createBanner(brand: Brand, input: BannerInput): Promise<BannerAdmin> {
    return this.repo.transaction(async (trx) => {
      const id = await this.repo.insertBanner(trx, brand.code, await this.bannerValues(trx, brand, input));
      return bannerView((await this.repo.banner(trx, brand.code, id))!, this.clock());
    });
  }

  updateBanner(
    brand: Brand,
    id: number,
    input: BannerInput,
  ): Promise<{ before: BannerAdmin; after: BannerAdmin }> {
    return this.repo.transaction(async (trx) => {
      const current = await this.repo.banner(trx, brand.code, id);
      if (!current) throw new AppError('content.not.found');
      const values = await this.bannerValues(trx, brand, input, current);
      await this.repo.updateBanner(trx, brand.code, id, values, current.group_name !== input.group);
      const now = this.clock();
      return {
        before: bannerView(current, now),
        after: bannerView((await this.repo.banner(trx, brand.code, id))!, now),
      };
    });
  }

  deleteBanner(brand: Brand, id: number): Promise<BannerAdmin> {
    return this.repo.transaction(async (trx) => {
      const current = await this.repo.banner(trx, brand.code, id);
      if (!current) throw new AppError('content.not.found');
      await this.repo.deleteBanner(trx, brand.code, id);
      return bannerView(current, this.clock());
    });
  }

  orderBanners(brand: Brand, group: string, ids: number[]): Promise<void> {
    return this.reorder(brand, 'banner', group, ids);
  }

  private reorder(brand: Brand, table: 'banner' | 'announcement', key: string, ids: number[]): Promise<void> {
    return this.repo.transaction(async (trx) => {
      const have = await this.repo.idsOf(trx, table, brand.code, key);
      const wanted = new Set(ids);
      if (wanted.size !== ids.length || have.length !== ids.length || !have.every((id) => wanted.has(id)))
        throw invalid('ids', 'name every item of the list once');
      await this.repo.reorder(trx, table, brand.code, ids);
    });
  }

  // ---- notices ----

  async listNotices(brand: Brand): Promise<NoticeAdmin[]> {
    const now = this.clock();
    return (await this.repo.listNotices(brand.code)).map((r) => noticeView(r, now));
  }

  private noticeValues(input: NoticeInput): NoticeValues {
    const { starts, ends } = checkWindow(input.startsAt, input.endsAt);
    return {
      type: input.type,
      title: JSON.stringify(compact(input.title)),
      content: JSON.stringify(sanitizeEach(input.content)),
      published: input.status === 'PUBLISHED',
      starts_at: starts,
      ends_at: ends,
    };
  }

  createNotice(brand: Brand, input: NoticeInput): Promise<NoticeAdmin> {
    const values = this.noticeValues(input);
    return this.repo.transaction(async (trx) => {
      const id = await this.repo.insertNotice(trx, brand.code, values);
      return noticeView((await this.repo.notice(trx, brand.code, id))!, this.clock());
    });
  }

  updateNotice(
    brand: Brand,
    id: number,
    input: NoticeInput,
  ): Promise<{ before: NoticeAdmin; after: NoticeAdmin }> {
    const values = this.noticeValues(input);
    return this.repo.transaction(async (trx) => {
      const current = await this.repo.notice(trx, brand.code, id);
      if (!current) throw new AppError('content.not.found');
      await this.repo.updateNotice(trx, brand.code, id, values, current.type !== input.type);
      const now = this.clock();
      return {
        before: noticeView(current, now),
        after: noticeView((await this.repo.notice(trx, brand.code, id))!, now),
      };
    });
  }

  deleteNotice(brand: Brand, id: number): Promise<NoticeAdmin> {
    return this.repo.transaction(async (trx) => {
      const current = await this.repo.notice(trx, brand.code, id);
      if (!current) throw new AppError('content.not.found');
      await this.repo.deleteNotice(trx, brand.code, id);
      return noticeView(current, this.clock());
    });
  }

  orderNotices(brand: Brand, type: string, ids: number[]): Promise<void> {
    return this.reorder(brand, 'announcement', type, ids);
  }

  // ---- help pages ----

  async listHelp(brand: Brand): Promise<HelpAdmin[]> {
    return (await this.repo.listHelp(brand.code)).map(helpView);
  }

  private helpValues(input: HelpInput) {
    return {
      title: JSON.stringify(compact(input.title)),
      content: JSON.stringify(sanitizeEach(input.content)),
      published: input.status === 'PUBLISHED',
    };
  }

  createHelp(brand: Brand, input: HelpInput & { tag: string }): Promise<HelpAdmin> {
    const values = this.helpValues(input);
    return this.repo.transaction(async (trx) => {
      if (!(await this.repo.insertHelp(trx, brand.code, { tag: input.tag, ...values })))
        throw invalid('tag', 'a page with this tag exists');
      return helpView((await this.repo.help(trx, brand.code, input.tag))!);
    });
  }

  updateHelp(brand: Brand, tag: string, input: HelpInput): Promise<{ before: HelpAdmin; after: HelpAdmin }> {
    const values = this.helpValues(input);
    return this.repo.transaction(async (trx) => {
      const current = await this.repo.help(trx, brand.code, tag);
      if (!current) throw new AppError('content.not.found');
      await this.repo.updateHelp(trx, brand.code, tag, values);
      return { before: helpView(current), after: helpView((await this.repo.help(trx, brand.code, tag))!) };
    });
  }

  deleteHelp(brand: Brand, tag: string): Promise<HelpAdmin> {
    return this.repo.transaction(async (trx) => {
      const current = await this.repo.help(trx, brand.code, tag);
      if (!current) throw new AppError('content.not.found');
      await this.repo.deleteHelp(trx, brand.code, tag);
      return helpView(current);
    });
  }

  orderHelp(brand: Brand, tags: string[]): Promise<void> {
    return this.repo.transaction(async (trx) => {
      const have = await this.repo.helpTags(trx, brand.code);
      const wanted = new Set(tags);
      if (wanted.size !== tags.length || have.length !== tags.length || !have.every((t) => wanted.has(t)))
        throw invalid('tags', 'name every page once');
      await this.repo.reorderHelp(trx, brand.code, tags);
    });
  }

  // ---- footer ----

  async footer(brand: Brand): Promise<FooterContent> {
    const row = await this.repo.footer(brand.code);
    return this.footerView(row);
  }

  private footerView(
    row: { licence: Record<string, string>; social: FooterContent['social'] } | undefined,
  ): FooterContent {
    if (!row) throw new AppError('content.not.found');
    return {
      licence: row.licence,
      social: {
        facebook: row.social.facebook ?? '',
        telegram: row.social.telegram ?? '',
        whatsapp: row.social.whatsapp ?? '',
      },
    };
  }

  async setFooter(
    brand: Brand,
    input: FooterContent,
  ): Promise<{ before: FooterContent; after: FooterContent }> {
    const next = { licence: compact(input.licence), social: input.social };
    const before = await this.repo.transaction(async (trx) => {
      const current = this.footerView(await this.repo.footer(brand.code, trx));
      await this.repo.setFooter(trx, brand.code, next);
      return current;
    });
    // This instance shows it at once; the others within their brand cache time.
    this.brands.invalidate();
    return { before, after: next };
  }

  // ---- preview ----

  /** What the site would serve in `lang` at `at`: drafts included when asked, marked by nothing else. */
  preview(brand: Brand, lang: Language, at: Date | null, drafts: boolean): Promise<Announcements> {
    return this.announcements.list(brand, lang, new Set(['B', 'PL', 'PU', 'PR']), at ?? this.clock(), {
      drafts,
    });
  }
}
