import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DemoBrand } from './demo-brands';

/** Each demo brand's referral programme (minor units): minimum first deposit of the friend, reward, turnover multiple. */
const PROGRAMMES: Record<string, { minFirstDeposit: bigint; reward: bigint; turnoverMultiple: number }> = {
  GOLDEN: { minFirstDeposit: 100_00n, reward: 50_00n, turnoverMultiple: 1 },
  LOTUS: { minFirstDeposit: 50_00n, reward: 20_00n, turnoverMultiple: 1 },
};

/** The demo brands' referral programmes (inserted once; an operator's later changes stay). */
export async function seedReferral(db: Kysely<Database>, brands: DemoBrand[]): Promise<void> {
  for (const b of brands) {
    const p = PROGRAMMES[b.code] ?? PROGRAMMES.GOLDEN!;
    await db
      .insertInto('referral_rule')
      .values({
        merchant_code: b.code,
        enabled: true,
        min_first_deposit: p.minFirstDeposit,
        reward: p.reward,
        turnover_multiple: p.turnoverMultiple,
        qualify_days: 30,
        monthly_limit: 50,
      })
      .onConflict((oc) => oc.column('merchant_code').doNothing())
      .execute();
  }
}
