import type { DepositState } from '@app/contracts';

/**
 * One payment provider (ARCHITECTURE section on the cashier): the demo gateway and real providers
 * alike. A provider may take deposits, pay out withdrawals, or both; the cashier finds the adapter
 * by the code a payment channel names (`payment_channel.gateway`) and reads the brand's
 * configuration of it (modules/integrations). Money never moves inside an adapter: it answers what
 * the provider said, and the cashier's services post to the ledger.
 */
export interface PaymentAdapter {
  readonly code: string;
  deposits?: DepositProviderOps;
  payouts?: PayoutProviderOps;
}

/** A deposit order as a provider is asked to collect it. */
export interface DepositCollection {
  merchant: string;
  orderNo: string;
  memberId: string;
  /** Minor units. */
  amount: bigint;
  currency: string;
  /** The channel's code at the provider (GCASH, PAYMAYA, DANA, QRPH, BPI VA ...). */
  channelCode: string;
  /** Where the provider sends the member back after paying or cancelling. */
  returnUrl: string;
}

/** How the member pays: go to a URL, scan a QR, or pay into an account number. */
export type DepositAction =
  | { kind: 'REDIRECT'; url: string }
  | { kind: 'QR'; qr: string }
  | { kind: 'VIRTUAL_ACCOUNT'; bank: string; accountNo: string; accountName: string }
  | { kind: 'NONE' };

/** What a provider says of a deposit, mapped onto our states (PENDING, ARRIVED, FAILED). */
export interface DepositStatus {
  state: Extract<DepositState, 'PENDING' | 'ARRIVED' | 'FAILED'>;
  /** The provider's own id of the payment and its own status word, kept for the back office. */
  providerRef: string;
  providerStatus: string;
  /** What the provider says was paid (minor units) and in which currency: checked against the order. */
  amount: bigint;
  currency: string;
}

/** A verified notification: what it says, and the event id that makes a repeat a repeat. */
export interface DepositNotification extends DepositStatus {
  eventId: string;
  orderNo: string;
}

export interface DepositProviderOps {
  create(c: DepositCollection): Promise<{ providerRef: string; action: DepositAction }>;
  /** The provider's current answer for an order it was asked to collect (reconciliation). */
  status(merchant: string, orderNo: string, providerRef: string | null): Promise<DepositStatus | null>;
  /**
   * Checks a notification's authenticity (signature, token) over the exact bytes and headers
   * received, and reads it; throws gateway.signature.invalid (or request.invalid) otherwise.
   */
  notification(
    merchant: string,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<DepositNotification>;
}

/** A withdrawal payment as a provider is asked to send it. */
export interface PayoutOrder {
  merchant: string;
  /** Our unique reference of this payment (the provider's idempotency key). */
  reference: string;
  /** Minor units. */
  amount: bigint;
  currency: string;
  /** The provider's channel code of the bank or e-wallet, and the account. */
  channelCode: string;
  accountNo: string;
  accountName: string;
}

/** What a provider says of a payout: sent, failed (the money comes back), or still on its way. */
export interface PayoutStatus {
  state: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  providerRef: string;
  providerStatus: string;
  failureCode?: string;
}

export interface PayoutProviderOps {
  create(p: PayoutOrder): Promise<PayoutStatus>;
  status(merchant: string, reference: string, providerRef: string | null): Promise<PayoutStatus | null>;
  notification(
    merchant: string,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PayoutStatus & { eventId: string; reference: string }>;
}
