import { z } from 'zod';

/**
 * An invited friend's progress: registered; qualified (the reward can be claimed); rewarded;
 * expired; REVIEW: claimed but held for an operator (the friend shares an IP address, a device or a
 * payout account with the inviting member); REJECTED: the operator refused it after review.
 */
export const REFERRAL_FRIEND_STATES = [
  'REGISTERED',
  'QUALIFIED',
  'REWARDED',
  'EXPIRED',
  'REVIEW',
  'REJECTED',
] as const;
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

/** What tied a friend to the inviting member, holding its reward for review. */
export const REFERRAL_HOLD_REASONS = ['IP', 'DEVICE', 'PAYOUT_ACCOUNT'] as const;
export const REFERRAL_REWARD_STATUSES = ['PAID', 'HELD', 'REJECTED'] as const;

/** `GET /wps/admin/referral/rewards` (operators): rewards of the brand, newest first. */
export const referralRewardQuerySchema = z.object({
  status: z.enum(REFERRAL_REWARD_STATUSES).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const referralRewardSchema = z.object({
  id: z.string(),
  referrer: z.string(),
  friend: z.string(),
  friendId: z.string(),
  amount: money,
  turnoverRequired: money,
  status: z.enum(REFERRAL_REWARD_STATUSES),
  holdReasons: z.array(z.enum(REFERRAL_HOLD_REASONS)),
  reviewedBy: z.string().nullable(),
  reviewedTime: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdTime: z.string(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;
export const referralRewardListSchema = z.object({
  list: z.array(referralRewardSchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type ReferralRewardList = z.infer<typeof referralRewardListSchema>;
