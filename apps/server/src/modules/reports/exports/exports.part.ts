import type { ModuleContext } from '../../../platform/module';
import type { ReportPart, ReportSource } from '../report-part';

/** Exports of any report source to CSV or XLSX (README). */
export function reportExports(_deps: ModuleContext, _sources: ReportSource[]): ReportPart<object> {
  return {};
}
