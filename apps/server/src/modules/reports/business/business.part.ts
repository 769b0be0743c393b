import type { ModuleContext } from '../../../platform/module';
import type { ReportPart } from '../report-part';

/** The business reports (README). */
export function businessReports(_deps: ModuleContext): ReportPart<object> {
  return {};
}
