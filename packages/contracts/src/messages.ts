import { z } from 'zod';
import {
  ANNOUNCEMENT_EXECUTION,
  ANNOUNCEMENT_PLATFORM,
  ANNOUNCEMENT_PLATFORMS,
  ANNOUNCEMENT_TYPES,
  BANNER_GROUPS,
  type AnnouncementType,
} from './constants';

export const LINKAGE_TYPES = ['ROUTE', 'URL'] as const;

export const bannerSchema = z.object({
  bannerId: z.number().int(),
  url: z.string(),
  groupName: z.enum(BANNER_GROUPS),
  title: z.string(),
  /** ROUTE opens a site path, URL opens an external page; null is not clickable. */
  linkageType: z.enum(LINKAGE_TYPES).nullable(),
  linkage: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  createdTime: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const announcementsSchema = z.object({
  banners: z.array(bannerSchema),
  player: z.array(noticeSchema),
  popup: z.array(noticeSchema),
  promotion: z.array(noticeSchema),
});
export type Announcements = z.infer<typeof announcementsSchema>;

export const announcementsQuerySchema = z.object({
  types: z
    .string()
    .default(ANNOUNCEMENT_TYPES.join(','))
    .transform((raw) => raw.split(',').map((t) => t.trim()))
    .pipe(z.array(z.enum(ANNOUNCEMENT_TYPES)).min(1))
    .transform((list) => new Set<AnnouncementType>(list)),
  // W (web) or M (mobile web): one site serves both, so both get the same notices.
  platform: z.enum(ANNOUNCEMENT_PLATFORMS).default(ANNOUNCEMENT_PLATFORM),
  execution: z.literal(ANNOUNCEMENT_EXECUTION).default(ANNOUNCEMENT_EXECUTION),
});
