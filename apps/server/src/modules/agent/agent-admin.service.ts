import {
  AGENT_ADMIN_LIMITS,
  AGENT_LIMITS,
  fromMinor,
  minorText,
  type AdminStatementBets,
  type AdminStatementDetail,
  type AdminStatementLine,
  type AdminStatements,
  type AgentMove,
  type AgentMovePreview,
  type AgentMoves,
  type AgentNode,
  type AgentSearch,
  type AgentTreePage,
  type Contract,
  type ContractKind,
  type ContractTemplate,
  type adminStatementBetsQuerySchema,
  type adminStatementQuerySchema,
  type agentMoveInputSchema,
  type agentMovesQuerySchema,
  type agentTreeQuerySchema,
  type contractTemplateInputSchema,
} from '@app/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AgentContractTemplateTable } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import { uniqueViolation } from '../../platform/db-errors';
import { dayWindow } from '../../platform/day-window';
import type { AgentAdminRepository, NodeRow, StatementRow } from './agent-admin.repository';
import { isAgentType } from './agent.service';
import { checkPlatformTerms, type ContractService } from './contract.service';
import { bpText, bpToPercent, maxRateBp } from './settlement-formula';

type TreeQuery = z.output<typeof agentTreeQuerySchema>;
type TemplateInput = z.output<typeof contractTemplateInputSchema>;
type MoveInput = z.output<typeof agentMoveInputSchema>;
type MovesQuery = z.output<typeof agentMovesQuerySchema>;
type StatementQuery = z.output<typeof adminStatementQuerySchema>;
type BetsQuery = z.output<typeof adminStatementBetsQuerySchema>;

/** How far ahead of the server's clock an effective date may be (the operator's clock may run ahead). */
const CLOCK_SKEW_MS = 60_000;

/** Thrown inside a move's transaction to undo it after measuring it (the preview). */
class Preview extends Error {
  constructor(readonly result: AgentMovePreview) {
    super('preview');
  }
}

function templateOf(t: Selectable<AgentContractTemplateTable>): ContractTemplate {
  const tiers = typeof t.tiers === 'string' ? (JSON.parse(t.tiers) as typeof t.tiers) : t.tiers;
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    period: t.period,
    tiers: tiers.map((x) => ({
      minAmount: minorText(x.minAmount),
      minActive: x.minActive,
      rate: bpText(x.rateBp),
    })),
    rate: bpToPercent(t.max_rate_bp),
    updatedBy: t.updated_by,
    updatedTime: t.updated_at.toISOString(),
  };
}

function lineOf(s: StatementRow): AdminStatementLine {
  return {
    id: s.id,
    contractId: s.contract_id,
    version: s.version,
    kind: s.kind as ContractKind,
    period: s.period_key,
    periodStart: new Date(s.period_start).toISOString(),
    periodEnd: new Date(s.period_end).toISOString(),
    memberId: s.member_id,
    member: s.member_name,
    payer: s.payer_name,
    base: fromMinor(s.base),
    activeMembers: s.active_members,
    tier: s.tier,
    rate: bpToPercent(s.rate_bp),
    figure: fromMinor(s.figure),
    amount: fromMinor(s.amount),
    status: s.status,
    reason: s.reason,
    entryId: s.entry_id,
    createdTime: s.created_at.toISOString(),
  };
}

/**
 * The back office's agents: the tree (read a level at a time, searched by account), top agents'
 * contracts granted from the operator's templates, statements traced to bets and ledger entries,
 * and moves of a member with its team to another upline.
 *
 * A move is effective from a date: settlement counts the member's bets under its old upline before
 * it and under the new one from it (ContractRepository.teamWithin reads agent_move). The date is
 * never in the future and never inside a period already settled for anyone whose figures the move
 * changes (the old and new uplines and their uplines, the member and its team), so no line already
 * written changes meaning. The member's contracts from its old upline end at that date, and with
 * them, as whenever an upline contract ends, the contracts below that they capped.
 */
