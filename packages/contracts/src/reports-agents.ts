import { z } from 'zod';

/**
 * The agents report (GET /wps/admin/reports/agents...): per agent and period, the team under it,
 * what the team played and lost, and the wages and dividends its contracts paid. Money in major
 * units (at most 2 decimals); ratios are fractions (0.25 is 25 %), null when undefined.
 */

/** The most agents one answer lists (the totals cover all of them). */
export const AGENTS_REPORT_LIMITS = { list: 500, statements: 500 } as const;

/** One agent over the period: its team as it is now, the team's play, its settlement lines. */
export const agentReportRowSchema = z.object({
  merchant: z.string(),
  memberId: z.string(),
  username: z.string(),
  upline: z.string().nullable(),
  /** Members under the agent at any depth (the agent itself not counted). */
  teamSize: z.number().int(),
  /** Team members who placed or settled a bet in the period. */
  activeMembers: z.number().int(),
  bets: z.number().int(),
  turnover: z.number(),
  validTurnover: z.number(),
  /** The team's GGR (stakes settled − payouts): what the brand won from the team. */
  ggr: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
  wagesDaily: z.number(),
  wagesHourly: z.number(),
  wagesRealtime: z.number(),
  wages: z.number(),
  dividends: z.number(),
  /** Of wages and dividends, what the brand paid (top agents' platform contracts). */
  paidByBrand: z.number(),
  /** Lines the upline could not pay yet. */
  unpaid: z.number(),
  /** (wages + dividends) / team GGR; null when the GGR is not positive. */
  costRatio: z.number().nullable(),
});
export type AgentReportRow = z.infer<typeof agentReportRowSchema>;

export const agentReportDaySchema = z.object({
  day: z.string(),
  wages: z.number(),
  dividends: z.number(),
  /** GGR of every member under an agent that day. */
  ggr: z.number(),
});

export const agentsReportSchema = z.object({
  /** Every agent's figures added up; team figures count each member once (teams nest). */
  totals: z.object({
    agents: z.number().int(),
    teamMembers: z.number().int(),
    activeMembers: z.number().int(),
    turnover: z.number(),
    validTurnover: z.number(),
    ggr: z.number(),
    wages: z.number(),
    dividends: z.number(),
    paidByBrand: z.number(),
    unpaid: z.number(),
    costRatio: z.number().nullable(),
  }),
  series: z.array(agentReportDaySchema),
  /** The agents with the highest team GGR first, at most AGENTS_REPORT_LIMITS.list. */
  list: z.array(agentReportRowSchema),
  totalCount: z.number().int(),
});
export type AgentsReport = z.infer<typeof agentsReportSchema>;

/** One settlement line of the agent: paid to it (IN) or by it to a downline (OUT). */
export const agentStatementLineSchema = z.object({
  id: z.string(),
  direction: z.enum(['IN', 'OUT']),
  kind: z.string(),
  member: z.string(),
  payer: z.string().nullable(),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The brand-local day the period ends on (the line's day in the report). */
  day: z.string(),
  base: z.number(),
  activeMembers: z.number().int(),
  tier: z.number().int(),
  /** Percent (1.5 is 1.5 %). */
  rate: z.number(),
  figure: z.number(),
  amount: z.number(),
  status: z.enum(['PAID', 'UNPAID', 'NONE']),
  reason: z.string().nullable(),
  entryId: z.string().nullable(),
  entryReference: z.string().nullable(),
  paidTime: z.string().nullable(),
});
export type AgentStatementLine = z.infer<typeof agentStatementLineSchema>;

export const agentStatementsReportSchema = z.object({
  agent: z.object({ memberId: z.string(), username: z.string(), merchant: z.string() }),
  /** The team's play and the agent's lines per day of the period. */
  series: z.array(
    agentReportDaySchema.extend({
      turnover: z.number(),
      validTurnover: z.number(),
      activeMembers: z.number().int(),
    }),
  ),
  lines: z.array(agentStatementLineSchema),
  totals: z.object({
    received: z.number(),
    paidOut: z.number(),
    unpaid: z.number(),
    lines: z.number().int(),
  }),
});
export type AgentStatementsReport = z.infer<typeof agentStatementsReportSchema>;
