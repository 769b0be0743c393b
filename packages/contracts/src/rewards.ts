import { z } from 'zod';
/** A money value in an answer (a number with at most 2 decimals). */
const money = z.number();

/** Where a claimable reward comes from; the reward centre lists them all. */
export const REWARD_SOURCES = ['PROMOTION', 'MISSION', 'REBATE', 'REFERRAL'] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

/** A reward the member can claim now (the reward centre; red badges count them). */
export const claimableSchema = z.object({
  source: z.enum(REWARD_SOURCES),
  /** The source's own id of the reward (a promotion, a mission period, a rebate day...). */
  id: z.string(),
  /** In the member's language. */
  title: z.string(),
  /** What it pays, when it is known before claiming (null: decided when claimed, e.g. a raffle). */
  amount: money.nullable(),
  /** Turnover to bet before withdrawing that the reward adds (0: none). */
  turnoverRequired: money,
  /** When it can no longer be claimed (ISO time), or null. */
  expiresTime: z.string().nullable(),
});
export type Claimable = z.infer<typeof claimableSchema>;
