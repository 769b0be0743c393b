import { CARDS_ROOM_IDS } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import { brandTopic } from '../../platform/push-topics';
import type { CatalogueService } from '../games';
import type { ProviderConfigSource } from '../integrations';
import type { MemberDirectory } from '../member';
import type { VendorService } from '../vendors';
import type { BetService, LedgerService } from '../wallet';
import { EngineAdapter, type EngineClients } from './engine-adapter';
import { GameTicketRepository } from './game-ticket.repository';
import { gameTicketRoutes } from './game-ticket.routes';
import { GameTicketService } from './game-ticket.service';
import { baccaratDealerJob } from './house/baccarat/baccarat-dealer.job';
import { BaccaratDealerService } from './house/baccarat/baccarat-dealer.service';
import { houseBaccaratRoutes } from './house/baccarat/baccarat.routes';
import { BaccaratRepository } from './house/baccarat/baccarat.repository';
import { HouseBaccaratService } from './house/baccarat/baccarat.service';
import { cardsDealerJob } from './house/cards/cards-dealer.job';
import { CardsRepository } from './house/cards/cards.repository';
import { houseAdminRoutes } from './house/house-admin.routes';
import { HouseRoomsService } from './house/house-rooms.service';
import { houseCardsRoutes } from './house/cards/cards.routes';
import { cardsTiming, HouseCardsService } from './house/cards/cards.service';
import { cockfightTimings } from './house/cockfight/cockfight-schedule';
import { cockfightSweepJob } from './house/cockfight/cockfight-sweeper';
import { CockfightRepository } from './house/cockfight/cockfight.repository';
import { houseCockfightRoutes } from './house/cockfight/cockfight.routes';
import { HouseCockfightService } from './house/cockfight/cockfight.service';
import { houseFishRoutes } from './house/fish/fish.routes';
import { HouseFishService } from './house/fish/fish.service';
import { HouseRoundRepository } from './house/house-round.repository';
import { HOUSE_ROUND_SWEEP_MS, HouseRoundSweeper } from './house/house-round-sweeper';
import { JackpotRepository } from './house/jackpot/jackpot.repository';
import { jackpotRoutes } from './house/jackpot/jackpot.routes';
import { JackpotService } from './house/jackpot/jackpot.service';
import { houseSlotRoutes } from './house/slot.routes';
import { HouseSlotService } from './house/slot.service';
import { SportsbookClock } from './house/sportsbook/sportsbook-clock';
import { sportsbookSweepJob } from './house/sportsbook/sportsbook-sweep.job';
import { SportsbookRepository } from './house/sportsbook/sportsbook.repository';
import { houseSportsbookRoutes } from './house/sportsbook/sportsbook.routes';
import { HouseSportsbookService } from './house/sportsbook/sportsbook.service';
import { ProviderService } from './provider.service';
import { roundDetailsRoutes } from './round-details.routes';
import { RoundDetailsService } from './round-details.service';
import { LedgerTransferOps } from './simulated-transfer.ops';
import { SeamlessWalletService } from './seamless-wallet.service';
import { VendorCallbackRepository } from './vendor-callback.repository';
import { vendorCallbackRoutes } from './vendor-callback.routes';
import { VendorCallbackService } from './vendor-callback.service';
import { VendorRoundSyncRepository } from './vendor-round-sync.repository';
import { VendorRoundSyncService } from './vendor-round-sync.service';
import { Hub88Adapter } from './hub88/hub88.adapter';
import { Hub88CatalogueRepository } from './hub88/hub88-catalogue.repository';
import { hub88CatalogueRoutes } from './hub88/hub88-catalogue.routes';
import { Hub88CatalogueService } from './hub88/hub88-catalogue.service';
import { Hub88Repository } from './hub88/hub88.repository';
import { hub88WalletRoutes } from './hub88/hub88-wallet.routes';
import { Hub88WalletService } from './hub88/hub88-wallet.service';

interface ProvidersDeps extends ModuleContext {
  bets: BetService;
  /** The jackpot's pool, contributions, wins and reseeds are ledger entries of their own. */
  ledger: LedgerService;
  directory: MemberDirectory;
  catalogue: CatalogueService;
  vendors: VendorService;
  /** Brands' provider configurations (the integrations module): Hub88's keys and settings. */
  configs: ProviderConfigSource;
}

