import type { CockfightBetStatus, CockfightResult } from '@app/contracts';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../../../db/repository';
import type { CockfightFightTable, Database } from '../../../../db/schema';

export type FightRow = Selectable<CockfightFightTable>;
export type BetRow = Selectable<Database['cockfight_bet']>;
/** A bet with the fight it is on (its number, result and when the result may be shown). */
export type BetWithFight = BetRow & { fight_no: string; result: CockfightResult | null; reveal_at: Date };

export interface Arena {
  merchant: string;
  vendor: string;
  gameCode: string;
}

/** SQL of the cockfight arena: fights (card, result, settlement state) and the bets on them. */
export class CockfightRepository {
  /**
   * @param leaseMs how long a settling instance holds a fight before another may take it over: the
   *   jobs' lease (`JOB_LEASE_MS`), so a dead instance's settlement moves on as its jobs do. Paying
   *   twice is not what it guards (each slip's payout is idempotent), only doing the work twice.
   */
  constructor(
    private readonly db: Db,
    private readonly leaseMs = 15_000,
  ) {}

  fight(a: Arena, fightNo: number): Promise<FightRow | undefined> {
    return this.db
      .selectFrom('cockfight_fight')
      .selectAll()
      .where('merchant_code', '=', a.merchant)
      .where('vendor_code', '=', a.vendor)
      .where('game_code', '=', a.gameCode)
      .where('fight_no', '=', String(fightNo))
      .executeTakeFirst();
  }

