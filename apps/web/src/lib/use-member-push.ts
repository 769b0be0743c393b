import { PUSH_MEMBER_TOPIC } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { usePushTopic } from './push';
import { QUERY_ROOTS } from './query-keys';
import { useSession } from './session';

const { wallet, cashier, records, inbox, rewards } = QUERY_ROOTS;

/** What each of the member's events makes stale (anything else, and a resync: everything). */
const STALE: Record<string, readonly string[]> = {
  // Money moved: balances, the cashier's orders and the records list it.
  wallet: [wallet, cashier, records],
  cashier: [cashier, wallet],
  inbox: [inbox],
  rewards: [rewards],
};

/**
 * While a member is logged in, the member's own push events refetch what they make stale: the
 * balance in the header moves when a deposit is credited, a bet settles in another tab or the
 * operator adjusts the wallet, and the inbox badge when a message arrives.
 */
export function useMemberPush(): void {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  usePushTopic(token ? PUSH_MEMBER_TOPIC : null, (kind) => {
    for (const root of STALE[kind ?? ''] ?? Object.values(QUERY_ROOTS))
      void qc.invalidateQueries({ queryKey: [root] });
  });
}
