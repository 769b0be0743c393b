import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../db/repository';
import type { OpenedSession, StaffAuthService } from './staff-auth.service';
import { sha256 } from './staff-crypto';

/** Where the browser is: the relying party id (host name) and the page's origin. */
export interface WebAuthnSite {
  rpId: string;
  origin: string;
}

const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const transportsOf = (list: string[]) =>
  list.filter((t): t is AuthenticatorTransportFuture => TRANSPORTS.has(t));

/**
 * Passkeys (WebAuthn) as a staff member's second factor: registered from a signed-in session,
 * used in place of a TOTP code at sign-in. A failed passkey sign-in counts toward the same lock
 * as a wrong code.
 */
export class PasskeyService {
  constructor(
    private readonly db: Db,
    private readonly auth: StaffAuthService,
  ) {}

  /** The pending WebAuthn challenge of a sign-in or session, cleared as it is read. */
  private take(table: 'staff_session' | 'staff_challenge', hash: Buffer): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom(table)
        .select('webauthn_challenge')
        .where('token_hash', '=', hash)
        .forUpdate()
        .executeTakeFirst();
      if (!row?.webauthn_challenge) return null;
      await trx.updateTable(table).set({ webauthn_challenge: null }).where('token_hash', '=', hash).execute();
      return row.webauthn_challenge;
    });
  }

  async list(staffId: string) {
    const rows = await this.db
      .selectFrom('staff_passkey')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('staff_id', '=', staffId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.created_at.toISOString(),
      lastUsedAt: r.last_used_at?.toISOString() ?? null,
    }));
  }

  private credentials(staffId: string) {
    return this.db
      .selectFrom('staff_passkey')
      .select(['id', 'credential_id', 'public_key', 'counter', 'transports'])
      .where('staff_id', '=', staffId)
      .execute();
  }

  /** Registration options for the session's staff member; the challenge is kept on the session. */
  async registrationOptions(
    session: { hash: Buffer; staffId: string; username: string; displayName: string },
    site: WebAuthnSite,
  ) {
    const existing = await this.credentials(session.staffId);
    const options = await generateRegistrationOptions({
      rpName: 'Back office',
      rpID: site.rpId,
      userName: session.username,
      userDisplayName: session.displayName,
      userID: new TextEncoder().encode(`staff:${session.staffId}`),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({
        id: c.credential_id,
        transports: transportsOf(c.transports),
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.db
      .updateTable('staff_session')
      .set({ webauthn_challenge: options.challenge })
      .where('token_hash', '=', session.hash)
      .execute();
    return options;
  }

  async register(
    session: { hash: Buffer; staffId: string },
    name: string,
    response: RegistrationResponseJSON,
    site: WebAuthnSite,
  ): Promise<{ id: string }> {
    // Taken once: a second try needs new options.
    const expected = await this.take('staff_session', session.hash);
    if (!expected) throw new AppError('staff.passkey.invalid');
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: expected,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      requireUserVerification: false,
    }).catch(() => null);
    if (!result?.verified) throw new AppError('staff.passkey.invalid');
    const { credential } = result.registrationInfo;
    const inserted = await this.db
      .insertInto('staff_passkey')
      .values({
        staff_id: session.staffId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: name.trim(),
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError('system.conflict');
    return inserted;
  }

  async remove(staffId: string, id: string): Promise<{ name: string }> {
    if (!/^\d{1,18}$/.test(id)) throw new AppError('staff.passkey.not.found');
    const row = await this.db
      .deleteFrom('staff_passkey')
      .where('id', '=', id)
      .where('staff_id', '=', staffId)
      .returning('name')
      .executeTakeFirst();
    if (!row) throw new AppError('staff.passkey.not.found');
    return row;
  }

  /** Sign-in options for a challenge at its second-factor step. */
  async signInOptions(challenge: string, site: WebAuthnSite) {
    const staff = await this.auth.secondFactorStaff(challenge);
    const creds = await this.credentials(staff.id);
    if (creds.length === 0) throw new AppError('staff.passkey.invalid');
    const options = await generateAuthenticationOptions({
      rpID: site.rpId,
      allowCredentials: creds.map((c) => ({ id: c.credential_id, transports: transportsOf(c.transports) })),
      userVerification: 'preferred',
    });
    await this.db
      .updateTable('staff_challenge')
      .set({ webauthn_challenge: options.challenge })
      .where('token_hash', '=', sha256(challenge))
      .execute();
    return options;
  }

  async signIn(
    challenge: string,
    response: AuthenticationResponseJSON,
    site: WebAuthnSite,
    where: { ip: string | null; userAgent: string | null },
  ): Promise<OpenedSession> {
    const staff = await this.auth.secondFactorStaff(challenge);
    const expected = await this.take('staff_challenge', sha256(challenge));
    const cred = (await this.credentials(staff.id)).find((c) => c.credential_id === response.id);
    const result =
      expected && cred
        ? await verifyAuthenticationResponse({
            response,
            expectedChallenge: expected,
            expectedOrigin: site.origin,
            expectedRPID: site.rpId,
            credential: {
              id: cred.credential_id,
              publicKey: new Uint8Array(cred.public_key),
              counter: Number(cred.counter),
              transports: transportsOf(cred.transports),
            },
            requireUserVerification: false,
          }).catch(() => null)
        : null;
    if (!result?.verified || !cred) return this.auth.failSecondFactor(staff);
    await this.db
      .updateTable('staff_passkey')
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: new Date(this.auth.clock.now()) })
      .where('id', '=', cred.id)
      .execute();
    return this.auth.openSession(staff, where);
  }
}
