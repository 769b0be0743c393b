import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../../../jobs/interval-job';
import type { HouseCardsService } from './cards.service';

/**
 * Drives the card rooms for the life of the app: deals hands whose time has come, settles those
 * past their decision window, pays and sweeps. The schedule is the clock (hand n at n x cycle),
 * not this timer: every player's call advances its own room too, and any number of instances
 * may run this at once. Unref'd (never keeps the process up), stopped on close.
 */
export function startCardsDealer(app: FastifyInstance, cards: HouseCardsService): void {
  const every = 1_000;
  startIntervalJob(app, { name: 'card dealer pass', everyMs: every, run: () => cards.tick() });
}
