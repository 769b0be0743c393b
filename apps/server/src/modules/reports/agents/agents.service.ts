import {
  AGENTS_REPORT_LIMITS,
  fromMinor,
  type AgentReportRow,
  type AgentsReport,
  type AgentStatementLine,
  type AgentStatementsReport,
} from '@app/contracts';
import { AppError } from '../../../platform/app-error';
import type { ReportScope } from '../report-scope';
import type { AgentFiguresRow, AgentLineRow, AgentsReportRepository } from './agents.repository';

/** cost / ggr as a fraction to 4 decimals; null when the GGR is not positive (no ratio to speak of). */
export function costRatio(cost: bigint, ggr: bigint): number | null {
  if (ggr <= 0n) return null;
  return Number((cost * 10_000n) / ggr) / 10_000;
}

export function agentRow(r: AgentFiguresRow): AgentReportRow {
  const wages = BigInt(r.daily) + BigInt(r.hourly) + BigInt(r.realtime);
  const dividends = BigInt(r.dividends);
  return {
    merchant: r.merchant_code,
    memberId: r.member_id,
    username: r.username,
    upline: r.upline,
    teamSize: Number(r.team_size),
    activeMembers: Number(r.active),
    bets: Number(r.bets),
    turnover: fromMinor(r.turnover),
    validTurnover: fromMinor(r.valid),
    ggr: fromMinor(r.ggr),
    deposits: fromMinor(r.deposits),
    withdrawals: fromMinor(r.withdrawals),
    wagesDaily: fromMinor(r.daily),
    wagesHourly: fromMinor(r.hourly),
    wagesRealtime: fromMinor(r.realtime),
    wages: fromMinor(wages),
    dividends: fromMinor(dividends),
    paidByBrand: fromMinor(r.by_brand),
    unpaid: fromMinor(r.unpaid),
    costRatio: costRatio(wages + dividends, BigInt(r.ggr)),
  };
}

export function lineOf(l: AgentLineRow): AgentStatementLine {
  return {
    id: l.id,
    direction: l.direction,
    kind: l.kind,
    member: l.member,
    payer: l.payer,
    periodKey: l.period_key,
    periodStart: new Date(l.period_start).toISOString(),
    periodEnd: new Date(l.period_end).toISOString(),
    day: l.day,
    base: fromMinor(l.base),
    activeMembers: l.active_members,
    tier: l.tier,
    rate: l.rate_bp / 100,
    figure: fromMinor(l.figure),
    amount: fromMinor(l.amount),
    status: l.status,
    reason: l.reason,
    entryId: l.entry_id,
    entryReference: l.reference,
    paidTime: l.paid_at ? new Date(l.paid_at).toISOString() : null,
  };
}

/** The agents report: every agent's team and pay over a period, and one agent's lines. */
export class AgentsReportService {
  constructor(private readonly repo: AgentsReportRepository) {}

  async summary(s: ReportScope): Promise<AgentsReport> {
    const [rows, totals, series] = [
      await this.repo.agents(s, { order: 'ggr', limit: AGENTS_REPORT_LIMITS.list }),
      await this.repo.totals(s),
      await this.repo.series(s),
    ];
    const wages = BigInt(totals.wages);
    const dividends = BigInt(totals.dividends);
    return {
      totals: {
        agents: Number(rows[0]?.total ?? 0),
        teamMembers: Number(totals.members),
        activeMembers: Number(totals.active),
        turnover: fromMinor(totals.turnover),
        validTurnover: fromMinor(totals.valid),
        ggr: fromMinor(totals.ggr),
        wages: fromMinor(wages),
        dividends: fromMinor(dividends),
        paidByBrand: fromMinor(totals.by_brand),
        unpaid: fromMinor(totals.unpaid),
        costRatio: costRatio(wages + dividends, BigInt(totals.ggr)),
      },
      series: series.map((d) => ({
        day: d.day,
        wages: fromMinor(d.wages),
        dividends: fromMinor(d.dividends),
        ggr: fromMinor(d.ggr),
      })),
      list: rows.map(agentRow),
      totalCount: Number(rows[0]?.total ?? 0),
    };
  }

  async statements(s: ReportScope, memberId: string): Promise<AgentStatementsReport> {
    const agent = await this.repo.agent(s, memberId);
    if (!agent) throw new AppError('agent.member.unknown');
    const series = await this.repo.agentSeries(s, agent.id);
    const rows = await this.repo.lines(s, {
      agent: agent.id,
      after: '0',
      limit: AGENTS_REPORT_LIMITS.statements,
    });
    let received = 0n;
    let paidOut = 0n;
    let unpaid = 0n;
    for (const l of rows) {
      const amount = BigInt(l.amount);
      if (l.status === 'UNPAID' && l.direction === 'IN') unpaid += amount;
      if (l.status !== 'PAID') continue;
      if (l.direction === 'IN') received += amount;
      else paidOut += amount;
    }
    return {
      agent: { memberId: agent.id, username: agent.username, merchant: agent.merchant_code },
      series: series.map((d) => ({
        day: d.day,
        turnover: fromMinor(d.turnover),
        validTurnover: fromMinor(d.valid),
        ggr: fromMinor(d.ggr),
        activeMembers: Number(d.active),
        wages: fromMinor(d.wages),
        dividends: fromMinor(d.dividends),
      })),
      lines: rows.map(lineOf),
      totals: {
        received: fromMinor(received),
        paidOut: fromMinor(paidOut),
        unpaid: fromMinor(unpaid),
        lines: rows.length,
      },
    };
  }
}
