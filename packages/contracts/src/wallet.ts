import { KYC_TRIGGERS } from './kyc';
import { z } from 'zod';
import { AMOUNT_PATTERN, MAX_AMOUNT_MINOR, toMinor } from './money';
import { GAME_TYPES } from './constants';

/**
 * Wallet, cashier and records: requests and answers. Amounts travel as JSON numbers
 * with at most 2 decimals; requests may send them as numbers or strings. The server converts
 * them with toMinor() and never uses a float.
 */

// ---- limits shared by site and server --------------------------------------------------------

export const CASHIER_LIMITS = {
  /** Deposit receipts and withdrawal proofs: png or jpg, at most 5 MB each, at most 3 (SPEC section 5). */
  maxImages: 3,
  maxImageBytes: 5 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'] as readonly string[],
  /** Remarks on deposits, confirmations and adjustments (SPEC section 5: 140 characters). */
  remarkMax: 140,
  /** Bound payout accounts per member. */
  maxPayoutAccounts: 5,
  /** Records: how far back a custom range may start, and how long it may be. */
  recordsMaxDaysBack: 90,
  recordsMaxSpanDays: 31,
  recordsPageSize: 15,
} as const;

// ---- building blocks ------------------------------------------------------------------------

/**
 * An amount a caller sends: > 0, at most 2 decimals, as number or string. Parses to the
 * canonical text ("12.50" stays "12.50"); the server turns it into minor units.
 */
export const amountSchema = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => AMOUNT_PATTERN.test(v), { message: 'amount.format' })
  .refine(
    (v) => {
      const minor = toMinor(v);
      return minor !== null && minor > 0n && minor <= MAX_AMOUNT_MINOR;
    },
    { message: 'amount.range' },
  );

/** The caller's idempotency key for a money-moving request: a retry with the same key moves money once. */
export const requestIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'requestId.format' });

/** A money value in an answer. */
const money = z.number();

const page = {
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(CASHIER_LIMITS.recordsPageSize),
};

