import {
  AGENT_ADMIN_LIMITS,
  ERROR_CODES,
  type ErrorCode,
  type Language,
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
import type { Db } from '../../db/repository';
import { messageFor } from '../../platform/messages';
import type { AgentAdminRepository, MoveRow, NodeRow, StatementRow } from './agent-admin.repository';
import { isAgentType } from './agent.service';
import { checkPlatformTerms, type ContractService } from './contract.service';
import { bpText, bpToPercent, maxRateBp } from './settlement-formula';

type TreeQuery = z.output<typeof agentTreeQuerySchema>;
type TemplateInput = z.output<typeof contractTemplateInputSchema>;
type MoveInput = z.output<typeof agentMoveInputSchema>;
type MovesQuery = z.output<typeof agentMovesQuerySchema>;
type StatementQuery = z.output<typeof adminStatementQuerySchema>;
type BetsQuery = z.output<typeof adminStatementBetsQuerySchema>;

/**
 * An effective date up to this far ahead of the server's clock is taken as now (the operator's
 * clock may run ahead); further ahead, the move is scheduled.
 */
const CLOCK_SKEW_MS = 60_000;
const DAY_MS = 86_400_000;

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

function moveOf(v: MoveRow, lang: Language): AgentMove {
  return {
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
    status: v.status,
    teamSize: v.team_size,
    appliedTime: v.applied_at?.toISOString() ?? null,
    cancelledBy: v.cancelled_by,
    cancelledTime: v.cancelled_at?.toISOString() ?? null,
    cancelReason: v.cancel_reason,
    failure: v.failure_code ? failureText(v.failure_code, v.failure_params, lang) : null,
  };
}

/** A stored failure in the reader's language (a code no longer known is shown as it is). */
function failureText(code: string, params: (string | number)[] | null, lang: Language): string {
  return (ERROR_CODES as string[]).includes(code) ? messageFor(code as ErrorCode, lang, params ?? []) : code;
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
 * it and under the new one from it (ContractRepository.teamWithin reads applied agent_move rows).
 * The date is never inside a period already settled for anyone whose figures the move changes (the
 * old and new uplines and their uplines, the member and its team), so no line already written
 * changes meaning. The member's contracts from its old upline end at that date, and with them, as
 * whenever an upline contract ends, the contracts below that they capped. A future date schedules
 * the move; applyDueMoves (a job) makes it at that time, checked again.
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
   * The checks every move passes, now and again when a scheduled one takes effect: both members
   * of the brand (another brand's is unknown here), the new upline an agent and not already the
   * member's upline, not the member itself nor anyone in its team (a loop), the tree no deeper
   * than AGENT_LIMITS.maxDepth. Reads only: a refusal here has changed nothing.
   */
  private async check(trx: Db, merchant: string, memberId: string, toUplineId: string) {
    const member = await this.repo.member(trx, merchant, memberId);
    const target = await this.repo.member(trx, merchant, toUplineId);
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
    const earliest = await this.repo.lastSettledEnd(trx, merchant, [...new Set(involved)]);
    return { member, target, team, earliest, from: oldPath.at(-1)?.username ?? null };
  }

  /**
   * Moves the member with its team under the new upline, effective from `input.effectiveAt`
   * (default now). A date in the future (beyond the clock skew allowed) schedules the move: it is
   * stored SCHEDULED with what it would do now, and applyDueMoves makes it at its time. Refused,
   * changing nothing: any refusal of `check`, a move of this member already scheduled, a date
   * more than AGENT_ADMIN_LIMITS.moveAheadDays ahead or inside a period already settled.
   */
  async move(
    brand: Brand,
    input: MoveInput,
    by: string,
    dryRun = false,
  ): Promise<{ move: AgentMove; before: { upline: string | null } } | AgentMovePreview> {
    const now = this.now();
    const at = input.effectiveAt ? new Date(input.effectiveAt) : now;
    if (at.getTime() > now.getTime() + AGENT_ADMIN_LIMITS.moveAheadDays * DAY_MS)
      throw new AppError('agent.move.future', undefined, [AGENT_ADMIN_LIMITS.moveAheadDays]);
    const scheduled = at.getTime() > now.getTime() + CLOCK_SKEW_MS;
    // What the move would do now, measured (and undone) before it is scheduled.
    const measured = scheduled && !dryRun ? await this.measure(brand, input) : null;
    try {
      return await this.repo.transaction(async (trx) => {
        await this.repo.lockMoves(trx, brand.code);
        if (await this.repo.pendingOf(trx, brand.code, input.memberId))
          throw new AppError('agent.move.pending');
        const { member, target, team, earliest, from } = await this.check(
          trx,
          brand.code,
          input.memberId,
          input.toUplineId,
        );
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
        const ended = measured
          ? measured.contractsEnding
          : await this.endAndMove(trx, brand.code, member, target.id, at);
        const moveId = await this.repo.insertMove(trx, {
          merchant_code: brand.code,
          member_id: member.id,
          from_upline_id: member.upline_id,
          to_upline_id: target.id,
          effective_at: at,
          reason: input.reason,
          moved_by: by,
          contracts_ended: ended,
          team_size: team.length - 1,
          status: scheduled ? 'SCHEDULED' : 'APPLIED',
          applied_at: scheduled ? null : now,
        });
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
            status: scheduled ? 'SCHEDULED' : 'APPLIED',
            teamSize: team.length - 1,
            appliedTime: scheduled ? null : now.toISOString(),
            cancelledBy: null,
            cancelledTime: null,
            cancelReason: null,
            failure: null,
          },
        };
      });
    } catch (err) {
      if (err instanceof Preview) return err.result;
      // Two schedulings of one member racing past pendingOf: the partial unique index refuses one.
      if (uniqueViolation(err)) throw new AppError('agent.move.pending');
      throw err;
    }
  }

  /** Ends the member's contracts from its old upline at `at` and puts it under the new one. */
  private async endAndMove(
    trx: Db,
    merchant: string,
    member: { id: string; upline_id: string | null },
    toUplineId: string,
    at: Date,
  ): Promise<number> {
    const ended = await this.contracts.endOnMove(trx, merchant, member.id, member.upline_id, at);
    await this.repo.setUpline(trx, member.id, toUplineId);
    return ended;
  }

  private async measure(brand: Brand, input: MoveInput): Promise<AgentMovePreview> {
    const r = await this.move(brand, { ...input, effectiveAt: undefined }, 'preview', true);
    if ('move' in r) throw new Error('a preview made a move');
    return r;
  }

  async preview(brand: Brand, memberId: string, toUplineId: string): Promise<AgentMovePreview> {
    return this.measure(brand, { memberId, toUplineId, reason: 'preview' });
  }

  /**
   * Staff cancel a scheduled move before it takes effect. Under the brand's move lock, so the job
   * either applied it first (then this is refused: agent.move.state) or never will.
   */
  async cancelMove(brand: Brand, id: string, reason: string, by: string, lang: Language) {
    const before = await this.oneMove(brand, id, lang);
    await this.repo.transaction(async (trx) => {
      await this.repo.lockMoves(trx, brand.code);
      if (!(await this.repo.cancelMove(trx, brand.code, id, { by, reason, at: this.now() })))
        throw new AppError('agent.move.state');
    });
    return { before, after: await this.oneMove(brand, id, lang) };
  }

  private async oneMove(brand: Brand, id: string, lang: Language): Promise<AgentMove> {
    const row = (await this.repo.moves(brand.code, { id }, 0, 1))[0];
    if (!row) throw new AppError('agent.move.unknown');
    return moveOf(row, lang);
  }

  /**
   * Applies every scheduled move whose time has come, each exactly once: under the brand's move
   * lock the row is claimed (FOR UPDATE SKIP LOCKED, still SCHEDULED), so a second server instance
   * or a second pass finds it done; a crash rolls the whole application back and the next pass
   * retries it. The checks are run again; a refusal marks it FAILED with the reason, changing
   * nothing else. Contracts from the old upline end at effective_at, not when it was scheduled.
   */
  async applyDueMoves(limit = 100): Promise<{ applied: number; failed: number }> {
    const now = this.now();
    const due = await this.repo.dueMoves(now, limit);
    let applied = 0;
    let failed = 0;
    // An unexpected error (the database) rolls that move back for the next pass; the others
    // still go ahead, and the first error is raised at the end for the job's log.
    let error: unknown = null;
    for (const d of due) {
      const r = await this.repo
        .transaction(async (trx) => {
          await this.repo.lockMoves(trx, d.merchant_code);
          const v = await this.repo.claimMove(trx, d.id, now);
          if (!v) return null;
          try {
            const { member, team, earliest } = await this.check(
              trx,
              v.merchant_code,
              v.member_id,
              v.to_upline_id,
            );
            if (earliest && v.effective_at < earliest)
              throw new AppError('agent.move.settled', undefined, [earliest.toISOString()]);
            const ended = await this.endAndMove(trx, v.merchant_code, member, v.to_upline_id, v.effective_at);
            await this.repo.markApplied(trx, v.id, {
              from_upline_id: member.upline_id,
              contracts_ended: ended,
              team_size: team.length - 1,
              applied_at: now,
            });
            return 'applied' as const;
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            await this.repo.markFailed(trx, v.id, err.code, err.params);
            return 'failed' as const;
          }
        })
        .catch((err: unknown) => {
          error ??= err;
          return null;
        });
      if (r === 'applied') applied++;
      if (r === 'failed') failed++;
    }
    if (error) throw error;
    return { applied, failed };
  }

  async moves(brand: Brand, q: MovesQuery, lang: Language): Promise<AgentMoves> {
    const rows = await this.repo.moves(
      brand.code,
      { memberId: q.memberId, status: q.status },
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map((v) => moveOf(v, lang)),
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
