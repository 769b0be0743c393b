/** The Cashier section of the back-office API, as the server answers it (see the API contract). */

export const DEPOSIT_FILTER_STATES = ['PENDING', 'APPROVED', 'ARRIVED', 'REJECTED', 'FAILED'] as const;
export const WITHDRAWAL_FILTER_STATES = ['PENDING', 'PARTIAL', 'PAID', 'REJECTED'] as const;

export interface DepositRow {
  id: string;
  orderNo: string;
  memberId: string;
  username: string;
  amount: number;
  fee: number;
  channel: string;
  channelType: 'BANK' | 'ONLINE';
  status: string;
  /** The payment gateway's own status of an online deposit; null for bank transfers. */
  providerStatus: 'SUCCESS' | 'FAILED' | null;
  /** The gateway's transaction id from that notification. */
  providerTxn: string | null;
  /** Receipts of a bank transfer, served by `/wps/admin/images/:id`. */
  receiptImageIds: string[];
  createdAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
}

export interface WithdrawalRisk {
  turnoverMet: boolean;
  turnoverLeft: number;
  accountAgeDays: number;
  linkedAccounts: number;
  /** Deposits ÷ withdrawals over 30 days; null when there was no withdrawal to divide by. */
  depositToWithdrawal30d: number | null;
  firstToThisPayoutAccount: boolean;
}

export interface WithdrawalRow {
  /** The withdrawal's id: what the decision routes take. */
  id: string;
  orderNo: string;
  memberId: string;
  username: string;
  amount: number;
  paid: number;
  payoutAccount: { bank: string; holder: string; numberMasked: string };
  status: string;
  createdAt: string;
  /** The open or the last second-approval request on it. */
  approval: null | { id: string; state: 'PENDING' | 'APPROVED' | 'REJECTED'; requestedBy: string };
  risk: WithdrawalRisk;
}

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
  state: 'PAID' | 'PARTLY_PAID' | 'AWAITING_SECOND_APPROVAL';
  approvalId?: string;
}
