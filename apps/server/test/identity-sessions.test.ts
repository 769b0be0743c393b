import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages';
import { buildTestApp, type TestContext } from './helper';
import { GOLDEN, Identity, LOTUS, type NewMember } from './identity-client';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const login = (m: NewMember, remember = false) =>
  id.loginOk({ username: m.username, password: m.password, remember }, { ip: m.ip });

async function expectDead(token: string, host = GOLDEN) {
  const res = await id.info(token, host);
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({
    success: false,
    errorCode: 'login.not.session',
    message: MESSAGES[host === LOTUS ? 'MY' : 'EN']['login.not.session'],
  });
}

describe('session tokens', () => {
  it('opens /wps/member/info and the icon; stores only the SHA-256 of a 256-bit token', async () => {
    const m = await id.registerGolden();
    const info = await id.info(m.token);
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({ account: m.username, id: Number(m.id), nickname: m.username });
    const icon = await id.ok<{ icon: string }>('/wps/member/info/icon', { token: m.token });
    expect(icon.icon.length).toBeGreaterThan(0);

    expect(Buffer.from(m.token, 'base64url')).toHaveLength(32);
    const row = await id.sessionRow(m.token);
    expect(row.token_hash).toBe(createHash('sha256').update(m.token).digest('hex'));
    expect(row).toMatchObject({ kind: 'SESSION', ip: m.ip, revoked_at: null });
    const hours = (row.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('accepts the token with a Bearer prefix too', async () => {
    const m = await id.registerGolden();
    expect(
      (await id.send('/wps/member/info', { headers: { authorization: `Bearer ${m.token}` } })).status,
    ).toBe(200);
  });

  it('refuses a missing, unknown or empty token', async () => {
    await expectDead('');
    await expectDead('x'.repeat(43));
    expect((await id.send('/wps/member/info', { headers: { authorization: 'Bearer ' } })).status).toBe(401);
  });

  it('refuses another brand’s token', async () => {
    const m = await id.registerGolden();
    await expectDead(m.token, LOTUS);
    expect((await id.info(m.token)).status).toBe(200);
  });
});

describe('logout', () => {
  it('ends the session by DELETE', async () => {
    const m = await id.registerGolden();
    const other = await login(m);
    expect(await id.ok('/wps/session/logout', { method: 'DELETE', token: m.token })).toBeNull();
    await expectDead(m.token);
    expect((await id.sessionRow(m.token)).revoked_at).not.toBeNull();
    // Only that session: the member's other one lives on.
    expect((await id.info(other.token)).status).toBe(200);
    // A second logout with the dead token is refused.
    await id.fails('/wps/session/logout', { method: 'DELETE', token: m.token }, 401, 'login.not.session');
  });

  it('ends the session by POST', async () => {
    const m = await id.registerGolden();
    expect(await id.ok('/wps/session/logout', { method: 'POST', token: m.token })).toBeNull();
    await expectDead(m.token);
  });

  it('needs a token', async () => {
    await id.fails('/wps/session/logout', { method: 'DELETE' }, 401, 'login.not.session');
    await id.fails('/wps/session/logout/others', { method: 'POST' }, 401, 'login.not.session');
  });

  it('signs out every other session and remember token, keeping the current one', async () => {
    const m = await id.registerGolden();
    const second = await login(m, true);
    const third = await login(m);
    expect(await id.ok('/wps/session/logout/others', { method: 'POST', token: second.token })).toBeNull();
    expect((await id.info(second.token)).status).toBe(200);
    await expectDead(m.token);
    await expectDead(third.token);
    const remembered = await id.send('/wps/session/login/remember', {
      body: { rememberToken: second.rememberToken },
    });
    expect(remembered.status).toBe(401);
  });
});

describe('expiry', () => {
  const setSession = (token: string, set: { last_seen_at?: Date; expires_at?: Date }) =>
    t.db.db
      .updateTable('member_session')
      .set(set)
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();

  it('ends a session idle for more than 60 minutes', async () => {
    const m = await id.registerGolden();
    await setSession(m.token, { last_seen_at: new Date(Date.now() - 61 * 60_000) });
    await expectDead(m.token);
    expect((await id.sessionRow(m.token)).revoked_at).not.toBeNull();
  });

  it('keeps a session used within the hour, and counts the use', async () => {
    const m = await id.registerGolden();
    const seen = new Date(Date.now() - 59 * 60_000);
    await setSession(m.token, { last_seen_at: seen });
    expect((await id.info(m.token)).status).toBe(200);
    const row = await id.sessionRow(m.token);
    expect(row.last_seen_at.getTime()).toBeGreaterThan(seen.getTime() + 58 * 60_000);
    // Use within the minute does not write again.
    expect((await id.info(m.token)).status).toBe(200);
    expect((await id.sessionRow(m.token)).last_seen_at.getTime()).toBe(row.last_seen_at.getTime());
  });

  it('ends a session past its absolute expiry, however active', async () => {
    const m = await id.registerGolden();
    await setSession(m.token, { expires_at: new Date(Date.now() - 1000) });
    await expectDead(m.token);
  });
});

describe('password change', () => {
  it('ends every session and remember token of the member', async () => {
    const m = await id.registerGolden();
    const second = await login(m, true);
    const bystander = await id.registerGolden();
    await id.ok('/wps/member/password', {
      body: { oldPassword: m.password, newPassword: 'xyz98765', confirmNewPassword: 'xyz98765' },
      encrypt: true,
      token: second.token,
    });
    await expectDead(m.token);
    await expectDead(second.token);
    expect(
      (await id.send('/wps/session/login/remember', { body: { rememberToken: second.rememberToken } }))
        .status,
    ).toBe(401);
    // Nobody else is signed out.
    expect((await id.info(bystander.token)).status).toBe(200);
    // The new password opens a new session.
    expect((await id.login({ username: m.username, password: 'xyz98765' }, { ip: m.ip })).status).toBe(200);
  });
});
