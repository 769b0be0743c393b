import {
  fromMinor,
  POPULAR_GAMES_COUNT,
  type Game,
  type GameType,
  type Language,
  type Winner,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { maskAccount } from '../../platform/mask';
import type { CatalogueService } from './catalogue.service';
import { gameName, presentGame } from './catalogue.service';
import type { GameRepository } from './game.repository';

/** Recent games kept per member (older ones drop off the list). */
const RECENT_KEPT = 100;
/** Popular games: bets of this many days count. */
const POPULAR_DAYS = 7;
const POPULAR_CACHE_MS = 60_000;
const WINNERS_CACHE_MS = 5_000;
/** Jackpot wins this recent head the winner board (rare and large: they would scroll off at once). */
const JACKPOT_BOARD_DAYS = 7;
const JACKPOT_BOARD_MAX = 3;

/** Favourites, recent games, the winner board and popular games. */
export class GameService {
  private readonly popularCache = new Map<
    string,
    { at: number; rows: Promise<{ vendor: string; code: string }[]> }
  >();
  private readonly winnersCache = new Map<string, { at: number; rows: Promise<Winner[]> }>();

  constructor(
    private readonly repo: GameRepository,
    private readonly catalogue: CatalogueService,
  ) {}

  async favoriteIds(merchant: string, memberId: string, gameType?: GameType): Promise<number[]> {
    const ids = await this.repo.favoriteIds(memberId);
    const games = await this.catalogue.byNodes(merchant, ids);
    return games.filter((g) => !gameType || g.gameType === gameType).map((g) => Number(g.nodeId));
  }

  async favoriteList(
    merchant: string,
    memberId: string,
    lang: Language,
    p: { pageNo: number; pageSize: number; gameType?: GameType },
    media = '',
  ): Promise<{ content: Game[]; totalPages: number }> {
    const ids = await this.repo.favoriteIds(memberId);
    const page = await this.catalogue.page(merchant, ids, lang, p, media);
    return { content: page.games, totalPages: page.totalPages };
  }

  /**
   * Adds or removes a favourite. The game must be in the brand's catalogue with the vendor and
   * type the caller names (a stale or forged id changes nothing). Answers the ids afterwards.
   */
  async changeFavorite(
    merchant: string,
    memberId: string,
    change: { nodeId: number; vendor: string; gameType: GameType },
    add: boolean,
  ): Promise<number[]> {
    const game = await this.catalogue.byNode(merchant, String(change.nodeId));
    if (!game || game.vendor !== change.vendor || game.gameType !== change.gameType)
      throw new AppError('game.unknown');
    if (add) await this.repo.addFavorite(memberId, game.nodeId);
    else await this.repo.removeFavorite(memberId, game.nodeId);
    return this.favoriteIds(merchant, memberId);
  }

  async recordRecent(memberId: string, nodeId: string): Promise<void> {
    await this.repo.touchRecent(memberId, nodeId);
  }

  async recent(
    merchant: string,
    memberId: string,
    lang: Language,
    p: { pageNo: number; pageSize: number; gameType?: GameType; vendor?: string },
    media = '',
  ): Promise<{ list: Game[]; totalPages: number }> {
    const ids = await this.repo.recentIds(memberId, RECENT_KEPT);
    const page = await this.catalogue.page(merchant, ids, lang, p, media);
    return { list: page.games, totalPages: page.totalPages };
  }

  /**
   * ODSFE2_getWinnerBoard: the newest real wins (settled bets paying more than their stake), from
   * the bet records, headed by the progressive jackpot wins of the last days (`jackpot: true`).
   * Held a few seconds per brand: the home page of every visitor asks for it.
   */
  async winners(merchant: string, lang: Language, limit: number, gameType?: GameType): Promise<Winner[]> {
    const key = `${merchant}|${gameType ?? ''}|${lang}`;
    const hit = this.winnersCache.get(key);
    if (hit && Date.now() - hit.at < WINNERS_CACHE_MS) return (await hit.rows).slice(0, limit);
    const rows = this.loadWinners(merchant, lang, gameType);
    this.winnersCache.set(key, { at: Date.now(), rows });
    rows.catch(() => this.winnersCache.delete(key));
    return (await rows).slice(0, limit);
  }

  private async loadWinners(merchant: string, lang: Language, gameType?: GameType): Promise<Winner[]> {
    const jackpots = await this.repo.jackpotWinners(
      merchant,
      JACKPOT_BOARD_DAYS,
      JACKPOT_BOARD_MAX,
      gameType,
    );
    const rows = await this.repo.winners(merchant, 50, gameType);
    const out: Winner[] = [];
    for (const r of [...jackpots, ...rows]) {
      const game = await this.catalogue.byCode(merchant, r.vendor_code, r.game_code);
      const stake = BigInt(r.stake);
      const payout = BigInt(r.payout);
      out.push({
        account: maskAccount(r.username),
        nodeId: game ? Number(game.nodeId) : null,
        vendor: r.vendor_code,
        gameType: r.game_type,
        gameCode: r.game_code,
        gameName: game ? gameName(game, lang) : r.game_name,
        betAmount: fromMinor(stake),
        winAmount: fromMinor(payout),
        // Two decimals, in integers: payout * 100 / stake, rounded down.
        multiplier: Number((payout * 100n) / stake) / 100,
        time: r.settled_at.toISOString(),
        ...(jackpots.includes(r) ? { jackpot: true } : {}),
      });
    }
    return out;
  }

  /**
   * /lgw/games/popular: the most played games of the last days (by bets placed), topped up with
   * the brand's hot games when too few have been played.
   */
  async popular(
    merchant: string,
    lang: Language,
    count = POPULAR_GAMES_COUNT,
    gameType?: GameType,
    media = '',
  ): Promise<Game[]> {
    const hit = this.popularCache.get(merchant);
    let rows: Promise<{ vendor: string; code: string }[]>;
    if (hit && Date.now() - hit.at < POPULAR_CACHE_MS) rows = hit.rows;
    else {
      rows = this.repo.playCounts(merchant, POPULAR_DAYS, 200);
      this.popularCache.set(merchant, { at: Date.now(), rows });
      rows.catch(() => this.popularCache.delete(merchant));
    }
    const chosen = new Map<string, Game>();
    for (const r of await rows) {
      const g = await this.catalogue.byCode(merchant, r.vendor, r.code);
      if (g && (!gameType || g.gameType === gameType)) chosen.set(g.nodeId, presentGame(g, lang, media));
    }
    for (const g of await this.catalogue.all(merchant)) {
      if (chosen.size >= count) break;
      if (g.hot && (!gameType || g.gameType === gameType)) chosen.set(g.nodeId, presentGame(g, lang, media));
    }
    return [...chosen.values()].slice(0, count);
  }
}
