import type { LotteryBet } from '@app/contracts';

/**
 * The status text key of a bet line. A void line that paid nothing back never had its stake
 * taken (its placement did not finish): it is shown as not placed, never as a refund.
 */
export function betStatusKey(b: Pick<LotteryBet, 'status' | 'payout'>) {
  if (b.status === 'VOID' && b.payout === 0) return 'status.bet.VOID_UNPLACED' as const;
  return `status.bet.${b.status}` as const;
}
