import { AppError } from '../../platform/app-error';
import type { AdapterVendor } from '../vendors';
import type { BetService } from '../wallet';
import type { CatalogueLookup, VendorAdapter, VendorRound } from './vendor-adapter';
import type { VendorRoundSyncRepository } from './vendor-round-sync.repository';

/** The brands' vendors by adapter (the vendors module's). */
interface AdapterVendors {
  byAdapter(adapter: string): Promise<AdapterVendor[]>;
}

/** Which brand a member belongs to (the member module's directory). */
interface MemberBrand {
  byId(id: string): Promise<{ merchant_code: string } | undefined>;
}

export interface RoundSyncTuning {
  /** How far back the first sync of a brand and adapter looks (ms). */
  firstLookbackMs: number;
  /** Rounds settled within this of now are left for the next run: vendors report late (ms). */
  lagMs: number;
  /** The longest window one call asks a vendor for (ms). */
  maxWindowMs: number;
}

/** What one brand's sync of one adapter did. */
export interface RoundSyncResult {
  merchant: string;
  adapter: string;
  rounds: number;
  /** Rounds recorded now (the rest were recorded before). */
  recorded: number;
  /** Where the watermark stands after the run. */
  syncedTo: Date | null;
  error?: string;
}

/**
 * Round history of vendors that report settled rounds afterwards (VendorAdapter.rounds): for each
 * registered adapter with rounds and each brand with vendors on it, the rounds settled since the
 * stored watermark are recorded as bets through the wallet's BetService, the one stake and
 * settlement path (turnover, records and rebates count them like any other). A round is its
 * vendor's round id, so a round reported twice (or already recorded by the vendor's wallet calls)
 * is recorded once. The watermark moves to the end of the window only after every round of it is
 * stored; a round that cannot be stored stops the brand's run and the window is asked again next time.
 */
export class VendorRoundSyncService {
  constructor(
    private readonly adapters: () => readonly VendorAdapter[],
    private readonly vendors: AdapterVendors,
    private readonly catalogue: CatalogueLookup,
    private readonly bets: BetService,
    private readonly members: MemberBrand,
    private readonly repo: VendorRoundSyncRepository,
    private readonly tuning: RoundSyncTuning,
  ) {}

  /** One run over every adapter with rounds and every brand using it. */
  async syncAll(now = new Date()): Promise<RoundSyncResult[]> {
    const out: RoundSyncResult[] = [];
    for (const adapter of this.adapters()) {
      if (!adapter.rounds) continue;
      const vendors = await this.vendors.byAdapter(adapter.code);
      for (const merchant of new Set(vendors.map((v) => v.merchant)))
        out.push(
          await this.sync(
            adapter,
            merchant,
            vendors.filter((v) => v.merchant === merchant),
            now,
          ),
        );
    }
    return out;
  }

  private async sync(
    adapter: VendorAdapter,
    merchant: string,
    vendors: AdapterVendor[],
    now: Date,
  ): Promise<RoundSyncResult> {
    const stored = await this.repo.watermark(merchant, adapter.code);
    const from = stored ?? new Date(now.getTime() - this.tuning.firstLookbackMs);
    const end = Math.min(now.getTime() - this.tuning.lagMs, from.getTime() + this.tuning.maxWindowMs);
    const result: RoundSyncResult = {
      merchant,
      adapter: adapter.code,
      rounds: 0,
      recorded: 0,
      syncedTo: stored,
    };
    if (end <= from.getTime()) return result;
    const to = new Date(end);
    try {
      const rounds = await adapter.rounds!(merchant, from, to);
      result.rounds = rounds.length;
      // Oldest first: a member's later stakes may be paid from earlier wins.
      const ordered = [...rounds].sort((a, b) => a.settledAt.getTime() - b.settledAt.getTime());
      for (const round of ordered) if (await this.record(merchant, vendors, round)) result.recorded += 1;
    } catch (err) {
      result.error = err instanceof Error ? err.message : String(err);
      return result;
    }
    await this.repo.advance(merchant, adapter.code, to);
    result.syncedTo = to;
    return result;
  }

  /** Records one round (stake, then settlement); answers whether anything was new. */
  private async record(merchant: string, vendors: AdapterVendor[], round: VendorRound): Promise<boolean> {
    if (round.stake < 0n || round.payout < 0n) throw new Error(`round ${round.roundId}: negative amount`);
    // A round without a stake moves nothing through a bet (free rounds are paid as their own rounds).
    if (round.stake === 0n) return false;
    const member = await this.members.byId(round.memberId);
    if (!member || member.merchant_code !== merchant)
      throw new Error(`round ${round.roundId}: member ${round.memberId} is not a member of ${merchant}`);
    const vendor = await this.vendorOf(merchant, vendors, round);
    const game = await this.catalogue.game(merchant, vendor.code, round.gameCode);
    let placedNow = false;
    try {
      const placed = await this.bets.placeBet(merchant, round.memberId, {
        vendor: vendor.code,
        gameType: game?.gameType ?? vendor.gameType,
        gameCode: round.gameCode,
        gameName: game?.displayName ?? round.gameCode,
        roundId: round.roundId,
        stake: round.stake,
        // A transfer-wallet vendor's rounds were played from the member's wallet there.
        ...(vendor.walletType === 'TRANSFER' ? { wallet: { vendor: vendor.code } } : {}),
      });
      placedNow = !placed.repeat;
      if (placed.bet.status !== 'OPEN') return placedNow;
    } catch (err) {
      // The vendor rolled the round back through its wallet calls: nothing to record.
      if (err instanceof AppError && err.code === 'vendor.round.rolled.back') return false;
      throw err;
    }
    await this.bets.settleBet(merchant, vendor.code, round.roundId, { payout: round.payout }, round.memberId);
    return true;
  }

  /** The brand's vendor the round was played under. */
  private async vendorOf(
    merchant: string,
    vendors: AdapterVendor[],
    round: VendorRound,
  ): Promise<AdapterVendor> {
    if (round.vendor !== undefined) {
      const named = vendors.find((v) => v.code === round.vendor);
      if (!named) throw new Error(`round ${round.roundId}: vendor ${round.vendor} is not ${merchant}'s`);
      return named;
    }
    if (vendors.length === 1) return vendors[0]!;
    for (const v of vendors) if (await this.catalogue.game(merchant, v.code, round.gameCode)) return v;
    throw new Error(`round ${round.roundId}: no vendor of ${merchant} has game ${round.gameCode}`);
  }
}
