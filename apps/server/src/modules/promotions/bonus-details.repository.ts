import { BONUS_DETAIL_KINDS, type BonusDetailKind } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/repository';
import { withinWindow, type DayWindow } from '../../platform/day-window';

/**
 * SQL of the bonus details page: the member's main-wallet postings of bonus-like entries (what
 * BonusService credits: BONUS, REBATE, POINTS), with the memo BonusService keeps (source, title,
 * turnoverRequired) and what is left of each one's turnover requirement (the requirement's source
 * is the entry's reference). Reads only.
 */
export class BonusDetailsRepository {
  constructor(private readonly db: Db) {}

  async page(
    memberId: string,
    w: DayWindow,
    kind: BonusDetailKind | undefined,
    offset: number,
    limit: number,
  ) {
    const base = this.db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_entry as e', 'e.id', 'p.entry_id')
      .where('a.member_id', '=', memberId)
      .where('a.kind', '=', 'MAIN')
      .where('e.kind', 'in', kind ? [kind] : [...BONUS_DETAIL_KINDS])
      .where(withinWindow('p.created_at', w));
    const [rows, totals] = await Promise.all([
      base
        .leftJoin('turnover_requirement as t', (j) =>
          j.onRef('t.member_id', '=', 'a.member_id').onRef('t.source', '=', 'e.reference'),
        )
        .select([
          'p.id',
          'p.amount',
          'p.created_at',
          'e.kind',
          'e.reference',
          sql<string | null>`e.memo->>'source'`.as('source'),
          sql<string | null>`e.memo->>'title'`.as('title'),
          sql<string | null>`e.memo->>'turnoverRequired'`.as('turnover_required'),
          sql<string>`coalesce(t.required - t.achieved, 0)::text`.as('turnover_left'),
        ])
        .orderBy('p.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base
        .select([
          sql<string>`count(*)::text`.as('n'),
          sql<string>`coalesce(sum(p.amount), 0)::text`.as('total'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(totals.n), totalAmount: BigInt(totals.total) };
  }
}
