import {
  defaultPrizeMode,
  fromMinor,
  LOTTERY_GAME_TYPES,
  LOTTERY_HISTORY_SIZE,
  LOTTERY_MENU_TAGS,
  LOTTERY_SLIP_MAX_LINES,
  LOTTERY_VENDORS,
  PRIZE_MODES,
  toMinor,
  type Game,
  type Language,
  type LotteryBet,
  type LotteryBetResult,
  type LotteryBetType,
  type LotteryBetTypeInfo,
  type LotteryCancelResult,
  type LotteryDraw,
  type LotteryGameGroup,
  type LotteryGameInfo,
  type LotteryGameType,
  type LotteryItem,
  type LotteryMenu,
  type LotteryOpened,
  type LotteryOpenNumero,
  type LotteryResult,
  type PopularGame,
  type PrizeMode,
  type lotteryBetRequestSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { SessionMember } from '../../platform/auth';
import { gameName, type CatalogueGame, type CatalogueService } from '../games/catalogue.service';
import type { RoundWallet, SeamlessWalletService } from '../providers/seamless-wallet.service';
import { lotteryDef, planOf, type LotteryGameDef } from './lottery-games';
import {
  betTypesOf,
  canonicalNumbers,
  drawResult,
  expectedHits,
  hitsOf,
  isMultiHit,
  isResultOf,
  lineOdds,
  payoutOf,
  pickOf,
  presentResult,
  rtpPercent,
  TABLE_TIERS,
  THREE_BALL_SUM_WAYS,
  type DrawnResult,
  type Rng,
} from './lottery-rules';
import { currentDraw, drawDayOfWeek, isBettingOpen, type DrawSlot } from './lottery-schedule';
import type { BetRow, BetWithDraw, DrawRow, GameKey, LotteryRepository } from './lottery.repository';
import { validZone } from '../../platform/zoned-time';

export type LotteryBetBody = z.output<typeof lotteryBetRequestSchema>;

/**
 * The return each prize mode's odds are priced at (basis points of the stake) unless the brand sets
 * its own (merchant.lottery_rtp_bp): the odds of every bet type follow from it and the table's exact
 * probabilities (lottery-rules oddsFor).
 */
export const PRIZE_MODE_RTP_BP: Record<PrizeMode, number> = { Lott: 9500, ZY: 9600, Elott: 9700, SEA: 9400 };
/** The largest stake of one line: 10,000.00. */
export const LOTTERY_MAX_STAKE = 1_000_000n;
/** The smallest stake of one line when the catalogue names none: 0.10. */
const DEFAULT_MIN_STAKE = 10n;
/** How long a brand's time zone and lottery returns are reused before they are looked up again. */
const ZONE_CACHE_MS = 5_000;
/** Draws the job draws and settles per run at most (the rest wait for the next run). */
const BATCH = 50;

/** The slip's transaction id at the seamless wallet: the id of its first line names it. */
const txnOf = (firstLineId: string) => `lt${firstLineId}`;
const odds = (hundredths: number) => hundredths / 100;

/** A lottery game of a brand: its catalogue entry and its lottery definition. */
interface LotteryGame {
  game: CatalogueGame;
  def: LotteryGameDef;
}

export interface LotteryOptions {
  /** Seconds between two fast draws (LOTTERY_FAST_SECONDS). */
  fastSeconds: number;
  /** The brand's time zone (digit draws are at local times). */
  timeZoneOf: (merchant: string) => Promise<string>;
  /** The brand's return per prize mode (basis points, validated); a mode not named uses PRIZE_MODE_RTP_BP. */
  rtpOf: (merchant: string) => Promise<Partial<Record<PrizeMode, number>>>;
  /**
   * Brings the member's money held at vendor wallets back to main (the wallet module's recall):
   * slips are staked from main, whatever game the member left last.
   */
  recallToMain: (merchant: string, memberId: string) => Promise<void>;
  /** Popular games of one type (the games module's /lgw/games/popular). */
  popularGames: (
    merchant: string,
    lang: Language,
    count: number,
    gameType: LotteryGameType,
  ) => Promise<Game[]>;
}

/**
 * The lottery and electronic lottery: menus and items computed from the clock, draws
 * stored when they are first needed, slips of bet lines, and the draw job that draws each result
 * once with the secure RNG and settles every slip once through the seamless wallet.
 *
 * WARNING: money safety rests on keys, never on timers or on one process:
 * - a slip is named by the member's request id (unique per line number), and its stakes by one
 *   bet at the wallet (the id of its first line): a retried slip debits once;
 * - a draw's result is written once, by a conditional UPDATE that slip inserts lock against (FOR
 *   SHARE): no slip joins a drawn draw, and no result is drawn twice;
 * - a slip's settlement is the wallet's idempotent credit of its bet with the payout computed from
 *   the stored result (or its rollback for a cancelled draw): settling again moves nothing.
 */
export class LotteryService {
  private readonly ensured = new Set<string>();
  private readonly zones = new Map<string, { at: number; zone: Promise<string> }>();
  private readonly rtps = new Map<string, { at: number; rtp: Promise<Partial<Record<PrizeMode, number>>> }>();

  constructor(
    private readonly repo: LotteryRepository,
    private readonly catalogue: CatalogueService,
    private readonly wallet: SeamlessWalletService,
    private readonly opts: LotteryOptions,
    /** The secure RNG (SecureRng) that draws the results. */
    private readonly rng: Rng,
    private readonly now: () => number = Date.now,
  ) {}

  // ---- games, plans and items ----------------------------------------------------------------

  /** The brand's lottery games (catalogue games with a lottery definition), catalogue order. */
  private async games(merchant: string): Promise<LotteryGame[]> {
    const out: LotteryGame[] = [];
    for (const game of await this.catalogue.all(merchant)) {
      const def = lotteryDef(game.vendor, game.gameCode);
      if (def) out.push({ game, def });
    }
    return out;
  }

  /** A lottery game by code (and vendor when two share the code): game.unknown if none. */
  private async gameOf(merchant: string, gameCode: string, vendor?: string): Promise<LotteryGame> {
    const found = (await this.games(merchant)).find(
      (g) => g.game.gameCode === gameCode && (!vendor || g.game.vendor === vendor),
    );
    if (!found) throw new AppError('game.unknown');
    return found;
  }

  /** The brand's time zone (an unknown zone is UTC), looked up at most every few seconds. */
  private zoneOf(merchant: string): Promise<string> {
    const hit = this.zones.get(merchant);
    if (hit && Date.now() - hit.at < ZONE_CACHE_MS) return hit.zone;
    const zone = this.opts.timeZoneOf(merchant).then(validZone);
    this.zones.set(merchant, { at: Date.now(), zone });
    zone.catch(() => this.zones.delete(merchant));
    return zone;
  }

  /** The brand's lottery returns, looked up (with the brand, cached) at most every few seconds. */
  private rtpsOf(merchant: string): Promise<Partial<Record<PrizeMode, number>>> {
    const hit = this.rtps.get(merchant);
    if (hit && Date.now() - hit.at < ZONE_CACHE_MS) return hit.rtp;
    const rtp = this.opts.rtpOf(merchant);
    this.rtps.set(merchant, { at: Date.now(), rtp });
    rtp.catch(() => this.rtps.delete(merchant));
    return rtp;
  }

  /** The return (basis points) the brand prices a prize mode's odds at: its own, else the default. */
  private async rtpBpOf(merchant: string, prizeMode: PrizeMode): Promise<number> {
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
    this.zones.delete(merchant);
    this.rtps.delete(merchant);
  }

  private async planFor(merchant: string, def: LotteryGameDef) {
    return planOf(def, await this.zoneOf(merchant), this.opts.fastSeconds);
  }

  /** SPEC section 9: the prize mode asked for, else the rule of the game's category. */
  private async prizeModeOf(merchant: string, gameType: string, asked?: PrizeMode): Promise<PrizeMode> {
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
      showIcon: g.game.iconPath,
    };
  }

  private async items(
    merchant: string,
    lang: Language,
    q: { prizeMode?: PrizeMode; gameType?: LotteryGameType },
  ): Promise<LotteryItem[]> {
    const games = (await this.games(merchant)).filter((g) => !q.gameType || g.game.gameType === q.gameType);
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
      if (game && def) out.push(await this.item(merchant, { game, def }, lang, q.prizeMode));
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
        if (!found || !def) continue;
        out.push({ ...game, lottery: await this.item(merchant, { game: found, def }, lang, q.prizeMode) });
      }
    }
    return out;
  }

  /** Whether a catalogue game is a lottery we run (its launch opens the /lottery page). */
  static isLottery(vendor: string, gameCode: string): boolean {
    return lotteryDef(vendor, gameCode) !== undefined;
  }

  // ---- draws -----------------------------------------------------------------------------------

  private static keyOf(merchant: string, g: LotteryGame): GameKey {
    return { merchant, vendor: g.game.vendor, gameCode: g.game.gameCode };
  }

  /** The draw of a slot, stored now if this is its first use. */
  private async ensureDraw(key: GameKey, slot: DrawSlot): Promise<DrawRow> {
    const found = await this.repo.draw(key, slot.numero);
    if (found) return found;
    return this.repo.insertDrawOnce({
      merchant_code: key.merchant,
      vendor_code: key.vendor,
      game_code: key.gameCode,
      numero: slot.numero,
      seq: slot.seq,
      lock_at: new Date(slot.lockAt),
      draw_at: new Date(slot.drawAt),
    });
  }

  private drawWire(d: DrawRow): LotteryDraw {
    const def = lotteryDef(d.vendor_code, d.game_code);
    return {
      vendor: d.vendor_code,
      gameCode: d.game_code,
      numero: d.numero,
      status: d.status,
      lockTime: new Date(d.lock_at).getTime(),
      winningTime: new Date(d.draw_at).getTime(),
      openTime: d.opened_at ? new Date(d.opened_at).getTime() : null,
      result: def ? this.resultWire(def, d.result) : null,
    };
  }

  private resultWire(def: LotteryGameDef, stored: unknown): LotteryResult | null {
    const r = stored as DrawnResult | null;
    return r && isResultOf(def.table, r) ? presentResult(def.table, r) : null;
  }

  /** /lgw/vn/numeros/opened/game: a game's drawn draws, newest first. */
  async opened(
    merchant: string,
    q: { gameCode: string; vendor?: string; count: number },
  ): Promise<LotteryOpened> {
    const g = await this.gameOf(merchant, q.gameCode, q.vendor);
    const rows = await this.repo.draws(LotteryService.keyOf(merchant, g), q.count, true);
    return { vendor: g.game.vendor, gameCode: g.game.gameCode, list: rows.map((d) => this.drawWire(d)) };
  }

  /** /lgw/lottery/draws: a game's draws (past and current), newest first. */
  async draws(
    merchant: string,
    q: { gameCode: string; vendor?: string; count: number },
  ): Promise<LotteryDraw[]> {
    const g = await this.gameOf(merchant, q.gameCode, q.vendor);
    const rows = await this.repo.draws(LotteryService.keyOf(merchant, g), q.count, false);
    return rows.map((d) => this.drawWire(d));
  }

  /** /lotto/lgw/games/opened/numero: every lottery game's latest drawn draw. */
  async openNumeros(merchant: string, q: { gameType?: LotteryGameType }): Promise<LotteryOpenNumero[]> {
    const latest = new Map(
      (await this.repo.latestOpened(merchant)).map((d) => [`${d.vendor_code}|${d.game_code}`, d]),
    );
    return (await this.games(merchant))
      .filter((g) => !q.gameType || g.game.gameType === q.gameType)
      .map((g) => {
        const d = latest.get(`${g.game.vendor}|${g.game.gameCode}`);
        const result = d ? this.resultWire(g.def, d.result) : null;
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

  // ---- game info ---------------------------------------------------------------------------------

  private static minStake(g: CatalogueGame): bigint {
    return g.minBet > 0n ? g.minBet : DEFAULT_MIN_STAKE;
  }

  private static betTypeInfo(def: LotteryGameDef, betType: LotteryBetType, rtpBp: number, min: bigint) {
    const table = def.table;
    const pick = pickOf(table, betType);
    let info: Pick<LotteryBetTypeInfo, 'odds' | 'oddsBySum' | 'rtp'>;
    if (betType === 'SUM') {
      const bySum = THREE_BALL_SUM_WAYS.map((_, s) => lineOdds(table, 'SUM', [String(s)], rtpBp));
      const rtps = bySum.map((o, s) => rtpPercent(o, expectedHits(table, 'SUM', s)));
      info = { odds: odds(Math.max(...bySum)), oddsBySum: bySum.map(odds), rtp: Math.min(...rtps) };
    } else {
      const o = lineOdds(table, betType, [], rtpBp);
      info = { odds: odds(o), oddsBySum: null, rtp: rtpPercent(o, expectedHits(table, betType)) };
    }
    return {
      betType,
      pick,
      ...info,
      multiHit: isMultiHit(betType),
      minStake: fromMinor(min),
      maxStake: fromMinor(LOTTERY_MAX_STAKE),
      rulesKey: `lottery.rules.${betType}`,
    } satisfies LotteryBetTypeInfo;
  }

  /** /lgw/lottery/game: what the betting page needs; the balance when a session is sent. */
  async gameInfo(
    brand: { code: string; currencySymbol: string },
    member: SessionMember | null,
    lang: Language,
    q: { gameCode: string; vendor?: string; prizeMode?: PrizeMode },
  ): Promise<LotteryGameInfo> {
    const merchant = brand.code;
    const g = await this.gameOf(merchant, q.gameCode, q.vendor);
    const plan = await this.planFor(merchant, g.def);
    const prizeMode = await this.prizeModeOf(merchant, g.game.gameType, q.prizeMode);
    const rtpBp = await this.rtpBpOf(merchant, prizeMode);
    const nowMs = this.now();
    const slot = currentDraw(nowMs, plan);
    const min = LotteryService.minStake(g.game);
    const balance = member ? fromMinor(await this.stakeable(merchant, member.memberId, g)) : null;
    return {
      gameId: g.game.gameId,
      gameCode: g.game.gameCode,
      vendor: g.game.vendor,
      gameType: g.game.gameType as LotteryGameType,
      nodeId: Number(g.game.nodeId),
      name: gameName(g.game, lang),
      family: g.def.family,
      table: g.def.table,
      tiers: TABLE_TIERS[g.def.table].map((t) => ({ tier: t.tier, count: t.count, digits: t.digits })),
      gameMenuTag: g.def.menuTag,
      prizeMode,
      drawDayOfWeek: drawDayOfWeek(plan),
      drawTime: plan.kind === 'SCHEDULED' ? plan.drawTime : null,
      timeZone: plan.kind === 'SCHEDULED' ? plan.timeZone : await this.zoneOf(merchant),
      intervalSeconds: plan.kind === 'FAST' ? plan.intervalSeconds : null,
      lockSeconds: plan.kind === 'FAST' ? plan.lockSeconds : plan.lockMinutes * 60,
      currentDraw: slot
        ? {
            numero: slot.numero,
            status: isBettingOpen(slot, nowMs) ? 'OPEN' : 'LOCKED',
            lockTime: slot.lockAt,
            winningTime: slot.drawAt,
            remainTime: Math.max(0, slot.lockAt - nowMs),
          }
        : null,
      betTypes: betTypesOf(g.def.table).map((b) => LotteryService.betTypeInfo(g.def, b, rtpBp, min)),
      serverTime: nowMs,
      currencySymbol: brand.currencySymbol,
      balance,
      maxLines: LOTTERY_SLIP_MAX_LINES,
    };
  }

  // ---- bets --------------------------------------------------------------------------------------

  private mainWallet(merchant: string, memberId: string, g: LotteryGame): RoundWallet {
    return { merchant, vendor: g.game.vendor, memberId, walletVendor: null };
  }

  /** What the member can stake: the main wallet once the vendor wallets are recalled into it. */
  private async stakeable(merchant: string, memberId: string, g: LotteryGame): Promise<bigint> {
    await this.opts.recallToMain(merchant, memberId);
    return this.wallet.balance(this.mainWallet(merchant, memberId, g));
  }

  private static lineWallet(b: BetRow): RoundWallet {
    return { merchant: b.merchant_code, vendor: b.vendor_code, memberId: b.member_id, walletVendor: null };
  }

  private async betWire(merchant: string, b: BetWithDraw, lang: Language): Promise<LotteryBet> {
    const game = await this.catalogue.byCode(merchant, b.vendor_code, b.game_code);
    const def = lotteryDef(b.vendor_code, b.game_code);
    return {
      betId: b.id,
      requestId: b.request_id,
      vendor: b.vendor_code,
      gameCode: b.game_code,
      gameName: game ? gameName(game, lang) : b.game_code,
      numero: b.numero,
      prizeMode: b.prize_mode as PrizeMode,
      betType: b.bet_type as LotteryBetType,
      numbers: b.numbers as string[],
      stake: fromMinor(b.stake),
      odds: odds(b.odds),
      status: b.status,
      hits: b.hits,
      payout: b.payout === null ? null : fromMinor(b.payout),
      drawStatus: b.draw_status,
      result: def ? this.resultWire(def, b.result) : null,
      time: new Date(b.created_at).toISOString(),
    };
  }

  /**
   * The lines of a slip as asked for: canonical numbers, stakes and odds priced at the brand's
   * return `rtpBp` now (stored with each line; settlement pays by them); refused as a whole.
   */
  private static lines(g: LotteryGame, body: LotteryBetBody, rtpBp: number) {
    const min = LotteryService.minStake(g.game);
    return body.lines.map((l) => {
      const numbers = canonicalNumbers(g.def.table, l.betType, l.numbers);
      if (!numbers) throw new AppError('lottery.bet.invalid');
      const stake = toMinor(l.amount);
      if (stake === null) throw new AppError('lottery.bet.invalid');
      if (stake < min || stake > LOTTERY_MAX_STAKE) throw new AppError('lottery.stake.limit');
      const o = lineOdds(g.def.table, l.betType, numbers, rtpBp);
      if (o <= 0) throw new AppError('lottery.bet.invalid');
      return { betType: l.betType, numbers, stake, odds: o };
    });
  }

  /**
   * POST /lgw/lottery/bet: a slip of lines on the game's current draw, before its lock time. The
   * slip's stakes are one debit of the main wallet: all of it is placed, or nothing. A retried
   * request id answers the same slip; another slip under it is a conflict.
   */
  async bet(
    brand: { code: string },
    member: SessionMember,
    lang: Language,
    body: LotteryBetBody,
  ): Promise<LotteryBetResult> {
    const merchant = brand.code;
    const g = await this.gameOf(merchant, body.gameCode, body.vendor);
    const prizeMode = await this.prizeModeOf(merchant, g.game.gameType, body.prizeMode);
    const lines = LotteryService.lines(g, body, await this.rtpBpOf(merchant, prizeMode));

    let slip = await this.repo.slip(merchant, member.memberId, body.requestId);
    if (slip.length === 0) {
      const nowMs = this.now();
      const slot = currentDraw(nowMs, await this.planFor(merchant, g.def));
      if (!slot) throw new AppError('lottery.draw.unknown');
      if (body.numero !== slot.numero)
        throw new AppError(
          Number(body.numero) < slot.seq ? 'lottery.betting.closed' : 'lottery.draw.unknown',
        );
      if (!isBettingOpen(slot, nowMs)) throw new AppError('lottery.betting.closed');
      // A slip the balance cannot cover is refused before it is written: it leaves no line behind.
      const total = lines.reduce((a, l) => a + l.stake, 0n);
      if ((await this.stakeable(merchant, member.memberId, g)) < total)
        throw new AppError('wallet.insufficient');
      const draw = await this.ensureDraw(LotteryService.keyOf(merchant, g), slot);
      const inserted = await this.repo.insertSlip(
        draw.id,
        lines.map((l, i) => ({
          draw_id: draw.id,
          merchant_code: merchant,
          member_id: member.memberId,
          node_id: g.game.nodeId,
          vendor_code: g.game.vendor,
          game_code: g.game.gameCode,
          request_id: body.requestId,
          line_no: i,
          bet_type: l.betType,
          numbers: JSON.stringify(l.numbers),
          stake: l.stake,
          odds: l.odds,
          prize_mode: prizeMode,
        })),
      );
      if (inserted === 'closed') throw new AppError('lottery.betting.closed');
      slip = inserted;
    }
    // A request id names one slip: its retry must say the same thing.
    const draw = (await this.repo.byId(slip[0]!.draw_id))!;
    const same =
      slip.length === lines.length &&
      slip[0]!.node_id === g.game.nodeId &&
      draw.numero === body.numero &&
      slip.every(
        (b, i) =>
          b.bet_type === lines[i]!.betType &&
          JSON.stringify(b.numbers) === JSON.stringify(lines[i]!.numbers) &&
          BigInt(b.stake) === lines[i]!.stake,
      );
    if (!same) throw new AppError('wallet.reference.conflict');
    if (slip.every((b) => b.status === 'PLACING')) {
      // A placement taken up again (a twin, or one cut short) stakes from main too.
      await this.opts.recallToMain(merchant, member.memberId);
      await this.placeStakes(g, slip, lang);
    }

    const placed = await this.repo.slipWithDraw(merchant, member.memberId, body.requestId);
    return {
      requestId: body.requestId,
      bets: await Promise.all(placed.map((b) => this.betWire(merchant, b, lang))),
      balance: fromMinor(await this.wallet.balance(this.mainWallet(merchant, member.memberId, g))),
    };
  }

  /**
   * Debits a PLACING slip's stakes (one bet) and marks its lines OPEN. A refused debit (the
   * balance fell between the check and the debit) deletes the slip's lines: nothing moved, so
   * nothing is shown (a line would read as a refund) and the same request id may be sent again.
   * If the slip was voided or deleted meanwhile, the stake just taken is given back.
   */
  private async placeStakes(g: LotteryGame, slip: BetRow[], lang: Language): Promise<void> {
    const w = LotteryService.lineWallet(slip[0]!);
    const txn = txnOf(slip[0]!.id);
    const ids = slip.map((b) => b.id);
    try {
      await this.wallet.debit(w, {
        transactionId: txn,
        gameType: g.game.gameType,
        gameCode: g.game.gameCode,
        gameName: gameName(g.game, lang),
        amount: slip.reduce((a, b) => a + BigInt(b.stake), 0n),
      });
    } catch (err) {
      if (err instanceof AppError) {
        // WARNING: the marker first, so a twin of this placement still on its way is voided on
        // arrival (it finds no line to open, and gives its stake back below).
        await this.wallet.rollback(w, txn).catch(() => undefined);
        if (err.code === 'vendor.round.rolled.back') {
          // Voided on arrival: the draw was settled or cancelled while the stake was on its way.
          await this.repo.markLines(ids, ['PLACING'], 'VOID', { payout: 0n });
          throw new AppError('lottery.betting.closed');
        }
        await this.repo.deleteUnplaced(ids);
      }
      throw err;
    }
    if ((await this.repo.markLines(ids, ['PLACING'], 'OPEN')) > 0) return;
    const now = await this.repo.slip(w.merchant, w.memberId, slip[0]!.request_id);
    // A twin got there first (the same lines, all placed).
    if (
      now.length > 0 &&
      now[0]!.id === slip[0]!.id &&
      now.every((b) => b.status !== 'PLACING' && b.status !== 'VOID')
    )
      return;
    // Voided or deleted meanwhile: this debit must not stand.
    await this.wallet.rollback(w, txn);
    throw new AppError('lottery.betting.closed');
  }

  /** /lgw/lottery/bets: the member's last lines (of one game, or every lottery game), newest first. */
  async myBets(
    merchant: string,
    memberId: string,
    lang: Language,
    q: { gameCode?: string; vendor?: string },
  ): Promise<LotteryBet[]> {
    const game = q.gameCode ? await this.gameOf(merchant, q.gameCode, q.vendor) : undefined;
    const rows = await this.repo.latestBets(
      memberId,
      LOTTERY_HISTORY_SIZE,
      game && { vendor: game.game.vendor, gameCode: game.game.gameCode },
    );
    return Promise.all(rows.map((b) => this.betWire(merchant, b, lang)));
  }

  // ---- the draw job ------------------------------------------------------------------------------

  /** Slips of a draw's unsettled lines: (member, request id) -> lines. */
  private static slips(lines: BetRow[]): BetRow[][] {
    const by = new Map<string, BetRow[]>();
    for (const b of lines) {
      const k = `${b.member_id}|${b.request_id}`;
      by.set(k, [...(by.get(k) ?? []), b]);
    }
    return [...by.values()];
  }

  /**
   * Pays one slip of a drawn draw: the credit of its bet with the total its lines pay (computed
   * from the stored result, so a repeat credits the same and moves nothing), then each line.
   */
  private async paySlip(def: LotteryGameDef, result: DrawnResult, unsettled: BetRow[]): Promise<void> {
    const first = unsettled[0]!;
    const slip = await this.repo.slip(first.merchant_code, first.member_id, first.request_id);
    const outcome = slip.map((b) => {
      const hits = hitsOf(def.table, b.bet_type as LotteryBetType, b.numbers, result);
      return { b, hits, payout: payoutOf(BigInt(b.stake), b.odds, hits) };
    });
    const total = outcome.reduce((a, o) => a + o.payout, 0n);
    await this.wallet.credit(LotteryService.lineWallet(first), txnOf(slip[0]!.id), total);
    for (const o of outcome) {
      await this.repo.markLine(o.b.id, ['OPEN'], o.hits > 0 ? 'WON' : 'LOST', {
        hits: o.hits,
        payout: o.payout,
      });
    }
  }

  /** Voids one slip: its bet rolled back (the stake comes back if it was taken). Answers lines voided and stake returned. */
  private async voidSlip(unsettled: BetRow[]): Promise<{ lines: number; amount: bigint }> {
    const first = unsettled[0]!;
    const slip = await this.repo.slip(first.merchant_code, first.member_id, first.request_id);
    // WARNING: rollback leaves a marker first, so a stake still on its way is voided on arrival.
    const voided = await this.wallet.rollback(LotteryService.lineWallet(first), txnOf(slip[0]!.id));
    let lines = 0;
    let amount = 0n;
    for (const b of unsettled) {
      const back = voided.bet ? BigInt(b.stake) : 0n;
      if (await this.repo.markLine(b.id, ['PLACING', 'OPEN'], 'VOID', { payout: back })) {
        lines++;
        amount += back;
      }
    }
    return { lines, amount };
  }

  /**
   * Settles every slip of a drawn draw if this instance can take it (another holding it settles
   * it). A slip whose placement never completed is voided.
   */
  async settleDraw(drawId?: string): Promise<boolean> {
    const draw = await this.repo.claimToSettle(drawId);
    if (!draw) return false;
    const def = lotteryDef(draw.vendor_code, draw.game_code);
    const result = draw.result as DrawnResult | null;
    if (!def || !result || !isResultOf(def.table, result))
      throw new Error(`lottery draw ${draw.id}: no lottery or no valid result to settle with`);
    for (const slip of LotteryService.slips(await this.repo.unsettledBets(draw.id))) {
      if (slip.some((b) => b.status === 'PLACING')) await this.voidSlip(slip);
      else await this.paySlip(def, result, slip);
    }
    return this.repo.finishDraw(draw.id);
  }

  /** Draws and stores the result of a draw past its draw time (once: a stored result stays). */
  private async drawOnce(d: DrawRow): Promise<void> {
    const def = lotteryDef(d.vendor_code, d.game_code);
    if (!def) return;
    await this.repo.storeResult(d.id, drawResult(def.table, this.rng));
  }

  /** Every brand's lottery games have their current draw stored (the lists and history show it). */
  private async ensureCurrent(merchant: string): Promise<void> {
    const nowMs = this.now();
    for (const g of await this.games(merchant)) {
      const slot = currentDraw(nowMs, await this.planFor(merchant, g.def));
      if (!slot) continue;
      const k = `${merchant}|${g.game.vendor}|${g.game.gameCode}|${slot.numero}`;
      if (this.ensured.has(k)) continue;
      await this.ensureDraw(LotteryService.keyOf(merchant, g), slot);
      if (this.ensured.size > 10_000) this.ensured.clear();
      this.ensured.add(k);
    }
  }

  /**
   * The draw job's run: stores every brand's current draws, locks the draws past lock time, draws
   * every draw past its draw time, then settles the drawn ones (interrupted settlements included:
   * a lease left by a dead instance expires). Safe to run on every instance at once.
   */
  async tick(merchants?: string[]): Promise<{ drawn: number; settled: number }> {
    for (const m of merchants ?? (await this.repo.merchantCodes())) await this.ensureCurrent(m);
    await this.repo.lockDue();
    let drawn = 0;
    for (const d of await this.repo.dueToDraw(BATCH)) {
      await this.drawOnce(d);
      drawn++;
    }
    let settled = 0;
    while (settled < BATCH && (await this.settleDraw())) settled++;
    return { drawn, settled };
  }

  // ---- operator ----------------------------------------------------------------------------------

  /**
   * POST /wps/admin/lottery/draws/cancel: cancels a draw that is not settled and refunds every
   * line of it, once (a repeat refunds what is left: nothing). A draw being settled right now, or
   * settled, is lottery.draw.state.
   */
  async cancel(
    merchant: string,
    q: { vendor: string; gameCode: string; numero: string; reason: string },
  ): Promise<LotteryCancelResult> {
    const key = { merchant, vendor: q.vendor, gameCode: q.gameCode };
    let draw = await this.repo.draw(key, q.numero);
    if (!draw) {
      // A draw of the schedule not stored yet (nobody looked at it): stored now so it can be cancelled.
      const g = await this.gameOf(merchant, q.gameCode, q.vendor);
      const slot = currentDraw(this.now(), await this.planFor(merchant, g.def));
      if (!slot || slot.numero !== q.numero) throw new AppError('lottery.draw.unknown');
      draw = await this.ensureDraw(key, slot);
    }
    if (draw.status !== 'CANCELLED') {
      const cancelled = await this.repo.cancel(draw.id, q.reason);
      if (!cancelled) {
        const now = await this.repo.byId(draw.id);
        if (now?.status !== 'CANCELLED') throw new AppError('lottery.draw.state');
      }
    }
    let refunded = 0;
    let amount = 0n;
    const def = lotteryDef(draw.vendor_code, draw.game_code);
    for (const slip of LotteryService.slips(await this.repo.unsettledBets(draw.id))) {
      try {
        const r = await this.voidSlip(slip);
        refunded += r.lines;
        amount += r.amount;
      } catch (err) {
        // A slip paid before the cancel (a settlement interrupted after its credit): the payout
        // stands; its lines are marked as it was paid.
        const result = draw.result as DrawnResult | null;
        if (!(err instanceof AppError) || err.code !== 'vendor.round.closed' || !def || !result) throw err;
        await this.paySlip(def, result, slip);
      }
    }
    return { draw: this.drawWire((await this.repo.byId(draw.id))!), refunded, amount: fromMinor(amount) };
  }
}
