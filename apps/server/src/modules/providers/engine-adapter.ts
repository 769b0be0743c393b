import type { HouseEngine } from '@app/contracts';
import type { GameTicketService } from './game-ticket.service';
import type {
  LaunchRequest,
  LaunchResult,
  ProviderGame,
  TransferWalletOps,
  VendorAdapter,
} from './vendor-adapter';

/**
 * Where each wired house engine's game client lives (a page of the site, relative to a launch
 * CDN). An engine without an entry is not served: its games answer game.unavailable.
 */
export type EngineClients = Partial<Record<HouseEngine, string>>;

/**
 * An adapter whose games run on the house engines, in-process: the HOUSE vendor itself, and the
 * SIMULATED studio that stands in for a third-party vendor on a machine without network access
 * (its slots are house slots under the vendor's name and wallet). A launch issues a one-time
 * launch code (the client exchanges it for its game ticket) and answers the engine's client URL
 * on the chosen launch CDN.
 */
export class EngineAdapter implements VendorAdapter {
  constructor(
    readonly code: 'HOUSE' | 'SIMULATED',
    private readonly mode: LaunchResult['mode'],
    private readonly tickets: GameTicketService,
    private readonly clients: EngineClients,
    /** The simulated studio's transfer wallet (LedgerTransferOps); the house vendor is seamless. */
    readonly transfer?: TransferWalletOps,
  ) {}

  playable(game: ProviderGame): boolean {
    return game.engine !== null && this.clients[game.engine] !== undefined;
  }

  async launch(req: LaunchRequest): Promise<LaunchResult> {
    const engine = req.game.engine;
    const client = engine === null ? undefined : this.clients[engine];
    if (engine === null || client === undefined)
      throw new Error(`launch of ${req.game.vendor}/${req.game.gameCode}: no engine client`);
    const code = await this.tickets.issue(
      {
        merchant: req.merchant,
        memberId: req.memberId,
        nodeId: req.game.nodeId,
        vendor: req.game.vendor,
        gameType: req.game.gameType,
        gameCode: req.game.gameCode,
        gameName: req.gameName,
        engine,
        minBet: req.game.minBet,
        walletVendor: req.walletVendor,
        currencySymbol: req.currencySymbol,
        language: req.language,
        backUrl: req.backUrl,
      },
      req.sessionId,
    );
    const query = new URLSearchParams({ code, lang: req.language, backUrl: req.backUrl });
    const base = req.cdn.endsWith('/') ? req.cdn : `${req.cdn}/`;
    return { url: `${base}${client}?${query.toString()}`, mode: this.mode };
  }
}
