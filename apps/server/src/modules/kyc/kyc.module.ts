import type { ModuleContext, ServerModule } from '../../platform/module';
import type { ProtectionService } from '../protection';
import { KycRepository } from './kyc.repository';
import { kycRoutes } from './kyc.routes';
import { KycService, type ReleaseWithdrawals } from './kyc.service';

interface KycDeps extends ModuleContext {
  /** The brand's minimum age (player protection's rules). */
  protection: Pick<ProtectionService, 'rules'>;
  /** The cashier's release of held withdrawals (composed after this module; called at approval). */
  releaseWithdrawals: ReleaseWithdrawals;
}

/**
 * Identity verification (KYC): members' documents and submissions, staff review, the brand's
 * rules for when withdrawals wait for it, and the queue-age report.
 */
export function createKycModule(deps: KycDeps): ServerModule<{ kyc: KycService }> {
  const kyc = new KycService(
    new KycRepository(deps.db),
    deps.limits,
    deps.protection,
    deps.releaseWithdrawals,
    undefined,
    deps.notices,
  );
  return {
    services: { kyc },
    routes: async (app) => {
      await app.register(kycRoutes, { kyc });
    },
  };
}
