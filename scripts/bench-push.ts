/**
 * bench:push — the push channel against polling, on one instance, over loopback.
 *
 * Creates a throw-away database on TEST_DATABASE_URL's server, starts the real server on it in a
 * child process (production mode, demo seed, metrics on), then:
 *   1. Push: BENCH_CLIENTS (10,000) WebSockets subscribe to one live table (`baccarat:1`). The
 *      benchmark, on its own connection to PostgreSQL, publishes BENCH_UPDATES table changes on
 *      the instances' bus, one every 300 ms, exactly as a dealer on another instance would; each
 *      client notes when it hears each one. Printed: per update the time from publishing to the
 *      last subscriber (p50/p99 over updates), every delivery's latency (p50/p99), the server's
 *      memory per connection (resident and heap, from its own metrics), and its CPU per update
 *      delivered (CPU over the updates less the same time idle, over updates x clients).
 *   2. Polling: what the same table costs when every client asks every second, as the site did:
 *      autocannon asks GET /wps/house/baccarat/state with a game ticket for BENCH_SECONDS at 50
 *      connections. Printed: requests/s the instance answers, CPU per request, and the ratios
 *      against push (requests per second for 10,000 clients; CPU per update delivered, where a
 *      polling client receives a table change once per change but asks every second).
 * The load generator shares the machine's cores with the server: the figures include its cost.
 * Budget: push p99 (publish to last subscriber) <= 250 ms at 10,000 subscribers.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { PgBus } from '../apps/server/src/platform/bus';
import { brandTopic } from '../apps/server/src/platform/push-topics';
import { encryptWith } from '../apps/server/test/crypto-client';
import { createPostgresDatabase } from '../apps/server/test/helper';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 18_556);
const BASE = `http://127.0.0.1:${PORT}`;
const MERCHANT = 'GOLDEN';
const METRICS_TOKEN = randomBytes(16).toString('hex');
/** Baccarat's betting window on the bench server; a round is that plus its result time. */
const BET_SECONDS = 15;
const ROUND_SECONDS = BET_SECONDS + 10;
/** State changes a polling client sees per round: betting closes, the cards are dealt, the next round opens. */
const CHANGES_PER_ROUND = 3;

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const created = await createPostgresDatabase();
const server = spawn(
  process.execPath,
  ['--openssl-legacy-provider', '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: created.url,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      METRICS_TOKEN,
      BACCARAT_BET_SECONDS: String(BET_SECONDS),
      // Every simulated player connects from this one machine's address.
      PUSH_MAX_PER_IP: String(CLIENTS + 100),
      PROVIDER_SECRETS_KEY: `bench:${randomBytes(32).toString('base64')}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function waitReady(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${BASE}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error('the server did not become ready');
}

/** The server's own figures, from its Prometheus endpoint. */
async function metrics(): Promise<Map<string, number>> {
  const text = await (
    await fetch(`${BASE}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (m) out.set(m[1]!, (out.get(m[1]!) ?? 0) + Number(m[2]));
  }
  return out;
}

async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { merchant: MERCHANT, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { success: boolean; value?: T; errorCode?: string };
  if (!json.success) throw new Error(`${path}: ${json.errorCode}`);
  return json.value as T;
}

/** A trial account's ticket for house baccarat: what a polling game client sends. */
async function baccaratTicket(): Promise<string> {
  const key = await api<{ keyId: string; publicKey: string }>('GET', '/wps/session/key');
  const login = await api<{ token: string }>(
    'POST',
    '/wps/session/login/freeplay',
    encryptWith(key, { platform: 'W' }),
  );
  const game = await api<{ url: string }>(
    'GET',
    '/wps/game/launchGame?vendor=HOUSE&gameCode=house-baccarat&language=EN&backUrl=%2Flive',
    undefined,
    { authorization: login.token },
  );
  const code = new URL(game.url, BASE).searchParams.get('code')!;
  return (await api<{ token: string }>('POST', '/wps/house/ticket', { code })).token;
}

