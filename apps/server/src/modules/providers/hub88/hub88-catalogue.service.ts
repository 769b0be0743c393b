import type { GameType } from '@app/contracts';
import type { ProviderConfigSource } from '../../integrations';
import type { VendorAdapter, VendorCatalogueGame } from '../vendor-adapter';
import { HUB88 } from './hub88.definition';
import type { CatalogueGameRow, Hub88CatalogueRepository, StudioRow } from './hub88-catalogue.repository';

const GAME_CODE = /^[A-Za-z0-9_.-]{1,64}$/;

/** A studio's vendor code: H88_ and the studio's name in capitals (vendor codes are ^[A-Z0-9_]{1,40}$). */
export function studioVendorCode(studio: string): string {
  const slug = studio
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 36);
  return `H88_${slug || 'OTHER'}`;
}

/** A Hub88 category as our game classification (the site's filters). */
export function classifyOf(categories: string[], type: GameType): string {
  const c = categories.join(' ').toLowerCase();
  if (c.includes('crash')) return 'CRASH';
  if (c.includes('bingo') || c.includes('keno')) return 'BINGO';
  if (type === 'FISH') return 'FISHING';
  if (c.includes('poker') || c.includes('card') || c.includes('baccarat') || c.includes('blackjack'))
    return 'CARD';
  if (type === 'LIVE' || c.includes('table') || c.includes('roulette')) return 'TABLE';
  if (c.includes('arcade') || c.includes('instant') || c.includes('scratch')) return 'ARCADE';
  return 'SLOT';
}

export interface SyncResult {
  studios: number;
  games: number;
  disabled: number;
}

/**
 * Hub88's game list into a brand's catalogue: each studio (Hub88's `product`) a vendor served by
 * the HUB88 adapter, its games with their names, icons and categories; games that left the list
 * are switched off (never deleted: bets and favourites name them). The catalogue cache is dropped.
 */
export class Hub88CatalogueService {
  constructor(
    private readonly adapter: VendorAdapter,
    private readonly repo: Hub88CatalogueRepository,
    private readonly configs: ProviderConfigSource,
    private readonly invalidate: (merchant: string) => void,
  ) {}

  async sync(merchant: string): Promise<SyncResult> {
    if (!this.adapter.catalogue) throw new Error('the HUB88 adapter has no catalogue');
    const listed = await this.adapter.catalogue(merchant);
    const studios = new Map<string, StudioRow>();
    const games: CatalogueGameRow[] = [];
    const seen = new Set<string>();
    for (const g of listed) {
      if (!GAME_CODE.test(g.gameCode)) continue;
      const vendor = studioVendorCode(g.studio);
      if (seen.has(`${vendor}|${g.gameCode}`)) continue;
      seen.add(`${vendor}|${g.gameCode}`);
      studios.set(`${vendor}|${g.gameType}`, { code: vendor, gameType: g.gameType, displayName: g.studio });
      games.push(toRow(vendor, g));
    }
    const disabled = await this.repo.apply(merchant, HUB88, [...studios.values()], games);
    this.invalidate(merchant);
    return { studios: new Set([...studios.values()].map((s) => s.code)).size, games: games.length, disabled };
  }

  /** The daily sync of every brand with Hub88 switched on; one brand's failure does not stop the rest. */
  async syncEnabled(onError: (merchant: string, err: unknown) => void): Promise<void> {
    for (const merchant of await this.configs.enabledBrands(HUB88)) {
      try {
        await this.sync(merchant);
      } catch (err) {
        onError(merchant, err);
      }
    }
  }
}

function toRow(vendor: string, g: VendorCatalogueGame): CatalogueGameRow {
  const names: Record<string, string> = {};
  for (const [lang, name] of Object.entries(g.names)) if (name) names[lang] = name.slice(0, 255);
  return {
    vendor,
    gameType: g.gameType,
    gameCode: g.gameCode,
    displayName: (g.names.EN ?? g.gameCode).slice(0, 255),
    names,
    classify: classifyOf(g.categories, g.gameType),
    iconPath: g.iconUrl ?? '',
    enabled: g.enabled,
  };
}
