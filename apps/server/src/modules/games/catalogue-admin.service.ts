import { randomUUID } from 'node:crypto';
import {
  fromMinor,
  GAME_ICON_LIMITS,
  GAME_TYPES,
  LANGUAGES,
  type AdminCategory,
  type AdminGame,
  type AdminGamePage,
  type GameClassify,
  type GameIconSlot,
  type GameType,
  type Language,
} from '@app/contracts';
import type { GameIcons, LocalizedText } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { asBuffer, imageExtension, inspectImage } from '../../platform/image-check';
import { mediaUrl } from '../../platform/media-url';
import type {
  AdminGameFilter,
  AdminGameRow,
  CatalogueAdminRepository,
  GameRowChange,
} from './catalogue-admin.repository';
import type { CatalogueService } from './catalogue.service';

/** What a game change may name (money already in minor units). */
export interface GameChange {
  enabled?: boolean;
  hot?: boolean;
  isNew?: boolean;
  sort?: number;
  minBet?: bigint;
  displayName?: string;
  names?: Partial<Record<Language, string>>;
}

export function adminGameWire(r: AdminGameRow, media = ''): AdminGame {
  return {
    nodeId: r.node_id,
    vendor: r.vendor_code,
    vendorName: r.vendor_name,
    gameType: r.game_type as GameType,
    gameCode: r.game_code,
    displayName: r.display_name,
    names: r.names,
    classify: r.classify as GameClassify,
    minBet: fromMinor(BigInt(r.min_bet)),
    enabled: r.enabled,
    vendorEnabled: r.vendor_enabled,
    hot: r.is_hot,
    isNew: r.is_new,
    sort: r.sort,
    iconUrl: mediaUrl(media, r.icons.default ?? r.icon_path),
    icons: Object.fromEntries(Object.entries(r.icons).map(([k, v]) => [k, mediaUrl(media, v)])),
    engine: r.engine,
  };
}

/** Where uploaded icons are served, under the brand's image CDN (/media here). */
export const GAME_ICON_DIR = 'game-icons';
const ICON_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg|webp)$/;

/** What the audit log keeps of a game: the fields an operator changes. */
export const auditedGame = (r: AdminGameRow) => ({
  enabled: r.enabled,
  hot: r.is_hot,
  isNew: r.is_new,
  sort: r.sort,
  minBet: fromMinor(BigInt(r.min_bet)),
  displayName: r.display_name,
  names: r.names,
  icons: r.icons,
});

/**
 * The brand's catalogue as staff run it: every game (switched on or off), the categories' counts,
 * and changes. Each change forgets this instance's catalogue snapshot (players see it at once
 * here, on other instances within the snapshot's lifetime).
 */
export class CatalogueAdminService {
  constructor(
    private readonly repo: CatalogueAdminRepository,
    private readonly catalogue: CatalogueService,
  ) {}

  async categories(merchant: string): Promise<AdminCategory[]> {
    const { games, vendors } = await this.repo.counts(merchant);
    return GAME_TYPES.map((gameType) => {
      const g = games.find((r) => r.game_type === gameType);
      const v = vendors.find((r) => r.game_type === gameType);
      return {
        gameType,
        vendors: v?.n ?? 0,
        enabledVendors: v?.on ?? 0,
        games: g?.n ?? 0,
        enabledGames: g?.on ?? 0,
      };
    }).filter((c) => c.vendors > 0);
  }

  async games(
    merchant: string,
    f: AdminGameFilter & { pageNo: number; pageSize: number },
    media = '',
  ): Promise<AdminGamePage> {
    const { rows, total } = await this.repo.page(merchant, f, (f.pageNo - 1) * f.pageSize, f.pageSize);
    return { list: rows.map((r) => adminGameWire(r, media)), total };
  }

