import type { GameType, HouseEngine } from '@app/contracts';

/** What providers need to know of a catalogue game (the games module supplies it). */
export interface ProviderGame {
  nodeId: string;
  vendor: string;
  gameType: GameType;
  gameCode: string;
  displayName: string;
  minBet: bigint;
  engine: HouseEngine | null;
}

/** The catalogue as providers see it: injected, so providers never read the games module's tables. */
export interface CatalogueLookup {
  game(merchant: string, vendor: string, gameCode: string): Promise<ProviderGame | undefined>;
}

export interface LaunchRequest {
  merchant: string;
  memberId: string;
  /** The session launching the game: what it gets to play ends with it. */
  sessionId: string;
  username: string;
  game: ProviderGame;
  gameName: string;
  /** The transfer-wallet vendor whose wallet the game plays from (money moved there at launch); null: main. */
  walletVendor: string | null;
  currencySymbol: string;
  /** Lower-case site language (en, cn, ...). */
  language: string;
  /** A path of this site the game's exit button returns to. */
  backUrl: string;
  /** The launch CDN chosen for this launch ('/' is the site itself). */
  cdn: string;
}

export interface LaunchResult {
  url: string;
  /** FRAME: the site's /game page (with the shell); SEAMLESS: the header-only /seamless page. */
  mode: 'FRAME' | 'SEAMLESS';
}

/**
 * One vendor integration (ARCHITECTURE section 5). The platform asks an adapter for a launch URL;
 * money moves through the ledger either before launch (transfer-wallet vendors: the platform
 * moves the member's main balance into the vendor wallet, and the adapter's game plays from it)
 * or per round through the seamless wallet (SeamlessWalletService: the signed callback API for
 * remote vendors, an in-process call for the house). Both adapters here settle every round as it
 * happens, so neither needs a bet-record sync; an adapter for a vendor that only reports bets
 * afterwards would add one (see the issue note).
 */
export interface VendorAdapter {
  readonly kind: 'HOUSE' | 'SIMULATED';
  /** Whether this adapter can run the game (else the launch answers game.unavailable). */
  playable(game: ProviderGame): boolean;
  launch(req: LaunchRequest): Promise<LaunchResult>;
}
