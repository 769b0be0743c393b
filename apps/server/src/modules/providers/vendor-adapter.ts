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
  /** The player's address as the site sees it (the trusted proxy's forwarded one); unknown: absent. */
  ip?: string;
}

export interface LaunchResult {
  url: string;
  /** FRAME: the site's /game page (with the shell); SEAMLESS: the header-only /seamless page. */
  mode: 'FRAME' | 'SEAMLESS';
}

/** A game of a vendor's catalogue as its adapter reports it, for the catalogue sync. */
export interface VendorCatalogueGame {
  /** The vendor's own code of the game (unique within the studio). */
  gameCode: string;
  /** The studio (brand of game content) the site lists the game under, e.g. "Pragmatic Play". */
  studio: string;
  gameType: GameType;
  /** Names by site language (upper-case keys as LocalizedText: EN, CN, ...); EN at least. */
  names: Partial<Record<string, string>>;
  /** An absolute icon URL at the vendor, or a media path. */
  iconUrl: string | null;
  /** Categories the vendor gives the game (free text: "video-slots", "roulette" ...). */
  categories: string[];
  /** Whether the game can be launched in demo (fun) mode. */
  demo: boolean;
  enabled: boolean;
}

/** A transfer-wallet move's outcome at the vendor. */
export type TransferOutcome = 'DONE' | 'FAILED';

/** The member as a transfer-wallet vendor knows them. */
export interface VendorPlayer {
  merchant: string;
  vendor: string;
  memberId: string;
  username: string;
  currency: string;
}

/**
 * A vendor that keeps the member's balance on its side: we move money in before play and out
 * after, with our own unique reference per move so a retry is never a second move. A call that
 * times out is neither: the platform keeps it pending and asks `status` until the vendor knows.
 */
export interface TransferWalletOps {
  /**
   * The vendor keeps the member's balance in our ledger vendor account itself (an in-process
   * studio): its balance is that account's and its moves confirm at once, so the platform makes
   * them inside its own ledger transaction. A remote vendor leaves it unset.
   */
  readonly ledgerBacked?: boolean;
  deposit(player: VendorPlayer, reference: string, amount: bigint): Promise<TransferOutcome>;
  withdraw(player: VendorPlayer, reference: string, amount: bigint): Promise<TransferOutcome>;
  /** The member's balance at the vendor (minor units). */
  balance(player: VendorPlayer): Promise<bigint>;
  /** What became of a move we had no answer for; UNKNOWN: ask again later. */
  status(player: VendorPlayer, reference: string): Promise<TransferOutcome | 'UNKNOWN'>;
}

/** One settled round at the vendor, as a round-history sync reports it. */
export interface VendorRound {
  roundId: string;
  /**
   * The brand's vendor code the round was played under, when the adapter serves several (an
   * aggregator's studios); without it the round belongs to the brand's vendor whose catalogue has
   * the game (or the adapter's only vendor).
   */
  vendor?: string;
  memberId: string;
  gameCode: string;
  stake: bigint;
  payout: bigint;
  settledAt: Date;
}

/**
 * One vendor integration (ARCHITECTURE section 5), registered under its code (the `adapter` of the
 * brand's vendor rows: HOUSE, SIMULATED, HUB88 ...). Money moves through the ledger either per
 * round through the seamless wallet (SeamlessWalletService: the vendor calls our wallet API, or
 * the house calls it in-process) or, for a vendor with `transfer`, by moving the member's money to
 * and from the vendor's wallet around play. The optional parts are what a vendor offers: a
 * catalogue to sync, round history for vendors that report bets afterwards, round details for
 * the recall of a bet.
 */
export interface VendorAdapter {
  readonly code: string;
  /** Whether this adapter can run the game (else the launch answers game.unavailable). */
  playable(game: ProviderGame): boolean;
  launch(req: LaunchRequest): Promise<LaunchResult>;
  /**
   * The game in the vendor's demo (play for fun) mode: no session with our wallet, so no money
   * moves. Vendors without one leave it unset.
   */
  demo?(merchant: string, gameCode: string, language: string, ip?: string): Promise<LaunchResult>;
  transfer?: TransferWalletOps;
  /** The vendor's game list for a brand, for the catalogue sync. */
  catalogue?(merchant: string): Promise<VendorCatalogueGame[]>;
  /** Rounds settled at the vendor in [from, to), for vendors that report bets afterwards. */
  rounds?(merchant: string, from: Date, to: Date): Promise<VendorRound[]>;
  /** Where an operator or member sees one round's details at the vendor (a URL). */
  roundDetails?(merchant: string, roundId: string): Promise<{ url: string }>;
}
