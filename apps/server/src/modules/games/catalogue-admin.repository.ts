import { sql } from 'kysely';
import type { Db } from '../../db/repository';
import type { GameIcons, LocalizedText } from '../../db/schema';
import type { ImageType } from '../../platform/image-check';

/** A game row as the back office edits it, with its vendor's name and switch. */
export interface AdminGameRow {
  node_id: string;
  vendor_code: string;
  vendor_name: string;
  vendor_enabled: boolean;
  game_type: string;
  game_code: string;
  display_name: string;
  names: LocalizedText;
  classify: string;
  min_bet: string;
  enabled: boolean;
  is_hot: boolean;
  is_new: boolean;
  sort: number;
  icon_path: string;
  icons: GameIcons;
  engine: string | null;
}

export interface AdminGameFilter {
  q?: string;
  vendor?: string;
  gameType?: string;
  enabled?: boolean;
  hot?: boolean;
  isNew?: boolean;
}

/** What an operator may change on a game row. */
export type GameRowChange = Partial<{
  enabled: boolean;
  is_hot: boolean;
  is_new: boolean;
  sort: number;
  min_bet: bigint;
  display_name: string;
  names: string;
  icons: string;
}>;

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL of the back office's catalogue: every game of the brand (on or off), counts and changes. */
export class CatalogueAdminRepository {
  constructor(private readonly db: Db) {}

  private filtered(merchant: string, f: AdminGameFilter) {
    let q = this.db
      .selectFrom('game as g')
      .innerJoin('vendor as v', (j) =>
        j
          .onRef('v.merchant_code', '=', 'g.merchant_code')
          .onRef('v.code', '=', 'g.vendor_code')
          .onRef('v.game_type', '=', 'g.game_type'),
      )
      .where('g.merchant_code', '=', merchant);
    if (f.vendor) q = q.where('g.vendor_code', '=', f.vendor);
    if (f.gameType) q = q.where('g.game_type', '=', f.gameType);
    if (f.enabled !== undefined) q = q.where('g.enabled', '=', f.enabled);
    if (f.hot !== undefined) q = q.where('g.is_hot', '=', f.hot);
    if (f.isNew !== undefined) q = q.where('g.is_new', '=', f.isNew);
    if (f.q) {
      const like = containsPattern(f.q);
      q = q.where((eb) =>
        eb.or([
          eb('g.display_name', 'ilike', like),
          eb('g.game_code', 'ilike', like),
          eb(sql<string>`g.names::text`, 'ilike', like),
        ]),
      );
    }
    return q;
  }

  async page(
    merchant: string,
    f: AdminGameFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: AdminGameRow[]; total: number }> {
    const base = this.filtered(merchant, f);
    const [count, rows] = await Promise.all([
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      base
        .select([
          'g.node_id',
          'g.vendor_code',
          'v.display_name as vendor_name',
          'v.enabled as vendor_enabled',
          'g.game_type',
          'g.game_code',
          'g.display_name',
          'g.names',
          'g.classify',
          'g.min_bet',
          'g.enabled',
          'g.is_hot',
          'g.is_new',
          'g.sort',
          'g.icon_path',
          'g.icons',
          'g.engine',
        ])
        .orderBy('v.sort')
        .orderBy('g.vendor_code')
        .orderBy('g.sort')
        .orderBy('g.node_id')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { rows, total: count.n };
  }

  /** Games and switched-on games per game type, and the same for vendor rows. */
  async counts(merchant: string) {
    const games = await this.db
      .selectFrom('game')
      .select([
        'game_type',
        sql<number>`count(*)::int`.as('n'),
        sql<number>`count(*) FILTER (WHERE enabled)::int`.as('on'),
      ])
      .where('merchant_code', '=', merchant)
      .groupBy('game_type')
      .execute();
    const vendors = await this.db
      .selectFrom('vendor')
      .select([
        'game_type',
        sql<number>`count(*)::int`.as('n'),
        sql<number>`count(*) FILTER (WHERE enabled)::int`.as('on'),
      ])
      .where('merchant_code', '=', merchant)
      .groupBy('game_type')
      .execute();
    return { games, vendors };
  }

  /** Changes one game of the brand; answers the row before and after (undefined: not the brand's). */
  async update(
    merchant: string,
    nodeId: string,
    change: (before: AdminGameRow) => GameRowChange,
  ): Promise<{ before: AdminGameRow; after: AdminGameRow } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('game')
        .select('node_id')
        .where('merchant_code', '=', merchant)
        .where('node_id', '=', nodeId)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return undefined;
      const one = () =>
        trx
          .selectFrom('game as g')
          .innerJoin('vendor as v', (j) =>
            j
              .onRef('v.merchant_code', '=', 'g.merchant_code')
              .onRef('v.code', '=', 'g.vendor_code')
              .onRef('v.game_type', '=', 'g.game_type'),
          )
          .select([
            'g.node_id',
            'g.vendor_code',
            'v.display_name as vendor_name',
            'v.enabled as vendor_enabled',
            'g.game_type',
            'g.game_code',
            'g.display_name',
            'g.names',
            'g.classify',
            'g.min_bet',
            'g.enabled',
            'g.is_hot',
            'g.is_new',
            'g.sort',
            'g.icon_path',
            'g.icons',
            'g.engine',
          ])
          .where('g.node_id', '=', nodeId)
          .executeTakeFirstOrThrow();
      const before = await one();
      await trx.updateTable('game').set(change(before)).where('node_id', '=', nodeId).execute();
      return { before, after: await one() };
    });
  }

  /**
   * Sets the switch and/or the "new" flag of the brand's games named; ids of another brand are
   * left alone. Answers the rows that actually changed.
   */
  async setFlags(
    merchant: string,
    nodeIds: string[],
    flags: { enabled?: boolean; is_new?: boolean },
  ): Promise<string[]> {
    const rows = await this.db
      .updateTable('game')
      .set(flags)
      .where('merchant_code', '=', merchant)
      .where('node_id', 'in', nodeIds)
      .where((eb) =>
        eb.or([
          ...(flags.enabled === undefined ? [] : [eb('enabled', '<>', flags.enabled)]),
          ...(flags.is_new === undefined ? [] : [eb('is_new', '<>', flags.is_new)]),
        ]),
      )
      .returning('node_id')
      .execute();
    return rows.map((r) => r.node_id);
  }

  // ---- icons --------------------------------------------------------------------------------------

  async insertIcon(row: {
    id: string;
    merchant: string;
    contentType: ImageType;
    bytes: Buffer;
    width: number;
    height: number;
    by: string;
  }): Promise<void> {
    await this.db
      .insertInto('game_icon')
      .values({
        id: row.id,
        merchant_code: row.merchant,
        content_type: row.contentType,
        bytes: row.bytes,
        size: row.bytes.length,
        width: row.width,
        height: row.height,
        uploaded_by: row.by,
      })
      .execute();
  }

  icon(id: string) {
    return this.db
      .selectFrom('game_icon')
      .select(['content_type', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** How many of the ids are games of the brand. */
  async countOwned(merchant: string, nodeIds: string[]): Promise<number> {
    const r = await this.db
      .selectFrom('game')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('merchant_code', '=', merchant)
      .where('node_id', 'in', nodeIds)
      .executeTakeFirstOrThrow();
    return r.n;
  }
}
