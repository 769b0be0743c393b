import {
  CONTRACT_KIND_PERIODS,
  CONTRACT_KINDS,
  fromMinor,
  type ContractKind,
  type ContractPeriod,
  type Statement,
  type statementQuerySchema,
} from '@app/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Brand } from '../../platform/brand';
import { dayWindow } from '../../platform/day-window';
import { validZone } from '../../platform/zoned-time';
import type { LedgerService } from '../wallet';
import type { ContractRepository } from './contract.repository';
import { storedTerms, tiersOf } from './contract.service';
import {
  bpToPercent,
  duePeriods,
  isRealTimeDayEnd,
  periodFigure,
  realTimeAccrual,
  type Period,
} from './settlement-formula';

type StatementQuery = z.output<typeof statementQuerySchema>;

/** What settling one contract for one period did. */
type SettleOutcome = 'PAID' | 'UNPAID' | 'NOTHING' | 'DONE' | 'BUSY';
// NOTHING: nothing was due (a NONE line, or no line for a real-time slot); DONE: the period had a
// line already; BUSY: another run holds the contract (it settles the period).

/**
 * Settles contracts: real-time wages every 5 minutes (accruing within the day), hourly
 * and daily wages, dividends per half month or month. Each (contract, period) is paid at most
 * once: the contract row is locked with SKIP LOCKED (another instance settling it is left alone),
 * the line is looked for under that lock, and both the line (unique per contract and period) and
 * the ledger entry (reference CONTRACT:<id>:<period>) are unique, so any number of instances and
 * retries pay once.
 *
 * A period is paid under the contract in force at its end, by that contract's upline from its
 * main wallet (or by the platform's wage expense account for a top agent's platform contract),
 * as ledger kind WAGE or DIVIDEND, with a line that keeps the base (team turnover for wages, team
 * loss for dividends), the active members, the tier, the rate and the figure.
 */
export class SettlementService {
  constructor(
    private readonly repo: ContractRepository,
    private readonly ledger: LedgerService,
  ) {}

  /** Everything due at `now` in every brand: what the job runs every minute. Returns lines written. */
  async runDue(now = Date.now()): Promise<number> {
    let written = 0;
    for (const kind of CONTRACT_KINDS) {
      for (const brand of await this.repo.brandsWith(kind)) {
        const tz = validZone(brand.timezone);
        for (const period of CONTRACT_KIND_PERIODS[kind]) {
          for (const p of duePeriods(kind, period, now, tz)) {
            written += await this.settlePeriod(brand.code, kind, period, p);
          }
        }
      }
    }
    return written + (await this.retryUnpaid());
  }

  /**
   * Pays UNPAID lines whose upline can pay now: the amount the line owes, under the line's own
   * ledger reference (so a line is paid once, whoever retries it). Real-time accruals are not
   * retried: the next accrual of their day owes the day's figure less what was PAID. Returns the
   * lines paid.
   */
  async retryUnpaid(limit = 100): Promise<number> {
    let paid = 0;
    for (const u of await this.repo.unpaidLines(limit)) {
      const c = await this.repo.contract(this.repo.db, u.merchant_code, u.contract_id);
      if (!c) continue;
      // WARNING: accounts are looked up before the transaction (LedgerService.account says why).
      const payee = await this.ledger.account(u.merchant_code, 'MAIN', c.member_id);
      const payer = c.upline_id
        ? await this.ledger.account(u.merchant_code, 'MAIN', c.upline_id)
        : await this.ledger.account(u.merchant_code, 'WAGE_EXPENSE');
      const done = await this.repo.transaction(async (trx) => {
        const { rows } =
          await sql`SELECT id FROM agent_contract WHERE id = ${u.contract_id} FOR UPDATE SKIP LOCKED`.execute(
            trx,
          );
        if (rows.length === 0) return false;
        const line = await this.repo.settlementForUpdate(trx, u.contract_id, u.period_key);
        if (line?.status !== 'UNPAID') return false;
        await this.ledger.lock(trx, c.upline_id ? [payer, payee] : [payee]);
        const amount = BigInt(line.amount);
        if (c.upline_id) {
          const balance = (await this.ledger.memberBalances(trx, c.upline_id)).get('MAIN') ?? 0n;
          if (balance < amount) return false;
        }
        const posted = await this.ledger.post(trx, {
          merchant: u.merchant_code,
          reference: `CONTRACT:${u.contract_id}:${u.period_key}`,
          kind: c.kind === 'DIVIDEND' ? 'DIVIDEND' : 'WAGE',
          memberId: c.member_id,
          memo: {
            contract: u.contract_id,
            version: c.version,
            period: u.period_key,
            base: line.base,
            tier: line.tier,
            rateBp: line.rate_bp,
            retried: true,
          },
          postings: [
            { accountId: payer, amount: -amount },
            { accountId: payee, amount },
          ],
        });
        await this.repo.markPaid(trx, line.id, posted.entryId);
        return true;
      });
      if (done) paid++;
    }
    return paid;
  }

  /** Settles every contract of the brand, kind and period code in force at the end of `p`. */
  async settlePeriod(
    merchant: string,
    kind: ContractKind,
    period: ContractPeriod,
    p: Period,
  ): Promise<number> {
    let written = 0;
    for (const c of await this.repo.inForce(merchant, kind, period, p.end, p.key)) {
      const outcome = await this.settle(merchant, c.id, p);
      if (outcome === 'PAID' || outcome === 'UNPAID') written++;
    }
    return written;
  }

