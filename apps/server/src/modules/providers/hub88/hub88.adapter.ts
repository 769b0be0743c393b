import { randomBytes } from 'node:crypto';
import type { GameType } from '@app/contracts';
import { AppError } from '../../../platform/app-error';
import type { ProviderConfigSource } from '../../integrations';
import type {
  LaunchRequest,
  LaunchResult,
  ProviderGame,
  VendorAdapter,
  VendorCatalogueGame,
} from '../vendor-adapter';
import { HUB88, readHub88, type Hub88Keys, type Hub88Settings } from './hub88.definition';
import { Hub88ApiError, Hub88Client, HUB88_DEMO_CURRENCY, type Hub88Game } from './hub88.client';
import type { Hub88Repository } from './hub88.repository';
import { hub88User } from './hub88-wallet.service';

/** Site languages (lower case) Hub88 names otherwise (ISO 639-1). */
const LANGS: Partial<Record<string, string>> = { cn: 'zh', tw: 'zh', kr: 'ko', jp: 'ja', vn: 'vi' };

/** Hub88 categories (free text, e.g. "Video Slots", "Live Roulette", "Crash") as our game types. */
export function gameTypeOf(category: string | null | undefined): GameType {
  const c = (category ?? '').toLowerCase();
  if (c.includes('live') || c.includes('dealer')) return 'LIVE';
  if (c.includes('fish') || c.includes('shoot')) return 'FISH';
  if (c.includes('sport') && !c.includes('virtual')) return 'SPORTS';
  if (c.includes('esport')) return 'ESPORTS';
  if (c.includes('lotter') || c.includes('keno') || c.includes('bingo')) return 'ELOTT';
  return 'RNG';
}

export interface Hub88Log {
  warn(obj: object, msg: string): void;
}

/**
 * Hub88 as a vendor adapter (code HUB88): its studios are catalogue vendors served by this
 * adapter, their rounds are played on Hub88's pages and paid through our wallet API
 * (Hub88WalletService). A launch opens a game session (our token, fixed to the brand's Hub88
 * currency) and asks Hub88's game/url for the page, shown in the site's /game frame.
 */
export class Hub88Adapter implements VendorAdapter {
  readonly code = HUB88;

  constructor(
    private readonly configs: ProviderConfigSource,
    private readonly repo: Hub88Repository,
    private readonly log: Hub88Log,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {}

  private async config(merchant: string): Promise<Hub88Settings & Hub88Keys> {
    const c = readHub88(await this.configs.get(merchant, HUB88));
    if (!c) throw new AppError('game.unavailable');
    return c;
  }

  private client(c: Hub88Settings & Hub88Keys): Hub88Client {
    return new Hub88Client(
      { baseUrl: c.baseUrl, operatorId: c.operatorId, privateKey: c.privateKey },
      this.fetchImpl,
    );
  }

  playable(game: ProviderGame): boolean {
    // Every game of a Hub88 studio runs at Hub88; none runs on a house engine.
    return game.engine === null;
  }

  async launch(req: LaunchRequest): Promise<LaunchResult> {
    const c = await this.config(req.merchant);
    const token = randomBytes(24).toString('base64url');
    await this.repo.openSession({
      token,
      merchant: req.merchant,
      memberId: req.memberId,
      vendor: req.game.vendor,
      gameCode: req.game.gameCode,
      currency: c.currency,
      expiresAt: new Date(Date.now() + c.sessionMinutes * 60_000),
    });
    const url = await this.gameUrl(req.merchant, c, {
      user: hub88User(req.memberId),
      token,
      gameCode: req.game.gameCode,
      currency: c.currency,
      lang: req.language,
      ip: req.ip,
    });
    return { url, mode: 'FRAME' };
  }

  /** A game for fun (Hub88's demo mode: currency XXX, no user nor token; no wallet call follows). */
  async demo(merchant: string, gameCode: string, language: string, ip?: string): Promise<LaunchResult> {
    const c = await this.config(merchant);
    const url = await this.gameUrl(merchant, c, {
      gameCode,
      currency: HUB88_DEMO_CURRENCY,
      lang: language,
      ip,
    });
    return { url, mode: 'FRAME' };
  }

  private async gameUrl(
    merchant: string,
    c: Hub88Settings & Hub88Keys,
    r: {
      user?: string;
      token?: string;
      gameCode: string;
      currency: string;
      lang: string;
      ip?: string | undefined;
    },
  ): Promise<string> {
    try {
      return await this.client(c).gameUrl({
        ...r,
        lang: LANGS[r.lang] ?? r.lang.slice(0, 2),
        platform: 'GPL_DESKTOP',
        country: c.country,
        // The player's address as the site saw it; a launch from no request (none today) sends the
        // unspecified address, which Hub88 takes as unknown.
        ip: r.ip ?? '0.0.0.0',
        lobbyUrl: c.lobbyUrl ?? '',
        ...(c.depositUrl ? { depositUrl: c.depositUrl } : {}),
        ...(c.subPartnerId ? { subPartnerId: c.subPartnerId } : {}),
      });
    } catch (err) {
      if (!(err instanceof Hub88ApiError)) throw err;
      this.log.warn(
        { merchant, game: r.gameCode, status: err.httpStatus, reason: err.reason },
        'hub88 game/url failed',
      );
      throw new AppError('game.unavailable');
    }
  }

  async catalogue(merchant: string): Promise<VendorCatalogueGame[]> {
    const c = await this.config(merchant);
    try {
      return (await this.client(c).gameList()).map(toCatalogueGame);
    } catch (err) {
      if (!(err instanceof Hub88ApiError)) throw err;
      this.log.warn({ merchant, status: err.httpStatus, reason: err.reason }, 'hub88 game/list failed');
      throw new AppError('game.unavailable');
    }
  }

  /** Hub88's page of a round; `roundId` is the bet's transaction_uuid (what our bets are named by). */
  async roundDetails(merchant: string, roundId: string): Promise<{ url: string }> {
    const c = await this.config(merchant);
    const bet = await this.repo.transaction(merchant, roundId);
    if (!bet || bet.kind !== 'BET') throw new AppError('vendor.round.unknown');
    try {
      return { url: await this.client(c).roundUrl(hub88User(bet.memberId), bet.round, bet.transactionUuid) };
    } catch (err) {
      if (!(err instanceof Hub88ApiError)) throw err;
      this.log.warn(
        { merchant, roundId, status: err.httpStatus, reason: err.reason },
        'hub88 game/round failed',
      );
      throw new AppError('game.unavailable');
    }
  }
}

function toCatalogueGame(g: Hub88Game): VendorCatalogueGame {
  return {
    gameCode: g.game_code,
    studio: g.product,
    gameType: gameTypeOf(g.category),
    names: { EN: g.name },
    iconUrl: g.url_thumb ?? null,
    categories: g.category ? [g.category] : [],
    // Every Hub88 game opens in demo mode (currency XXX).
    demo: true,
    enabled: g.enabled ?? true,
  };
}
