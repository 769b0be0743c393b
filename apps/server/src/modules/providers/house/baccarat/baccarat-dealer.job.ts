import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../../../jobs/interval-job';
import type { BaccaratDealerService } from './baccarat-dealer.service';
import type { BaccaratRepository } from './baccarat.repository';

/** How often each table is looked at: a round is dealt within this long of its "no more bets". */
export const DEALER_TICK_MS = 1000;
/** How often rounds left half settled are swept. */
export const SWEEP_EVERY_MS = 15_000;
const BRANDS_EVERY_MS = 60_000;

/**
 * Keeps every brand's tables dealing while the app runs: deals and settles each table's closed
 * round, and sweeps interrupted settlements. Safe with any number of server processes (the dealer
 * deals a round once and settles each bet once); a request for a table's state does the same
 * work itself if no dealer got there first. Unref'd, stopped on close.
 */
export function startBaccaratDealer(
  app: FastifyInstance,
  dealer: BaccaratDealerService,
  repo: BaccaratRepository,
): void {
  let brands: string[] = [];
  let brandsAt = 0;
  let sweptAt = Date.now();
  startIntervalJob(app, {
    name: 'baccarat dealer',
    everyMs: DEALER_TICK_MS,
    run: async () => {
      if (Date.now() - brandsAt > BRANDS_EVERY_MS) {
        brands = await repo.merchantCodes();
        brandsAt = Date.now();
      }
      for (const merchant of brands) {
        for (const tableId of dealer.tableIds) {
          await dealer
            .tick(merchant, tableId)
            .catch((err: unknown) => app.log.warn({ err, merchant, tableId }, 'baccarat deal failed'));
        }
      }
      if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        await dealer.sweep();
      }
    },
  });
}
