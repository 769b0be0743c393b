import type { ReferralFriendState } from '@app/contracts';

const DAY_MS = 86_400_000;

/** A brand's referral programme in minor units. */
export interface ReferralRule {
  enabled: boolean;
  minFirstDeposit: bigint;
  reward: bigint;
  turnoverMultiple: number;
  qualifyDays: number;
  monthlyLimit: number;
}

/** What decides an invited friend's state. */
export interface FriendFacts {
  registeredAt: Date;
  /** The friend's first credited deposit, if any. */
  firstDeposit: { amount: bigint; at: Date } | null;
  /** The reward claimed for this friend: paid, held for review, or rejected after it; null: none. */
  reward: 'PAID' | 'HELD' | 'REJECTED' | null;
}

/**
 * An invited friend's state. Only the FIRST credited deposit counts: it must reach the minimum and
 * be credited within `qualifyDays` of registering. REGISTERED: still waiting for it; QUALIFIED:
 * the inviting member can claim the reward; REWARDED: paid; EXPIRED: the window passed, or the first
 * deposit was below the minimum; REVIEW: claimed and held for an operator; REJECTED: refused after
 * review. A claimed reward keeps its state whatever the rule says now; a programme switched off
 * qualifies nobody new.
 */
export function friendState(rule: ReferralRule | null, f: FriendFacts, now: Date): ReferralFriendState {
  if (f.reward === 'PAID') return 'REWARDED';
  if (f.reward === 'HELD') return 'REVIEW';
  if (f.reward === 'REJECTED') return 'REJECTED';
  if (!rule || !rule.enabled) return 'REGISTERED';
  const deadline = f.registeredAt.getTime() + rule.qualifyDays * DAY_MS;
  if (f.firstDeposit) {
    const inTime = f.firstDeposit.at.getTime() <= deadline;
    return inTime && f.firstDeposit.amount >= rule.minFirstDeposit ? 'QUALIFIED' : 'EXPIRED';
  }
  return now.getTime() > deadline ? 'EXPIRED' : 'REGISTERED';
}
