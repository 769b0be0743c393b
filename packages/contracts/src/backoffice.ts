import { z } from 'zod';
import { toMinor } from './money';
import { KYC_TRIGGERS } from './kyc';
import { DEPOSIT_STATES, WITHDRAWAL_STATES } from './wallet';

/**
 * The back office's permissions and the roles that bundle them. The server checks a permission on
 * every operator route (for the brand the request is for); the back-office app reads the same
 * names to hide what the signed-in staff member cannot do.
 */
export const PERMISSIONS = [
  // Dashboard and reports
  'dashboard.view',
  'reports.view',
  // Report exports (figures per member are personal data in bulk) and payment reconciliation
  'reports.export',
  'reports.reconcile',
  // Players: search and the player page read personal data in bulk (audited as reads)
  'players.search',
  'players.view',
  'players.note',
  'players.lock',
  'players.password.reset',
  'players.vip.change',
  // Cashier: deposits, withdrawals, manual adjustments (maker-checker)
  'cashier.deposits.view',
  'cashier.deposits.decide',
  'cashier.withdrawals.view',
  'cashier.withdrawals.decide',
  'cashier.adjustments.request',
  'cashier.adjustments.approve',
  // Rewards the operator reviews: promotion applications, referral rewards, points redemptions
  'rewards.review',
  // Content: messages to members, feedback replies, the site's banners, notices, popups and pages
  'content.messages',
  'content.feedback',
  'content.site',
  // Rewards set-up: promotions, missions, VIP levels, rebates, referral, points and the mall
  'rewards.manage',
  // Games and lotteries: catalogue switches, vendor secrets, draws and RTP
  'games.manage',
  'lottery.manage',
  // Agents: the tree and statements (personal data in bulk), contracts, moving a member
  'agents.view',
  'agents.contracts.manage',
  'agents.members.move',
  // Staff, API keys, brand security settings, the platform's crypto switch
  'staff.manage',
  'apikeys.manage',
  'brand.security',
  // The brand's site switches, and its maintenance windows and region blocks
  'brand.settings',
  'brand.maintenance',
  // Game aggregators and payment providers: switching them on, their settings and credentials
  'integrations.manage',
  'system.manage',
  // Compliance: identity documents, anti-money-laundering cases and reports, player protection
  'kyc.review',
  'aml.cases',
  'aml.report',
  'protection.view',
  'protection.manage',
  // The built-in customer-service chat: answering players at the desk (their conversations and
  // profiles, message search, canned replies), and the chat's settings and canned-reply list
  'chat.answer',
  'chat.settings',
  // The audit log
  'audit.view',
  'audit.export',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'finance', 'risk', 'support', 'content', 'agent_manager', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

/** What each role may do on a brand it holds. The owner holds every permission. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  finance: [
    'dashboard.view',
    'reports.view',
    'reports.export',
    'reports.reconcile',
    'players.search',
    'players.view',
    'cashier.deposits.view',
    'cashier.deposits.decide',
    'cashier.withdrawals.view',
    'cashier.withdrawals.decide',
    'cashier.adjustments.request',
    'cashier.adjustments.approve',
    'rewards.review',
  ],
  risk: [
    'dashboard.view',
    'reports.view',
    'reports.export',
    'players.search',
    'players.view',
    'players.note',
    'players.lock',
    'cashier.deposits.view',
    'cashier.withdrawals.view',
    'audit.view',
    'kyc.review',
    'aml.cases',
    'aml.report',
    'protection.view',
    'protection.manage',
  ],
  support: [
    'players.search',
    'players.view',
    'players.note',
    'players.password.reset',
    'content.feedback',
    'kyc.review',
    'protection.view',
    'chat.answer',
  ],
  content: ['content.messages', 'content.feedback', 'content.site', 'games.manage', 'rewards.manage'],
  agent_manager: [
    'dashboard.view',
    'players.search',
    'players.view',
    'agents.view',
    'agents.contracts.manage',
    'agents.members.move',
  ],
  auditor: [
    'dashboard.view',
    'reports.view',
    'reports.export',
    'players.search',
    'players.view',
    'cashier.deposits.view',
    'cashier.withdrawals.view',
    'audit.view',
    'audit.export',
    'aml.report',
    'protection.view',
  ],
};

export function isPermission(s: string): s is Permission {
  return (PERMISSIONS as readonly string[]).includes(s);
}

export function isRole(s: string): s is Role {
  return (ROLES as readonly string[]).includes(s);
}

/**
 * One role a staff member holds: on one brand, or on every brand (merchant null: a platform
 * owner). API keys carry a grant too, with the permissions chosen when the key was made.
 */
export interface OperatorGrant {
  merchant: string | null;
  role: Role | 'api';
  permissions: readonly Permission[];
}

/** The permissions a set of grants gives on one brand. */
export function permissionsOn(grants: readonly OperatorGrant[], merchant: string): Set<Permission> {
  const out = new Set<Permission>();
  for (const g of grants)
    if (g.merchant === null || g.merchant === merchant) for (const p of g.permissions) out.add(p);
  return out;
}

/** Headers of the back-office API. */
export const BACKOFFICE_HEADERS = {
  csrf: 'x-csrf-token',
  apiKey: 'x-api-key',
  idempotencyKey: 'idempotency-key',
} as const;

/** The staff session cookie's name. */
export const STAFF_SESSION_COOKIE = 'bo_session';

/** A brand's cashier rules (GET/PUT /wps/admin/cashier/settings). */
export const cashierSettingsSchema = z.object({
  /** Major units; a withdrawal at or above it needs a second approver (0: every withdrawal). */
  withdrawalApprovalThreshold: z.number(),
});
export type CashierSettings = z.infer<typeof cashierSettingsSchema>;

/** The body of PUT /wps/admin/cashier/settings: a plain amount, 0 allowed. */
export const cashierSettingsInputSchema = z.object({
  withdrawalApprovalThreshold: z
    .union([z.number(), z.string()])
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => toMinor(v) !== null, { message: 'amount.format' }),
});

