import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { bannerGroupFor, HOME_BANNER_GROUP, parseLanguage } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { PushNotices } from './platform/push-topics';
import { JobRunner } from './jobs/job-runner';
import { createAgentModule } from './modules/agent';
import { createAmlModule } from './modules/aml';
import { createBrandsModule } from './modules/brands';
import { createCashierModule, XENDIT_DEFINITION } from './modules/cashier';
import { createChatModule } from './modules/chat';
import { createReportsModule } from './modules/reports';
import { createDashboardModule } from './modules/dashboard';
import { createGamesModule } from './modules/games';
import { createIntegrationsModule } from './modules/integrations';
import { createKycModule } from './modules/kyc';
import { createLobbyModule } from './modules/lobby';
import { createLotteryModule } from './modules/lottery';
import { createMemberModule } from './modules/member';
import { createMessagesModule } from './modules/messages';
import { createPlayersModule } from './modules/players';
import { createPointsModule } from './modules/points';
import { createPromotionsModule } from './modules/promotions';
import { createPushModule } from './modules/push';
import { createProtectionModule, protectionGuard } from './modules/protection';
import { createProvidersModule } from './modules/providers';
import { hub88Definition, SecureRng } from './modules/providers';
import { createRecordsModule } from './modules/records';
import { createSessionModule } from './modules/session';
import { createStaffModule } from './modules/staff';
import { createSystemModule, SitePages, type PageHints } from './modules/system';
import { createUploadsModule } from './modules/uploads';
import { createVendorsModule } from './modules/vendors';
import { createVerificationModule } from './modules/verification';
import { createVipModule } from './modules/vip';
import { createWalletModule } from './modules/wallet';
import { authGuard } from './platform/auth';
import { BrandResolver, type Brand } from './platform/brand';
import { LocalBus, type Bus } from './platform/bus';
import { Metrics, observe } from './platform/metrics';
import { sameSecret } from './platform/secrets';
import { envelope, sendFailure } from './platform/envelope';
import { inputGuard } from './platform/input-guard';
import { operatorAuth, type OperatorPrincipal } from './platform/operator-auth';
import { requestSerializer } from './platform/log-redaction';
import type { ModuleContext, ServerModule } from './platform/module';
import { payloadCrypto } from './platform/payload-crypto';
import { RateLimiter } from './platform/rate-limit';
import { closedTo, isApiPath, requestContext } from './platform/request-context';
import { FrontCache } from './platform/front-cache';
import { securityHeaders } from './platform/security-headers';

/** Where the back-office app is served (its Vite base). */
const BACKOFFICE_PREFIX = '/backoffice/';
function isBackofficePath(url: string): boolean {
  return url === '/backoffice' || url.startsWith(BACKOFFICE_PREFIX) || url.startsWith('/backoffice?');
}

interface AppDeps {
  config: Config;
  db: DbHandle;
  /** Where the log goes (tests read the access log); standard output when absent. */
  logStream?: NodeJS.WritableStream;
  /**
   * Who calls operator routes besides staff sessions and API keys: an in-process caller (the
   * operator CLI) answering for itself. Null from it falls through to sessions and keys.
   */
  operator?: (req: FastifyRequest) => OperatorPrincipal | null;
  /** Sees every route as it is registered (the permission matrix test lists operator routes). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The instances' notice board (PgBus when several instances share the database); this process
   * alone when absent. Its owner closes it, after the app.
   */
  bus?: Bus;
}

/**
 * The composition root: every module built once, in dependency order, each from the context and
 * the services of the modules above it in this list (never below: no module reaches up).
 */
