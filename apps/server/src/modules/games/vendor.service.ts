import { GAME_TYPES, type GameType, type VendorCard, type VendorCategory } from '@app/contracts';
import type { Brand } from '../../platform/brand';
import type { VendorRepository } from './vendor.repository';

export class VendorService {
  constructor(private readonly repo: VendorRepository) {}

  async cards(brand: Brand, gameType?: GameType): Promise<VendorCard[]> {
    const rows = await this.repo.listEnabled(brand.code, gameType);
    return rows.map((r) => ({
      vassalage: r.code,
      gameType: r.game_type as GameType,
      displayName: r.display_name,
      isHot: r.is_hot ? 1 : 0,
      isGame: r.is_game,
      logoUrl: r.logo_path,
      walletType: r.wallet_type as VendorCard['walletType'],
    }));
  }

  /** Vendors grouped by game type, in the fixed game-type order; empty categories are left out. */
  async categories(brand: Brand, gameType?: GameType): Promise<VendorCategory[]> {
    const cards = await this.cards(brand, gameType);
    return GAME_TYPES.map((type) => {
      const inType = cards.filter((c) => c.gameType === type);
      return { title: type, cards: inType, gameClassify: inType.map((c) => c.vassalage) };
    }).filter((c) => c.cards.length > 0);
  }
}
