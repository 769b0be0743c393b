import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { TurnoverRepository } from './turnover.repository';

type Db = Kysely<Database>;

/**
 * Turnover a member must bet before withdrawing: bonus-like credits add a requirement, valid
 * bets work it off. Every method takes the caller's transaction.
 */
export class TurnoverService {
  private readonly repo = new TurnoverRepository();

  /** What is still to be bet (minor units); 0 when nothing is required. */
  remaining(db: Db, memberId: string): Promise<bigint> {
    return this.repo.remaining(db, memberId);
  }

  /** A new requirement of `required` minor units, e.g. a bonus of 100.00 with 10x turnover → 1000.00. */
  async add(
    db: Db,
    r: { merchant: string; memberId: string; required: bigint; source: string },
  ): Promise<void> {
    if (r.required > 0n) await this.repo.insert(db, r);
  }

  /** Counts a settled bet's valid amount against the open requirements. */
  async accrue(db: Db, memberId: string, validBet: bigint): Promise<void> {
    if (validBet > 0n) await this.repo.accrue(db, memberId, validBet);
  }
}
