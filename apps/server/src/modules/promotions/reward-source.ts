import type { Claimable, Language } from '@app/contracts';
import type { Brand } from '../../platform/brand';

/**
 * Something that gives members rewards they claim (promotion bonuses, mission rewards, rebates,
 * referral rewards). The reward centre lists every source's claimable rewards together and passes
 * a claim to the source that listed it; each source keeps its own rules and pays through
 * BonusService, once per reward.
 */
export interface RewardSource {
  /** The Claimable.source value of this source's rewards. */
  readonly source: Claimable['source'];
  /** What the member can claim now, in the member's language. */
  claimables(brand: Brand, memberId: string, lang: Language): Promise<Claimable[]>;
  /**
   * Claims one reward the member can claim now (`id` as listed). Pays it once however often it
   * is called (a second call answers the first claim or refuses with a clear error, and moves
   * nothing); unknown, foreign or not-yet-claimable ids are refused and change nothing.
   */
  claim(brand: Brand, memberId: string, id: string, lang: Language): Promise<Claimable>;
}
