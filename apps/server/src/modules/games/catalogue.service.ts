import {
  fromMinor,
  toMinor,
  type Game,
  type GameClassify,
  type GameList,
  type GameListQuery,
  type GameType,
  type HouseEngine,
  type Language,
} from '@app/contracts';
import type { GameIcons, LocalizedText } from '../../db/schema';
import type { Bus } from '../../platform/bus';
import { CacheNotices } from '../../platform/shared-cache';
import { mediaUrl } from '../../platform/media-url';
import type { CatalogueRow, GameRepository } from './game.repository';

/** A game of the catalogue as the server works with it (money in minor units). */
export interface CatalogueGame {
  nodeId: string;
  vendor: string;
  vendorName: string;
  gameType: GameType;
  gameId: string;
  gameCode: string;
  displayName: string;
  names: LocalizedText;
  classify: GameClassify;
  minBet: bigint;
  lineNum: number;
  hot: boolean;
  isNew: boolean;
  isGame: string | null;
  defaultPlayType: string | null;
  /** The vendor's icon (media path). */
  iconPath: string;
  /** Uploaded icons per language and 'default' (media paths). */
  icons: GameIcons;
  engine: HouseEngine | null;
  walletType: 'TRANSFER' | 'SEAMLESS';
  adapter: string;
}

interface Snapshot {
  loadedAt: number;
  games: CatalogueGame[];
  byNode: Map<string, CatalogueGame>;
  byCode: Map<string, CatalogueGame>;
}

function toGame(r: CatalogueRow): CatalogueGame {
  return {
    nodeId: r.node_id,
    vendor: r.vendor_code,
    vendorName: r.vendor_name,
    gameType: r.game_type as GameType,
    gameId: r.game_id,
    gameCode: r.game_code,
    displayName: r.display_name,
    names: r.names,
    classify: r.classify as GameClassify,
    minBet: BigInt(r.min_bet),
    lineNum: r.line_num,
    hot: r.is_hot,
    isNew: r.is_new,
    isGame: r.is_game,
    defaultPlayType: r.default_play_type,
    iconPath: r.icon_path,
    icons: r.icons,
    engine: r.engine,
    walletType: r.wallet_type as CatalogueGame['walletType'],
    adapter: r.adapter,
  };
}

export const gameName = (g: CatalogueGame, lang: Language) => g.names[lang] ?? g.displayName;

/** The icon's media path in `lang`: its own upload, else the uploaded default, else the vendor's. */
export const gameIcon = (g: Pick<CatalogueGame, 'icons' | 'iconPath'>, lang: Language) =>
  g.icons[lang] ?? g.icons.default ?? g.iconPath;

/**
 * A game as the lists answer it, in the caller's language, its icon a URL under `media`
 * (platform/media-url.ts; empty: the stored path).
 */
export function presentGame(g: CatalogueGame, lang: Language, media = ''): Game {
  return {
    nodeId: Number(g.nodeId),
    vassalage: g.vendor,
    vendor: g.vendor,
    accountTypeId: g.vendor,
    accountTypeName: g.vendorName,
    gameType: g.gameType,
    gameId: g.gameId,
    gameCode: g.gameCode,
    code: g.gameCode,
    displayName: gameName(g, lang),
    gameName: gameName(g, lang),
    nodeName: g.displayName,
    roomId: Number(g.nodeId),
    defaultPlayType: g.defaultPlayType,
    isGame: g.isGame,
    isHot: g.hot ? 1 : 0,
    isNew: g.isNew ? 1 : 0,
    showIcon: mediaUrl(media, gameIcon(g, lang)),
    classify: g.classify,
    minBet: fromMinor(g.minBet),
    lineNum: g.lineNum,
  };
}

const pages = (count: number, size: number) => Math.ceil(count / size);

/**
 * The brand's game catalogue, held in memory: every list (game list, hot, favourites, recent,
 * popular) is filtered from one snapshot per brand instead of a query per request, which is what
 * lets a game list answer in well under a millisecond. A snapshot lives CACHE_MS; an operator
 * change calls invalidate() to show at once on every instance.
 */
export class CatalogueService {
  private readonly snapshots = new Map<string, Promise<Snapshot>>();
  /** Each brand's loaded snapshot that `snapshots` holds now (what version() resolves to). */
  private readonly loaded = new Map<string, Snapshot>();
  private readonly refreshing = new Set<string>();

  private readonly notices: CacheNotices;

  constructor(
    private readonly repo: GameRepository,
    // The backstop when a notice is lost: an operator's change reaches every instance's players
    // by the bus at once, else within this long; reloading a brand's few thousand rows is cheap.
    private readonly cacheMs = 5_000,
    bus?: Bus,
  ) {
    this.notices = new CacheNotices(bus, 'catalogue', (merchant) => {
      if (merchant) {
        this.snapshots.delete(merchant);
        this.loaded.delete(merchant);
      } else {
        this.snapshots.clear();
        this.loaded.clear();
      }
      this.refreshing.clear();
    });
  }

  /** Forgets a brand's snapshot (every brand's without one), on every instance. */
  invalidate(merchant?: string): void {
    this.notices.forget(merchant ?? null);
  }

