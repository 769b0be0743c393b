import type { IntervalJob } from '../../platform/module';
import type { LotteryDrawService } from './lottery-draws.service';

/** How often draws are stored, drawn and settled: a result is published at most this late. */
const LOTTERY_TICK_MS = 1_000;
const BRANDS_EVERY_MS = 60_000;

/**
 * Keeps every brand's lotteries drawing while the app runs (every instance may run it: see
 * LotteryDrawService.tick). The brands are looked up again once a minute, not on every tick.
 */
export function lotteryDrawJob(
  draws: LotteryDrawService,
  merchantCodes: () => Promise<string[]>,
): IntervalJob {
  let brands: string[] = [];
  let brandsAt = 0;
  return {
    name: 'lottery draws',
    everyMs: LOTTERY_TICK_MS,
    run: async () => {
      if (Date.now() - brandsAt > BRANDS_EVERY_MS) {
        brands = await merchantCodes();
        brandsAt = Date.now();
      }
      await draws.tick(brands);
    },
  };
}
