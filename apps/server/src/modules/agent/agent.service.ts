import {
  ACCOUNT_CENTRE_TYPES,
  fromMinor,
  type AgentHome,
  type AgentTransactions,
  type AgentTransferResult,
  type SubAccount,
  type TeamBetting,
  type TeamMembers,
  type TeamOverview,
  type TeamProfit,
  type agentDownlineTransferSchema,
  type agentTransactionQuerySchema,
  type agentUplineTransferSchema,
  type subAccountRequestSchema,
  type teamMembersQuerySchema,
  type teamOverviewQuerySchema,
  type teamReportQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { SessionMember } from '../../platform/auth';
import type { Brand } from '../../platform/brand';
import { dayWindow } from '../../platform/day-window';
import type { ClientContext } from '../../platform/client-context';
import type { ProfileService } from '../member';
import type { RegistrationService } from '../member';
import type { MemberTransferService } from '../wallet';
import type { WalletService } from '../wallet';
import type { AgentRepository, Sums } from './agent.repository';

type TeamOverviewQuery = z.output<typeof teamOverviewQuerySchema>;
type SubAccountInput = z.output<typeof subAccountRequestSchema>;
type TeamMembersQuery = z.output<typeof teamMembersQuerySchema>;
type TeamReportQuery = z.output<typeof teamReportQuerySchema>;
type AgentTransactionQuery = z.output<typeof agentTransactionQuerySchema>;
type DownlineTransferInput = z.output<typeof agentDownlineTransferSchema>;
type UplineTransferInput = z.output<typeof agentUplineTransferSchema>;

const pages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * A page of rows that carry the count and sums over every page (window functions), and the row
 * to read those from: a page past the end has no rows, so the first row is fetched for them.
 */
async function paged<T>(
  q: { pageNo: number; pageSize: number },
  fetch: (offset: number, limit: number) => Promise<T[]>,
): Promise<{ rows: T[]; head: T | undefined }> {
  const offset = (q.pageNo - 1) * q.pageSize;
  const rows = await fetch(offset, q.pageSize);
  const head = rows[0] ?? (offset > 0 ? (await fetch(0, 1))[0] : undefined);
  return { rows, head };
}
const num = (v: string | undefined | null) => fromMinor(v ?? '0');

/** Whether a session belongs to an agent type (SPEC section 6: 1, 2, 41, 42). */
export function isAgentType(isAgent: number): boolean {
  return (ACCOUNT_CENTRE_TYPES as readonly number[]).includes(isAgent);
}

/** What the agent centre asks of the member module: sub-accounts, and the payer's payment password. */
type AgentMembers = Pick<RegistrationService, 'registerSubAccount'> &
  Pick<ProfileService, 'confirmPaymentPassword'>;

/**
 * The agent centre: the agent's home, its team and reports, sub-accounts, and transfers
 * to a downline or to its upline. WARNING: every use case that takes a member id checks that the
 * member is in the caller's own downline (teamMember) before reading or moving anything; the
 * queries themselves start from the caller's id, never from an id the caller sent.
 */
export class AgentService {
  constructor(
    private readonly repo: AgentRepository,
    private readonly members: AgentMembers,
    private readonly wallet: WalletService,
    private readonly transfers: MemberTransferService,
  ) {}

  /** The caller must be an agent type; the route guard calls this before any use case. */
  assertAgent(session: SessionMember): void {
    if (!isAgentType(session.isAgent)) throw new AppError('login.not.agent');
  }

  /** The level of a member in the agent's team; anything outside it is refused. */
  private async teamMember(brand: Brand, agentId: string, memberId: string): Promise<number> {
    const level = await this.repo.levelInTeam(brand.code, agentId, memberId);
    if (level === null) throw new AppError('agent.not.downline');
    return level;
  }

  // ---- home ------------------------------------------------------------------------------------

  async home(brand: Brand, agentId: string): Promise<AgentHome> {
    const me = await this.repo.member(brand.code, agentId);
    if (!me) throw new AppError('login.not.session');
    const [upline, counts, wallet] = await Promise.all([
      me.upline_id ? this.repo.member(brand.code, me.upline_id) : Promise.resolve(undefined),
      this.repo.teamCounts(agentId),
      this.wallet.balance(brand, agentId),
    ]);
    return {
      id: Number(me.id),
      account: me.username,
      isAgent: me.is_agent,
      affiliateCode: me.affiliate_code,
      upline: upline?.username ?? null,
      directMembers: counts.direct,
      teamMembers: counts.members,
      balance: wallet.sumBalance,
      currencySymbol: brand.currencySymbol,
    };
  }

  // ---- team ------------------------------------------------------------------------------------

  /** The whole team's figures, or (memberId) those of the team under one of its downlines. */
  async overview(brand: Brand, agentId: string, q: TeamOverviewQuery): Promise<TeamOverview> {
    const w = dayWindow(brand, q.startTime, q.endTime);
    const root = q.memberId ?? agentId;
    if (q.memberId) await this.teamMember(brand, agentId, q.memberId);
    const r = await this.repo.overview(root, w);
    return {
      members: Number(r.members),
      directMembers: Number(r.direct),
      newMembers: Number(r.new_members),
      activeMembers: Number(r.active),
      deposits: num(r.deposits),
      withdrawals: num(r.withdrawals),
      turnover: num(r.turnover),
      profit: num(r.profit),
    };
  }

  async registerSubAccount(
    brand: Brand,
    agent: SessionMember,
    body: SubAccountInput,
    ctx: ClientContext,
  ): Promise<SubAccount> {
    const m = await this.members.registerSubAccount(
      brand,
      { id: agent.memberId, isAgent: agent.isAgent },
      body,
      ctx,
    );
    return {
      id: Number(m.id),
      account: m.username,
      isAgent: m.is_agent,
      affiliateCode: m.affiliate_code,
      createdTime: m.created_at.toISOString(),
    };
  }

  async teamMembers(brand: Brand, agentId: string, q: TeamMembersQuery): Promise<TeamMembers> {
    if (q.memberId) await this.teamMember(brand, agentId, q.memberId);
    const { rows, head } = await paged(q, (offset, limit) => this.repo.members(agentId, q, offset, limit));
    const total = Number(head?.total ?? 0);
    return {
      list: rows.map((m) => ({
        id: Number(m.id),
        account: m.username,
        level: Number(m.level),
        isAgent: m.is_agent,
        status: m.status,
        balance: num(m.balance),
        lastLoginTime: m.last_login_at?.toISOString() ?? null,
        registerTime: m.created_at.toISOString(),
      })),
      totalPages: pages(total, q.pageSize),
      totalCount: total,
    };
  }

  async teamBetting(brand: Brand, agentId: string, q: TeamReportQuery): Promise<TeamBetting> {
    const w = dayWindow(brand, q.startTime, q.endTime);
    if (q.memberId) await this.teamMember(brand, agentId, q.memberId);
    const { rows, head } = await paged(q, (offset, limit) => this.repo.betting(agentId, q, w, offset, limit));
    const total = Number(head?.total ?? 0);
    const figures = (r: Sums | undefined, p = '') => ({
      betCount: Number(r?.[`${p}bet_count`] ?? 0),
      stake: num(r?.[`${p}stake`]),
      validBet: num(r?.[`${p}valid_bet`]),
      payout: num(r?.[`${p}payout`]),
      winLoss: num(r?.[`${p}win_loss`]),
    });
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        account: r.username,
        level: Number(r.level),
        ...figures(r),
      })),
      totalPages: pages(total, q.pageSize),
      totalCount: total,
      total: figures(head, 't_'),
    };
  }

  async teamProfit(brand: Brand, agentId: string, q: TeamReportQuery): Promise<TeamProfit> {
    const w = dayWindow(brand, q.startTime, q.endTime);
    if (q.memberId) await this.teamMember(brand, agentId, q.memberId);
    const { rows, head } = await paged(q, (offset, limit) => this.repo.profit(agentId, q, w, offset, limit));
    const total = Number(head?.total ?? 0);
    const figures = (r: Sums | undefined, p = '') => {
      const bonuses = BigInt(r?.[`${p}bonuses`] ?? '0');
      const winLoss = BigInt(r?.[`${p}win_loss`] ?? '0');
      return {
        deposits: num(r?.[`${p}deposits`]),
        withdrawals: num(r?.[`${p}withdrawals`]),
        bonuses: fromMinor(bonuses),
        validBet: num(r?.[`${p}valid_bet`]),
        winLoss: fromMinor(winLoss),
        profit: fromMinor(winLoss + bonuses),
      };
    };
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        account: r.username,
        level: Number(r.level),
        ...figures(r),
      })),
      totalPages: pages(total, q.pageSize),
      totalCount: total,
      total: figures(head, 't_'),
    };
  }

  /** The agent's own main-wallet lines of agent kinds (transfers, wages, dividends). */
  async transactions(brand: Brand, agentId: string, q: AgentTransactionQuery): Promise<AgentTransactions> {
    const w = dayWindow(brand, q.startTime, q.endTime);
    const { rows, head } = await paged(q, (offset, limit) =>
      this.repo.transactions(agentId, w, q.type, offset, limit),
    );
    const total = Number(head?.total ?? 0);
    return {
      list: rows.map((p) => ({
        id: p.id,
        time: p.created_at.toISOString(),
        type: p.kind,
        amount: num(p.amount),
        // Main accounts are tracked: every posting to them carries its balance after.
        balanceAfter: num(p.balance_after),
        counterpart: p.counterpart,
        reference: p.reference,
      })),
      totalPages: pages(total, q.pageSize),
      totalCount: total,
      totalIn: num(head?.total_in),
      totalOut: num(head?.total_out),
    };
  }

  // ---- transfers -------------------------------------------------------------------------------

  /** The agent pays a member of its own downline (any level) from its main wallet. */
  async transferToDownline(
    brand: Brand,
    agentId: string,
    input: DownlineTransferInput,
  ): Promise<AgentTransferResult> {
    await this.teamMember(brand, agentId, input.memberId);
    const to = await this.repo.member(brand.code, input.memberId);
    if (!to) throw new AppError('agent.not.downline');
    return this.transfers.toDownline(brand, agentId, { id: to.id, username: to.username }, input);
  }

  /** The agent pays its own upline: the member's upline transfer, with the same rules and references. */
  transferToUpline(brand: Brand, agentId: string, input: UplineTransferInput): Promise<AgentTransferResult> {
    return this.transfers.toUpline(brand, agentId, input);
  }
}
