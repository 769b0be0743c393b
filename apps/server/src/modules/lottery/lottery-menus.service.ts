import {
  defaultPrizeMode,
  LOTTERY_GAME_TYPES,
  LOTTERY_MENU_TAGS,
  LOTTERY_VENDORS,
  PRIZE_MODES,
  type Game,
  type Language,
  type LotteryDraw,
  type LotteryGameGroup,
  type LotteryGameType,
  type LotteryItem,
  type LotteryMenu,
  type LotteryOpened,
  type LotteryOpenNumero,
  type LotteryResult,
  type PopularGame,
  type PrizeMode,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { validZone } from '../../platform/zoned-time';
import { gameIcon, gameName, type CatalogueGame, type CatalogueService } from '../games';
import { lotteryDef, planOf, type LotteryGameDef } from './lottery-games';
import { isResultOf, presentResult, type DrawnResult } from './lottery-rules';
import { currentDraw, drawDayOfWeek, isBettingOpen } from './lottery-schedule';
import type { DrawRow, GameKey, LotteryRepository } from './lottery.repository';
import type { Bus } from '../../platform/bus';
import { CacheNotices } from '../../platform/shared-cache';

/**
 * The return each prize mode's odds are priced at (basis points of the stake) unless the brand sets
 * its own (merchant.lottery_rtp_bp): the odds of every bet type follow from it and the table's exact
 * probabilities (lottery-rules oddsFor).
 */
export const PRIZE_MODE_RTP_BP: Record<PrizeMode, number> = { Lott: 9500, ZY: 9600, Elott: 9700, SEA: 9400 };
/** How long a brand's time zone and lottery returns are reused before they are looked up again. */
const ZONE_CACHE_MS = 5_000;

/** A lottery game of a brand: its catalogue entry and its lottery definition. */
export interface LotteryGame {
  game: CatalogueGame;
  def: LotteryGameDef;
}

/** Where a game's draws are kept: the brand, the vendor and the game code. */
export const gameKey = (merchant: string, g: LotteryGame): GameKey => ({
  merchant,
  vendor: g.game.vendor,
  gameCode: g.game.gameCode,
});

/** A stored draw as the answers show it. */
export function drawWire(d: DrawRow): LotteryDraw {
  const def = lotteryDef(d.vendor_code, d.game_code);
  return {
    vendor: d.vendor_code,
    gameCode: d.game_code,
    numero: d.numero,
    status: d.status,
    lockTime: new Date(d.lock_at).getTime(),
    winningTime: new Date(d.draw_at).getTime(),
    openTime: d.opened_at ? new Date(d.opened_at).getTime() : null,
    result: def ? resultWire(def, d.result) : null,
  };
}

/** A stored result as the answers show it (none when it does not fit the game's table). */
export function resultWire(def: LotteryGameDef, stored: unknown): LotteryResult | null {
  const r = stored as DrawnResult | null;
  return r && isResultOf(def.table, r) ? presentResult(def.table, r) : null;
}

interface LotteryMenuOptions {
  /** Seconds between two fast draws (LOTTERY_FAST_SECONDS). */
  fastSeconds: number;
  /** The brand's time zone (digit draws are at local times). */
  timeZoneOf: (merchant: string) => Promise<string>;
  /** The brand's return per prize mode (basis points, validated); a mode not named uses PRIZE_MODE_RTP_BP. */
  rtpOf: (merchant: string) => Promise<Partial<Record<PrizeMode, number>>>;
  /** Popular games of one type (the games module's /lgw/games/popular). */
  popularGames: (
    merchant: string,
    lang: Language,
    count: number,
    gameType: LotteryGameType,
  ) => Promise<Game[]>;
}

/**
 * The brand's lottery games as the lists show them: menus and items computed from the clock,
 * recent and popular games, the draws and results listed, and the settings the draws and odds
 * follow (the brand's time zone and returns, cached a few seconds). The slips and the draws
 * find their games and plans here.
 */
export class LotteryMenuService {
  private readonly zones = new Map<string, { at: number; zone: Promise<string> }>();
  private readonly rtps = new Map<string, { at: number; rtp: Promise<Partial<Record<PrizeMode, number>>> }>();
  private readonly offs = new Map<string, { at: number; off: Promise<Set<string>> }>();

  private readonly notices: CacheNotices;

  constructor(
    private readonly repo: LotteryRepository,
    private readonly catalogue: CatalogueService,
    private readonly opts: LotteryMenuOptions,
    private readonly now: () => number = Date.now,
    /** The other instances forget a brand's settings when this one does, and the other way round. */
    bus?: Bus,
  ) {
    this.notices = new CacheNotices(bus, 'lottery-settings', (merchant) => {
      for (const map of [this.zones, this.rtps, this.offs])
        if (merchant) map.delete(merchant);
        else map.clear();
    });
  }

  // ---- games, plans and items ----------------------------------------------------------------

  /** The brand's lottery games (catalogue games with a lottery definition), catalogue order. */
  async games(merchant: string): Promise<LotteryGame[]> {
    const out: LotteryGame[] = [];
    for (const game of await this.catalogue.all(merchant)) {
      const def = lotteryDef(game.vendor, game.gameCode);
      if (def) out.push({ game, def });
    }
    return out;
  }

  /** A lottery game by code (and vendor when two share the code): game.unknown if none. */
  async gameOf(merchant: string, gameCode: string, vendor?: string): Promise<LotteryGame> {
    const found = (await this.games(merchant)).find(
      (g) => g.game.gameCode === gameCode && (!vendor || g.game.vendor === vendor),
    );
    if (!found) throw new AppError('game.unknown');
    return found;
  }

  /**
   * The brand's games switched off ('vendor|gameCode'), looked up at most every few seconds so
   * a switch reaches every instance within seconds.
   */
  private offGames(merchant: string): Promise<Set<string>> {
    const hit = this.offs.get(merchant);
    if (hit && Date.now() - hit.at < ZONE_CACHE_MS) return hit.off;
    const off = this.repo.offGames(merchant);
    this.offs.set(merchant, { at: Date.now(), off });
    off.catch(() => this.offs.delete(merchant));
    return off;
  }

  /** Whether the brand has the game switched on (`fresh`: read now, not from the few-second cache). */
  async isOn(merchant: string, g: LotteryGame, fresh = false): Promise<boolean> {
    const key = { vendor: g.game.vendor, gameCode: g.game.gameCode };
    const off = fresh ? await this.repo.offGames(merchant, key) : await this.offGames(merchant);
    return !off.has(`${key.vendor}|${key.gameCode}`);
  }

  /** The brand's lottery games switched on: what the menus list and the draw job keeps drawing. */
  async liveGames(merchant: string): Promise<LotteryGame[]> {
    const off = await this.offGames(merchant);
    return (await this.games(merchant)).filter((g) => !off.has(`${g.game.vendor}|${g.game.gameCode}`));
  }

  /** A game that takes slips: as gameOf, and lottery.game.off when the brand switched it off. */
  async liveGameOf(merchant: string, gameCode: string, vendor?: string, fresh = false): Promise<LotteryGame> {
    const g = await this.gameOf(merchant, gameCode, vendor);
    if (!(await this.isOn(merchant, g, fresh))) throw new AppError('lottery.game.off');
    return g;
  }

  /** The brand's time zone (an unknown zone is UTC), looked up at most every few seconds. */
  zoneOf(merchant: string): Promise<string> {
    const hit = this.zones.get(merchant);
    if (hit && Date.now() - hit.at < ZONE_CACHE_MS) return hit.zone;
    const zone = this.opts.timeZoneOf(merchant).then(validZone);
    this.zones.set(merchant, { at: Date.now(), zone });
    zone.catch(() => this.zones.delete(merchant));
    return zone;
  }

  /** The brand's lottery returns, looked up (with the brand, cached) at most every few seconds. */
  rtpsOf(merchant: string): Promise<Partial<Record<PrizeMode, number>>> {
    const hit = this.rtps.get(merchant);
    if (hit && Date.now() - hit.at < ZONE_CACHE_MS) return hit.rtp;
    const rtp = this.opts.rtpOf(merchant);
    this.rtps.set(merchant, { at: Date.now(), rtp });
    rtp.catch(() => this.rtps.delete(merchant));
    return rtp;
  }

  /** The return (basis points) the brand prices a prize mode's odds at: its own, else the default. */
  async rtpBpOf(merchant: string, prizeMode: PrizeMode): Promise<number> {
    return (await this.rtpsOf(merchant))[prizeMode] ?? PRIZE_MODE_RTP_BP[prizeMode];
  }

  /** The brand's return per prize mode, and whether the brand sets it or the default applies. */
  async rtpTable(merchant: string) {
    const own = await this.rtpsOf(merchant);
    return PRIZE_MODES.map((prizeMode) => ({
      prizeMode,
      rtpBp: own[prizeMode] ?? PRIZE_MODE_RTP_BP[prizeMode],
      defaultRtpBp: PRIZE_MODE_RTP_BP[prizeMode],
      source: own[prizeMode] === undefined ? ('DEFAULT' as const) : ('BRAND' as const),
    }));
  }

  /** Forgets the brand's cached settings (an operator changed them): the next call reads them again. */
  forgetBrand(merchant: string): void {
    this.notices.forget(merchant);
  }

  async planFor(merchant: string, def: LotteryGameDef) {
    return planOf(def, await this.zoneOf(merchant), this.opts.fastSeconds);
  }

  /** SPEC section 9: the prize mode asked for, else the rule of the game's category. */
  async prizeModeOf(merchant: string, gameType: string, asked?: PrizeMode): Promise<PrizeMode> {
    if (asked) return asked;
    const vendors = (await this.catalogue.all(merchant))
      .filter((g) => g.gameType === gameType)
      .map((g) => g.vendor);
    return defaultPrizeMode(vendors);
  }

  private async item(
    merchant: string,
    g: LotteryGame,
    lang: Language,
    asked?: PrizeMode,
  ): Promise<LotteryItem> {
    const nowMs = this.now();
    const plan = await this.planFor(merchant, g.def);
    const slot = currentDraw(nowMs, plan);
    return {
      gameId: g.game.gameId,
      remark: gameName(g.game, lang),
      gameMenuTag: g.def.menuTag,
      drawDayOfWeek: drawDayOfWeek(plan),
      numero: slot?.numero ?? null,
      remainTime: slot ? Math.max(0, slot.lockAt - nowMs) : 0,
      lockTime: slot?.lockAt ?? null,
      winningTime: slot?.drawAt ?? null,
      status: slot && isBettingOpen(slot, nowMs) ? 'OPEN' : 'LOCKED',
      vendor: g.game.vendor,
      gameCode: g.game.gameCode,
      gameType: g.game.gameType as LotteryGameType,
      nodeId: Number(g.game.nodeId),
      isHot: g.game.hot ? 1 : 0,
      prizeMode: await this.prizeModeOf(merchant, g.game.gameType, asked),
      family: g.def.family,
      showIcon: gameIcon(g.game, lang),
    };
  }

  private async items(
    merchant: string,
    lang: Language,
    q: { prizeMode?: PrizeMode; gameType?: LotteryGameType },
  ): Promise<LotteryItem[]> {
    const games = (await this.liveGames(merchant)).filter(
      (g) => !q.gameType || g.game.gameType === q.gameType,
    );
    return Promise.all(games.map((g) => this.item(merchant, g, lang, q.prizeMode)));
  }

  /** /lgw/games/game_menus: one menu per tag that has games (VN, SEA, FAST). */
  async menus(
    merchant: string,
    lang: Language,
    q: { prizeMode?: PrizeMode; gameType?: LotteryGameType },
  ): Promise<LotteryMenu[]> {
    const items = await this.items(merchant, lang, q);
    return LOTTERY_MENU_TAGS.map((tag) => ({
      tag,
      gameMenus: items.filter((i) => i.gameMenuTag === tag),
    })).filter((m) => m.gameMenus.length > 0);
  }

  /** /lgw/vn/games/game_menu: one group per lottery vendor that has games. */
  async gameGroups(
    merchant: string,
    lang: Language,
    q: { prizeMode?: PrizeMode; gameType?: LotteryGameType },
  ): Promise<LotteryGameGroup[]> {
    const items = await this.items(merchant, lang, q);
    return LOTTERY_VENDORS.map((v) => ({
      gameGroupCode: v,
      gameMenus: items.filter((i) => i.vendor === v),
    })).filter((g) => g.gameMenus.length > 0);
  }

  /** /lgw/vn/games/game_menu/recent: the member's lottery games, last played first. */
  async recent(
    merchant: string,
    memberId: string,
    lang: Language,
    q: { prizeMode?: PrizeMode; recentCount: number },
  ): Promise<LotteryItem[]> {
    const nodes = await this.repo.recentNodes(memberId, q.recentCount);
    const out: LotteryItem[] = [];
    for (const nodeId of nodes) {
      const game = await this.catalogue.byNode(merchant, nodeId);
      const def = game && lotteryDef(game.vendor, game.gameCode);
      if (game && def && (await this.isOn(merchant, { game, def })))
        out.push(await this.item(merchant, { game, def }, lang, q.prizeMode));
    }
    return out;
  }

  /**
   * /lgw/games/popular asked for lotteries: the popular games of the lottery types (one, or both
   * merged), each with its lottery item.
   */
  async popular(
    merchant: string,
    lang: Language,
    q: { count: number; gameType?: string; prizeMode?: PrizeMode },
  ): Promise<PopularGame[]> {
    const types = LOTTERY_GAME_TYPES.filter((t) => !q.gameType || t === q.gameType);
    const lists = await Promise.all(types.map((t) => this.opts.popularGames(merchant, lang, q.count, t)));
    const out: PopularGame[] = [];
    // Interleaved, so both types show when both are asked for.
    for (let i = 0; out.length < q.count && lists.some((l) => i < l.length); i++) {
      for (const l of lists) {
        const game = l[i];
        if (!game || out.length >= q.count) continue;
        const found = await this.catalogue.byCode(merchant, game.vendor, game.gameCode);
        const def = found && lotteryDef(found.vendor, found.gameCode);
        if (!found || !def || !(await this.isOn(merchant, { game: found, def }))) continue;
        out.push({ ...game, lottery: await this.item(merchant, { game: found, def }, lang, q.prizeMode) });
      }
    }
    return out;
  }

  // ---- draws as listed ---------------------------------------------------------------------------

  /** /lgw/vn/numeros/opened/game: a game's drawn draws, newest first. */
  async opened(
    merchant: string,
    q: { gameCode: string; vendor?: string; count: number },
  ): Promise<LotteryOpened> {
    const g = await this.gameOf(merchant, q.gameCode, q.vendor);
    const rows = await this.repo.draws(gameKey(merchant, g), q.count, true);
    return { vendor: g.game.vendor, gameCode: g.game.gameCode, list: rows.map((d) => drawWire(d)) };
  }

  /** /lgw/lottery/draws: a game's draws (past and current), newest first. */
  async draws(
    merchant: string,
    q: { gameCode: string; vendor?: string; count: number },
  ): Promise<LotteryDraw[]> {
    const g = await this.gameOf(merchant, q.gameCode, q.vendor);
    const rows = await this.repo.draws(gameKey(merchant, g), q.count, false);
    return rows.map((d) => drawWire(d));
  }

  /** /lotto/lgw/games/opened/numero: every lottery game's latest drawn draw. */
  async openNumeros(merchant: string, q: { gameType?: LotteryGameType }): Promise<LotteryOpenNumero[]> {
    const latest = new Map(
      (await this.repo.latestOpened(merchant)).map((d) => [`${d.vendor_code}|${d.game_code}`, d]),
    );
    return (await this.liveGames(merchant))
      .filter((g) => !q.gameType || g.game.gameType === q.gameType)
      .map((g) => {
        const d = latest.get(`${g.game.vendor}|${g.game.gameCode}`);
        const result = d ? resultWire(g.def, d.result) : null;
        return {
          gameId: g.game.gameId,
          vendor: g.game.vendor,
          gameCode: g.game.gameCode,
          numero: d?.numero ?? null,
          winningNumber: result?.winningNumber ?? null,
          openTime: d?.opened_at ? new Date(d.opened_at).getTime() : null,
        };
      });
  }
}
