import { z } from 'zod';

/** Real clients send empty parameters for "all": an empty string counts as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const gameTypeParam = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(GAME_TYPES));
import { DEFAULT_VENDOR_PLATFORM, GAME_TYPES } from './constants';

export const vendorCardSchema = z.object({
  vassalage: z.string(),
  gameType: z.enum(GAME_TYPES),
  displayName: z.string(),
  /** 1 shows the hot icon. */
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** 'VASSALAGE' opens a popup game list instead of a lobby. */
  isGame: z.string().nullable(),
  logoUrl: z.string(),
  walletType: z.enum(['TRANSFER', 'SEAMLESS']),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const vendorCategorySchema = z.object({
  title: z.enum(GAME_TYPES),
  cards: z.array(vendorCardSchema),
  /** Vendor codes of the category, in display order. */
  gameClassify: z.array(z.string()),
});
export type VendorCategory = z.infer<typeof vendorCategorySchema>;

export const newGameVendorQuerySchema = z.object({
  platform: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[a-z0-9,-]{1,64}$/)
      .default(DEFAULT_VENDOR_PLATFORM),
  ),
  gameType: optional(gameTypeParam),
});

export const vassGameTypeQuerySchema = z.object({
  vassalage: optional(z.string().regex(/^[A-Za-z0-9_]{1,40}$/)),
});
export const vassGameTypeSchema = z.array(
  z.object({ vassalage: z.string(), gameType: z.enum(GAME_TYPES), isGame: z.string().nullable() }),
);
