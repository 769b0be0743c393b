import { DEFAULT_LABEL_COLOR, VIP_RANK_THRESHOLD, type Language } from '@app/contracts';
import { pickText, type BrandResolver } from '../../platform/brand';
import { levelDefinitions, type VipLevelRepository } from './vip-levels.repository';

/** The member label of member info (SPEC section 3): level, its name in the request language, colour. */
interface VipLabel {
  level: number;
  labelName: string;
  color: string;
}

/** Whether a rank level gets the VIP customer service (SPEC section 6: rank level above 4). */
export const hasVipService = (level: number) => level > VIP_RANK_THRESHOLD;

/**
 * A member's stored VIP level and what it shows: read by member info, the customer-service choice
 * and promotions' minimum level. Levels are reached and stored by the VIP pass (promotions module);
 * they never go down, so a read is one row.
 */
export class VipLevelService {
  constructor(
    private readonly repo: VipLevelRepository,
    private readonly brands: BrandResolver,
  ) {}

  /** The member's stored level (0 without one). */
  levelOf(merchant: string, memberId: string): Promise<number> {
    return this.repo.level(merchant, memberId);
  }

  /** Whether the member gets the VIP customer service. */
  async hasVipService(merchant: string, memberId: string): Promise<boolean> {
    return hasVipService(await this.repo.level(merchant, memberId));
  }

  /** The member label of member info: the stored level, its name in `lang` and its colour. */
  async labelOf(memberId: string, lang: Language): Promise<VipLabel> {
    const found = await this.repo.levelOfMember(memberId);
    if (!found) return { level: 0, labelName: '', color: DEFAULT_LABEL_COLOR };
    const [brand, levels] = await Promise.all([
      this.brands.resolve(found.merchant, undefined),
      levelDefinitions(this.repo.db, found.merchant),
    ]);
    const def = levels.find((l) => l.level === found.level);
    return {
      level: found.level,
      labelName: def ? pickText(def.label, lang, brand) : '',
      color: def?.color ?? DEFAULT_LABEL_COLOR,
    };
  }

  /** The brand's levels (0 and each defined level) an operator may set. */
  async levelExists(merchant: string, level: number): Promise<boolean> {
    if (level === 0) return true;
    return (await levelDefinitions(this.repo.db, merchant)).some((d) => d.level === level);
  }

  /** Sets a member's level (the back office); the level before. The caller checked the member's brand. */
  setLevel(merchant: string, memberId: string, level: number): Promise<number> {
    return this.repo.setLevel(merchant, memberId, level);
  }
}
