import type { ModuleContext } from '../../../platform/module';
import type { ReportPart } from '../report-part';

/** The rewards reports (README). */
export function rewardsReports(_deps: ModuleContext): ReportPart<object> {
  return {};
}