export class AgentAdminService {
  constructor(
    private readonly repo: AgentAdminRepository,
    private readonly contracts: ContractService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // ---- the tree ----------------------------------------------------------------------------------

  private async present(rows: NodeRow[]): Promise<AgentNode[]> {
    const held = await this.repo.inForce(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      isAgent: r.is_agent,
      agent: isAgentType(r.is_agent),
      uplineId: r.upline_id,
      directCount: Number(r.direct_count),
      teamSize: Number(r.team_size),
      contracts: held
        .filter((c) => c.member_id === r.id)
        .map((c) => ({
          id: c.id,
          kind: c.kind,
          period: c.period,
          rate: bpToPercent(c.max_rate_bp),
          version: c.version,
          upline: c.upline,
        })),
      createdTime: r.created_at.toISOString(),
    }));
  }

  async tree(brand: Brand, q: TreeQuery): Promise<AgentTreePage> {
    if (q.parentId && !(await this.repo.member(this.repo.db, brand.code, q.parentId)))
      throw new AppError('agent.member.unknown');
    const { rows, total } = await this.repo.nodes(
      brand.code,
      q.parentId ? { parentId: q.parentId } : { top: true },
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return { list: await this.present(rows), totalCount: total };
  }

  async search(brand: Brand, q: string): Promise<AgentSearch> {
    const ids = await this.repo.searchIds(brand.code, q, AGENT_ADMIN_LIMITS.searchResults);
    const { rows } = await this.repo.nodes(brand.code, { ids });
    const nodes = await this.present(rows);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const list: AgentSearch['list'] = [];
    for (const id of ids) {
      const node = byId.get(id);
      if (node) list.push({ node, path: await this.repo.path(this.repo.db, id) });
    }
    return { list };
  }

  async contractsOf(brand: Brand, memberId: string): Promise<Contract[]> {
    if (!(await this.repo.member(this.repo.db, brand.code, memberId)))
      throw new AppError('agent.member.unknown');
    return this.contracts.ofAgent(brand.code, memberId);
  }

  // ---- templates ---------------------------------------------------------------------------------

  async templates(brand: Brand): Promise<ContractTemplate[]> {
    return (await this.repo.templates(brand.code)).map(templateOf);
  }

  private async template(brand: Brand, id: string): Promise<ContractTemplate> {
    const t = await this.repo.template(this.repo.db, brand.code, id);
    if (!t) throw new AppError('agent.template.unknown');
    return templateOf(t);
  }

  /** Creates (no id) or replaces a template; its terms are checked as a grant's are. */
  async saveTemplate(
    brand: Brand,
    id: string | null,
    input: TemplateInput,
    by: string,
  ): Promise<{ before: ContractTemplate | null; after: ContractTemplate }> {
    const tiers = checkPlatformTerms(input.kind, input.period, input.tiers);
    const row = {
      name: input.name,
      kind: input.kind,
      period: input.period,
      tiers: tiers.map((t) => ({
        minAmount: t.minAmount.toString(),
        minActive: t.minActive,
        rateBp: t.rateBp,
      })),
      max_rate_bp: maxRateBp(tiers),
      updated_by: by,
    };
    const before = id ? await this.template(brand, id) : null;
    try {
      if (id) {
        if (!(await this.repo.updateTemplate(brand.code, id, row)))
          throw new AppError('agent.template.unknown');
      } else {
        id = await this.repo.insertTemplate({ ...row, merchant_code: brand.code });
      }
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError('agent.template.name.taken');
      throw err;
    }
    return { before, after: await this.template(brand, id) };
  }

  async deleteTemplate(brand: Brand, id: string): Promise<ContractTemplate> {
    const before = await this.template(brand, id);
    if (!(await this.repo.deleteTemplate(brand.code, id))) throw new AppError('agent.template.unknown');
    return before;
  }

  /** Grants the template's terms to a top agent: the same grant (and checks) as terms typed in. */
  async grantTemplate(brand: Brand, id: string, username: string): Promise<Contract> {
    const t = await this.repo.template(this.repo.db, brand.code, id);
    if (!t) throw new AppError('agent.template.unknown');
    const tiers = typeof t.tiers === 'string' ? (JSON.parse(t.tiers) as typeof t.tiers) : t.tiers;
    return this.contracts.grant(brand, {
      username,
      kind: t.kind,
      period: t.period,
      tiers: tiers.map((x) => ({ minAmount: BigInt(x.minAmount), minActive: x.minActive, rate: x.rateBp })),
    });
  }

  // ---- moves -------------------------------------------------------------------------------------

  /**
   * Moves the member with its team under the new upline, effective from `input.effectiveAt`
   * (default now). Refused, changing nothing: an unknown member or upline (another brand's is
   * unknown here), an upline that is no agent, the member's own upline already, the member
   * itself or anyone in its team (a loop), a tree deeper than AGENT_LIMITS.maxDepth, a date in the
   * future or inside a period already settled.
   */
  async move(
    brand: Brand,
    input: MoveInput,
    by: string,
    dryRun = false,
  ): Promise<{ move: AgentMove; before: { upline: string | null } } | AgentMovePreview> {
    const now = this.now();
    const at = input.effectiveAt ? new Date(input.effectiveAt) : now;
    if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new AppError('agent.move.future');
    try {
      return await this.repo.transaction(async (trx) => {
        await this.repo.lockMoves(trx, brand.code);
        const member = await this.repo.member(trx, brand.code, input.memberId);
        const target = await this.repo.member(trx, brand.code, input.toUplineId);
        if (!member || !target) throw new AppError('agent.member.unknown');
        if (!isAgentType(target.is_agent)) throw new AppError('agent.move.target.not.agent');
        if (member.upline_id === target.id) throw new AppError('agent.move.same');
        const team = await this.repo.subtree(trx, member.id);
        if (team.some((m) => m.id === target.id)) throw new AppError('agent.move.cycle');
        const targetPath = await this.repo.path(trx, target.id);
        const height = Math.max(...team.map((m) => m.level));
        // The target's level from the top (a top member is 1) plus the team's height below the member.
        if (targetPath.length + 1 + height > AGENT_LIMITS.maxDepth)
          throw new AppError('agent.move.depth', undefined, [AGENT_LIMITS.maxDepth]);
        const oldPath = member.upline_id ? await this.repo.path(trx, member.id) : [];
        const involved = [
          ...oldPath.map((p) => p.id),
          ...targetPath.map((p) => p.id),
          target.id,
          ...team.map((m) => m.id),
        ];
        const earliest = await this.repo.lastSettledEnd(trx, brand.code, [...new Set(involved)]);
        if (dryRun) {
          const ended = await this.contracts.endOnMove(trx, brand.code, member.id, member.upline_id, at);
          throw new Preview({
            earliest: earliest?.toISOString() ?? null,
            contractsEnding: ended,
            teamSize: team.length - 1,
          });
        }
        if (earliest && at < earliest)
          throw new AppError('agent.move.settled', undefined, [earliest.toISOString()]);
        const ended = await this.contracts.endOnMove(trx, brand.code, member.id, member.upline_id, at);
        await this.repo.setUpline(trx, member.id, target.id);
        const moveId = await this.repo.insertMove(trx, {
          merchant_code: brand.code,
          member_id: member.id,
          from_upline_id: member.upline_id,
          to_upline_id: target.id,
          effective_at: at,
          reason: input.reason,
          moved_by: by,
          contracts_ended: ended,
        });
        const from = oldPath.at(-1)?.username ?? null;
        return {
          before: { upline: from },
          move: {
            id: moveId,
            member: member.username,
            memberId: member.id,
            from,
            to: target.username,
            effectiveAt: at.toISOString(),
            reason: input.reason,
            movedBy: by,
            contractsEnded: ended,
            createdTime: now.toISOString(),
          },
        };
      });
    } catch (err) {
      if (err instanceof Preview) return err.result;
      throw err;
    }
  }

  async preview(brand: Brand, memberId: string, toUplineId: string): Promise<AgentMovePreview> {
    const r = await this.move(brand, { memberId, toUplineId, reason: 'preview' }, 'preview', true);
    if ('move' in r) throw new Error('a preview made a move');
    return r;
  }

  async moves(brand: Brand, q: MovesQuery): Promise<AgentMoves> {
    const rows = await this.repo.moves(brand.code, q.memberId, (q.pageNo - 1) * q.pageSize, q.pageSize);
    return {
      list: rows.map((v) => ({
        id: v.id,
        member: v.member_name,
        memberId: v.member_id,
        from: v.from_name,
        to: v.to_name,
        effectiveAt: v.effective_at.toISOString(),
        reason: v.reason,
        movedBy: v.moved_by,
        contractsEnded: v.contracts_ended,
        createdTime: v.created_at.toISOString(),
      })),
      totalCount: Number(rows[0]?.total ?? 0),
    };
  }

  // ---- statements --------------------------------------------------------------------------------

  async statements(brand: Brand, q: StatementQuery): Promise<AdminStatements> {
    let memberId: string | undefined;
    if (q.username) {
      memberId = (await this.repo.byUsername(brand.code, q.username))?.id;
      if (!memberId) return { list: [], totalCount: 0, totalPaid: 0 };
    }
    const rows = await this.repo.statements(
      brand.code,
      { memberId, kind: q.kind, status: q.status, w: dayWindow(brand, q.startTime, q.endTime) },
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map(lineOf),
      totalCount: Number(rows[0]?.total ?? 0),
      totalPaid: fromMinor(rows[0]?.total_paid ?? 0),
    };
  }

  private async line(brand: Brand, id: string): Promise<StatementRow> {
    const s = await this.repo.statement(brand.code, id);
    if (!s) throw new AppError('agent.statement.unknown');
    return s;
  }

  async statement(brand: Brand, id: string): Promise<AdminStatementDetail> {
    const s = await this.line(brand, id);
    const start = new Date(s.period_start);
    const end = new Date(s.period_end);
    const entry = s.entry_id ? await this.repo.entry(brand.code, s.entry_id) : undefined;
    const members = await this.repo.teamMembers(s.member_id, start, end, AGENT_ADMIN_LIMITS.statementMembers);
    const sum = (f: (m: (typeof members)[number]) => string) =>
      fromMinor(members.reduce((a, m) => a + BigInt(f(m)), 0n));
    return {
      line: lineOf(s),
      entry: entry
        ? {
            id: entry.id,
            reference: entry.reference,
            kind: entry.kind,
            createdTime: entry.created_at.toISOString(),
            postings: (await this.repo.postings(entry.id)).map((p) => ({
              accountId: p.account_id,
              accountKind: p.kind,
              member: p.username,
              amount: fromMinor(p.amount),
              balanceAfter: p.balance_after === null ? null : fromMinor(p.balance_after),
            })),
          }
        : null,
      members: members.map((m) => ({
        memberId: m.member_id,
        username: m.username,
        level: m.level,
        bets: Number(m.bets),
        turnover: fromMinor(m.turnover),
        loss: fromMinor(m.loss),
      })),
      totals: {
        bets: members.reduce((a, m) => a + Number(m.bets), 0),
        turnover: sum((m) => m.turnover),
        loss: sum((m) => m.loss),
        active: members.length,
      },
    };
  }

  async statementBets(brand: Brand, id: string, q: BetsQuery): Promise<AdminStatementBets> {
    const s = await this.line(brand, id);
    const rows = await this.repo.teamBets(
      s.member_id,
      q.memberId,
      new Date(s.period_start),
      new Date(s.period_end),
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map((b) => ({
        id: b.id,
        roundId: b.round_id,
        vendor: b.vendor_code,
        game: b.game_name,
        stake: fromMinor(b.stake),
        validBet: fromMinor(b.valid_bet),
        payout: fromMinor(b.payout),
        stakeEntryId: b.stake_entry_id,
        settledTime: new Date(b.settled_at).toISOString(),
      })),
      totalCount: Number(rows[0]?.total ?? 0),
    };
  }
}