function composeModules(ctx: ModuleContext) {
  const staff = createStaffModule(ctx);
  // Every provider the server can run, from the modules that implement them.
  const integrations = createIntegrationsModule({
    ...ctx,
    definitions: [XENDIT_DEFINITION, hub88Definition],
  });
  const vip = createVipModule(ctx);
  const { levels } = vip.services;
  const system = createSystemModule({
    ...ctx,
    vipService: (merchant, memberId) => levels.hasVipService(merchant, memberId),
    // The reports module is composed below; the home page's times are asked for per request.
    cashierTimes: async (brand) =>
      (await reports.services.cashierReports?.reports.homeTimes(brand)) ?? brand.stats,
  });
  const uploads = createUploadsModule(ctx);
  const messages = createMessagesModule({ ...ctx, ...uploads.services });
  const verification = createVerificationModule(ctx);
  const protection = createProtectionModule(ctx);
  const member = createMemberModule({
    ...ctx,
    ...system.services,
    ...verification.services,
    vipLabel: (memberId, lang) => levels.labelOf(memberId, lang),
    checkBirthDate: (brand, birth) => protection.services.protection.checkBirthDate(brand, birth),
  });
  const kyc = createKycModule({
    ...ctx,
    ...protection.services,
    // The cashier is composed below; an approval reaches it in its own transaction.
    releaseWithdrawals: (trx, merchant, memberId) =>
      cashier.services.withdrawals.releaseKycWait(trx, merchant, memberId),
  });
  const vendors = createVendorsModule(ctx);
  const wallet = createWalletModule({
    ...ctx,
    ...system.services,
    ...messages.services,
    ...vendors.services,
    ...member.services,
    ...protection.services,
    // The providers module is composed below; its adapters are looked up when money moves.
    transferOps: (adapter) => providers.services.providers.adapter(adapter)?.transfer,
  });
  const session = createSessionModule({
    ...ctx,
    ...system.services,
    ...verification.services,
    members: member.services,
    creditTrial: (merchant, memberId) => wallet.services.wallet.creditTrial(merchant, memberId),
  });
  const cashier = createCashierModule({
    ...ctx,
    ...integrations.services,
    ...uploads.services,
    ...messages.services,
    ...member.services,
    ...wallet.services,
    ...protection.services,
    kycWait: (trx, merchant, memberId) => kyc.services.kyc.withdrawalWait(trx, merchant, memberId),
    // The players module is composed below; this runs only when a request asks for it.
    countLinked: (merchant, memberId) => players.services.players.countLinked(merchant, memberId),
  });
  const games = createGamesModule({ ...ctx, ...vendors.services, configs: integrations.services.configs });
  const providers = createProvidersModule({
    ...ctx,
    ...vendors.services,
    ...wallet.services,
    ...member.services,
    ...games.services,
    ...integrations.services,
  });
  const lottery = createLotteryModule({
    ...ctx,
    ...games.services,
    ...providers.services,
    rng: new SecureRng(),
    recallToMain: async (merchant, memberId) =>
      wallet.services.wallet.recallToMain(await ctx.brands.resolve(merchant, undefined), memberId),
    popularGames: (merchant, lang, count, gameType) =>
      games.services.games.popular(merchant, lang, count, gameType),
  });
  const lobby = createLobbyModule({
    ...ctx,
    ...games.services,
    ...providers.services,
    ...wallet.services,
    lotteryPopular: (merchant, lang, q) => lottery.services.menus.popular(merchant, lang, q),
  });
  const records = createRecordsModule(ctx);
  const agent = createAgentModule({
    ...ctx,
    ...system.services,
    ...messages.services,
    ...member.services,
    ...session.services,
    ...wallet.services,
  });
  const promotions = createPromotionsModule({
    ...ctx,
    ...messages.services,
    ...uploads.services,
    ...member.services,
    levels,
    ...wallet.services,
    ...cashier.services,
    onBreak: (memberId, trx) => protection.services.protection.isExcluded(memberId, trx),
  });
  const points = createPointsModule({ ...ctx, ...messages.services, ...member.services, ...wallet.services });
  const players = createPlayersModule({
    ...ctx,
    sessions: session.services.sessions,
    profile: member.services.profile,
    levels,
  });
  const dashboard = createDashboardModule(ctx);
  const brands = createBrandsModule({
    ...ctx,
    createOwner: (input) => staff.services.admin.createFromCli({ ...input, grant: 'platform-owner' }),
  });
  const aml = createAmlModule({
    ...ctx,
    lockMember: (merchant, memberId) => players.services.players.setLocked(merchant, memberId, true),
  });
  const reports = createReportsModule(ctx);
  const chat = createChatModule({
    ...ctx,
    levels,
    directory: member.services.directory,
    ledger: wallet.services.ledger,
    kyc: kyc.services.kyc,
    admin: staff.services.admin,
  });
  const push = createPushModule({
    ...ctx,
    verifyToken: (token, merchant) => session.services.sessions.verifyToken(token, merchant),
    chatConversation: (merchant, token) => chat.services.chat.conversationOfToken(merchant, token),
    staffPrincipal: (token, slide) => staff.services.auth.staffPrincipal(token, slide),
    allowIp: (merchant, ip, principal) => staff.services.admin.allowIp(merchant, ip, principal),
  });
  // AML monitoring hears of money movements and sign-ups after they commit (its sweep job catches
  // up on any it missed), never inside their transactions.
  cashier.services.deposits.onCredited((d) => aml.services.monitor.afterDeposit(d.orderNo));
  cashier.services.withdrawals.onRequested((id) => aml.services.monitor.afterWithdrawal(id));
  member.services.registration.onRegistered((id) => aml.services.monitor.afterRegistration(id));
  kyc.services.kyc.onApproved((memberId, submissionId, fullName) =>
    aml.services.monitor.afterVerification(memberId, submissionId, fullName),
  );
  // The order routes and jobs are registered in: the order above.
  return {
    staff,
    integrations,
    vip,
    system,
    uploads,
    messages,
    verification,
    member,
    protection,
    kyc,
    vendors,
    wallet,
    session,
    cashier,
    games,
    providers,
    lottery,
    lobby,
    records,
    agent,
    promotions,
    points,
    players,
    dashboard,
    aml,
    brands,
    reports,
    chat,
    push,
  };
}