  private snapshot(merchant: string): Promise<Snapshot> {
    // A load that fails (say the database connection dropped) is answered to its callers and
    // forgotten; the refresh check below, attached while it was in flight, must not raise it again
    // as an unhandled rejection, which would end the process.
    const ignoreFailedLoad = () => undefined;
    const cached = this.snapshots.get(merchant);
    if (!cached) {
      const loading = this.load(merchant);
      this.snapshots.set(merchant, loading);
      loading.then(
        (s) => {
          if (this.snapshots.get(merchant) === loading) this.loaded.set(merchant, s);
        },
        () => this.snapshots.delete(merchant),
      );
      return loading;
    }
    // A stale snapshot keeps answering while one successor loads (no request waits on it, and
    // a burst of requests starts one reload, not one each).
    void cached.then((s) => {
      if (Date.now() - s.loadedAt <= this.cacheMs || this.refreshing.has(merchant)) return;
      this.refreshing.add(merchant);
      const next = this.load(merchant);
      next
        .then(
          (s) => {
            if (this.snapshots.get(merchant) !== cached) return;
            this.snapshots.set(merchant, next);
            this.loaded.set(merchant, s);
          },
          () => undefined,
        )
        .finally(() => this.refreshing.delete(merchant));
    }, ignoreFailedLoad);
    return cached;
  }

  private async load(merchant: string): Promise<Snapshot> {
    const games = (await this.repo.catalogue(merchant)).map(toGame);
    return {
      loadedAt: Date.now(),
      games,
      byNode: new Map(games.map((g) => [g.nodeId, g])),
      byCode: new Map(games.map((g) => [`${g.vendor}|${g.gameCode}`, g])),
    };
  }

  /**
   * The identity of the brand's current snapshot: a different object once it has been reloaded
   * (what answers built from the catalogue are cached under).
   */
  async version(merchant: string): Promise<object> {
    return this.snapshot(merchant);
  }

  /**
   * What version() resolves to right now, when that is a snapshot still fresh; undefined while
   * none is loaded or the one there is due for a reload (which only version() and the other
   * readers start).
   */
  currentVersion(merchant: string): object | undefined {
    const s = this.loaded.get(merchant);
    return s && Date.now() - s.loadedAt <= this.cacheMs ? s : undefined;
  }

  async all(merchant: string): Promise<CatalogueGame[]> {
    return (await this.snapshot(merchant)).games;
  }

  async byNode(merchant: string, nodeId: string): Promise<CatalogueGame | undefined> {
    return (await this.snapshot(merchant)).byNode.get(nodeId);
  }

  async byCode(merchant: string, vendor: string, gameCode: string): Promise<CatalogueGame | undefined> {
    return (await this.snapshot(merchant)).byCode.get(`${vendor}|${gameCode}`);
  }

  /** Games by node id in the order given; ids no longer in the catalogue are left out. */
  async byNodes(merchant: string, nodeIds: string[]): Promise<CatalogueGame[]> {
    const { byNode } = await this.snapshot(merchant);
    return nodeIds.map((id) => byNode.get(id)).filter((g): g is CatalogueGame => g !== undefined);
  }

  /** GCSGAME_gameList: every filter of SPEC section 3, paged. */
  async list(merchant: string, q: GameListQuery, lang: Language, media = ''): Promise<GameList> {
    const games = await this.all(merchant);
    const maxMinBet = q.minBet ? toMinor(q.minBet) : null;
    const needle = q.gameName?.toLocaleLowerCase();
    const matches = games.filter(
      (g) =>
        (!q.gameType || g.gameType === q.gameType) &&
        (!q.vassalage || g.vendor === q.vassalage) &&
        (maxMinBet === null || g.minBet <= maxMinBet) &&
        (q.minLineNum === undefined || g.lineNum >= q.minLineNum) &&
        (!needle ||
          gameName(g, lang).toLocaleLowerCase().includes(needle) ||
          g.displayName.toLocaleLowerCase().includes(needle)),
    );
    const classifies = [...new Set(matches.map((g) => g.classify))];
    const filtered = q.gameClassify ? matches.filter((g) => g.classify === q.gameClassify) : matches;
    const start = (q.pageNo - 1) * q.pageSize;
    return {
      games: filtered.slice(start, start + q.pageSize).map((g) => presentGame(g, lang, media)),
      totalPages: pages(filtered.length, q.pageSize),
      totalCount: filtered.length,
      classifies,
    };
  }

  /** GCSGAME_hotGamesV2: hot games of a vendor, of a type, or of the whole brand. */
  async hot(
    merchant: string,
    lang: Language,
    filter: { vendor?: string; gameType?: GameType },
    media = '',
  ): Promise<Game[]> {
    const games = await this.all(merchant);
    return games
      .filter(
        (g) =>
          g.hot &&
          (!filter.vendor || g.vendor === filter.vendor) &&
          (!filter.gameType || g.gameType === filter.gameType),
      )
      .map((g) => presentGame(g, lang, media));
  }

  /** A page of games given by node ids (favourites, recent), in that order. */
  async page(
    merchant: string,
    nodeIds: string[],
    lang: Language,
    p: { pageNo: number; pageSize: number; gameType?: GameType; vendor?: string },
    media = '',
  ): Promise<{ games: Game[]; totalPages: number }> {
    const games = (await this.byNodes(merchant, nodeIds)).filter(
      (g) => (!p.gameType || g.gameType === p.gameType) && (!p.vendor || g.vendor === p.vendor),
    );
    const start = (p.pageNo - 1) * p.pageSize;
    return {
      games: games.slice(start, start + p.pageSize).map((g) => presentGame(g, lang, media)),
      totalPages: pages(games.length, p.pageSize),
    };
  }
}
