import path from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** proxy-addr's names for address ranges (loopback 127.0.0.1/8 and ::1, private ranges, link-local). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, with an optional CIDR prefix length, or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [addr = '', prefix, ...extra] = entry.split('/');
  const version = isIP(addr);
  if (version === 0 || extra.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * How the trusted-proxy setting reads: off ('false', '', '0'), a hop count, or a comma list of
 * proxy addresses/CIDRs. 'true' is refused: Fastify would then take the left-most X-Forwarded-For
 * entry, which any client writes, as the client's address, and every per-IP limit would trust it.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): false | string[] | ((addr: string, hop: number) => boolean) => {
    const text = raw.trim();
    if (text === 'false' || text === '' || text === '0') return false;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          "'true' would trust any client's X-Forwarded-For; give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,loopback)",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      // Trust the nearest `hops` proxies in X-Forwarded-For, no further.
      return (_addr: string, hop: number) => hop < hops;
    }
    const list = text.split(',').map((s) => s.trim());
    const bad = list.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a hop count nor proxy addresses/CIDRs: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      });
      return z.NEVER;
    }
    return list;
  });

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL URL; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** Proxies in front of the server: a hop count or their addresses/CIDRs (see trustProxySchema). */
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seed the demo brands at start-up (idempotent; never overwrites what is there). Off unless asked
   * for: the demo accounts have public passwords and money (`npm start` asks, with --demo).
   */
  SEED_DEMO: flag('false'),
  /**
   * Development routes: the dev outbox (/wps/dev/outbox, the SMS and e-mail messages that would
   * have been sent, answered to loopback clients only). Refused with NODE_ENV=production.
   */
  DEV_ROUTES: flag('false'),
  /** Serve the OpenAPI document and Swagger UI at /docs. */
  DOCS: flag('false'),
  /** Brand served when neither the Merchant header nor the Host names one; empty means refuse. */
  DEFAULT_MERCHANT: z.string().default(''),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** The built back-office app, served under /backoffice/ (absent: those paths answer 404). */
  BACKOFFICE_DIST: z.string().default(path.join(repoRoot, 'apps/backoffice/dist')),
  MEDIA_DIR: z.string().default(path.join(repoRoot, 'apps/server/media')),
  /** Seconds a brand's configuration is cached in memory before it is read again. */
  BRAND_CACHE_SECONDS: z.coerce.number().min(0).default(10),
  /**
   * How long an instance's hold on a background job lasts unless renewed: when an instance dies,
   * its jobs move to another within this long.
   */
  JOB_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  /**
   * Where the instances' notices travel (LISTEN needs a session of its own): a direct or
   * session-pooled URL of the same database when DATABASE_URL goes through a transaction pooler.
   */
  BUS_DATABASE_URL: z.string().url().optional(),
  /**
   * Bearer token Prometheus sends to GET /metrics; unset, the route is not served. Metrics name no
   * member, but they tell traffic and money volumes: never public.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * On SIGTERM, how long /readyz answers 503 before the server stops taking requests, so the load
   * balancer moves new traffic elsewhere first.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /**
   * Push WebSockets one address may hold open on one instance. Generous: an internet café or a
   * mobile carrier's NAT puts many players behind one address; it stops one client from opening
   * connections until the instance runs out of memory.
   */
  PUSH_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(500),
  /** The built-in demo payment gateway (its pay page credits a deposit without real money). */
  DEMO_GATEWAY: flag('false'),
  /**
   * Keys that seal provider credentials at rest (modules/integrations/secret-box.ts):
   * `<id>:<base64 of 32 bytes>`, comma-separated, the first sealing. Unset outside production: a
   * fixed development key. Required in production.
   */
  PROVIDER_SECRETS_KEY: z.string().optional(),
  /** The house card game's decision window in seconds (default 10; e2e sets it short). */
  CARDS_DECISION_SECONDS: z.coerce.number().int().min(1).max(60).optional(),
  /** Seconds of a cockfight's betting window; the fight and result phases follow from it (a third, a sixth). */
  COCKFIGHT_BET_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Seconds each house baccarat round takes bets (the end-to-end tests shorten it). */
  BACCARAT_BET_SECONDS: z.coerce.number().int().min(3).max(120).default(15),
  /** Real milliseconds per sportsbook match minute; shorter only for e2e tests and demos. */
  SPORTSBOOK_MINUTE_MS: z.coerce.number().min(1).max(60_000).default(60_000),
  /**
   * Bet batches of each kind (stakes, settlements) the server runs on the database at once (group
   * commit); a batch beside a running one must hold 16 items or more (bet.repository.ts). On 2
   * cores shared with the database, 2 took bench:wallet from ~12,300 to ~15,200 bets/s (one batch
   * executes while the other waits for its flush) and left bench:games' pairs as they were (their
   * batches are too small to overlap); raise it for a database server with cores to spare and a
   * slow disk flush.
   */
  LEDGER_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(2),
  /** Seconds between two draws of an electronic (fast) lottery; e2e sets it short. */
  LOTTERY_FAST_SECONDS: z.coerce.number().int().min(5).max(3600).default(180),
});

export type Config = z.infer<typeof envSchema>;

/** What `--demo` (npm start) switches on; a setting in the environment still wins. */
const DEMO_DEFAULTS = { SEED_DEMO: 'true', DEV_ROUTES: 'true', DEMO_GATEWAY: 'true', DOCS: 'true' } as const;

interface LoadOptions {
  /** The full local demo: demo brands and accounts, the dev outbox, the demo gateway and /docs. */
  demo?: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadOptions = {}): Config {
  const parsed = envSchema.safeParse(options.demo ? { ...DEMO_DEFAULTS, ...env } : env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * What a server refuses to start with (main.ts; tools such as the admin CLI only read the config).
 * Production needs a real database, and never runs the development routes or
 * the demo; everywhere, the demo is asked for explicitly.
 */
export function startupProblems(config: Config, options: LoadOptions = {}): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (options.demo)
    problems.push(
      '--demo (npm start / npm run serve) is the local demo; start production with `npm run start:prod`',
    );
  if (!config.DATABASE_URL)
    problems.push(
      'DATABASE_URL: required (a PostgreSQL URL); the embedded PGlite is not a production database',
    );
  if (config.DEV_ROUTES) problems.push('DEV_ROUTES: development routes are never served in production');
  if (!config.PROVIDER_SECRETS_KEY)
    problems.push('PROVIDER_SECRETS_KEY: required (keys sealing provider credentials; see config.ts)');
  return problems;
}

/** Throws one error naming every problem startupProblems finds. */
export function assertStartable(config: Config, options: LoadOptions = {}): void {
  const problems = startupProblems(config, options);
  if (problems.length > 0)
    throw new Error(`Refusing to start in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}
