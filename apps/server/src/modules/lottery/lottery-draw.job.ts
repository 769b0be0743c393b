import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../jobs/interval-job';
import type { LotteryService } from './lottery.service';

/** How often draws are stored, drawn and settled: a result is published at most this late. */
export const LOTTERY_TICK_MS = 1_000;
const BRANDS_EVERY_MS = 60_000;

/**
 * Keeps every brand's lotteries drawing while the app runs (every instance may run it: see
 * LotteryService.tick). Unref'd, one run at a time, stopped on close after the run in flight.
 */
export function startLotteryDrawJob(
  app: FastifyInstance,
  lottery: LotteryService,
  merchantCodes: () => Promise<string[]>,
): void {
  let brands: string[] = [];
  let brandsAt = 0;
  startIntervalJob(app, {
    name: 'lottery draws',
    everyMs: LOTTERY_TICK_MS,
    run: async () => {
      if (Date.now() - brandsAt > BRANDS_EVERY_MS) {
        brands = await merchantCodes();
        brandsAt = Date.now();
      }
      await lottery.tick(brands);
    },
  });
}
