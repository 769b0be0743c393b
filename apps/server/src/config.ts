import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** How the trusted-proxy setting reads: 'false', 'true', a hop count, or a comma list of addresses/CIDRs. */
function parseTrustProxy(raw: string): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (raw === 'true') return true;
  if (raw === 'false' || raw === '') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    // Trust the nearest `hops` proxies in X-Forwarded-For, no further.
    return (_addr: string, hop: number) => hop < hops;
  }
  return raw.split(',').map((s) => s.trim());
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL URL; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo brands at start-up (idempotent; never overwrites what is there). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Brand served when neither the Merchant header nor the Host names one; empty means refuse. */
  DEFAULT_MERCHANT: z.string().default(''),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  MEDIA_DIR: z.string().default(path.join(repoRoot, 'apps/server/media')),
  /** Seconds a brand's configuration is cached in memory before it is read again. */
  BRAND_CACHE_SECONDS: z.coerce.number().min(0).default(10),
  /**
   * Key of the operator API (`/wps/admin/...`, header X-Admin-Key). Unset: the operator API refuses
   * every call (the CLI `npm run admin` works on the database directly and needs no key).
   */
  ADMIN_API_KEY: z.string().min(16).optional(),
  /**
   * The built-in demo payment gateway (its pay page credits a deposit without real money).
   * Default: on, except with NODE_ENV=production, where it must be asked for explicitly.
   */
  DEMO_GATEWAY: z.enum(['true', 'false']).optional(),
  /** The house card game's decision window in seconds (default 10; e2e sets it short). */
  CARDS_DECISION_SECONDS: z.coerce.number().int().min(1).max(60).optional(),
  /** Seconds of a cockfight's betting window; the fight and result phases follow from it (a third, a sixth). */
  COCKFIGHT_BET_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Seconds each house baccarat round takes bets (the end-to-end tests shorten it). */
  BACCARAT_BET_SECONDS: z.coerce.number().int().min(3).max(120).default(15),
  /** Real milliseconds per sportsbook match minute (ISSUE 6); shorter only for e2e tests and demos. */
  SPORTSBOOK_MINUTE_MS: z.coerce.number().min(1).max(60_000).default(60_000),
  /**
   * Bet batches of each kind (stakes, settlements) the server runs on the database at once (group
   * commit). 1 suits a database on the same few cores as the server (measured by bench:games on
   * 2 cores: 1 batch about 1,900 pairs/s, p99 45 ms; 2 batches about 1,500, p99 55 ms); raise it
   * for a database server with cores to spare and a slow disk flush.
   */
  LEDGER_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(1),
  /** Seconds between two draws of an electronic (fast) lottery (ISSUE 7); e2e sets it short. */
  LOTTERY_FAST_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DEMO_GATEWAY'> & { DEMO_GATEWAY: boolean };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DEMO_GATEWAY, ...rest } = parsed.data;
  return { ...rest, DEMO_GATEWAY: DEMO_GATEWAY ? DEMO_GATEWAY === 'true' : rest.NODE_ENV !== 'production' };
}