  /** Settles one contract for one period (idempotent; see the class comment). */
  async settle(merchant: string, contractId: string, p: Period): Promise<SettleOutcome> {
    const c = await this.repo.contract(this.repo.db, merchant, contractId);
    if (!c) return 'NOTHING';
    // WARNING: accounts are looked up before the transaction (LedgerService.account says why).
    const payee = await this.ledger.account(merchant, 'MAIN', c.member_id);
    const payer = c.upline_id
      ? await this.ledger.account(merchant, 'MAIN', c.upline_id)
      : await this.ledger.account(merchant, 'WAGE_EXPENSE');
    const kind = c.kind;
    return this.repo.transaction(async (trx) => {
      const { rows } =
        await sql`SELECT id FROM agent_contract WHERE id = ${contractId} FOR UPDATE SKIP LOCKED`.execute(trx);
      if (rows.length === 0) return 'BUSY';
      if (await this.repo.settled(trx, contractId, p.key)) return 'DONE';
      // Both wallets locked in id order before anything is read: the upline's balance check and
      // the day's paid-so-far below cannot be changed under us.
      await this.ledger.lock(trx, c.upline_id ? [payer, payee] : [payee]);
      const figures = await this.repo.teamFigures(trx, c.member_id, p.start, p.end);
      const base = kind === 'DIVIDEND' ? figures.loss : figures.turnover;
      const fig = periodFigure(tiersOf(storedTerms(c)), base, figures.active);
      const amount =
        kind === 'REALTIME'
          ? realTimeAccrual(fig.figure, await this.repo.paidOfDay(trx, c.member_id, p.dayKey!))
          : fig.figure;
      const line = {
        merchant_code: merchant,
        contract_id: contractId,
        kind,
        member_id: c.member_id,
        payer_id: c.upline_id,
        period_key: p.key,
        day_key: p.dayKey,
        period_start: p.start,
        period_end: p.end,
        base: base.toString(),
        active_members: figures.active,
        tier: fig.tier,
        rate_bp: fig.rateBp,
        figure: fig.figure.toString(),
        amount: amount.toString(),
      };
      if (amount === 0n) {
        // A real-time slot within the day with nothing new writes nothing (the next slot
        // recomputes the day anyway); any other period, and the day's last accrual (which the
        // job meets every minute of the next day), keeps a NONE line, so it is not computed again.
        if (kind === 'REALTIME' && !isRealTimeDayEnd(p)) return 'NOTHING';
        await this.repo.insertSettlement(trx, { ...line, status: 'NONE', reason: null, entry_id: null });
        return 'NOTHING';
      }
      if (c.upline_id) {
        const balance = (await this.ledger.memberBalances(trx, c.upline_id)).get('MAIN') ?? 0n;
        // The upline cannot pay it all: nothing moves (never a part), the line records what was
        // owed and why. A real-time accrual's shortfall is owed again by the next accrual of the
        // day (it pays the day's figure less what was PAID); any other line is paid by
        // retryUnpaid() once the upline's balance covers it.
        if (balance < amount) {
          await this.repo.insertSettlement(trx, {
            ...line,
            status: 'UNPAID',
            reason: 'wallet.insufficient',
            entry_id: null,
          });
          return 'UNPAID';
        }
      }
      const posted = await this.ledger.post(trx, {
        merchant,
        reference: `CONTRACT:${contractId}:${p.key}`,
        kind: kind === 'DIVIDEND' ? 'DIVIDEND' : 'WAGE',
        memberId: c.member_id,
        memo: {
          contract: contractId,
          version: c.version,
          period: p.key,
          base: base.toString(),
          tier: fig.tier,
          rateBp: fig.rateBp,
        },
        postings: [
          { accountId: payer, amount: -amount },
          { accountId: payee, amount },
        ],
      });
      if (
        !(await this.repo.insertSettlement(trx, {
          ...line,
          status: 'PAID',
          reason: null,
          entry_id: posted.entryId,
        }))
      )
        throw new Error(`settlement ${contractId} ${p.key} written twice`);
      return 'PAID';
    });
  }

  /** The caller's statement lines: paid to it (IN) or by it (OUT). */
  async statements(brand: Brand, memberId: string, q: StatementQuery): Promise<Statement> {
    const w = dayWindow(brand, q.startTime, q.endTime);
    const rows = await this.repo.statements(
      memberId,
      q.side,
      w,
      q.kind,
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    const head =
      rows[0] ??
      (q.pageNo > 1 ? (await this.repo.statements(memberId, q.side, w, q.kind, 0, 1))[0] : undefined);
    const total = Number(head?.total ?? 0);
    return {
      list: rows.map((s) => ({
        id: s.id,
        contractId: s.contract_id,
        version: s.version,
        kind: s.kind as ContractKind,
        period: s.period_key,
        periodStart: s.period_start.toISOString(),
        periodEnd: s.period_end.toISOString(),
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
        createdTime: s.created_at.toISOString(),
      })),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      totalCount: total,
      totalPaid: fromMinor(head?.total_paid ?? 0),
    };
  }
}
