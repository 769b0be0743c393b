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
  /** The channel's code at the provider (GCASH, PAYMAYA, DANA, QRPH, BPI_VIRTUAL_ACCOUNT ...). */
  channelCode: string;
  /** Where the provider sends the member back after paying or cancelling (absolute, https in production). */
  returnUrl: string;
}

/** How the member pays: go to a URL, scan a QR, or pay into an account number. */
export type DepositAction =
  | { kind: 'REDIRECT'; url: string }
  | { kind: 'QR'; qr: string }
  | { kind: 'VIRTUAL_ACCOUNT'; bank: string; accountNo: string; accountName: string }
  | { kind: 'NONE' };

/** What the provider answered when asked to collect: its reference, the member's next step, until when. */
export interface DepositCreated {
  providerRef: string;
  action: DepositAction;
  expiresAt: Date | null;
  /** The currency it will collect in (ISO 4217), checked against each notification; null: none said. */
  currency: string | null;
}

/** What a provider says of a deposit, mapped onto our states (PENDING, ARRIVED, FAILED). */
export interface DepositStatus {
  state: Extract<DepositState, 'PENDING' | 'ARRIVED' | 'FAILED'>;
  /** The provider's own id of the payment and its own status word, kept for the back office. */
  providerRef: string;
  providerStatus: string;
  /** What the provider says was paid (minor units): checked against the order. */
  amount: bigint;
  /** The currency the provider says it collected; null when its protocol carries none (the demo gateway). */
  currency: string | null;
}

/** A verified notification: what it says, and the event id that makes a repeat a repeat. */
export interface DepositNotification extends DepositStatus {
  eventId: string;
  orderNo: string;
}

/** A channel a brand offers through a provider, from the brand's configuration of that provider. */
export interface ProviderChannel {
  /** The provider's channel code (GCASH ...). */
  channelCode: string;
  name: string;
  logo: string | null;
  /** Minor units. */
  minAmount: bigint;
  maxAmount: bigint;
  feeBp: number;
  /** Minor units. */
  feeFixed: bigint;
}

export interface DepositProviderOps {
  /**
   * Whether the brand may take deposits through this provider now (configured and switched on);
   * an order on a channel of a provider that is not is refused, and its channels are not offered.
   */
  available(merchant: string): Promise<boolean>;
  /**
   * The channels the brand configured at this provider (null: the provider keeps no channel list
   * of its own; the cashier's payment_channel rows are the list). The cashier mirrors them into
   * payment_channel (gateway = this code) so orders reference a row.
   */
  channels?(merchant: string): Promise<ProviderChannel[] | null>;
  /**
   * Asks the provider to collect an order. Idempotent on the order number: asked twice, the
   * provider answers the same collection. Throws on an outage or a refusal (nothing collected).
   */
  create(c: DepositCollection): Promise<DepositCreated>;
  /** The provider's current answer for an order it was asked to collect (reconciliation); null: unknown there. */
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
  /**
   * What the provider says it pays (minor units) and in which currency, where its answer names
   * them: checked against our payout before its word is taken.
   */
  amount?: bigint;
  currency?: string;
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
