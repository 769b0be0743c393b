import { fromMinor, type LotteryBetType, type LotteryCancelResult } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { RoundWallet, SeamlessWalletService } from '../providers';
import { lotteryDef, type LotteryGameDef } from './lottery-games';
import { drawResult, hitsOf, isResultOf, payoutOf, type DrawnResult, type Rng } from './lottery-rules';
import { currentDraw, type DrawSlot } from './lottery-schedule';
import { drawWire, gameKey, type LotteryMenuService } from './lottery-menus.service';
import type { BetRow, DrawRow, GameKey, LotteryRepository } from './lottery.repository';

/** Draws the job draws and settles per run at most (the rest wait for the next run). */
const BATCH = 50;

/** The slip's transaction id at the seamless wallet: the id of its first line names it. */
export const slipTxn = (firstLineId: string) => `lt${firstLineId}`;

/** The wallet a slip's bet is placed at and settled in: the member's main wallet. */
export function slipWallet(b: BetRow): RoundWallet {
  return { merchant: b.merchant_code, vendor: b.vendor_code, memberId: b.member_id, walletVendor: null };
}

/**
 * Passes every value of an RNG through and keeps it with the range asked for: the draw's RNG
 * record (replaying the values through drawResult gives the same result).
 */
export class RecordingRng implements Rng {
  private readonly calls: [number, number][] = [];
  constructor(private readonly inner: Rng) {}
  int(n: number): number {
    const v = this.inner.int(n);
    this.calls.push([n, v]);
    return v;
  }
  record(generator: string): { generator: string; drawnAt: string; calls: [number, number][] } {
    return { generator, drawnAt: new Date().toISOString(), calls: [...this.calls] };
  }
}

/** The draw of a slot, stored now if this is its first use. */
export async function ensureDraw(repo: LotteryRepository, key: GameKey, slot: DrawSlot): Promise<DrawRow> {
  const found = await repo.draw(key, slot.numero);
  if (found) return found;
  return repo.insertDrawOnce({
    merchant_code: key.merchant,
    vendor_code: key.vendor,
    game_code: key.gameCode,
    numero: slot.numero,
    seq: slot.seq,
    lock_at: new Date(slot.lockAt),
    draw_at: new Date(slot.drawAt),
  });
}

/**
 * The draws: the job's run that stores every brand's current draws, draws each result once with
 * the secure RNG and settles every slip once through the seamless wallet, and the operator's
 * cancel that refunds a draw's slips.
 *
 * WARNING: money safety rests on keys, never on timers or on one process:
 * - a draw's result is written once, by a conditional UPDATE that slip inserts lock against (FOR
 *   SHARE): no slip joins a drawn draw, and no result is drawn twice;
 * - a slip's settlement is the wallet's idempotent credit of its bet with the payout computed from
 *   the stored result (or its rollback for a cancelled draw): settling again moves nothing.
 */
export class LotteryDrawService {
  private readonly ensured = new Set<string>();

  constructor(
    private readonly repo: LotteryRepository,
    private readonly menus: LotteryMenuService,
    private readonly wallet: SeamlessWalletService,
    /** The secure RNG (SecureRng) that draws the results. */
    private readonly rng: Rng,
    private readonly now: () => number = Date.now,
    /** What the draw's RNG record names as its generator. */
    private readonly rngName = 'SecureRng: OS CSPRNG (crypto.randomBytes), 32-bit words, rejection sampling',
    /** Heard after a draw's result is stored or its bets are settled (the push channel tells the brand's lottery pages). */
    private readonly onDraw: (merchant: string, kind: 'drawn' | 'settled') => void = () => {},
  ) {}

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
    await this.wallet.credit(slipWallet(first), slipTxn(slip[0]!.id), total);
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
    const voided = await this.wallet.rollback(slipWallet(first), slipTxn(slip[0]!.id));
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
    for (const slip of LotteryDrawService.slips(await this.repo.unsettledBets(draw.id))) {
      if (slip.some((b) => b.status === 'PLACING')) await this.voidSlip(slip);
      else await this.paySlip(def, result, slip);
    }
    const finished = await this.repo.finishDraw(draw.id);
    this.onDraw(draw.merchant_code, 'settled');
    return finished;
  }

  /** Draws and stores the result of a draw past its draw time (once: a stored result stays). */
  private async drawOnce(d: DrawRow): Promise<void> {
    const def = lotteryDef(d.vendor_code, d.game_code);
    if (!def) return;
    const recorder = new RecordingRng(this.rng);
    const result = drawResult(def.table, recorder);
    await this.repo.storeResult(d.id, result, recorder.record(this.rngName));
    this.onDraw(d.merchant_code, 'drawn');
  }

  /** Every brand's lottery games have their current draw stored (the lists and history show it). */
  private async ensureCurrent(merchant: string): Promise<void> {
    const nowMs = this.now();
    // A game switched off gets no new draw; the ones already stored still lock, draw and settle.
    for (const g of await this.menus.liveGames(merchant)) {
      const slot = currentDraw(nowMs, await this.menus.planFor(merchant, g.def));
      if (!slot) continue;
      const k = `${merchant}|${g.game.vendor}|${g.game.gameCode}|${slot.numero}`;
      if (this.ensured.has(k)) continue;
      await ensureDraw(this.repo, gameKey(merchant, g), slot);
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
      const g = await this.menus.gameOf(merchant, q.gameCode, q.vendor);
      const slot = currentDraw(this.now(), await this.menus.planFor(merchant, g.def));
      if (!slot || slot.numero !== q.numero) throw new AppError('lottery.draw.unknown');
      draw = await ensureDraw(this.repo, key, slot);
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
    for (const slip of LotteryDrawService.slips(await this.repo.unsettledBets(draw.id))) {
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
    return { draw: drawWire((await this.repo.byId(draw.id))!), refunded, amount: fromMinor(amount) };
  }
}
