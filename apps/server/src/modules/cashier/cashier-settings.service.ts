import { fromMinor, toMinor } from '@app/contracts';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';

/** A brand without settings: every withdrawal approval needs a second person. */
const DEFAULT_THRESHOLD_MINOR = 0n;

export interface CashierSettingsValue {
  /** Minor units. */
  withdrawalApprovalThreshold: bigint;
}

/** The per-brand cashier rules the back office sets (the maker-checker threshold). */
export class CashierSettingsService {
  constructor(private readonly db: Db) {}

  async get(merchant: string): Promise<CashierSettingsValue> {
    const row = await this.db
      .selectFrom('cashier_settings')
      .select('withdrawal_approval_threshold')
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
    return {
      withdrawalApprovalThreshold: row ? BigInt(row.withdrawal_approval_threshold) : DEFAULT_THRESHOLD_MINOR,
    };
  }

  /** Sets the threshold (an amount text, 0 allowed); returns the values before and after. */
  async set(
    merchant: string,
    thresholdText: string,
    by: string,
  ): Promise<{ before: CashierSettingsValue; after: CashierSettingsValue }> {
    const minor = toMinor(thresholdText);
    if (minor === null) throw new AppError('request.invalid');
    return this.db.transaction().execute(async (trx) => {
      const prev = await trx
        .selectFrom('cashier_settings')
        .select('withdrawal_approval_threshold')
        .where('merchant_code', '=', merchant)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .insertInto('cashier_settings')
        .values({ merchant_code: merchant, withdrawal_approval_threshold: minor, updated_by: by })
        .onConflict((oc) =>
          oc.column('merchant_code').doUpdateSet({
            withdrawal_approval_threshold: minor,
            updated_by: by,
            updated_at: new Date(),
          }),
        )
        .execute();
      return {
        before: {
          withdrawalApprovalThreshold: prev
            ? BigInt(prev.withdrawal_approval_threshold)
            : DEFAULT_THRESHOLD_MINOR,
        },
        after: { withdrawalApprovalThreshold: minor },
      };
    });
  }
}

/** The wire shape: major units as a JSON number. */
export function settingsToWire(v: CashierSettingsValue) {
  return { withdrawalApprovalThreshold: fromMinor(v.withdrawalApprovalThreshold) };
}
