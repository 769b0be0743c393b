import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { AnnouncementRepository } from './modules/messages/announcement.repository';
import { announcementRoutes } from './modules/messages/announcement.routes';
import { AnnouncementService } from './modules/messages/announcement.service';
import { VendorRepository } from './modules/games/vendor.repository';
import { vendorRoutes } from './modules/games/vendor.routes';
import { VendorService } from './modules/games/vendor.service';
import { PayloadKeyRepository } from './modules/session/payload-key.repository';
import { PayloadKeyService } from './modules/session/payload-key.service';
import { sessionRoutes } from './modules/session/session.routes';
import { SystemRepository } from './modules/system/system.repository';
import { manifestRoute, systemRoutes } from './modules/system/system.routes';
import { SitePages } from './modules/system/site-page';
import { SystemService } from './modules/system/system.service';
import { LegacySwitchRepository } from './modules/system/legacy-switch.repository';
import { legacySwitchRoutes } from './modules/system/legacy-switch.routes';
import { LegacySwitchService } from './modules/system/legacy-switch.service';
import { MemberRepository } from './modules/member/member.repository';
import { memberRoutes } from './modules/member/member.routes';
import { MemberService } from './modules/member/member.service';
import { usernameCheckRoutes } from './modules/member/username-check.routes';
import { UsernameCheckService } from './modules/member/username-check.service';
import { CaptchaService } from './modules/session/captcha.service';
import { SessionRepository } from './modules/session/session.repository';
import { SessionService } from './modules/session/session.service';
import { VerificationRepository } from './modules/session/verification.repository';
import { VerificationService } from './modules/session/verification.service';
import { InboxRepository } from './modules/messages/inbox.repository';
import { InboxService } from './modules/messages/inbox.service';
import { CashierImageRepository } from './modules/cashier/cashier-image.repository';
import { CashierImageService } from './modules/cashier/cashier-image.service';
import { DEMO_GATEWAY } from './modules/cashier/demo-gateway';
import { DepositRepository } from './modules/cashier/deposit.repository';
import { depositRoutes } from './modules/cashier/deposit.routes';
import { DepositService } from './modules/cashier/deposit.service';
import { PayoutAccountRepository } from './modules/cashier/payout-account.repository';
import { PayoutAccountService } from './modules/cashier/payout-account.service';
import { WithdrawalRepository } from './modules/cashier/withdrawal.repository';
import { withdrawalRoutes } from './modules/cashier/withdrawal.routes';
import { WithdrawalService } from './modules/cashier/withdrawal.service';
import { AgentRepository } from './modules/agent/agent.repository';
import { agentRoutes } from './modules/agent/agent.routes';
import { AgentService } from './modules/agent/agent.service';
import { ContractRepository } from './modules/agent/contract.repository';
import { contractRoutes } from './modules/agent/contract.routes';
import { ContractService } from './modules/agent/contract.service';
import { startContractSettlement } from './modules/agent/settlement.job';
import { SettlementService } from './modules/agent/settlement.service';
import { startIntervalJob } from './jobs/interval-job';
import { startWithdrawalAutoConfirm } from './jobs/withdrawal-auto-confirm';
import { LedgerService } from './modules/wallet/ledger.service';
import { MemberTransferService } from './modules/wallet/member-transfer.service';
import { TurnoverService } from './modules/wallet/turnover.service';
import { BetRepository } from './modules/wallet/bet.repository';
import { BetService } from './modules/wallet/bet.service';
import { BetStatsRepository } from './modules/wallet/bet-stats.repository';
import { BetStatsService } from './modules/wallet/bet-stats.service';
import { BonusService } from './modules/wallet/bonus.service';
import { registerEngagement } from './engagement';
import { WalletRepository } from './modules/wallet/wallet.repository';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { WalletService } from './modules/wallet/wallet.service';
import { inboxRoutes } from './modules/messages/inbox.routes';
import { RecordsRepository } from './modules/records/records.repository';
import { recordsRoutes } from './modules/records/records.routes';
import { RecordsService } from './modules/records/records.service';
import { CatalogueService } from './modules/games/catalogue.service';
import { GameRepository } from './modules/games/game.repository';
import { gameRoutes } from './modules/games/game.routes';
import { GameService } from './modules/games/game.service';
import { GameLaunchService } from './modules/games/launch.service';
import { EngineAdapter, type EngineClients } from './modules/providers/engine-adapter';
import { GameTicketRepository } from './modules/providers/game-ticket.repository';
import { gameTicketRoutes } from './modules/providers/game-ticket.routes';
import { GameTicketService } from './modules/providers/game-ticket.service';
import { HouseRoundRepository } from './modules/providers/house/house-round.repository';
import { CockfightRepository } from './modules/providers/house/cockfight/cockfight.repository';
import { houseCockfightRoutes } from './modules/providers/house/cockfight/cockfight.routes';
import { cockfightTimings } from './modules/providers/house/cockfight/cockfight-schedule';
import { HouseCockfightService } from './modules/providers/house/cockfight/cockfight.service';
import { startCockfightSweeper } from './modules/providers/house/cockfight/cockfight-sweeper';
import { HOUSE_ROUND_SWEEP_MS, HouseRoundSweeper } from './modules/providers/house/house-round-sweeper';
import { houseSlotRoutes } from './modules/providers/house/slot.routes';
import { startCardsDealer } from './modules/providers/house/cards/cards-dealer.job';
import { houseCardsRoutes } from './modules/providers/house/cards/cards.routes';
import { cardsTiming, HouseCardsService } from './modules/providers/house/cards/cards.service';
import { CardsRepository } from './modules/providers/house/cards/cards.repository';
import { HouseSlotService } from './modules/providers/house/slot.service';
import { startLotteryDrawJob } from './modules/lottery/lottery-draw.job';
import { LotteryRepository } from './modules/lottery/lottery.repository';
import { lotteryRoutes } from './modules/lottery/lottery.routes';
import { LotteryService } from './modules/lottery/lottery.service';
import { houseFishRoutes } from './modules/providers/house/fish/fish.routes';
import { HouseFishService } from './modules/providers/house/fish/fish.service';
import { SportsbookClock } from './modules/providers/house/sportsbook/sportsbook-clock';
import { startSportsbookSweeper } from './modules/providers/house/sportsbook/sportsbook-sweep.job';
import { SportsbookRepository } from './modules/providers/house/sportsbook/sportsbook.repository';
import { houseSportsbookRoutes } from './modules/providers/house/sportsbook/sportsbook.routes';
import { HouseSportsbookService } from './modules/providers/house/sportsbook/sportsbook.service';
import { ProviderService } from './modules/providers/provider.service';
import { BaccaratDealerService } from './modules/providers/house/baccarat/baccarat-dealer.service';
import { startBaccaratDealer } from './modules/providers/house/baccarat/baccarat-dealer.job';
import { houseBaccaratRoutes } from './modules/providers/house/baccarat/baccarat.routes';
import { BaccaratRepository } from './modules/providers/house/baccarat/baccarat.repository';
import { HouseBaccaratService } from './modules/providers/house/baccarat/baccarat.service';
import { SeamlessWalletService } from './modules/providers/seamless-wallet.service';
import { SecureRng } from './modules/providers/house/secure-rng';
import { VendorCallbackRepository } from './modules/providers/vendor-callback.repository';
import { vendorCallbackRoutes } from './modules/providers/vendor-callback.routes';
import { VendorCallbackService } from './modules/providers/vendor-callback.service';
import { adminAuth } from './platform/admin-auth';
import { authGuard } from './platform/auth';
import { BrandResolver } from './platform/brand';
import { payloadCrypto } from './platform/payload-crypto';
import { RateLimiter } from './platform/rate-limit';
import { requestSerializer } from './platform/log-redaction';
import { securityHeaders } from './platform/security-headers';
import { envelope, sendFailure } from './platform/envelope';
import { inputGuard } from './platform/input-guard';
import { isApiPath, requestContext } from './platform/request-context';