interface ProvidersServices {
  /** Launch through the vendor adapters (the lobby's launch calls it). */
  providers: ProviderService;
  /** One-time launch tickets and the game sessions they open. */
  tickets: GameTicketService;
  /** Rounds' stakes and payouts, for vendor callbacks, the house games and the lottery. */
  seamless: SeamlessWalletService;
  baccarat: HouseBaccaratService;
  cockfight: HouseCockfightService;
  sportsbook: HouseSportsbookService;
  /** Round history of vendors that report settled rounds afterwards, recorded as bets. */
  roundSync: VendorRoundSyncService;
  /**
   * The house games' progressive jackpot: the pool per brand, its winners, and `onChanged` to hear
   * of it moving.
   */
  jackpot: JackpotService;
}

/** The game client page of each house engine (apps/web routes under /play). */
const CLIENTS: EngineClients = {
  SLOT: 'play/slot',
  CARDS: 'play/cards',
  FISH: 'play/fish',
  COCKFIGHT: 'play/cockfight',
  BACCARAT: 'play/baccarat',
  SPORTSBOOK: 'play/sports',
};

/**
 * Game providers: the vendor adapters and launch tickets, the seamless wallet (vendor callbacks
 * and the house games), and the house engines with the jobs that keep them dealing and settling.
 */