  /** Stores a fight's card unless the fight is stored already; answers the stored fight either way. */
  async insertFightOnce(row: Insertable<CockfightFightTable>, a: Arena, fightNo: number): Promise<FightRow> {
    const inserted = await this.db
      .insertInto('cockfight_fight')
      .values(row)
      .onConflict((oc) => oc.columns(['merchant_code', 'vendor_code', 'game_code', 'fight_no']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted ?? (await this.fight(a, fightNo))!;
  }

  byId(fightId: string): Promise<FightRow | undefined> {
    return this.db.selectFrom('cockfight_fight').selectAll().where('id', '=', fightId).executeTakeFirst();
  }

  /**
   * Stores the result of a fight whose betting has closed (by the database's clock), once: a
   * fight already decided keeps its result. Answers the fight as stored.
   * WARNING: this UPDATE waits for the FOR SHARE lock of every bet being inserted (insertBet), and
   * a bet inserted after it sees the fight DECIDED: no bet can join a fight once it is decided.
   */
  async decide(fightId: string, result: CockfightResult): Promise<FightRow | undefined> {
    const updated = await this.db
      .updateTable('cockfight_fight')
      .set({ status: 'DECIDED', result, decided_at: sql<Date>`now()` })
      .where('id', '=', fightId)
      .where('status', '=', 'OPEN')
      .where('closes_at', '<=', sql<Date>`now()`)
      .returningAll()
      .executeTakeFirst();
    return updated ?? this.byId(fightId);
  }

  /** Fights whose betting has closed and that have no result yet. */
  dueToDecide(
    limit: number,
  ): Promise<Pick<FightRow, 'id' | 'chance_meron' | 'chance_wala' | 'chance_draw' | 'chance_cancel'>[]> {
    return this.db
      .selectFrom('cockfight_fight')
      .select(['id', 'chance_meron', 'chance_wala', 'chance_draw', 'chance_cancel'])
      .where('status', '=', 'OPEN')
      .where('closes_at', '<=', sql<Date>`now()`)
      .orderBy('closes_at')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a decided fight whose result may be shown, for settling: the one named, or the oldest
   * due. One instance at a time holds a fight (SKIP LOCKED and a lease); undefined if none is free.
   */
  async claimToSettle(fightId?: string): Promise<FightRow | undefined> {
    let pick = this.db
      .selectFrom('cockfight_fight')
      .select('id')
      .where('status', '=', 'DECIDED')
      .where('reveal_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
      .orderBy('reveal_at')
      .limit(1)
      .forUpdate()
      .skipLocked();
    if (fightId) pick = pick.where('id', '=', fightId);
    return this.db
      .updateTable('cockfight_fight')
      .set({ lease_until: sql<Date>`now() + make_interval(secs => ${this.leaseMs / 1000})` })
      .where('id', '=', pick)
      .returningAll()
      .executeTakeFirst();
  }

  /** Marks a fight settled once none of its bets waits for settlement; answers whether it did. */
  async finishFight(fightId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('cockfight_fight')
      .set({ status: 'SETTLED', settled_at: sql<Date>`now()`, lease_until: null })
      .where('id', '=', fightId)
      .where('status', '=', 'DECIDED')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('cockfight_bet')
              .select('id')
              .where('fight_id', '=', fightId)
              .where('status', 'in', ['PLACING', 'OPEN']),
          ),
        ),
      )
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  betByRequest(merchant: string, memberId: string, requestId: string): Promise<BetRow | undefined> {
    return this.db
      .selectFrom('cockfight_bet')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('member_id', '=', memberId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  betById(betId: string): Promise<BetRow | undefined> {
    return this.db.selectFrom('cockfight_bet').selectAll().where('id', '=', betId).executeTakeFirst();
  }

  /**
   * Inserts a bet (PLACING) if its fight still takes bets by the database's clock: 'closed' if
   * not. A concurrent twin with the same request id answers the bet inserted first.
   */
  async insertBet(row: Insertable<Database['cockfight_bet']>): Promise<BetRow | 'closed'> {
    const inserted = await this.db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('cockfight_fight')
        .select('id')
        .where('id', '=', row.fight_id)
        .where('status', '=', 'OPEN')
        .where('closes_at', '>', sql<Date>`now()`)
        .forShare()
        .executeTakeFirst();
      if (!open) return 'closed' as const;
      return trx
        .insertInto('cockfight_bet')
        .values(row)
        .onConflict((oc) => oc.columns(['merchant_code', 'member_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
    });
    if (inserted === 'closed') return inserted;
    return inserted ?? (await this.betByRequest(row.merchant_code, row.member_id, row.request_id))!;
  }

  /** A REJECTED bet tried again: back to PLACING if its fight still takes bets ('closed' if not). */
  async reopenBet(bet: BetRow): Promise<'reopened' | 'closed'> {
    return this.db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('cockfight_fight')
        .select('id')
        .where('id', '=', bet.fight_id)
        .where('status', '=', 'OPEN')
        .where('closes_at', '>', sql<Date>`now()`)
        .forShare()
        .executeTakeFirst();
      if (!open) return 'closed';
      await trx
        .updateTable('cockfight_bet')
        .set({ status: 'PLACING' })
        .where('id', '=', bet.id)
        .where('status', '=', 'REJECTED')
        .execute();
      return 'reopened';
    });
  }

  /** Moves a bet on from one of `from`; answers whether it was in one of them. */
  async markBet(
    betId: string,
    from: CockfightBetStatus[],
    to: CockfightBetStatus,
    payout?: bigint,
  ): Promise<boolean> {
    const settled = to !== 'OPEN' && to !== 'PLACING' && to !== 'REJECTED';
    const r = await this.db
      .updateTable('cockfight_bet')
      .set({
        status: to,
        ...(payout !== undefined ? { payout } : {}),
        ...(settled ? { settled_at: sql<Date>`now()` } : {}),
      })
      .where('id', '=', betId)
      .where('status', 'in', from)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** The bets of a fight that wait for settlement. */
  /**
   * The fight's bets still to settle and those settled already (not voided or refused), oldest
   * first: settling needs them all, since a member's bets on opposite sides cover each other.
   */
  fightBets(fightId: string): Promise<BetRow[]> {
    return this.db
      .selectFrom('cockfight_bet')
      .selectAll()
      .where('fight_id', '=', fightId)
      .where('status', 'in', ['PLACING', 'OPEN', 'WON', 'LOST', 'REFUNDED'])
      .orderBy('id')
      .execute();
  }

  private betsWithFight() {
    return this.db
      .selectFrom('cockfight_bet as b')
      .innerJoin('cockfight_fight as f', 'f.id', 'b.fight_id')
      .selectAll('b')
      .select(['f.fight_no', 'f.result', 'f.reveal_at']);
  }

  /** A member's bets on one fight, in the order placed (refused placements left out). */
  memberBets(fightId: string, memberId: string): Promise<BetWithFight[]> {
    return this.betsWithFight()
      .where('b.fight_id', '=', fightId)
      .where('b.member_id', '=', memberId)
      .where('b.status', '<>', 'REJECTED')
      .orderBy('b.id')
      .execute();
  }

  /** A member's latest bets in one game, newest first (refused placements left out). */
  latestBets(memberId: string, nodeId: string, limit: number): Promise<BetWithFight[]> {
    return this.betsWithFight()
      .where('b.member_id', '=', memberId)
      .where('b.node_id', '=', nodeId)
      .where('b.status', '<>', 'REJECTED')
      .orderBy('b.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The arena's latest results that may be shown, newest first. */
  road(a: Arena, limit: number): Promise<Pick<FightRow, 'fight_no' | 'result'>[]> {
    return this.db
      .selectFrom('cockfight_fight')
      .select(['fight_no', 'result'])
      .where('merchant_code', '=', a.merchant)
      .where('vendor_code', '=', a.vendor)
      .where('game_code', '=', a.gameCode)
      .where('result', 'is not', null)
      .where('reveal_at', '<=', sql<Date>`now()`)
      .orderBy('fight_no', 'desc')
      .limit(limit)
      .execute();
  }
}
