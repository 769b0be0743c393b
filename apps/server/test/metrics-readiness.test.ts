/**
 * Operations endpoints: /readyz says whether the instance may take traffic (and stops saying so
 * while it drains), /metrics gives Prometheus the request, ledger, job and push figures, only to
 * the bearer of the configured token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../src/app';
import { buildPlatformOn, buildTestApp, fundedMember, type TestContext } from './helper';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestContext;
let p: Platform;

beforeAll(async () => {
  t = await buildTestApp();
  p = await buildPlatformOn(t.db, { METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await p?.app.close();
  await t?.close();
});

describe('readiness', () => {
  it('is ready with its database, and answers 503 while draining for a shutdown', async () => {
    const ready = await p.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, database: true, draining: false, bus: true });
    p.readiness.draining = true;
    const draining = await p.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ ready: false, draining: true });
    // Still alive: only readiness changes.
    expect((await p.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    p.readiness.draining = false;
  });
});

describe('metrics', () => {
  it('is not served at all without a configured token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a missing or wrong token', async () => {
    expect((await p.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await p.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern, ledger batches, jobs and push connections', async () => {
    await p.app.inject({ method: 'GET', url: '/healthz' });
    await p.app.inject({ method: 'GET', url: '/wps/no/such/route', headers: { host: 'localhost' } });
    const { ledger, bets } = p.services.wallet;
    const member = await fundedMember(t.db.db, ledger, 'GOLDEN', 10_000n);
    await bets.placeBet('GOLDEN', member, {
      vendor: 'PG',
      gameType: 'RNG',
      gameCode: 'metrics',
      gameName: 'Metrics',
      roundId: `metrics-${member}`,
      stake: 100n,
    });

    const res = await p.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} [1-9]/);
    // An unknown path is one label, not one per URL.
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/);
    expect(text).not.toContain('/wps/no/such/route');
    expect(text).toMatch(/ledger_batch_size_count\{kind="stake"\} [1-9]/);
    expect(text).toMatch(/job_lease_held\{job="baccarat dealer"\} [01]/);
    expect(text).toMatch(/^push_connections 0$/m);
    expect(text).toMatch(/^bus_connected 1$/m);
    expect(text).toContain('process_cpu_seconds_total');
  });
});
