import { z } from 'zod';
import { GAME_TYPES, LANGUAGES } from './constants';

/*
 * The platform's own games offered to a brand: the house vendor of each category that has a
 * house engine, and the house lotteries. A brand launched from an empty database has no vendor
 * or game rows; the back office adds these in one step (adding again adds only what is missing).
 */

/** Whether a vendor row of the offer exists in the brand's catalogue, and its switch. */
export const HOUSE_OFFER_STATES = ['MISSING', 'ON', 'OFF'] as const;
export type HouseOfferState = (typeof HOUSE_OFFER_STATES)[number];

export const houseOfferGameSchema = z.object({
  gameCode: z.string(),
  names: z.partialRecord(z.enum(LANGUAGES), z.string()),
  /** The house engine that plays it; null for a lottery (the lottery page runs it). */
  engine: z.string().nullable(),
  /** Smallest stake, major units. */
  minBet: z.number(),
  /** Already in the brand's catalogue (adding leaves it as it is). */
  present: z.boolean(),
});
export type HouseOfferGame = z.infer<typeof houseOfferGameSchema>;

export const houseOfferVendorSchema = z.object({
  code: z.string(),
  gameType: z.enum(GAME_TYPES),
  name: z.string(),
  state: z.enum(HOUSE_OFFER_STATES),
  games: z.array(houseOfferGameSchema),
});
export type HouseOfferVendor = z.infer<typeof houseOfferVendorSchema>;

/** What "Add house games" would add to the brand, and where the brand's other games come from. */
export const houseOfferSchema = z.object({
  vendors: z.array(houseOfferVendorSchema),
  /** Vendor rows and games adding would create now (0 and 0: everything is there). */
  missingVendors: z.number().int(),
  missingGames: z.number().int(),
  /** Hub88 saved for the brand (its games come from its catalogue sync), and whether it is on. */
  hub88: z.object({ configured: z.boolean(), enabled: z.boolean() }),
});
export type HouseOffer = z.infer<typeof houseOfferSchema>;

export const houseOfferResultSchema = z.object({
  vendorsAdded: z.number().int(),
  gamesAdded: z.number().int(),
  offer: houseOfferSchema,
});
export type HouseOfferResult = z.infer<typeof houseOfferResultSchema>;
