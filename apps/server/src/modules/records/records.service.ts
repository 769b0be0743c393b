import {
  GAME_TYPES,
  fromMinor,
  type BetRecordList,
  type Profit,
  type TransactionList,
  type TransactionType,
  type betRecordQuerySchema,
  type profitQuerySchema,
  type transactionQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Brand } from '../../platform/brand';
import { dayWindow } from '../../platform/day-window';
import type { RecordsRepository } from './records.repository';

type TransactionQuery = z.output<typeof transactionQuerySchema>;
type BetRecordQuery = z.output<typeof betRecordQuerySchema>;
type ProfitQuery = z.output<typeof profitQuerySchema>;

const pages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The member centre's records: account movements, bets, and profit and loss. */
export class RecordsService {
  constructor(private readonly repo: RecordsRepository) {}

  async transactions(brand: Brand, memberId: string, q: TransactionQuery): Promise<TransactionList> {
    const w = dayWindow(brand, q.startTime, q.endTime);
    const r = await this.repo.transactions(memberId, w, q.type, (q.pageNo - 1) * q.pageSize, q.pageSize);
    return {
      list: r.rows.map((p) => ({
        id: p.id,
        time: p.created_at.toISOString(),
        type: p.kind as TransactionType,
        amount: fromMinor(p.amount),
        // Main and vendor accounts are tracked: every posting to them carries its balance after.
        balanceAfter: fromMinor(p.balance_after ?? '0'),
        wallet: p.account_kind === 'VENDOR' ? p.vendor_code : 'MAIN',
        reference: p.reference,
        remark: p.remark,
      })),
      totalPages: pages(r.total, q.pageSize),
      totalCount: r.total,
      totalIn: fromMinor(r.totalIn),
      totalOut: fromMinor(r.totalOut),
    };
  }

  async bets(brand: Brand, memberId: string, q: BetRecordQuery): Promise<BetRecordList> {
    const w = dayWindow(brand, q.startTime, q.endTime);
    const { rows, sums } = await this.repo.bets(
      memberId,
      w,
      { gameType: q.gameType, vendor: q.vendor?.toUpperCase() || undefined },
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    const count = Number(sums.n);
    return {
      list: rows.map((b) => ({
        id: b.id,
        betTime: b.placed_at.toISOString(),
        settleTime: b.settled_at?.toISOString() ?? null,
        vendor: b.vendor_code,
        gameType: b.game_type,
        gameName: b.game_name,
        roundId: b.round_id,
        stake: fromMinor(b.stake),
        validBet: fromMinor(b.valid_bet),
        payout: fromMinor(b.payout),
        winLoss: b.status === 'SETTLED' ? fromMinor(BigInt(b.payout) - BigInt(b.stake)) : 0,
        status: b.status,
      })),
      totalPages: pages(count, q.pageSize),
      totalCount: count,
      summary: {
        count,
        stake: fromMinor(sums.stake),
        validBet: fromMinor(sums.valid_bet),
        payout: fromMinor(sums.payout),
        winLoss: fromMinor(sums.win_loss),
      },
    };
  }

  /**
   * Profit and loss over bets settled in the window (by game type, in the fixed game-type order),
   * with deposits, net withdrawals and bonuses (BONUS and REBATE entries) of the main wallet.
   */
  async profit(brand: Brand, memberId: string, q: ProfitQuery): Promise<Profit> {
    const w = dayWindow(brand, q.startTime, q.endTime);
    const [byType, flows] = await Promise.all([
      this.repo.settledByGameType(memberId, w),
      this.repo.mainFlows(memberId, w),
    ]);
    const order = (t: string) => {
      const i = (GAME_TYPES as readonly string[]).indexOf(t);
      return i < 0 ? GAME_TYPES.length : i;
    };
    let betCount = 0;
    let stake = 0n;
    let validBet = 0n;
    let payout = 0n;
    const rows = byType
      .sort((a, b) => order(a.game_type) - order(b.game_type))
      .map((r) => {
        const n = Number(r.n);
        betCount += n;
        stake += BigInt(r.stake);
        validBet += BigInt(r.valid_bet);
        payout += BigInt(r.payout);
        return {
          gameType: r.game_type,
          betCount: n,
          stake: fromMinor(r.stake),
          validBet: fromMinor(r.valid_bet),
          payout: fromMinor(r.payout),
          winLoss: fromMinor(BigInt(r.payout) - BigInt(r.stake)),
        };
      });
    const winLoss = payout - stake;
    return {
      rows,
      total: {
        betCount,
        stake: fromMinor(stake),
        validBet: fromMinor(validBet),
        payout: fromMinor(payout),
        winLoss: fromMinor(winLoss),
      },
      deposits: fromMinor(flows.deposits),
      withdrawals: fromMinor(flows.withdrawals),
      bonuses: fromMinor(flows.bonuses),
      profit: fromMinor(winLoss + flows.bonuses),
    };
  }
}
