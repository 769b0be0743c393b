import { AppError } from '../../../platform/app-error';
import type { Db } from '../../../db/repository';
import { wallClockMs } from '../../../platform/zoned-time';
import type { Bus } from '../../../platform/bus';
import { CacheNotices } from '../../../platform/shared-cache';

export type HouseRoomEngine = 'CARDS' | 'BACCARAT';

/** A room's opening hours in the brand's time zone: HH:MM, from inclusive, until exclusive. */
export interface RoomHours {
  from: string;
  until: string;
}

/** Minutes since midnight of an HH:MM. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a local time (minutes since midnight) is within the hours; hours whose end comes before
 * their start run past midnight (20:00 to 02:00).
 */
export function withinHours(hours: RoomHours, minute: number): boolean {
  const from = minutesOf(hours.from);
  const until = minutesOf(hours.until);
  return from < until ? minute >= from && minute < until : minute >= from || minute < until;
}

/** How long a brand's closed rooms are reused before they are read again (every instance within it). */
const ROOMS_CACHE_MS = 5_000;

/**
 * Which house card rooms and baccarat tables a brand has closed. A closed one leaves the brand's
 * lobby and takes no new seat or bet; what is already played on it is dealt and settled as usual
 * (the dealers run every room and table whatever this says). Read per brand and engine through a
 * cache of a few seconds; a change here forgets the entry on every instance at once.
 */
export class HouseRoomsService {
  private readonly cache = new Map<string, { at: number; closed: Promise<Set<string>> }>();

  private readonly notices: CacheNotices;

  constructor(
    private readonly db: Db,
    /** Every room or table each engine runs, in lobby order. */
    private readonly rooms: Record<HouseRoomEngine, readonly string[]>,
    /** A change on any instance is forgotten on all of them. */
    bus?: Bus,
  ) {
    this.notices = new CacheNotices(bus, 'house-rooms', (key) => {
      if (key) this.cache.delete(key);
      else this.cache.clear();
    });
  }

  all(engine: HouseRoomEngine): readonly string[] {
    return this.rooms[engine];
  }

  /**
   * The rooms of an engine the brand has closed now: switched off, or outside their opening hours
   * in the brand's time zone (the cache's few seconds are the lag at an opening or closing time).
   */
  closed(merchant: string, engine: HouseRoomEngine): Promise<Set<string>> {
    const key = `${merchant}|${engine}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < ROOMS_CACHE_MS) return hit.closed;
    const closed = this.settings(merchant, engine).then(({ rows, timezone }) => {
      const wall = new Date(wallClockMs(Date.now(), timezone));
      const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
      return new Set(
        rows
          .filter((r) => !r.enabled || (r.hours !== null && !withinHours(r.hours, minute)))
          .map((r) => r.roomId),
      );
    });
    this.cache.set(key, { at: Date.now(), closed });
    closed.catch(() => this.cache.delete(key));
    return closed;
  }

  /** The brand's stored switches and hours of an engine's rooms (rooms without a row are open all day). */
  async settings(merchant: string, engine: HouseRoomEngine) {
    const [rows, brand] = await Promise.all([
      this.db
        .selectFrom('house_room_setting')
        .select(['room_id', 'enabled', 'open_from', 'open_until'])
        .where('merchant_code', '=', merchant)
        .where('engine', '=', engine)
        .execute(),
      this.db.selectFrom('merchant').select('timezone').where('code', '=', merchant).executeTakeFirst(),
    ]);
    return {
      timezone: brand?.timezone ?? 'UTC',
      rows: rows.map((r) => ({
        roomId: r.room_id,
        enabled: r.enabled,
        hours: r.open_from && r.open_until ? { from: r.open_from, until: r.open_until } : null,
      })),
    };
  }

  /**
   * Sets (or clears, null: all day) one room's opening hours for a brand; answers the hours before.
   * Its switch is kept (a room without a row is on). house.room.unknown for a room the engine does
   * not run.
   */
  async setHours(
    merchant: string,
    engine: HouseRoomEngine,
    roomId: string,
    hours: RoomHours | null,
  ): Promise<RoomHours | null> {
    if (!this.rooms[engine].includes(roomId)) throw new AppError('house.room.unknown');
    const before = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('house_room_setting')
        .select(['open_from', 'open_until'])
        .where('merchant_code', '=', merchant)
        .where('engine', '=', engine)
        .where('room_id', '=', roomId)
        .forUpdate()
        .executeTakeFirst();
      const open = { open_from: hours?.from ?? null, open_until: hours?.until ?? null };
      await trx
        .insertInto('house_room_setting')
        .values({ merchant_code: merchant, engine, room_id: roomId, enabled: true, ...open })
        .onConflict((oc) =>
          oc.columns(['merchant_code', 'engine', 'room_id']).doUpdateSet({ ...open, updated_at: new Date() }),
        )
        .execute();
      return row?.open_from && row.open_until ? { from: row.open_from, until: row.open_until } : null;
    });
    this.notices.forget(`${merchant}|${engine}`);
    return before;
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
    this.notices.forget(`${merchant}|${engine}`);
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
    this.notices.forget(`${merchant}|${engine}`);
    return before;
  }
}
