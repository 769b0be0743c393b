import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/repository';
import type { Database, LotteryBetStatusColumn, LotteryDrawTable } from '../../db/schema';

export type DrawRow = Selectable<LotteryDrawTable>;
export type BetRow = Selectable<Database['lottery_bet']>;
/** A bet line with its draw (numero, state and result). */
export type BetWithDraw = BetRow & {
  numero: string;
  draw_status: DrawRow['status'];
  result: unknown;
};

export interface GameKey {
  merchant: string;
  vendor: string;
  gameCode: string;
}

/** SQL of the lottery: draws (schedule, result, settlement state) and the bet lines on them. */
export class LotteryRepository {
  /**
   * @param leaseMs how long a settling instance holds a draw before another may take it over: the
   *   jobs' lease (`JOB_LEASE_MS`), so a dead instance's settlement moves on as its jobs do. Paying
   *   twice is not what it guards (each slip's payout is idempotent), only doing the work twice.
   */
  constructor(
    private readonly db: Db,
    private readonly leaseMs = 15_000,
  ) {}

  /** The brand's lottery games switched off, as 'vendor|gameCode' (or only the one named). */
  async offGames(merchant: string, only?: { vendor: string; gameCode: string }): Promise<Set<string>> {
    let q = this.db
      .selectFrom('lottery_game_setting')
      .select(['vendor_code', 'game_code'])
      .where('merchant_code', '=', merchant)
      .where('enabled', '=', false);
    if (only) q = q.where('vendor_code', '=', only.vendor).where('game_code', '=', only.gameCode);
    return new Set((await q.execute()).map((r) => `${r.vendor_code}|${r.game_code}`));
  }

  /** Switches a lottery game of the brand on or off. */
  async setGameEnabled(g: GameKey, enabled: boolean, by: string): Promise<void> {
    await this.db
      .insertInto('lottery_game_setting')
      .values({
        merchant_code: g.merchant,
        vendor_code: g.vendor,
        game_code: g.gameCode,
        enabled,
        updated_by: by,
      })
      .onConflict((oc) =>
        oc
          .columns(['merchant_code', 'vendor_code', 'game_code'])
          .doUpdateSet({ enabled, updated_by: by, updated_at: new Date() }),
      )
      .execute();
  }

  async merchantCodes(): Promise<string[]> {
    return (await this.db.selectFrom('merchant').select('code').orderBy('code').execute()).map((r) => r.code);
  }

  draw(g: GameKey, numero: string): Promise<DrawRow | undefined> {
    return this.db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('merchant_code', '=', g.merchant)
      .where('vendor_code', '=', g.vendor)
      .where('game_code', '=', g.gameCode)
      .where('numero', '=', numero)
      .executeTakeFirst();
  }

  byId(drawId: string): Promise<DrawRow | undefined> {
    return this.db.selectFrom('lottery_draw').selectAll().where('id', '=', drawId).executeTakeFirst();
  }

