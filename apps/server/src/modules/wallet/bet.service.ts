import { AppError } from '../../platform/app-error';
import type { BetRepository, BetRow } from './bet.repository';
import type { LedgerService } from './ledger.service';
import type { TurnoverService } from './turnover.service';

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

export interface SettleInput {
  /** What the member gets back (stake included), minor units, >= 0. */
  payout: bigint;
  /** The part of the stake that counts as turnover, minor units, >= 0. */
  validBet: bigint;
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
 * The ledger side of bets (ISSUE 4; vendor callbacks arrive with ISSUE 5). A stake moves main →
 * bet hold and opens a bet record; the settlement empties the hold into the house and pays the
 * member from it, as one entry; a void returns the stake. References are the vendor's round, so
 * a repeated callback moves nothing and answers as the first one did.
 */
export class BetService {
  constructor(
    private readonly repo: BetRepository,
    private readonly ledger: LedgerService,
    private readonly turnover: TurnoverService,
  ) {}

  /**
   * MAIN -stake, BET_HOLD +stake, and an OPEN bet record. The hot path: once the two account ids
   * are cached it is one statement, bet_place_batch(), shared with the stakes other requests place
   * at the same moment (group commit) and answered after its commit. The main balance must cover
   * the stake; a repeat of the round answers the first bet and moves nothing.
   */
  async placeBet(merchant: string, memberId: string, input: PlaceBetInput): Promise<BetResult> {
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
      case 'placed':
      case 'repeat':
        // A repeat whose entry has no bet record was not placed by this service.
        if (!placed.bet) throw new Error(`bet ${reference} has an entry but no record`);
        return { bet: toBet(placed.bet), balance: BigInt(placed.balance ?? '0') };
    }
  }

  /** A member's main wallet, or its wallet at a transfer-wallet vendor: what a game plays from. */
  async walletBalance(merchant: string, memberId: string, vendor: string | null): Promise<bigint> {
    const account = vendor
      ? await this.ledger.account(merchant, 'VENDOR', memberId, vendor)
      : await this.ledger.account(merchant, 'MAIN', memberId);
    return this.repo.balance(this.repo.root, account);
  }

  /** The bet of a vendor's round, if there is one. */
  async find(merchant: string, vendor: string, roundId: string): Promise<Bet | null> {
    const row = await this.repo.byRound(merchant, vendor, roundId);
    return row ? toBet(row) : null;
  }

  /**
   * One entry: BET_HOLD -stake, HOUSE +(stake - payout), MAIN +payout (zero legs left out), the
   * record SETTLED, and the valid bet counted against the member's turnover requirements.
   */
  async settleBet(
    merchant: string,
    vendor: string,
    roundId: string,
    input: SettleInput,
    /** The bet, when the caller has just read it (saves reading it again). */
    known?: Bet,
  ): Promise<BetResult> {
    if (input.payout < 0n || input.validBet < 0n) throw new AppError('wallet.amount.invalid');
    return this.close(merchant, vendor, roundId, 'SETTLED', input, known);
  }

  /** BET_HOLD -stake, MAIN +stake, the record VOID. */
  async voidBet(merchant: string, vendor: string, roundId: string): Promise<BetResult> {
    return this.close(merchant, vendor, roundId, 'VOID', null);
  }

  private async close(
    merchant: string,
    vendor: string,
    roundId: string,
    to: 'SETTLED' | 'VOID',
    settle: SettleInput | null,
    known?: Bet,
  ): Promise<BetResult> {
    const found = known ?? (await this.find(merchant, vendor, roundId));
    if (!found) throw new AppError('vendor.round.unknown');
    // Resolved before the transaction (LedgerService.account WARNING). The payout goes back to
    // the wallet the stake came from (main, or a transfer-wallet vendor's).
    const memberId = found.memberId;
    const main = await this.repo.stakeWallet(found.stakeEntryId);
    const hold = await this.ledger.account(merchant, 'BET_HOLD', memberId);
    const house = to === 'SETTLED' ? await this.ledger.account(merchant, 'HOUSE') : null;

    return this.repo.transaction(async (trx) => {
      const bet = await this.repo.lockById(trx, found.id);
      if (bet.status !== 'OPEN') {
        if (bet.status !== to) throw new AppError('vendor.round.closed');
        // A repeat: the same settlement again answers as the first; another one is a conflict.
        if (settle && (BigInt(bet.payout) !== settle.payout || BigInt(bet.valid_bet) !== settle.validBet))
          throw new AppError('wallet.reference.conflict');
        return { bet: toBet(bet), balance: await this.repo.balance(trx, main) };
      }
      const stake = BigInt(bet.stake);
      const payout = settle ? settle.payout : stake;
      const posted = await this.ledger.post(trx, {
        merchant,
        reference: `${to === 'SETTLED' ? 'SETTLE' : 'VOID'}:${vendor}:${roundId}`,
        kind: to === 'SETTLED' ? 'PAYOUT' : 'BET_VOID',
        memberId,
        memo: { vendor, roundId },
        // The ledger drops zero legs (a payout equal to the stake leaves the house untouched).
        postings: [
          { accountId: hold, amount: -stake },
          ...(house ? [{ accountId: house, amount: stake - payout }] : []),
          { accountId: main, amount: payout },
        ],
      });
      const validBet = settle ? settle.validBet : 0n;
      const row = await this.repo.close(
        trx,
        bet.id,
        { status: to, payout: settle ? payout : 0n, validBet, entryId: posted.entryId },
        main,
      );
      if (settle) await this.turnover.accrue(trx, memberId, validBet);
      return { bet: toBet(row), balance: BigInt(row.balance) };
    });
  }
}
