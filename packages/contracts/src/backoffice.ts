import { z } from 'zod';
import { toMinor } from './money';

/**
 * The back office's permissions and the roles that bundle them. The server checks a permission on
 * every operator route (for the brand the request is for); the back-office app reads the same
 * names to hide what the signed-in staff member cannot do.
 */
export const PERMISSIONS = [
  // Dashboard and reports
  'dashboard.view',
  'reports.view',
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
  // Content: messages to members, feedback replies
  'content.messages',
  'content.feedback',
  // Games and lotteries: catalogue switches, vendor secrets, draws and RTP
  'games.manage',
  'lottery.manage',
  // Agents
  'agents.contracts.manage',
  // Staff, API keys, brand security settings, the platform's crypto switch
  'staff.manage',
  'apikeys.manage',
  'brand.security',
  'system.manage',
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
    'players.search',
    'players.view',
    'players.note',
    'players.lock',
    'cashier.deposits.view',
    'cashier.withdrawals.view',
    'audit.view',
  ],
  support: ['players.search', 'players.view', 'players.note', 'players.password.reset', 'content.feedback'],
  content: ['content.messages', 'content.feedback', 'games.manage'],
  agent_manager: ['dashboard.view', 'players.search', 'players.view', 'agents.contracts.manage'],
  auditor: [
    'dashboard.view',
    'reports.view',
    'players.search',
    'players.view',
    'cashier.deposits.view',
    'cashier.withdrawals.view',
    'audit.view',
    'audit.export',
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
