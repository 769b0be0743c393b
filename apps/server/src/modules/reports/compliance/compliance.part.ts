import type { ModuleContext } from '../../../platform/module';
import type { ReportPart } from '../report-part';

/** The compliance reports (README). */
export function complianceReports(_deps: ModuleContext): ReportPart<object> {
  return {};
}
