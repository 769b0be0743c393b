import type { ModuleContext } from '../../../platform/module';
import type { ReportPart } from '../report-part';

/** The cashier reports (README). */
export function cashierReports(_deps: ModuleContext): ReportPart<object> {
  return {};
}
