import {
  GAME_TYPES,
  type AdminVendor,
  type AdminVendorPatch,
  type GameType,
  type VendorCard,
  type VendorCategory,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import { mediaUrl } from '../../platform/media-url';
import type { VendorRepository } from './vendor.repository';

/** A vendor's wallet: one per vendor code, whatever game types the vendor has rows for. */
export interface VendorWallet {
  code: string;
  displayName: string;
  gameType: GameType;
  walletType: 'TRANSFER' | 'SEAMLESS';
  enabled: boolean;
  /** The registered adapter that serves the vendor (HOUSE, SIMULATED, HUB88 ...). */
  adapter: string;
}

/** A brand's vendor served by one adapter (what the round-history sync works through). */
export interface AdapterVendor {
  merchant: string;
  code: string;
  gameType: GameType;
  walletType: 'TRANSFER' | 'SEAMLESS';
  enabled: boolean;
}

export class VendorService {
  constructor(private readonly repo: VendorRepository) {}

  /** The brand's vendor cards; icons as URLs under `media` (platform/media-url.ts), else as stored. */
  async cards(brand: Brand, gameType?: GameType, media = ''): Promise<VendorCard[]> {
    const rows = await this.repo.listEnabled(brand.code, gameType);
    return rows.map((r) => {
      const icon = mediaUrl(media, r.logo_path);
      return {
        vassalage: r.code,
        gameType: r.game_type as GameType,
        displayName: r.display_name,
        isHot: r.is_hot ? 1 : 0,
        isGame: r.is_game,
        logoUrl: icon,
        smallIcon: icon,
        mobileSmallIcon: icon,
        h5Icon: icon,
        lagerIcon: icon,
        walletType: r.wallet_type as VendorCard['walletType'],
      };
    });
  }

  /**
   * Switches a whole category (game type) of the brand on or off: its vendors leave the
   * navigation, lobbies and game lists, and its games no longer launch. Money a member holds in a
   * switched-off vendor's wallet stays listed (wallets()), so it can be moved back.
   */
  async setCategory(merchant: string, gameType: GameType, enabled: boolean): Promise<string[]> {
    return this.repo.setTypeEnabled(merchant, gameType, enabled);
  }

  /** Vendors grouped by game type, in the fixed game-type order; empty categories are left out. */
  async categories(brand: Brand, gameType?: GameType, media = ''): Promise<VendorCategory[]> {
    const cards = await this.cards(brand, gameType, media);
    return GAME_TYPES.map((type) => {
      const inType = cards.filter((c) => c.gameType === type);
      return { title: type, cards: inType, gameClassify: inType.map((c) => c.vassalage) };
    }).filter((c) => c.cards.length > 0);
  }

  /**
   * The brand's vendor wallets, one per vendor code (JILI has slots and fishing rows but one
   * wallet), in the brand's order. Name and game type come from the first enabled row; the code
   * has a transfer wallet if any enabled row says so (those games need money moved in).
   * Switched-off vendors are included, marked: a member may still hold money there.
   */
  async wallets(merchant: string): Promise<VendorWallet[]> {
    const byCode = new Map<string, Awaited<ReturnType<VendorRepository['listWallets']>>>();
    for (const r of await this.repo.listWallets(merchant)) {
      byCode.set(r.code, [...(byCode.get(r.code) ?? []), r]);
    }
    return [...byCode.values()].map((rows) => {
      const enabled = rows.filter((r) => r.enabled);
      const decisive = enabled.length > 0 ? enabled : rows;
      const first = decisive[0]!;
      return {
        code: first.code,
        displayName: first.display_name,
        gameType: first.game_type as GameType,
        walletType: decisive.some((r) => r.wallet_type === 'TRANSFER') ? 'TRANSFER' : 'SEAMLESS',
        enabled: enabled.length > 0,
        adapter: first.adapter,
      };
    });
  }

  /** Every brand's vendor rows served by the adapter, one per vendor code (first row decides). */
  async byAdapter(adapter: string): Promise<AdapterVendor[]> {
    const seen = new Map<string, AdapterVendor>();
    for (const r of await this.repo.listByAdapter(adapter)) {
      const key = `${r.merchant_code}/${r.code}`;
      const known = seen.get(key);
      if (known) {
        known.enabled ||= r.enabled;
        if (r.wallet_type === 'TRANSFER') known.walletType = 'TRANSFER';
        continue;
      }
      seen.set(key, {
        merchant: r.merchant_code,
        code: r.code,
        gameType: r.game_type as GameType,
        walletType: r.wallet_type === 'TRANSFER' ? 'TRANSFER' : 'SEAMLESS',
        enabled: r.enabled,
      });
    }
    return [...seen.values()];
  }

  /** Every vendor row of the brand, switched off or not, with its games counted (back office). */
  async adminList(merchant: string): Promise<AdminVendor[]> {
    return (await this.repo.adminList(merchant)).map((r) => ({
      code: r.code,
      gameType: r.game_type as GameType,
      displayName: r.display_name,
      sort: r.sort,
      enabled: r.enabled,
      hot: r.is_hot,
      adapter: r.adapter,
      walletType: r.wallet_type,
      games: r.games,
      enabledGames: r.enabled_games,
    }));
  }

  /**
   * Changes one vendor row of the brand (switch, hot flag, order, name); answers what it was and
   * is. catalogue.vendor.unknown if the brand has no such row.
   */
  async update(merchant: string, code: string, gameType: GameType, patch: AdminVendorPatch) {
    const changed = await this.repo.update(merchant, code, gameType, {
      ...(patch.enabled !== undefined && { enabled: patch.enabled }),
      ...(patch.hot !== undefined && { is_hot: patch.hot }),
      ...(patch.sort !== undefined && { sort: patch.sort }),
      ...(patch.displayName !== undefined && { display_name: patch.displayName.trim() }),
    });
    if (!changed) throw new AppError('catalogue.vendor.unknown');
    return changed;
  }
}
