import type { RewardPauseKind } from '@app/contracts';
import { Repository, type Db } from '../../db/repository';

/**
 * The brand's paused reward kinds (a row: paused). Read at every claim, earning pass and
 * redemption straight from the database, so a pause applies on every instance at once.
 */
export class RewardPauseRepository extends Repository {
  /** When the kind was paused on the brand, or null when it runs. */
  async pausedAt(merchant: string, kind: RewardPauseKind, db: Db = this.db): Promise<Date | null> {
    const row = await db
      .selectFrom('reward_pause')
      .select('paused_at')
      .where('merchant_code', '=', merchant)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row?.paused_at ?? null;
  }

  list(merchant: string) {
    return this.db.selectFrom('reward_pause').selectAll().where('merchant_code', '=', merchant).execute();
  }

  /** Pauses or resumes; true when something changed (pausing a paused kind keeps its first time). */
  async set(merchant: string, kind: RewardPauseKind, paused: boolean, by: string): Promise<boolean> {
    if (paused) {
      const r = await this.db
        .insertInto('reward_pause')
        .values({ merchant_code: merchant, kind, paused_by: by })
        .onConflict((oc) => oc.columns(['merchant_code', 'kind']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    }
    const r = await this.db
      .deleteFrom('reward_pause')
      .where('merchant_code', '=', merchant)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
