import type { ModuleContext } from '../../../platform/module';
import type { ReportPart, ReportSource } from '../report-part';
import { ExportsRepository } from './exports.repository';
import { ExportsService } from './exports.service';
import { exportsRoutes } from './exports.routes';

/** Exports of any report source to CSV or XLSX (README, "Exports"). */
export function reportExports(
  deps: ModuleContext,
  sources: ReportSource[],
): ReportPart<ExportsService> & { services: ExportsService } {
  const service = new ExportsService(deps.db, new ExportsRepository(deps.db), deps.log, sources);
  return {
    routes: async (app) => exportsRoutes(app, { exports: service }),
    jobs: [
      { name: 'report-exports', everyMs: 1000, run: () => service.runQueued() },
      { name: 'report-exports-cleanup', everyMs: 10 * 60_000, run: () => service.cleanup() },
    ],
    services: service,
  };
}
