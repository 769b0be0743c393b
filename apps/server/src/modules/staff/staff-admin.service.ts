import { randomBytes } from 'node:crypto';
import { isPermission, permissionsOn, type OperatorGrant, type Permission, type Role } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { OperatorPrincipal } from '../../platform/operator-auth';
import { hashPassword } from '../../platform/password';
import { ipAllowed, parseAllowEntry } from './ip-allow-list';
import type { Clock } from './staff-auth.service';
import { randomToken, sha256 } from './staff-crypto';
import type { GrantRow, StaffRepository } from './staff.repository';

/** A one-time password: typed once, then replaced at the first sign-in. */
function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

function isPlatformOwner(grants: readonly OperatorGrant[]): boolean {
  return grants.some((g) => g.merchant === null && g.role === 'owner');
}

/**
 * Whether `actor` may manage a staff member holding `target` grants: staff.manage on every brand
 * the target works on, and a platform owner for an owner or a platform-wide grant (nobody raises
 * anyone, themselves included, above what they hold).
 */
function canManage(actor: OperatorPrincipal, target: readonly GrantRow[]): boolean {
  const owner = isPlatformOwner(actor.grants);
  return target.every((g) => {
    if (g.merchant_code === null || g.role === 'owner') return owner;
    return permissionsOn(actor.grants, g.merchant_code).has('staff.manage');
  });
}

