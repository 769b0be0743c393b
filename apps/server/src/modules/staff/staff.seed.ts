import type { Db } from '../../db/repository';
import { StaffAdminService } from './staff-admin.service';
import { StaffRepository } from './staff.repository';

/**
 * The demo's three staff members with known passwords and TOTP secrets, already enrolled (the
 * README prints them; for local use only). Idempotent: an existing username is left alone.
 */
export async function seedDemoStaff(db: Db): Promise<void> {
  const admin = new StaffAdminService(new StaffRepository(db), { now: () => Date.now() });
  await admin.seedDemo({
    username: 'owner',
    displayName: 'Demo owner',
    password: 'DemoOwner!2026',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    grant: 'platform-owner',
  });
  await admin.seedDemo({
    username: 'finance',
    displayName: 'Demo finance',
    password: 'DemoFinance!2026',
    totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
    grant: { merchant: 'GOLDEN', role: 'finance' },
  });
  await admin.seedDemo({
    username: 'support',
    displayName: 'Demo support',
    password: 'DemoSupport!2026',
    totpSecret: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
    grant: { merchant: 'GOLDEN', role: 'support' },
  });
}
