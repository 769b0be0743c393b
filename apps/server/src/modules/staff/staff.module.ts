import type { FastifyInstance } from 'fastify';
import type { ModuleContext, ServerModule } from '../../platform/module';
import { AuditSearchService } from './audit-search.service';
import { PasskeyService } from './passkey.service';
import { StaffAdminService } from './staff-admin.service';
import { StaffAuthService, type Clock } from './staff-auth.service';
import { StaffRepository } from './staff.repository';
import { staffRoutes } from './staff.routes';

export interface StaffServices {
  auth: StaffAuthService;
  admin: StaffAdminService;
  audit: AuditSearchService;
  passkeys: PasskeyService;
  /** The module's time (tests move it to reach idle and absolute expiry, locks, TOTP windows). */
  clock: Clock;
}

/**
 * Staff identity and access: staff sign-in with password and TOTP, sessions, roles per brand,
 * API keys, each brand's address allow-list, and the audit log's search and export. Its
 * `auth.authenticate` and `admin.allowIp` are what the operator guard (app.ts) asks.
 */
export function createStaffModule(ctx: ModuleContext): ServerModule<StaffServices> {
  const repo = new StaffRepository(ctx.db);
  const clock: Clock = { now: () => Date.now() };
  const auth = new StaffAuthService(repo, ctx.limits, clock);
  const admin = new StaffAdminService(repo, clock);
  const audit = new AuditSearchService(ctx.db);
  const passkeys = new PasskeyService(ctx.db, auth);
  return {
    services: { auth, admin, audit, passkeys, clock },
    routes: async (app: FastifyInstance) => {
      await app.register(staffRoutes, {
        auth,
        admin,
        audit,
        passkeys,
        limits: ctx.limits,
        db: ctx.db,
        production: ctx.config.NODE_ENV === 'production',
      });
    },
  };
}
