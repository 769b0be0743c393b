import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../../db/repository';
import type { SportsbookBetTable, SportsbookFixtureTable } from '../../../../db/schema';

export type FixtureRow = Selectable<SportsbookFixtureTable>;
export type BetRow = Selectable<SportsbookBetTable>;

export interface NewFixture {
  merchant_code: string;
  fixture_id: string;
  sport: string;
  league_id: string;
  detail: unknown;
  kick_off: Date;
  local_date: string;
}

interface NewBet {
  merchant_code: string;
  bet_id: string;
  member_id: string;
  node_id: string;
  vendor_code: string;
  wallet_vendor: string | null;
  game_type: string;
  game_code: string;
  game_name: string;
  stake: bigint;
  legs: unknown;
}

/** SQL of the house sportsbook: fixtures (with their stored timelines) and bets. */
export class SportsbookRepository {
  constructor(private readonly db: Db) {}

  /** Stores generated fixtures; ones already stored stay as they are. */
  async insertFixtures(rows: NewFixture[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('sportsbook_fixture')
      .values(rows.map((r) => ({ ...r, detail: JSON.stringify(r.detail) })))
      .onConflict((oc) => oc.columns(['merchant_code', 'fixture_id']).doNothing())
      .execute();
  }

  fixturesBetween(merchant: string, sport: string, from: Date, to: Date): Promise<FixtureRow[]> {
    return this.db
      .selectFrom('sportsbook_fixture')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('sport', '=', sport)
      .where('kick_off', '>=', from)
      .where('kick_off', '<', to)
      .orderBy('kick_off')
      .orderBy('fixture_id')
      .execute();
  }

  fixturesByIds(merchant: string, ids: string[]): Promise<FixtureRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sportsbook_fixture')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('fixture_id', 'in', ids)
      .execute();
  }

  /**
   * Stores a match's timeline unless one is stored already (insert-once): whoever comes second
   * reads the first one's. Answers the stored row.
   */
  async storeTimelineOnce(
    merchant: string,
    fixtureId: string,
    timeline: unknown,
    endsAt: Date,
  ): Promise<FixtureRow> {
    await this.db
      .updateTable('sportsbook_fixture')
      .set({ timeline: JSON.stringify(timeline), ends_at: endsAt })
      .where('merchant_code', '=', merchant)
      .where('fixture_id', '=', fixtureId)
      .where('timeline', 'is', null)
      .execute();
    return this.db
      .selectFrom('sportsbook_fixture')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirstOrThrow();
  }

  /** Scheduled matches of every brand that have kicked off with no timeline yet. */
  kickedOffUndecided(now: Date, limit: number): Promise<FixtureRow[]> {
    return this.db
      .selectFrom('sportsbook_fixture')
      .selectAll()
      .where('status', '=', 'SCHEDULED')
      .where('kick_off', '<=', now)
      .where('timeline', 'is', null)
      .orderBy('kick_off')
      .limit(limit)
      .execute();
  }

  /** Scheduled matches of every brand whose stored timeline has ended. */
  ended(now: Date, limit: number): Promise<FixtureRow[]> {
    return this.db
      .selectFrom('sportsbook_fixture')
      .selectAll()
      .where('status', '=', 'SCHEDULED')
      .where('ends_at', '<=', now)
      .orderBy('ends_at')
      .limit(limit)
      .execute();
  }

  /** SCHEDULED → FINISHED with the final score (a second call changes nothing). */
  async finish(merchant: string, fixtureId: string, home: number, away: number): Promise<void> {
    await this.db
      .updateTable('sportsbook_fixture')
      .set({ status: 'FINISHED', final_home: home, final_away: away })
      .where('merchant_code', '=', merchant)
      .where('fixture_id', '=', fixtureId)
      .where('status', '=', 'SCHEDULED')
      .execute();
  }

