import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import { RecordsRepository } from './records.repository';
import { recordsRoutes } from './records.routes';
import { RecordsService } from './records.service';

/** The member's records: account movements, bets, deposits and withdrawals, per day window. */
export function createRecordsModule(ctx: ModuleContext): ServerModule<{ records: RecordsService }> {
  const records = new RecordsService(new RecordsRepository(ctx.db));
  return {
    services: { records },
    routes: async (app: FastifyInstance) => {
      await app.register(recordsRoutes, { records });
    },
  };
}
