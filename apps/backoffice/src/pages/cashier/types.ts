import type { DepositQueueRow, WithdrawalQueueRow } from '@app/contracts';

/** The Cashier section of the back-office API, as the server answers it. */

export const DEPOSIT_FILTER_STATES = ['PENDING', 'APPROVED', 'ARRIVED', 'REJECTED', 'FAILED'] as const;
export const WITHDRAWAL_FILTER_STATES = ['PENDING', 'PARTIAL', 'PAID', 'REJECTED'] as const;

/** A row of each queue, as the server's schema in the contracts defines it. */
export type DepositRow = DepositQueueRow;
export type WithdrawalRow = WithdrawalQueueRow;
export type WithdrawalRisk = WithdrawalQueueRow['risk'];

export interface ApprovalRow {
  id: string;
  kind: 'WITHDRAWAL' | 'ADJUSTMENT';
  memberId: string;
  username: string;
  amount: number;
  /** What the request carries (order number, direction, turnover multiplier): shown as is. */
  detail: unknown;
  reason: string | null;
  requestedBy: string;
  requestedAt: string;
  state: 'PENDING' | 'APPROVED' | 'REJECTED';
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
}

export interface WithdrawalDecision {
  /** PAYOUT_SENT: the brand's payment provider pays it; the withdrawal is PAID when it confirms. */
  state: 'PAID' | 'PARTLY_PAID' | 'AWAITING_SECOND_APPROVAL' | 'PAYOUT_SENT';
  approvalId?: string;
}
