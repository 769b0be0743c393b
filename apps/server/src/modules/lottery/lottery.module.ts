import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { CatalogueService, GameService } from '../games';
import type { SeamlessWalletService } from '../providers';
import { SecureRng } from '../providers/house/secure-rng';
import type { WalletService } from '../wallet/wallet.service';
import { LOTTERY_TICK_MS } from './lottery-draw.job';
import { LotteryRepository } from './lottery.repository';
import { lotteryRoutes } from './lottery.routes';
import { LotteryService } from './lottery.service';

export interface LotteryDeps extends ModuleContext {
  catalogue: CatalogueService;
  games: GameService;
  seamless: SeamlessWalletService;
  wallet: WalletService;
}

export function createLotteryModule(deps: LotteryDeps): ServerModule<{
  lottery: LotteryService;
  lotteryPopular: LotteryService['popular'];
}> {
  const { brands } = deps;
  const repo = new LotteryRepository(deps.db);
  const lottery = new LotteryService(
    repo,
    deps.catalogue,
    deps.seamless,
    {
      fastSeconds: deps.config.LOTTERY_FAST_SECONDS,
      timeZoneOf: async (merchant) => (await brands.resolve(merchant, undefined)).timezone,
      rtpOf: async (merchant) => (await brands.resolve(merchant, undefined)).lotteryRtpBp,
      recallToMain: async (merchant, memberId) =>
        deps.wallet.recallToMain(await brands.resolve(merchant, undefined), memberId),
      popularGames: (merchant, lang, count, gameType) => deps.games.popular(merchant, lang, count, gameType),
    },
    new SecureRng(),
  );
  let merchants: string[] = [];
  let merchantsAt = 0;
  return {
    services: { lottery, lotteryPopular: (m, l, q) => lottery.popular(m, l, q) },
    routes: async (app: FastifyInstance) => {
      await app.register(lotteryRoutes, { lottery, brands });
    },
    jobs: [
      {
        name: 'lottery draws',
        everyMs: LOTTERY_TICK_MS,
        run: async () => {
          if (Date.now() - merchantsAt > 60_000) {
            merchants = await repo.merchantCodes();
            merchantsAt = Date.now();
          }
          await lottery.tick(merchants);
        },
      },
    ],
  };
}
