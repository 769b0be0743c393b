import { z } from 'zod';
import { registerRequestSchema } from './identity';
import { CASHIER_LIMITS, amountSchema, dateRangeSchema, requestIdSchema } from './wallet';

/**
 * The agent centre: the agent-page login, the agent's home, its team (overview,
 * sub-accounts, management list, betting and profit-and-loss per downline), its own agent
 * transaction lines, and transfers to a downline or to its upline. Every call needs the session
 * of an agent type (ACCOUNT_CENTRE_TYPES); any member id in a request must be in the caller's own
 * downline, or the call is refused with agent.not.downline and nothing changes.
 */

// ---- limits ----------------------------------------------------------------------------------

export const AGENT_LIMITS = {
  /** Team lists page like the records (SPEC: page size 15). */
  pageSize: CASHIER_LIMITS.recordsPageSize,
  /** Tree depth the team queries follow; deeper levels are not part of a team. */
  maxDepth: 64,
} as const;

/** Ledger entry kinds the agent's transaction details list (agent transfers, wages, dividends). */
export const AGENT_TRANSACTION_TYPES = ['AGENT_TRANSFER', 'UPLINE_TRANSFER', 'WAGE', 'DIVIDEND'] as const;
export type AgentTransactionType = (typeof AGENT_TRANSACTION_TYPES)[number];

// ---- building blocks -------------------------------------------------------------------------

const money = z.number();
/** A member id as answers carry it (digits); a request naming another member uses this. */
const memberIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/, { message: 'memberId.format' });
const page = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(AGENT_LIMITS.pageSize),
};
const search = z.string().trim().toLowerCase().max(64).optional();

// ---- home ------------------------------------------------------------------------------------

/** `GET /wps/agent/home`: what the agent home page (/agentHome) shows first. */
export const agentHomeSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  isAgent: z.number().int(),
  /** The invitation code sign-ups use to join this agent's team (null when it has none). */
  affiliateCode: z.string().nullable(),
  /** The agent's own upline account, or null for a top agent. */
  upline: z.string().nullable(),
  directMembers: z.number().int(),
  teamMembers: z.number().int(),
  balance: money,
  currencySymbol: z.string(),
});
export type AgentHome = z.infer<typeof agentHomeSchema>;

// ---- team overview ---------------------------------------------------------------------------

