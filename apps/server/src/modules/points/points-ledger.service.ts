import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import { checkViolation } from '../../platform/db-errors';
import type { PointEntryKindColumn } from '../../db/schema';
import type { PointsRepository } from './points.repository';

interface PointMovement {
  merchant: string;
  memberId: string;
  kind: PointEntryKindColumn;
  /** Signed whole points: earned +, spent -. Never 0. */
  points: bigint;
  /**
   * Unique per brand. WARNING: one movement must always build the same reference (a request id, a
   * day's figure, a redemption), and two movements never the same one, or points move twice or
   * never.
   */
  reference: string;
  memo?: Record<string, unknown>;
}

interface PointPostResult {
  entryId: string;
  /** false: the reference was already applied; nothing moved this time. */
  created: boolean;
  /** The member's points after the movement (after the first one, for a repeat). */
  balance: bigint;
}

function isNegativeBalance(err: unknown): boolean {
  return checkViolation(err, 'point_balance_not_negative');
}

/**
 * The points ledger: append-only entries and a balance row per member, moved together. Like the
 * money ledger, but one account per member and no counter-account: points are issued when earned
 * and retired when spent. Every movement locks the member's balance row first, so movements of
 * one member never interleave; the reference is the one idempotency key; the balance never goes
 * below zero (refused with points.insufficient, and the CHECK backs that up).
 */
export class PointsLedger {
  constructor(private readonly repo: PointsRepository) {}

  /** Locks the member's points for the rest of `trx` (see the class comment); returns the balance. */
  lock(trx: Db, merchant: string, memberId: string): Promise<bigint> {
    return this.repo.lockBalance(trx, merchant, memberId);
  }

  /**
   * Posts one movement on `trx` (the caller's transaction, so its own record commits with it). A
   * repeat of a reference with the same member and points moves nothing; with anything else it is
   * wallet.reference.conflict.
   */
  async post(trx: Db, m: PointMovement): Promise<PointPostResult> {
    if (m.points === 0n) throw new Error(`points ${m.reference}: a movement of zero`);
    const balance = await this.repo.lockBalance(trx, m.merchant, m.memberId);
    const existing = await this.repo.entryByReference(trx, m.merchant, m.reference);
    if (existing) {
      if (existing.member_id !== m.memberId || BigInt(existing.points) !== m.points)
        throw new AppError('wallet.reference.conflict');
      return { entryId: existing.id, created: false, balance };
    }
    const after = balance + m.points;
    if (after < 0n) throw new AppError('points.insufficient');
    try {
      const entryId = await this.repo.insertEntry(trx, {
        merchant: m.merchant,
        memberId: m.memberId,
        kind: m.kind,
        points: m.points,
        balanceAfter: after,
        reference: m.reference,
        memo: m.memo ?? {},
      });
      // Under the balance lock no twin of this member can have written the reference since the
      // check above; a conflict means another member's movement holds it: a caller's bug.
      if (!entryId) throw new AppError('wallet.reference.conflict');
      await this.repo.setBalance(trx, m.memberId, after);
      return { entryId, created: true, balance: after };
    } catch (err) {
      if (isNegativeBalance(err)) throw new AppError('points.insufficient');
      throw err;
    }
  }

  balance(db: Db, memberId: string): Promise<bigint> {
    return this.repo.balance(db, memberId);
  }
}
