/**
 * bench:games — the game list and the seamless wallet under load, on PostgreSQL, over loopback.
 *
 * Creates a throw-away database on TEST_DATABASE_URL's server (default: the local server), starts
 * the real server on it in a child process (migrations, demo seed, production logging off), then:
 *   1. Game list: autocannon, 100 connections, GET /wps/relay/GCSGAME_gameList over a mix of
 *      vendors, pages, filters and searches. Prints requests/s and latency percentiles.
 *   2. Seamless bet + settle pairs: BENCH_PAIR_WORKERS workers, each a vendor server playing rounds
 *      for its own member: a signed debit, then a signed credit for it (a win every third round),
 *      over keep-alive HTTP. A pair counts once its credit is answered; its latency runs from the
 *      debit's start to the credit's answer. The workers use node:http with keep-alive (fetch cost
 *      this load generator, which shares the machine, several times more CPU per request).
 *   3. Hub88 bet + win pairs: the same number of workers, each Hub88 playing rounds for its own
 *      member through the Hub88 Wallet API: a bet signed with Hub88's RSA key, then its win; every
 *      answer's signature is verified with the operator's public key, as Hub88 does (RSA signing
 *      and verification on both sides are in the figures). The brand's Hub88 configuration and
 *      catalogue are set through the admin API against the local Hub88 of the tests.
 * BENCH_PART=list|pairs|hub88 runs one part (with BENCH_PROFILE=<dir>, a server CPU profile of it alone).
 * BENCH_INSTANCES=2 (or more) runs that many server instances on the one database behind a local
 * round-robin TCP balancer (apps/server/test/balancer.ts), the load going through the balancer.
 * Afterwards the ledger invariants are checked (they must all hold).
 * The game list runs twice: a mix of pages of 15, then whole catalogues (pageSize=3000); beside
 * them a bare Fastify hello-world route in a process of its own under the same load, the ceiling
 * the list is compared with, and the list's very answers (headers and gzipped bytes) served by a
 * bare node:http server: what sending and reading those bytes costs here, the floor of any server.
 * Budgets: game list >= 5,000 requests/s with p99 <= 25 ms at 100 connections, and (both runs)
 * >= 0.9x the bare Fastify route with p99 <= 10 ms; >= 3,000 pairs/s with p99 <= 30 ms.
 * The pair parts start after a warm-up and an ANALYZE (see bench/live-statistics.ts), as a live database is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  randomUUID,
  sign as rsaSign,
  verify as rsaVerify,
} from 'node:crypto';
import { PERMISSIONS } from '@app/contracts';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { openDb } from '../apps/server/src/db/client';
import { checkLedger } from '../apps/server/src/modules/wallet/ledger-check';
import { sign } from '../apps/server/src/platform/signing';
import { FakeHub88, rsaKeyPair } from '../apps/server/test/fakes/hub88';
import { Balancer } from '../apps/server/test/balancer';
import { createPostgresDatabase } from '../apps/server/test/helper';
import { gatherLiveStatistics } from './bench/live-statistics';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAIR_WORKERS = Number(process.env.BENCH_PAIR_WORKERS ?? 48);
const PORT = Number(process.env.BENCH_PORT ?? 18_555);
/** BENCH_PART=list or pairs runs one part only (with BENCH_PROFILE: a profile of that part alone). */
const PART = process.env.BENCH_PART ?? 'all';
const ADMIN_KEY = randomBytes(16).toString('hex');
/** A second operator: a manual credit is asked by one key and approved by another. */
const CHECKER_KEY = randomBytes(16).toString('hex');
const BASE = `http://127.0.0.1:${PORT}`;
const MERCHANT = 'GOLDEN';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const created = await createPostgresDatabase();

/** Server instances; with more than one, they listen on the ports after PORT and PORT is the balancer's. */
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const startServer = (port: number) =>
  spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      // BENCH_PROFILE=<dir>: the server writes a CPU profile there when it exits.
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: created.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'true',
        // Production refuses to start without a key to seal provider credentials (Hub88's keys);
        // every instance opens what another sealed, so they share it.
        PROVIDER_SECRETS_KEY: SECRETS_KEY,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
