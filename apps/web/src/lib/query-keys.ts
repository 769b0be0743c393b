import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys shared across features. Features do not import each other, yet a deposit changes
 * the balance the wallet feature shows and the records and inbox other features list: they
 * agree on these roots instead. Every key below a root starts with it.
 */
export const QUERY_ROOTS = {
  wallet: 'wallet',
  cashier: 'cashier',
  records: 'records',
  inbox: 'inbox',
  /** Claimable rewards and their badges (reward centre, missions, promotions, rebates, referral). */
  rewards: 'rewards',
} as const;

/** The member's balance (header and my wallet), keyed by the member so another login never sees it. */
export const balanceKey = (customerId: number | null) => [QUERY_ROOTS.wallet, 'balance', customerId] as const;

/** The unread inbox count (menu badge). */
export const unreadCountKey = (customerId: number | null) =>
  [QUERY_ROOTS.inbox, 'unread', customerId] as const;

/**
 * After money moved (deposit, withdrawal, transfer, confirmation): the balance, wallets,
 * cashier lists, records and inbox (the server may have written a message) are all stale.
 */
export function invalidateMoneyQueries(qc: QueryClient): Promise<unknown> {
  return Promise.all(Object.values(QUERY_ROOTS).map((root) => qc.invalidateQueries({ queryKey: [root] })));
}
