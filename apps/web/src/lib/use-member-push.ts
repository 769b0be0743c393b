import { PUSH_MEMBER_TOPIC } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { refetchForEvent, throttleTrailing, usePushTopic } from './push';
import { QUERY_ROOTS } from './query-keys';
import { useSession } from './session';

const { wallet, cashier, records, inbox, rewards } = QUERY_ROOTS;

/**
 * What each of the member's events makes stale (anything else, and a resync: everything); a
 * wallet event also the rewards, at most every REWARDS_AFTER_MONEY_MS.
 */
const STALE: Record<string, readonly string[]> = {
  // Money moved: balances, the cashier's orders and the records list it.
  wallet: [wallet, cashier, records],
  cashier: [cashier, wallet],
  inbox: [inbox],
  rewards: [rewards],
  // A chat message: only the chat's own screens (the badge, the chat page) listen and refetch.
  chat: [],
};

/**
 * What money does to rewards (mission progress, rebates, a promotion's deposit condition) is asked
 * for with the member's next wallet event at most this often: a spin every second would otherwise
 * refetch the reward badges every second.
 */
const REWARDS_AFTER_MONEY_MS = 15_000;

/**
 * While a member is logged in, the member's own push events refetch what they make stale: the
 * balance in the header moves when a deposit is credited, a bet settles in another tab or the
 * operator adjusts the wallet, and the inbox badge when a message arrives.
 */
export function useMemberPush(): void {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const [askRewards] = useState(() =>
    throttleTrailing(REWARDS_AFTER_MONEY_MS, () => void refetchForEvent(qc, { queryKey: [rewards] })),
  );
  useEffect(() => () => askRewards.cancel(), [askRewards]);
  usePushTopic(token ? PUSH_MEMBER_TOPIC : null, (kind) => {
    const roots = STALE[kind ?? ''] ?? Object.values(QUERY_ROOTS);
    for (const root of roots) if (root !== rewards) void refetchForEvent(qc, { queryKey: [root] });
    if (roots.includes(rewards)) askRewards.now();
    else if (kind === 'wallet') askRewards.call();
  });
}
