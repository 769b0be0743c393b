/**
 * bench:auth — login throughput and latency with our argon2id parameters, and proof that a
 * flood of wrong passwords is throttled before it costs hashing time.
 *
 * Prepares a PGlite database (migrated, seeded, plus bench accounts), starts the real server
 * on it in a child process, and drives it over loopback with encrypted login requests.
 */
import { spawn } from 'node:child_process';
import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/seed/seed';
import { ARGON2_OPTIONS, hashPassword } from '../apps/server/src/platform/password';

const PORT = Number(process.env.BENCH_PORT ?? 8283);
const BASE = `http://127.0.0.1:${PORT}`;
const ACCOUNTS = 20;
const LOGINS = 400;
const CONCURRENCY = 8;
const FLOOD = 300;
const PASSWORD = 'bench1234';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-auth-'));
const db = await openDb({ kind: 'pglite', dataDir });
await migrate(db);
await seedDemo(db.db);
const hash = await hashPassword(PASSWORD);
for (let i = 0; i < ACCOUNTS; i++) {
  await db.db
    .insertInto('member')
    .values({
      merchant_code: 'GOLDEN',
      username: `bench${i}`,
      password_hash: hash,
      referral_code: `BENCH${i}`,
    })
    .execute();
}
await db.close();

const server = spawn(
  process.execPath,
  ['--openssl-legacy-provider', '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The bench is the only client and sends each simulated user's address as X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

const headers = { host: 'localhost', 'content-type': 'application/json' };

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

let key: { keyId: string; publicKey: string };
function encrypt(value: unknown) {
  const aes = randomBytes(32);
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', aes, iv);
  const data = Buffer.concat([c.update(JSON.stringify(value)), c.final(), c.getAuthTag()]);
  const wrapped = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aes,
  );
  return JSON.stringify({
    keyId: key.keyId,
    key: wrapped.toString('base64'),
    iv: iv.toString('base64'),
    data: data.toString('base64'),
  });
}

interface Shot {
  ms: number;
  code: string;
}

async function login(body: string, ip: string): Promise<Shot> {
  const t0 = performance.now();
  const res = await fetch(`${BASE}/wps/session/login`, {
    method: 'POST',
    headers: { ...headers, 'x-forwarded-for': ip },
    body,
  });
  const json = (await res.json()) as { success: boolean; errorCode?: string };
  return { ms: performance.now() - t0, code: json.success ? 'ok' : (json.errorCode ?? String(res.status)) };
}

async function run(jobs: (() => Promise<Shot>)[], concurrency: number) {
  const shots: Shot[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) shots.push(await jobs[next++]!());
    }),
  );
  return { shots, seconds: (performance.now() - t0) / 1000 };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const fmt = (n: number) => n.toFixed(1);

try {
  await waitForServer();
  key = ((await (await fetch(`${BASE}/wps/session/key`, { headers })).json()) as { value: typeof key }).value;
  console.log(
    `argon2id: memory ${ARGON2_OPTIONS.memoryCost} KiB, ${ARGON2_OPTIONS.timeCost} passes, parallelism ${ARGON2_OPTIONS.parallelism}`,
  );

  // Bodies are encrypted up front so the client's RSA work does not count against the server.
  const good = Array.from({ length: LOGINS }, (_, i) =>
    encrypt({ type: 'username', username: `bench${i % ACCOUNTS}`, password: PASSWORD }),
  );
  // Each login comes from its own address, as real players do, so the per-IP limit is not what is measured.
  const ok = await run(
    good.map((b, i) => () => login(b, `10.1.${Math.floor(i / 250)}.${i % 250}`)),
    CONCURRENCY,
  );
  const okMs = ok.shots.filter((s) => s.code === 'ok').map((s) => s.ms);
  console.log(
    `valid logins: ${okMs.length}/${LOGINS} ok, ${fmt(okMs.length / ok.seconds)} logins/s at concurrency ${CONCURRENCY}, ` +
      `p50 ${fmt(pct(okMs, 0.5))} ms, p99 ${fmt(pct(okMs, 0.99))} ms`,
  );

  // A flood of wrong passwords against one account from one address.
  const wrong = Array.from({ length: FLOOD }, () =>
    encrypt({ type: 'username', username: 'bench0', password: 'wrong-password-1' }),
  );
  const flood = await run(
    wrong.map((b) => () => login(b, '10.9.9.9')),
    CONCURRENCY,
  );
  const byCode = new Map<string, number[]>();
  for (const s of flood.shots) byCode.set(s.code, [...(byCode.get(s.code) ?? []), s.ms]);
  console.log(`wrong-password flood: ${FLOOD} requests in ${fmt(flood.seconds)} s`);
  for (const [code, ms] of byCode) {
    console.log(`  ${code.padEnd(24)} ${String(ms.length).padStart(4)}  median ${fmt(pct(ms, 0.5))} ms`);
  }
  const hashed = byCode.get('login.failed')?.length ?? 0;
  console.log(
    `password checks performed: ${hashed} of ${FLOOD}; the rest were refused by the captcha rule or the per-IP limit before any hashing`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
