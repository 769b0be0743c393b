import { randomBytes } from 'node:crypto';
import {
  fromMinor,
  LOTTERY_LAUNCH_MODE,
  toMinor,
  TRIAL_IS_AGENT,
  type LaunchGame,
  type LaunchGameQuery,
  type Language,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { SessionMember } from '../../platform/auth';
import type { Brand } from '../../platform/brand';
import type { ProviderService } from '../providers';
import type { WalletService } from '../wallet';
import { gameName, type CatalogueGame, type CatalogueService } from '../games';
import type { GameService } from '../games';

/** A same-site path only ('/rng?page=PG'); anything else (another site, '//host', a scheme) is '/'. */
function safeBackUrl(raw: string | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}

/** Where a launch comes from: the caller's origin, and which hosts are the brand's own. */
export interface LaunchOrigin {
  /** 'https://host' of the request ('' when its Host header is unusable). */
  origin: string;
  ownsHost: (host: string) => Promise<boolean>;
  /** The player's address (request.ip: the trusted proxy's forwarded one), told to vendors that ask. */
  ip?: string;
}

/**
 * The exit URL a launch may carry: a same-site path, or an absolute http(s) URL on one of the
 * brand's own hosts (the real clients send those); anything else is '/' (no open redirect).
 */
async function backUrlFor(raw: string | undefined, from: LaunchOrigin): Promise<string> {
  if (raw && /^https?:\/\//i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return '/';
    }
    return !url.username && !url.password && (await from.ownsHost(url.hostname.toLowerCase()))
      ? url.toString()
      : '/';
  }
  return safeBackUrl(raw);
}

