import {
  toMinor,
  type GameType,
  type HouseOffer,
  type HouseOfferResult,
  type HouseOfferVendor,
} from '@app/contracts';
import type { ProviderConfigSource } from '../integrations';
// The house games are the platform's own, identical for every brand: the demo catalogue holds
// their codes, names in every language and drawn icons, so a brand added here offers exactly the
// games the demo brands do (and that scripts/draw-media.ts drew icons for).
import { DEMO_GAMES, gameIconPath, type DemoGame } from '../../seed/game-catalogue';
import type { CatalogueService } from './catalogue.service';
import type { HouseCatalogueRepository, HouseGameRow, HouseVendorRow } from './house-catalogue.repository';

interface OfferVendor {
  code: string;
  gameType: GameType;
  name: string;
  logoPath: string;
  games: OfferGame[];
}

/** A game of the offer: a demo catalogue game with the icon it shows. */
type OfferGame = DemoGame & { iconPath: string };

const HUB88 = 'HUB88';

function demoGames(vendor: string, gameType: GameType): OfferGame[] {
  const games = DEMO_GAMES.filter((g) => g.vendor === vendor && g.gameType === gameType);
  if (games.length === 0) throw new Error(`house offer: no ${vendor}/${gameType} games in the catalogue`);
  return games.map((g) => ({ ...g, iconPath: gameIconPath(g.vendor, g.gameCode) }));
}

/**
 * The house cockfight: the arena engine is the house's own (the cockfight studios of the demo
 * stream it under their names); the house offers its main arena under the house vendor, with the
 * first studio's drawn arena icon.
 */