  async update(merchant: string, nodeId: string, c: GameChange) {
    const changed = await this.repo.update(merchant, nodeId, (before) => {
      const set: GameRowChange = {};
      if (c.enabled !== undefined) set.enabled = c.enabled;
      if (c.hot !== undefined) set.is_hot = c.hot;
      if (c.isNew !== undefined) set.is_new = c.isNew;
      if (c.sort !== undefined) set.sort = c.sort;
      if (c.minBet !== undefined) set.min_bet = c.minBet;
      if (c.displayName !== undefined) set.display_name = c.displayName.trim();
      if (c.names !== undefined) {
        const names: LocalizedText = { ...before.names };
        for (const lang of LANGUAGES) {
          const text = c.names[lang];
          if (text === undefined) continue;
          if (text.trim() === '') delete names[lang];
          else names[lang] = text.trim();
        }
        set.names = JSON.stringify(names);
      }
      return set;
    });
    if (!changed) throw new AppError('game.unknown');
    this.catalogue.invalidate(merchant);
    return changed;
  }

  /**
   * Switches many games on or off and/or marks them new or not, at once. Every id must be a game
   * of the brand (else game.unknown and nothing changes); answers the ids that actually changed.
   */
  async setFlags(
    merchant: string,
    nodeIds: string[],
    flags: { enabled?: boolean; isNew?: boolean },
  ): Promise<string[]> {
    const unique = [...new Set(nodeIds)];
    if ((await this.repo.countOwned(merchant, unique)) !== unique.length) throw new AppError('game.unknown');
    const changed = await this.repo.setFlags(merchant, unique, {
      enabled: flags.enabled,
      is_new: flags.isNew,
    });
    this.catalogue.invalidate(merchant);
    return changed;
  }

  // ---- icons --------------------------------------------------------------------------------------

  /**
   * Stores an uploaded icon (PNG, JPEG or WebP by its bytes; square, within GAME_ICON_LIMITS) and
   * makes it the game's icon for `slot` (a language, or 'default'). Everything is checked before
   * anything is stored: a refused upload changes nothing.
   */
  async uploadIcon(merchant: string, nodeId: string, slot: GameIconSlot, base64: string, by: string) {
    if ((await this.repo.countOwned(merchant, [nodeId])) !== 1) throw new AppError('game.unknown');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new AppError('game.icon.invalid');
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > GAME_ICON_LIMITS.maxBytes)
      throw new AppError('game.icon.too.large', undefined, [GAME_ICON_LIMITS.maxBytes / 1024]);
    const facts = inspectImage(bytes);
    if (!facts) throw new AppError('game.icon.invalid');
    const { minPixels, maxPixels } = GAME_ICON_LIMITS;
    if (facts.width !== facts.height || facts.width < minPixels || facts.width > maxPixels)
      throw new AppError('game.icon.size', undefined, [minPixels, maxPixels]);
    const id = randomUUID();
    await this.repo.insertIcon({ id, merchant, ...facts, bytes, by });
    const path = `${GAME_ICON_DIR}/${id}.${imageExtension(facts.contentType)}`;
    const changed = await this.setIcon(merchant, nodeId, slot, path);
    return { ...changed, size: bytes.length, width: facts.width };
  }

  /** Takes a language's (or the default) uploaded icon off: the fallback shows again. */
  async removeIcon(merchant: string, nodeId: string, slot: GameIconSlot) {
    return this.setIcon(merchant, nodeId, slot, null);
  }

  private async setIcon(merchant: string, nodeId: string, slot: GameIconSlot, path: string | null) {
    const changed = await this.repo.update(merchant, nodeId, (before) => {
      const icons: GameIcons = { ...before.icons };
      if (path === null) delete icons[slot];
      else icons[slot] = path;
      return { icons: JSON.stringify(icons) };
    });
    if (!changed) throw new AppError('game.unknown');
    this.catalogue.invalidate(merchant);
    return changed;
  }

  /** An uploaded icon by its file name, or null (public: the site shows it to every visitor). */
  async icon(file: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    const m = ICON_FILE.exec(file);
    if (!m) return null;
    const row = await this.repo.icon(m[1]!);
    if (!row || imageExtension(row.content_type) !== m[2]) return null;
    return { contentType: row.content_type, bytes: asBuffer(row.bytes) };
  }
}
