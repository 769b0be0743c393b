import { timingSafeEqual } from 'node:crypto';
import {
  BACKOFFICE_HEADERS,
  isRole,
  ROLE_PERMISSIONS,
  STAFF_SESSION_COOKIE,
  type OperatorGrant,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { AppError } from '../../platform/app-error';
import type { OperatorPrincipal } from '../../platform/operator-auth';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/password';
import type { RateLimiter } from '../../platform/rate-limit';
import { normaliseRecoveryCode, randomToken, recoveryCode, sha256 } from './staff-crypto';
import type { GrantRow, StaffRepository, StaffRow } from './staff.repository';

/** The service's time, replaceable in tests (idle and absolute expiry, locks, TOTP steps). */
export interface Clock {
  now(): number;
}

const CHALLENGE_MS = 10 * 60_000;
const IDLE_MS = 30 * 60_000;
const ABSOLUTE_MS = 12 * 3_600_000;
/** Wrong second-factor codes before the account locks, and for how long. */
const MAX_FAILURES = 5;
const LOCK_MS = 15 * 60_000;
const RECOVERY_CODES = 10;
const TOTP_PERIOD = 30;
/** Wrong passwords per address, and per username, in 10 minutes before sign-in is throttled. */
const LOGINS_PER_IP = 30;
const LOGINS_PER_USER = 10;

type LoginStep = 'CHANGE_PASSWORD' | 'ENROL_TOTP' | 'SECOND_FACTOR';

export interface SessionView {
  staff: { id: string; username: string; displayName: string };
  csrfToken: string;
  /** The brands the staff member may act on; timeZone (IANA) is the brand's, whose days reports count in. */
  brands: { code: string; name: string; timeZone: string; currency: string }[];
  grants: { merchant: string | null; role: string; permissions: string[] }[];
  idleExpiresAt: string;
  absoluteExpiresAt: string;
}

/** A session just opened: the raw token goes into the cookie, never into storage. */
export interface OpenedSession {
  token: string;
  view: SessionView;
}

interface Where {
  ip: string | null;
  userAgent: string | null;
}

function grantsFrom(rows: readonly GrantRow[]): OperatorGrant[] {
  return rows.flatMap((g) =>
    isRole(g.role)
      ? [{ merchant: g.merchant_code, role: g.role, permissions: ROLE_PERMISSIONS[g.role] }]
      : [],
  );
}

/** The password rule for staff: long enough, not the username, not the old one. */
async function checkNewPassword(staff: Pick<StaffRow, 'username' | 'password_hash'>, pw: string) {
  if (pw.length < 12 || pw.length > 128 || pw.toLowerCase().includes(staff.username.toLowerCase()))
    throw new AppError('staff.password.rule');
  if (await verifyPassword(staff.password_hash, pw)) throw new AppError('staff.password.rule');
}

/**
 * Staff sign-in (password, forced password change, TOTP enrolment, second factor), sessions
 * (cookie token and CSRF token, sliding idle and absolute expiry) and who calls an operator route
 * (a staff session or an API key).
 */
export class StaffAuthService {
  constructor(
    private readonly repo: StaffRepository,
    private readonly limits: RateLimiter,
    readonly clock: Clock,
  ) {}

  private stepOf(s: StaffRow): LoginStep {
    if (s.must_change_password) return 'CHANGE_PASSWORD';
    if (!s.totp_enrolled) return 'ENROL_TOTP';
    return 'SECOND_FACTOR';
  }

  private lockedNow(s: StaffRow): boolean {
    return s.locked_until !== null && s.locked_until.getTime() > this.clock.now();
  }

  private async newChallenge(s: StaffRow) {
    const challenge = randomToken();
    await this.repo.insertChallenge(sha256(challenge), s.id, new Date(this.clock.now() + CHALLENGE_MS));
    return { step: this.stepOf(s), challenge, passkeys: await this.repo.hasPasskeys(s.id) };
  }

  /** The staff member of a challenge at its second-factor step (passkey sign-in). */
  secondFactorStaff(challenge: string): Promise<StaffRow> {
    return this.atStep(challenge, 'SECOND_FACTOR');
  }

  /** The staff member a live challenge belongs to, at the step the caller says it is at. */
  private async atStep(challenge: string, step: LoginStep): Promise<StaffRow> {
    const c = await this.repo.challenge(sha256(challenge));
    if (!c || c.expires_at.getTime() <= this.clock.now()) throw new AppError('staff.challenge.invalid');
    const s = await this.repo.byId(c.staff_id);
    if (!s || s.disabled || this.stepOf(s) !== step) throw new AppError('staff.challenge.invalid');
    if (this.lockedNow(s)) throw new AppError('staff.totp.locked');
    return s;
  }

  /**
   * The password step. Wrong passwords are counted per address and per username (a throttle,
   * not a lock, so nobody can lock a staff member out by knowing the username); a right one takes
   * its attempt back. Counted before the hash, so a burst sees its own attempts.
   */
  async login(username: string, password: string, ip: string) {
    const name = username.trim().toLowerCase();
    const byIp = await this.limits.reserve(`staff-login-ip:${ip}`, 600);
    const byUser = await this.limits.reserve(`staff-login-user:${name}`, 600);
    if (byIp.count > LOGINS_PER_IP || byUser.count > LOGINS_PER_USER) {
      await Promise.all([byIp.release(), byUser.release()]);
      throw new AppError('system.throttled');
    }
    const s = await this.repo.byUsername(name);
    const valid = await verifyPassword(s?.password_hash ?? (await dummyHash()), password);
    if (!s || !valid || s.disabled) throw new AppError('staff.login.invalid');
    await Promise.all([byIp.release(), byUser.release()]);
    if (this.lockedNow(s)) throw new AppError('staff.locked');
    return this.newChallenge(s);
  }

  async changePassword(challenge: string, newPassword: string) {
    const s = await this.atStep(challenge, 'CHANGE_PASSWORD');
    await checkNewPassword(s, newPassword);
    await this.repo.update(s.id, {
      password_hash: await hashPassword(newPassword),
      must_change_password: false,
    });
    return {
      step: this.stepOf({ ...s, must_change_password: false }),
      challenge,
      passkeys: await this.repo.hasPasskeys(s.id),
    };
  }

  private totp(username: string, secret: string) {
    return new OTPAuth.TOTP({
      issuer: 'Back office',
      label: username,
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: TOTP_PERIOD,
    });
  }

  async enrolTotp(challenge: string) {
    const s = await this.atStep(challenge, 'ENROL_TOTP');
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.repo.update(s.id, { totp_secret: secret, totp_last_step: null });
    const otpauthUrl = this.totp(s.username, secret).toString();
    return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) };
  }

  /**
   * Checks a TOTP code: right, from this window (±1 step), and from a later step than any code
   * accepted before (a replayed code is refused). Counts a wrong code toward the lock.
   */
  private async checkTotp(s: StaffRow, code: string): Promise<void> {
    if (s.totp_secret) {
      const now = this.clock.now();
      const delta = this.totp(s.username, s.totp_secret).validate({
        token: code.trim(),
        window: 1,
        timestamp: now,
      });
      if (delta !== null) {
        const step = Math.floor(now / 1000 / TOTP_PERIOD) + delta;
        if (await this.repo.acceptTotpStep(s.id, step)) return;
      }
    }
    await this.failSecondFactor(s);
  }

  /** A wrong second factor (code, recovery code or passkey): counted, and locks at the fifth. */
  async failSecondFactor(s: StaffRow): Promise<never> {
    const failures = await this.repo.countFailure(s.id);
    if (failures >= MAX_FAILURES) {
      await this.repo.update(s.id, {
        failed_second_factor: 0,
        locked_until: new Date(this.clock.now() + LOCK_MS),
      });
      await this.repo.deleteChallenges(s.id);
      throw new AppError('staff.totp.locked');
    }
    throw new AppError('staff.totp.invalid');
  }

  private async newRecoveryCodes(staffId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await this.repo.replaceRecoveryCodes(
      this.repo.db,
      staffId,
      codes.map((c) => sha256(normaliseRecoveryCode(c))),
    );
    return codes;
  }

  async confirmTotp(challenge: string, code: string, where: Where) {
    const s = await this.atStep(challenge, 'ENROL_TOTP');
    if (!s.totp_secret) throw new AppError('staff.challenge.invalid');
    await this.checkTotp(s, code);
    await this.repo.update(s.id, { totp_enrolled: true });
    const recoveryCodes = await this.newRecoveryCodes(s.id);
    const session = await this.openSession(s, where);
    return { recoveryCodes, session };
  }

  async verify(challenge: string, input: { code?: string; recoveryCode?: string }, where: Where) {
    const s = await this.atStep(challenge, 'SECOND_FACTOR');
    if (input.code) {
      await this.checkTotp(s, input.code);
    } else if (input.recoveryCode) {
      const hash = sha256(normaliseRecoveryCode(input.recoveryCode));
      if (!(await this.repo.useRecoveryCode(s.id, hash, new Date(this.clock.now()))))
        await this.failSecondFactor(s);
      await this.repo.update(s.id, { failed_second_factor: 0 });
    } else {
      throw new AppError('request.invalid');
    }
    return this.openSession(s, where);
  }

  /** New recovery codes for a signed-in staff member who proves the authenticator with a code. */
  async regenerateRecoveryCodes(staffId: string, code: string): Promise<string[]> {
    const s = await this.repo.byId(staffId);
    if (!s || !s.totp_enrolled) throw new AppError('admin.unauthorized');
    if (this.lockedNow(s)) throw new AppError('staff.totp.locked');
    await this.checkTotp(s, code);
    return this.newRecoveryCodes(s.id);
  }

  async changeOwnPassword(staffId: string, current: string, next: string): Promise<void> {
    const s = await this.repo.byId(staffId);
    if (!s) throw new AppError('admin.unauthorized');
    if (!(await verifyPassword(s.password_hash, current))) throw new AppError('staff.password.wrong');
    await checkNewPassword(s, next);
    await this.repo.update(s.id, { password_hash: await hashPassword(next) });
  }

  /** Opens a session once the second factor is proven. */
  async openSession(s: StaffRow, where: Where): Promise<OpenedSession> {
    const token = randomToken();
    const csrf = randomToken(24);
    const now = this.clock.now();
    const idle = new Date(now + IDLE_MS);
    const absolute = new Date(now + ABSOLUTE_MS);
    await this.repo.transaction(async (trx) => {
      await this.repo.insertSession(trx, {
        hash: sha256(token),
        staffId: s.id,
        csrf,
        idle,
        absolute,
        ip: where.ip,
        userAgent: where.userAgent?.slice(0, 300) ?? null,
      });
      await this.repo.deleteChallenges(s.id, trx);
      await this.repo.update(
        s.id,
        { last_login_at: new Date(now), failed_second_factor: 0, locked_until: null },
        trx,
      );
    });
    return { token, view: await this.view(s, csrf, idle, absolute) };
  }

  private async view(
    s: Pick<StaffRow, 'id' | 'username' | 'display_name'>,
    csrf: string,
    idle: Date,
    absolute: Date,
  ): Promise<SessionView> {
    const grants = grantsFrom(await this.repo.grantsOf(s.id));
    const platform = grants.some((g) => g.merchant === null);
    const brands = await this.repo.brandsNamed(
      platform ? null : grants.flatMap((g) => (g.merchant ? [g.merchant] : [])),
    );
    return {
      staff: { id: s.id, username: s.username, displayName: s.display_name },
      csrfToken: csrf,
      brands,
      grants: grants.map((g) => ({ merchant: g.merchant, role: g.role, permissions: [...g.permissions] })),
      idleExpiresAt: idle.toISOString(),
      absoluteExpiresAt: absolute.toISOString(),
    };
  }

  /** Opens a session for a staff member directly (tests and the permission matrix mint sessions). */
  async openFor(staffId: string): Promise<OpenedSession> {
    const s = await this.repo.byId(staffId);
    if (!s) throw new AppError('staff.not.found');
    return this.openSession(s, { ip: null, userAgent: null });
  }

  /**
   * The live session a cookie token names, its idle expiry slid forward (no further than the
   * absolute one); null when there is none, it expired, or its staff member is disabled. `slide`
   * false only looks (an open push connection must not keep an idle session alive).
   */
  async session(token: string | undefined, slide = true) {
    if (!token) return null;
    const hash = sha256(token);
    const row = await this.repo.session(hash);
    if (!row) return null;
    const now = this.clock.now();
    if (row.disabled || row.idle_expires_at.getTime() <= now || row.absolute_expires_at.getTime() <= now) {
      await this.repo.deleteSession(hash);
      return null;
    }
    let idle = row.idle_expires_at;
    const slid = Math.min(now + IDLE_MS, row.absolute_expires_at.getTime());
    // Written at most once a minute per session: a page of calls makes one write, not many.
    if (slide && slid - idle.getTime() >= 60_000) {
      idle = new Date(slid);
      await this.repo.slideSession(hash, idle);
    }
    return {
      hash,
      staffId: row.staff_id,
      username: row.username,
      displayName: row.display_name,
      csrf: row.csrf_token,
      idle,
      absolute: row.absolute_expires_at,
    };
  }

  async sessionView(token: string | undefined): Promise<SessionView> {
    const s = await this.session(token);
    if (!s) throw new AppError('admin.unauthorized');
    return this.view(
      { id: s.staffId, username: s.username, display_name: s.displayName },
      s.csrf,
      s.idle,
      s.absolute,
    );
  }

  /** A signed-in staff member's own call: the session, and for a change its CSRF token. */
  async signedIn(req: FastifyRequest) {
    const s = await this.session(req.cookies[STAFF_SESSION_COOKIE]);
    if (!s) throw new AppError('admin.unauthorized');
    if (req.method !== 'GET' && !sameToken(req.headers[BACKOFFICE_HEADERS.csrf], s.csrf))
      throw new AppError('operator.csrf');
    return s;
  }

  async logout(hash: Buffer): Promise<void> {
    await this.repo.deleteSession(hash);
  }

  async logoutAll(staffId: string): Promise<void> {
    await this.repo.deleteSessions(staffId);
  }

  /** The signed-in staff member a session cookie token names, with its grants as they are now. */
  async staffPrincipal(token: string | undefined, slide = true): Promise<OperatorPrincipal | null> {
    const s = await this.session(token, slide);
    if (!s) return null;
    return {
      kind: 'STAFF',
      id: s.staffId,
      name: s.username,
      grants: grantsFrom(await this.repo.grantsOf(s.staffId)),
      csrfToken: s.csrf,
    };
  }

  /** Who calls an operator route: the staff session of the cookie, else the API key of the x-api-key header. */
  async authenticate(req: FastifyRequest): Promise<OperatorPrincipal | null> {
    const staff = await this.staffPrincipal(req.cookies[STAFF_SESSION_COOKIE]);
    if (staff) return staff;
    const raw = req.headers[BACKOFFICE_HEADERS.apiKey];
    if (typeof raw !== 'string' || !raw) return null;
    const key = await this.repo.apiKeyByHash(sha256(raw));
    if (!key) return null;
    await this.repo.touchApiKey(key.id, new Date(this.clock.now()));
    return {
      kind: 'API_KEY',
      id: key.id,
      name: key.name,
      grants: [
        { merchant: key.merchant_code, role: 'api', permissions: key.permissions.filter(isPermissionName) },
      ],
      csrfToken: null,
    };
  }
}

function isPermissionName(p: string): p is OperatorGrant['permissions'][number] {
  return (ROLE_PERMISSIONS.owner as readonly string[]).includes(p);
}

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
