import { z } from 'zod';
import { requestIdSchema } from './wallet';

/**
 * The house fishing shooter: the player picks a bet per shot and shoots at a fish; the
 * server decides whether the fish is caught. Each species pays a fixed multiple of the bet and is
 * caught with probability RTP / multiple, so every shot returns the published RTP on average,
 * whatever it is aimed at. One shot is one round, settled at once. Every call carries the launch
 * ticket in the X-Game-Token header (GAME_TOKEN_HEADER).
 */

/** The species, smallest multiple first; the last one is the boss. */
export const FISH_SPECIES_IDS = [
  'CLOWNFISH',
  'ANGELFISH',
  'PUFFERFISH',
  'SEAHORSE',
  'TURTLE',
  'LOBSTER',
  'OCTOPUS',
  'MANTA',
  'SHARK',
  'WHALE',
  'DRAGON_KING',
] as const;
export type FishSpeciesId = (typeof FISH_SPECIES_IDS)[number];

/** Shots the game client can recall. */
export const FISH_HISTORY_SIZE = 10;
/** Shots one member may fire per second (one-second windows); more are refused with game.shot.too.fast. */
export const FISH_SHOTS_PER_SECOND = 10;

const money = z.number();

export const fishSpeciesSchema = z.object({
  id: z.enum(FISH_SPECIES_IDS),
  /** A capture pays the bet times this (stake included). */
  multiplier: z.number().int(),
  /** Chance that a shot at this species catches it, as a fraction: captureHits / captureOutOf. */
  captureHits: z.number().int(),
  captureOutOf: z.number().int(),
  boss: z.boolean(),
});
export type FishSpecies = z.infer<typeof fishSpeciesSchema>;

export const fishInfoSchema = z.object({
  gameName: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  currencySymbol: z.string(),
  balance: money,
  /** Bets per shot the player can choose, ascending. */
  betOptions: z.array(money),
  species: z.array(fishSpeciesSchema),
  /** Return to player of every shot, percent (exact: multiplier × capture chance for each species). */
  rtp: z.number(),
  maxShotsPerSecond: z.number().int(),
});
export type FishInfo = z.infer<typeof fishInfoSchema>;

export const fishShotRequestSchema = z.object({
  requestId: requestIdSchema,
  bet: z.union([z.number(), z.string()]),
  /** The species of the fish the shot was aimed at. */
  fishSpeciesId: z.enum(FISH_SPECIES_IDS),
});
export type FishShotRequest = z.infer<typeof fishShotRequestSchema>;

/** One shot, as recalled. */
export const fishShotSchema = z.object({
  roundId: z.string(),
  /** ISO time. */
  time: z.string(),
  bet: money,
  fishSpeciesId: z.enum(FISH_SPECIES_IDS),
  multiplier: z.number().int(),
  captured: z.boolean(),
  /** Paid for the shot: bet × multiplier on a capture, 0 otherwise. */
  win: money,
});
export type FishShot = z.infer<typeof fishShotSchema>;

export const fishShotResultSchema = fishShotSchema.extend({
  /** The wallet the game plays from, right after the shot was settled. */
  balance: money,
});
export type FishShotResult = z.infer<typeof fishShotResultSchema>;

export const fishHistorySchema = z.object({ list: z.array(fishShotSchema) });
export type FishHistory = z.infer<typeof fishHistorySchema>;
