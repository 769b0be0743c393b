import { z } from 'zod';

/** An invited friend's progress: registered; qualified (the reward can be claimed); rewarded. */
export const REFERRAL_FRIEND_STATES = ['REGISTERED', 'QUALIFIED', 'REWARDED', 'EXPIRED'] as const;
export type ReferralFriendState = (typeof REFERRAL_FRIEND_STATES)[number];

/** A money value in an answer (a number with at most 2 decimals). */
const money = z.number();

/** `GET /wps/referral/summary`: the invite page. */
export const referralSummarySchema = z.object({
  referralCode: z.string(),
  /** The brand's programme; null when the brand runs none (the page then only shares the link). */
  rule: z
    .object({
      enabled: z.boolean(),
      minFirstDeposit: money,
      reward: money,
      turnoverMultiple: z.number().int(),
      qualifyDays: z.number().int(),
      monthlyLimit: z.number().int(),
    })
    .nullable(),
  invited: z.number().int(),
  qualified: z.number().int(),
  rewarded: z.number().int(),
  rewardsEarned: money,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** `GET /wps/referral/friends`: friends who registered with the member's code, newest first. */
export const referralFriendsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const referralFriendSchema = z.object({
  /** The friend's member id: what a claim names. */
  id: z.string(),
  /** Masked (ab***yz): friends see each other's names only in part. */
  username: z.string(),
  registeredTime: z.string(),
  /** The first credited deposit, or null. */
  firstDeposit: money.nullable(),
  state: z.enum(REFERRAL_FRIEND_STATES),
  /** What it paid (REWARDED) or will pay when claimed (QUALIFIED); else null. */
  reward: money.nullable(),
});
export const referralFriendsSchema = z.object({
  list: z.array(referralFriendSchema),
  totalPages: z.number().int(),
});
export type ReferralFriends = z.infer<typeof referralFriendsSchema>;

/** `POST /wps/referral/claim`: the reward for one qualified friend. */
export const referralClaimSchema = z.object({ friendId: z.string().regex(/^\d{1,18}$/) });