/** `GET /wps/agent/team/overview`: the whole team, or the team under one downline (memberId). */
export const teamOverviewQuerySchema = dateRangeSchema.extend({ memberId: memberIdSchema.optional() });
export const teamOverviewSchema = z.object({
  /** Downlines at every level (the agent itself not counted). */
  members: z.number().int(),
  directMembers: z.number().int(),
  /** Downlines registered within the period. */
  newMembers: z.number().int(),
  /** Downlines with at least one bet placed within the period. */
  activeMembers: z.number().int(),
  deposits: money,
  /** Withdrawals requested less those returned, within the period. */
  withdrawals: money,
  /** Valid bets settled within the period. */
  turnover: money,
  /** The team's win/loss on bets settled within the period (payout - stake); negative: the team lost. */
  profit: money,
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

// ---- register a sub-account ------------------------------------------------------------------

export const SUB_ACCOUNT_TYPES = ['MEMBER', 'AGENT'] as const;
/**
 * `POST /wps/agent/team/register` (encrypted): a new account under the agent, validated by the
 * brand's registration rules (no SMS code or captcha: the agent vouches for it). The agent chose
 * the password, so the new account must change it at its first login.
 */
export const subAccountRequestSchema = registerRequestSchema
  .pick({
    username: true,
    password: true,
    confirmPassword: true,
    payeeName: true,
    email: true,
    qqNum: true,
    mobileNum: true,
    countryDialingCode: true,
    line: true,
    whatsapp: true,
    facebook: true,
    wechat: true,
    idNumber: true,
  })
  .extend({ accountType: z.enum(SUB_ACCOUNT_TYPES).default('MEMBER') });
export type SubAccountRequest = z.input<typeof subAccountRequestSchema>;
export const subAccountSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  isAgent: z.number().int(),
  affiliateCode: z.string().nullable(),
  createdTime: z.string(),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

// ---- team management -------------------------------------------------------------------------

export const MEMBER_STATES = ['ACTIVE', 'DISABLED'] as const;
/** `GET /wps/agent/team/members`: the downline, level 1 (direct) first. */
export const teamMembersQuerySchema = z.object({
  ...page,
  /** Part of a username. */
  username: search,
  /** Exactly this level below the agent (1 = direct downlines). */
  level: z.coerce.number().int().min(1).max(AGENT_LIMITS.maxDepth).optional(),
  status: z.enum(MEMBER_STATES).optional(),
  /** Only this downline. */
  memberId: memberIdSchema.optional(),
});
export const teamMemberSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  /** 1 = a direct downline, 2 = a downline's downline, ... */
  level: z.number().int(),
  isAgent: z.number().int(),
  status: z.enum(MEMBER_STATES),
  /** Main and vendor wallets together (sumBalance). */
  balance: money,
  lastLoginTime: z.string().nullable(),
  registerTime: z.string(),
});
export const teamMembersSchema = z.object({
  list: z.array(teamMemberSchema),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type TeamMembers = z.infer<typeof teamMembersSchema>;

// ---- team betting and profit and loss --------------------------------------------------------

/** `GET /wps/agent/team/betting` and `/wps/agent/team/profit`: one row per downline with activity. */
export const teamReportQuerySchema = dateRangeSchema.extend({
  ...page,
  username: search,
  memberId: memberIdSchema.optional(),
});
const bettingFigures = {
  betCount: z.number().int(),
  stake: money,
  validBet: money,
  payout: money,
  /** payout - stake over the settled bets. */
  winLoss: money,
};
export const teamBettingSchema = z.object({
  list: z.array(
    z.object({ id: z.number().int(), account: z.string(), level: z.number().int(), ...bettingFigures }),
  ),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  /** Sums over every row, not only this page. */
  total: z.object(bettingFigures),
});
export type TeamBetting = z.infer<typeof teamBettingSchema>;

const profitFigures = {
  deposits: money,
  withdrawals: money,
  /** Bonuses and rebates credited. */
  bonuses: money,
  validBet: money,
  winLoss: money,
  /** winLoss + bonuses, as the member's own profit and loss counts it. */
  profit: money,
};
export const teamProfitSchema = z.object({
  list: z.array(
    z.object({ id: z.number().int(), account: z.string(), level: z.number().int(), ...profitFigures }),
  ),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  total: z.object(profitFigures),
});
export type TeamProfit = z.infer<typeof teamProfitSchema>;

// ---- transaction details ---------------------------------------------------------------------

/** `GET /wps/agent/transactions`: the agent's own main-wallet lines of agent kinds, newest first. */
export const agentTransactionQuerySchema = dateRangeSchema.extend({
  ...page,
  type: z.enum(AGENT_TRANSACTION_TYPES).optional(),
});
export const agentTransactionsSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      time: z.string(),
      type: z.enum(AGENT_TRANSACTION_TYPES),
      /** Signed: money in is positive, money out negative. */
      amount: money,
      balanceAfter: money,
      /** The other member of the movement (null for a wage or dividend from the platform). */
      counterpart: z.string().nullable(),
      reference: z.string(),
    }),
  ),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  totalIn: money,
  totalOut: money,
});
export type AgentTransactions = z.infer<typeof agentTransactionsSchema>;

// ---- transfers -------------------------------------------------------------------------------

/**
 * `POST /wps/agent/transfer/downline` and `/wps/agent/transfer/upline` (encrypted; payment
 * password). requestId is the idempotency key, shared by both directions: a retry with the same
 * body moves money once; the same requestId with another body is wallet.reference.conflict.
 */
export const agentDownlineTransferSchema = z.object({
  requestId: requestIdSchema,
  memberId: memberIdSchema,
  amount: amountSchema,
  paymentPassword: z.string().min(1).max(40),
});
export type AgentDownlineTransferRequest = z.input<typeof agentDownlineTransferSchema>;
export const agentUplineTransferSchema = agentDownlineTransferSchema.omit({ memberId: true });
export type AgentUplineTransferRequest = z.input<typeof agentUplineTransferSchema>;
export const agentTransferResultSchema = z.object({
  id: z.string(),
  amount: money,
  /** Who received it. */
  to: z.string(),
  /** The agent's main wallet afterwards. */
  balance: money,
  createdTime: z.string(),
});
export type AgentTransferResult = z.infer<typeof agentTransferResultSchema>;
