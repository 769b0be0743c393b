import { AppError } from '../../platform/app-error';
import type { BetRepository, BetRow, CloseItem } from './bet.repository';
import type { LedgerService } from './ledger.service';
import type { PushNotices } from '../../platform/push-topics';

export interface PlaceBetInput {
  vendor: string;
  gameType: string;
  gameCode: string;
  gameName: string;
  roundId: string;
  /** Minor units, > 0. */
  stake: bigint;
  /**
   * The wallet the stake comes from and the payout goes to: the main wallet (seamless vendors),
   * or the member's wallet at a transfer-wallet vendor (the money moved there at launch).
   */
  wallet?: { vendor: string };
}

export interface Bet {
  id: string;
  memberId: string;
  vendor: string;
  gameType: string;
  gameCode: string;
  gameName: string;
  roundId: string;
  stake: bigint;
  validBet: bigint;
  payout: bigint;
  status: 'OPEN' | 'SETTLED' | 'VOID';
  /** The ledger entry that moved the stake (its debit names the wallet the bet plays from). */
  stakeEntryId: string;
  placedAt: Date;
  settledAt: Date | null;
}

/** A bet and the wallet it plays from right after the call (what a vendor callback answers). */
export interface BetResult {
  bet: Bet;
  balance: bigint;
}

/** A placed stake; `repeat`: the round's stake was placed by an earlier call (nothing moved now). */
interface PlacedBet extends BetResult {
  repeat: boolean;
}

function toBet(r: BetRow): Bet {
  return {
    id: r.id,
    memberId: r.member_id,
    vendor: r.vendor_code,
    gameType: r.game_type,
    gameCode: r.game_code,
    gameName: r.game_name,
    roundId: r.round_id,
    stake: BigInt(r.stake),
    validBet: BigInt(r.valid_bet),
    payout: BigInt(r.payout),
    status: r.status,
    stakeEntryId: r.stake_entry_id,
    placedAt: r.placed_at,
    settledAt: r.settled_at,
  };
}

/**
 * The ledger side of bets. A stake moves main →
 * bet hold and opens a bet record; the settlement empties the hold into the house and pays the
 * member from it, as one entry; a void returns the stake. References are the vendor's round, so
 * a repeated callback moves nothing and answers as the first one did.
 */
export class BetService {
  constructor(
    private readonly repo: BetRepository,
    private readonly ledger: LedgerService,
    /** Tells the member's open pages that the wallet changed (after the commit: these paths commit first). */
    private readonly notices?: PushNotices,
  ) {}

  /**
   * MAIN -stake, BET_HOLD +stake, and an OPEN bet record. The hot path: once the two account ids
   * are cached it is one statement, bet_place_batch(), shared with the stakes other requests place
   * at the same moment (group commit) and answered after its commit. The main balance must cover
   * the stake; a repeat of the round answers the first bet and moves nothing; a new stake for a
   * round the vendor rolled back already is refused (vendor.round.rolled.back) and moves nothing.
   */
  async placeBet(merchant: string, memberId: string, input: PlaceBetInput): Promise<PlacedBet> {
    if (input.stake <= 0n) throw new AppError('wallet.amount.invalid');
    const { wallet, ...bet } = input;
    const from = wallet
      ? await this.ledger.account(merchant, 'VENDOR', memberId, wallet.vendor)
      : await this.ledger.account(merchant, 'MAIN', memberId);
    const hold = await this.ledger.account(merchant, 'BET_HOLD', memberId);
    const reference = `BET:${input.vendor}:${input.roundId}`;
    const placed = await this.repo.placeStake({
      merchant,
      reference,
      memberId,
      debitAccountId: from,
      creditAccountId: hold,
      ...bet,
    });
    switch (placed.outcome) {
      case 'insufficient':
        throw new AppError('wallet.insufficient');
      case 'conflict':
        // The reference was applied with other legs (another member or stake).
        throw new AppError('wallet.reference.conflict');
      case 'rolled_back':
        throw new AppError('vendor.round.rolled.back');
      // The member's betting is blocked by the operator, or they are on a break they took.
      case 'blocked':
        throw new AppError('game.betting.blocked');
      case 'excluded':
        throw new AppError('protection.excluded');
      // The stake could take a period past the member's own limit.
      case 'limit_wager':
        throw new AppError('protection.limit.wager');
      case 'limit_loss':
        throw new AppError('protection.limit.loss');
      // The member's session has lasted the time they allowed it.
      case 'limit_session':
        throw new AppError('protection.limit.session');
      case 'placed':
      case 'repeat':
        // A repeat whose entry has no bet record was not placed by this service.
        if (!placed.bet) throw new Error(`bet ${reference} has an entry but no record`);
        if (placed.outcome === 'placed') this.notices?.member(merchant, memberId, 'wallet');
        return {
          bet: toBet(placed.bet),
          balance: BigInt(placed.balance ?? '0'),
          repeat: placed.outcome === 'repeat',
        };
    }
  }

