/**
 * The server the end-to-end tests run against: the real app on a fresh database (a new
 * PostgreSQL database when TEST_DATABASE_URL is set, else a temporary PGlite), migrated and
 * seeded with the demo brands plus four fixture brands: MAINT (in maintenance) at
 * maint.localhost, BLOCK (blocks US visitors) at block.localhost, CATALOG (a copy of Royal
 * Lotus whose game categories the catalogue spec switches) at catalog.localhost and CONTENT (a copy
 * of Golden Palm the content spec publishes banners and broadcasts on) at content.localhost.
 */
import type { FastifyReply } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERMISSIONS } from '@app/contracts';
import { buildPlatform } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type DbTarget, openDb } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { DEMO_BRANDS } from '../../server/src/seed/demo-brands';
import { seedDemo } from '../../server/src/seed/seed';
import { FakeHub88, rsaKeyPair } from '../../server/test/fakes/hub88';
import { createPostgresDatabase } from '../../server/test/helper';
import { XenditFake } from '../../server/test/fakes/xendit';
import { periodAt } from '../../server/src/modules/agent/settlement-formula';
import { ADMIN_API_KEY, CHECKER_API_KEY } from './operator';
import { CHAT_SUPPORT, SPEC_OWNERS, specOwner } from './staff';

/** The operator API key specs send in x-api-key; defined in operator.ts so specs need not import this file. */
export { ADMIN_API_KEY };

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

let cleanup = async () => {};
let target: DbTarget;
if (process.env.TEST_DATABASE_URL) {
  const created = await createPostgresDatabase();
  target = { kind: 'postgres', url: created.url };
  cleanup = created.drop;
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-pglite-'));
  target = { kind: 'pglite', dataDir: dir };
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

const db = await openDb(target);
await migrate(db);
const golden = DEMO_BRANDS[0]!;
const lotus = DEMO_BRANDS[1]!;
await seedDemo(db.db, [
  ...DEMO_BRANDS,
  // The catalogue spec switches this brand's categories off and on; no other spec reads it.
  { ...lotus, code: 'CATALOG', name: 'Catalog Lotus', hosts: ['catalog.localhost'] },
  // The content spec publishes banners and broadcasts to today's members on this one.
  { ...golden, code: 'CONTENT', name: 'Content Palace', hosts: ['content.localhost'] },
  { ...golden, code: 'MAINT', name: 'Maint Palace', hosts: ['maint.localhost'] },
  { ...golden, code: 'BLOCK', name: 'Block Palace', hosts: ['block.localhost'], blockedCountries: ['US'] },
]);
await db.db
  .updateTable('merchant')
  .set({ maintenance_on: true, maintenance_end_time: new Date('2031-01-02T03:30:00Z') })
  .where('code', '=', 'MAINT')
  .execute();

const platform = await buildPlatform({
  config: loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // The browser sends X-Forwarded-For in the region test; only loopback is trusted to set it.
    TRUST_PROXY: '127.0.0.1,::1',
    // The specs read SMS codes from the dev outbox and pay on the demo gateway.
    DEV_ROUTES: 'true',
    DEMO_GATEWAY: 'true',
    DOCS: 'true',
    // The card game's decision window: short, so a hand takes seconds.
    CARDS_DECISION_SECONDS: '3',
    // Short cockfights (betting 15 s, fight 5 s, result 3 s): a bet settles within a spec's patience.
    COCKFIGHT_BET_SECONDS: process.env.COCKFIGHT_BET_SECONDS ?? '15',
    // Short baccarat rounds (6 s of betting, 12 s a round) so a spec settles a bet quickly.
    BACCARAT_BET_SECONDS: process.env.BACCARAT_BET_SECONDS ?? '6',
    // A sportsbook match minute lasts 20 ms here: a football match is over in about 2 s.
    SPORTSBOOK_MINUTE_MS: process.env.SPORTSBOOK_MINUTE_MS ?? '20',
    // Fast lotteries draw every 20 s here: a lottery spec bets, sees the draw and its settlement.
    LOTTERY_FAST_SECONDS: process.env.LOTTERY_FAST_SECONDS ?? '20',
  }),
  db,
});
const { app, services, brands } = platform;
// A call slower than 2 s is printed (the runner shows the server's stderr): when a spec times out
// on a busy machine, the log says whether the server or the browser was the slow one. The push
// channel's long poll waits by design.
app.addHook('onResponse', async (req, reply) => {
  if (reply.elapsedTime > 2000 && !req.url.startsWith('/wps/push'))
    process.stderr.write(
      `slow call: ${Math.round(reply.elapsedTime)} ms ${req.method} ${req.url} ${reply.statusCode}\n`,
    );
});
// The specs' operator keys: platform-wide API keys holding every permission (header x-api-key);
// two, because a manual adjustment is asked by one operator and approved by another.
await services.staff.admin.insertKey(ADMIN_API_KEY, 'e2e-operator', null, [...PERMISSIONS], 'e2e');
await services.staff.admin.insertKey(CHECKER_API_KEY, 'e2e-checker', null, [...PERMISSIONS], 'e2e');
// A platform owner per back-office spec, enrolled: each spec signs in with its own TOTP steps.
for (const spec of SPEC_OWNERS) {
  const owner = specOwner(spec);
  await services.staff.admin.seedDemo({
    username: owner.username,
    displayName: `E2E ${spec}`,
    password: owner.password,
    totpSecret: owner.secret,
    grant: 'platform-owner',
  });
}

