export { createAmlModule } from './aml.module';
export type { AmlMonitorService } from './aml-monitor.service';
export type { AmlCasesService } from './aml-cases.service';
/**
 * Screening (sanctions / PEP / restricted persons): `services.aml.screening.check(...)` answers the
 * matches; `services.aml.monitor.screenMember(memberId, null)` also opens the review case (what a
 * KYC approval calls).
 */
export type { ScreeningProvider, ScreeningHit, ScreeningSubject } from './screening';
