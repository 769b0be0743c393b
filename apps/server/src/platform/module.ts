import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/repository';
import type { Config } from '../config';
import type { BrandResolver } from './brand';
import type { Bus } from './bus';
import type { Metrics } from './metrics';
import type { FrontCache } from './front-cache';
import type { PushNotices } from './push-topics';
import type { RateLimiter } from './rate-limit';

/**
 * A task a module asks the app to run every `everyMs` for the app's life (jobs/job-runner.ts runs
 * it on one instance at a time, under a lease: one pass at a time, failures logged and retried,
 * stopped on close). Every job must still be safe with two passes at once (a holder paused past
 * its lease overlaps with the next one): one statement, or a row lock, decides.
 */
export interface IntervalJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/** What every module factory is given besides the services of the modules below it. */
export interface ModuleContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  brands: BrandResolver;
  /** Attempt and request counters shared by every module (stored in the database). */
  limits: RateLimiter;
  /**
   * Notices every instance hears: push topics (platform/push-topics.ts) and caches to forget.
   * Publish after the change has committed, never inside a money transaction.
   */
  bus: Bus;
  /** Member and staff-queue notices on the bus, sent just after the change commits. */
  notices: PushNotices;
  /** The instance's Prometheus metrics (what a module measures beyond requests). */
  metrics: Metrics;
  /** Answers of hot public reads kept to be given ahead of the framework (platform/front-cache.ts). */
  front: FrontCache;
}

/**
 * What every server module's factory (`createXModule(deps)`) returns: its HTTP routes as one
 * plugin, the jobs it needs run, and the services it offers the modules above it (and the test
 * harness). Nothing is registered or started by the factory itself: app.ts does that, in order.
 */
export interface ServerModule<S extends object> {
  routes?: FastifyPluginAsync;
  jobs?: IntervalJob[];
  services: S;
}