type Modules = ReturnType<typeof composeModules>;

/** Every module's services by module name: what the test harness and scripts drive directly. */
export type PlatformServices = { [K in keyof Modules]: Modules[K]['services'] };

export interface Platform {
  app: FastifyInstance;
  services: PlatformServices;
  brands: BrandResolver;
  /** The notice board the modules publish on (tests publish on it as a module would). */
  bus: Bus;
  /** The modules' jobs as this instance runs them (under leases shared with the other instances). */
  jobs: JobRunner;
  /** Set `draining` and /readyz answers 503 (graceful shutdown: the balancer stops sending first). */
  readiness: { draining: boolean };
  /** Answers given ahead of the framework (platform/front-cache.ts). */
  front: FrontCache;
}

/** The server: the app with its modules' routes and jobs. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildPlatform(deps)).app;
}

/** The app and the services it was composed of (tests and scripts reach the services directly). */
export async function buildPlatform({
  config,
  db,
  logStream,
  operator,
  onRoute,
  bus = new LocalBus(),
}: AppDeps): Promise<Platform> {
  // The hottest public reads are answered ahead of the framework when a full pass already built
  // the same answer (platform/front-cache.ts); the cache is made once the brands and metrics exist.
  const ahead: { front?: FrontCache } = {};
  const app = Fastify({
    serverFactory: (handler, opts) => {
      const server = createServer((req, res) => {
        if (!ahead.front?.serve(req, res)) handler(req, res);
      });
      // What Fastify sets on the server it makes itself.
      server.keepAliveTimeout = Number(opts.keepAliveTimeout);
      server.requestTimeout = Number(opts.requestTimeout);
      server.setTimeout(Number(opts.connectionTimeout));
      if (Number(opts.maxRequestsPerSocket) > 0)
        server.maxRequestsPerSocket = Number(opts.maxRequestsPerSocket);
      return server;
    },
    logger: {
      level: config.LOG_LEVEL,
      serializers: { req: requestSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.TRUST_PROXY,
    // Real clients send ids and flags in query strings; keep the parser strict about size.
    routerOptions: { maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. External plugins: browser security headers and compression for every answer, then the
  //    OpenAPI document (it must see every route registered after it; app.swagger() builds it),
  //    served at /docs only when asked, under Swagger UI's own content security policy.
  const production = config.NODE_ENV === 'production';
  const indexHtml = path.join(config.WEB_DIST, 'index.html');
  await app.register(securityHeaders, { production, indexHtml });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger, {
    openapi: { info: { title: 'Platform API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  if (config.DOCS) {
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // Nobody frames the documentation; Swagger UI applies inline styles (the documentation holds
      // no member data); and a local http server must not be upgraded to https.
      transformStaticCSP: (csp) => {
        const docs = csp
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'");
        return production ? docs : docs.replace(/\s*upgrade-insecure-requests;?/, '');
      },
    });
  }

  // 2. Platform plugins: the error envelope first so every later failure is shaped by it; the
  //    request context (brand, language, maintenance and region gates) every API route needs;
  //    then, needing the brand, payload decryption and the session guard.
  const brands = new BrandResolver(
    db.db,
    config.BRAND_CACHE_SECONDS * 1000,
    config.DEFAULT_MERCHANT,
    (context, message) => app.log.warn(context, message),
    bus,
  );
  const limits = new RateLimiter(db.db);
  const metrics = new Metrics();
  const front = new FrontCache({
    trustProxy: config.TRUST_PROXY,
    brandOf: (merchant, host) => brands.cached(merchant, host),
    closedTo: (brand, ip) => closedTo(brand, ip),
    counted: (route, seconds) => {
      metrics.httpRequests.inc({ method: 'GET', route, status: '200' });
      metrics.httpDuration.observe({ method: 'GET', route }, seconds);
    },
    log: app.log,
  });
  ahead.front = front;
  app.addHook('preClose', (done) => {
    front.stop();
    done();
  });
  const notices = new PushNotices(bus);
  const modules = composeModules({
    db: db.db,
    config,
    log: app.log,
    brands,
    limits,
    bus,
    notices,
    metrics,
    front,
  });
  const instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const readiness = { draining: false };
  const jobs = new JobRunner(db.db, instance, { leaseMs: config.JOB_LEASE_MS, log: app.log });
  const session = modules.session.services;
  await app.register(envelope);
  // Before anything reads the request's texts into SQL (the brand lookup is the first).
  await app.register(inputGuard);
  await app.register(requestContext, {
    resolver: brands,
    verify: (token, merchant) => session.sessions.verifyToken(token, merchant),
  });
  // The guard first: a dead token is refused before any RSA work on an encrypted body.
  await app.register(authGuard, {
    verify: (token, merchant) => session.sessions.verifyToken(token, merchant),
  });
  await app.register(payloadCrypto, {
    getKey: () => session.payloadKeys.key(),
    legacyKeys: () => session.payloadKeys.legacyKeys(),
    firstUse: (seal) => session.payloadKeys.firstUse(seal),
  });
  await app.register(cookie);
  // The push channel's WebSocket; frames are a few hundred bytes, a bigger one is not ours.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  const staff = modules.staff.services;
  await app.register(operatorAuth, {
    db: db.db,
    authenticate: async (req) => operator?.(req) ?? staff.auth.authenticate(req),
    allowIp: (brand, ip, principal) => staff.admin.allowIp(brand.code, ip, principal),
  });

  // Members on a break or past their session limit are refused early on the routes of play,
  // deposits and promotions (modules/protection/protection.guard.ts).
  await app.register(protectionGuard, { protection: modules.protection.services.protection });

  // 3. Every module's routes and jobs, in the order above.
  const all: ServerModule<object>[] = Object.values(modules);
  for (const m of all) if (m.routes) await app.register(m.routes);
  for (const m of all) for (const job of m.jobs ?? []) jobs.start(job);
  // Old rate-limit windows are useless: dropped hourly so the table stays small.
  jobs.start({ name: 'rate-limit prune', everyMs: 3_600_000, run: () => limits.prune() });
  // Before the database closes: passes in flight finish, leases go back for another instance.
  app.addHook('onClose', () => jobs.close());

  // Liveness: the process answers. Readiness: it can serve (database reachable, not draining);
  // a load balancer sends traffic only to ready instances.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const checks = {
      draining: readiness.draining,
      database: await sql`SELECT 1`.execute(db.db).then(
        () => true,
        () => false,
      ),
      bus: bus.connected,
    };
    const ready = !checks.draining && checks.database;
    return reply.code(ready ? 200 : 503).send({ ready, ...checks });
  });
  observe(app, metrics, { jobs, bus, push: modules.push.services });
  if (config.METRICS_TOKEN) {
    metrics.collectProcessMetrics();
    const expected = `Bearer ${config.METRICS_TOKEN}`;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = request.headers.authorization ?? '';
      if (!sameSecret(given, expected)) return reply.code(401).send('unauthorized\n');
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }

  // 4. Files: brand media (banners, logos, QR codes) and the built site with its SPA fallback.
  await app.register(fastifyStatic, {
    root: config.MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
    // Brand media is public and may reach the site through a brand's image CDN on another host.
    setHeaders: (res) => res.setHeader('cross-origin-resource-policy', 'cross-origin'),
  });
  // The back office is one static app for every brand (the brand is picked inside it), so its
  // page is a plain file, read once; only the hashed assets may be cached for good.
  const backofficeIndex = path.join(config.BACKOFFICE_DIST, 'index.html');
  const backofficePage = existsSync(backofficeIndex) ? readFileSync(backofficeIndex, 'utf8') : null;
  if (backofficePage !== null) {
    await app.register(fastifyStatic, {
      root: config.BACKOFFICE_DIST,
      prefix: BACKOFFICE_PREFIX,
      decorateReply: false,
      index: false,
      // The build writes .br and .gz copies (tools/vite-precompress.ts): sent as they are.
      preCompressed: true,
      // setHeaders decides caching; the plugin's own max-age=0 would overwrite it.
      cacheControl: false,
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A cache in between must keep the Brotli, gzip and plain copies apart.
        res.setHeader('vary', 'accept-encoding');
        res.setHeader('x-robots-tag', 'noindex, nofollow');
      },
    });
  }
  const sitePages = existsSync(indexHtml) ? new SitePages(indexHtml) : null;
  const announcements = modules.messages.services.announcements;
  /**
   * A page request's hints (site-page.ts): an image CDN picked at random, and the first banner of
   * the page's group in the language the site will open in (the visitor's choice, which the site
   * keeps in the lang cookie, else the brand's default: as status-gate.tsx decides).
   */
  async function pageHints(brand: Brand, request: FastifyRequest): Promise<PageHints | undefined> {
    const pathname = request.url.split('?')[0]!;
    // The service worker keeps /index.html and serves it for every page: it gets the page as is.
    if (pathname === '/index.html') return undefined;
    const cdns = brand.imageCdns.length > 0 ? brand.imageCdns : ['/media'];
    const group = bannerGroupFor(
      pathname === '/m' || pathname === '/m/' || pathname === '/m/home' ? '/' : pathname,
    );
    const chosen = parseLanguage(request.cookies.lang);
    const lang = chosen && brand.languages.includes(chosen) ? chosen : brand.defaultLanguage;
    const banner = group ? await announcements.firstBanner(brand, lang, group).catch(() => null) : null;
    return {
      imageCdn: cdns[Math.floor(Math.random() * cdns.length)]!,
      banner: banner && { url: banner.url, title: banner.title },
      firstPaint: group === HOME_BANNER_GROUP,
    };
  }
  if (sitePages) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      prefix: '/',
      wildcard: true,
      // The build writes .br and .gz copies (tools/vite-precompress.ts): sent as they are.
      preCompressed: true,
      // The page itself is never sent as a file: it carries the host's brand theme (below).
      index: false,
      // setHeaders decides caching; the plugin's own max-age=0 would overwrite it.
      cacheControl: false,
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
      setHeaders(res, filePath) {
        // Hashed build output never changes; everything else must be revalidated (index, sw, manifest).
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A cache in between must keep the Brotli, gzip and plain copies apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    // Deep links of the back office open its page; a missing asset there stays a 404 and never
    // becomes the player site's page.
    if (isBackofficePath(request.url)) {
      const asset = request.url.startsWith(`${BACKOFFICE_PREFIX}assets/`);
      if (request.method === 'GET' && backofficePage !== null && !asset)
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-robots-tag', 'noindex, nofollow')
          .send(backofficePage);
      return sendFailure(request, reply, 'system.not.found', 404);
    }
    const wantsPage =
      request.method === 'GET' && !isApiPath(request.url) && !request.url.startsWith('/media/');
    if (sitePages && wantsPage) {
      const brand = await brands.resolve(undefined, request.host).catch(() => null);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(sitePages.page(brand, brand ? await pageHints(brand, request) : undefined));
    }
    return sendFailure(request, reply, 'system.not.found', 404);
  });

  const services = Object.fromEntries(
    Object.entries(modules).map(([name, m]) => [name, m.services]),
  ) as PlatformServices;
  return { app, services, brands, bus, jobs, readiness, front };
}