/** Dates are calendar days (yyyy-MM-dd) in the brand's time zone, both ends included. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date.format' });
export const dateRangeSchema = z.object({ startTime: day, endTime: day });

// ---- balance and wallets ------------------------------------------------------------------------

/** `GET /wps/v2/wallets/balance`. */
export const walletBalanceSchema = z.object({
  /** Main wallet plus every vendor wallet: what the member owns, excluding money on hold. */
  sumBalance: money,
  /** The main wallet alone. */
  mainBalance: money,
  /** Withdrawals requested and not yet paid or rejected. */
  lockedBalance: money,
  /** One row for the main wallet (vendor "MAIN") and one per transfer-wallet vendor of the brand. */
  balance: z.array(
    z.object({ vendor: z.string(), displayName: z.string(), gameType: z.string(), balance: money }),
  ),
  currencySymbol: z.string(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/**
 * `GET /wps/member/info/funds/consolidated`: the contract flags (SPEC section 3) and the funds
 * summary. Each flag is a CONTRACT_FLAG (agent-contracts.ts): 0 off, 1 on, 2 a new contract offer
 * awaits the member's answer, 3 a termination request does.
 */
export const consolidatedFundsSchema = z.object({
  dailysalreqtype: z.number().int(),
  divtypereq: z.number().int(),
  contracthoursalreq: z.number().int(),
  realtimesalreqtype: z.number().int(),
  balance: money,
  lockedBalance: money,
  /** Turnover still to be bet before a withdrawal is allowed (0 when none is required). */
  turnoverRemaining: money,
  currencySymbol: z.string(),
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFundsSchema>;

/** `GET /wps/relay/GCS_merchantWallet`: whether the brand runs one wallet or a wallet per vendor. */
export const merchantWalletQuerySchema = z.object({ isSingle: z.string().optional() });
export const merchantWalletSchema = z.object({
  isSingle: z.boolean(),
  wallets: z.array(
    z.object({
      vendor: z.string(),
      displayName: z.string(),
      gameType: z.string(),
      walletType: z.enum(['TRANSFER', 'SEAMLESS']),
    }),
  ),
});
export type MerchantWallet = z.infer<typeof merchantWalletSchema>;

/**
 * `POST /wps/relay/GCS_walletTransfer`: IN moves main → vendor, OUT moves vendor → main. Without
 * an amount everything moves ("all in" / "all out"); OUT without a vendor recalls every vendor wallet.
 */
export const walletTransferSchema = z
  .object({
    requestId: requestIdSchema,
    direction: z.enum(['IN', 'OUT']),
    vendor: z.string().trim().min(1).max(40).optional(),
    amount: amountSchema.optional(),
  })
  .refine((b) => b.direction === 'OUT' || b.vendor !== undefined, {
    message: 'vendor.required',
    path: ['vendor'],
  })
  .refine((b) => b.amount === undefined || b.vendor !== undefined, {
    message: 'vendor.required',
    path: ['vendor'],
  });
export type WalletTransferRequest = z.input<typeof walletTransferSchema>;

/** `POST /wps/member/transfer/upline` (encrypted): a member pays its upline agent. */
export const uplineTransferSchema = z.object({
  requestId: requestIdSchema,
  amount: amountSchema,
  paymentPassword: z.string().min(1).max(40),
});
export type UplineTransferRequest = z.input<typeof uplineTransferSchema>;
export const uplineTransferResultSchema = z.object({
  id: z.string(),
  amount: money,
  upline: z.string(),
  balance: money,
  createdTime: z.string(),
});
export type UplineTransferResult = z.infer<typeof uplineTransferResultSchema>;

// ---- uploads (deposit receipts, withdrawal proofs) ------------------------------------------------

/** `POST /wps/cashier/images`: the raw image as the body (Content-Type image/png or image/jpeg). */
export const uploadedImageSchema = z.object({ imageId: z.string(), size: z.number().int() });
const imageIds = z.array(z.string().uuid()).max(CASHIER_LIMITS.maxImages);

// ---- deposit -------------------------------------------------------------------------------------

export const DEPOSIT_STATES = ['PENDING', 'APPROVED', 'REJECTED', 'ARRIVED', 'FAILED'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const paymentChannelSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** BANK: the member transfers to the account shown and uploads the receipt; ONLINE: a gateway page. */
  kind: z.enum(['BANK', 'ONLINE']),
  name: z.string(),
  minAmount: money,
  maxAmount: money,
  /** Fee charged on top of nothing: the credited amount is amount - fee. Percent with 2 decimals. */
  feePercent: z.number(),
  feeFixed: money,
  /** Quick amounts the form offers. */
  presets: z.array(money),
  /** The channel's logo (a site path or an https URL), for provider channels. */
  logo: z.string().nullable(),
  /** Where to pay, for BANK channels. */
  bank: z.object({ bankName: z.string(), accountName: z.string(), accountNo: z.string() }).nullable(),
});
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;
export const paymentChannelsSchema = z.object({
  channels: z.array(paymentChannelSchema),
  currencySymbol: z.string(),
});

/** `POST /wps/cashier/deposit`. */
export const depositRequestSchema = z.object({
  requestId: requestIdSchema,
  channelId: z.string().regex(/^\d{1,18}$/),
  amount: amountSchema,
  /** Name on the paying account (BANK channels). */
  payerName: z.string().trim().max(100).optional(),
  /** Receipts uploaded first with POST /wps/cashier/images (BANK channels). */
  imageIds: imageIds.optional(),
  remark: z.string().trim().max(CASHIER_LIMITS.remarkMax).optional(),
});
export type DepositRequest = z.input<typeof depositRequestSchema>;

export const depositActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('REDIRECT'), url: z.string() }),
  z.object({ kind: z.literal('QR'), qr: z.string() }),
  z.object({
    kind: z.literal('VIRTUAL_ACCOUNT'),
    bank: z.string(),
    accountNo: z.string(),
    accountName: z.string(),
  }),
  z.object({ kind: z.literal('NONE') }),
]);
export type DepositActionView = z.infer<typeof depositActionSchema>;

