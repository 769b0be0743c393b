import {
  fromMinor,
  type BonusDetailKind,
  type BonusDetails,
  type bonusDetailsQuerySchema,
} from '@app/contracts';
import type { Db } from '../../db/repository';
import type { z } from 'zod';
import type { Brand } from '../../platform/brand';
import { dayWindow } from '../../platform/day-window';
import type { TurnoverService } from '../wallet';
import type { BonusDetailsRepository } from './bonus-details.repository';

type BonusDetailsQuery = z.output<typeof bonusDetailsQuerySchema>;

/** Memo values written before BonusService kept a source (a plain ledger entry): shown by their kind. */
const fallbackSource = (kind: string) => (kind === 'BONUS' ? 'PROMOTION' : kind);

/**
 * The bonus details page (member centre `bonusDetails`): every bonus, rebate and points
 * conversion paid into the member's main wallet in a range of the brand's calendar days, newest
 * first, with its title, the turnover it required and what is still to bet of it, and the turnover
 * still to bet over every requirement (what blocks a withdrawal).
 */
export class BonusDetailsService {
  constructor(
    private readonly repo: BonusDetailsRepository,
    private readonly turnover: TurnoverService,
    private readonly db: Db,
  ) {}

  async page(brand: Brand, memberId: string, q: BonusDetailsQuery): Promise<BonusDetails> {
    // The records' window rules: real days, at most 31 of them, at most 90 days back.
    const w = dayWindow(brand, q.startTime, q.endTime);
    const [page, left] = await Promise.all([
      this.repo.page(memberId, w, q.kind, (q.pageNo - 1) * q.pageSize, q.pageSize),
      this.turnover.remaining(this.db, memberId),
    ]);
    return {
      list: page.rows.map((r) => ({
        id: r.id,
        time: r.created_at.toISOString(),
        kind: r.kind as BonusDetailKind,
        source: r.source ?? fallbackSource(r.kind),
        title: r.title ?? '',
        amount: fromMinor(r.amount),
        turnoverRequired: fromMinor(r.turnover_required ?? '0'),
        turnoverRemaining: fromMinor(r.turnover_left),
        reference: r.reference,
      })),
      totalPages: Math.max(1, Math.ceil(page.total / q.pageSize)),
      totalCount: page.total,
      totalAmount: fromMinor(page.totalAmount),
      turnoverRemaining: fromMinor(left),
    };
  }
}