  /** A member's main wallet, or its wallet at a transfer-wallet vendor: what a game plays from. */
  async walletBalance(merchant: string, memberId: string, vendor: string | null): Promise<bigint> {
    const account = vendor
      ? await this.ledger.account(merchant, 'VENDOR', memberId, vendor)
      : await this.ledger.account(merchant, 'MAIN', memberId);
    return this.repo.balance(this.repo.db, account);
  }

  /** The bet of a vendor's round, if there is one. */
  async find(merchant: string, vendor: string, roundId: string): Promise<Bet | null> {
    const row = await this.repo.byRound(merchant, vendor, roundId);
    return row ? toBet(row) : null;
  }

  /**
   * One entry: BET_HOLD -stake, HOUSE +(stake - payout), MAIN +payout (zero legs left out), the
   * record SETTLED, and the valid bet (default: the stake) counted against the member's turnover
   * requirements. Settlements at the same moment share one statement and one commit
   * (bet_settle_batch(), group commit). A repeat with the same figures answers as the first; other
   * figures are a conflict; a void bet is closed. With `memberId`, another member's bet is unknown.
   */
  async settleBet(
    merchant: string,
    vendor: string,
    roundId: string,
    input: { payout: bigint; validBet?: bigint },
    memberId: string | null = null,
  ): Promise<BetResult> {
    if (input.payout < 0n || (input.validBet !== undefined && input.validBet < 0n))
      throw new AppError('wallet.amount.invalid');
    return this.close({
      merchant,
      vendor,
      roundId,
      memberId,
      to: 'SETTLED',
      payout: input.payout,
      validBet: input.validBet ?? null,
      houseAccountId: await this.ledger.account(merchant, 'HOUSE'),
    });
  }

  /** BET_HOLD -stake, MAIN +stake, the record VOID. A settled bet is closed. */
  async voidBet(
    merchant: string,
    vendor: string,
    roundId: string,
    memberId: string | null = null,
  ): Promise<BetResult> {
    return this.close({
      merchant,
      vendor,
      roundId,
      memberId,
      to: 'VOID',
      payout: null,
      validBet: null,
      houseAccountId: null,
    });
  }

  /**
   * A further payout on a settled bet (a vendor paying one round in several wins: free spins, a
   * bonus after the first win). One entry under PAYOUT:<vendor>:<round>:<key>, where `key` names
   * this payout (the vendor's win transaction id): HOUSE -amount, the stake's wallet +amount, and
   * the bet's payout raised by it, in one transaction holding the bet's row (the lock a settlement
   * takes first, so the two never interleave). A repeat of the key with the same amount moves
   * nothing and answers alike; another amount is a conflict. The bet must be settled: an open bet
   * is settled by its first payout (settleBet), a void one is closed. A zero amount moves nothing.
   * With `memberId`, another member's bet is unknown.
   */
  async addPayout(
    merchant: string,
    vendor: string,
    roundId: string,
    key: string,
    amount: bigint,
    memberId: string | null = null,
  ): Promise<BetResult> {
    if (amount < 0n || key.length === 0) throw new AppError('wallet.amount.invalid');
    // Created (if need be) before the transaction: see LedgerService.account.
    const house = await this.ledger.account(merchant, 'HOUSE');
    return this.repo.transaction(async (trx) => {
      const row = await this.repo.lockByRound(trx, merchant, vendor, roundId);
      if (!row || (memberId !== null && row.member_id !== memberId))
        throw new AppError('vendor.round.unknown');
      if (row.status === 'VOID') throw new AppError('vendor.round.closed');
      // Not settled yet: its first payout is still on its way (the vendor retries this one).
      if (row.status === 'OPEN') throw new AppError('vendor.round.open');
      const wallet = await this.repo.stakeWallet(trx, row.stake_entry_id);
      let bet = row;
      if (amount > 0n) {
        const posted = await this.ledger.post(trx, {
          merchant,
          reference: `PAYOUT:${vendor}:${roundId}:${key}`,
          kind: 'PAYOUT',
          memberId: row.member_id,
          memo: { vendor, roundId, payout: key },
          postings: [
            { accountId: house, amount: -amount },
            { accountId: wallet, amount },
          ],
        });
        if (posted.created) bet = await this.repo.addPayout(trx, row.id, amount);
      }
      return { bet: toBet(bet), balance: await this.repo.balance(trx, wallet) };
    });
  }

  private async close(item: CloseItem): Promise<BetResult> {
    const closed = await this.repo.closeBet(item);
    switch (closed.outcome) {
      case 'unknown':
        throw new AppError('vendor.round.unknown');
      case 'closed':
        throw new AppError('vendor.round.closed');
      case 'conflict':
        throw new AppError('wallet.reference.conflict');
      case 'settled':
      case 'repeat':
        if (closed.outcome === 'settled')
          this.notices?.member(item.merchant, closed.bet!.member_id, 'wallet');
        return { bet: toBet(closed.bet!), balance: BigInt(closed.balance ?? '0') };
    }
  }
}