  /** SCHEDULED → CANCELLED; true if this call cancelled it. */
  async cancel(merchant: string, fixtureId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('sportsbook_fixture')
      .set({ status: 'CANCELLED' })
      .where('merchant_code', '=', merchant)
      .where('fixture_id', '=', fixtureId)
      .where('status', '=', 'SCHEDULED')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  // ---- bets ------------------------------------------------------------------------------------

  /** Inserts a bet as PLACING with its legs, unless the bet id exists; answers the stored row. */
  async insertBetOnce(bet: NewBet, fixtureIds: string[]): Promise<{ row: BetRow; created: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('sportsbook_bet')
        .values({ ...bet, legs: JSON.stringify(bet.legs), status: 'PLACING' })
        .onConflict((oc) => oc.columns(['merchant_code', 'bet_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) {
        const row = await trx
          .selectFrom('sportsbook_bet')
          .selectAll()
          .where('merchant_code', '=', bet.merchant_code)
          .where('bet_id', '=', bet.bet_id)
          .executeTakeFirstOrThrow();
        return { row, created: false };
      }
      await trx
        .insertInto('sportsbook_bet_leg')
        .values(
          fixtureIds.map((f) => ({
            bet_row_id: inserted.id,
            merchant_code: bet.merchant_code,
            fixture_id: f,
          })),
        )
        .execute();
      return { row: inserted, created: true };
    });
  }

  bet(merchant: string, betId: string): Promise<BetRow | undefined> {
    return this.db
      .selectFrom('sportsbook_bet')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('bet_id', '=', betId)
      .executeTakeFirst();
  }

  /**
   * Moves a bet from one status to another (compare-and-set: only one caller wins), recording the
   * payout and leg results when given. Answers the updated row, or undefined if it was not `from`.
   */
  transition(
    merchant: string,
    betId: string,
    from: string,
    to: { status: string; payout?: bigint; validBet?: bigint; legResults?: string[]; settled?: boolean },
  ): Promise<BetRow | undefined> {
    return this.db
      .updateTable('sportsbook_bet')
      .set({
        status: to.status,
        ...(to.payout !== undefined ? { payout: to.payout } : {}),
        ...(to.validBet !== undefined ? { valid_bet: to.validBet } : {}),
        ...(to.legResults ? { leg_results: JSON.stringify(to.legResults) } : {}),
        ...(to.settled ? { settled_at: new Date() } : {}),
      })
      .where('merchant_code', '=', merchant)
      .where('bet_id', '=', betId)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
  }

  async markCredited(merchant: string, betId: string): Promise<void> {
    await this.db
      .updateTable('sportsbook_bet')
      .set({ credited_at: new Date() })
      .where('merchant_code', '=', merchant)
      .where('bet_id', '=', betId)
      .where('credited_at', 'is', null)
      .execute();
  }

  /** OPEN bets of every brand whose matches have all ended (finished or cancelled). */
  settleable(limit: number): Promise<BetRow[]> {
    return this.db
      .selectFrom('sportsbook_bet as b')
      .selectAll('b')
      .where('b.status', '=', 'OPEN')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sportsbook_bet_leg as l')
              .innerJoin('sportsbook_fixture as f', (j) =>
                j.onRef('f.merchant_code', '=', 'l.merchant_code').onRef('f.fixture_id', '=', 'l.fixture_id'),
              )
              .select(sql<number>`1`.as('one'))
              .whereRef('l.bet_row_id', '=', 'b.id')
              .where('f.status', '=', 'SCHEDULED'),
          ),
        ),
      )
      .orderBy('b.id')
      .limit(limit)
      .execute();
  }

  /**
   * Every staked bet (open, settled or cashed out; not void, rejected or still placing) of these
   * members with a leg on these matches, oldest first: a member's singles on one market cover
   * each other, so settling one needs them all. One query for a whole batch of settlements.
   */
  staked(merchant: string, fixtureIds: string[], memberIds: string[]): Promise<BetRow[]> {
    if (fixtureIds.length === 0 || memberIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sportsbook_bet as b')
      .selectAll('b')
      .where('b.merchant_code', '=', merchant)
      .where('b.member_id', 'in', memberIds)
      .where('b.status', 'in', ['OPEN', 'WON', 'LOST', 'CASHED_OUT'])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('sportsbook_bet_leg as l')
            .select(sql<number>`1`.as('one'))
            .whereRef('l.bet_row_id', '=', 'b.id')
            .where('l.merchant_code', '=', merchant)
            .where('l.fixture_id', 'in', fixtureIds),
        ),
      )
      .orderBy('b.id')
      .execute();
  }

  /** Bets stuck in PLACING since before `before` (the placing request died between row and debit). */
  stalePlacing(before: Date, limit: number): Promise<BetRow[]> {
    return this.db
      .selectFrom('sportsbook_bet')
      .selectAll()
      .where('status', '=', 'PLACING')
      .where('placed_at', '<', before)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Settled bets whose money has not been confirmed in the wallet since before `before`. */
  uncredited(before: Date, limit: number): Promise<BetRow[]> {
    return this.db
      .selectFrom('sportsbook_bet')
      .selectAll()
      .where('credited_at', 'is', null)
      .where('status', 'in', ['WON', 'LOST', 'VOID', 'CASHED_OUT'])
      .where('settled_at', '<', before)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** A member's bets in one game, newest first (PLACING and REJECTED ones left out). */
  latest(memberId: string, nodeId: string, limit: number): Promise<BetRow[]> {
    return this.db
      .selectFrom('sportsbook_bet')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('node_id', '=', nodeId)
      .where('status', 'not in', ['PLACING', 'REJECTED'])
      .orderBy('placed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  open(memberId: string, nodeId: string, limit: number): Promise<BetRow[]> {
    return this.db
      .selectFrom('sportsbook_bet')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('node_id', '=', nodeId)
      .where('status', '=', 'OPEN')
      .orderBy('placed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
