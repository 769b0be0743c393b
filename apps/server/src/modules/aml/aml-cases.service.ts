import {
  AML_LIST_KINDS,
  AML_RULE_KINDS,
  fromMinor,
  toMinor,
  type AmlCase,
  type AmlCaseQuery,
  type AmlCaseRow,
  type AmlDecision,
  type AmlListUpload,
  type AmlRule,
  type AmlRuleInput,
  type AmlRuleKind,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { PushNotices } from '../../platform/push-topics';
import { csvCell, parseListCsv } from './aml-rules';
import type { AmlMonitorService } from './aml-monitor.service';
import type { AmlRepository } from './aml.repository';

/** Locks a member's account (the players module's lock: no login, every session ended). */
export type LockMember = (merchant: string, memberId: string) => Promise<unknown>;

type CaseRecord = NonNullable<Awaited<ReturnType<AmlRepository['caseById']>>>;
type TxJson = { kind: 'DEPOSIT' | 'WITHDRAWAL'; orderNo: string; amount: string; at: string };

const MAX_REPORT_DAYS = 366;

/**
 * The back office's side of AML: the case queue and its workflow (assign, note, decide), the
 * brand's rules, the screening lists, and the suspicious-transaction report.
 */
export class AmlCasesService {
  constructor(
    private readonly repo: AmlRepository,
    private readonly monitor: AmlMonitorService,
    private readonly lock: LockMember,
    /** The operators' case queue hears of each assignment and decision. */
    private readonly notices?: PushNotices,
  ) {}

  async queue(merchant: string, q: AmlCaseQuery) {
    const rows = await this.repo.casePage(
      merchant,
      { state: q.state, rule: q.rule, assignee: q.assignee, minAgeHours: q.minAgeHours },
      (q.page - 1) * q.pageSize,
      q.pageSize + 1,
    );
    const list: AmlCaseRow[] = rows.slice(0, q.pageSize).map((r) => ({
      id: String(r.id),
      memberId: String(r.member_id),
      username: r.username,
      rule: r.rule,
      subject: r.subject,
      state: r.state,
      assignee: r.assignee,
      blocked: r.blocked,
      createdAt: r.created_at.toISOString(),
      decidedAt: r.decided_at?.toISOString() ?? null,
    }));
    return { list, page: q.page, pageSize: q.pageSize, hasMore: rows.length > q.pageSize };
  }

  async get(merchant: string, id: string): Promise<AmlCase> {
    const c = await this.mustGet(merchant, id);
    const [notes, totals] = await Promise.all([
      this.repo.notes(c.id),
      this.repo.moneyTotals(String(c.member_id)),
    ]);
    return {
      id: String(c.id),
      memberId: String(c.member_id),
      username: c.username,
      rule: c.rule,
      subject: c.subject,
      state: c.state,
      assignee: c.assignee,
      blocked: c.blocked,
      createdAt: c.created_at.toISOString(),
      decidedAt: c.decided_at?.toISOString() ?? null,
      detail: c.detail,
      transactions: (c.transactions as TxJson[]).map((t) => ({ ...t, amount: fromMinor(t.amount) })),
      decisionReason: c.decision_reason,
      decidedBy: c.decided_by,
      member: {
        username: c.username,
        payeeName: c.payee_name,
        dateOfBirth: c.date_of_birth,
        status: c.member_status,
        registeredAt: c.registered_at.toISOString(),
        depositTotal: fromMinor(totals.deposits),
        withdrawalTotal: fromMinor(totals.withdrawals),
      },
      notes: notes.map((n) => ({
        id: String(n.id),
        at: n.at.toISOString(),
        kind: n.kind,
        actor: n.actor,
        body: n.body,
        detail: n.detail,
      })),
    };
  }

  /** Assigns an open case to a staff member (the caller, from "assign to me"). */
  async assign(merchant: string, id: string, assignee: string, by: string) {
    const c = await this.mustGet(merchant, id);
    if (c.state !== 'OPEN') throw new AppError('aml.case.decided');
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.setAssignee(trx, merchant, c.id, assignee)))
        throw new AppError('aml.case.decided');
      await this.repo.addNote(trx, c.id, 'ASSIGNED', by, '', { from: c.assignee, to: assignee });
    });
    this.notices?.queue(merchant, 'aml');
    return { before: { assignee: c.assignee }, after: { assignee } };
  }

  async note(merchant: string, id: string, text: string, by: string) {
    const c = await this.mustGet(merchant, id);
    await this.repo.addNote(this.repo.db, c.id, 'NOTE', by, text);
    return { caseId: c.id, text };
  }

  /**
   * The decision: CLEARED lifts the blocks a screening hit set (unless another open case holds
   * them), FROZEN locks the account through the players module's lock, REPORTED puts the case in
   * the suspicious-transaction report. Only an open case can be decided, once.
   */
  async decide(merchant: string, id: string, d: AmlDecision, by: string) {
    const c = await this.mustGet(merchant, id);
    if (c.state !== 'OPEN') throw new AppError('aml.case.decided');
    const memberId = String(c.member_id);
    // The lock first and outside the case's transaction (it ends sessions on its own handle);
    // locking twice is harmless, so a failure below leaves a case that can simply be decided again.
    if (d.decision === 'FROZEN') await this.lock(merchant, memberId);
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.decide(trx, merchant, c.id, d.decision, by, d.reason)))
        throw new AppError('aml.case.decided');
      if (d.decision === 'CLEARED' && c.blocked && !(await this.repo.otherBlockingCase(trx, memberId, c.id)))
        await this.repo.setMoneyBlocks(trx, memberId, false);
      await this.repo.addNote(trx, c.id, 'DECIDED', by, d.reason, { decision: d.decision });
    });
    this.notices?.queue(merchant, 'aml');
    return {
      before: { state: c.state },
      after: { state: d.decision, reason: d.reason, locked: d.decision === 'FROZEN' },
    };
  }

  async rules(merchant: string): Promise<AmlRule[]> {
    const rules = await this.monitor.rules(merchant);
    return AML_RULE_KINDS.map((k) => {
      const r = rules[k];
      return {
        kind: k,
        enabled: r.enabled,
        amount: r.amount === null ? null : fromMinor(r.amount),
        windowHours: r.windowHours,
        percent: r.percent,
        count: r.count,
      };
    });
  }

  async setRule(merchant: string, kind: AmlRuleKind, input: AmlRuleInput, by: string) {
    const before = (await this.rules(merchant)).find((r) => r.kind === kind);
    const amount = input.amount ? toMinor(input.amount) : null;
    await this.repo.upsertRule(
      merchant,
      kind,
      {
        enabled: input.enabled,
        amount: amount === 0n ? null : amount,
        windowHours: input.windowHours ?? null,
        percent: input.percent ?? null,
        count: input.count ?? null,
      },
      by,
    );
    const after = (await this.rules(merchant)).find((r) => r.kind === kind);
    return { before, after };
  }

  /** Replaces one list; any bad line refuses the whole upload and changes nothing. */
  async uploadList(merchant: string, input: AmlListUpload, by: string) {
    const { entries, errors } = parseListCsv(input.csv, input.kind);
    const first = errors[0];
    if (first) {
      throw new AppError('aml.list.invalid', { errors: errors.slice(0, 50) }, [first.line, first.reason]);
    }
    await this.repo.replaceList(merchant, input.kind, entries, by);
    return { kind: input.kind, entries: entries.length };
  }

  async lists(merchant: string) {
    const rows = new Map((await this.repo.listSummary(merchant)).map((r) => [r.list_kind, r]));
    return AML_LIST_KINDS.map((kind) => {
      const r = rows.get(kind);
      return {
        kind,
        entries: r ? Number(r.entries) : 0,
        uploadedAt: r ? new Date(r.uploaded_at).toISOString() : null,
        uploadedBy: r?.uploaded_by ?? null,
      };
    });
  }

  async stats(merchant: string, sinceDays: number | null) {
    const from = sinceDays === null ? null : new Date(Date.now() - sinceDays * 86_400_000);
    const rows = await this.repo.stats(merchant, from);
    return rows.map((r) => ({ rule: r.rule, state: r.state, count: Number(r.count) }));
  }

  /** The suspicious-transaction report: cases decided REPORTED in [from, to] (dates, brand time zone ignored: UTC days). */
  async reportRows(merchant: string, from: string, to: string): Promise<string[][]> {
    const start = new Date(`${from}T00:00:00Z`);
    const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000);
    if (
      Number.isNaN(start.getTime()) ||
      Number.isNaN(end.getTime()) ||
      start >= end ||
      end.getTime() - start.getTime() > MAX_REPORT_DAYS * 86_400_000
    )
      throw new AppError('aml.report.range');
    const rows = await this.repo.reported(merchant, start, end);
    const header = [
      'case_id',
      'rule',
      'subject',
      'opened_at',
      'reported_at',
      'reported_by',
      'reason',
      'member_id',
      'username',
      'full_name',
      'date_of_birth',
      'id_number',
      'email',
      'mobile',
      'register_ip',
      'transactions',
      'total_amount',
    ];
    return [
      header,
      ...rows.map((r) => {
        const txs = r.transactions as TxJson[];
        const total = txs.reduce((s, t) => s + BigInt(t.amount), 0n);
        return [
          String(r.id),
          r.rule,
          r.subject,
          r.created_at.toISOString(),
          r.decided_at?.toISOString() ?? '',
          r.decided_by ?? '',
          r.decision_reason ?? '',
          String(r.member_id),
          r.username,
          r.payee_name ?? '',
          r.date_of_birth ?? '',
          r.id_number ?? '',
          r.email ?? '',
          r.mobile_num ? `+${r.country_dialing_code ?? ''} ${r.mobile_num}` : '',
          r.register_ip ?? '',
          txs.map((t) => `${t.kind} ${t.orderNo} ${fromMinor(t.amount).toFixed(2)} ${t.at}`).join('; '),
          fromMinor(total).toFixed(2),
        ];
      }),
    ];
  }

  async reportCsv(merchant: string, from: string, to: string): Promise<{ body: string; rows: number }> {
    const rows = await this.reportRows(merchant, from, to);
    return { body: rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n', rows: rows.length - 1 };
  }

  private async mustGet(merchant: string, id: string): Promise<CaseRecord> {
    const c = await this.repo.caseById(merchant, id);
    if (!c) throw new AppError('aml.case.not.found');
    return c;
  }
}