try {
  await waitReady();

  // ---- 1. push --------------------------------------------------------------------------------
  const before = await metrics();
  const arrivals: number[][] = Array.from({ length: UPDATES }, () => []);
  const sockets: WebSocket[] = [];
  const openStarted = performance.now();
  for (let i = 0; i < CLIENTS; i += 250) {
    await Promise.all(
      Array.from({ length: Math.min(250, CLIENTS - i) }, async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${PORT}/wps/push?merchant=${MERCHANT}`, {
          perMessageDeflate: false,
        });
        // Kept cheap (no JSON parse): the clients share the machine's cores with the server.
        ws.on('message', (raw) => {
          const now = performance.now();
          const text = String(raw);
          const at = text.indexOf('"kind":"bench-');
          if (at >= 0) arrivals[Number.parseInt(text.slice(at + 14), 10)]!.push(now);
        });
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        ws.send(JSON.stringify({ type: 'subscribe', topics: ['baccarat:1'] }));
        sockets.push(ws);
      }),
    );
  }
  for (let i = 0; i < 200 && ((await metrics()).get('push_subscriptions') ?? 0) < CLIENTS; i++)
    await sleep(100);
  const opened = await metrics();
  console.log(
    `push: ${CLIENTS} WebSockets open and subscribed in ${((performance.now() - openStarted) / 1000).toFixed(1)} s`,
  );

  const bus = await PgBus.start(created.url);
  const idleStart = opened.get('process_cpu_seconds_total')!;
  const idleMs = UPDATES * 300;
  await sleep(idleMs);
  const idleCpu = (await metrics()).get('process_cpu_seconds_total')! - idleStart;
  const cpuStart = (await metrics()).get('process_cpu_seconds_total')!;
  const lastLatencies: number[] = [];
  const deliveries: number[] = [];
  let missing = 0;
  const pushStarted = performance.now();
  for (let u = 0; u < UPDATES; u++) {
    const t0 = performance.now();
    bus.publish(brandTopic(MERCHANT, 'baccarat:1'), { kind: `bench-${u}` });
    while (arrivals[u]!.length < CLIENTS && performance.now() - t0 < 5_000) await sleep(2);
    missing += CLIENTS - arrivals[u]!.length;
    for (const at of arrivals[u]!) deliveries.push(at - t0);
    lastLatencies.push(Math.max(...arrivals[u]!) - t0);
    await sleep(Math.max(0, 300 - (performance.now() - t0)));
  }
  const pushMs = performance.now() - pushStarted;
  const after = await metrics();
  const pushCpu = Math.max(
    0,
    after.get('process_cpu_seconds_total')! - cpuStart - idleCpu * (pushMs / idleMs),
  );
  lastLatencies.sort((a, b) => a - b);
  deliveries.sort((a, b) => a - b);
  const rssPer =
    (opened.get('process_resident_memory_bytes')! - before.get('process_resident_memory_bytes')!) / CLIENTS;
  const heapPer =
    (opened.get('nodejs_heap_size_used_bytes')! - before.get('nodejs_heap_size_used_bytes')!) / CLIENTS;
  const cpuPerDelivery = pushCpu / (UPDATES * CLIENTS);
  console.log(
    `push: ${UPDATES} updates to ${CLIENTS} subscribers; publish to last subscriber p50 ${ms(pct(lastLatencies, 50))}, ` +
      `p99 ${ms(pct(lastLatencies, 99))} (budget 250 ms); every delivery p50 ${ms(pct(deliveries, 50))}, ` +
      `p99 ${ms(pct(deliveries, 99))}; missing ${missing}`,
  );
  console.log(
    `push: memory per connection ${(rssPer / 1024).toFixed(1)} KB resident, ${(heapPer / 1024).toFixed(1)} KB heap; ` +
      `server CPU ${(pushCpu * 1000).toFixed(0)} ms for ${UPDATES * CLIENTS} deliveries = ${(cpuPerDelivery * 1e6).toFixed(2)} µs per update delivered`,
  );
  for (const ws of sockets) ws.terminate();
  await bus.close();
  await sleep(1_000);

  // ---- 2. polling -----------------------------------------------------------------------------
  const ticket = await baccaratTicket();
  const pollBefore = await metrics();
  const result = await autocannon({
    url: `${BASE}/wps/house/baccarat/state?table=1`,
    connections: 50,
    duration: SECONDS,
    headers: { merchant: MERCHANT, 'x-game-token': ticket },
  });
  const pollAfter = await metrics();
  const pollCpu = pollAfter.get('process_cpu_seconds_total')! - pollBefore.get('process_cpu_seconds_total')!;
  const answered = result.requests.total;
  const cpuPerRequest = pollCpu / answered;
  const changesPerSecond = CHANGES_PER_ROUND / ROUND_SECONDS;
  // A polling client asks every second and hears each change once: requests per change received.
  const cpuPerPolledChange = cpuPerRequest / changesPerSecond;
  console.log(
    `poll: GET baccarat state ${result.requests.average.toFixed(0)} requests/s at 50 connections ` +
      `(p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}); ${(cpuPerRequest * 1e6).toFixed(0)} µs CPU per request`,
  );
  console.log(
    `compare (${CLIENTS} clients on one table, ${CHANGES_PER_ROUND} changes per ${ROUND_SECONDS} s round): ` +
      `polling every second needs ${CLIENTS} requests/s (${((CLIENTS / result.requests.average) * 100).toFixed(0)} % of this instance); ` +
      `push sends ${(CLIENTS * changesPerSecond).toFixed(0)} frames/s and the site refetches on each: ` +
      `${(1 / changesPerSecond).toFixed(1)}x fewer requests. CPU per update delivered: polling ` +
      `${(cpuPerPolledChange * 1e6).toFixed(0)} µs; push frame alone ${(cpuPerDelivery * 1e6).toFixed(2)} µs ` +
      `(${(cpuPerPolledChange / cpuPerDelivery).toFixed(0)}x less), frame + the refetch it causes ` +
      `${((cpuPerDelivery + cpuPerRequest) * 1e6).toFixed(0)} µs (${(cpuPerPolledChange / (cpuPerDelivery + cpuPerRequest)).toFixed(1)}x less)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await created.drop();
}
