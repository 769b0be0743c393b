import { z } from 'zod';
import { claimableSchema, REWARD_SOURCES } from './rewards';

/**
 * Missions, the mission leaderboard and the reward centre: a brand's daily and weekly
 * missions counted from real play in the brand's time zone, claimed into the wallet once per
 * period, and the reward centre that lists and claims every source's rewards together.
 */

/** DAILY resets at local midnight, WEEKLY on Monday at local midnight (the brand's time zone). */
export const MISSION_PERIODS = ['DAILY', 'WEEKLY'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

/**
 * What a mission counts in its period: TURNOVER valid turnover of settled bets (optionally of one
 * game type), WINS settled bets that paid more than their stake (optionally of one game type),
 * DEPOSIT credited deposits, LOGIN days with a login.
 */
export const MISSION_METRICS = ['TURNOVER', 'WINS', 'DEPOSIT', 'LOGIN'] as const;
export type MissionMetric = (typeof MISSION_METRICS)[number];

/** Metrics whose progress and target are money (the others count bets or days). */
export const MONEY_METRICS: readonly MissionMetric[] = ['TURNOVER', 'DEPOSIT'];

/** IN_PROGRESS below the target; CLAIMABLE at or above it; CLAIMED once paid for this period. */
export const MISSION_STATES = ['IN_PROGRESS', 'CLAIMABLE', 'CLAIMED'] as const;
export type MissionState = (typeof MISSION_STATES)[number];

/** Members the mission leaderboard shows (the caller's own rank is answered besides). */
export const MISSION_LEADERBOARD_SIZE = 20;

/** A money value in an answer (a number with at most 2 decimals). */
const money = z.number();
const missionId = z.string().regex(/^\d{1,18}$/, { message: 'missionId' });

/** One mission as the member sees it in the current period. */
export const missionSchema = z.object({
  id: z.string(),
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  /** TURNOVER and WINS may count one game type only; null: every game. */
  gameType: z.string().nullable(),
  /** In the member's language. */
  title: z.string(),
  description: z.string(),
  /** So far this period: an amount for TURNOVER and DEPOSIT, a count for WINS (bets) and LOGIN (days). */
  progress: z.number(),
  /** The same unit as progress. */
  target: z.number(),
  reward: money,
  /** Turnover to bet before withdrawing that the reward adds (0: none). */
  turnoverRequired: money,
  state: z.enum(MISSION_STATES),
  /** When this period ends and progress starts again from zero (ISO time). */
  endTime: z.string(),
  claimedTime: z.string().nullable(),
});
export type Mission = z.infer<typeof missionSchema>;

/** `GET /wps/relay/MCSFE_getMissionSummaryDetails`: my missions of the current day and week. */
export const missionSummaryDetailsSchema = z.object({
  missions: z.array(missionSchema),
  summary: z.object({
    /** Missions this day and week. */
    total: z.number().int(),
    /** Of those, reached their target (claimable or claimed). */
    completed: z.number().int(),
    /** Of those, can be claimed now (the menu's red badge). */
    claimable: z.number().int(),
    /** Mission rewards claimed this week (daily and weekly missions). */
    rewardsThisWeek: money,
  }),
  dayEndTime: z.string(),
  weekEndTime: z.string(),
});
export type MissionSummaryDetails = z.infer<typeof missionSummaryDetailsSchema>;

/** One member's standing this week: missions claimed and what they paid. */
export const missionStandingSchema = z.object({
  /** 1 is first; null: no mission claimed this week yet. */
  rank: z.number().int().nullable(),
  /** Masked (de***1) for everyone, the caller included. */
  account: z.string(),
  completed: z.number().int(),
  rewards: money,
  /** This row is the caller's. */
  me: z.boolean(),
});
export type MissionStanding = z.infer<typeof missionStandingSchema>;

/**
 * `GET /wps/relay/MCSFE_getMissionLeaderboard`: the brand's members this week by missions claimed,
 * then by rewards, then by who got there first; the top MISSION_LEADERBOARD_SIZE and my own row.
 */
export const missionLeaderboardSchema = z.object({
  weekStartTime: z.string(),
  weekEndTime: z.string(),
  list: z.array(missionStandingSchema),
  mine: missionStandingSchema,
});
export type MissionLeaderboard = z.infer<typeof missionLeaderboardSchema>;

/** `POST /wps/mission/claim`: this period's reward of one mission; answers the mission, CLAIMED. */
export const missionClaimSchema = z.object({ missionId });
export type MissionClaimRequest = z.infer<typeof missionClaimSchema>;

// ---- the reward centre ----

/** `GET /wps/rewards/claimable`: what I can claim now from every source (the menu's red badge counts it). */
export const claimableRewardsSchema = z.object({
  list: z.array(claimableSchema),
  count: z.number().int(),
});
export type ClaimableRewards = z.infer<typeof claimableRewardsSchema>;

/** `POST /wps/rewards/claim`: one listed reward, passed to its source; answers what was claimed. */
export const rewardClaimSchema = z.object({
  source: z.enum(REWARD_SOURCES),
  id: z.string().trim().min(1).max(100),
});
export type RewardClaimRequest = z.infer<typeof rewardClaimSchema>;
