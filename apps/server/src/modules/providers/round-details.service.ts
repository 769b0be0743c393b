import { AppError } from '../../platform/app-error';
import type { VendorService } from '../vendors';
import type { BetService } from '../wallet';
import type { ProviderService } from './provider.service';

/**
 * The recall of a bet at its vendor: where the vendor shows one round (Hub88's game/round page).
 * A bet is found by vendor and round id; with a member, only that member's own bet is answered
 * (another's is as unknown as a bet that does not exist). Vendors whose adapter has no round
 * details answer vendor.round.details.unavailable.
 */
export class RoundDetailsService {
  constructor(
    private readonly bets: BetService,
    private readonly vendors: VendorService,
    private readonly providers: ProviderService,
  ) {}

  /** The brand's vendor codes whose rounds can be recalled at the vendor. */
  async vendorCodes(merchant: string): Promise<string[]> {
    return (await this.vendors.wallets(merchant))
      .filter((v) => !!this.providers.adapter(v.adapter)?.roundDetails)
      .map((v) => v.code);
  }

  async url(
    merchant: string,
    vendor: string,
    roundId: string,
    memberId: string | null,
  ): Promise<{ url: string }> {
    const bet = await this.bets.find(merchant, vendor, roundId);
    if (!bet || (memberId !== null && bet.memberId !== memberId))
      throw new AppError('vendor.round.details.unavailable');
    const wallet = (await this.vendors.wallets(merchant)).find((v) => v.code === vendor);
    const adapter = wallet ? this.providers.adapter(wallet.adapter) : undefined;
    if (!adapter?.roundDetails) throw new AppError('vendor.round.details.unavailable');
    try {
      return await adapter.roundDetails(merchant, roundId);
    } catch (err) {
      // The vendor no longer knows the bet (vendor.round.unknown): nothing to show.
      if (err instanceof AppError && err.code === 'vendor.round.unknown')
        throw new AppError('vendor.round.details.unavailable');
      throw err;
    }
  }
}