function houseArena(): OfferGame {
  const main = DEMO_GAMES.find((g) => g.gameType === 'COCKFIGHT' && g.engine === 'COCKFIGHT');
  if (!main) throw new Error('house offer: no cockfight arena in the catalogue');
  return {
    ...main,
    vendor: 'HOUSE',
    gameId: 'HOUSE-COCKFIGHT-1',
    // The house's own code scheme (seed/game-catalogue.ts codeOf): house-<English name>.
    gameCode: `house-${main.names.EN.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    hot: true,
    iconPath: gameIconPath(main.vendor, main.gameCode),
  };
}

/** Every vendor row and game of the offer, in the order the site lists them. */
export const HOUSE_OFFER: readonly OfferVendor[] = [
  {
    code: 'HOUSE',
    gameType: 'RNG',
    name: 'House Slots',
    logoPath: 'vendors/house.svg',
    games: demoGames('HOUSE', 'RNG'),
  },
  {
    code: 'HOUSE',
    gameType: 'LIVE',
    name: 'House Live',
    logoPath: 'vendors/house.svg',
    games: demoGames('HOUSE', 'LIVE'),
  },
  {
    code: 'HOUSE',
    gameType: 'FISH',
    name: 'House Fishing',
    logoPath: 'vendors/house.svg',
    games: demoGames('HOUSE', 'FISH'),
  },
  {
    code: 'HOUSE',
    gameType: 'PVP',
    name: 'House Cards',
    logoPath: 'vendors/house.svg',
    games: demoGames('HOUSE', 'PVP'),
  },
  {
    code: 'HOUSE',
    gameType: 'SPORTS',
    name: 'House Sportsbook',
    logoPath: 'vendors/house.svg',
    games: demoGames('HOUSE', 'SPORTS'),
  },
  {
    code: 'HOUSE',
    gameType: 'ESPORTS',
    name: 'House Esports',
    logoPath: 'vendors/house.svg',
    games: demoGames('HOUSE', 'ESPORTS'),
  },
  {
    code: 'HOUSE',
    gameType: 'COCKFIGHT',
    name: 'House Cockfight',
    logoPath: 'vendors/house.svg',
    games: [houseArena()],
  },
  // The lotteries the house draws itself (modules/lottery); the regional digit lotteries follow
  // official draws a brand chooses to offer, so they are not part of every brand's offer.
  {
    code: 'LOTT',
    gameType: 'LOTT',
    name: 'House Lottery',
    logoPath: 'vendors/lott.svg',
    games: demoGames('LOTT', 'LOTT'),
  },
  {
    code: 'ELOTT',
    gameType: 'ELOTT',
    name: 'E-Lottery',
    logoPath: 'vendors/elott.svg',
    games: demoGames('ELOTT', 'ELOTT'),
  },
];

const OFFER_CODES = [...new Set(HOUSE_OFFER.map((v) => v.code))];

function minor(minBet: string): bigint {
  const v = toMinor(minBet);
  if (v === null) throw new Error(`house offer: bad minimum bet ${minBet}`);
  return v;
}

/**
 * Adds the platform's house games to a brand: each house vendor row and its games, inserted only
 * where missing, so adding twice adds nothing and a row staff switched off stays off. The site
 * lists what was added at once on this instance (catalogue dropped) and on others when their
 * short-lived catalogue snapshot reloads.
 */
export class HouseCatalogueService {
  constructor(
    private readonly repo: HouseCatalogueRepository,
    private readonly catalogue: CatalogueService,
    private readonly configs: ProviderConfigSource,
  ) {}

  async offer(merchant: string): Promise<HouseOffer> {
    const [vendors, games, hub88] = await Promise.all([
      this.repo.vendors(merchant, OFFER_CODES),
      this.repo.games(merchant, OFFER_CODES),
      this.configs.get(merchant, HUB88),
    ]);
    const vendorOn = new Map(vendors.map((v) => [`${v.code}|${v.game_type}`, v.enabled]));
    const present = new Set(games.map((g) => `${g.vendor_code}|${g.game_code}`));
    const list: HouseOfferVendor[] = HOUSE_OFFER.map((v) => {
      const on = vendorOn.get(`${v.code}|${v.gameType}`);
      return {
        code: v.code,
        gameType: v.gameType,
        name: v.name,
        state: on === undefined ? 'MISSING' : on ? 'ON' : 'OFF',
        games: v.games.map((g) => ({
          gameCode: g.gameCode,
          names: g.names,
          engine: g.engine,
          minBet: Number(g.minBet),
          present: present.has(`${g.vendor}|${g.gameCode}`),
        })),
      };
    });
    return {
      vendors: list,
      missingVendors: list.filter((v) => v.state === 'MISSING').length,
      missingGames: list.reduce((n, v) => n + v.games.filter((g) => !g.present).length, 0),
      hub88: { configured: hub88 !== null, enabled: hub88?.enabled ?? false },
    };
  }

  async add(merchant: string): Promise<Omit<HouseOfferResult, 'offer'> & { added: string[] }> {
    const vendorRows: HouseVendorRow[] = HOUSE_OFFER.map((v) => ({
      code: v.code,
      game_type: v.gameType,
      display_name: v.name,
      logo_path: v.logoPath,
    }));
    const gameRows: HouseGameRow[] = HOUSE_OFFER.flatMap((v) =>
      v.games.map((g, sort) => ({
        vendor_code: g.vendor,
        game_type: g.gameType,
        game_id: g.gameId,
        game_code: g.gameCode,
        display_name: g.names.EN,
        names: JSON.stringify(g.names),
        classify: g.classify,
        min_bet: minor(g.minBet),
        line_num: g.lines,
        is_hot: g.hot,
        icon_path: g.iconPath,
        engine: g.engine,
        sort,
      })),
    );
    const added = await this.repo.add(merchant, vendorRows, gameRows);
    this.catalogue.invalidate(merchant);
    return {
      vendorsAdded: added.vendors.length,
      gamesAdded: added.games.length,
      added: [
        ...added.vendors.map((v) => `vendor:${v.game_type}/${v.code}`),
        ...added.games.map((g) => `game:${g.vendor_code}/${g.game_code}`),
      ],
    };
  }
}