/** A launch URL made absolute against the caller's origin (vendor URLs already are). */
function absolute(url: string, origin: string): string {
  if (/^https?:\/\//i.test(url) || !origin) return url;
  return new URL(url, `${origin}/`).toString();
}

/** What funding a vendor wallet at launch may meet without refusing the launch. */
const MOVE_TOLERATED = new Set<string>(['wallet.insufficient', 'wallet.transfer.failed']);

const requestId = () => `L${randomBytes(12).toString('hex')}`;

/** Areas of the lottery lobby launch (SPEC section 7) and the vendor each opens. */
const LOTTERY_AREA_VENDORS = { VN: 'TCG_LOTTO_VN', SEA: 'TCG_SEA' } as const;

/**
 * The lottery lobby launch (launchMode LOTT) as an ordinary launch: the vendor of its area unless
 * one is named, its lottoGameCode as the game.
 */
function lotteryLaunch(q: LaunchGameQuery): LaunchGameQuery {
  if (q.launchMode !== LOTTERY_LAUNCH_MODE) return q;
  const vendor = q.vendor ?? q.vassalage ?? LOTTERY_AREA_VENDORS[q.lottoArea ?? 'VN'];
  const gameCode = q.lottoGameCode ?? q.gameCode;
  return { ...q, vendor, ...(gameCode ? { gameCode } : {}) };
}

/**
 * Starting a game (SPEC section 4: login needed; trial accounts play with play money): finds the
 * game, moves the member's money into a transfer-wallet vendor's wallet, records the game as
 * recent, and asks the vendor's adapter for the URL on one of the brand's launch CDNs.
 */
export class GameLaunchService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly games: GameService,
    private readonly providers: ProviderService,
    private readonly wallet: WalletService,
    /** Whether a catalogue game is a lottery we run (the lottery module's; its launch opens /lottery). */
    private readonly isLottery: (vendor: string, gameCode: string) => boolean,
  ) {}

  /** The game a launch names: by node id, by vendor and code, or a vendor's lobby (its first playable game). */
  private async resolve(merchant: string, q: LaunchGameQuery): Promise<CatalogueGame> {
    const vendor = q.vendor ?? q.vassalage;
    const nodeId = q.nodeId ?? q.roomId;
    if (nodeId !== undefined) {
      const g = await this.catalogue.byNode(merchant, String(nodeId));
      if (!g || (vendor && g.vendor !== vendor)) throw new AppError('game.unknown');
      return g;
    }
    if (!vendor)
      throw new AppError('request.invalid', { fields: [{ field: 'vendor', message: 'required' }] });
    if (q.gameCode) {
      const g = await this.catalogue.byCode(merchant, vendor, q.gameCode);
      if (!g) throw new AppError('game.unknown');
      return g;
    }
    const ofVendor = (await this.catalogue.all(merchant)).filter(
      (g) => g.vendor === vendor && (!q.gameType || g.gameType === q.gameType),
    );
    if (ofVendor.length === 0) throw new AppError('game.unknown');
    return (
      ofVendor.find((g) => this.providers.playable(g.adapter, g)) ??
      // None playable: launching the first one answers game.unavailable.
      ofVendor[0]!
    );
  }

  async launch(
    brand: Brand,
    member: SessionMember,
    q: LaunchGameQuery,
    lang: Language,
    from: LaunchOrigin = { origin: '', ownsHost: async () => false },
  ): Promise<LaunchGame> {
    // The operator's betting block: no launch (a game in play checks it again at every stake).
    if (member.bettingBlocked) throw new AppError('game.betting.blocked');
    const launched = await this.launchGame(
      brand,
      member,
      q,
      lang,
      await backUrlFor(q.backUrl, from),
      from.ip,
    );
    const gameUrl = absolute(launched.url, from.origin);
    return { ...launched, gameUrl, content: { game_url: gameUrl } };
  }

  private async launchGame(
    brand: Brand,
    member: SessionMember,
    q: LaunchGameQuery,
    lang: Language,
    backUrl: string,
    ip: string | undefined,
  ): Promise<Omit<LaunchGame, 'gameUrl' | 'content'>> {
    const game = await this.resolve(brand.code, lotteryLaunch(q));
    if (this.isLottery(game.vendor, game.gameCode)) return this.lotteryPage(brand, member, game, q, lang);
    if (!this.providers.playable(game.adapter, game)) throw new AppError('game.unavailable');
    // Trial accounts' play money is ours alone: at a vendor that has a demo mode they play that,
    // so no play money reaches the vendor's books. Anyone may ask for the demo mode where it exists.
    const trial = member.isAgent === TRIAL_IS_AGENT;
    if (q.demo || (trial && this.providers.hasDemo(game.adapter, game))) {
      if (!this.providers.hasDemo(game.adapter, game)) throw new AppError('game.unavailable');
      const name = gameName(game, lang);
      const demo = await this.providers.demo(game.adapter, brand.code, game, lang.toLowerCase(), ip);
      await this.games.recordRecent(member.memberId, game.nodeId);
      return {
        url: demo.url,
        mode: demo.mode,
        gameName: name,
        vendor: game.vendor,
        gameCode: game.gameCode,
        transferred: 0,
        demo: true,
      };
    }

    const walletVendor = await this.fundVendorWallet(brand, member.memberId, game);
    const before = walletVendor.moved;
    const cdns = brand.launchGameCdns.length > 0 ? brand.launchGameCdns : ['/'];
    const name = gameName(game, lang);
    const result = await this.providers.launch(game.adapter, {
      merchant: brand.code,
      memberId: member.memberId,
      sessionId: member.sessionId,
      username: member.username,
      game,
      gameName: name,
      walletVendor: walletVendor.vendor,
      currencySymbol: brand.currencySymbol,
      language: lang.toLowerCase(),
      backUrl,
      cdn: cdns[Math.floor(Math.random() * cdns.length)]!,
      ...(ip ? { ip } : {}),
    });
    await this.games.recordRecent(member.memberId, game.nodeId);
    return {
      url: result.url,
      mode: result.mode,
      gameName: name,
      vendor: game.vendor,
      gameCode: game.gameCode,
      transferred: fromMinor(before),
    };
  }

  /**
   * A lottery game is played on this site's /lottery page, from the main wallet (money
   * left at vendor wallets is recalled first): the launch answers that page (PAGE), the game's
   * betting page, or the lobby of its vendor when the lobby view is asked for.
   */
  private async lotteryPage(
    brand: Brand,
    member: SessionMember,
    game: CatalogueGame,
    q: LaunchGameQuery,
    lang: Language,
  ): Promise<Omit<LaunchGame, 'gameUrl' | 'content'>> {
    await this.fundVendorWallet(brand, member.memberId, game, true);
    await this.games.recordRecent(member.memberId, game.nodeId);
    const lobby =
      q.lottoView === 'lobby' || (q.launchMode === LOTTERY_LAUNCH_MODE && !q.lottoGameCode && !q.gameCode);
    const query = new URLSearchParams();
    if (!lobby) query.set('gameCode', game.gameCode);
    query.set('vendor', game.vendor);
    if (!lobby && game.defaultPlayType) query.set('playType', game.defaultPlayType);
    if (!lobby && q.lottoPrizeMode) query.set('prizeMode', q.lottoPrizeMode);
    return {
      url: `/lottery?${query.toString()}`,
      mode: 'PAGE',
      gameName: gameName(game, lang),
      vendor: game.vendor,
      gameCode: game.gameCode,
      transferred: 0,
    };
  }

  /**
   * A transfer-wallet vendor plays from its own wallet: the member's money follows them there
   * (other vendor wallets recalled, then the whole main balance moved in). A game that plays from
   * main (the house vendor, seamless vendors, the lottery) gets the money back from every vendor
   * wallet first (WalletService.recallToMain), so the player never opens it with their balance left at the last vendor. Brands with a single
   * wallet play everything from main. Nothing to move is no error: the game opens with what its
   * wallet holds.
   */
  private async fundVendorWallet(
    brand: Brand,
    memberId: string,
    game: CatalogueGame,
    fromMain = false,
  ): Promise<{ vendor: string | null; moved: bigint }> {
    const transfer = !fromMain && game.walletType === 'TRANSFER';
    if (!transfer) {
      await this.wallet.recallToMain(brand, memberId);
      return { vendor: null, moved: 0n };
    }
    if ((await this.wallet.merchantWallet(brand)).isSingle) return { vendor: null, moved: 0n };
    const tolerate = async (move: () => Promise<unknown>) => {
      try {
        await move();
      } catch (err) {
        // Nothing to move, or a vendor that refused the move (its money stays where it was).
        if (!(err instanceof AppError) || !MOVE_TOLERATED.has(err.code)) throw err;
      }
    };
    const before = await this.wallet.balance(brand, memberId);
    for (const b of before.balance) {
      if (b.vendor === 'MAIN' || b.vendor === game.vendor || b.balance <= 0) continue;
      await tolerate(() =>
        this.wallet.transfer(brand, memberId, {
          requestId: requestId(),
          direction: 'OUT',
          vendor: b.vendor,
        }),
      );
    }
    await tolerate(() =>
      this.wallet.transfer(brand, memberId, { requestId: requestId(), direction: 'IN', vendor: game.vendor }),
    );
    const after = await this.wallet.balance(brand, memberId);
    const held = (b: typeof before) =>
      toMinor(String(b.balance.find((x) => x.vendor === game.vendor)?.balance ?? 0)) ?? 0n;
    const moved = held(after) - held(before);
    return { vendor: game.vendor, moved: moved > 0n ? moved : 0n };
  }
}
