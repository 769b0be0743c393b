import type { SeamlessWalletService } from '../seamless-wallet.service';
import type { HouseRoundRepository } from './house-round.repository';

/** How often rounds left open are looked for. */
export const HOUSE_ROUND_SWEEP_MS = 30_000;
/** A round is swept only this long after it was stored (its own request settles it first). */
const GRACE_SECONDS = 60;
/** Rounds settled per pass at most (the next pass takes the rest). */
const BATCH = 200;

/**
 * The slot and the fishing game store a round's outcome after its stake is debited and settle it
 * right after. If the process dies between the two, the stake would wait in the bet hold until the
 * player retried the same request. This pays such rounds with the outcome already stored: the same
 * idempotent credit the request would have made, so a pass racing the player's retry (or another
 * instance's pass) moves the money once.
 * WARNING: a stake debited whose outcome was never stored (the process died in between) is not
 * found here: it stays open until the player retries that request (see the issue 6 note).
 */
export class HouseRoundSweeper {
  constructor(
    private readonly rounds: HouseRoundRepository,
    private readonly wallet: SeamlessWalletService,
  ) {}

  /** Settles stored rounds whose bet is still open; answers how many it settled. */
  async sweep(): Promise<number> {
    const open = await this.rounds.storedButOpen(GRACE_SECONDS, BATCH);
    let settled = 0;
    for (const r of open) {
      const w = {
        merchant: r.merchant_code,
        vendor: r.vendor_code,
        memberId: r.member_id,
        walletVendor: null,
      };
      await this.wallet.credit(w, r.round_id, BigInt(r.total_win), BigInt(r.bet));
      settled++;
    }
    return settled;
  }
}
