import { fromMinor, type Claimable, type Language } from '@app/contracts';
import type { Brand } from '../../platform/brand';
import type { RewardSource } from './reward-source';
import { REBATE_TITLE, type RebateService } from './rebate.service';

/**
 * Rebates in the reward centre: today's claimable rebate once it reaches the minimum payout (id:
 * the day, yyyy-mm-dd); claiming it is the manual claim. It expires at the end of the day, when
 * the daily job pays whatever is left of it.
 */
export class RebateRewardSource implements RewardSource {
  readonly source = 'REBATE' as const;

  constructor(private readonly rebates: RebateService) {}

  async claimables(brand: Brand, memberId: string, lang: Language): Promise<Claimable[]> {
    const c = await this.rebates.claimable(brand, memberId);
    if (!c) return [];
    return [
      {
        source: this.source,
        id: c.day,
        title: `${REBATE_TITLE[lang]} ${c.day}`,
        amount: fromMinor(c.amount),
        turnoverRequired: fromMinor(c.turnoverRequired),
        expiresTime: c.expires.toISOString(),
      },
    ];
  }

  async claim(brand: Brand, memberId: string, id: string, lang: Language): Promise<Claimable> {
    const paid = await this.rebates.claim(brand, memberId, id);
    return {
      source: this.source,
      id: paid.day,
      title: `${REBATE_TITLE[lang]} ${paid.day}`,
      amount: paid.amount,
      turnoverRequired: paid.turnoverRequired,
      expiresTime: null,
    };
  }
}
