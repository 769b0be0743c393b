import type { FastifyBaseLogger } from 'fastify';
import type { IntervalJob } from '../../../../platform/module';
import type { BaccaratDealerService } from './baccarat-dealer.service';
import type { BaccaratRepository } from './baccarat.repository';

/** How often each table is looked at: a round is dealt within this long of its "no more bets". */
const DEALER_TICK_MS = 1000;
/** How often rounds left half settled are swept. */
const SWEEP_EVERY_MS = 15_000;
const BRANDS_EVERY_MS = 60_000;

/**
 * Keeps every brand's tables dealing: deals and settles each table's closed round, and sweeps
 * interrupted settlements. Safe with any number of server processes (the dealer deals a round
 * once and settles each bet once); a request for a table's state does the same work itself if no
 * dealer got there first.
 */
export function baccaratDealerJob(
  dealer: BaccaratDealerService,
  repo: BaccaratRepository,
  log: FastifyBaseLogger,
): IntervalJob {
  let brands: string[] = [];
  let brandsAt = 0;
  let sweptAt = Date.now();
  return {
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
            .catch((err: unknown) => log.warn({ err, merchant, tableId }, 'baccarat deal failed'));
        }
      }
      if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        await dealer.sweep();
      }
    },
  };
}
