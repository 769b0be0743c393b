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
  rewarded: boolean;
}

/**
 * An invited friend's state. Only the FIRST credited deposit counts: it must reach the minimum and
 * be credited within `qualifyDays` of registering. REGISTERED: still waiting for it; QUALIFIED:
 * the inviting member can claim the reward; REWARDED: paid; EXPIRED: the window passed, or the first
 * deposit was below the minimum. A paid reward stays REWARDED whatever the rule says now; a
 * programme switched off qualifies nobody new.
 */
export function friendState(rule: ReferralRule | null, f: FriendFacts, now: Date): ReferralFriendState {
  if (f.rewarded) return 'REWARDED';
  if (!rule || !rule.enabled) return 'REGISTERED';
  const deadline = f.registeredAt.getTime() + rule.qualifyDays * DAY_MS;
  if (f.firstDeposit) {
    const inTime = f.firstDeposit.at.getTime() <= deadline;
    return inTime && f.firstDeposit.amount >= rule.minFirstDeposit ? 'QUALIFIED' : 'EXPIRED';
  }
  return now.getTime() > deadline ? 'EXPIRED' : 'REGISTERED';
}
