import { z } from 'zod';
import {
  CONTRACT_KINDS,
  CONTRACT_LIMITS,
  CONTRACT_PERIODS,
  contractSchema,
  contractTierInputSchema,
  SETTLEMENT_STATES,
} from './agent-contracts';
import { LANGUAGES } from './constants';
import { AMOUNT_PATTERN, MAX_AMOUNT_MINOR, toMinor } from './money';
import { amountSchema, dateRangeSchema } from './wallet';

/**
 * The back office's agents (the tree, top agents' contracts and templates, statements, moves)
 * and the brand's payment channels and payout banks. Money in answers is in major units.
 */

export const AGENT_ADMIN_LIMITS = {
  treePageSize: 50,
  searchResults: 20,
  /** Team members a statement line lists (the biggest turnover first). */
  statementMembers: 200,
  betsPageSize: 50,
  templateNameMax: 60,
  reasonMax: 200,
  maxPresets: 10,
  /** How far ahead a move may be scheduled. */
  moveAheadDays: 90,
} as const;

const idSchema = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,18}$/, { message: 'id.format' });
const page = (size: number) => ({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(size),
});

// ---- the tree --------------------------------------------------------------------------------

/** `GET /wps/admin/agents/tree`: the direct downlines of parentId, or the top of the tree without it. */
export const agentTreeQuerySchema = z.object({
  parentId: idSchema.optional(),
  ...page(AGENT_ADMIN_LIMITS.treePageSize),
});

/** A contract in force, as a node shows it. */
export const contractSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  period: z.enum(CONTRACT_PERIODS),
  /** The highest tier's rate, %. */
  rate: z.number(),
  version: z.number().int(),
  /** The payer: the upline's account, or null for the platform. */
  upline: z.string().nullable(),
});
export type ContractSummary = z.infer<typeof contractSummarySchema>;

export const agentNodeSchema = z.object({
  id: z.string(),
  username: z.string(),
  isAgent: z.number().int(),
  /** An agent type (may hold contracts, may take downlines moved under it). */
  agent: z.boolean(),
  uplineId: z.string().nullable(),
  /** Direct downlines. */
  directCount: z.number().int(),
  /** Everyone below, every level. */
  teamSize: z.number().int(),
  contracts: z.array(contractSummarySchema),
  createdTime: z.string(),
});
export type AgentNode = z.infer<typeof agentNodeSchema>;
export const agentTreePageSchema = z.object({
  list: z.array(agentNodeSchema),
  totalCount: z.number().int(),
});
export type AgentTreePage = z.infer<typeof agentTreePageSchema>;

/** `GET /wps/admin/agents/search`: members whose account starts with q, with their path from the top. */
export const agentSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(64) });
export const agentSearchSchema = z.object({
  list: z.array(
    z.object({
      node: agentNodeSchema,
      /** Uplines from the top of the tree down to the direct upline. */
      path: z.array(z.object({ id: z.string(), username: z.string() })),
    }),
  ),
});
export type AgentSearch = z.infer<typeof agentSearchSchema>;

/** `GET /wps/admin/agents/:id/contracts`: every contract the member holds or held, newest first. */
export const agentContractsSchema = z.object({ list: z.array(contractSchema) });
export type AgentContracts = z.infer<typeof agentContractsSchema>;

// ---- templates -------------------------------------------------------------------------------

/** A template's terms, validated as a grant's (periods of the kind, rising tiers, the brand's cap). */
export const contractTemplateInputSchema = z.object({
  name: z.string().trim().min(1).max(AGENT_ADMIN_LIMITS.templateNameMax),
  kind: z.enum(CONTRACT_KINDS),
  period: z.enum(CONTRACT_PERIODS),
  tiers: z.array(contractTierInputSchema).min(1).max(CONTRACT_LIMITS.maxTiers),
});
export type ContractTemplateInput = z.input<typeof contractTemplateInputSchema>;

export const contractTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  period: z.enum(CONTRACT_PERIODS),
  /** Amounts as 2-decimal text, rates as % text (what the grant form takes back). */
  tiers: z.array(z.object({ minAmount: z.string(), minActive: z.number().int(), rate: z.string() })),
  rate: z.number(),
  updatedBy: z.string(),
  updatedTime: z.string(),
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;
export const contractTemplatesSchema = z.object({ list: z.array(contractTemplateSchema) });

/** `POST /wps/admin/agents/templates/:id/grant`: grants the template's terms to a top agent. */
export const templateGrantSchema = z.object({ username: z.string().trim().min(1).max(64) });

/** `POST /wps/admin/agents/contracts/:id/end`: the operator ends a platform contract. */
export const contractEndSchema = z.object({
  reason: z.string().trim().min(1).max(AGENT_ADMIN_LIMITS.reasonMax),
});

// ---- moves -----------------------------------------------------------------------------------

/**
 * `POST /wps/admin/agents/moves`: puts memberId (with its whole team) under toUplineId. Settlement
 * counts the member's bets under the old upline before effectiveAt and under the new one from it.
 * effectiveAt (default: now) in the past is never inside a period already settled; in the future
 * (at most AGENT_ADMIN_LIMITS.moveAheadDays ahead) the move is SCHEDULED and applied at that time.
 */