export const depositSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  channelCode: z.string(),
  channelName: z.string(),
  kind: z.enum(['BANK', 'ONLINE']),
  amount: money,
  fee: money,
  creditAmount: money,
  status: z.enum(DEPOSIT_STATES),
  /** The gateway page to pay on (ONLINE channels while PENDING, when the provider's step is a page). */
  payUrl: z.string().nullable(),
  /** How to pay an open ONLINE order: a page to open, a QR to scan, or an account to pay into. */
  payAction: depositActionSchema.nullable(),
  /** When the provider stops accepting this payment (ISO time), if it said. */
  payExpiresAt: z.string().nullable(),
  imageIds: z.array(z.string()),
  remark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdTime: z.string(),
  updatedTime: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositListQuerySchema = z.object({ ...page, status: z.enum(DEPOSIT_STATES).optional() });
export const depositListSchema = z.object({ list: z.array(depositSchema), totalPages: z.number().int() });

// ---- withdrawal ----------------------------------------------------------------------------------

export const WITHDRAWAL_STATES = ['PENDING', 'PARTIAL', 'PAID', 'REJECTED'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];
/** The member's confirmation of a payout (SPEC section 4). */
export const CONFIRM_STATES = ['AWAITING', 'RECEIVED', 'NOT_RECEIVED', 'AUTO_RECEIVED'] as const;
export type ConfirmState = (typeof CONFIRM_STATES)[number];

