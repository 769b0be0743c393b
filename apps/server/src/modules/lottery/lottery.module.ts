import type { Game, Language, LotteryGameType } from '@app/contracts';
import { brandTopic } from '../../platform/push-topics';
import type { ModuleContext, ServerModule } from '../../platform/module';
import type { CatalogueService } from '../games';
import type { SeamlessWalletService } from '../providers';
import { lotteryDrawJob } from './lottery-draw.job';
import { LotteryAdminService } from './lottery-admin.service';
import { LotteryDrawService } from './lottery-draws.service';
import { LotteryMenuService } from './lottery-menus.service';
import type { Rng } from './lottery-rules';
import { LotterySlipService } from './lottery-slips.service';
import { LotteryRepository } from './lottery.repository';
import { lotteryRoutes } from './lottery.routes';

interface LotteryModuleDeps extends ModuleContext {
  catalogue: CatalogueService;
  seamless: SeamlessWalletService;
  /** The secure RNG (SecureRng) that draws the results. */
  rng: Rng;
  /**
   * Brings the member's money held at vendor wallets back to main (the wallet module's recall):
   * slips are staked from main, whatever game the member left last.
   */
  recallToMain: (merchant: string, memberId: string) => Promise<void>;
  /** Popular games of one type (the games module's /lgw/games/popular). */
  popularGames: (
    merchant: string,
    lang: Language,
    count: number,
    gameType: LotteryGameType,
  ) => Promise<Game[]>;
}

interface LotteryServices {
  /** The brand's lottery games as listed, and the settings draws and odds follow. */
  menus: LotteryMenuService;
  /** The betting page, placing slips, the member's lines. */
  slips: LotterySlipService;
  /** The draw job's run (store, draw, settle) and the operator's cancel. */
  draws: LotteryDrawService;
}

/** Lottery and electronic lottery: menus, slips and draws, and the job that draws and settles. */
export function createLotteryModule(deps: LotteryModuleDeps): ServerModule<LotteryServices> {
  const repo = new LotteryRepository(deps.db, deps.config.JOB_LEASE_MS);
  const menus = new LotteryMenuService(
    repo,
    deps.catalogue,
    {
      fastSeconds: deps.config.LOTTERY_FAST_SECONDS,
      timeZoneOf: async (merchant) => (await deps.brands.resolve(merchant, undefined)).timezone,
      rtpOf: async (merchant) => (await deps.brands.resolve(merchant, undefined)).lotteryRtpBp,
      popularGames: deps.popularGames,
    },
    undefined,
    deps.bus,
  );
  const slips = new LotterySlipService(repo, menus, deps.catalogue, deps.seamless, deps.recallToMain);
  const draws = new LotteryDrawService(
    repo,
    menus,
    deps.seamless,
    deps.rng,
    undefined,
    undefined,
    (merchant, kind) => deps.bus.publish(brandTopic(merchant, 'lottery'), { kind }),
  );
  const admin = new LotteryAdminService(repo, menus);
  return {
    routes: async (app) => {
      await app.register(lotteryRoutes, { menus, slips, draws, admin, brands: deps.brands });
    },
    jobs: [lotteryDrawJob(draws, () => repo.merchantCodes())],
    services: { menus, slips, draws },
  };
}
