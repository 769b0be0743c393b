import {
  FISH_HISTORY_SIZE,
  FISH_SHOTS_PER_SECOND,
  fromMinor,
  toMinor,
  type FishInfo,
  type FishShot,
  type FishShotRequest,
  type FishShotResult,
  type FishSpeciesId,
} from '@app/contracts';
import { AppError } from '../../../../platform/app-error';
import type { RateLimiter } from '../../../../platform/rate-limit';
import { refuseBlockedBet, type GameTicket, type GameTicketService } from '../../game-ticket.service';
import type { RoundWallet, SeamlessWalletService } from '../../seamless-wallet.service';
import type { HouseRoundRepository, HouseRoundRow } from '../house-round.repository';
import { SecureRng, type Rng } from '../secure-rng';
import { FISH_RTP_PERCENT, FISH_TABLE, captureOdds, shoot } from './fish-engine';

/** Bets per shot the player can choose, minor units; a game offers those at or above its minimum. */
const BET_OPTIONS = [10n, 20n, 50n, 100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n];

/** A shot as stored in house_round.detail. */
interface StoredDetail {
  fishSpeciesId: FishSpeciesId;
  multiplier: number;
  captured: boolean;
}

function shotWire(row: HouseRoundRow): FishShot {
  const d = row.detail as StoredDetail;
  return {
    roundId: row.round_id,
    time: new Date(row.created_at).toISOString(),
    bet: fromMinor(row.bet),
    fishSpeciesId: d.fishSpeciesId,
    multiplier: d.multiplier,
    captured: d.captured,
    win: fromMinor(row.total_win),
  };
}

/**
 * The house fishing shooter. One shot is one round: the stake is debited, the capture
 * is decided here with a secure RNG and stored, and the round is settled with its win (bet ×
 * multiplier, or 0). The client only says which species it aimed at; the server alone decides.
 * WARNING: a shot is named by the member and the client's requestId and its outcome is stored
 * once (house_round is insert-once): a retried shot (lost answer, double tap) settles the first
 * outcome and never draws again, so retrying cannot turn a miss into a catch.
 */
export class HouseFishService {
  constructor(
    private readonly tickets: GameTicketService,
    private readonly wallet: SeamlessWalletService,
    private readonly rounds: HouseRoundRepository,
    private readonly limits: RateLimiter,
    private readonly rng: Rng = new SecureRng(),
  ) {}

  private async ticket(token: unknown, merchant: string): Promise<GameTicket> {
    const t = await this.tickets.verify(token, merchant);
    if (t.engine !== 'FISH') throw new AppError('game.token.invalid');
    return t;
  }

  private walletOf(t: GameTicket): RoundWallet {
    return { merchant: t.merchant, vendor: t.vendor, memberId: t.memberId, walletVendor: t.walletVendor };
  }

  /** Bets per shot offered: the options at or above the game's minimum (else the largest). */
  static betOptions(minBet: bigint): bigint[] {
    const allowed = BET_OPTIONS.filter((b) => b >= minBet);
    return allowed.length > 0 ? allowed : [BET_OPTIONS[BET_OPTIONS.length - 1]!];
  }

  async info(token: unknown, merchant: string): Promise<FishInfo> {
    const t = await this.ticket(token, merchant);
    return {
      gameName: t.gameName,
      vendor: t.vendor,
      gameCode: t.gameCode,
      currencySymbol: t.currencySymbol,
      balance: fromMinor(await this.wallet.balance(this.walletOf(t))),
      betOptions: HouseFishService.betOptions(t.minBet).map(fromMinor),
      species: FISH_TABLE.map((s) => {
        const odds = captureOdds(s.multiplier);
        return {
          id: s.id,
          multiplier: s.multiplier,
          captureHits: odds.hits,
          captureOutOf: odds.outOf,
          boss: s.boss,
        };
      }),
      rtp: FISH_RTP_PERCENT,
      maxShotsPerSecond: FISH_SHOTS_PER_SECOND,
    };
  }

  async shoot(token: unknown, merchant: string, body: FishShotRequest): Promise<FishShotResult> {
    const t = await this.ticket(token, merchant);
    refuseBlockedBet(t);
    const bet = toMinor(body.bet);
    if (bet === null || !HouseFishService.betOptions(t.minBet).includes(bet))
      throw new AppError('game.bet.invalid');
    const w = this.walletOf(t);
    // The member's id keeps two members' request ids apart; "fish" keeps this game's shots apart
    // from the house slot's spins, which share the vendor and its round ids.
    const roundId = `${t.memberId}-fish-${body.requestId}`;

    let stored = await this.rounds.byRound(merchant, roundId);
    if (stored) {
      const d = stored.detail as StoredDetail;
      if (BigInt(stored.bet) !== bet || d.fishSpeciesId !== body.fishSpeciesId)
        throw new AppError('wallet.reference.conflict');
    } else {
      // Only new shots count: a retry of a decided shot must always be able to settle it.
      if (!(await this.limits.allow(`fish-shot:${merchant}:${t.memberId}`, 1, FISH_SHOTS_PER_SECOND)))
        throw new AppError('game.shot.too.fast', undefined, [FISH_SHOTS_PER_SECOND]);
      await this.wallet.debit(w, {
        transactionId: roundId,
        gameType: t.gameType,
        gameCode: t.gameCode,
        gameName: t.gameName,
        amount: bet,
      });
      const outcome = shoot(this.rng, body.fishSpeciesId, bet);
      stored = await this.rounds.insertOnce({
        merchant,
        memberId: t.memberId,
        nodeId: t.nodeId,
        roundId,
        bet,
        totalWin: outcome.win,
        detail: {
          fishSpeciesId: outcome.species,
          multiplier: outcome.multiplier,
          captured: outcome.captured,
        } satisfies StoredDetail,
      });
      // A concurrent shot with this requestId but another target stored its outcome first.
      if ((stored.detail as StoredDetail).fishSpeciesId !== body.fishSpeciesId)
        throw new AppError('wallet.reference.conflict');
    }
    const settled = await this.wallet.credit(w, roundId, BigInt(stored.total_win), bet);
    return { ...shotWire(stored), balance: fromMinor(settled.balance) };
  }

  async history(token: unknown, merchant: string): Promise<{ list: FishShot[] }> {
    const t = await this.ticket(token, merchant);
    return { list: (await this.rounds.latest(t.memberId, t.nodeId, FISH_HISTORY_SIZE)).map(shotWire) };
  }
}