export const payoutBankSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['BANK', 'EWALLET']),
});
export const payoutAccountSchema = z.object({
  id: z.string(),
  kind: z.enum(['BANK', 'EWALLET']),
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** Masked: only the last 4 digits are shown. */
  accountNo: z.string(),
  createdTime: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** `POST /wps/cashier/payout-accounts` (encrypted): bind a bank or e-wallet account. */
export const bindPayoutAccountSchema = z.object({
  bankCode: z.string().trim().min(1).max(40),
  accountNo: z
    .string()
    .trim()
    .regex(/^\d{6,24}$/, { message: 'accountNo.format' }),
  /** Must equal the member's real name (payee name); sets it when the member has none yet. */
  accountName: z.string().trim().min(2).max(100),
  paymentPassword: z.string().min(1).max(40),
});
export type BindPayoutAccountRequest = z.input<typeof bindPayoutAccountSchema>;

/** `GET /wps/cashier/withdraw/info`: what the withdrawal form needs. */
export const withdrawInfoSchema = z.object({
  minAmount: money,
  maxAmount: money,
  dailyCount: z.number().int(),
  usedToday: z.number().int(),
  /** The main wallet (vendor wallets recalled into it): what becomes withdrawable once nothing blocks it. */
  balance: money,
  /** What may be withdrawn now: 0 while a turnover requirement is open. */
  withdrawable: money,
  /** Turnover still to bet before any withdrawal. */
  turnoverRemaining: money,
  hasPaymentPassword: z.boolean(),
  payeeName: z.string().nullable(),
  accounts: z.array(payoutAccountSchema),
  banks: z.array(payoutBankSchema),
  /** Minutes after a payout it counts as received if the member does not answer. */
  confirmMinutes: z.number().int(),
  currencySymbol: z.string(),
  /** Why a new withdrawal would wait for identity verification (null: it would not). */
  kycWait: z.enum(KYC_TRIGGERS).nullable().optional(),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

/** `POST /wps/cashier/withdraw` (encrypted). */
export const withdrawRequestSchema = z.object({
  requestId: requestIdSchema,
  payoutAccountId: z.string().regex(/^\d{1,18}$/),
  amount: amountSchema,
  paymentPassword: z.string().min(1).max(40),
});
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;

export const withdrawalPayoutSchema = z.object({
  id: z.string(),
  amount: money,
  paidTime: z.string(),
  confirmStatus: z.enum(CONFIRM_STATES),
  /** When an unanswered payout counts as received. */
  confirmDeadline: z.string(),
  proofImageIds: z.array(z.string()),
});
export const withdrawalSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  amount: money,
  paidAmount: money,
  remainingAmount: money,
  status: z.enum(WITHDRAWAL_STATES),
  account: payoutAccountSchema,
  payouts: z.array(withdrawalPayoutSchema),
  rejectReason: z.string().nullable(),
  createdTime: z.string(),
  updatedTime: z.string(),
  /** Held until the member's identity is verified: the brand's rule that holds it (null: not held). */
  kycWait: z.enum(KYC_TRIGGERS).nullable().optional(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalListQuerySchema = z.object({ ...page, status: z.enum(WITHDRAWAL_STATES).optional() });
export const withdrawalListSchema = z.object({
  list: z.array(withdrawalSchema),
  totalPages: z.number().int(),
});

/** `POST /wps/cashier/withdrawals/:id/payouts/:payoutId/confirm`: received, or not received with proof. */
export const confirmPayoutSchema = z
  .object({
    received: z.boolean(),
    imageIds: imageIds.optional(),
    remark: z.string().trim().max(CASHIER_LIMITS.remarkMax).optional(),
  })
  .refine((b) => b.received || (b.imageIds?.length ?? 0) > 0, {
    message: 'proof.required',
    path: ['imageIds'],
  });

// ---- records -------------------------------------------------------------------------------------

/** Account-record movement types (ledger entry kinds a member sees). */
export const TRANSACTION_TYPES = [
  'DEPOSIT',
  'WITHDRAW',
  'WITHDRAW_RETURN',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'UPLINE_TRANSFER',
  /** An agent's transfer to a member of its downline. */
  'AGENT_TRANSFER',
  'BET',
  'PAYOUT',
  'BET_VOID',
  'BONUS',
  'REBATE',
  'WAGE',
  'DIVIDEND',
  'ADJUSTMENT',
  'POINTS',
  'TRIAL_CREDIT',
  /** A progressive jackpot won (paid from the pool). */
  'JACKPOT',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** `GET /wps/relay/ODSFE2_MemTransDet`: the account record. */
export const transactionQuerySchema = dateRangeSchema.extend({
  ...page,
  type: z.enum(TRANSACTION_TYPES).optional(),
});
export const transactionListSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      time: z.string(),
      type: z.enum(TRANSACTION_TYPES),
      /** Signed: money in is positive, money out negative. */
      amount: money,
      balanceAfter: money,
      /** The wallet it moved in: MAIN or a vendor code. */
      wallet: z.string(),
      reference: z.string(),
      remark: z.string().nullable(),
    }),
  ),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  totalIn: money,
  totalOut: money,
});
export type TransactionList = z.infer<typeof transactionListSchema>;

export const BET_STATES = ['OPEN', 'SETTLED', 'VOID'] as const;
/** `GET /wps/relay/ODSFE2_MemBetDet`: the betting record. */
export const betRecordQuerySchema = dateRangeSchema.extend({
  ...page,
  gameType: z.enum(GAME_TYPES).optional(),
  vendor: z.string().trim().max(40).optional(),
});
export const betRecordListSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      betTime: z.string(),
      settleTime: z.string().nullable(),
      vendor: z.string(),
      gameType: z.string(),
      gameName: z.string(),
      roundId: z.string(),
      stake: money,
      validBet: money,
      payout: money,
      winLoss: money,
      status: z.enum(BET_STATES),
    }),
  ),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  summary: z.object({
    count: z.number().int(),
    stake: money,
    validBet: money,
    payout: money,
    winLoss: money,
  }),
});
export type BetRecordList = z.infer<typeof betRecordListSchema>;

/** `GET /wps/relay/ODSFE2_MemProfit`: personal profit and loss per game type. */
export const profitQuerySchema = dateRangeSchema;
const profitRow = z.object({
  betCount: z.number().int(),
  stake: money,
  validBet: money,
  payout: money,
  winLoss: money,
});
export const profitSchema = z.object({
  rows: z.array(profitRow.extend({ gameType: z.string() })),
  total: profitRow,
  deposits: money,
  withdrawals: money,
  bonuses: money,
  /** winLoss + bonuses: what the period left the member with, before deposits and withdrawals. */
  profit: money,
});
export type Profit = z.infer<typeof profitSchema>;

// ---- operator (admin API) --------------------------------------------------------------------------

