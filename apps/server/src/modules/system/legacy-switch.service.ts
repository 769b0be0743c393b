import { AppError } from '../../platform/app-error';
import { writeAudit, type AuditActor } from '../../platform/audit';
import type { LegacySwitchRepository } from './legacy-switch.repository';

/** The audit action of a change of the switch. */
const LEGACY_SWITCH_ACTION = 'brand.legacyCrypto.set';

/**
 * Legacy wire compatibility per brand (ARCHITECTURE section 3): whether the brand takes the real
 * clients' legacy payload scheme. Operators switch it; each change is audited with the change.
 */
export class LegacySwitchService {
  constructor(private readonly repo: LegacySwitchRepository) {}

  /** Sets the switch; answers the state before and after. A no-op change is not logged. */
  async set(
    merchant: string,
    enabled: boolean,
    who: AuditActor,
  ): Promise<{ before: boolean; after: boolean }> {
    return this.repo.transaction(async (tx) => {
      const before = await this.repo.lockedState(tx, merchant);
      if (before === null) throw new AppError('system.merchant.unknown');
      if (before !== enabled) {
        await this.repo.set(tx, merchant, enabled);
        await writeAudit(tx, who, {
          merchant,
          action: LEGACY_SWITCH_ACTION,
          target: `merchant:${merchant}`,
          before: { legacyCrypto: before },
          after: { legacyCrypto: enabled },
        });
      }
      return { before, after: enabled };
    });
  }
}