export const agentMoveInputSchema = z.object({
  memberId: idSchema,
  toUplineId: idSchema,
  effectiveAt: z.string().datetime({ offset: true }).optional(),
  reason: z.string().trim().min(1).max(AGENT_ADMIN_LIMITS.reasonMax),
});
export type AgentMoveInput = z.input<typeof agentMoveInputSchema>;

/** `GET /wps/admin/agents/moves/preview`: what a move would do, before it is made. */
export const agentMovePreviewQuerySchema = z.object({ memberId: idSchema, toUplineId: idSchema });
export const agentMovePreviewSchema = z.object({
  /** The earliest effective date allowed (the end of the last settled period involved), or null. */
  earliest: z.string().nullable(),
  /** Contracts in the moved team that end with the move (the member's own, and those capped by it). */
  contractsEnding: z.number().int(),
  teamSize: z.number().int(),
});
export type AgentMovePreview = z.infer<typeof agentMovePreviewSchema>;

export const AGENT_MOVE_STATUSES = ['SCHEDULED', 'APPLIED', 'CANCELLED', 'FAILED'] as const;
export type AgentMoveStatus = (typeof AGENT_MOVE_STATUSES)[number];

export const agentMoveSchema = z.object({
  id: z.string(),
  member: z.string(),
  memberId: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  effectiveAt: z.string(),
  reason: z.string(),
  movedBy: z.string(),
  contractsEnded: z.number().int(),
  createdTime: z.string(),
  /**
   * SCHEDULED: waits for effectiveAt (contractsEnded and teamSize are then what it would do now);
   * APPLIED; CANCELLED by staff before its time; FAILED when its time came (failure says why).
   */
  status: z.enum(AGENT_MOVE_STATUSES),
  teamSize: z.number().int(),
  appliedTime: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledTime: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Why a scheduled move could not be applied, in the caller's language. */
  failure: z.string().nullable(),
});
export type AgentMove = z.infer<typeof agentMoveSchema>;
/** `POST /wps/admin/agents/moves/:id/cancel`: staff cancel a scheduled move before its time. */
export const agentMoveCancelSchema = z.object({
  reason: z.string().trim().min(1).max(AGENT_ADMIN_LIMITS.reasonMax),
});
export const agentMovesQuerySchema = z.object({
  memberId: idSchema.optional(),
  status: z.enum(AGENT_MOVE_STATUSES).optional(),
  ...page(20),
});
export const agentMovesSchema = z.object({ list: z.array(agentMoveSchema), totalCount: z.number().int() });
export type AgentMoves = z.infer<typeof agentMovesSchema>;

// ---- statements ------------------------------------------------------------------------------

/** `GET /wps/admin/agents/statements`: settlement lines of the brand, periods ending within the days. */
export const adminStatementQuerySchema = dateRangeSchema.extend({
  username: z.string().trim().min(1).max(64).optional(),
  kind: z.enum(CONTRACT_KINDS).optional(),
  status: z.enum(SETTLEMENT_STATES).optional(),
  ...page(20),
});
export const adminStatementLineSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  version: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  period: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  memberId: z.string(),
  member: z.string(),
  /** The payer's account, or null for the platform. */
  payer: z.string().nullable(),
  base: z.number(),
  activeMembers: z.number().int(),
  tier: z.number().int(),
  rate: z.number(),
  figure: z.number(),
  amount: z.number(),
  status: z.enum(SETTLEMENT_STATES),
  reason: z.string().nullable(),
  entryId: z.string().nullable(),
  createdTime: z.string(),
});
export type AdminStatementLine = z.infer<typeof adminStatementLineSchema>;
export const adminStatementsSchema = z.object({
  list: z.array(adminStatementLineSchema),
  totalCount: z.number().int(),
  totalPaid: z.number(),
});
export type AdminStatements = z.infer<typeof adminStatementsSchema>;

/** `GET /wps/admin/agents/statements/:id`: the line, the ledger entry that paid it, and the team's bets behind it. */
export const adminStatementDetailSchema = z.object({
  line: adminStatementLineSchema,
  entry: z
    .object({
      id: z.string(),
      reference: z.string(),
      kind: z.string(),
      createdTime: z.string(),
      postings: z.array(
        z.object({
          accountId: z.string(),
          accountKind: z.string(),
          /** The member whose wallet it is, or null for a brand account (the wage expense). */
          member: z.string().nullable(),
          amount: z.number(),
          balanceAfter: z.number().nullable(),
        }),
      ),
    })
    .nullable(),
  /** The team members with settled bets in the line's period, as settlement counted them. */
  members: z.array(
    z.object({
      memberId: z.string(),
      username: z.string(),
      level: z.number().int(),
      bets: z.number().int(),
      turnover: z.number(),
      loss: z.number(),
    }),
  ),
  /** Sums over every member (the line's base is turnover for wages, loss for dividends). */
  totals: z.object({
    bets: z.number().int(),
    turnover: z.number(),
    loss: z.number(),
    active: z.number().int(),
  }),
});
export type AdminStatementDetail = z.infer<typeof adminStatementDetailSchema>;