export interface AppDeps {
  config: Config;
  db: DbHandle;
  /** Where the log goes (tests read the access log); standard output when absent. */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Brand lookups; invalidate() after changing a brand so it shows at once. */
    brands: BrandResolver;
    /** The house sportsbook (tests move its clock and run its sweep). */
    houseSportsbook: HouseSportsbookService;
    /** The lottery (tests run its draw job). */
    lottery: LotteryService;
    /** Agent contracts (tests grant platform contracts). */
    contracts: ContractService;
    /** Contract settlement (tests run it for named periods). */
    contractSettlement: SettlementService;
  }
}

/** Withdrawals and the payout accounts they pay to. */
function withdrawalServices(
  db: DbHandle,
  d: {
    ledger: LedgerService;
    turnover: TurnoverService;
    inbox: InboxService;
    images: CashierImageService;
    members: MemberService;
    wallet: WalletService;
  },
) {
  const payoutAccounts = new PayoutAccountService(new PayoutAccountRepository(db.db), d.ledger, d.members);
  const withdrawals = new WithdrawalService(
    new WithdrawalRepository(db.db),
    payoutAccounts,
    d.ledger,
    d.turnover,
    d.inbox,
    d.images,
    d.members,
    (brand, memberId) => d.wallet.recallToMain(brand, memberId),
  );
  return { payoutAccounts, withdrawals };
}

