import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Bus } from './bus';

/** What the metrics endpoint reads about each job on this instance. */
export interface JobStats {
  name: string;
  everyMs: number;
  /** Whether this instance holds the job's lease now. */
  held: boolean;
  runs: number;
  failures: number;
  lastDurationMs: number | null;
  /** When this instance last finished a pass of it (ms since epoch). */
  lastFinishedAt: number | null;
}

/** A figure read when Prometheus scrapes (a job's lag, open connections), by label set. */
type Read = () => Array<[labels: Record<string, string>, value: number]>;

/**
 * The instance's Prometheus metrics (GET /metrics): requests by route and status with their
 * latency, the ledger's group-commit batch sizes, the jobs (lag, runs, failures, which instance
 * holds each), the push channel (connections, subscriptions, events) and the instances' bus; plus,
 * where they are served, the process's own (CPU, memory, event-loop delay, GC). One registry per
 * app, so the several apps of a test process never mix their figures.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly ledgerBatch = new Histogram({
    name: 'ledger_batch_size',
    help: 'Stakes (stake) and settlements (close) applied by one group-commit statement',
    labelNames: ['kind'] as const,
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
    registers: [this.registry],
  });

  /**
   * The process's own figures (CPU, memory, event-loop delay, GC), only where /metrics is served:
   * they observe the process for good (a GC observer, an event-loop monitor), which would keep
   * every app built in one process (the tests build hundreds) alive with its database.
   */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge whose values are read at each scrape. */
  gauge(name: string, help: string, labelNames: readonly string[], read: Read): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.set(labels, value);
      },
    });
  }
}

interface Observed {
  jobs: { stats(): JobStats[] };
  bus: Bus;
  push: {
    connections: Set<unknown>;
    hub: { subscriptions: number; stats: { delivered: number } };
  };
}

/** Counts every answer by route pattern, and reads the jobs, the bus and the push channel at each scrape. */
export function observe(app: FastifyInstance, metrics: Metrics, o: Observed): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids in paths must not become label values.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  const perJob = (value: (s: JobStats) => number) => () =>
    o.jobs.stats().map((s) => [{ job: s.name }, value(s)] as [Record<string, string>, number]);
  metrics.gauge(
    'job_runs_total',
    'Passes of each job run by this instance',
    ['job'],
    perJob((s) => s.runs),
  );
  metrics.gauge(
    'job_failures_total',
    'Passes of each job that failed on this instance',
    ['job'],
    perJob((s) => s.failures),
  );
  metrics.gauge(
    'job_lease_held',
    'Whether this instance holds the job (1) or another does (0)',
    ['job'],
    perJob((s) => (s.held ? 1 : 0)),
  );
  metrics.gauge(
    'job_lag_seconds',
    'Since the end of the last pass this instance ran, for the jobs it holds (its lag behind its schedule)',
    ['job'],
    () =>
      o.jobs
        .stats()
        .filter((s) => s.held && s.lastFinishedAt !== null)
        .map((s) => [{ job: s.name }, (Date.now() - s.lastFinishedAt!) / 1000]),
  );
  metrics.gauge(
    'job_last_duration_seconds',
    'How long the last pass of each job took here',
    ['job'],
    perJob((s) => (s.lastDurationMs ?? 0) / 1000),
  );
  metrics.gauge('push_connections', 'Open WebSocket connections of the push channel', [], () => [
    [{}, o.push.connections.size],
  ]);
  metrics.gauge('push_subscriptions', 'Topic subscriptions held by the push connections', [], () => [
    [{}, o.push.hub.subscriptions],
  ]);
  metrics.gauge('push_frames_sent_total', 'Event frames handed to push subscribers', [], () => [
    [{}, o.push.hub.stats.delivered],
  ]);
  metrics.gauge('bus_connected', 'Whether notices from the other instances arrive (1)', [], () => [
    [{}, o.bus.connected ? 1 : 0],
  ]);
  metrics.gauge('bus_messages_sent_total', 'Notices sent to the other instances', [], () => [
    [{}, o.bus.stats.sent],
  ]);
  metrics.gauge('bus_messages_received_total', 'Notices heard from the other instances', [], () => [
    [{}, o.bus.stats.received],
  ]);
}