// ---- integrations ----

/** A provider the server can run and the brand's configuration of it (GET /wps/admin/integrations). */
export const integrationSchema = z.object({
  provider: z.string(),
  kind: z.enum(['GAME', 'PAYMENT']),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** The saved non-secret settings (the defaults' values when never saved). */
  settings: z.record(z.string(), z.unknown()),
  /** JSON Schema of the settings, from which the back office draws the form. */
  settingsSchema: z.record(z.string(), z.unknown()),
  /** The secret fields: whether each is set, never the value. */
  secrets: z.array(
    z.object({ name: z.string(), label: z.string(), multiline: z.boolean(), set: z.boolean() }),
  ),
  /** Whether the provider's game list can be synced now (POST /wps/admin/integrations/:provider/sync). */
  catalogueSync: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

/**
 * PUT /wps/admin/integrations/:provider. A secret given as text replaces the stored one, null
 * clears it, absent keeps it: the form never needs to know a secret to save the rest.
 */
export const integrationInputSchema = z.object({
  enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), z.string().trim().min(1).max(8000).nullable()).default({}),
});
export type IntegrationInput = z.infer<typeof integrationInputSchema>;

// ---- dashboard ----

/** A period's figures: money in major units (at most 2 decimals), counts of members. */
export const dashboardFiguresSchema = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  netDeposits: z.number(),
  turnover: z.number(),
  ggr: z.number(),
  bonusCost: z.number(),
  ngr: z.number(),
  activePlayers: z.number().int(),
  newPlayers: z.number().int(),
  firstTimeDepositors: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

/** GET /wps/admin/dashboard: the period, the one before it, a daily series and the live queues. */
export const dashboardSchema = z.object({
  current: dashboardFiguresSchema,
  previous: dashboardFiguresSchema,
  series: z.array(dashboardFiguresSchema.extend({ day: z.string() })),
  pending: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    approvals: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---- cashier queues ----

/** One deposit of the queue: the order, its member, the gateway's word and the decision. */
export const depositQueueRowSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  memberId: z.string(),
  username: z.string(),
  amount: z.number(),
  fee: z.number(),
  creditAmount: z.number(),
  /** The channel's name in the request language. */
  channel: z.string(),
  channelCode: z.string(),
  channelType: z.enum(['BANK', 'ONLINE']),
  status: z.enum(DEPOSIT_STATES),
  /**
   * The provider's own status word from its notification (SUCCESS, SUCCEEDED, EXPIRED ...; or
   * AMOUNT_MISMATCH on an open order whose notification named another amount, NOT_CREATED when the
   * provider would not take it); null for bank transfers and until it tells.
   */
  providerStatus: z.string().max(40).nullable(),
  /** The gateway's transaction id from that notification. */
  providerTxn: z.string().nullable(),
  providerNotifiedAt: z.string().nullable(),
  /** The member's bank-transfer receipts (`/wps/admin/images/:id`). */
  receiptImageIds: z.array(z.string()),
  payerName: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  /** The operator who approved or rejected it (null when the gateway settled it or it is open). */
  decidedBy: z.string().nullable(),
  /** When it left PENDING, by whoever. */
  decidedAt: z.string().nullable(),
  /** The rejection's reason. */
  reason: z.string().nullable(),
});
export type DepositQueueRow = z.infer<typeof depositQueueRowSchema>;
export const depositQueueSchema = z.object({
  list: z.array(depositQueueRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});

/**
 * A withdrawal payment sent through a payment provider's payouts API (Xendit): our reference, the
 * provider's channel, our state (IN_FLIGHT until the provider's final word) and the provider's own
 * status word and failure code.
 */
export const providerPayoutViewSchema = z.object({
  reference: z.string(),
  provider: z.string(),
  channelCode: z.string(),
  amount: z.number(),
  state: z.enum(['IN_FLIGHT', 'SUCCEEDED', 'FAILED', 'REVERSED']),
  providerRef: z.string().nullable(),
  providerStatus: z.string().nullable(),
  failureCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProviderPayoutView = z.infer<typeof providerPayoutViewSchema>;

/** A row of the operators' queue: the request, its open or last second-approval, its risk signals. */
export const withdrawalQueueRowSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  memberId: z.string(),
  username: z.string(),
  amount: z.number(),
  paid: z.number(),
  /** Masked: the full number is in the decision's answer (adminWithdrawalSchema). */
  payoutAccount: z.object({ bank: z.string(), holder: z.string(), numberMasked: z.string() }),
  status: z.enum(WITHDRAWAL_STATES),
  createdAt: z.string(),
  /** Held until the member's identity is verified: no payment before (null: not held). */
  kycWait: z.enum(KYC_TRIGGERS).nullable().optional(),
  approval: z
    .object({ id: z.string(), state: z.enum(['PENDING', 'APPROVED', 'REJECTED']), requestedBy: z.string() })
    .nullable(),
  /** The last payment sent through a payment provider, if any (null: paid by hand or not yet). */
  providerPayout: providerPayoutViewSchema.nullable(),
  risk: z.object({
    /** No open turnover requirement (the rule the member's withdrawal page applies). */
    turnoverMet: z.boolean(),
    turnoverLeft: z.number(),
    accountAgeDays: z.number().int(),
    /** Other members sharing an IP or device (90 days), a payout account number or a mobile. */
    linkedAccounts: z.number().int(),
    /** Credited deposits ÷ withdrawals asked for, last 30 days, to 2 decimals; null when no withdrawal. */
    depositToWithdrawal30d: z.number().nullable(),
    /** No earlier PAID or PARTIAL withdrawal of the brand went to this account number. */
    firstToThisPayoutAccount: z.boolean(),
  }),
});
export type WithdrawalQueueRow = z.infer<typeof withdrawalQueueRowSchema>;
export const withdrawalQueueSchema = z.object({
  list: z.array(withdrawalQueueRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