/**
 * Games: the catalogue and lists, launch through the vendor adapters, the seamless
 * wallet (vendor callbacks and the house games), and the house slot.
 */
function gameServices(
  db: DbHandle,
  d: { bets: BetService; wallet: WalletService; members: MemberService; config: Config },
) {
  const catalogue = new CatalogueService(new GameRepository(db.db));
  const games = new GameService(new GameRepository(db.db), catalogue);
  const tickets = new GameTicketService(new GameTicketRepository(db.db));
  // The game client page of each house engine (apps/web routes under /play).
  const clients: EngineClients = {
    SLOT: 'play/slot',
    CARDS: 'play/cards',
    FISH: 'play/fish',
    COCKFIGHT: 'play/cockfight',
    BACCARAT: 'play/baccarat',
    SPORTSBOOK: 'play/sports',
  };
  const providers = new ProviderService({
    // House games open on the header-only /seamless page; the simulated studio's in the /game frame.
    HOUSE: new EngineAdapter('HOUSE', 'SEAMLESS', tickets, clients),
    SIMULATED: new EngineAdapter('SIMULATED', 'FRAME', tickets, clients),
  });
  const callbackRepo = new VendorCallbackRepository(db.db);
  const seamless = new SeamlessWalletService(d.bets, callbackRepo);
  return {
    catalogue,
    games,
    tickets,
    seamless,
    launcher: new GameLaunchService(catalogue, games, providers, d.wallet),
    callbacks: new VendorCallbackService(seamless, callbackRepo, d.members, {
      game: (merchant, vendor, code) => catalogue.byCode(merchant, vendor, code),
    }),
    houseSlot: new HouseSlotService(tickets, seamless, new HouseRoundRepository(db.db)),
    houseRounds: new HouseRoundSweeper(new HouseRoundRepository(db.db), seamless),
    houseFish: new HouseFishService(
      tickets,
      seamless,
      new HouseRoundRepository(db.db),
      new RateLimiter(db.db),
    ),
    houseCockfight: new HouseCockfightService(
      tickets,
      seamless,
      new CockfightRepository(db.db),
      cockfightTimings(d.config.COCKFIGHT_BET_SECONDS),
    ),
  };
}

