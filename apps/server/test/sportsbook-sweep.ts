import type { TestContext } from './helper';

/**
 * A test's "run the settlement sweep until it has nothing left" that also waits for the app's
 * background sweep job. A bet that job took is skipped by the test's pass ("settled by another
 * sweeper"), and its credit may still be under way when the test's loop ends; so every sweep in
 * flight is tracked, and the helper returns once all of them have finished.
 */
export function sweeper(t: TestContext): () => Promise<void> {
  const svc = t.services.providers.sportsbook;
  const real = svc.sweep.bind(svc);
  const inFlight = new Set<Promise<number>>();
  svc.sweep = () => {
    const pass = real();
    inFlight.add(pass);
    pass.then(
      () => inFlight.delete(pass),
      () => inFlight.delete(pass),
    );
    return pass;
  };
  return async () => {
    while ((await svc.sweep()) > 0);
    await Promise.allSettled([...inFlight]);
  };
}
