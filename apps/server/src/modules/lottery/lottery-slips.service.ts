import {
  fromMinor,
  LOTTERY_HISTORY_SIZE,
  LOTTERY_SLIP_MAX_LINES,
  toMinor,
  type Language,
  type LotteryBet,
  type LotteryBetResult,
  type LotteryBetType,
  type LotteryBetTypeInfo,
  type LotteryGameInfo,
  type LotteryGameType,
  type PrizeMode,
  type lotteryBetRequestSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { SessionMember } from '../../platform/auth';
import { gameName, type CatalogueGame, type CatalogueService } from '../games';
import type { RoundWallet, SeamlessWalletService } from '../providers';
import { lotteryDef, type LotteryGameDef } from './lottery-games';
import {
  betTypesOf,
  canonicalNumbers,
  expectedHits,
  isMultiHit,
  lineOdds,
  pickOf,
  rtpPercent,
  TABLE_TIERS,
  THREE_BALL_SUM_WAYS,
} from './lottery-rules';
import { currentDraw, drawDayOfWeek, isBettingOpen } from './lottery-schedule';
import { ensureDraw, slipTxn, slipWallet } from './lottery-draws.service';
import { gameKey, resultWire, type LotteryGame, type LotteryMenuService } from './lottery-menus.service';
import type { BetRow, BetWithDraw, LotteryRepository } from './lottery.repository';

type LotteryBetBody = z.output<typeof lotteryBetRequestSchema>;

/** The largest stake of one line: 10,000.00. */
const LOTTERY_MAX_STAKE = 1_000_000n;
/** The smallest stake of one line when the catalogue names none: 0.10. */
const DEFAULT_MIN_STAKE = 10n;

const odds = (hundredths: number) => hundredths / 100;

/**
 * Slips: the betting page of a game (its draw, bet types, odds and the member's stakeable
 * balance), placing a slip of bet lines on the current draw, and the member's last lines.
 *
 * WARNING: a slip is named by the member's request id (unique per line number), and its stakes by
 * one bet at the wallet (the id of its first line): a retried slip debits once.
 */
export class LotterySlipService {
  constructor(
    private readonly repo: LotteryRepository,
    private readonly menus: LotteryMenuService,
    private readonly catalogue: CatalogueService,
    private readonly wallet: SeamlessWalletService,
    /**
     * Brings the member's money held at vendor wallets back to main (the wallet module's recall):
     * slips are staked from main, whatever game the member left last.
     */
    private readonly recallToMain: (merchant: string, memberId: string) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

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
    const g = await this.menus.liveGameOf(merchant, q.gameCode, q.vendor);
    const plan = await this.menus.planFor(merchant, g.def);
    const prizeMode = await this.menus.prizeModeOf(merchant, g.game.gameType, q.prizeMode);
    const rtpBp = await this.menus.rtpBpOf(merchant, prizeMode);
    const nowMs = this.now();
    const slot = currentDraw(nowMs, plan);
    const min = LotterySlipService.minStake(g.game);
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
      timeZone: plan.kind === 'SCHEDULED' ? plan.timeZone : await this.menus.zoneOf(merchant),
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
      betTypes: betTypesOf(g.def.table).map((b) => LotterySlipService.betTypeInfo(g.def, b, rtpBp, min)),
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
    await this.recallToMain(merchant, memberId);
    return this.wallet.balance(this.mainWallet(merchant, memberId, g));
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
      result: def ? resultWire(def, b.result) : null,
      time: new Date(b.created_at).toISOString(),
    };
  }

  /**
   * The lines of a slip as asked for: canonical numbers, stakes and odds priced at the brand's
   * return `rtpBp` now (stored with each line; settlement pays by them); refused as a whole.
   */
  private static lines(g: LotteryGame, body: LotteryBetBody, rtpBp: number) {
    const min = LotterySlipService.minStake(g.game);
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
    // The operator's betting block, read with the session the guard checked.
    if (member.bettingBlocked) throw new AppError('game.betting.blocked');
    const merchant = brand.code;
    // Read now: a game staff just switched off takes no new slip on any instance.
    const g = await this.menus.liveGameOf(merchant, body.gameCode, body.vendor, true);
    const prizeMode = await this.menus.prizeModeOf(merchant, g.game.gameType, body.prizeMode);
    const lines = LotterySlipService.lines(g, body, await this.menus.rtpBpOf(merchant, prizeMode));

    let slip = await this.repo.slip(merchant, member.memberId, body.requestId);
    if (slip.length === 0) {
      const nowMs = this.now();
      const slot = currentDraw(nowMs, await this.menus.planFor(merchant, g.def));
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
      const draw = await ensureDraw(this.repo, gameKey(merchant, g), slot);
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
      await this.recallToMain(merchant, member.memberId);
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
    const w = slipWallet(slip[0]!);
    const txn = slipTxn(slip[0]!.id);
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
    const game = q.gameCode ? await this.menus.gameOf(merchant, q.gameCode, q.vendor) : undefined;
    const rows = await this.repo.latestBets(
      memberId,
      LOTTERY_HISTORY_SIZE,
      game && { vendor: game.game.vendor, gameCode: game.game.gameCode },
    );
    return Promise.all(rows.map((b) => this.betWire(merchant, b, lang)));
  }
}