/** The house live baccarat: its tables' dealer and the game calls. */
function baccaratServices(
  db: DbHandle,
  tickets: GameTicketService,
  seamless: SeamlessWalletService,
  config: Config,
) {
  const repo = new BaccaratRepository(db.db);
  const dealer = new BaccaratDealerService(repo, seamless, {
    betSeconds: config.BACCARAT_BET_SECONDS,
    // Long enough to draw, reveal and settle the cards; shorter with a short betting window.
    resultSeconds: Math.min(10, Math.max(6, config.BACCARAT_BET_SECONDS)),
    tables: 3,
  });
  return { repo, dealer, game: new HouseBaccaratService(tickets, seamless, repo, dealer) };
}

/** Builds the composition root: one instance of each service, wired by hand. */
function buildServices(db: DbHandle, log: FastifyBaseLogger, config: Config) {
  const limits = new RateLimiter(db.db);
  const system = new SystemService(new SystemRepository(db.db));
  const sessionRepo = new SessionRepository(db.db);
  const codes = new VerificationService(new VerificationRepository(db.db), limits, log, config.DEV_ROUTES);
  const captcha = new CaptchaService(sessionRepo, limits, codes);
  // Members start sessions and sessions look members up: the session service is bound late.
  // So is the wallet (built with the money services below): it gives trial accounts play money.
  const late: { sessions?: SessionService; wallet?: WalletService } = {};
  const members = new MemberService(
    new MemberRepository(db.db),
    system,
    codes,
    captcha,
    (...args) => late.sessions!.start(...args),
    (memberId, except) => late.sessions!.revokeAll(memberId, except),
    limits,
  );
  const sessions = new SessionService(sessionRepo, members, system, captcha, codes, limits, (merchant, id) =>
    late.wallet!.creditTrial(merchant, id),
  );
  late.sessions = sessions;
  // Money: one ledger for every module that moves it; messages to members commit with the change.
  const ledger = new LedgerService(db.db);
  const inbox = new InboxService(new InboxRepository(db.db));
  const turnover = new TurnoverService();
  const images = new CashierImageService(new CashierImageRepository(db.db), limits);
  const vendors = new VendorService(new VendorRepository(db.db));
  const wallet = new WalletService(new WalletRepository(db.db), ledger, inbox, turnover, vendors, system);
  late.wallet = wallet;
  const transfers = new MemberTransferService(new WalletRepository(db.db), ledger, turnover, members);
  const bets = new BetService(
    new BetRepository(db.db, { batchesInFlight: config.LEDGER_BATCHES_IN_FLIGHT }),
    ledger,
  );
  return {
    ...gameServices(db, { bets, wallet, members, config }),
    ledger,
    inbox,
    turnover,
    bonus: new BonusService(ledger, turnover, inbox),
    betStats: new BetStatsService(new BetStatsRepository(db.db)),
    images,
    deposits: new DepositService(
      new DepositRepository(db.db),
      ledger,
      inbox,
      images,
      config.DEMO_GATEWAY ? [DEMO_GATEWAY] : [],
    ),
    ...withdrawalServices(db, { ledger, turnover, inbox, images, members, wallet }),
    limits,
    system,
    codes,
    captcha,
    members,
    sessions,
    announcements: new AnnouncementService(new AnnouncementRepository(db.db)),
    vendors,
    wallet,
    transfers,
    bets,
    records: new RecordsService(new RecordsRepository(db.db)),
    payloadKeys: new PayloadKeyService(new PayloadKeyRepository(db.db)),
  };
}

