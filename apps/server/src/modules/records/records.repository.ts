import { TRANSACTION_TYPES, type TransactionType } from '@app/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/repository';
import { withinWindow, type DayWindow } from '../../platform/day-window';

/** Calendar days in a time zone: [start 00:00, endExclusive 00:00) local time. */

/** Sums of int8 arrive as decimal text (numeric); 0 when there is nothing to sum. */
const total = (expr: RawBuilder<unknown>) => sql<string>`coalesce(sum(${expr}), 0)::text`;

/** SQL of the member's records: account movements, bets, profit and loss. Reads only. */
export class RecordsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Postings to the member's own main and vendor accounts (an upline sees what was sent to it:
   * the account is its, whoever's entry it is), newest first, with totals over the whole window.
   * The totals count what entered or left the member: each entry's postings to its wallets are
   * summed first, so a move between its own wallets (main <-> a vendor wallet) nets to nothing.
   */
  async transactions(
    memberId: string,
    w: DayWindow,
    type: TransactionType | undefined,
    offset: number,
    limit: number,
  ) {
    let base = this.db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_entry as e', 'e.id', 'p.entry_id')
      .where('a.member_id', '=', memberId)
      .where('a.kind', 'in', ['MAIN', 'VENDOR'])
      // Operator-only kinds never touch a member's main or vendor wallet; the filter keeps the
      // answer within the types the contract names should one ever do.
      .where('e.kind', 'in', [...TRANSACTION_TYPES])
      .where(withinWindow('p.created_at', w));
    if (type) base = base.where('e.kind', '=', type);
    const [rows, totals, sums] = await Promise.all([
      base
        .select([
          'p.id',
          'p.amount',
          'p.balance_after',
          'p.created_at',
          'e.kind',
          'e.reference',
          'a.kind as account_kind',
          'a.vendor_code',
          sql<string | null>`e.memo->>'reason'`.as('remark'),
        ])
        .orderBy('p.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
      this.db
        .selectFrom(
          base
            .select(['e.id', sql<string>`sum(p.amount)`.as('net')])
            .groupBy('e.id')
            .as('entry'),
        )
        .select([
          total(sql`CASE WHEN entry.net > 0 THEN entry.net ELSE 0 END`).as('in'),
          total(sql`CASE WHEN entry.net < 0 THEN -entry.net ELSE 0 END`).as('out'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows,
      total: Number(totals.n),
      totalIn: BigInt(sums.in),
      totalOut: BigInt(sums.out),
    };
  }

  /** The member's bets placed in the window, newest first, with column sums over the whole window. */
  async bets(
    memberId: string,
    w: DayWindow,
    f: { gameType?: string; vendor?: string },
    offset: number,
    limit: number,
  ) {
    let base = this.db
      .selectFrom('bet_record')
      .where('member_id', '=', memberId)
      .where(withinWindow('placed_at', w));
    if (f.gameType) base = base.where('game_type', '=', f.gameType);
    if (f.vendor) base = base.where('vendor_code', '=', f.vendor);
    const [rows, sums] = await Promise.all([
      base
        .selectAll()
        .orderBy('placed_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base
        .select([
          sql<string>`count(*)::text`.as('n'),
          total(sql`stake`).as('stake'),
          total(sql`valid_bet`).as('valid_bet'),
          total(sql`payout`).as('payout'),
          total(sql`CASE WHEN status = 'SETTLED' THEN payout - stake ELSE 0 END`).as('win_loss'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, sums };
  }

  /** Bets settled in the window, per game type. */
  settledByGameType(memberId: string, w: DayWindow) {
    return this.db
      .selectFrom('bet_record')
      .select([
        'game_type',
        sql<string>`count(*)::text`.as('n'),
        total(sql`stake`).as('stake'),
        total(sql`valid_bet`).as('valid_bet'),
        total(sql`payout`).as('payout'),
      ])
      .where('member_id', '=', memberId)
      .where('status', '=', 'SETTLED')
      .where(withinWindow('settled_at', w))
      .groupBy('game_type')
      .execute();
  }

  /** Money in and out of the member's main wallet in the window, by what moved it. */
  async mainFlows(memberId: string, w: DayWindow) {
    const row = await this.db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_entry as e', 'e.id', 'p.entry_id')
      .select([
        total(sql`CASE WHEN e.kind = 'DEPOSIT' AND p.amount > 0 THEN p.amount ELSE 0 END`).as('deposits'),
        // Requested withdrawals leave main; rejected ones come back: the net is what left.
        total(
          sql`CASE WHEN e.kind = 'WITHDRAW' AND p.amount < 0 THEN -p.amount
                   WHEN e.kind = 'WITHDRAW_RETURN' AND p.amount > 0 THEN -p.amount ELSE 0 END`,
        ).as('withdrawals'),
        total(sql`CASE WHEN e.kind IN ('BONUS', 'REBATE') THEN p.amount ELSE 0 END`).as('bonuses'),
      ])
      .where('a.member_id', '=', memberId)
      .where('a.kind', '=', 'MAIN')
      .where('e.kind', 'in', ['DEPOSIT', 'WITHDRAW', 'WITHDRAW_RETURN', 'BONUS', 'REBATE'])
      .where(withinWindow('p.created_at', w))
      .executeTakeFirstOrThrow();
    return {
      deposits: BigInt(row.deposits),
      withdrawals: BigInt(row.withdrawals),
      bonuses: BigInt(row.bonuses),
    };
  }
}
