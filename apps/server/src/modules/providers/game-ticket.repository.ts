import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/repository';
import type { GameTicketTable } from '../../db/schema';

export type TicketRow = Selectable<GameTicketTable>;

/** SQL of launch codes and game tickets (one row each: first the code, then the ticket). */
export class GameTicketRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<GameTicketTable>): Promise<void> {
    await this.db.insertInto('game_ticket').values(row).execute();
  }

  /**
   * Turns an unused, unexpired launch code into the ticket `ticketHash`, once: the row's key
   * changes, so a second exchange of the same code (even a concurrent one) finds nothing. Only
   * while the launching session is live and the member active.
   */
  exchange(codeHash: Buffer, ticketHash: Buffer, until: Date): Promise<TicketRow | undefined> {
    return this.db
      .updateTable('game_ticket as t')
      .from(['member_session as s', 'member as m'])
      .set({ token_hash: ticketHash, exchanged_at: sql<Date>`now()`, expires_at: until })
      .whereRef('s.id', '=', 't.session_id')
      .whereRef('m.id', '=', 't.member_id')
      .where('t.token_hash', '=', codeHash)
      .where('t.exchanged_at', 'is', null)
      .where('t.expires_at', '>', sql<Date>`now()`)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('m.status', '=', 'ACTIVE')
      .returningAll('t')
      .executeTakeFirst();
  }

  /**
   * A live ticket by its hash: unexpired, exchanged, its session neither ended (logout, password
   * change, expiry) nor its member disabled. Three primary-key lookups, on every game call.
   */
  live(hash: Buffer): Promise<(TicketRow & { block_betting: boolean; is_agent: number }) | undefined> {
    return this.db
      .selectFrom('game_ticket as t')
      .innerJoin('member_session as s', 's.id', 't.session_id')
      .innerJoin('member as m', 'm.id', 't.member_id')
      .selectAll('t')
      .select(['m.block_betting', 'm.is_agent'])
      .where('t.token_hash', '=', hash)
      .where('t.exchanged_at', 'is not', null)
      .where('t.expires_at', '>', sql<Date>`now()`)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('m.status', '=', 'ACTIVE')
      .executeTakeFirst();
  }

  async extend(hash: Buffer, until: Date): Promise<void> {
    await this.db
      .updateTable('game_ticket')
      .set({ expires_at: until })
      .where('token_hash', '=', hash)
      .where('exchanged_at', 'is not', null)
      .execute();
  }

  /** Drops tickets and codes that expired a day ago or more. */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('game_ticket')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}