const SECRETS_KEY = `bench:${randomBytes(32).toString('base64')}`;
const ports = INSTANCES > 1 ? Array.from({ length: INSTANCES }, (_, i) => PORT + 1 + i) : [PORT];
const servers: ChildProcess[] = [];
let balancer: Balancer | null = null;

// Node's fetch keeps connections alive between calls (a vendor server's HTTP client would too).
async function api<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { merchant: MERCHANT, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const json = (await res.json()) as { success: boolean; value?: T; errorCode?: string };
  return { status: res.status, json };
}

async function waitForServer(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

/** Members funded through the operator API (asked by one key, approved by another), one per worker. */
async function fundedMembers(db: Awaited<ReturnType<typeof openDb>>, n: number) {
  const admin = { 'x-api-key': ADMIN_KEY };
  const password = await import('../apps/server/src/platform/password');
  const hash = await password.hashPassword('bench12345');
  const players: { id: string; username: string }[] = [];
  for (let i = 0; i < n; i++) {
    const username = `bench${i}${randomBytes(3).toString('hex')}`;
    const member = await db.db
      .insertInto('member')
      .values({
        merchant_code: MERCHANT,
        username,
        password_hash: hash,
        referral_code: username.toUpperCase(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const asked = await api<{ approvalId: string }>(
      'POST',
      `/wps/admin/players/${member.id}/adjustments`,
      { direction: 'CREDIT', amount: '1000000.00', reason: 'bench' },
      admin,
    );
    if (asked.status !== 200) throw new Error(`funding request failed: ${JSON.stringify(asked.json)}`);
    const funded = await api(
      'POST',
      `/wps/admin/approvals/${asked.json.value!.approvalId}/approve`,
      {},
      { 'x-api-key': CHECKER_KEY },
    );
    if (funded.status !== 200) throw new Error(`funding approval failed: ${JSON.stringify(funded.json)}`);
    players.push({ id: String(member.id), username });
  }
  return players;
}

/** Part 3: Hub88 playing signed bet + win pairs against our wallet API; rate, latencies, failures. */
async function hub88Pairs(db: Awaited<ReturnType<typeof openDb>>) {
  const admin = { 'x-api-key': ADMIN_KEY };
  const ours = rsaKeyPair();
  const hub = new FakeHub88();
  await hub.start();
  hub.operatorPublicKey = ours.publicKey;
  hub.games = [
    {
      game_code: 'bench_slot',
      name: 'Bench Slot',
      product: 'Bench Studio',
      category: 'Video Slots',
      url_thumb: 'https://cdn.example/bench.png',
      enabled: true,
    },
  ];
  try {
    const saved = await api(
      'PUT',
      '/wps/admin/integrations/HUB88',
      {
        enabled: true,
        settings: { baseUrl: hub.baseUrl, operatorId: hub.operatorId, currency: 'PHP' },
        secrets: { privateKey: ours.privateKey, hub88PublicKey: hub.keys.publicKey },
      },
      admin,
    );
    if (saved.status !== 200) throw new Error(`hub88 configuration failed: ${JSON.stringify(saved.json)}`);
    const synced = await api('POST', '/wps/admin/integrations/HUB88/sync', {}, admin);
    if (synced.status !== 200) throw new Error(`hub88 sync failed: ${JSON.stringify(synced.json)}`);
  } finally {
    await hub.stop();
  }
  const members = await fundedMembers(db, PAIR_WORKERS);
  // Game sessions as a launch opens them (a launch would also ask Hub88 for the game's page).
  const sessions = members.map((m) => ({
    user: m.id.padStart(8, '0'),
    token: randomBytes(24).toString('base64url'),
    memberId: m.id,
  }));
  await db.db
    .insertInto('hub88_session')
    .values(
      sessions.map((s) => ({
        token: s.token,
        merchant_code: MERCHANT,
        member_id: s.memberId,
        vendor_code: 'H88_BENCH_STUDIO',
        game_code: 'bench_slot',
        currency: 'PHP',
        expires_at: new Date(Date.now() + 3_600_000),
      })),
    )
    .execute();
  const hubKey = createPrivateKey(hub.keys.privateKey);
  const ourPublic = createPublicKey(ours.publicKey);
  const agent = new Agent({ keepAlive: true, maxSockets: PAIR_WORKERS });
  const call = (action: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    return new Promise<{ status: string }>((resolve, reject) => {
      const req = request(
        `${BASE}/wps/hub88/${MERCHANT}/${action}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(raw),
            'x-hub88-signature': rsaSign('sha256', Buffer.from(raw), hubKey).toString('base64'),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const answer = Buffer.concat(chunks);
            const sig = res.headers['x-hub88-signature'];
            const signed =
              typeof sig === 'string' && rsaVerify('sha256', answer, ourPublic, Buffer.from(sig, 'base64'));
            const json = JSON.parse(answer.toString('utf8')) as { status: string };
            resolve({ status: signed ? json.status : 'UNSIGNED' });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(raw);
    });
  };
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let failures = 0;
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      sessions.map(async (s) => {
        let n = 0;
        while (performance.now() < end) {
          n++;
          const bet = {
            user: s.user,
            transaction_uuid: randomUUID(),
            token: s.token,
            round: randomUUID(),
            request_uuid: randomUUID(),
            game_code: 'bench_slot',
            currency: 'PHP',
            amount: 100_000,
            round_closed: false,
            is_free: false,
          };
          const t0 = performance.now();
          const b = await call('transaction/bet', bet);
          const w = await call('transaction/win', {
            ...bet,
            transaction_uuid: randomUUID(),
            request_uuid: randomUUID(),
            reference_transaction_uuid: bet.transaction_uuid,
            round_closed: true,
            amount: n % 3 === 0 ? 250_000 : 0,
          });
          if (b.status !== 'RS_OK' || w.status !== 'RS_OK') failures++;
          else latencies.push(performance.now() - t0);
        }
      }),
    );
    return {
      latencies: latencies.sort((a, b) => a - b),
      failures,
      elapsed: (performance.now() - started) / 1000,
    };
  };
  await run(2); // warm up
  await gatherLiveStatistics(db.db);
  const pairs = await run(SECONDS);
  const rate = pairs.latencies.length / pairs.elapsed;
  console.log(
    `hub88 pairs   ${rate.toFixed(0).padStart(5)} pairs/s      p50 ${pct(pairs.latencies, 50).toFixed(1)} ms   p99 ${pct(pairs.latencies, 99).toFixed(1)} ms   ` +
      `(${PAIR_WORKERS} Hub88 workers, RSA-SHA256 both ways, ${pairs.latencies.length} pairs, failures ${pairs.failures})`,
  );
  return { ...pairs, rate };
}

/** Part 2: vendor workers playing signed debit + credit pairs; answers rate, latencies and failures. */
async function seamlessPairs(db: Awaited<ReturnType<typeof openDb>>) {
  const admin = { 'x-api-key': ADMIN_KEY };
  const secret = (await api<{ secret: string }>('POST', '/wps/admin/vendors/PG/secret', undefined, admin))
    .json.value!.secret;
  const game = await db.db
    .selectFrom('game')
    .select('game_code')
    .where('merchant_code', '=', MERCHANT)
    .where('vendor_code', '=', 'PG')
    .executeTakeFirstOrThrow();
  const players = (await fundedMembers(db, PAIR_WORKERS)).map((p) => p.username);
  // The vendor side speaks plain keep-alive HTTP (node:http is several times lighter than fetch,
  // and this load generator shares the machine with the server it measures).
  const agent = new Agent({ keepAlive: true, maxSockets: PAIR_WORKERS });
  const signed = (action: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify({ ...body, timestamp: Date.now() });
    return new Promise<{ status: number }>((resolve, reject) => {
      const req = request(
        `${BASE}/wps/seamless/PG/${action}`,
        {
          method: 'POST',
          agent,
          headers: {
            merchant: MERCHANT,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(raw),
            'x-signature': sign(secret, raw),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { success: boolean };
            resolve({ status: json.success ? (res.statusCode ?? 0) : 0 });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(raw);
    });
  };
  const runPairs = async (seconds: number) => {
    const latencies: number[] = [];
    let failures = 0;
    const end = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      players.map(async (account, w) => {
        let n = 0;
        while (performance.now() < end) {
          const txn = `w${w}r${++n}${randomBytes(4).toString('hex')}`;
          const t0 = performance.now();
          const d = await signed('debit', {
            account,
            transactionId: txn,
            gameCode: game.game_code,
            amount: '1.00',
          });
          const c = await signed('credit', {
            account,
            transactionId: `c${txn}`,
            betTransactionId: txn,
            amount: n % 3 === 0 ? '2.50' : '0',
          });
          if (d.status !== 200 || c.status !== 200) failures++;
          else latencies.push(performance.now() - t0);
        }
      }),
    );
    return {
      latencies: latencies.sort((a, b) => a - b),
      failures,
      elapsed: (performance.now() - started) / 1000,
    };
  };
  await runPairs(2); // warm up
  await gatherLiveStatistics(db.db);
  const pairs = await runPairs(SECONDS);
  const pairRate = pairs.latencies.length / pairs.elapsed;
  console.log(
    `seamless pairs ${pairRate.toFixed(0).padStart(5)} pairs/s      p50 ${pct(pairs.latencies, 50).toFixed(1)} ms   p99 ${pct(pairs.latencies, 99).toFixed(1)} ms   ` +
      `(${PAIR_WORKERS} vendor workers, ${pairs.latencies.length} pairs, failures ${pairs.failures})`,
  );
  return { ...pairs, rate: pairRate };
}

/**
 * Runs `code` (an ES module listening on `port`) in a process of its own and measures `requests`
 * on it under the game list's load (after a warm-up), then stops it.
 */
async function underLoad(
  code: string,
  port: number,
  requests: Array<{ method: 'GET'; path: string }>,
): Promise<autocannon.Result> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: 'inherit' });
  try {
    for (let i = 0; ; i++) {
      try {
        await (await fetch(`http://127.0.0.1:${port}${requests[0]!.path}`)).arrayBuffer();
        break;
      } catch (error) {
        if (i > 100) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const target = {
      url: `http://127.0.0.1:${port}`,
      connections: 100,
      headers: { merchant: MERCHANT, 'accept-encoding': 'gzip' },
      requests,
    };
    await autocannon({ ...target, duration: 2 });
    return await autocannon({ ...target, duration: SECONDS });
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit').catch(() => undefined);
  }
}

/** A bare Fastify hello-world route (no plugin, no logger), the ceiling the budget names. */
function helloWorld(): Promise<autocannon.Result> {
  const port = PORT + 100;
  const code = `import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
`;
  return underLoad(code, port, [{ method: 'GET', path: '/hello' }]);
}

/** One GET to the server as the load generator asks it: the status, headers and body bytes as sent. */
function rawAnswer(path: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    request(`${BASE}${path}`, { headers: { merchant: MERCHANT, 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () => {
        const headers: Record<string, string> = {};
        // Node's server writes these itself, as it does for the server measured.
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === 'string' && !['date', 'connection', 'keep-alive'].includes(name))
            headers[name] = value;
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
      });
    })
      .once('error', reject)
      .end();
  });
}

/**
 * The same answers (status, headers, gzipped bytes) the server gave to `paths`, served by a bare
 * node:http server that looks each one up by its address and does nothing else: what these bytes
 * cost to send and to read on this machine, which no server of them can beat.
 */
async function sameBytes(paths: string[]): Promise<autocannon.Result> {
  const port = PORT + 101;
  const answers = Object.fromEntries(
    await Promise.all(paths.map(async (p) => [p, await rawAnswer(p)] as const)),
  );
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-games-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const code = `import { createServer } from 'node:http';
    import { readFileSync } from 'node:fs';
    const answers = new Map(Object.entries(JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8')))
      .map(([p, a]) => [p, { ...a, body: Buffer.from(a.body, 'base64') }]));
    createServer((req, res) => {
      const a = answers.get(req.url);
      if (!a) { res.writeHead(404); res.end(); return; }
      res.writeHead(a.status, a.headers);
      res.end(a.body);
    }).listen(${port}, '127.0.0.1');
`;
  try {
    return await underLoad(
      code,
      port,
      paths.map((p) => ({ method: 'GET', path: p })),
    );
  } finally {
    rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

try {
  // The first instance migrates and seeds; the others start on the ready database.
  for (const port of ports) {
    servers.push(startServer(port));
    await waitForServer(port);
  }
  if (INSTANCES > 1) {
    balancer = new Balancer(ports);
    await balancer.listen(PORT);
  }
  // The bench's operator keys: platform-wide API keys holding every permission, stored as the
  // server stores keys (SHA-256), once the server has migrated the database.
  {
    const keyDb = await openDb({ kind: 'postgres', url: created.url });
    await keyDb.db
      .insertInto('api_key')
      .values(
        (
          [
            ['bench', ADMIN_KEY],
            ['bench-checker', CHECKER_KEY],
          ] as const
        ).map(([name, key]) => ({
          name,
          prefix: key.slice(0, 12),
          key_hash: createHash('sha256').update(key).digest(),
          merchant_code: null,
          permissions: [...PERMISSIONS],
          created_by: 'bench',
        })),
      )
      .execute();
    await keyDb.close();
  }
  console.log(
    `bench:games: PostgreSQL ${created.url.replace(/\/\/[^@]*@/, '//')}, ${INSTANCES} instance(s) (pids ${servers
      .map((s) => s.pid)
      .join(', ')})${INSTANCES > 1 ? ' behind a local round-robin balancer' : ''}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // ---- 1. game list -------------------------------------------------------------------------------
  const paths = [
    'gameType=RNG&pageNo=1&pageSize=15',
    'gameType=RNG&vassalage=PG&pageNo=2&pageSize=15',
    'gameType=RNG&vassalage=JILI&gameClassify=SLOT&pageNo=1&pageSize=15',
    'gameType=RNG&minBet=0.05&pageNo=1&pageSize=15',
    'gameType=FISH&pageNo=1&pageSize=15',
    'gameType=RNG&gameName=dragon&pageNo=1&pageSize=15',
    'gameType=PVP&vassalage=KM&pageNo=1&pageSize=15&language=CN',
    'gameType=RNG&vassalage=PP&minLineNum=20&pageNo=3&pageSize=15',
  ].map((q) => ({ method: 'GET' as const, path: `/wps/relay/GCSGAME_gameList?clientType=3&${q}` }));
  // Warm up (catalogue snapshot, JIT).
  const skipList = PART === 'pairs' || PART === 'hub88';
  if (!skipList)
    await autocannon({
      url: BASE,
      connections: 20,
      duration: 2,
      headers: { merchant: MERCHANT },
      requests: paths,
    });
  const list = await autocannon({
    url: BASE,
    connections: 100,
    duration: skipList ? 0.1 : SECONDS,
    headers: { merchant: MERCHANT, 'accept-encoding': 'gzip' },
    requests: paths,
  });
  const printList = (label: string, r: autocannon.Result) =>
    console.log(
      `${label.padEnd(14)}${r.requests.average.toFixed(0).padStart(6)} requests/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   ` +
        `(100 connections, ${SECONDS} s, ${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors})`,
    );
  printList('game list', list);
  // Whole catalogues in one page (a client that lists everything at once).
  const bigPaths = ['RNG', 'FISH', 'PVP', 'LIVE'].map((type) => ({
    method: 'GET' as const,
    path: `/wps/relay/GCSGAME_gameList?clientType=3&gameType=${type}&pageNo=1&pageSize=3000`,
  }));
  const big = await autocannon({
    url: BASE,
    connections: 100,
    duration: skipList ? 0.1 : SECONDS,
    headers: { merchant: MERCHANT, 'accept-encoding': 'gzip' },
    requests: bigPaths,
  });
  if (!skipList) printList('pageSize=3000', big);
  // The ceiling to compare with: a bare Fastify hello-world route in a process of its own, the
  // same load generator, now, on the same machine.
  const hello = skipList ? null : await helloWorld();
  if (hello) {
    printList('bare Fastify', hello);
    console.log(
      `ratio to bare Fastify: game list ${(list.requests.average / hello.requests.average).toFixed(2)}, ` +
        `pageSize=3000 ${(big.requests.average / hello.requests.average).toFixed(2)} (target >= 0.9)`,
    );
    // What sending and reading these very bytes costs, apart from any server's work.
    const floorList = await sameBytes(paths.map((p) => p.path));
    const floorBig = await sameBytes(bigPaths.map((p) => p.path));
    printList('same bytes', floorList);
    printList('  (3000)', floorBig);
    console.log(
      `the same answers from a bare node:http server, to bare Fastify: game list ` +
        `${(floorList.requests.average / hello.requests.average).toFixed(2)}, pageSize=3000 ` +
        `${(floorBig.requests.average / hello.requests.average).toFixed(2)}; the server to them: game list ` +
        `${(list.requests.average / floorList.requests.average).toFixed(2)}, pageSize=3000 ` +
        `${(big.requests.average / floorBig.requests.average).toFixed(2)}`,
    );
  }
  const listOk = list.non2xx === 0 && list.errors === 0 && big.non2xx === 0 && big.errors === 0;

  // ---- 2. seamless pairs (BENCH_PART=list: skipped) --------------------------------------------
  const db = await openDb({ kind: 'postgres', url: created.url });
  const pairs = PART === 'all' || PART === 'pairs' ? await seamlessPairs(db) : null;
  const hub88 = PART === 'all' || PART === 'hub88' ? await hub88Pairs(db) : null;
  const broken = await checkLedger(db.db);
  console.log(`ledger invariants: ${broken.length === 0 ? 'all hold' : JSON.stringify(broken)}`);
  await db.close();

  const budgets = [
    ['game list requests/s >= 5000', list.requests.average >= 5000],
    ['game list p99 <= 25 ms', list.latency.p99 <= 25],
    ...(hello
      ? ([
          ['game list >= 0.9x bare Fastify', list.requests.average >= 0.9 * hello.requests.average],
          ['pageSize=3000 >= 0.9x bare Fastify', big.requests.average >= 0.9 * hello.requests.average],
          ['game list p99 <= 10 ms (pageSize=3000 too)', Math.max(list.latency.p99, big.latency.p99) <= 10],
        ] as const)
      : []),
    ...(pairs
      ? ([
          ['pairs/s >= 3000', pairs.rate >= 3000],
          ['pair p99 <= 30 ms', pct(pairs.latencies, 99) <= 30],
        ] as const)
      : []),
    ['no failed requests', listOk && (pairs?.failures ?? 0) === 0 && (hub88?.failures ?? 0) === 0],
    ['ledger invariants', broken.length === 0],
  ] as const;
  for (const [name, met] of budgets) console.log(`  ${met ? 'met   ' : 'MISSED'} ${name}`);
  process.exitCode = budgets.every(([, met]) => met) ? 0 : 1;
  if (balancer) console.log(`balancer: connections per instance ${balancer.stats.join(', ')}`);
} finally {
  await balancer?.close();
  for (const server of servers) {
    server.kill('SIGTERM');
    await once(server, 'exit').catch(() => undefined);
  }
  await created.drop();
}
process.exit(process.exitCode ?? 0);
