import { z } from 'zod';
import { BANNER_GROUPS, LANGUAGES, type BannerGroup } from './constants';
import { LINKAGE_TYPES, announcementsSchema } from './messages';

/** Back-office site content (`/wps/admin/content/...`): banners, notices, help pages, footer, broadcasts. */

export const CONTENT_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Notice types staff edit: PL the player notices (the marquee), PU popups, PR promotion notices. */
export const NOTICE_TYPES = ['PL', 'PU', 'PR'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/**
 * What a banner image of each group may be: PNG or JPEG, at most maxBytes, and its pixel size in
 * range. Page banners are shown 1200×400 (3:1); the sign-up popup's banner is a smaller card.
 */
export interface BannerImageRule {
  maxBytes: number;
  minWidth: number;
  maxWidth: number;
  minHeight: number;
  maxHeight: number;
}
const PAGE_BANNER: BannerImageRule = {
  maxBytes: 1024 * 1024,
  minWidth: 600,
  maxWidth: 2400,
  minHeight: 200,
  maxHeight: 800,
};
export const BANNER_IMAGE_RULES: Record<BannerGroup, BannerImageRule> = Object.fromEntries(
  BANNER_GROUPS.map((g) => [
    g,
    g === 'w_register'
      ? { maxBytes: 512 * 1024, minWidth: 300, maxWidth: 1200, minHeight: 150, maxHeight: 1200 }
      : PAGE_BANNER,
  ]),
) as Record<BannerGroup, BannerImageRule>;

/** The longest text per language of a title, and of a notice or help page body (HTML). */
export const CONTENT_LIMITS = { title: 200, body: 50_000, broadcastBody: 4000, imageBase64: 1_500_000 };

const iso = z.iso.datetime({ offset: true });
/** Text per language; at least one language must be filled. */
const localized = (max: number) =>
  z
    .partialRecord(z.enum(LANGUAGES), z.string().trim().max(max))
    .refine((t) => Object.values(t).some((v) => (v ?? '').length > 0), { message: 'empty' });

// ---- images -------------------------------------------------------------------------------------

export const contentImageInputSchema = z.object({
  group: z.enum(BANNER_GROUPS),
  /** The file's bytes, base64 (the server decides the type by the bytes, not the name). */
  dataBase64: z.string().max(CONTENT_LIMITS.imageBase64),
});
export const contentImageSchema = z.object({
  imagePath: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

// ---- banners ------------------------------------------------------------------------------------

const schedule = {
  startsAt: iso.nullable(),
  endsAt: iso.nullable(),
};

export const bannerInputSchema = z.object({
  group: z.enum(BANNER_GROUPS),
  /** null: shown in every language. */
  lang: z.enum(LANGUAGES).nullable(),
  imagePath: z.string().trim().min(1).max(300),
  title: z.partialRecord(z.enum(LANGUAGES), z.string().trim().max(CONTENT_LIMITS.title)),
  linkageType: z.enum(LINKAGE_TYPES).nullable(),
  linkage: z.string().trim().max(500).nullable(),
  status: z.enum(CONTENT_STATUSES),
  ...schedule,
});
export type BannerInput = z.infer<typeof bannerInputSchema>;

export const bannerAdminSchema = bannerInputSchema.extend({
  id: z.number().int(),
  sort: z.number().int(),
  /** Whether players see it now (published and inside its window). */
  live: z.boolean(),
  updatedAt: z.string(),
});
export type BannerAdmin = z.infer<typeof bannerAdminSchema>;
export const bannerListSchema = z.object({ list: z.array(bannerAdminSchema) });

export const bannerOrderSchema = z.object({
  group: z.enum(BANNER_GROUPS),
  /** Every banner of the group, first shown first. */
  ids: z.array(z.number().int().positive()).min(1).max(500),
});

// ---- notices (marquee, popups, promotion notices) --------------------------------------------------

export const noticeInputSchema = z.object({
  type: z.enum(NOTICE_TYPES),
  title: localized(CONTENT_LIMITS.title),
  /** HTML per language; sanitised when saved. */
  content: z.partialRecord(z.enum(LANGUAGES), z.string().max(CONTENT_LIMITS.body)),
  status: z.enum(CONTENT_STATUSES),
  ...schedule,
});
export type NoticeInput = z.infer<typeof noticeInputSchema>;
export const noticeAdminSchema = noticeInputSchema.extend({
  id: z.number().int(),
  sort: z.number().int(),
  live: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NoticeAdmin = z.infer<typeof noticeAdminSchema>;
export const noticeListSchema = z.object({ list: z.array(noticeAdminSchema) });
export const noticeOrderSchema = z.object({
  type: z.enum(NOTICE_TYPES),
  ids: z.array(z.number().int().positive()).min(1).max(500),
});

// ---- help centre ----------------------------------------------------------------------------------

export const HELP_TAG_PATTERN = /^[a-z0-9-]{1,32}$/;
export const helpInputSchema = z.object({
  title: localized(CONTENT_LIMITS.title),
  /** Rich text (HTML) per language; sanitised to a small safe set of tags when saved. */
  content: z.partialRecord(z.enum(LANGUAGES), z.string().max(CONTENT_LIMITS.body)),
  status: z.enum(CONTENT_STATUSES),
});
export const helpCreateSchema = helpInputSchema.extend({
  tag: z.string().trim().regex(HELP_TAG_PATTERN),
});
export type HelpInput = z.infer<typeof helpInputSchema>;
export const helpAdminSchema = helpCreateSchema.extend({
  sort: z.number().int(),
  updatedAt: z.string(),
});
export type HelpAdmin = z.infer<typeof helpAdminSchema>;
export const helpListSchema = z.object({ list: z.array(helpAdminSchema) });
export const helpOrderSchema = z.object({
  tags: z.array(z.string().regex(HELP_TAG_PATTERN)).min(1).max(200),
});

// ---- footer ---------------------------------------------------------------------------------------

const socialUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(300)]);
export const footerSchema = z.object({
  /** The licence line under the footer, per language (plain text). */
  licence: localized(1000),
  /** The social links the site's side bar shows; empty hides one. */
  social: z.object({ facebook: socialUrl, telegram: socialUrl, whatsapp: socialUrl }),
});
export type FooterContent = z.infer<typeof footerSchema>;

/** The languages the brand offers (content is written in these), its default first. */
export const contentLanguagesSchema = z.object({
  defaultLanguage: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
});
export type ContentLanguages = z.infer<typeof contentLanguagesSchema>;

// ---- preview ----------------------------------------------------------------------------------------

export const contentPreviewQuerySchema = z.object({
  lang: z.enum(LANGUAGES),
  /** The moment to preview; now when left out. */
  at: iso.optional(),
  /** Whether drafts count as published (to see a draft in place before publishing it). */
  drafts: z.enum(['true', 'false']).default('false'),
});
export const contentPreviewSchema = announcementsSchema;

// ---- inbox broadcasts ----------------------------------------------------------------------------

const day = z.iso.date();
export const broadcastSegmentSchema = z
  .object({
    /** Empty: every VIP level. */
    vipLevels: z.array(z.number().int().min(0).max(100)).max(101).default([]),
    /** Members with any of these operator tags; empty: no tag filter. */
    tags: z.array(z.string().trim().min(1).max(40)).max(50).default([]),
    /** Registration day range in the brand's time zone (inclusive); null: open. */
    registeredFrom: day.nullable().default(null),
    registeredTo: day.nullable().default(null),
    /** Day of the member's latest successful deposit (inclusive); null: open. */
    lastDepositFrom: day.nullable().default(null),
    lastDepositTo: day.nullable().default(null),
  })
  .refine((s) => !s.registeredFrom || !s.registeredTo || s.registeredFrom <= s.registeredTo, {
    message: 'range',
    path: ['registeredTo'],
  })
  .refine((s) => !s.lastDepositFrom || !s.lastDepositTo || s.lastDepositFrom <= s.lastDepositTo, {
    message: 'range',
    path: ['lastDepositTo'],
  });
export type BroadcastSegment = z.infer<typeof broadcastSegmentSchema>;

export const broadcastCountSchema = z.object({
  /** Members who would get it now. */
  recipients: z.number().int(),
  /** Members of the segment left out: on a break (player protection), no marketing reaches them. */
  suppressed: z.number().int(),
});
export type BroadcastCount = z.infer<typeof broadcastCountSchema>;

export const broadcastInputSchema = z.object({
  segment: broadcastSegmentSchema,
  title: localized(CONTENT_LIMITS.title),
  /** Plain text per language. */
  content: localized(CONTENT_LIMITS.broadcastBody),
  /** When to send; null: at once (within seconds). */
  sendAt: iso.nullable(),
});
export type BroadcastInput = z.infer<typeof broadcastInputSchema>;

export const BROADCAST_STATUSES = ['SCHEDULED', 'SENT', 'CANCELLED'] as const;
export const broadcastSchema = z.object({
  id: z.string(),
  title: z.partialRecord(z.enum(LANGUAGES), z.string()),
  content: z.partialRecord(z.enum(LANGUAGES), z.string()),
  segment: broadcastSegmentSchema,
  sendAt: z.string(),
  status: z.enum(BROADCAST_STATUSES),
  recipients: z.number().int().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;
export const broadcastListSchema = z.object({ list: z.array(broadcastSchema) });
