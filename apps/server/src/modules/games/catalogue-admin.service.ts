import {
  fromMinor,
  GAME_TYPES,
  LANGUAGES,
  type AdminCategory,
  type AdminGame,
  type AdminGamePage,
  type GameClassify,
  type GameType,
  type Language,
} from '@app/contracts';
import type { LocalizedText } from '../../db/schema';
import { AppError } from '../../platform/app-error';
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
    sort: r.sort,
    iconUrl: mediaUrl(media, r.icon_path),
    engine: r.engine,
  };
}

/** What the audit log keeps of a game: the fields an operator changes. */
export const auditedGame = (r: AdminGameRow) => ({
  enabled: r.enabled,
  hot: r.is_hot,
  sort: r.sort,
  minBet: fromMinor(BigInt(r.min_bet)),
  displayName: r.display_name,
  names: r.names,
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
   * Switches many games on or off at once. Every id must be a game of the brand (else
   * game.unknown and nothing changes); answers the ids whose switch actually changed.
   */
  async setEnabled(merchant: string, nodeIds: string[], enabled: boolean): Promise<string[]> {
    const unique = [...new Set(nodeIds)];
    if ((await this.repo.countOwned(merchant, unique)) !== unique.length) throw new AppError('game.unknown');
    const changed = await this.repo.setEnabled(merchant, unique, enabled);
    this.catalogue.invalidate(merchant);
    return changed;
  }
}
