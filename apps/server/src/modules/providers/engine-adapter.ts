import type { GameTicketService } from './game-ticket.service';
import type { LaunchRequest, LaunchResult, ProviderGame, VendorAdapter } from './vendor-adapter';

/** Where each house engine's game client lives (a page of the site, on a launch CDN). */
const CLIENT_PATHS: Record<NonNullable<ProviderGame['engine']>, string> = { SLOT: 'play/slot' };

/**
 * An adapter whose games run on the house engines, in-process: the HOUSE vendor itself, and the
 * SIMULATED studio that stands in for a third-party vendor on a machine without network access
 * (its slots are house slots under the vendor's name and wallet). A launch issues a game ticket
 * and answers the engine's client URL on the chosen launch CDN.
 */
export class EngineAdapter implements VendorAdapter {
  constructor(
    readonly kind: 'HOUSE' | 'SIMULATED',
    private readonly mode: LaunchResult['mode'],
    private readonly tickets: GameTicketService,
  ) {}

  playable(game: ProviderGame): boolean {
    return game.engine !== null;
  }

  async launch(req: LaunchRequest): Promise<LaunchResult> {
    const engine = req.game.engine;
    if (engine === null) throw new Error(`launch of ${req.game.vendor}/${req.game.gameCode}: no engine`);
    const token = await this.tickets.issue({
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
    });
    const query = new URLSearchParams({ token, lang: req.language, backUrl: req.backUrl });
    const base = req.cdn.endsWith('/') ? req.cdn : `${req.cdn}/`;
    return { url: `${base}${CLIENT_PATHS[engine]}?${query.toString()}`, mode: this.mode };
  }
}