// The chat spec's support agent: the support role on GOLDEN only.
await services.staff.admin.seedDemo({
  username: CHAT_SUPPORT.username,
  displayName: 'E2E Support',
  password: CHAT_SUPPORT.password,
  totpSecret: CHAT_SUPPORT.secret,
  grant: { merchant: 'GOLDEN', role: 'support' },
});

// Test harness only (this file is the e2e server, never the product): settles a brand's contracts
// of one kind for the local day so far, as the settlement job does once the day has ended, so a
// spec sees the statement lines of bets it just placed without waiting for midnight. The figures
// are the real ones (SettlementService over the settled bets); the job later finds the period
// settled and pays nothing more.
app.post('/e2e/agent-settlement', async (req) => {
  const { merchant, kind } = req.body as { merchant: string; kind: 'DAILY' | 'DIVIDEND' };
  const tz = (await brands.resolve(merchant, undefined)).timezone;
  // Today's period, cut at now (the statements list periods by the day they end).
  const today = { ...periodAt('D', Date.now(), tz), end: new Date() };
  const written = await services.agent.settlement.settlePeriod(merchant, kind, 'D', today);
  return { written };
});

// Harness routes of the engagement jobs (test only, like the one above): each runs a real job for a period that has
// not ended yet, so a spec sees its outcome without waiting for midnight.

// Xendit deposits against a local fake of its API (server/test/fakes/xendit.ts): GOLDEN offers
// GCash through it, configured through the real admin API as an operator would (e2e/xendit.spec.ts).
const xendit = await new XenditFake().start();
const XENDIT_KEY = 'xnd_development_e2e_golden_0123456789';
const XENDIT_TOKEN = 'e2e-golden-callback-token-0123456789';
xendit.addAccount({
  secretKey: XENDIT_KEY,
  callbackToken: XENDIT_TOKEN,
  webhookUrl: `http://127.0.0.1:${E2E_PORT}/wps/cashier/callback/XENDIT`,
  webhookHeaders: { merchant: 'GOLDEN' },
});

// Hub88 for GOLDEN: the local Hub88 of the server tests plays Hub88's side. Its game pages are
// served under the site (/e2e/hub88/...), as the site's frame policy allows only https or the
// site itself; the proxied page is Hub88's, so the site's own page headers are taken off it.
const hub88 = new FakeHub88();
await hub88.start();
const hub88Keys = rsaKeyPair();
hub88.operatorPublicKey = hub88Keys.publicKey;
hub88.walletUrl = `http://127.0.0.1:${E2E_PORT}/wps/hub88/GOLDEN`;
hub88.gameBase = '/e2e/hub88';
hub88.games = [
  {
    game_code: 'h88_sweet_fortune',
    name: 'Sweet Fortune 88',
    product: 'Pragmatic Play',
    category: 'Video Slots',
    url_thumb: 'https://cdn.example/h88_sweet_fortune.png',
    enabled: true,
  },
];
const proxyHub88 = async (url: string, method: 'GET' | 'POST', reply: FastifyReply): Promise<string> => {
  const res = await fetch(`${hub88.baseUrl}${url.slice('/e2e/hub88'.length)}`, { method });
  for (const h of ['content-security-policy', 'x-frame-options']) reply.removeHeader(h);
  reply.type(res.headers.get('content-type') ?? 'text/html');
  return res.text();
};
app.get('/e2e/hub88/game/:code', async (req, reply) => proxyHub88(req.url, 'GET', reply));
app.post('/e2e/hub88/spin', async (req, reply) => proxyHub88(req.url, 'POST', reply));

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await app.close();
  await xendit.stop();
  await hub88.stop();
  await db.close();
  await cleanup();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: E2E_PORT, host: '127.0.0.1' });

// Routes are all registered by now (an inject makes the app ready): configured as an operator does it.
const configured = await app.inject({
  method: 'PUT',
  url: '/wps/admin/integrations/XENDIT',
  headers: { host: 'localhost', merchant: 'GOLDEN', 'x-api-key': ADMIN_API_KEY },
  payload: {
    enabled: true,
    settings: {
      baseUrl: xendit.baseUrl,
      country: 'PH',
      currency: 'PHP',
      depositChannels: [
        {
          channelCode: 'GCASH',
          kind: 'EWALLET',
          name: 'GCash',
          minAmount: 100,
          maxAmount: 50000,
          feePercent: 2,
        },
      ],
    },
    secrets: { secretKey: XENDIT_KEY, callbackToken: XENDIT_TOKEN },
  },
});
if (configured.statusCode !== 200) throw new Error(`XENDIT set-up failed: ${configured.body}`);

// Configured and synced as an operator does it, through the admin API.
{
  const headers = { merchant: 'GOLDEN', 'x-api-key': ADMIN_API_KEY };
  const saved = await app.inject({
    method: 'PUT',
    url: '/wps/admin/integrations/HUB88',
    headers,
    payload: {
      enabled: true,
      settings: { baseUrl: hub88.baseUrl, operatorId: hub88.operatorId, currency: 'PHP' },
      secrets: { privateKey: hub88Keys.privateKey, hub88PublicKey: hub88.keys.publicKey },
    },
  });
  if (saved.statusCode !== 200) throw new Error(`e2e: HUB88 configuration failed: ${saved.body}`);
  const synced = await app.inject({
    method: 'POST',
    url: '/wps/admin/integrations/HUB88/sync',
    headers,
    payload: {},
  });
  if (synced.statusCode !== 200) throw new Error(`e2e: HUB88 sync failed: ${synced.body}`);
}
