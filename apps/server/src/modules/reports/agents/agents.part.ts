import type { ModuleContext } from '../../../platform/module';
import type { ReportPart } from '../report-part';

/** The agents reports (README). */
export function agentsReports(_deps: ModuleContext): ReportPart<object> {
  return {};
}