/** Staff accounts and their roles on a brand, the brand's API keys and its address allow-list. */
export class StaffAdminService {
  constructor(
    private readonly repo: StaffRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * The name others see for an operator (the chat's players see it on answers): a staff member's
   * display name, an API key's name.
   */
  async displayName(principal: OperatorPrincipal): Promise<string> {
    if (principal.kind !== 'STAFF') return principal.name;
    return (await this.repo.byId(principal.id))?.display_name ?? principal.name;
  }

  async list(merchant: string) {
    const now = this.clock.now();
    return (await this.repo.staffOfBrand(merchant)).map((s) => ({
      id: s.id,
      username: s.username,
      displayName: s.display_name,
      status: s.disabled
        ? ('DISABLED' as const)
        : s.locked_until && s.locked_until.getTime() > now
          ? ('LOCKED' as const)
          : ('ACTIVE' as const),
      roles: s.grants.filter((g) => g.merchant_code === merchant).map((g) => g.role),
      platformOwner: s.grants.some((g) => g.merchant_code === null && g.role === 'owner'),
      totpEnrolled: s.totp_enrolled,
      lastLoginAt: s.last_login_at?.toISOString() ?? null,
    }));
  }

  private assertGrantable(actor: OperatorPrincipal, merchant: string, role: Role | null) {
    if (!permissionsOn(actor.grants, merchant).has('staff.manage'))
      throw new AppError('staff.grant.forbidden');
    if (role === 'owner' && !isPlatformOwner(actor.grants)) throw new AppError('staff.grant.forbidden');
  }

  /**
   * A new staff member with a role on this brand and a one-time password; an existing username
   * gets the role added (no new password: the account already has one).
   */
  async create(
    actor: OperatorPrincipal,
    merchant: string,
    input: { username: string; displayName: string; role: Role },
  ) {
    this.assertGrantable(actor, merchant, input.role);
    const username = input.username.trim().toLowerCase();
    return this.repo.transaction(async (trx) => {
      const existing = await trx
        .selectFrom('staff')
        .selectAll()
        .where('username', '=', username)
        .forUpdate()
        .executeTakeFirst();
      if (existing) {
        if (existing.id === actor.id && actor.kind === 'STAFF') throw new AppError('staff.self');
        const grants = await this.repo.grantsOf(existing.id, trx);
        if (grants.some((g) => g.merchant_code === merchant)) throw new AppError('system.conflict');
        await this.repo.setGrant(trx, existing.id, merchant, input.role, actor.name);
        return { id: existing.id, oneTimePassword: null, created: false };
      }
      const password = oneTimePassword();
      const id = await this.repo.insert(trx, {
        username,
        displayName: input.displayName.trim(),
        passwordHash: await hashPassword(password),
        mustChange: true,
      });
      await this.repo.setGrant(trx, id, merchant, input.role, actor.name);
      return { id, oneTimePassword: password, created: true };
    });
  }

  /** A staff member on this brand that the actor may manage (never the actor themselves). */
  private async manageable(actor: OperatorPrincipal, merchant: string, id: string) {
    if (!/^\d{1,18}$/.test(id)) throw new AppError('staff.not.found');
    const s = await this.repo.byId(id);
    const grants = s ? await this.repo.grantsOf(id) : [];
    if (!s || !grants.some((g) => g.merchant_code === merchant || g.merchant_code === null))
      throw new AppError('staff.not.found');
    if (actor.kind === 'STAFF' && actor.id === id) throw new AppError('staff.self');
    return { staff: s, grants };
  }

  async setRole(actor: OperatorPrincipal, merchant: string, id: string, role: Role | null) {
    const { grants } = await this.manageable(actor, merchant, id);
    const current = grants.find((g) => g.merchant_code === merchant) ?? null;
    this.assertGrantable(actor, merchant, role);
    if (current?.role === 'owner' && !isPlatformOwner(actor.grants))
      throw new AppError('staff.grant.forbidden');
    await this.repo.transaction((trx) => this.repo.setGrant(trx, id, merchant, role, actor.name));
    return { before: { role: current?.role ?? null }, after: { role } };
  }

  async setDisabled(actor: OperatorPrincipal, merchant: string, id: string, disabled: boolean) {
    const { staff, grants } = await this.manageable(actor, merchant, id);
    if (!canManage(actor, grants)) throw new AppError('staff.grant.forbidden');
    await this.repo.transaction(async (trx) => {
      await this.repo.update(
        id,
        disabled ? { disabled: true } : { disabled: false, locked_until: null, failed_second_factor: 0 },
        trx,
      );
      // A disabled account's sessions end now, not at their expiry.
      if (disabled) await this.repo.deleteSessions(id, trx);
    });
    return { before: { disabled: staff.disabled }, after: { disabled } };
  }

  /** A new one-time password; TOTP, recovery codes and passkeys cleared; every session ended. */
  async reset(actor: OperatorPrincipal, merchant: string, id: string) {
    const { grants } = await this.manageable(actor, merchant, id);
    if (!canManage(actor, grants)) throw new AppError('staff.grant.forbidden');
    const password = oneTimePassword();
    const hash = await hashPassword(password);
    await this.repo.transaction(async (trx) => {
      await this.repo.update(
        id,
        {
          password_hash: hash,
          must_change_password: true,
          totp_secret: null,
          totp_enrolled: false,
          totp_last_step: null,
          failed_second_factor: 0,
          locked_until: null,
        },
        trx,
      );
      await this.repo.replaceRecoveryCodes(trx, id, []);
      await trx.deleteFrom('staff_passkey').where('staff_id', '=', id).execute();
      await this.repo.deleteSessions(id, trx);
      await this.repo.deleteChallenges(id, trx);
    });
    return { oneTimePassword: password };
  }

  // API keys.

  async apiKeys(merchant: string) {
    return (await this.repo.apiKeysOf(merchant)).map((k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      permissions: k.permissions,
      createdBy: k.created_by,
      createdAt: k.created_at.toISOString(),
      lastUsedAt: k.last_used_at?.toISOString() ?? null,
      revokedAt: k.revoked_at?.toISOString() ?? null,
    }));
  }

  /**
   * A key for this brand holding only permissions the creator holds on it. merchant null (every
   * brand) is for the CLI alone: no route passes it.
   */
  async createApiKey(
    creator: OperatorPrincipal | { name: string; all: true },
    merchant: string | null,
    name: string,
    permissions: readonly string[],
  ): Promise<{ id: string; key: string }> {
    const wanted = [...new Set(permissions)];
    if (!wanted.every(isPermission)) throw new AppError('request.invalid');
    if (!('all' in creator)) {
      if (merchant === null) throw new AppError('apikey.permissions.forbidden');
      const held = permissionsOn(creator.grants, merchant);
      if (!wanted.every((p) => held.has(p as Permission))) throw new AppError('apikey.permissions.forbidden');
    }
    return this.insertKey(`bok_${randomToken(32)}`, name.trim(), merchant, wanted, creator.name);
  }

  /** Stores a key whose raw text the caller chose (the test harness's and CLI's own keys). */
  async insertKey(key: string, name: string, merchant: string | null, permissions: string[], by: string) {
    const id = await this.repo.insertApiKey({
      name,
      prefix: key.slice(0, 12),
      hash: sha256(key),
      merchant,
      permissions,
      createdBy: by,
    });
    return { id, key };
  }

  async revokeApiKey(merchant: string, id: string) {
    if (!/^\d{1,18}$/.test(id)) throw new AppError('apikey.not.found');
    const row = await this.repo.revokeApiKey(this.repo.db, id, merchant, new Date(this.clock.now()));
    if (!row) throw new AppError('apikey.not.found');
    return { id: row.id, name: row.name, prefix: row.prefix };
  }

  // Brand security.

  allowList(merchant: string): Promise<string[]> {
    return this.repo.allowList(merchant);
  }

  /** Whether a principal may call this brand from this address (the CLI runs in-process). */
  async allowIp(merchant: string, ip: string, principal: OperatorPrincipal): Promise<boolean> {
    if (principal.kind === 'CLI') return true;
    return ipAllowed(await this.repo.allowList(merchant), ip);
  }

  /** Replaces the list; refuses a malformed entry, and a list that would shut the caller out. */
  async setAllowList(
    actor: OperatorPrincipal,
    merchant: string,
    entries: readonly string[],
    callerIp: string,
  ) {
    const parsed: string[] = [];
    for (const e of entries) {
      const p = parseAllowEntry(e);
      if (!p) throw new AppError('brand.security.ip.invalid', undefined, [e.slice(0, 60)]);
      if (!parsed.includes(p)) parsed.push(p);
    }
    if (!ipAllowed(parsed, callerIp))
      throw new AppError('brand.security.self.lockout', undefined, [callerIp]);
    const before = await this.repo.allowList(merchant);
    await this.repo.transaction((trx) => this.repo.setAllowList(trx, merchant, parsed, actor.name));
    return { before: { ipAllowList: before }, after: { ipAllowList: parsed } };
  }

  /**
   * The CLI's account creation: a staff member with a role on one brand or a platform owner,
   * with a one-time password to change at the first sign-in.
   */
  async createFromCli(input: {
    username: string;
    displayName: string;
    grant: { merchant: string; role: Role } | 'platform-owner';
  }) {
    const username = input.username.trim().toLowerCase();
    const password = oneTimePassword();
    const hash = await hashPassword(password);
    const id = await this.repo.transaction(async (trx) => {
      const id = await this.repo.insert(trx, {
        username,
        displayName: input.displayName.trim(),
        passwordHash: hash,
        mustChange: true,
      });
      if (input.grant === 'platform-owner') await this.repo.grantPlatformOwner(trx, id, 'cli');
      else await this.repo.setGrant(trx, id, input.grant.merchant, input.grant.role, 'cli');
      return id;
    });
    return { id, oneTimePassword: password };
  }

  /** A demo staff member with a known password and an enrolled TOTP secret (the local demo only). */
  async seedDemo(input: {
    username: string;
    displayName: string;
    password: string;
    totpSecret: string;
    grant: { merchant: string; role: Role } | 'platform-owner';
  }) {
    if (await this.repo.byUsername(input.username)) return;
    const hash = await hashPassword(input.password);
    await this.repo.transaction(async (trx) => {
      const id = await this.repo.insert(trx, {
        username: input.username,
        displayName: input.displayName,
        passwordHash: hash,
        mustChange: false,
      });
      await this.repo.update(id, { totp_secret: input.totpSecret, totp_enrolled: true }, trx);
      if (input.grant === 'platform-owner') await this.repo.grantPlatformOwner(trx, id, 'seed');
      else await this.repo.setGrant(trx, id, input.grant.merchant, input.grant.role, 'seed');
    });
  }
}
