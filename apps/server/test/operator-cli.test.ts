/**
 * The operator CLIs (`npm run admin`, `npm run ledger:check`) as a user runs them: child
 * processes on a real database (a PGlite directory, or a PostgreSQL database in that project).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbTarget, openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/seed/seed';
import { createPostgresDatabase } from './helper';

const root = path.resolve(import.meta.dirname, '../../..');
let target: DbTarget;
let cleanup = async () => {};

/** Runs a script the way its npm script does; resolves with the exit code and output. */
function run(script: string, args: string[], env: Record<string, string> = {}) {
  const dbEnv: Record<string, string> =
    target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir ?? '' };
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--openssl-legacy-provider', '--import', 'tsx', `scripts/${script}.ts`, ...args],
      {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '1', ...dbEnv, ...env },
        timeout: 60_000,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, out: stdout + stderr });
      },
    );
  });
}

/** demo01's main wallet on GOLDEN, in minor units, read straight from the database. */
async function balance(): Promise<bigint> {
  const db = await openDb(target);
  try {
    const { rows } = await sql<{ balance: string }>`
      SELECT a.balance::text FROM ledger_account a JOIN member m ON m.id = a.member_id
      WHERE m.merchant_code = 'GOLDEN' AND m.username = 'demo01' AND a.kind = 'MAIN'`.execute(db.db);
    return BigInt(rows[0]!.balance);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const created = await createPostgresDatabase();
    target = { kind: 'postgres', url: created.url };
    cleanup = created.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-pglite-'));
    target = { kind: 'pglite', dataDir: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const db = await openDb(target);
  await migrate(db);
  await seedDemo(db.db);
  await db.close();
}, 60_000);
afterAll(() => cleanup());

describe('npm run admin', () => {
  it('asks for an adjustment that another person approves: no money moves, the request waits', async () => {
    const before = await balance();
    const asked = await run('admin', [
      'adjust',
      'demo01',
      '12.50',
      '--brand',
      'GOLDEN',
      '--reason',
      'goodwill',
    ]);
    expect(asked.code).toBe(0);
    expect(asked.out).toContain("state: 'PENDING'");
    expect(await balance()).toBe(before);
    const debit = await run('admin', ['adjust', 'demo01', '-3', '--brand', 'GOLDEN', '--reason', 'fee']);
    expect(debit.code).toBe(0);
    expect(await balance()).toBe(before);

    const db = await openDb(target);
    try {
      const { rows } = await sql<{ amount: string; state: string; requested_kind: string }>`
        SELECT r.amount::text, r.state, r.requested_kind FROM approval_request r
        JOIN member m ON m.id = r.member_id
        WHERE m.username = 'demo01' AND r.merchant_code = 'GOLDEN' ORDER BY r.id`.execute(db.db);
      expect(rows).toMatchObject([
        { amount: '1250', state: 'PENDING', requested_kind: 'CLI' },
        { amount: '-300', state: 'PENDING', requested_kind: 'CLI' },
      ]);
    } finally {
      await db.close();
    }

    // A request id would suggest the call moves money itself; an unknown player is refused.
    const withId = await run('admin', [
      ...['adjust', 'demo01', '5', '--brand', 'GOLDEN', '--reason', 'x', '--request-id', 'cli-1'],
    ]);
    expect(withId.code).toBe(2);
    expect(withId.out).toContain('takes no --request-id');
    const unknown = await run('admin', ['adjust', 'nobody-here', '5', '--brand', 'GOLDEN', '--reason', 'x']);
    expect(unknown.code).toBe(1);
    expect(await balance()).toBe(before);
  }, 120_000);

  it('refuses an unknown command and a missing reason with the usage, touching nothing', async () => {
    const before = await balance();
    const unknown = await run('admin', ['frobnicate', '--brand', 'GOLDEN']);
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('unknown command: frobnicate');
    const noReason = await run('admin', ['adjust', 'demo01', '5', '--brand', 'GOLDEN']);
    expect(noReason.code).toBe(2);
    expect(noReason.out).toContain('--reason is required');
    expect(await balance()).toBe(before);
  }, 60_000);

  it('creates a staff account and an API key, printing each secret once; refuses bad input', async () => {
    const count = async () => {
      const db = await openDb(target);
      try {
        const { rows } = await sql<{ staff: number; keys: number }>`
          SELECT (SELECT count(*)::int FROM staff WHERE username = 'first-owner') AS staff,
                 (SELECT count(*)::int FROM api_key WHERE name = 'reports') AS keys`.execute(db.db);
        return rows[0]!;
      } finally {
        await db.close();
      }
    };
    const badRole = await run('admin', [
      'staff-create',
      '--username',
      'first-owner',
      '--name',
      'F',
      '--brand',
      'GOLDEN',
      '--role',
      'king',
    ]);
    expect(badRole.code).toBe(2);
    expect(badRole.out).toContain('unknown role "king"');
    const badPerm = await run('admin', [
      'apikey-create',
      '--name',
      'reports',
      '--brand',
      'GOLDEN',
      '--permissions',
      'audit.view,root',
    ]);
    expect(badPerm.code).toBe(2);
    expect(badPerm.out).toContain('unknown permissions: root');
    expect(await count()).toEqual({ staff: 0, keys: 0 });

    const owner = await run('admin', [
      'staff-create',
      '--username',
      'first-owner',
      '--name',
      'First Owner',
      '--platform-owner',
    ]);
    expect(owner.code, owner.out).toBe(0);
    const password = /one-time password: (\S+)/.exec(owner.out)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    const key = await run('admin', [
      'apikey-create',
      '--name',
      'reports',
      '--brand',
      'GOLDEN',
      '--permissions',
      'audit.view',
    ]);
    expect(key.code, key.out).toBe(0);
    const raw = key.out.trim().split('\n').at(-1)!;
    expect(raw).toMatch(/^bok_/);
    expect(await count()).toEqual({ staff: 1, keys: 1 });
    const db = await openDb(target);
    try {
      const { rows } = await sql<{ grant: string; must: boolean; stored: string }>`
        SELECT (SELECT role FROM staff_grant g WHERE g.staff_id = s.id AND g.merchant_code IS NULL) AS grant,
               s.must_change_password AS must,
               (SELECT encode(key_hash, 'hex') FROM api_key WHERE name = 'reports') AS stored
        FROM staff s WHERE s.username = 'first-owner'`.execute(db.db);
      expect(rows[0]).toMatchObject({ grant: 'owner', must: true });
      // The key is stored as its SHA-256, never as printed.
      const { createHash } = await import('node:crypto');
      expect(rows[0]!.stored).toBe(createHash('sha256').update(raw).digest('hex'));
    } finally {
      await db.close();
    }
  }, 120_000);

  it('switches a brand’s legacy payload scheme, audited as the CLI; refuses a bad state', async () => {
    const state = async () => {
      const db = await openDb(target);
      try {
        const { rows } = await sql<{ on: boolean; audits: number }>`
          SELECT legacy_crypto AS on,
                 (SELECT count(*)::int FROM audit_log WHERE merchant_code = 'LOTUS'
                    AND action = 'brand.legacyCrypto.set' AND actor_kind = 'CLI' AND actor = 'ops-ben') AS audits
          FROM merchant WHERE code = 'LOTUS'`.execute(db.db);
        return rows[0]!;
      } finally {
        await db.close();
      }
    };
    const bad = await run('admin', ['legacy-crypto', 'maybe', '--brand', 'LOTUS']);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('legacy-crypto: say on or off');
    expect(await state()).toEqual({ on: false, audits: 0 });
    const on = await run('admin', ['legacy-crypto', 'on', '--brand', 'LOTUS', '--operator', 'ops-ben']);
    expect(on.code, on.out).toBe(0);
    expect(on.out).toContain('legacyCrypto: true');
    expect(await state()).toEqual({ on: true, audits: 1 });
    const show = await run('admin', ['legacy-crypto', '--brand', 'LOTUS']);
    expect(show.out).toContain('legacyCrypto: true');
  }, 120_000);

  it('sets a brand’s lottery return per prize mode; refuses bad values, changing nothing', async () => {
    const stored = async () => {
      const db = await openDb(target);
      try {
        const { rows } = await sql<{ rtp: unknown }>`
          SELECT lottery_rtp_bp AS rtp FROM merchant WHERE code = 'LOTUS'`.execute(db.db);
        return rows[0]!.rtp;
      } finally {
        await db.close();
      }
    };
    const set = await run('admin', ['lottery-rtp', 'lott=9200', 'Elott=default', '--brand', 'LOTUS']);
    expect(set.code).toBe(0);
    // The answer is the brand's table: Lott its own, Elott back to the default.
    expect(set.out).toMatch(/Lott.*9200.*9500.*BRAND/);
    expect(set.out).toMatch(/Elott.*9700.*9700.*DEFAULT/);
    expect(await stored()).toEqual({ Lott: 9200 });

    const outOfBand = await run('admin', ['lottery-rtp', 'Lott=9000', 'ZY=9950', '--brand', 'LOTUS']);
    expect(outOfBand.code).toBe(1);
    expect(outOfBand.out).toContain('request.invalid');
    expect(outOfBand.out).toMatch(/rtpBp\.ZY.*8000.*9900/s);
    const badMode = await run('admin', ['lottery-rtp', 'Jackpot=9000', '--brand', 'LOTUS']);
    expect(badMode.code).toBe(2);
    expect(badMode.out).toContain('unknown prize mode "Jackpot"');
    const badValue = await run('admin', ['lottery-rtp', 'Lott=93%', '--brand', 'LOTUS']);
    expect(badValue.code).toBe(2);
    expect(badValue.out).toContain('"Lott=93%" is not <mode>=<basis points>');
    expect(await stored()).toEqual({ Lott: 9200 });
  }, 120_000);
});

describe('npm run ledger:check', () => {
  it('passes on a consistent ledger and names the invariant a tampered balance breaks', async () => {
    const clean = await run('ledger-check', []);
    expect(clean.code).toBe(0);
    expect(clean.out).toContain('all invariants hold');

    const db = await openDb(target);
    try {
      // Balance rows are the one thing a stray UPDATE can reach (postings and entries are append-only).
      await sql`UPDATE ledger_account SET balance = balance + 1
                WHERE kind = 'MAIN' AND member_id = (SELECT id FROM member WHERE merchant_code = 'GOLDEN' AND username = 'demo01')`.execute(
        db.db,
      );
    } finally {
      await db.close();
    }
    const broken = await run('ledger-check', ['--brand', 'GOLDEN']);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('BROKEN: tracked balance equals the sum of its postings');
  }, 60_000);
});

describe.runIf(process.env.TEST_DB_KIND !== 'postgres')('with the embedded database', () => {
  let server: Server;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('{"ok":true}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses to open it while a server answers on the configured port', async () => {
    const port = String((server.address() as AddressInfo).port);
    const res = await run('ledger-check', [], { PORT: port });
    expect(res.code).toBe(2);
    expect(res.out).toContain('only one process may open it');
  }, 60_000);
});
