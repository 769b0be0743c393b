import type { ModuleContext } from '../../../platform/module';
import type { ReportPart } from '../report-part';

/** The players reports (README). */
export function playersReports(_deps: ModuleContext): ReportPart<object> {
  return {};
}