  /** Stores a draw unless it is stored already; answers the stored draw either way. */
  async insertDrawOnce(row: Insertable<LotteryDrawTable>): Promise<DrawRow> {
    const inserted = await this.db
      .insertInto('lottery_draw')
      .values(row)
      .onConflict((oc) => oc.columns(['merchant_code', 'vendor_code', 'game_code', 'numero']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return (
      inserted ??
      (await this.draw(
        { merchant: row.merchant_code, vendor: row.vendor_code, gameCode: row.game_code },
        row.numero,
      ))!
    );
  }

  /** OPEN draws past their lock time become LOCKED (what the lists show; bets check lock_at anyway). */
  async lockDue(): Promise<void> {
    await this.db
      .updateTable('lottery_draw')
      .set({ status: 'LOCKED' })
      .where('status', '=', 'OPEN')
      .where('lock_at', '<=', sql<Date>`now()`)
      .execute();
  }

  /** Draws past their draw time without a result. */
  dueToDraw(limit: number): Promise<DrawRow[]> {
    return this.db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('status', 'in', ['OPEN', 'LOCKED'])
      .where('draw_at', '<=', sql<Date>`now()`)
      .orderBy('draw_at')
      .limit(limit)
      .execute();
  }

  /**
   * Stores the result of a draw past its draw time (by the database's clock), once: a draw that
   * has a result (or was cancelled) keeps it. Answers the draw as stored.
   * WARNING: this UPDATE waits for the FOR SHARE lock of every slip being inserted (insertSlip);
   * a slip inserted after it sees the draw DRAWN and is refused.
   */
  async storeResult(drawId: string, result: unknown, rngRecord?: unknown): Promise<DrawRow | undefined> {
    const updated = await this.db
      .updateTable('lottery_draw')
      .set({
        status: 'DRAWN',
        result: JSON.stringify(result),
        rng_record: rngRecord === undefined ? null : JSON.stringify(rngRecord),
        opened_at: sql<Date>`now()`,
      })
      .where('id', '=', drawId)
      .where('status', 'in', ['OPEN', 'LOCKED'])
      .where('draw_at', '<=', sql<Date>`now()`)
      .returningAll()
      .executeTakeFirst();
    return updated ?? this.byId(drawId);
  }

  /**
   * Takes a DRAWN draw for settling: the one named, or the oldest. One instance at a time holds a
   * draw (SKIP LOCKED and a lease); undefined if none is free.
   */
  async claimToSettle(drawId?: string): Promise<DrawRow | undefined> {
    let pick = this.db
      .selectFrom('lottery_draw')
      .select('id')
      .where('status', '=', 'DRAWN')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
      .orderBy('draw_at')
      .limit(1)
      .forUpdate()
      .skipLocked();
    if (drawId) pick = pick.where('id', '=', drawId);
    return this.db
      .updateTable('lottery_draw')
      .set({ lease_until: sql<Date>`now() + make_interval(secs => ${this.leaseMs / 1000})` })
      .where('id', '=', pick)
      .returningAll()
      .executeTakeFirst();
  }

  /** Marks a draw settled once none of its lines waits for settlement; answers whether it did. */
  async finishDraw(drawId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('lottery_draw')
      .set({ status: 'SETTLED', settled_at: sql<Date>`now()`, lease_until: null })
      .where('id', '=', drawId)
      .where('status', '=', 'DRAWN')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('lottery_bet')
              .select('id')
              .where('draw_id', '=', drawId)
              .where('status', 'in', ['PLACING', 'OPEN']),
          ),
        ),
      )
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /**
   * Cancels a draw that is not settled, unless a settling instance holds it: answers the draw as
   * cancelled, or undefined (settled, or being settled right now).
   */
  async cancel(drawId: string, reason: string): Promise<DrawRow | undefined> {
    return this.db
      .updateTable('lottery_draw')
      .set({ status: 'CANCELLED', cancel_reason: reason, lease_until: null })
      .where('id', '=', drawId)
      .where('status', 'in', ['OPEN', 'LOCKED', 'DRAWN'])
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
      .returningAll()
      .executeTakeFirst();
  }

  /** A slip's lines (line order). */
  slip(merchant: string, memberId: string, requestId: string): Promise<BetRow[]> {
    return this.db
      .selectFrom('lottery_bet')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('member_id', '=', memberId)
      .where('request_id', '=', requestId)
      .orderBy('line_no')
      .execute();
  }

