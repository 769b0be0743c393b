import {
  fromMinor,
  lotteryRngRecordSchema,
  type AdminLotteryDraw,
  type AdminLotteryDrawPage,
  type AdminLotteryGame,
  type Language,
  type LotteryDrawStatus,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { gameName } from '../games';
import { lotteryDef } from './lottery-games';
import { resultWire, type LotteryMenuService } from './lottery-menus.service';
import { currentDraw } from './lottery-schedule';
import type { DrawRow, LotteryRepository } from './lottery.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A stored RNG record as the back office shows it (one that does not parse is left out). */
function rngWire(stored: unknown): AdminLotteryDraw['rng'] {
  const parsed = lotteryRngRecordSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/**
 * The lottery as staff see it: each game's schedule with the draw taking bets now, and the draws
 * with their results, RNG records and the money on them. Changes (the brand's returns, cancelling
 * a draw) are the menus' and the draws' services.
 */
export class LotteryAdminService {
  constructor(
    private readonly repo: LotteryRepository,
    private readonly menus: LotteryMenuService,
    private readonly now: () => number = Date.now,
  ) {}

  async games(merchant: string, lang: Language): Promise<AdminLotteryGame[]> {
    const out: AdminLotteryGame[] = [];
    this.menus.forgetBrand(merchant);
    for (const g of await this.menus.games(merchant)) {
      const plan = await this.menus.planFor(merchant, g.def);
      const slot = currentDraw(this.now(), plan);
      out.push({
        vendor: g.game.vendor,
        gameCode: g.game.gameCode,
        name: gameName(g.game, lang),
        family: g.def.family,
        table: g.def.table,
        menuTag: g.def.menuTag,
        days: plan.kind === 'SCHEDULED' ? [...plan.days] : null,
        drawTime: plan.kind === 'SCHEDULED' ? plan.drawTime : null,
        lockMinutes: plan.kind === 'SCHEDULED' ? plan.lockMinutes : null,
        timeZone: plan.kind === 'SCHEDULED' ? plan.timeZone : null,
        intervalSeconds: plan.kind === 'FAST' ? plan.intervalSeconds : null,
        lockSeconds: plan.kind === 'FAST' ? plan.lockSeconds : null,
        current: slot
          ? {
              numero: slot.numero,
              lockAt: new Date(slot.lockAt).toISOString(),
              drawAt: new Date(slot.drawAt).toISOString(),
            }
          : null,
        enabled: await this.menus.isOn(merchant, g),
      });
    }
    return out;
  }

  /**
   * Switches a lottery game of the brand on or off (game.unknown for a game the brand does not
   * have). Answers the game before and after; this instance's menus follow at once, others within
   * their few-second cache.
   */
  async setEnabled(
    merchant: string,
    vendor: string,
    gameCode: string,
    enabled: boolean,
    by: string,
    lang: Language,
  ) {
    const find = async () => {
      const found = (await this.games(merchant, lang)).find(
        (g) => g.vendor === vendor && g.gameCode === gameCode,
      );
      if (!found) throw new AppError('game.unknown');
      return found;
    };
    const before = await find();
    await this.repo.setGameEnabled({ merchant, vendor, gameCode }, enabled, by);
    this.menus.forgetBrand(merchant);
    return { before, after: await find() };
  }

  /** One draw as listed, if it is stored. */
  async draw(merchant: string, vendor: string, gameCode: string, numero: string) {
    return (await this.draws(merchant, { vendor, gameCode, numero, pageNo: 1, pageSize: 1 })).list[0];
  }

  async draws(
    merchant: string,
    q: {
      vendor?: string;
      gameCode?: string;
      numero?: string;
      status?: LotteryDrawStatus;
      pageNo: number;
      pageSize: number;
    },
  ): Promise<AdminLotteryDrawPage> {
    const { rows, total } = await this.repo.adminDraws(merchant, {
      vendor: q.vendor,
      gameCode: q.gameCode,
      numero: q.numero,
      status: q.status,
      offset: (q.pageNo - 1) * q.pageSize,
      limit: q.pageSize,
    });
    return {
      total,
      list: rows.map((r) => ({
        ...drawAdminWire(r),
        lines: r.lines,
        stake: fromMinor(BigInt(r.stake)),
        payout: fromMinor(BigInt(r.payout)),
      })),
    };
  }
}

/** A draw's own facts as the back office shows them (the audit log keeps the same). */
export function drawAdminWire(d: DrawRow): Omit<AdminLotteryDraw, 'lines' | 'stake' | 'payout'> {
  const def = lotteryDef(d.vendor_code, d.game_code);
  return {
    id: d.id,
    vendor: d.vendor_code,
    gameCode: d.game_code,
    numero: d.numero,
    status: d.status,
    lockAt: iso(d.lock_at)!,
    drawAt: iso(d.draw_at)!,
    openedAt: iso(d.opened_at),
    settledAt: iso(d.settled_at),
    cancelReason: d.cancel_reason,
    result: def ? resultWire(def, d.result) : null,
    rng: rngWire(d.rng_record),
  };
}
