/**
 * Player search on 1,000,000 members: seeds a migrated, empty PostgreSQL database (the demo brands,
 * then the members and two login events each, in set-based SQL), ANALYZEs, and times at least 200
 * searches of each kind through PlayersService (no HTTP), printing p50/p95/p99 per kind and overall.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDb } from '../../apps/server/src/db/client';
import type { Db } from '../../apps/server/src/db/repository';
import { PlayersRepository } from '../../apps/server/src/modules/players/players.repository';
import { PlayersService } from '../../apps/server/src/modules/players/players.service';
import { seedDemo } from '../../apps/server/src/seed/seed';

const MEMBERS = 1_000_000;
const PER_KIND = 200;
/** One agent (upline) per this many members. */
const TEAM = 1000;
const MERCHANT = 'GOLDEN';

const FIRST = ['maria', 'jose', 'juan', 'ana', 'mark', 'john', 'grace', 'joy', 'paul', 'rose'];
const LAST = ['santos', 'reyes', 'cruz', 'bautista', 'ocampo', 'garcia', 'mendoza', 'torres', 'tan', 'lim'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const rnd = (n: number) => 1 + Math.floor(Math.random() * n);

export async function benchPlayerSearch(url: string, log: (line: string) => void): Promise<void> {
  const handle = await openDb({ kind: 'postgres', url, max: 4 });
  try {
    const base = await seedPlayers(handle.db, log);
    await timePlayerSearch(handle.db, base, log);
  } finally {
    await handle.close();
  }
}

/** Seeds the members and their logins; the id before the first seeded member. */
async function seedPlayers(db: Db, log: (line: string) => void): Promise<number> {
  await seedDemo(db);
  const base = Number(
    (await sql<{ n: string }>`SELECT coalesce(max(id), 0)::text AS n FROM member`.execute(db)).rows[0]!.n,
  );
  let started = performance.now();
  // Ids are given (base + g) so uplines can be named in the same statement; the sequence follows.
  await sql`
      INSERT INTO member (id, merchant_code, username, password_hash, payee_name, email,
                          country_dialing_code, mobile_num, affiliate_code, referral_code, upline_id,
                          is_agent, register_ip, register_device, last_login_at, last_login_ip, created_at)
      SELECT ${base} + g, ${MERCHANT}, 'p' || g, 'x',
             (${sql.val(FIRST)}::text[])[1 + g % 10] || ' ' || (${sql.val(LAST)}::text[])[1 + (g / 10) % 10]
               || ' ' || g,
             'p' || g || '@mail' || (g % 40) || '.com',
             '63', '9' || lpad(g::text, 9, '0'),
             CASE WHEN g % ${TEAM} = 1 THEN 'AG' || g END,
             'R' || g,
             CASE WHEN g % ${TEAM} <> 1 THEN ${base} + ((g - 1) / ${TEAM}) * ${TEAM} + 1 END,
             CASE WHEN g % ${TEAM} = 1 THEN 1 ELSE 0 END,
             '10.' || ((g >> 16) & 255) || '.' || ((g >> 8) & 255) || '.' || (g & 255),
             md5('device' || g),
             now() - make_interval(mins => (${MEMBERS} - g) % 50000),
             '172.' || (16 + g % 16) || '.' || ((g / 16) % 256) || '.' || ((g / 4096) % 256),
             now() - make_interval(secs => (${MEMBERS} - g) * 30)
        FROM generate_series(1, ${MEMBERS}) g`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('member', 'id'), ${base + MEMBERS})`.execute(db);
  log(`players bench: ${MEMBERS} members in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  started = performance.now();
  // Two logins each: one from the register address and device, one from a shared mobile-network
  // address (4,096 members behind each) on another device.
  await sql`
      INSERT INTO login_event (merchant_code, member_id, at, ip, device, user_agent, method, success)
      SELECT ${MERCHANT}, ${base} + g, now() - make_interval(mins => g % 90000),
             CASE WHEN k = 1 THEN '10.' || ((g >> 16) & 255) || '.' || ((g >> 8) & 255) || '.' || (g & 255)
                  ELSE '172.' || (16 + g % 16) || '.' || ((g / 16) % 256) || '.' || ((g / 4096) % 256) END,
             CASE WHEN k = 1 THEN md5('device' || g) ELSE md5('phone' || g) END,
             'Mozilla/5.0', 'PASSWORD', true
        FROM generate_series(1, ${MEMBERS}) g, generate_series(1, 2) k`.execute(db);
  log(`players bench: ${MEMBERS * 2} login events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await sql`ANALYZE member`.execute(db);
  await sql`ANALYZE login_event`.execute(db);
  await sql`ANALYZE member_vip`.execute(db);
  return base;
}

/** Times the searches on seeded members (`base`: the id before the first one). */
async function timePlayerSearch(db: Db, base: number, log: (line: string) => void): Promise<void> {
  const players = new PlayersService(new PlayersRepository(db), {
    sessions: { revokeAll: () => Promise.reject(new Error('not in a search')) },
    profile: { operatorReset: () => Promise.reject(new Error('not in a search')) },
    levels: {
      levelExists: () => Promise.reject(new Error('not in a search')),
      setLevel: () => Promise.reject(new Error('not in a search')),
      labelOf: () => Promise.reject(new Error('not in a search')),
    },
  });
  const g = () => rnd(MEMBERS);
  const kinds: Record<string, () => string> = {
    memberId: () => String(base + g()),
    username: () => `p${g()}`.slice(0, 6),
    mobile: () => `9${String(g()).padStart(9, '0')}`.slice(0, 8),
    mobileWithCode: () => `+639${String(g()).padStart(9, '0')}`.slice(0, 10),
    email: () => `p${g()}@`,
    realName: () => `${FIRST[rnd(10) - 1]} ${LAST[rnd(10) - 1]!.slice(0, 3)}`,
    ip: () => {
      const n = g();
      return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    },
    ipPrefix: () => `172.${16 + rnd(16) - 1}.${rnd(256) - 1}.`,
    device: () => createHash('md5').update(`device${g()}`).digest('hex').slice(0, 10),
    affiliate: () => `AG${Math.floor(g() / TEAM) * TEAM + 1}`,
    upline: () => `p${Math.floor(g() / TEAM) * TEAM + 1}`,
    noQueryLocked: () => '',
  };
  const all: number[] = [];
  for (const [kind, make] of Object.entries(kinds)) {
    const times: number[] = [];
    for (let i = 0; i < PER_KIND; i++) {
      const q = make();
      const filters = kind === 'noQueryLocked' ? { status: 'LOCKED' as const } : {};
      const t0 = performance.now();
      const page = await players.search(MERCHANT, q || undefined, filters, { page: 1, pageSize: 20 });
      times.push(performance.now() - t0);
      if (i === 0 && kind !== 'noQueryLocked' && kind !== 'device' && page.list.length === 0)
        log(`players bench: ${kind} "${q}" found nobody`);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    log(
      `players search ${kind.padEnd(15)} n=${times.length} p50 ${ms(percentile(times, 50))}  p95 ${ms(
        percentile(times, 95),
      )}  p99 ${ms(percentile(times, 99))}`,
    );
  }
  all.sort((a, b) => a - b);
  log(
    `players search ${'overall'.padEnd(15)} n=${all.length} p50 ${ms(percentile(all, 50))}  p95 ${ms(
      percentile(all, 95),
    )}  p99 ${ms(percentile(all, 99))}`,
  );
}
