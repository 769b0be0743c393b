import { AppError } from '../../../platform/app-error';
import type { Db } from '../../../db/repository';

export type HouseRoomEngine = 'CARDS' | 'BACCARAT';

/** How long a brand's closed rooms are reused before they are read again (every instance within it). */
const ROOMS_CACHE_MS = 5_000;

/**
 * Which house card rooms and baccarat tables a brand has closed. A closed one leaves the brand's
 * lobby and takes no new seat or bet; what is already played on it is dealt and settled as usual
 * (the dealers run every room and table whatever this says). Read per brand and engine through a
 * cache of a few seconds; a change here forgets this instance's entry at once.
 */
export class HouseRoomsService {
  private readonly cache = new Map<string, { at: number; closed: Promise<Set<string>> }>();

  constructor(
    private readonly db: Db,
    /** Every room or table each engine runs, in lobby order. */
    private readonly rooms: Record<HouseRoomEngine, readonly string[]>,
  ) {}

  all(engine: HouseRoomEngine): readonly string[] {
    return this.rooms[engine];
  }

  closed(merchant: string, engine: HouseRoomEngine): Promise<Set<string>> {
    const key = `${merchant}|${engine}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < ROOMS_CACHE_MS) return hit.closed;
    const closed = this.db
      .selectFrom('house_room_setting')
      .select('room_id')
      .where('merchant_code', '=', merchant)
      .where('engine', '=', engine)
      .where('enabled', '=', false)
      .execute()
      .then((rows) => new Set(rows.map((r) => r.room_id)));
    this.cache.set(key, { at: Date.now(), closed });
    closed.catch(() => this.cache.delete(key));
    return closed;
  }

  async isOpen(merchant: string, engine: HouseRoomEngine, roomId: string): Promise<boolean> {
    return !(await this.closed(merchant, engine)).has(roomId);
  }

  /**
   * Opens or closes one room or table of a brand; answers whether it was open before.
   * house.room.unknown for a room the engine does not run; house.room.last when it would close
   * the engine's last open room (switch the category off instead).
   */
  async set(merchant: string, engine: HouseRoomEngine, roomId: string, enabled: boolean): Promise<boolean> {
    if (!this.rooms[engine].includes(roomId)) throw new AppError('house.room.unknown');
    this.cache.delete(`${merchant}|${engine}`);
    const before = await this.db.transaction().execute(async (trx) => {
      // One change per brand and engine at a time: two closes at once cannot close the last two.
      await trx
        .selectFrom('merchant')
        .select('code')
        .where('code', '=', merchant)
        .forUpdate()
        .executeTakeFirst();
      const rows = await trx
        .selectFrom('house_room_setting')
        .select(['room_id', 'enabled'])
        .where('merchant_code', '=', merchant)
        .where('engine', '=', engine)
        .execute();
      const closed = new Set(rows.filter((r) => !r.enabled).map((r) => r.room_id));
      const wasOpen = !closed.has(roomId);
      if (!enabled) closed.add(roomId);
      else closed.delete(roomId);
      if (this.rooms[engine].every((r) => closed.has(r))) throw new AppError('house.room.last');
      await trx
        .insertInto('house_room_setting')
        .values({ merchant_code: merchant, engine, room_id: roomId, enabled })
        .onConflict((oc) =>
          oc.columns(['merchant_code', 'engine', 'room_id']).doUpdateSet({ enabled, updated_at: new Date() }),
        )
        .execute();
      return wasOpen;
    });
    this.cache.delete(`${merchant}|${engine}`);
    return before;
  }
}
