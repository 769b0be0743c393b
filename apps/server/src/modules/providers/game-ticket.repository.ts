import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, GameTicketTable } from '../../db/schema';

export type TicketRow = Selectable<GameTicketTable>;

/** SQL of launch tickets. */
export class GameTicketRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<GameTicketTable>): Promise<void> {
    await this.db.insertInto('game_ticket').values(row).execute();
  }

  /** A live ticket by its hash (expired ones are not found). */
  live(hash: Buffer): Promise<TicketRow | undefined> {
    return this.db
      .selectFrom('game_ticket')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  }

  async extend(hash: Buffer, until: Date): Promise<void> {
    await this.db
      .updateTable('game_ticket')
      .set({ expires_at: until })
      .where('token_hash', '=', hash)
      .execute();
  }

  /** Drops tickets that expired a day ago or more. */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('game_ticket')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}
