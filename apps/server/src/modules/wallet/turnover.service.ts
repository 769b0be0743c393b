import { fromMinor, minorText } from '@app/contracts';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import { TurnoverRepository } from './turnover.repository';

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

  /** What each member still has to bet (minor units); a member with nothing left is absent. */
  remainingOf(db: Db, memberIds: string[]): Promise<Map<string, bigint>> {
    return this.repo.remainingOf(db, memberIds);
  }

  /** A new requirement of `required` minor units, e.g. a bonus of 100.00 with 10x turnover → 1000.00. */
  async add(
    db: Db,
    r: { merchant: string; memberId: string; required: bigint; source: string },
  ): Promise<void> {
    if (r.required > 0n) await this.repo.insert(db, r);
  }

  /**
   * Money a member sends to another account (its upline, an agent's downline) must be free of
   * open requirements, exactly as a withdrawal must: otherwise a bonus leaves its wagering
   * behind by going through a second account. The choice is to refuse, not to move the
   * requirement with the money: a requirement is the sender's promise, a receiver (an agent
   * paid by many) never agreed to it, and a part-transfer could not say which bonus it carried.
   * WARNING: call it in the transfer's transaction after locking the sender's main wallet, so a
   * bonus credited meanwhile (its credit locks that wallet first) is either seen here or not yet
   * in the wallet.
   */
  async assertFreeToSend(db: Db, memberId: string): Promise<void> {
    const left = await this.repo.remaining(db, memberId);
    if (left > 0n)
      throw new AppError('transfer.turnover.unmet', { turnoverRemaining: fromMinor(left) }, [
        minorText(left),
      ]);
  }

  /** Counts a settled bet's valid amount against the open requirements. */
  async accrue(db: Db, memberId: string, validBet: bigint): Promise<void> {
    if (validBet > 0n) await this.repo.accrue(db, memberId, validBet);
  }
}