export function createProvidersModule(deps: ProvidersDeps): ServerModule<ProvidersServices> {
  const { db, config } = deps;
  const tickets = new GameTicketService(new GameTicketRepository(db));
  const hub88Repo = new Hub88Repository(db);
  const hub88 = new Hub88Adapter(deps.configs, hub88Repo, deps.log);
  const hub88Catalogue = new Hub88CatalogueService(
    hub88,
    new Hub88CatalogueRepository(db),
    deps.configs,
    (merchant) => deps.catalogue.invalidate(merchant),
  );
  const providers = new ProviderService([
    hub88,
    // House games open on the header-only /seamless page; the simulated studio's in the /game frame.
    new EngineAdapter('HOUSE', 'SEAMLESS', tickets, CLIENTS),
    new EngineAdapter('SIMULATED', 'FRAME', tickets, CLIENTS, new LedgerTransferOps(deps.bets)),
  ]);
  const roundDetails = new RoundDetailsService(deps.bets, deps.vendors, providers);
  const catalogueLookup = {
    game: (merchant: string, vendor: string, code: string) => deps.catalogue.byCode(merchant, vendor, code),
  };
  const roundSync = new VendorRoundSyncService(
    () => providers.all(),
    deps.vendors,
    catalogueLookup,
    deps.bets,
    deps.directory,
    new VendorRoundSyncRepository(db),
    { firstLookbackMs: 3_600_000, lagMs: 60_000, maxWindowMs: 3_600_000 },
  );
  const callbackRepo = new VendorCallbackRepository(db);
  const seamless = new SeamlessWalletService(deps.bets, callbackRepo);
  const callbacks = new VendorCallbackService(seamless, callbackRepo, deps.directory, {
    game: (merchant, vendor, code) => deps.catalogue.byCode(merchant, vendor, code),
  });
  const hub88Wallet = new Hub88WalletService(
    deps.configs,
    hub88Repo,
    seamless,
    { game: (merchant, vendor, code) => deps.catalogue.byCode(merchant, vendor, code) },
    deps.log,
  );
  const rounds = new HouseRoundRepository(db);
  const jackpot = new JackpotService(new JackpotRepository(db), deps.ledger);
  // A win is pushed (the counter drops to the seed, the winner board has a new head); the pool's
  // growth is not: its counter animates between the polls it already makes.
  jackpot.onChanged((merchant, _amount, won) => {
    if (won) deps.bus.publish(brandTopic(merchant, 'jackpot'), { kind: 'won' });
  });
  const slot = new HouseSlotService(tickets, seamless, rounds, jackpot);
  const roundSweeper = new HouseRoundSweeper(rounds, seamless);
  const fish = new HouseFishService(tickets, seamless, rounds, deps.limits);
  const cockfight = new HouseCockfightService(
    tickets,
    seamless,
    new CockfightRepository(db, config.JOB_LEASE_MS),
    cockfightTimings(config.COCKFIGHT_BET_SECONDS),
    undefined,
    undefined,
    (merchant, kind) => deps.bus.publish(brandTopic(merchant, 'cockfight'), { kind }),
  );
  const baccaratTables = 3;
  const houseRooms = new HouseRoomsService(
    db,
    {
      CARDS: CARDS_ROOM_IDS,
      BACCARAT: Array.from({ length: baccaratTables }, (_, i) => String(i + 1)),
    },
    deps.bus,
  );
  const cardsTimes = cardsTiming(config.CARDS_DECISION_SECONDS);
  const cards = new HouseCardsService(
    tickets,
    seamless,
    new CardsRepository(db),
    cardsTimes,
    undefined,
    houseRooms,
    (merchant, roomId, kind) => deps.bus.publish(brandTopic(merchant, `cards:${roomId}`), { kind }),
  );
  const baccaratRepo = new BaccaratRepository(db);
  const dealer = new BaccaratDealerService(
    baccaratRepo,
    seamless,
    {
      betSeconds: config.BACCARAT_BET_SECONDS,
      // Long enough to draw, reveal and settle the cards; shorter with a short betting window.
      resultSeconds: Math.min(10, Math.max(6, config.BACCARAT_BET_SECONDS)),
      tables: baccaratTables,
    },
    undefined,
    undefined,
    (merchant, tableId) => deps.bus.publish(brandTopic(merchant, `baccarat:${tableId}`), { kind: 'dealt' }),
  );
  const baccarat = new HouseBaccaratService(tickets, seamless, baccaratRepo, dealer, houseRooms);
  const sportsbook = new HouseSportsbookService(
    tickets,
    seamless,
    new SportsbookRepository(db),
    new SportsbookClock(config.SPORTSBOOK_MINUTE_MS),
  );
  return {
    services: { providers, tickets, seamless, baccarat, cockfight, sportsbook, roundSync, jackpot },
    routes: async (app: FastifyInstance) => {
      await app.register(vendorCallbackRoutes, { callbacks });
      await app.register(hub88WalletRoutes, { wallet: hub88Wallet });
      await app.register(hub88CatalogueRoutes, { sync: hub88Catalogue });
      await app.register(gameTicketRoutes, { tickets });
      await app.register(roundDetailsRoutes, { details: roundDetails });
      await app.register(houseSlotRoutes, { slot });
      await app.register(jackpotRoutes, { jackpot });
      await app.register(houseCardsRoutes, { cards });
      await app.register(houseFishRoutes, { fish });
      await app.register(houseCockfightRoutes, { cockfight });
      await app.register(houseBaccaratRoutes, { baccarat });
      await app.register(houseSportsbookRoutes, { sportsbook });
      await app.register(houseAdminRoutes, {
        rooms: houseRooms,
        jackpot,
        settings: {
          baccaratBetSeconds: config.BACCARAT_BET_SECONDS,
          cardsDecisionSeconds: cardsTimes.decisionMs / 1000,
          cockfightBetSeconds: config.COCKFIGHT_BET_SECONDS,
          sportsbookMinuteMs: config.SPORTSBOOK_MINUTE_MS,
        },
      });
    },
    jobs: [
      cardsDealerJob(cards),
      // Fights are decided and settled on the clock, whether or not a player is watching.
      cockfightSweepJob(cockfight),
      // Every brand's tables keep dealing (once per round, whichever instance gets there).
      baccaratDealerJob(dealer, baccaratRepo, deps.log),
      sportsbookSweepJob(sportsbook),
      // Slot and fishing rounds whose outcome is stored but whose bet a crash left open are paid.
      { name: 'house round sweep', everyMs: HOUSE_ROUND_SWEEP_MS, run: () => roundSweeper.sweep() },
      // Rounds settled at vendors that report them afterwards become bets (turnover, records).
      { name: 'vendor round sync', everyMs: 60_000, run: () => roundSync.syncAll() },
      // Long-expired game tickets are useless: dropped hourly so the table stays small.
      { name: 'game ticket prune', everyMs: 3_600_000, run: () => tickets.prune() },
      // Brands with Hub88 on get its game list daily (operators can sync at once from the back office).
      {
        name: 'hub88 catalogue sync',
        everyMs: 86_400_000,
        run: () =>
          hub88Catalogue.syncEnabled((merchant, err) =>
            deps.log.warn({ err, merchant }, 'hub88 catalogue sync failed'),
          ),
      },
      // Sessions a week past their last bet: their wins and rollbacks find the bet, not the token.
      {
        name: 'hub88 session prune',
        everyMs: 86_400_000,
        run: async () => {
          await hub88Repo.pruneSessions(new Date(Date.now() - 7 * 86_400_000));
        },
      },
    ],
  };
}