export async function buildApp({ config, db, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
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
  const services = buildServices(db, app.log, config);
  const brands = new BrandResolver(
    db.db,
    config.BRAND_CACHE_SECONDS * 1000,
    config.DEFAULT_MERCHANT,
    (context, message) => app.log.warn(context, message),
  );
  app.decorate('brands', brands);
  await app.register(envelope);
  // Before anything reads the request's texts into SQL (the brand lookup is the first).
  await app.register(inputGuard);
  await app.register(requestContext, { resolver: brands });
  // The guard first: a dead token is refused before any RSA work on an encrypted body.
  await app.register(authGuard, {
    verify: (token, merchant) => services.sessions.verifyToken(token, merchant),
  });
  await app.register(payloadCrypto, {
    getKey: () => services.payloadKeys.key(),
    legacyKeys: () => services.payloadKeys.legacyKeys(),
    firstUse: (seal) => services.payloadKeys.firstUse(seal),
  });
  await app.register(adminAuth, { apiKey: config.ADMIN_API_KEY });

  // 3. Domain routes.
  await app.register(systemRoutes, { system: services.system });
  await app.register(legacySwitchRoutes, {
    legacy: new LegacySwitchService(new LegacySwitchRepository(db.db)),
  });
  await app.register(announcementRoutes, { announcements: services.announcements });
  await app.register(vendorRoutes, { vendors: services.vendors, catalogue: services.catalogue });
  await app.register(sessionRoutes, {
    payloadKeys: services.payloadKeys,
    sessions: services.sessions,
    captcha: services.captcha,
    codes: services.codes,
    devOutbox: config.DEV_ROUTES,
  });
  await app.register(memberRoutes, { members: services.members });
  await app.register(usernameCheckRoutes, {
    checks: new UsernameCheckService(new MemberRepository(db.db), services.system, services.limits),
  });
  await app.register(walletRoutes, { wallet: services.wallet, transfers: services.transfers });
  await app.register(inboxRoutes, { inbox: services.inbox });
  await app.register(recordsRoutes, { records: services.records });
  await app.register(depositRoutes, {
    deposits: services.deposits,
    images: services.images,
    demoGateway: config.DEMO_GATEWAY,
  });
  await app.register(withdrawalRoutes, {
    withdrawals: services.withdrawals,
    payoutAccounts: services.payoutAccounts,
  });
  // Agent centre: the agent-page login, team, reports and transfers within the own tree.
  const agents = new AgentService(
    new AgentRepository(db.db),
    services.members,
    services.wallet,
    services.transfers,
  );
  await app.register(agentRoutes, { agents, sessions: services.sessions });
  // Contracts, wages and dividends: offers and answers, their settlement every minute,
  // and the consolidated flags that show requests awaiting the member's answer.
  const contractRepo = new ContractRepository(db.db);
  const contracts = new ContractService(contractRepo, services.system, undefined, services.inbox);
  const settlement = new SettlementService(contractRepo, services.ledger);
  services.wallet.bindAwaitingContracts((merchant, memberId) => contracts.awaiting(merchant, memberId));
  app.decorate('contracts', contracts);
  app.decorate('contractSettlement', settlement);
  await app.register(contractRoutes, { contracts, settlement });
  startContractSettlement(app, settlement);
  // Lottery: menus, draws, slips, the operator's cancel, and the job that draws and settles.
  const lotteryRepo = new LotteryRepository(db.db);
  const lottery = new LotteryService(
    lotteryRepo,
    services.catalogue,
    services.seamless,
    {
      fastSeconds: config.LOTTERY_FAST_SECONDS,
      timeZoneOf: async (merchant) => (await brands.resolve(merchant, undefined)).timezone,
      rtpOf: async (merchant) => (await brands.resolve(merchant, undefined)).lotteryRtpBp,
      recallToMain: async (merchant, memberId) =>
        services.wallet.recallToMain(await brands.resolve(merchant, undefined), memberId),
      popularGames: (merchant, lang, count, gameType) =>
        services.games.popular(merchant, lang, count, gameType),
    },
    new SecureRng(),
  );
  app.decorate('lottery', lottery);
  await app.register(gameRoutes, {
    catalogue: services.catalogue,
    games: services.games,
    launcher: services.launcher,
    lotteryPopular: (merchant, lang, q) => lottery.popular(merchant, lang, q),
  });
  await app.register(lotteryRoutes, { lottery });
  startLotteryDrawJob(app, lottery, () => lotteryRepo.merchantCodes());
  await app.register(vendorCallbackRoutes, { callbacks: services.callbacks });
  await app.register(gameTicketRoutes, { tickets: services.tickets });
  await app.register(houseSlotRoutes, { slot: services.houseSlot });
  // The house card rooms: their calls, and the dealer that keeps hands moving.
  const cards = new HouseCardsService(
    services.tickets,
    services.seamless,
    new CardsRepository(db.db),
    cardsTiming(config.CARDS_DECISION_SECONDS),
  );
  await app.register(houseCardsRoutes, { cards });
  startCardsDealer(app, cards);
  await app.register(houseFishRoutes, { fish: services.houseFish });
  await app.register(houseCockfightRoutes, { cockfight: services.houseCockfight });
  // Cockfights are decided and settled on the clock, whether or not a player is watching.
  startCockfightSweeper(app, services.houseCockfight);
  const baccarat = baccaratServices(db, services.tickets, services.seamless, config);
  await app.register(houseBaccaratRoutes, { baccarat: baccarat.game });
  // Every brand's baccarat tables keep dealing (once per round, whichever instance gets there).
  startBaccaratDealer(app, baccarat.dealer, baccarat.repo);
  // House sportsbook: fixtures, bets and the sweeper that settles ended matches.
  const sportsbook = new HouseSportsbookService(
    services.tickets,
    services.seamless,
    new SportsbookRepository(db.db),
    new SportsbookClock(config.SPORTSBOOK_MINUTE_MS),
  );
  app.decorate('houseSportsbook', sportsbook);
  await app.register(houseSportsbookRoutes, { sportsbook });
  startSportsbookSweeper(app, sportsbook);
  // Engagement: VIP and rebates, points and the mall, promotions, missions and rewards,
  // the inbox's additions, feedback and referral.
  await registerEngagement(app, {
    db: db.db,
    config,
    brands,
    ledger: services.ledger,
    inbox: services.inbox,
    turnover: services.turnover,
    bonus: services.bonus,
    betStats: services.betStats,
    members: services.members,
    system: services.system,
    wallet: services.wallet,
    deposits: services.deposits,
    images: services.images,
    rewardSources: [],
  });
  // Payouts the member has not answered by their deadline count as received (every minute).
  startWithdrawalAutoConfirm(app, services.withdrawals);
  await app.register(manifestRoute);

  // Old rate-limit windows and long-expired game tickets are useless: dropped hourly so the tables stay small.
  startIntervalJob(app, {
    name: 'hourly prune',
    everyMs: 3_600_000,
    run: () =>
      Promise.all([services.limits.prune(), services.tickets.prune(), services.payloadKeys.pruneSeals()]),
  });
  // Slot and fishing rounds whose outcome is stored but whose bet a crash left open are paid.
  startIntervalJob(app, {
    name: 'house round sweep',
    everyMs: HOUSE_ROUND_SWEEP_MS,
    run: () => services.houseRounds.sweep(),
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  // 4. Files: brand media (banners, logos, QR codes) and the built site with its SPA fallback.
  await app.register(fastifyStatic, {
    root: config.MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
    // Brand media is public and may reach the site through a brand's image CDN on another host.
    setHeaders: (res) => res.setHeader('cross-origin-resource-policy', 'cross-origin'),
  });
  const sitePages = existsSync(indexHtml) ? new SitePages(indexHtml) : null;
  if (sitePages) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      prefix: '/',
      wildcard: true,
      // The page itself is never sent as a file: it carries the host's brand theme (below).
      index: false,
      allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
      setHeaders(res, filePath) {
        // Hashed build output never changes; everything else must be revalidated (index, sw, manifest).
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !isApiPath(request.url) && !request.url.startsWith('/media/');
    if (sitePages && wantsPage) {
      const brand = await app.brands.resolve(undefined, request.host).catch(() => null);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(sitePages.page(brand));
    }
    return sendFailure(request, reply, 'system.not.found', 404);
  });

  return app;
}
