import type { IntervalJob } from '../../../../platform/module';
import type { HouseCardsService } from './cards.service';

/**
 * Drives the card rooms: deals hands whose time has come, settles those past their decision
 * window, pays and sweeps. The schedule is the clock (hand n at n x cycle), not this timer: every
 * player's call advances its own room too, and any number of instances may run this at once.
 */
export function cardsDealerJob(cards: HouseCardsService): IntervalJob {
  return { name: 'card dealer pass', everyMs: 1_000, run: () => cards.tick() };
}