  /**
   * Inserts a slip's lines (PLACING) if the draw still takes bets by the database's clock:
   * 'closed' if not. A concurrent twin with the same request id answers the lines inserted first.
   */
  async insertSlip(
    drawId: string,
    rows: Insertable<Database['lottery_bet']>[],
  ): Promise<BetRow[] | 'closed'> {
    const first = rows[0]!;
    const out = await this.db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('lottery_draw')
        .select('id')
        .where('id', '=', drawId)
        .where('status', '=', 'OPEN')
        .where('lock_at', '>', sql<Date>`now()`)
        .forShare()
        .executeTakeFirst();
      if (!open) return 'closed' as const;
      await trx
        .insertInto('lottery_bet')
        .values(rows)
        .onConflict((oc) => oc.columns(['merchant_code', 'member_id', 'request_id', 'line_no']).doNothing())
        .execute();
      return 'inserted' as const;
    });
    if (out === 'closed') return out;
    return this.slip(first.merchant_code, first.member_id, first.request_id);
  }

  /** Moves lines on from one of `from`; answers how many moved. */
  async markLines(
    ids: string[],
    from: LotteryBetStatusColumn[],
    to: LotteryBetStatusColumn,
    extra: { hits?: number; payout?: bigint } = {},
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const settled = to !== 'OPEN' && to !== 'PLACING';
    const r = await this.db
      .updateTable('lottery_bet')
      .set({
        status: to,
        ...(extra.hits !== undefined ? { hits: extra.hits } : {}),
        ...(extra.payout !== undefined ? { payout: extra.payout } : {}),
        ...(settled ? { settled_at: sql<Date>`now()` } : {}),
      })
      .where('id', 'in', ids)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Deletes lines still PLACING (a slip whose stake the wallet refused: nothing moved). */
  async deleteUnplaced(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('lottery_bet').where('id', 'in', ids).where('status', '=', 'PLACING').execute();
  }

  /** One line moved on from one of `from` (a settled line with its hits and payout). */
  async markLine(
    id: string,
    from: LotteryBetStatusColumn[],
    to: LotteryBetStatusColumn,
    extra: { hits?: number; payout?: bigint } = {},
  ): Promise<boolean> {
    return (await this.markLines([id], from, to, extra)) > 0;
  }

  /** The lines of a draw that wait for settlement (slip by slip, line order). */
  unsettledBets(drawId: string): Promise<BetRow[]> {
    return this.db
      .selectFrom('lottery_bet')
      .selectAll()
      .where('draw_id', '=', drawId)
      .where('status', 'in', ['PLACING', 'OPEN'])
      .orderBy('member_id')
      .orderBy('request_id')
      .orderBy('line_no')
      .execute();
  }

  private betsWithDraw() {
    return this.db
      .selectFrom('lottery_bet as b')
      .innerJoin('lottery_draw as d', 'd.id', 'b.draw_id')
      .selectAll('b')
      .select(['d.numero', 'd.status as draw_status', 'd.result']);
  }

  /** The lines of one slip with their draw. */
  slipWithDraw(merchant: string, memberId: string, requestId: string): Promise<BetWithDraw[]> {
    return this.betsWithDraw()
      .where('b.merchant_code', '=', merchant)
      .where('b.member_id', '=', memberId)
      .where('b.request_id', '=', requestId)
      .orderBy('b.line_no')
      .execute();
  }

  /** A member's latest lines (of one game, or all), newest first. */
  latestBets(
    memberId: string,
    limit: number,
    game?: { vendor: string; gameCode: string },
  ): Promise<BetWithDraw[]> {
    let q = this.betsWithDraw().where('b.member_id', '=', memberId);
    if (game) q = q.where('b.vendor_code', '=', game.vendor).where('b.game_code', '=', game.gameCode);
    return q.orderBy('b.id', 'desc').limit(limit).execute();
  }

  /** The member's lottery games, last played first. */
  async recentNodes(memberId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('lottery_bet')
      .select(['node_id', (eb) => eb.fn.max('id').as('last')])
      .where('member_id', '=', memberId)
      .groupBy('node_id')
      .orderBy('last', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.node_id);
  }

  /** A game's draws, newest first; `opened`: only those with a published result (DRAWN, SETTLED). */
  draws(g: GameKey, limit: number, opened: boolean): Promise<DrawRow[]> {
    let q = this.db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('merchant_code', '=', g.merchant)
      .where('vendor_code', '=', g.vendor)
      .where('game_code', '=', g.gameCode);
    if (opened) q = q.where('status', 'in', ['DRAWN', 'SETTLED']);
    return q.orderBy('seq', 'desc').limit(limit).execute();
  }

  /** The latest opened draw of every game of a brand. */
  latestOpened(merchant: string): Promise<DrawRow[]> {
    return this.db
      .selectFrom('lottery_draw')
      .selectAll()
      .distinctOn(['vendor_code', 'game_code'])
      .where('merchant_code', '=', merchant)
      .where('status', 'in', ['DRAWN', 'SETTLED'])
      .orderBy('vendor_code')
      .orderBy('game_code')
      .orderBy('seq', 'desc')
      .execute();
  }

  /**
   * The brand's draws for the back office, newest first, with each draw's lines, stakes and
   * payouts (a draw without lines shows zeros).
   */
  async adminDraws(
    merchant: string,
    q: {
      vendor?: string;
      gameCode?: string;
      numero?: string;
      status?: DrawRow['status'];
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: (DrawRow & { lines: number; stake: string; payout: string })[]; total: number }> {
    let base = this.db.selectFrom('lottery_draw as d').where('d.merchant_code', '=', merchant);
    if (q.vendor) base = base.where('d.vendor_code', '=', q.vendor);
    if (q.gameCode) base = base.where('d.game_code', '=', q.gameCode);
    if (q.numero) base = base.where('d.numero', '=', q.numero);
    if (q.status) base = base.where('d.status', '=', q.status);
    const total = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('d')
      .select([
        sql<number>`(SELECT count(*)::int FROM lottery_bet b WHERE b.draw_id = d.id)`.as('lines'),
        sql<string>`(SELECT coalesce(sum(b.stake), 0)::text FROM lottery_bet b WHERE b.draw_id = d.id)`.as(
          'stake',
        ),
        sql<string>`(SELECT coalesce(sum(b.payout), 0)::text FROM lottery_bet b WHERE b.draw_id = d.id AND b.status IN ('WON', 'LOST'))`.as(
          'payout',
        ),
      ])
      .orderBy('d.draw_at', 'desc')
      .orderBy('d.id', 'desc')
      .offset(q.offset)
      .limit(q.limit)
      .execute();
    return { rows, total: total.n };
  }
}