/** `GET /wps/admin/agents/statements/:id/bets`: one team member's bets counted in the line. */
export const adminStatementBetsQuerySchema = z.object({
  memberId: idSchema,
  ...page(AGENT_ADMIN_LIMITS.betsPageSize),
});
export const adminStatementBetsSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      roundId: z.string(),
      vendor: z.string(),
      game: z.string(),
      stake: z.number(),
      validBet: z.number(),
      payout: z.number(),
      stakeEntryId: z.string().nullable(),
      settledTime: z.string(),
    }),
  ),
  totalCount: z.number().int(),
});
export type AdminStatementBets = z.infer<typeof adminStatementBetsSchema>;

// ---- payment channels and payout banks -------------------------------------------------------

/** A threshold amount that may be 0 (fees), at most 2 decimals. */
const zeroOrAmountSchema = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => AMOUNT_PATTERN.test(v) && (toMinor(v) ?? MAX_AMOUNT_MINOR + 1n) <= MAX_AMOUNT_MINOR, {
    message: 'amount.format',
  });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const CHANNEL_KINDS = ['BANK', 'ONLINE'] as const;
export const PAYOUT_BANK_KINDS = ['BANK', 'EWALLET'] as const;

/**
 * `POST /wps/admin/payment-channels`, `PUT /wps/admin/payment-channels/:id`: a deposit channel.
 * Names per site language (EN required, the others fall back to it); the server checks
 * min <= max, presets within them, bank details for BANK, a provider for ONLINE.
 */
export const paymentChannelInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9_]{2,40}$/, { message: 'code.format' }),
  kind: z.enum(CHANNEL_KINDS),
  name: z
    .partialRecord(z.enum(LANGUAGES), z.string().trim().max(80))
    .transform((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== '')))
    .refine((r) => typeof r.EN === 'string' && r.EN.length > 0, { message: 'name.EN.required' }),
  minAmount: amountSchema,
  maxAmount: amountSchema,
  /** Percent of the amount, 2 decimals, below 100. */
  feePercent: z.coerce
    .number()
    .min(0)
    .max(99.99)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'feePercent.format' }),
  feeFixed: zeroOrAmountSchema,
  presets: z.array(amountSchema).max(AGENT_ADMIN_LIMITS.maxPresets),
  bankName: optionalText(100),
  accountName: optionalText(100),
  accountNo: optionalText(60),
  gateway: z
    .string()
    .trim()
    .regex(/^[A-Z0-9_]{2,32}$/)
    .nullish()
    .transform((v) => v ?? null),
  providerChannel: z
    .string()
    .trim()
    .regex(/^[A-Z0-9_]{2,64}$/)
    .nullish()
    .transform((v) => v ?? null),
  logo: optionalText(300).refine((v) => v === null || /^(\/[^\s]*|https:\/\/[^\s]+)$/.test(v), {
    message: 'logo.format',
  }),
  enabled: z.boolean(),
  sort: z.coerce.number().int().min(0).max(10_000),
});
export type PaymentChannelInput = z.input<typeof paymentChannelInputSchema>;

export const adminPaymentChannelSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.record(z.string(), z.string()),
  minAmount: z.number(),
  maxAmount: z.number(),
  feePercent: z.number(),
  feeFixed: z.number(),
  presets: z.array(z.number()),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNo: z.string().nullable(),
  gateway: z.string().nullable(),
  providerChannel: z.string().nullable(),
  logo: z.string().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Deposits made through it (a used channel is switched off, never removed). */
  deposits: z.number().int(),
});
export type AdminPaymentChannel = z.infer<typeof adminPaymentChannelSchema>;
export const adminPaymentChannelsSchema = z.object({
  list: z.array(adminPaymentChannelSchema),
  /** Payment providers this server runs, for an ONLINE channel's gateway. */
  gateways: z.array(z.string()),
});
export type AdminPaymentChannels = z.infer<typeof adminPaymentChannelsSchema>;

export const payoutBankInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9_]{2,40}$/, { message: 'code.format' }),
  kind: z.enum(PAYOUT_BANK_KINDS),
  name: z.string().trim().min(1).max(100),
  sort: z.coerce.number().int().min(0).max(10_000),
});
export type PayoutBankInput = z.input<typeof payoutBankInputSchema>;
export const adminPayoutBankSchema = z.object({
  code: z.string(),
  kind: z.enum(PAYOUT_BANK_KINDS),
  name: z.string(),
  sort: z.number().int(),
  /** Members' payout accounts at this bank (a bank in use is not removed). */
  accounts: z.number().int(),
});
export type AdminPayoutBank = z.infer<typeof adminPayoutBankSchema>;
export const adminPayoutBanksSchema = z.object({ list: z.array(adminPayoutBankSchema) });
export type AdminPayoutBanks = z.infer<typeof adminPayoutBanksSchema>;