export const adminReasonSchema = z.object({ reason: z.string().trim().min(1).max(CASHIER_LIMITS.remarkMax) });

// ---- inbox ----

/**
 * What a message is about; the site words it in the member's language from its params (money as
 * numbers with 2 decimals). Params per kind:
 *   DEPOSIT_* orderNo, amount (credit); WITHDRAW_* orderNo, amount (paid, remaining, reason);
 *   ADJUSTMENT amount, reason;
 *   PROMO_BONUS title, amount, turnover (the turnover to bet before withdrawing, 0: none);
 *   PROMO_APPLY_APPROVED title, amount; PROMO_APPLY_REJECTED title, reason;
 *   RAFFLE_PRIZE title, amount; MISSION_REWARD title, amount; REBATE day (yyyy-mm-dd), amount;
 *   REFERRAL_REWARD friend (masked username), amount; VIP_UPGRADE level, label, amount (0: none);
 *   POINTS_REDEEM_APPROVED reward; POINTS_REDEEM_REJECTED reward, reason; POINTS_CONVERTED points, amount;
 *   CONTRACT_OFFER / CONTRACT_ACCEPTED / CONTRACT_REJECTED / CONTRACT_TERMINATED contract (DIVIDEND,
 *   DAILY, HOURLY, REALTIME), member (the other party's username);
 *   SYSTEM title, content (plain text an operator wrote); FEEDBACK_REPLY content (the operator's answer).
 */
export const INBOX_KINDS = [
  'DEPOSIT_APPROVED',
  'DEPOSIT_REJECTED',
  'DEPOSIT_ARRIVED',
  'DEPOSIT_FAILED',
  'WITHDRAW_PAID',
  'WITHDRAW_PARTIAL',
  'WITHDRAW_REJECTED',
  'ADJUSTMENT',
  'PROMO_BONUS',
  'PROMO_APPLY_APPROVED',
  'PROMO_APPLY_REJECTED',
  'RAFFLE_PRIZE',
  'MISSION_REWARD',
  'REBATE',
  'REFERRAL_REWARD',
  'VIP_UPGRADE',
  'POINTS_REDEEM_APPROVED',
  'POINTS_REDEEM_REJECTED',
  'POINTS_CONVERTED',
  'CONTRACT_OFFER',
  'CONTRACT_ACCEPTED',
  'CONTRACT_REJECTED',
  'CONTRACT_TERMINATED',
  'SYSTEM',
  'FEEDBACK_REPLY',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** `GET /wps/member/messages`: the member's messages, newest first. */
export const inboxQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
/** A message is a kind and its parameters; the site words it in the member's language. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  createdTime: z.string(),
});
export const inboxListSchema = z.object({ list: z.array(inboxMessageSchema), totalPages: z.number().int() });
export type InboxList = z.infer<typeof inboxListSchema>;
/** `POST /wps/member/messages/read`: one message read, or every message when no id is sent. */
export const inboxReadSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export const inboxReadResultSchema = z.object({ updated: z.number().int() });
/** `POST /wps/member/messages/delete`: these messages, or every message already read. */
export const inboxDeleteSchema = z.union([
  z.object({
    ids: z
      .array(z.string().regex(/^\d{1,18}$/))
      .min(1)
      .max(100),
  }),
  z.object({ allRead: z.literal(true) }),
]);
export const inboxDeleteResultSchema = z.object({ deleted: z.number().int() });
/** `POST /wps/admin/messages`: an operator's notice to some members (usernames) or to every member. */
export const adminNoticeSchema = z
  .object({
    usernames: z.array(z.string().trim().min(1).max(64)).min(1).max(1000).optional(),
    all: z.literal(true).optional(),
    title: z.string().trim().min(1).max(60),
    content: z.string().trim().min(1).max(1000),
  })
  .refine((b) => (b.usernames === undefined) !== (b.all === undefined), {
    message: 'recipients',
    path: ['usernames'],
  });
export const adminNoticeResultSchema = z.object({ sent: z.number().int() });
/** `GET /wps/relay/CSP_unreadCount`. */
export const unreadCountSchema = z.object({ count: z.number().int() });
