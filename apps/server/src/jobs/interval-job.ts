import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` every `everyMs` for the life of the app: one pass at a time (a tick that finds the
 * previous pass still running is skipped), failures logged and the job kept going, unref'd (it
 * never keeps the process up), and stopped on close after the pass in flight has finished, so no
 * pass outlives the database. Every job here must be safe with several server instances running
 * it at once.
 */
export function startIntervalJob(
  app: FastifyInstance,
  job: { name: string; everyMs: number; run: () => Promise<unknown> },
): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = job
      .run()
      .catch((err: unknown) => app.log.warn({ err }, `${job.name} failed`))
      .finally(() => {
        running = null;
      });
  }, job.everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
